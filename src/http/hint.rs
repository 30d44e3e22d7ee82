//! `POST /hint`: the next step for a stuck player, from their digits and pencil marks, or the squares
//! where they went wrong. Puzzles of other shapes take the general logic layer
//! ([`super::shape_logic`]); classic 9x9 answers as it always has.

use std::time::Instant;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::Value;

use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::PuzzleField;
use super::logic_json::{logic_error, HintResponse, StepJson};
use super::members::not_null;
use super::shape_json::{classic_only, parse_consistent};
use super::shape_logic;
use super::AppState;
use crate::engine::logic::{Hint, LogicSolver};
use crate::engine::Puzzle;
use crate::engine::{Digit, DigitSet, Grid, Square};

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/hint", post(hint))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    puzzle: PuzzleField,
    #[serde(default, deserialize_with = "not_null")]
    progress: Option<PuzzleField>,
    #[serde(default, deserialize_with = "not_null")]
    candidates: Option<Value>,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<crate::engine::shape::Rules>,
}

async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let puzzle = match parse_consistent(&req.puzzle, req.rules.as_ref())? {
        Puzzle::Classic(grid) => grid,
        Puzzle::Shaped { shape, cells } => {
            let input = shape_logic::HintInput {
                shape,
                puzzle: cells,
                progress: req.progress.as_ref(),
                candidates: req.candidates.as_ref(),
            };
            return shape_logic::hint(&state, input).await.map(Json);
        }
    };
    let progress = match &req.progress {
        Some(field) => progress_of(&puzzle, field, req.rules.as_ref())?,
        None => puzzle,
    };
    let marks = req
        .candidates
        .as_ref()
        .map(|value| parse_marks(value, &progress))
        .transpose()?;
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let hinted = state
        .run_job(timeout_ms, move |deadline, cancel| {
            LogicSolver::new()
                .deadline(deadline)
                .cancel_flag(cancel)
                .hint(&puzzle, &progress, marks.as_ref())
        })
        .await?;
    let body = match hinted.map_err(|e| logic_error(e, timeout_ms, started))? {
        Hint::Step(step) => HintResponse::Step {
            step: StepJson::from(&step),
        },
        Hint::Mistakes(squares) => HintResponse::Mistakes {
            squares: squares.iter().map(ToString::to_string).collect(),
        },
        Hint::Solved => HintResponse::Solved,
    };
    Ok(Json(body))
}

/// The player's grid, which must keep every given (its own digits may be wrong: that is what the
/// hint reports).
fn progress_of(
    puzzle: &Grid,
    field: &PuzzleField,
    rules: Option<&crate::engine::shape::Rules>,
) -> Result<Grid, ApiError> {
    let progress = classic_only(field, rules, "progress", false)?;
    for square in Square::all() {
        let Some(given) = puzzle.get(square) else {
            continue;
        };
        if progress.get(square) != Some(given) {
            return Err(ApiError::ProgressMismatch {
                square,
                given: given.get(),
                found: progress.get(square).map_or(0, Digit::get),
            });
        }
    }
    Ok(progress)
}

/// 81 entries of pencil marks, row-major: each the string of digits 1-9 the player keeps in that
/// square, or `null` for a square the player has not marked, which keeps every digit no peer of it
/// holds in `progress` (what the hint would assume with no `candidates` at all). `""` is a square
/// with every digit crossed out, so it is a mistake wherever the square is empty. The entries of
/// filled squares are ignored.
fn parse_marks(value: &Value, progress: &Grid) -> Result<[DigitSet; 81], ApiError> {
    let invalid = |field: String, detail: String| ApiError::InvalidField { field, detail };
    let Value::Array(items) = value else {
        return Err(invalid(
            "candidates".into(),
            "candidates must be an array of 81 entries, one per square, row-major: a string of \
             digits 1-9, or null for a square not marked"
                .into(),
        ));
    };
    if items.len() != 81 {
        return Err(invalid(
            "candidates".into(),
            format!(
                "candidates must hold 81 entries, one per square; found {}",
                items.len()
            ),
        ));
    }
    let mut marks = [DigitSet::EMPTY; 81];
    for (i, item) in items.iter().enumerate() {
        let square = Square::new(i).expect("81 items");
        let parsed = match item {
            Value::Null => Some(unmarked(progress, square)),
            Value::String(text) => text
                .bytes()
                .map(|b| Digit::new(b.wrapping_sub(b'0')))
                .collect::<Option<DigitSet>>(),
            _ => None,
        };
        marks[i] = parsed.ok_or_else(|| {
            invalid(
                format!("candidates[{i}]"),
                format!(
                    "candidates[{i}] (square {square}) must be a string of digits 1-9, such as \"137\", or null if not marked"
                ),
            )
        })?;
    }
    Ok(marks)
}

/// The marks of a square the player left unmarked: every digit that no peer holds in `progress`.
fn unmarked(progress: &Grid, square: Square) -> DigitSet {
    square
        .peers()
        .iter()
        .filter_map(|&peer| progress.get(peer))
        .fold(DigitSet::ALL, DigitSet::without)
}
