//! `POST /validate`: whether the givens break a rule, and where. Conflicts are the answer here, not
//! an error; only a puzzle of the wrong shape is a 422.

use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::error::{conflict_json, ApiError};
use super::extract::ApiJson;
use super::grid_json::{parse_puzzle, PuzzleField};
use super::AppState;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/validate", post(validate))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ValidateRequest {
    puzzle: PuzzleField,
}

async fn validate(ApiJson(req): ApiJson<ValidateRequest>) -> Result<Json<Value>, ApiError> {
    let grid = parse_puzzle(&req.puzzle)?;
    let conflicts: Vec<Value> = grid.conflicts().iter().map(conflict_json).collect();
    Ok(Json(json!({
        "valid": conflicts.is_empty(),
        "complete": grid.is_complete(),
        "conflicts": conflicts,
    })))
}
