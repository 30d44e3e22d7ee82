//! `/hint`, `/explain` and `/grade` for puzzles of shapes other than classic 9x9: the general logic
//! layer ([`crate::engine::general::logic`]) answered in the classic JSON (steps, grades, mistakes),
//! with square names grown past 9x9 and values 1..N (the text symbols are written in the
//! explanations and in grids).

use std::sync::Arc;
use std::time::Instant;

use serde_json::Value;

use super::error::ApiError;
use super::grid_json::PuzzleField;
use super::logic_json::{deadline, CandidateJson, GradeJson, PatternJson, StepJson};
use super::logic_json::{ExplainResponse, HintResponse};
use super::shape_json::parse_cells;
use super::AppState;
use crate::engine::general::logic::{
    Mark, ShapeHint, ShapeLogic, ShapeLogicError, ShapePosition, ShapeStep,
};
use crate::engine::shape::{Cells, Shape};
use crate::wire::grid::GridFormat;

/// A step in the classic JSON: squares by name, values 1..N.
pub fn step_json(shape: &Shape, step: &ShapeStep) -> StepJson {
    let mark = |m: &Mark| CandidateJson {
        square: shape.cell_name(m.cell),
        digit: m.value,
    };
    StepJson {
        technique: step.technique.id(),
        name: step.technique.name(),
        difficulty: step.technique.difficulty().name(),
        placements: step.placements.iter().map(mark).collect(),
        eliminations: step.eliminations.iter().map(mark).collect(),
        pattern: PatternJson {
            squares: step
                .pattern
                .cells
                .iter()
                .map(|&c| shape.cell_name(c))
                .collect(),
            units: step
                .pattern
                .units
                .iter()
                .map(|&u| shape.unit_name(u))
                .collect(),
            digits: step.pattern.values.clone(),
        },
        explanation: step.explanation.clone(),
    }
}

/// The problem for a shaped puzzle the logic layer cannot take.
fn logic_error(
    shape: &Shape,
    error: ShapeLogicError,
    timeout_ms: u64,
    started: Instant,
) -> ApiError {
    match error {
        ShapeLogicError::NoSolution => ApiError::NoSolution,
        ShapeLogicError::MultipleSolutions(two) => ApiError::ShapeMultipleSolutions(Box::new([
            two[0].to_text(shape),
            two[1].to_text(shape),
        ])),
        ShapeLogicError::Interrupted(_) => deadline(timeout_ms, started),
    }
}

/// `/explain` on a shape.
pub async fn explain(
    state: &AppState,
    shape: Arc<Shape>,
    puzzle: Cells,
    format: GridFormat,
) -> Result<ExplainResponse, ApiError> {
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let (shape, explained) = state
        .run_job(timeout_ms, move |deadline, cancel| {
            let explained = ShapeLogic::new()
                .deadline(deadline)
                .cancel_flag(cancel)
                .explain(&shape, &puzzle);
            (shape.clone(), explained)
        })
        .await?;
    let e = explained.map_err(|e| logic_error(&shape, e, timeout_ms, started))?;
    Ok(ExplainResponse {
        steps: e.steps.iter().map(|s| step_json(&shape, s)).collect(),
        solution: format.render_cells(&shape, &e.solution),
        difficulty: e.grade.difficulty.name(),
        score: e.grade.score,
        solved_by_logic: e.grade.solved_by_logic,
    })
}

/// `/grade` on a shape.
pub async fn grade(
    state: &AppState,
    shape: Arc<Shape>,
    puzzle: Cells,
) -> Result<GradeJson, ApiError> {
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let (shape, graded) = state
        .run_job(timeout_ms, move |deadline, cancel| {
            let graded = ShapeLogic::new()
                .deadline(deadline)
                .cancel_flag(cancel)
                .grade(&shape, &puzzle);
            (shape.clone(), graded)
        })
        .await?;
    let grade = graded.map_err(|e| logic_error(&shape, e, timeout_ms, started))?;
    Ok(GradeJson::from(&grade))
}

/// What `/hint` was given on a shape.
pub struct HintInput<'a> {
    /// The shape.
    pub shape: Arc<Shape>,
    /// The puzzle, consistent.
    pub puzzle: Cells,
    /// The player's grid, if sent.
    pub progress: Option<&'a PuzzleField>,
    /// The player's pencil marks, if sent.
    pub candidates: Option<&'a Value>,
}

/// `/hint` on a shape.
pub async fn hint(state: &AppState, input: HintInput<'_>) -> Result<HintResponse, ApiError> {
    let HintInput {
        shape,
        puzzle,
        progress,
        candidates,
    } = input;
    let progress = match progress {
        Some(field) => progress_of(&shape, &puzzle, field)?,
        None => puzzle.clone(),
    };
    let marks = candidates
        .map(|value| parse_marks(&shape, value, &progress))
        .transpose()?;
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let (shape, hinted) = state
        .run_job(timeout_ms, move |deadline, cancel| {
            let hinted = ShapeLogic::new()
                .deadline(deadline)
                .cancel_flag(cancel)
                .hint(&shape, &puzzle, &progress, marks.as_deref());
            (shape.clone(), hinted)
        })
        .await?;
    Ok(
        match hinted.map_err(|e| logic_error(&shape, e, timeout_ms, started))? {
            ShapeHint::Step(step) => HintResponse::Step {
                step: step_json(&shape, &step),
            },
            ShapeHint::Mistakes(cells) => HintResponse::Mistakes {
                squares: cells.iter().map(|&c| shape.cell_name(c)).collect(),
            },
            ShapeHint::Solved => HintResponse::Solved,
        },
    )
}

/// The player's grid on the shape, which must keep every given.
fn progress_of(shape: &Shape, puzzle: &Cells, field: &PuzzleField) -> Result<Cells, ApiError> {
    let progress = parse_cells(shape, field, "progress")?;
    let symbol = |v: u8| if v == 0 { '.' } else { shape.symbol(v) };
    for cell in 0..shape.cell_count() {
        let (given, found) = (puzzle.get(cell), progress.get(cell));
        if given != 0 && found != given {
            return Err(ApiError::ShapeProgressMismatch {
                square: shape.cell_name(cell),
                given: symbol(given),
                found: symbol(found),
                given_value: given,
                found_value: found,
            });
        }
    }
    Ok(progress)
}

/// N*N entries of pencil marks, row-major: each the string of the shape's symbols the player keeps
/// in that square (lower case standing for upper case, as in puzzles), or `null` for a square not
/// marked, which keeps every value no peer holds in `progress`. Entries of filled squares are
/// ignored.
fn parse_marks(shape: &Shape, value: &Value, progress: &Cells) -> Result<Vec<u32>, ApiError> {
    let cells = shape.cell_count();
    let invalid = |field: String, detail: String| ApiError::InvalidField { field, detail };
    let symbols: String = shape.symbols().iter().collect();
    let Value::Array(items) = value else {
        return Err(invalid(
            "candidates".into(),
            format!(
                "candidates must be an array of {cells} entries, one per square, row-major: a \
                 string of the symbols {symbols}, or null for a square not marked"
            ),
        ));
    };
    if items.len() != cells {
        return Err(invalid(
            "candidates".into(),
            format!(
                "candidates must hold {cells} entries, one per square; found {}",
                items.len()
            ),
        ));
    }
    let unmarked = ShapePosition::new(shape, progress);
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let parsed = match item {
                Value::Null => Some(unmarked.candidates(i)),
                Value::String(text) => marks_of(shape, text),
                _ => None,
            };
            parsed.ok_or_else(|| {
                invalid(
                    format!("candidates[{i}]"),
                    format!(
                        "candidates[{i}] (square {}) must be a string of the symbols {symbols}, \
                         or null if not marked",
                        shape.cell_name(i)
                    ),
                )
            })
        })
        .collect()
}

/// The values of a string of symbols, `None` if a character is not one of them.
fn marks_of(shape: &Shape, text: &str) -> Option<u32> {
    let symbols = shape.symbols();
    text.chars().try_fold(0u32, |acc, ch| {
        let at = symbols
            .iter()
            .position(|&s| s == ch)
            .or_else(|| symbols.iter().position(|&s| s == ch.to_ascii_uppercase()))?;
        Some(acc | 1 << at)
    })
}
