//! The JSON of the logic layer, shared by `/hint`, `/explain`, `/grade` and `/random?difficulty=`:
//! steps, grades, and the engine's refusals mapped to problems.

use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;

use super::error::ApiError;
use crate::engine::general::logic::{Mark, ShapeLogicError, ShapeStep};
use crate::engine::logic::Grade;
use crate::engine::shape::Shape;
use crate::engine::{Stats, StopReason};
use crate::wire::grid::GridJson;

/// A value in a square: `{"square": "E5", "digit": 3}`.
#[derive(Debug, Serialize)]
pub struct CandidateJson {
    /// The square's name.
    pub square: String,
    /// The value, 1..N.
    pub digit: u8,
}

/// What forms a step's pattern, for highlighting.
#[derive(Debug, Serialize)]
pub struct PatternJson {
    /// Square names.
    pub squares: Vec<String>,
    /// Unit names (`box 4`, `column 2`).
    pub units: Vec<String>,
    /// Digits.
    pub digits: Vec<u8>,
}

/// One step.
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// The technique's stable id.
    pub technique: &'static str,
    /// Its display name.
    pub name: &'static str,
    /// Its level.
    pub difficulty: &'static str,
    /// Digits placed.
    pub placements: Vec<CandidateJson>,
    /// Candidates removed.
    pub eliminations: Vec<CandidateJson>,
    /// The pattern.
    pub pattern: PatternJson,
    /// The reasoning in plain English.
    pub explanation: String,
}

impl StepJson {
    /// `step` on `shape`: squares and units by the shape's names, values 1..N.
    pub fn of(shape: &Shape, step: &ShapeStep) -> StepJson {
        let mark = |m: &Mark| CandidateJson {
            square: shape.cell_name(m.cell),
            digit: m.value,
        };
        let pattern = &step.pattern;
        StepJson {
            technique: step.technique.id(),
            name: step.technique.name(),
            difficulty: step.technique.difficulty().name(),
            placements: step.placements.iter().map(mark).collect(),
            eliminations: step.eliminations.iter().map(mark).collect(),
            pattern: PatternJson {
                squares: pattern.cells.iter().map(|&c| shape.cell_name(c)).collect(),
                units: pattern.units.iter().map(|&u| shape.unit_name(u)).collect(),
                digits: pattern.values.clone(),
            },
            explanation: step.explanation.clone(),
        }
    }
}

/// A puzzle's grade: the body of `/grade`.
#[derive(Debug, Serialize)]
pub struct GradeJson {
    /// `easy` … `extreme`.
    pub difficulty: &'static str,
    /// The path's score.
    pub score: u32,
    /// Whether no guess was needed.
    pub solved_by_logic: bool,
    /// The hardest technique's id (null when the puzzle was already solved).
    pub hardest_technique: Option<&'static str>,
    /// How often each technique was used, by id.
    pub techniques: BTreeMap<&'static str, u32>,
    /// How many steps the path has.
    pub steps: u32,
}

impl From<&Grade> for GradeJson {
    fn from(grade: &Grade) -> Self {
        GradeJson {
            difficulty: grade.difficulty.name(),
            score: grade.score,
            solved_by_logic: grade.solved_by_logic,
            hardest_technique: grade.hardest.map(|t| t.id()),
            techniques: grade.counts.iter().map(|(t, n)| (t.id(), n)).collect(),
            steps: grade.steps,
        }
    }
}

/// The problem for a puzzle the logic layer cannot take: 422 for no or several solutions, 504 when
/// the deadline of `timeout_ms` passed on work that began at `started`.
/// Two solutions are written in the shape's symbols.
pub fn logic_error(
    shape: &Shape,
    error: ShapeLogicError,
    timeout_ms: u64,
    started: Instant,
) -> ApiError {
    match error {
        ShapeLogicError::NoSolution => ApiError::NoSolution,
        ShapeLogicError::MultipleSolutions(two) => {
            ApiError::MultipleSolutions(Box::new([two[0].to_text(shape), two[1].to_text(shape)]))
        }
        ShapeLogicError::Interrupted(_) => deadline(timeout_ms, started),
    }
}

/// The 504 for work on the logic layer, begun at `started`, stopped by its deadline: it runs no
/// search, so its only counter is the time it took.
pub fn deadline(timeout_ms: u64, started: Instant) -> ApiError {
    ApiError::DeadlineExceeded {
        timeout_ms,
        stats: Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        },
    }
}

/// The 504 for generation, begun at `started`, stopped by its deadline.
pub fn generation_stopped(_: StopReason, timeout_ms: u64, started: Instant) -> ApiError {
    deadline(timeout_ms, started)
}

/// The body of a `/explain` 200.
#[derive(Debug, Serialize)]
pub struct ExplainResponse {
    /// Every step, each applied to the position the previous ones left.
    pub steps: Vec<StepJson>,
    /// The solution, in the requested format.
    pub solution: GridJson,
    /// The level.
    pub difficulty: &'static str,
    /// The path's score.
    pub score: u32,
    /// Whether no guess was needed.
    pub solved_by_logic: bool,
}

/// The body of a `/hint` 200: a step, the player's mistakes, or the news that the grid is solved.
#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum HintResponse {
    /// The simplest step available.
    Step {
        /// The step.
        step: StepJson,
    },
    /// Squares whose digit or pencil marks contradict the solution.
    Mistakes {
        /// Their names.
        squares: Vec<String>,
    },
    /// Every square holds the solution's digit.
    Solved,
}
