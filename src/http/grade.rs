//! `POST /grade`: how hard a puzzle is for a person, from the techniques its logical path needs, on
//! any shape (`Puzzle::grade` picks the logic layer).

use std::time::Instant;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;

use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::PuzzleField;
use super::logic_json::{logic_error, GradeJson};
use super::shape_json::parse_consistent;
use super::AppState;
use crate::engine::Interrupt;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/grade", post(grade))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GradeRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<serde_json::Value>,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<crate::engine::shape::Rules>,
}

async fn grade(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<GradeRequest>,
) -> Result<Json<GradeJson>, ApiError> {
    let submitted =
        super::submitted::Submitted::new(req.puzzle, req.rules, req.link, req.fpuzzles)?;
    let puzzle = parse_consistent(&submitted.puzzle, submitted.rules.as_ref())?;
    let shape = puzzle.shared_shape();
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let graded = state
        .run_job(timeout_ms, move |deadline, cancel| {
            puzzle.grade(Interrupt::at(deadline, cancel))
        })
        .await?;
    let grade = graded.map_err(|e| logic_error(&shape, e, timeout_ms, started))?;
    Ok(Json(GradeJson::from(&grade)))
}
