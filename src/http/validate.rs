//! `POST /validate`: whether the givens break a rule, and where. Conflicts are the answer here, not
//! an error; only a puzzle of the wrong shape is a 422.

use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, ConflictJson};
use super::extract::ApiJson;
use super::grid_json::PuzzleField;
use super::shape_json::{conflicts, parse_submitted};
use super::AppState;
use crate::engine::shape::Rules;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/validate", post(validate))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ValidateRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<serde_json::Value>,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<Rules>,
}

/// The body of a 200 (members in alphabetical order, the order the service has always written).
#[derive(Debug, Serialize)]
pub struct ValidateResponse {
    /// Every square holds a digit.
    pub complete: bool,
    /// Every clash among the givens.
    pub conflicts: Vec<ConflictJson>,
    /// No two givens of one digit share a unit.
    pub valid: bool,
}

async fn validate(
    ApiJson(req): ApiJson<ValidateRequest>,
) -> Result<Json<ValidateResponse>, ApiError> {
    let submitted =
        super::submitted::Submitted::new(req.puzzle, req.rules, req.link, req.fpuzzles)?;
    let puzzle = parse_submitted(&submitted.puzzle, submitted.rules.as_ref(), "puzzle")?;
    let conflicts = conflicts(&puzzle);
    Ok(Json(ValidateResponse {
        complete: puzzle.is_complete(),
        valid: conflicts.is_empty(),
        conflicts,
    }))
}
