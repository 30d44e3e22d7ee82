//! How the logic layer for other shapes grades generated puzzles, with and without its chain and
//! ALS finders: for each shape, generates puzzles from seeds 0..K, walks each with every finder
//! ("with chains") and with the finders up to jellyfish only ("singles to fish"), and reports the
//! level distribution, the share of puzzles needing a guess, the guesses per puzzle, and the slowest
//! single step (the cost of one hint) and the slowest whole path (one explain).
//!
//! `cargo run --release --example shape_grades [K]` (default 40). The words of docs/shapes.md on
//! how shape levels are calibrated come from this.

use std::time::{Duration, Instant};

use sudoku_service::engine::general;
use sudoku_service::engine::general::logic::{
    scaled_difficulty, Geometry, ShapePosition, ShapeStep, FINDERS,
};
use sudoku_service::engine::grade::GradeBuilder;
use sudoku_service::engine::logic::{Difficulty, Technique};
use sudoku_service::engine::shape::Cells;

#[path = "support/shapes.rs"]
mod shapes;

/// One walk's outcome: its level, its guesses, its slowest step and its total time.
struct Walk {
    level: Difficulty,
    guesses: usize,
    slowest: Duration,
    total: Duration,
}

fn walk(geo: &Geometry, puzzle: &Cells, solution: &Cells, chains: bool) -> Walk {
    let shape = geo.shape;
    let mut position = ShapePosition::new(shape, puzzle);
    let mut grade = GradeBuilder::default();
    let (mut guesses, mut slowest) = (0, Duration::ZERO);
    let began = Instant::now();
    while !position.is_solved() {
        let t = Instant::now();
        let step: ShapeStep = FINDERS
            .iter()
            .filter(|f| {
                chains
                    || f.technique <= Technique::Jellyfish
                    || f.technique == Technique::BruteForce
            })
            .filter(|f| f.assumes.holds(shape))
            .find_map(|f| (f.find)(geo, &position, solution))
            .expect("a step until solved");
        slowest = slowest.max(t.elapsed());
        guesses += usize::from(step.technique == Technique::BruteForce);
        grade.add_technique(step.technique);
        position.apply(shape, &step);
    }
    let g = grade.finish();
    let floor = g.hardest.map_or(Difficulty::Easy, Technique::difficulty);
    Walk {
        level: scaled_difficulty(floor, g.score, shape.cell_count()),
        guesses,
        slowest,
        total: began.elapsed(),
    }
}

fn main() {
    let k: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let shapes = shapes::named(&[
        "6x6",
        "8x8",
        "9x9 X",
        "9x9 hyper",
        "9x9 jigsaw",
        "12x12",
        "16x16",
        "25x25",
    ]);
    println!("| shape | finders | puzzles | easy | medium | hard | expert | extreme | with a guess | guesses per puzzle | slowest step | slowest path |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for shape in shapes {
        // Fewer seeds where a puzzle's walks take seconds.
        let seeds = match shape.name {
            "16x16" => k.min(20),
            "25x25" => k.min(3),
            _ => k,
        };
        let generated: Vec<_> = (0..seeds)
            .map(|seed| {
                general::generate(&shape.rules, &shape.request(seed))
                    .unwrap()
                    .unwrap()
            })
            .collect();
        for chains in [false, true] {
            let mut levels = [0usize; 5];
            let (mut guessed, mut guesses) = (0, 0);
            let (mut slowest, mut longest) = (Duration::ZERO, Duration::ZERO);
            for g in &generated {
                let geo = Geometry::new(&g.shape);
                let w = walk(&geo, &g.puzzle, &g.solution, chains);
                levels[w.level as usize] += 1;
                guessed += usize::from(w.guesses > 0);
                guesses += w.guesses;
                slowest = slowest.max(w.slowest);
                longest = longest.max(w.total);
            }
            let n = generated.len();
            println!(
                "| {} | {} | {n} | {} | {} | {} | {} | {} | {:.0}% | {:.1} | {:.1} ms | {:.0} ms |",
                shape.name,
                if chains {
                    "with chains"
                } else {
                    "singles to fish"
                },
                levels[0],
                levels[1],
                levels[2],
                levels[3],
                levels[4],
                100.0 * guessed as f64 / n as f64,
                guesses as f64 / n as f64,
                slowest.as_secs_f64() * 1e3,
                longest.as_secs_f64() * 1e3,
            );
        }
    }
}
