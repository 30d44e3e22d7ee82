//! Speed of the general engine on every shape: for each shape, generates puzzles from seeds 0..K on
//! one thread and reports the median and 95th percentile time to generate one, its givens, and the
//! median time to solve it again with proof of uniqueness.
//!
//! `cargo run --release --example shape_speed [K] [SHAPE] [seeds]` (default 20 seeds, every shape,
//! at most 10 for 25x25, 16x16 jigsaw and jigsaw X from 10x10; SHAPE keeps the rows whose name contains it, e.g. `16x16`;
//! `seeds` adds one line per puzzle on stderr: its time, givens and whether it is minimal). The shape
//! table of docs/performance.md comes from this; criterion (`benches/shapes.rs`) measures the same
//! medians with confidence intervals.
//!
//! Times are the thread's CPU time, not wall clock: the project's machine is shared, and a loaded
//! machine stretches wall time by whatever else runs, while CPU time counts only this thread's work
//! (caches and memory bandwidth still suffer under load, so it is not immune). The header gives the
//! load average at the start, as `uptime` prints it.

use std::time::Duration;

use cpu_time::ThreadTime;
use sudoku_service::engine::general;
use sudoku_service::engine::shape::Shape;

#[path = "support/shapes.rs"]
mod shapes;

fn main() {
    let mut args = std::env::args().skip(1);
    let k: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let only = args.next().unwrap_or_default();
    let per_seed = args.next().as_deref() == Some("seeds");
    let shapes = shapes::named(&[
        "4x4",
        "6x6",
        "9x9 X",
        "9x9 hyper",
        "9x9 jigsaw",
        "12x12",
        "12x12 jigsaw",
        "16x16",
        "16x16 jigsaw",
        "25x25",
        "10x10 jigsaw X",
        "11x11 jigsaw X",
        "12x12 jigsaw X",
        "13x13 jigsaw X",
        "14x14 jigsaw X",
        "15x15 jigsaw X",
        "16x16 jigsaw X",
    ]);
    println!("load average: {} (one thread's CPU time below)", load());
    println!("| shape | puzzles | generate median | generate p95 | givens (median) | minimal | solve median | solve max |");
    println!("|---|---|---|---|---|---|---|---|");
    for shape in shapes.into_iter().filter(|s| s.name.contains(&only)) {
        let (name, rules) = (shape.name, &shape.rules);
        // 25x25, 16x16 jigsaw and large jigsaw X take up to seconds a puzzle: fewer seeds keep a
        // full run in minutes.
        let seeds = match (rules.size, shape.jigsaw) {
            (Some(25), _) => k.min(10),
            (Some(16), true) => k.min(10),
            (Some(10..), true) if !rules.variants.is_empty() => k.min(10),
            _ => k,
        };
        let mut gen_times = Vec::new();
        let mut solve_times = Vec::new();
        let mut givens = Vec::new();
        let mut minimal = 0;
        for seed in 0..seeds {
            let started = ThreadTime::now();
            let g = general::generate(rules, &shape.request(seed))
                .unwrap()
                .unwrap();
            gen_times.push(started.elapsed());
            if per_seed {
                eprintln!(
                    "{name} seed {seed}: {} to generate, {} givens, minimal: {}",
                    show(*gen_times.last().unwrap()),
                    g.puzzle.givens(),
                    g.minimal
                );
            }
            givens.push(g.puzzle.givens());
            minimal += usize::from(g.minimal);
            let shape: Shape = g.shape;
            let started = ThreadTime::now();
            let out = general::ShapeSolver::new()
                .solve(&shape, &g.puzzle)
                .unwrap();
            solve_times.push(started.elapsed());
            assert_eq!(out.solutions, vec![g.solution]);
        }
        givens.sort_unstable();
        println!(
            "| {name} | {seeds} | {} | {} | {} of {} | {minimal} of {seeds} | {} | {} |",
            show(quantile(&mut gen_times, 0.5)),
            show(quantile(&mut gen_times, 0.95)),
            givens[givens.len() / 2],
            rules.size.unwrap().pow(2),
            show(quantile(&mut solve_times, 0.5)),
            show(quantile(&mut solve_times, 1.0)),
        );
    }
}

/// The 1, 5 and 15 minute load averages, as `uptime` prints them.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_else(|_| "unknown".into())
}

fn quantile(times: &mut [Duration], q: f64) -> Duration {
    times.sort_unstable();
    let i = ((times.len() - 1) as f64 * q).round() as usize;
    times[i]
}

fn show(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.0} µs")
    } else if us < 1e6 {
        format!("{:.1} ms", us / 1000.0)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}
