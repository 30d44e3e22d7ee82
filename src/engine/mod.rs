//! The Sudoku engine: grids, Norvig's candidates, the solver and the generator. It knows nothing of
//! HTTP or the command line; every type is `Send`, and nothing is global, so callers may run many
//! solves at once on any threads.

mod board;
pub mod candidates;
pub mod digit;
pub mod error;
pub mod general;
pub mod generator;
pub mod graded;
pub mod grid;
pub mod logic;
pub mod rng;
mod search;
pub mod shape;
pub mod solver;
pub mod square;
pub mod square_set;
pub mod targeted;

pub use candidates::{candidates, Candidates};
pub use digit::{Digit, DigitSet};
pub use error::GridError;
pub use generator::{generate, random_puzzle, Generated, Request};
pub use graded::{Graded, LevelGenerator, LevelRequest};
pub use grid::{Conflict, Grid};
pub use rng::{fresh_seed, Rng};
pub use solver::{FirstOutcome, Interrupted, Outcome, Solver, Stats, StopReason, Verdict};
pub use square::{Square, Unit};
pub use square_set::SquareSet;
