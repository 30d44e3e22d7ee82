//! `POST /explain`: the whole logical path from a puzzle to its solution, step by step, with its grade,
//! on any shape (other shapes take the general logic layer, [`super::shape_logic`]).

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
use super::shape_logic;
use super::AppState;
use crate::engine::logic::LogicSolver;
use crate::engine::Puzzle;
use crate::wire::grid::GridFormat;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/explain", post(explain))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    puzzle: PuzzleField,
    #[serde(default)]
    format: GridFormat,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<crate::engine::shape::Rules>,
}

async fn explain(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ExplainRequest>,
) -> Result<Json<ExplainResponse>, ApiError> {
    let grid = match parse_consistent(&req.puzzle, req.rules.as_ref())? {
        Puzzle::Classic(grid) => grid,
        Puzzle::Shaped { shape, cells } => {
            return shape_logic::explain(&state, shape, cells, req.format)
                .await
                .map(Json);
        }
    };
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let explained = state
        .run_job(timeout_ms, move |deadline, cancel| {
            LogicSolver::new()
                .deadline(deadline)
                .cancel_flag(cancel)
                .explain(&grid)
        })
        .await?;
    let explanation = explained.map_err(|e| logic_error(e, timeout_ms, started))?;
    Ok(Json(ExplainResponse {
        steps: explanation.steps.iter().map(StepJson::from).collect(),
        solution: req.format.render(&explanation.solution),
        difficulty: explanation.grade.difficulty.name(),
        score: explanation.grade.score,
        solved_by_logic: explanation.grade.solved_by_logic,
    }))
}
