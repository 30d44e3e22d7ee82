//! Puzzle constants and grid shapes for the API suite, with the shared in-process harness
//! (`tests/support/http.rs`) re-exported so that each test file needs one `use`.

pub use crate::harness::*;

use serde_json::Value;

/// Grid 1 of Norvig's essay (easy, unique).
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Grid 2 of the essay (hard, unique).
pub const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Norvig's "impossible" puzzle: no solution.
pub const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
/// hard1 of the essay: many solutions.
pub const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

/// A puzzle without a solution that propagation alone refutes: A1 sees 1-8 in its row and 9 in its
/// column, though no two givens clash.
pub const DEAD_END: &str =
    ".123456789.......................................................................";

/// The puzzle as 9 rows of integers, 0 for blanks.
pub fn rows_of(text: &str) -> Value {
    serde_json::to_value(grid(text).rows()).unwrap()
}

/// The puzzle as 81 integers, 0 for blanks.
pub fn flat_of(text: &str) -> Value {
    serde_json::to_value(grid(text).values().to_vec()).unwrap()
}
