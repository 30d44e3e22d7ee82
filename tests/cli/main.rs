//! The `sudoku` command, run as a real process: one test binary for every subcommand (one link step
//! on CI instead of ten).
//!
//! - `runs`: output lines, summaries and exit codes of `solve` and friends;
//! - `batch`: `solve` never loses or misaligns a row (bad lines in place, `--strict`, stdin, Kaggle);
//! - `input`: what `solve` reads as a puzzle (stdin, commas, Norvig's display, Euler blocks, names);
//! - `interchange`: `import`, `export`, `--link` and link lines (f-puzzles, SudokuPad, ipuz);
//! - `killer`, `logic`, `print`, `random`: those subcommands and flags;
//! - `shapes`, `shapes_logic`, `shapes_random`: the same on other shapes.

#[path = "../support/cli.rs"]
mod cli;

mod batch;
mod input;
mod interchange;
mod killer;
mod logic;
mod print;
mod random;
mod runs;
mod shapes;
mod shapes_logic;
mod shapes_random;
