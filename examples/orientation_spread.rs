//! How much a puzzle's solve depends on how it is written: each puzzle of a file (or Norvig's
//! impossible puzzle) is solved in `T` random equivalent forms (digits relabelled, bands, stacks, rows
//! within bands and columns within stacks shuffled, transposed or not; seeded, so the forms are the
//! same in every run), by us and by the crates.io `sudoku` crate, one thread, counting to two.
//!
//! ```sh
//! cargo run --release --example orientation_spread -- impossible 300
//! cargo run --release --example orientation_spread -- ../shared/datasets/tdoku/puzzles7_serg_benchmark 3 1000
//! ```
//! Arguments: a file or `impossible`, transforms per puzzle (default 10), how many puzzles of the file
//! (default all). Prints, for each solver, the median, 99th percentile and maximum time per solve, and
//! our median, 99th percentile and maximum node counts. The search tree's size (nodes) is what varies with orientation;
//! times are noisy on a shared machine, so compare them only within one run.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudoku::Sudoku;
use sudoku_service::engine::{Grid, Rng, Solver, Verdict};

#[path = "support/forms.rs"]
mod forms;
use forms::random_form;

/// Norvig's impossible puzzle.
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

fn load(arg: &str, limit: usize) -> Result<Vec<Grid>, String> {
    if arg == "impossible" {
        return Ok(vec![IMPOSSIBLE.parse().map_err(|e| format!("{e}"))?]);
    }
    let text = std::fs::read_to_string(arg).map_err(|e| format!("{arg}: {e}"))?;
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .take(limit)
        .collect())
}

/// Median, 99th percentile and maximum of `values`, which it sorts.
fn spread<T: Ord + Copy>(values: &mut [T]) -> (T, T, T) {
    values.sort_unstable();
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99), values[values.len() - 1])
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(source) = args.first() else {
        eprintln!("usage: orientation_spread FILE|impossible [TRANSFORMS] [PUZZLES]");
        return ExitCode::from(2);
    };
    let forms: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let limit: usize = args
        .get(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let grids = match load(source, limit) {
        Ok(g) if !g.is_empty() => g,
        Ok(_) => {
            eprintln!("orientation_spread: no puzzles in {source}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("orientation_spread: {e}");
            return ExitCode::from(2);
        }
    };
    let mut rng = Rng::seeded(18);
    let forms: Vec<Grid> = grids
        .iter()
        .flat_map(|g| {
            (0..forms)
                .map(|_| random_form(&mut rng, g))
                .collect::<Vec<_>>()
        })
        .collect();
    let (mut ours, mut theirs, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
    for g in &forms {
        let started = Instant::now();
        let outcome = Solver::new().solve(black_box(g)).expect("no deadline");
        ours.push(started.elapsed());
        nodes.push(outcome.stats.nodes);
        let bytes = g.values();
        let started = Instant::now();
        let answer = black_box(
            Sudoku::from_bytes(black_box(bytes))
                .ok()
                .and_then(Sudoku::solution),
        );
        theirs.push(started.elapsed());
        let ours_unique =
            (outcome.verdict == Verdict::Unique).then(|| outcome.solutions[0].values());
        assert_eq!(
            ours_unique,
            answer.map(|s| s.to_bytes()),
            "the solvers disagree on {g}"
        );
    }
    let us = |d: Duration| format!("{:.2} µs", d.as_secs_f64() * 1e6);
    let total = |t: &[Duration]| t.iter().sum::<Duration>();
    let (t_ours, t_theirs) = (total(&ours), total(&theirs));
    let (a, b, c) = spread(&mut ours);
    let (x, y, z) = spread(&mut theirs);
    let (n_med, n_p99, n_max) = spread(&mut nodes);
    println!(
        "{source}: {} forms; ours median {} p99 {} max {} (nodes median {n_med}, p99 {n_p99}, max {n_max}); \
         crate median {} p99 {} max {}; total ours / crate {:.2}x",
        forms.len(),
        us(a),
        us(b),
        us(c),
        us(x),
        us(y),
        us(z),
        t_ours.as_secs_f64() / t_theirs.as_secs_f64()
    );
    ExitCode::SUCCESS
}
