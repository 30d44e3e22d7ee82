//! One puzzle from a seed, as `GET /random` answers it and `sudoku random --format json` prints it:
//! [`RandomResponse::of`] writes any generated puzzle, and [`make`] is the one function both call
//! for classic puzzles of a count, so the same seeds give the same puzzles, byte for byte, on both.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::grid::{GridFormat, GridJson};
use crate::engine::logic::{Difficulty, Technique};
use crate::engine::{Interrupt, Made, Order, OrderError, Puzzle};
use crate::limits::{fresh_seed, MAX_SEED};

/// How long a search may spend proving one of Norvig's puzzles unique (`unique=false`), as the
/// API's cap does.
const UNIQUENESS_SEARCH: Duration = Duration::from_secs(2);

/// The body of a 200 (members in alphabetical order, the order the service has always written).
#[derive(Debug, Serialize)]
pub struct RandomResponse {
    /// The level asked for, when `difficulty` was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<&'static str>,
    /// How many givens `puzzle` has.
    pub givens: usize,
    /// Whether no given can be removed without losing uniqueness.
    pub minimal: bool,
    /// The puzzle.
    pub puzzle: GridJson,
    /// The shape, for any but classic 9x9 (with the regions drawn for jigsaw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<crate::engine::shape::Rules>,
    /// The grade's score, when `difficulty` was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<u32>,
    /// The seed that reproduces the puzzle.
    pub seed: u64,
    /// The solution, when the puzzle is known to be unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<GridJson>,
    /// Whether the puzzle has exactly one solution.
    pub unique: bool,
}

/// What every puzzle of a count is asked to be.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    /// At least this many givens.
    pub givens: usize,
    /// Unique, minimal puzzles (the default), or Norvig's.
    pub unique: bool,
    /// A level, for graded puzzles.
    pub difficulty: Option<Difficulty>,
    /// A technique the path must use, with nothing harder (minimal puzzles; no `difficulty`).
    pub technique: Option<Technique>,
}

impl RandomResponse {
    /// `made` in the API's shape: its grade when it has one, its rules when a general generator
    /// made it.
    pub fn of(made: &Made, seed: u64, format: GridFormat) -> RandomResponse {
        let shape = made.puzzle.shape();
        let write = |puzzle: &Puzzle| format.render_cells(shape, &puzzle.cells());
        RandomResponse {
            difficulty: made.grade.as_ref().map(|g| g.difficulty.name()),
            givens: made.puzzle.cells().givens(),
            minimal: made.minimal,
            puzzle: write(&made.puzzle),
            rules: made.rules.clone(),
            score: made.grade.as_ref().map(|g| g.score),
            seed,
            solution: made.solution.as_ref().map(write),
            unique: made.solution.is_some(),
        }
    }
}

/// The classic puzzle of `seed` in the API's shape, with its solution and grade where it is
/// unique (a Norvig puzzle proved so within two seconds); stopped at `interrupt` (only a
/// level's or a technique's search can be), or by a technique's search running out of attempts.
pub fn make(
    ask: &Ask,
    seed: u64,
    format: GridFormat,
    interrupt: Interrupt<'_>,
) -> Result<RandomResponse, OrderError> {
    let order = Order {
        level: ask.difficulty,
        technique: ask.technique,
        ..Order::classic(ask.givens, ask.unique)
    };
    let mut made = order.make(seed, interrupt)?;
    // Norvig's puzzles may happen to be unique; say so when a quick search proves it.
    made.prove_unique(Interrupt {
        deadline: Some(Instant::now() + UNIQUENESS_SEARCH),
        cancel: None,
    });
    made.grade(Interrupt::NEVER);
    Ok(RandomResponse::of(&made, seed, format))
}

/// The seed of the first of `count` puzzles: `seed`, or a fresh one low enough for all of them;
/// `None` when `count` puzzles from `seed` would run past the largest seed.
pub fn first_seed(seed: Option<u64>, count: u64) -> Option<u64> {
    let more = count.saturating_sub(1);
    match seed {
        Some(first) => (first.saturating_add(more) <= MAX_SEED).then_some(first),
        None => Some(fresh_seed().min(MAX_SEED - more)),
    }
}
