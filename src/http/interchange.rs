//! `POST /import`: an f-puzzles or SudokuPad link, or an f-puzzles document, read into our
//! `{puzzle, rules}`; `POST /export`: a puzzle written as an f-puzzles or SudokuPad link or an ipuz
//! document. The reading and writing is [`crate::interchange`]'s; here are the routes.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::PuzzleField;
use super::shape_json::parse_submitted;
use super::submitted::{from_link, Submitted};
use super::AppState;
use crate::engine::shape::Rules;
use crate::engine::{Interrupt, Verdict};
use crate::interchange::{self, ExportFormat};

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/import", post(import))
        .route("/export", post(export))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportRequest {
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<Value>,
}

async fn import(ApiJson(req): ApiJson<ImportRequest>) -> Result<Json<Value>, ApiError> {
    let imported = match (req.link, req.fpuzzles) {
        (Some(link), None) => interchange::import_link(&link).map_err(|e| from_link(e, "link"))?,
        (None, Some(doc)) => {
            interchange::fpuzzles::import(&doc).map_err(|e| from_link(e, "fpuzzles"))?
        }
        (link, _) => {
            return Err(ApiError::InvalidField {
                field: if link.is_some() { "fpuzzles" } else { "link" }.into(),
                detail: "give exactly one of `link` and `fpuzzles`".into(),
            })
        }
    };
    // Through a `Value`, whose objects keep their members sorted, as every answer writes them.
    Ok(Json(
        serde_json::to_value(imported).map_err(|_| ApiError::Internal)?,
    ))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<Rules>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<Value>,
    format: String,
}

async fn export(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ExportRequest>,
) -> Result<Json<Value>, ApiError> {
    let format =
        ExportFormat::from_name(&req.format).ok_or_else(|| ApiError::UnsupportedValue {
            field: "format",
            received: req.format.clone(),
            expected: ExportFormat::NAMES.to_vec(),
            detail: format!(
                "format {:?} is not written; expected one of {:?}",
                req.format,
                ExportFormat::NAMES
            ),
        })?;
    let submitted = Submitted::new(req.puzzle, req.rules, req.link, req.fpuzzles)?;
    let puzzle = parse_submitted(&submitted.puzzle, submitted.rules.as_ref(), "puzzle")?;
    let (shape, cells) = (puzzle.shared_shape(), puzzle.cells());
    let refused = |e| from_link(e, "format");
    let body = match format {
        ExportFormat::Fpuzzles | ExportFormat::Sudokupad => {
            let doc = interchange::fpuzzles::export(&shape, &cells).map_err(refused)?;
            let text = doc.to_string();
            let link = match format {
                ExportFormat::Fpuzzles => interchange::link::fpuzzles_link(&text),
                _ => interchange::link::sudokupad_link(&text),
            };
            json!({ "link": link })
        }
        ExportFormat::Ipuz => {
            // Refused before solving when ipuz cannot carry a rule.
            interchange::ipuz::export(&shape, &cells, None).map_err(refused)?;
            let timeout_ms = state.solve_cap_ms();
            let solved = state
                .run_job(timeout_ms, move |deadline, cancel| {
                    puzzle.solve(2, Interrupt::at(deadline, cancel))
                })
                .await?;
            // The solution is written when it is unique, left out when there is none or several;
            // a search past the deadline is a 504, so the same puzzle is always the same document.
            let solved = solved.map_err(|stop| ApiError::DeadlineExceeded {
                timeout_ms,
                stats: stop.stats,
            })?;
            let solution = (solved.verdict == Verdict::Unique)
                .then(|| solved.solutions.first().map(|s| s.cells()))
                .flatten();
            interchange::ipuz::export(&shape, &cells, solution.as_ref()).map_err(refused)?
        }
    };
    Ok(Json(body))
}
