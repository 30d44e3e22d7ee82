//! `POST /candidates`: Norvig's `parse_grid`, each square's digits left by his two rules.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::{parse_consistent_puzzle, GridFormat, PuzzleField};
use super::AppState;
use crate::engine::candidates;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/candidates", post(candidates_of))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CandidatesRequest {
    puzzle: PuzzleField,
    /// Accepted for symmetry with `/solve`; candidates are always 81 strings.
    #[serde(default)]
    #[allow(dead_code)]
    format: GridFormat,
}

async fn candidates_of(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CandidatesRequest>,
) -> Result<Json<Value>, ApiError> {
    let grid = parse_consistent_puzzle(&req.puzzle)?;
    let found = state
        .run_job(state.solve_cap_ms(), move |_, _| candidates(&grid))
        .await?;
    let body = match found {
        Some(c) => json!({
            "status": "ok",
            "candidates": c.strings(),
            "solved_squares": c.solved_squares(),
            "display": c.display(),
        }),
        None => json!({ "status": "none" }),
    };
    Ok(Json(body))
}
