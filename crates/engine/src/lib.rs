//! Sudoku of every common shape, after Peter Norvig's "Solving Every Sudoku Puzzle": squares,
//! units and peers as data, constraint propagation, and depth-first search on the square with the
//! fewest candidates. No HTTP, no async, nothing global: every type is `Send`, so callers may run
//! many solves at once on any threads. The `sudoku-service` crate serves it over HTTP and the
//! command line; this crate is for anyone who wants Sudoku in Rust.
//!
//! # How a puzzle flows
//! - A puzzle is a [`Puzzle`]: cells on a [`shape::Shape`] (4x4 to 25x25, boxes or jigsaw regions,
//!   X, hyper, killer cages), built once from [`shape::Rules`]. [`Puzzle::on_shape`] is the one
//!   place that tells plain classic 9x9 (a [`Grid`]) from every other shape.
//! - Every operation is a method of it, picking the engine inside: [`Puzzle::solve`] and
//!   [`Puzzle::solve_first`] (uniqueness decided), [`Puzzle::candidates`], [`Puzzle::conflicts`],
//!   [`Puzzle::hint`], [`Puzzle::explain`], [`Puzzle::grade`]; generation is an [`Order`] made into a
//!   [`Made`] ([`Order::make`]). Answers are in the shape's terms (cells by index, values 1..N).
//! - Plain classic 9x9 takes the fast path where one is worth having: the band solver ([`Solver`],
//!   over the private `board` module, which also proves a classic puzzle unique before any logic),
//!   Norvig's [`candidates()`] and the classic generators ([`generate()`], [`graded`],
//!   [`targeted`]). Every other shape takes the general engine ([`general`]): one propagator and
//!   search over the shape's tables ([`general::ShapeSolver`]) and its generators. The logic is
//!   one layer for every shape, classic 9x9 included ([`general::logic`]: finders, walk, hints,
//!   grades, the stale-marks clean-up); [`logic`] holds the names its answers share.
//! - Both speak the same vocabulary, defined once at the bottom of the engine: a [`Verdict`]
//!   (unique, several, none), [`Stats`], an [`Outcome`] or an [`Interrupted`] search
//!   ([`outcome`]); the [`Interrupt`] (a deadline and a cancellation flag) that every search,
//!   logic walk and generator checks, with the [`StopReason`] it gives; a [`technique::Technique`]
//!   and a [`grade::Grade`] on the same five levels for every shape.
//!
//! # Example
//! ```
//! use std::sync::Arc;
//! use sudoku_engine::general::logic::ShapeHint;
//! use sudoku_engine::shape::{Cells, Rules, Shape};
//! use sudoku_engine::{Interrupt, Order, Puzzle, Verdict};
//!
//! // A classic 9x9: parse on the classic shape, prove unique, solve (the band solver answers).
//! let classic = Shape::classic();
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let puzzle = Puzzle::on_shape(classic.clone(), Cells::parse(&classic, line)?);
//! let outcome = puzzle.solve(2, Interrupt::NEVER)?;
//! assert_eq!(outcome.verdict, Verdict::Unique);
//! assert!(outcome.solutions[0].solves(&puzzle));
//!
//! // The next step a player could take, in words.
//! match puzzle.hint(&puzzle.cells(), None, Interrupt::NEVER)? {
//!     ShapeHint::Step(step) => println!("{}", step.explanation),
//!     other => panic!("a fresh puzzle has a next step, not {other:?}"),
//! }
//!
//! // A seeded classic puzzle: the same seed always gives the same puzzle.
//! let order = Order::classic(17, true);
//! let made = order.make(7, Interrupt::NEVER)?;
//! assert_eq!(made.puzzle, order.make(7, Interrupt::NEVER)?.puzzle);
//!
//! // A 16x16 from a seed (the general engine makes and solves it: nothing else changes).
//! let sixteen = Order { rules: Rules { size: Some(16), ..Rules::default() }, ..Order::classic(0, true) };
//! let made = sixteen.make(1, Interrupt::NEVER)?;
//! let solved = made.puzzle.solve(2, Interrupt::NEVER)?;
//! assert_eq!(solved.verdict, Verdict::Unique);
//! assert!(solved.solutions[0].solves(&made.puzzle));
//!
//! // A 6x6 killer: cages and no givens, unique all the same, and graded.
//! let six = Rules { size: Some(6), ..Rules::default() };
//! let killer = Order { rules: six, killer: true, ..Order::classic(0, true) };
//! let mut made = killer.make(3, Interrupt::NEVER)?;
//! assert_eq!(made.puzzle.cells().givens(), 0);
//! made.grade(Interrupt::NEVER);
//! assert!(made.grade.is_some());
//! let solved = made.puzzle.solve(2, Interrupt::NEVER)?;
//! assert_eq!(Some(&solved.solutions[0]), made.solution.as_ref());
//!
//! // Any shape can be described in JSON, as the service's `rules` member is.
//! let jigsaw_x: Rules = serde_json::from_str(r#"{"size": 6, "variants": ["x"]}"#)?;
//! let shape = Arc::new(Shape::new(&jigsaw_x)?);
//! assert_eq!(Puzzle::on_shape(shape, Cells::empty(36)).solve(2, Interrupt::NEVER)?.verdict, Verdict::Multiple);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod board;
pub mod candidates;
pub mod difficulty;
pub mod digit;
pub mod error;
pub mod general;
pub mod generator;
pub mod grade;
pub mod graded;
pub mod grid;
pub mod interrupt;
pub mod logic;
pub mod order;
pub mod outcome;
pub mod prose;
pub mod puzzle;
pub mod rng;
mod search;
pub mod shape;
pub mod solver;
pub mod square;
pub mod square_set;
pub mod targeted;
pub mod technique;

pub use candidates::{candidates, Candidates};
pub use digit::{Digit, DigitSet};
pub use error::GridError;
pub use generator::{generate, random_puzzle, Generated, Request};
pub use graded::{Graded, LevelGenerator, LevelRequest};
pub use grid::{Conflict, Grid};
pub use interrupt::Interrupt;
pub use order::{Generator, Made, Order, OrderError};
pub use outcome::{Interrupted, Outcome, Stats, StopReason, Verdict};
pub use puzzle::{FirstSolution, Puzzle, Timing};
pub use rng::{fresh_seed, Rng};
pub use solver::{FirstOutcome, Solver};
pub use square::{Square, Unit};
pub use square_set::SquareSet;
