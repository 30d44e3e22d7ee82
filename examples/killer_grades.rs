//! How the logic layer grades generated killers: for seeds 0..K of a size (no givens), walks each
//! killer with every finder (the solution's value stands in for a guess, as in a grade) and reports
//! how many needed a guess, the level distribution, how often each technique fired and the slowest
//! call of each finder (the cost a hint pays for it), and the slowest whole path, all in this
//! thread's CPU time (the machine may be shared: CPU time leaves out time spent waiting for it).
//!
//! `cargo run --release --example killer_grades [K] [SIZE]` (defaults 200 and 9). The killer logic
//! figures of docs/shapes.md come from this and from the opt-in `killer_logic` test.

use std::collections::BTreeMap;
use std::time::Duration;

use cpu_time::ThreadTime;

use sudoku_service::engine::general::logic::{scaled_difficulty, Geometry, ShapePosition, FINDERS};
use sudoku_service::engine::general::{generate_killer, KillerRequest, Symmetry};
use sudoku_service::engine::grade::GradeBuilder;
use sudoku_service::engine::logic::{Difficulty, Technique};
use sudoku_service::engine::shape::{Cells, Rules};
use sudoku_service::engine::Interrupt;

/// What walking the killers saw.
#[derive(Default)]
struct Seen {
    guessed: usize,
    levels: BTreeMap<Difficulty, usize>,
    fired: BTreeMap<Technique, usize>,
    slowest_call: BTreeMap<Technique, Duration>,
    slowest_step: Duration,
    slowest_path: Duration,
}

fn walk(geo: &Geometry, puzzle: &Cells, solution: &Cells, seen: &mut Seen) {
    let shape = geo.shape;
    let mut position = ShapePosition::new(shape, puzzle);
    let mut grade = GradeBuilder::default();
    let mut guessed = false;
    let began = ThreadTime::now();
    while !position.is_solved() {
        let step_began = ThreadTime::now();
        let mut found = None;
        for f in FINDERS.iter().filter(|f| f.assumes.holds(shape)) {
            let t = ThreadTime::now();
            let step = (f.find)(geo, &position, solution);
            let spent = seen.slowest_call.entry(f.technique).or_default();
            *spent = (*spent).max(t.elapsed());
            if step.is_some() {
                found = step;
                break;
            }
        }
        let step = found.expect("a step until solved");
        seen.slowest_step = seen.slowest_step.max(step_began.elapsed());
        guessed |= step.technique == Technique::BruteForce;
        *seen.fired.entry(step.technique).or_default() += 1;
        grade.add_technique(step.technique);
        position.apply(shape, &step);
    }
    seen.slowest_path = seen.slowest_path.max(began.elapsed());
    let g = grade.finish();
    let floor = g.hardest.map_or(Difficulty::Easy, Technique::difficulty);
    let level = scaled_difficulty(floor, g.score, shape.cell_count());
    *seen.levels.entry(level).or_default() += 1;
    seen.guessed += usize::from(guessed);
}

fn main() {
    let mut args = std::env::args().skip(1);
    let k: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let rules = Rules {
        size: Some(size),
        ..Rules::default()
    };
    let mut seen = Seen::default();
    for seed in 0..k {
        let request = KillerRequest {
            seed,
            givens: 0,
            symmetry: Symmetry::None,
            jigsaw: false,
            interrupt: Interrupt::NEVER,
        };
        let killer = generate_killer(&rules, &request).unwrap().unwrap();
        let geo = Geometry::new(&killer.shape);
        walk(&geo, &killer.puzzle, &killer.solution, &mut seen);
    }
    let ms = |d: &Duration| d.as_secs_f64() * 1e3;
    println!(
        "{size}x{size}: {k} killers, {} needed a guess ({:.1}%); levels {:?}",
        seen.guessed,
        100.0 * seen.guessed as f64 / k as f64,
        seen.levels
    );
    println!(
        "slowest step {:.2} ms, slowest path {:.0} ms",
        ms(&seen.slowest_step),
        ms(&seen.slowest_path)
    );
    for (t, spent) in &seen.slowest_call {
        let fired = seen.fired.get(t).copied().unwrap_or(0);
        if fired > 0 || t.id().starts_with("cage") || spent.as_micros() > 500 {
            println!(
                "  {:<28} fired {fired:>6}, slowest call {:.2} ms",
                t.id(),
                ms(spent)
            );
        }
    }
}
