//! `POST /render`: a puzzle of any shape drawn as SVG or PDF, chosen by `Accept` (SVG when the
//! header is absent or `*/*`; 406 for a type that cannot be drawn), optionally with its solution,
//! its candidates, highlighted cells and a caption. Constraints and the global variants are drawn
//! as the render crate draws them (figures, outside clues, a line of rules in words). Solving,
//! propagating and drawing all run on the solver pool under the server's deadline.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use serde::Deserialize;

use super::accept::{negotiate, Media};
use super::error::ApiError;
use super::extract::ApiJson;
use super::grid_json::PuzzleField;
use super::shape_json::parse_consistent;
use super::AppState;
use crate::engine::logic::Difficulty;
use crate::engine::shape::{Cells, Rules, Shape};
use crate::engine::Puzzle;
use crate::engine::{Interrupt, Verdict};
use crate::limits::MAX_SEED;
use crate::render::{Caption, Sheet};

/// The types `/render` draws, the first one answering an absent `Accept` or `*/*`.
const DRAWN: &[Media] = &[Media::Svg, Media::Pdf];

/// The largest caption number.
const MAX_NUMBER: u64 = 1_000_000;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/render", post(render))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RenderRequest {
    #[serde(default)]
    puzzle: Option<PuzzleField>,
    #[serde(default, deserialize_with = "super::members::not_null")]
    link: Option<String>,
    #[serde(default, deserialize_with = "super::submitted::fpuzzles_object")]
    fpuzzles: Option<serde_json::Value>,
    #[serde(default, deserialize_with = "super::shape_json::rules_object")]
    rules: Option<Rules>,
    /// Draw the solution in the blank cells (the puzzle must have exactly one).
    #[serde(default)]
    solution: bool,
    /// Draw each blank cell's candidates (Norvig's propagation) in a mini-grid.
    #[serde(default)]
    candidates: bool,
    /// Cells to highlight, by name (`A1`).
    #[serde(default)]
    highlight: Vec<String>,
    /// Caption: the puzzle's number.
    #[serde(default, deserialize_with = "super::members::whole_number")]
    number: Option<u64>,
    /// Caption: its level.
    #[serde(default, deserialize_with = "super::members::not_null")]
    level: Option<String>,
    /// Caption: its seed.
    #[serde(default, deserialize_with = "super::members::whole_number")]
    seed: Option<u64>,
}

async fn render(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(mut req): ApiJson<RenderRequest>,
) -> Result<Response, ApiError> {
    let media = negotiate(&headers, DRAWN)?;
    let source = super::submitted::Submitted::new(
        req.puzzle.take(),
        req.rules.take(),
        req.link.take(),
        req.fpuzzles.take(),
    )?;
    let submitted = parse_consistent(&source.puzzle, source.rules.as_ref())?;
    let mut sheet = Sheet::new(submitted.shape().clone(), submitted.cells());
    sheet.highlight = highlight(&sheet.shape, &req.highlight)?;
    sheet.caption = caption(&req)?;
    let (want_solution, want_candidates) = (req.solution, req.candidates);
    let timeout_ms = state.solve_cap_ms();
    state
        .run_job(timeout_ms, move |deadline, cancel| {
            let mut sheet = sheet.clone();
            if want_solution {
                sheet.solution = Some(solve(&submitted, deadline, cancel, timeout_ms)?);
            }
            if want_candidates {
                sheet.candidates = Some(submitted.candidates().ok_or(ApiError::NoSolution)?);
            }
            Ok(media.draw(&sheet))
        })
        .await?
}

/// The puzzle's one solution.
fn solve(
    submitted: &Puzzle,
    deadline: Instant,
    cancel: &AtomicBool,
    timeout_ms: u64,
) -> Result<Cells, ApiError> {
    let late = |stats| ApiError::DeadlineExceeded { timeout_ms, stats };
    let out = submitted
        .solve(2, Interrupt::at(deadline, cancel))
        .map_err(|stop| late(stop.stats))?;
    let solutions = out.solutions.iter().map(Puzzle::cells).collect();
    unique(submitted.shape(), out.verdict, solutions)
}

/// The one solution, or the problem of having none or several.
fn unique(shape: &Shape, verdict: Verdict, mut solutions: Vec<Cells>) -> Result<Cells, ApiError> {
    match verdict {
        Verdict::Unique | Verdict::Solved => Ok(solutions.remove(0)),
        Verdict::None => Err(ApiError::NoSolution),
        Verdict::Multiple => {
            let [a, b] = [&solutions[0], &solutions[1]].map(|s| s.to_text(shape));
            Err(ApiError::MultipleSolutions(Box::new([a, b])))
        }
    }
}

/// The cells named in `highlight`, each checked.
fn highlight(shape: &Shape, names: &[String]) -> Result<Vec<usize>, ApiError> {
    let n = shape.size();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            shape.cell_named(name).ok_or_else(|| ApiError::InvalidField {
                field: format!("highlight[{i}]"),
                detail: format!(
                    "{name:?} is not a cell of this grid; expected a row letter A-{} and a column 1-{n}, such as A1",
                    char::from(b'A' + (n - 1) as u8)
                ),
            })
        })
        .collect()
}

/// The caption, when any of its members is given.
fn caption(req: &RenderRequest) -> Result<Option<Caption>, ApiError> {
    if req.number.is_none() && req.level.is_none() && req.seed.is_none() {
        return Ok(None);
    }
    if let Some(n) = req.number {
        super::extract::check_range("number", n, 1, MAX_NUMBER)?;
    }
    if let Some(seed) = req.seed {
        super::extract::check_range("seed", seed, 0, MAX_SEED)?;
    }
    let level = match &req.level {
        None => None,
        Some(name) => Some(
            name.parse::<Difficulty>()
                .map_err(|e| ApiError::InvalidField {
                    field: "level".into(),
                    detail: e.to_string(),
                })?
                .name()
                .to_string(),
        ),
    };
    Ok(Some(Caption {
        number: req.number.map(|n| n as usize),
        level,
        seed: req.seed,
        shape: true,
    }))
}
