//! `POST /hint`: the next step for a stuck player, from their digits and pencil marks, or the squares
//! where they went wrong, on any shape ([`Puzzle::hint`] picks the logic layer).

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
use super::shape_json::{parse_consistent, parse_submitted};
use super::AppState;
use crate::engine::general::logic::{ShapeHint, ShapePosition};
use crate::engine::shape::{Cells, Rules, Shape};
use crate::engine::{Interrupt, Puzzle};
use crate::wire::grid::mismatch_symbols;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/hint", post(hint))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<serde_json::Value>,
    #[serde(default, deserialize_with = "not_null")]
    progress: Option<PuzzleField>,
    #[serde(default, deserialize_with = "not_null")]
    candidates: Option<Value>,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<Rules>,
}

async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let submitted =
        super::submitted::Submitted::new(req.puzzle, req.rules, req.link, req.fpuzzles)?;
    let puzzle = parse_consistent(&submitted.puzzle, submitted.rules.as_ref())?;
    let shape = puzzle.shared_shape();
    let progress = match &req.progress {
        Some(field) => progress_of(&puzzle, field, submitted.rules.as_ref())?,
        None => puzzle.cells(),
    };
    let marks = req
        .candidates
        .as_ref()
        .map(|value| parse_marks(&shape, value, &progress))
        .transpose()?;
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let hinted = state
        .run_job(timeout_ms, move |deadline, cancel| {
            puzzle.hint(&progress, marks.as_deref(), Interrupt::at(deadline, cancel))
        })
        .await?;
    let body = match hinted.map_err(|e| logic_error(&shape, e, timeout_ms, started))? {
        ShapeHint::Step(step) => HintResponse::Step {
            step: StepJson::of(&shape, &step),
        },
        ShapeHint::Mistakes(cells) => HintResponse::Mistakes {
            squares: cells.iter().map(|&c| shape.cell_name(c)).collect(),
        },
        ShapeHint::Solved => HintResponse::Solved,
    };
    Ok(Json(body))
}

/// The player's grid, read on the puzzle's rules, which must keep every given (its own values may
/// be wrong: that is what the hint reports).
fn progress_of(
    puzzle: &Puzzle,
    field: &PuzzleField,
    rules: Option<&Rules>,
) -> Result<Cells, ApiError> {
    let progress = parse_submitted(field, rules, "progress")?.cells();
    let (shape, givens) = (puzzle.shape(), puzzle.cells());
    for cell in 0..shape.cell_count() {
        let (given, found) = (givens.get(cell), progress.get(cell));
        if given != 0 && found != given {
            let (given_symbol, found_symbol) = mismatch_symbols(shape, given, found);
            return Err(ApiError::ProgressMismatch {
                square: shape.cell_name(cell),
                given: given_symbol,
                found: found_symbol,
                given_value: given,
                found_value: found,
            });
        }
    }
    Ok(progress)
}

/// N*N entries of pencil marks, row-major: each the string of the shape's symbols the player keeps
/// in that square (lower case standing for upper case, as in puzzles), or `null` for a square not
/// marked, which keeps every value no peer holds in `progress` (what the hint would assume with no
/// `candidates` at all). `""` is a square with every value crossed out, so it is a mistake wherever
/// the square is empty. Entries of filled squares are ignored.
fn parse_marks(shape: &Shape, value: &Value, progress: &Cells) -> Result<Vec<u32>, ApiError> {
    let cells = shape.cell_count();
    let invalid = |field: String, detail: String| ApiError::InvalidField { field, detail };
    let (symbols, example) = symbols_in_words(shape);
    let Value::Array(items) = value else {
        return Err(invalid(
            "candidates".into(),
            format!(
                "candidates must be an array of {cells} entries, one per square, row-major: a \
                 string of {symbols}, or null for a square not marked"
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
                        "candidates[{i}] (square {}) must be a string of {symbols}{example}, or \
                         null if not marked",
                        shape.cell_name(i)
                    ),
                )
            })
        })
        .collect()
}

/// The shape's symbols in words, with an example mark: `digits 1-9` and `"137"` on classic grids.
fn symbols_in_words(shape: &Shape) -> (String, &'static str) {
    let symbols: String = shape.symbols().iter().collect();
    if symbols == "123456789" {
        ("digits 1-9".into(), ", such as \"137\"")
    } else {
        (format!("the symbols {symbols}"), "")
    }
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
