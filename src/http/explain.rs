//! `POST /explain`: the whole logical path from a puzzle to its solution, step by step, with its grade,
//! on any shape (`Puzzle::explain` picks the logic layer).

use std::time::Instant;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;

use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::PuzzleField;
use super::logic_json::{logic_error, ExplainResponse, StepJson};
use super::shape_json::parse_consistent;
use super::AppState;
use crate::engine::Interrupt;
use crate::wire::grid::GridFormat;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/explain", post(explain))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<serde_json::Value>,
    #[serde(default)]
    format: GridFormat,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<crate::engine::shape::Rules>,
}

async fn explain(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ExplainRequest>,
) -> Result<Json<ExplainResponse>, ApiError> {
    let submitted =
        super::submitted::Submitted::new(req.puzzle, req.rules, req.link, req.fpuzzles)?;
    let puzzle = parse_consistent(&submitted.puzzle, submitted.rules.as_ref())?;
    let shape = puzzle.shared_shape();
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let explained = state
        .run_job(timeout_ms, move |deadline, cancel| {
            puzzle.explain(Interrupt::at(deadline, cancel))
        })
        .await?;
    let explanation = explained.map_err(|e| logic_error(&shape, e, timeout_ms, started))?;
    Ok(Json(ExplainResponse {
        steps: explanation
            .steps
            .iter()
            .map(|step| StepJson::of(&shape, step))
            .collect(),
        solution: req.format.render_cells(&shape, &explanation.solution),
        difficulty: explanation.grade.difficulty.name(),
        score: explanation.grade.score,
        solved_by_logic: explanation.grade.solved_by_logic,
    }))
}
