//! `POST /solve`: every solution up to `max_solutions` (uniqueness is always decided), under a
//! deadline, on the bounded pool.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, StatsJson};
use super::extract::{check_range, ApiJson};
use super::grid_json::PuzzleField;
use super::members::whole_number;
use super::shape_json::parse_consistent;
use super::AppState;
use crate::engine::shape::Rules;
use crate::engine::{Interrupt, Outcome, Puzzle, Stats, Verdict};
use crate::wire::grid::{GridFormat, GridJson};

/// Solutions returned when the request does not say.
const DEFAULT_MAX_SOLUTIONS: u64 = 2;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/solve", post(solve))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<serde_json::Value>,
    #[serde(default, deserialize_with = "whole_number")]
    max_solutions: Option<u64>,
    #[serde(default, deserialize_with = "whole_number")]
    timeout_ms: Option<u64>,
    #[serde(default)]
    format: GridFormat,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<Rules>,
}

async fn solve(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Json<SolveResponse>, ApiError> {
    let cap_solutions = state.config().max_solutions as u64;
    let wanted = req.max_solutions.unwrap_or(DEFAULT_MAX_SOLUTIONS);
    let wanted = check_range("max_solutions", wanted, 1, cap_solutions)? as usize;
    let timeout_ms = timeout_ms(req.timeout_ms, state.solve_cap_ms())?;
    let submitted =
        super::submitted::Submitted::new(req.puzzle, req.rules, req.link, req.fpuzzles)?;
    let puzzle = parse_consistent(&submitted.puzzle, submitted.rules.as_ref())?;
    let job_state = state.clone();
    let result = state
        .run_job(timeout_ms, move |deadline, cancel| {
            let result = puzzle.solve(wanted, Interrupt::at(deadline, cancel));
            // Counted here, on the worker, so searches whose client has gone are counted too.
            let ended = result.as_ref().map(|out| out.verdict);
            job_state
                .metrics()
                .observe_search(ended.map_err(|stop| stop.reason));
            result
        })
        .await?;
    match result {
        Ok(outcome) => Ok(Json(SolveResponse::new(&outcome, wanted, req.format))),
        // Cancelled only when this request is already gone (or timed out), so the deadline
        // answer is the only one anyone can receive.
        Err(stop) => Err(stopped(stop.reason, stop.stats, timeout_ms)),
    }
}

/// The 504 of a search stopped by its deadline.
fn stopped(reason: crate::engine::StopReason, stats: Stats, timeout_ms: u64) -> ApiError {
    tracing::info!(?reason, nodes = stats.nodes, "search stopped");
    ApiError::DeadlineExceeded { timeout_ms, stats }
}

/// The request's deadline: from 1 ms to the server's cap. Above the cap is refused rather than
/// quietly cut to it, so a client never believes it was given a deadline it was not.
fn timeout_ms(asked: Option<u64>, cap: u64) -> Result<u64, ApiError> {
    match asked {
        None => Ok(cap),
        Some(ms) if (1..=cap).contains(&ms) => Ok(ms),
        Some(ms) => Err(ApiError::OutOfRange {
            field: "timeout_ms",
            minimum: 1,
            maximum: cap,
            value: ms,
        }),
    }
}

/// The verdict's name on the wire, as openapi.yaml's `SolveResponse.status` lists them.
fn status_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Unique => "unique",
        Verdict::Multiple => "multiple",
        Verdict::None => "none",
        Verdict::Solved => "solved",
    }
}

/// The body of a 200 (members in alphabetical order, the order the service has always written).
#[derive(Debug, Serialize)]
pub struct SolveResponse {
    /// The first solution; absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<GridJson>,
    /// Up to `max_solutions` different solutions (two for `multiple`, whatever was asked).
    pub solutions: Vec<GridJson>,
    /// What the search did.
    pub stats: StatsJson,
    /// `unique`, `multiple` or `none`.
    pub status: &'static str,
}

impl SolveResponse {
    /// The answer, its grids in the format asked for (each on its own shape).
    fn new(outcome: &Outcome<Puzzle>, wanted: usize, format: GridFormat) -> SolveResponse {
        // `multiple` always comes with its proof, a second solution, whatever was asked for.
        let shown = match outcome.verdict {
            Verdict::Multiple => wanted.max(2),
            _ => wanted,
        };
        // The limit is at least 2, so the verdict is unique, multiple or none, never `solved`.
        let write = |solution: &Puzzle| format.render_puzzle(solution);
        SolveResponse {
            solution: outcome.solutions.first().map(write),
            solutions: outcome.solutions.iter().take(shown).map(write).collect(),
            stats: StatsJson::from(&outcome.stats),
            status: status_name(outcome.verdict),
        }
    }
}
