//! Sudoku of every common shape, after Peter Norvig's "Solving Every Sudoku Puzzle": squares,
//! units and peers as data, constraint propagation, and depth-first search on the square with the
//! fewest candidates. No HTTP, no async, nothing global: every type is `Send`, so callers may run
//! many solves at once on any threads. The `sudoku-service` crate serves it over HTTP and the
//! command line; this crate is for anyone who wants Sudoku in Rust.
//!
//! # How a puzzle flows
//! - A plain classic 9x9 is a [`Grid`] (parsed from Norvig's text, rows or 81 values). The band
//!   solver ([`Solver`], over the private `board` module) proves it unique or counts its solutions;
//!   [`candidates()`] gives Norvig's candidates; [`logic`] finds human-style steps for hints,
//!   explanations and grades; [`generate()`], [`graded`] and [`targeted`] make puzzles from seeds (any
//!   puzzle, to a level, showing a technique).
//! - Every other shape (4x4 to 25x25, boxes or jigsaw regions, X, hyper, killer cages) is a
//!   [`shape::Shape`] built once from [`shape::Rules`], with its [`shape::Cells`]. The general
//!   engine ([`general`]) reads the shape's tables: one propagator, one search
//!   ([`general::ShapeSolver`]), logic ([`general::logic`]) and generators ([`general::generate()`],
//!   [`general::generate_killer()`]).
//! - Both speak the same vocabulary, defined once at the bottom of the engine: a [`Verdict`]
//!   (unique, several, none), [`Stats`], an [`Outcome`] or an [`Interrupted`] search
//!   ([`outcome`]); the [`Interrupt`] (a deadline and a cancellation flag) that every search,
//!   logic walk and generator checks, with the [`StopReason`] it gives; a [`technique::Technique`]
//!   and a [`grade::Grade`] on the same five levels for every shape.
//!
//! # Example
//! ```
//! use sudoku_engine::general::{self, KillerRequest, ShapeRequest, Symmetry};
//! use sudoku_engine::logic::{Hint, LogicSolver};
//! use sudoku_engine::shape::{Rules, Shape};
//! use sudoku_engine::{generate, Grid, Interrupt, Request, Solver, Verdict};
//!
//! // A classic 9x9: parse, prove unique, solve.
//! let puzzle: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()?;
//! let outcome = Solver::new().solve(&puzzle)?;
//! assert_eq!(outcome.verdict, Verdict::Unique);
//! assert!(outcome.solutions[0].is_complete() && outcome.solutions[0].is_consistent());
//!
//! // The next step a player could take, in words.
//! match LogicSolver::new().hint(&puzzle, &puzzle, None)? {
//!     Hint::Step(step) => println!("{}", step.explanation),
//!     other => panic!("a fresh puzzle has a next step, not {other:?}"),
//! }
//!
//! // A seeded classic puzzle: the same seed always gives the same puzzle.
//! let made = generate(&Request { givens: 17, unique: true, seed: 7 });
//! assert_eq!(made.puzzle, generate(&Request { givens: 17, unique: true, seed: 7 }).puzzle);
//!
//! // A 16x16 from a seed, solved again by the general engine.
//! let rules = Rules { size: Some(16), ..Rules::default() };
//! let request =
//!     ShapeRequest { symmetry: Symmetry::None, jigsaw: false, seed: 1, interrupt: Interrupt::NEVER };
//! let sixteen = general::generate(&rules, &request)?.expect("no deadline was set");
//! let solved = general::ShapeSolver::new().solve(&sixteen.shape, &sixteen.puzzle)?;
//! assert_eq!(solved.verdict, Verdict::Unique);
//! assert!(solved.solutions[0].solves(&sixteen.shape, &sixteen.puzzle));
//!
//! // A 6x6 killer: cages and no givens, unique all the same.
//! let six = Rules { size: Some(6), ..Rules::default() };
//! let killer = general::generate_killer(&six, &KillerRequest::seeded(3))?.expect("no deadline");
//! assert_eq!(killer.puzzle.givens(), 0);
//! let solved = general::ShapeSolver::new().solve(&killer.shape, &killer.puzzle)?;
//! assert_eq!((solved.verdict, &solved.solutions[0]), (Verdict::Unique, &killer.solution));
//!
//! // Any shape can be described in JSON, as the service's `rules` member is.
//! let jigsaw_x: Rules = serde_json::from_str(r#"{"size": 6, "variants": ["x"]}"#)?;
//! assert!(Shape::new(&jigsaw_x).is_ok());
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
