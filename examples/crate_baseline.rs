//! The speed baseline for `sudoku solve`: the crates.io `sudoku` crate (a dev-dependency, never
//! linked into the product: its licence is AGPL) solving a file of one-line puzzles on one thread,
//! counting to two solutions as `sudoku solve` does, and printing one line per puzzle.
//!
//! ```sh
//! cargo run --release --example crate_baseline -- ../shared/datasets/tdoku/puzzles2_17_clue
//! ```
//! `scripts/batch-bench.sh` times it against `sudoku solve --jobs 1` on the same files.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use sudoku::Sudoku;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: crate_baseline FILE");
        return ExitCode::from(2);
    };
    match solve_file(&path) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crate_baseline: {path}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Solves every line that starts with 81 cells; other lines (comments, blanks) are skipped.
fn solve_file(path: &str) -> io::Result<()> {
    let input = BufReader::new(std::fs::File::open(path)?);
    let mut out = BufWriter::new(io::stdout().lock());
    for line in input.lines() {
        let line = line?;
        let Some(cells) = line.get(..81) else {
            continue;
        };
        let Ok(puzzle) = Sudoku::from_str_line(cells) else {
            continue;
        };
        // `solution` counts to two: it answers only a puzzle with exactly one solution.
        match puzzle.solution() {
            Some(solution) => writeln!(out, "{}", solution.to_str_line())?,
            None => writeln!(out, "not unique")?,
        }
    }
    out.flush()
}
