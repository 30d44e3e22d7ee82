//! `POST /candidates`: Norvig's `parse_grid`, each square's digits left by his two rules.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::PuzzleField;
use super::shape_json::parse_consistent;
use super::AppState;
use crate::engine::shape::{display, Rules, Shape};
use crate::wire::grid::GridFormat;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/candidates", post(candidates_of))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CandidatesRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<serde_json::Value>,
    /// Accepted for symmetry with `/solve`; candidates are always 81 strings.
    #[serde(default)]
    #[allow(dead_code)]
    format: GridFormat,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<Rules>,
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
    /// Each cell's candidates as the shape's symbols, with Norvig's display of them.
    fn of(shape: &Shape, found: Option<&[u32]>) -> CandidatesResponse {
        let Some(cells) = found else {
            return CandidatesResponse::NoSolution { status: "none" };
        };
        let symbols = |m: u32| -> String {
            (0..shape.size() as u8)
                .filter(|v| m & (1 << v) != 0)
                .map(|v| shape.symbol(v + 1))
                .collect()
        };
        CandidatesResponse::Found {
            candidates: cells.iter().map(|&m| symbols(m)).collect(),
            display: display(shape, cells),
            solved_squares: cells.iter().filter(|m| m.count_ones() == 1).count(),
            status: "ok",
        }
    }
}

async fn candidates_of(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CandidatesRequest>,
) -> Result<Json<CandidatesResponse>, ApiError> {
    let submitted =
        super::submitted::Submitted::new(req.puzzle, req.rules, req.link, req.fpuzzles)?;
    let puzzle = parse_consistent(&submitted.puzzle, submitted.rules.as_ref())?;
    let (puzzle, found) = state
        .run_small(move |_| {
            let found = puzzle.candidates();
            (puzzle, found)
        })
        .await?;
    Ok(Json(CandidatesResponse::of(
        puzzle.shape(),
        found.as_deref(),
    )))
}
