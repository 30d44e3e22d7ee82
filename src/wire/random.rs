//! One puzzle from a seed, as `GET /random` answers it and `sudoku random --format json` prints it:
//! [`make`] is the one function both call for classic puzzles, so the same seeds give the same
//! puzzles, byte for byte, on both.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::grid::{GridFormat, GridJson};
use crate::engine::logic::{Difficulty, LogicSolver, Technique};
use crate::engine::targeted::{TechniqueGenerator, TechniqueStop};
use crate::engine::{generate, Graded, LevelGenerator, LevelRequest, Request, Solver, Verdict};
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

/// The puzzle of `seed` in the API's shape, with its solution and grade where it is unique; stopped
/// by `deadline` or `cancel` (only a level's or a technique's search can be), or by a technique's
/// search running out of attempts.
pub fn make(
    ask: &Ask,
    seed: u64,
    format: GridFormat,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Result<RandomResponse, TechniqueStop> {
    let render = |g: &crate::engine::Grid| format.render(g);
    if let Some(technique) = ask.technique {
        let mut generator = TechniqueGenerator::new();
        if let Some(deadline) = deadline {
            generator = generator.deadline(deadline);
        }
        if let Some(flag) = cancel {
            generator = generator.cancel_flag(flag);
        }
        return Ok(graded_response(
            &generator.generate(technique, seed)?,
            seed,
            format,
        ));
    }
    if let Some(difficulty) = ask.difficulty {
        let mut generator = LevelGenerator::new();
        if let Some(deadline) = deadline {
            generator = generator.deadline(deadline);
        }
        if let Some(flag) = cancel {
            generator = generator.cancel_flag(flag);
        }
        let graded = generator
            .generate(&LevelRequest {
                difficulty,
                givens: ask.givens,
                seed,
            })
            .map_err(TechniqueStop::Stopped)?;
        return Ok(graded_response(&graded, seed, format));
    }
    let mut generated = generate(&Request {
        givens: ask.givens,
        unique: ask.unique,
        seed,
    });
    if generated.solution.is_none() {
        // Norvig's puzzles may happen to be unique; say so when a quick search proves it.
        let search = Solver::new().deadline(Instant::now() + UNIQUENESS_SEARCH);
        generated.solution = search
            .solve(&generated.puzzle)
            .ok()
            .filter(|out| out.verdict == Verdict::Unique)
            .map(|out| out.solutions[0]);
    }
    let grade = generated
        .solution
        .and_then(|_| LogicSolver::new().grade(&generated.puzzle).ok());
    Ok(RandomResponse {
        difficulty: grade.as_ref().map(|g| g.difficulty.name()),
        givens: generated.puzzle.givens(),
        minimal: generated.minimal,
        puzzle: render(&generated.puzzle),
        rules: None,
        score: grade.as_ref().map(|g| g.score),
        seed,
        solution: generated.solution.as_ref().map(render),
        unique: generated.solution.is_some(),
    })
}

/// A graded puzzle in the API's shape.
fn graded_response(graded: &Graded, seed: u64, format: GridFormat) -> RandomResponse {
    RandomResponse {
        difficulty: Some(graded.grade.difficulty.name()),
        givens: graded.puzzle.givens(),
        minimal: graded.minimal,
        puzzle: format.render(&graded.puzzle),
        rules: None,
        score: Some(graded.grade.score),
        seed,
        solution: Some(format.render(&graded.solution)),
        unique: true,
    }
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
