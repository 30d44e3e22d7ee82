//! `POST /candidates`: Norvig's `parse_grid`, each square's digits left by his two rules.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::{parse_consistent_puzzle, GridFormat, PuzzleField};
use super::AppState;
use crate::engine::{candidates, Candidates};

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

/// The body of a 200: the candidates, or `none` when propagation proves there is no solution.
/// `status` is a member of each variant rather than a serde tag so that it is written last, after
/// the others in alphabetical order, as the service has always written it.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum CandidatesResponse {
    /// Propagation left at least one digit in every square.
    Found {
        /// Each square's digits, row-major.
        candidates: Vec<String>,
        /// Norvig's `display` of them.
        display: String,
        /// Squares left with one digit.
        solved_squares: usize,
        /// `ok`.
        status: &'static str,
    },
    /// Propagation emptied a square.
    NoSolution {
        /// `none`.
        status: &'static str,
    },
}

impl CandidatesResponse {
    fn of(found: Option<&Candidates>) -> CandidatesResponse {
        match found {
            Some(c) => CandidatesResponse::Found {
                candidates: c.strings(),
                display: c.display(),
                solved_squares: c.solved_squares(),
                status: "ok",
            },
            None => CandidatesResponse::NoSolution { status: "none" },
        }
    }
}

async fn candidates_of(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CandidatesRequest>,
) -> Result<Json<CandidatesResponse>, ApiError> {
    let grid = parse_consistent_puzzle(&req.puzzle)?;
    let found = state
        .run_job(state.solve_cap_ms(), move |_, _| candidates(&grid))
        .await?;
    Ok(Json(CandidatesResponse::of(found.as_ref())))
}
