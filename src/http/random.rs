//! `GET /random`: a reproducible puzzle from a seed (drawn and returned when not given).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::error::ApiError;
use super::extract::QueryParams;
use super::grid_json::GridFormat;
use super::logic_json::generation_stopped;
use super::AppState;
use crate::engine::generator::{DEFAULT_GIVENS, MAX_GIVENS};
use crate::engine::logic::Difficulty;
use crate::engine::{generate, LevelGenerator, LevelRequest, Request, Solver, Verdict};
use crate::limits::{fresh_seed, MAX_SEED};

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/random", get(random))
}

async fn random(
    State(state): State<AppState>,
    query: QueryParams,
) -> Result<Json<Value>, ApiError> {
    query.only(&["givens", "unique", "seed", "format", "difficulty"])?;
    let givens = query.integer(
        "givens",
        DEFAULT_GIVENS as u64,
        DEFAULT_GIVENS as u64,
        MAX_GIVENS as u64,
    )? as usize;
    let unique = query.boolean("unique", true)?;
    let seed = match query.get("seed") {
        Some(_) => query.integer("seed", 0, 0, MAX_SEED)?,
        None => fresh_seed(),
    };
    let format = GridFormat::from_query(query.get("format"))?;
    if let Some(difficulty) = difficulty(&query)? {
        return leveled(&state, difficulty, givens, seed, format).await;
    }
    let request = Request {
        givens,
        unique,
        seed,
    };
    let generated = state
        .run_job(state.solve_cap_ms(), move |deadline, cancel| {
            let mut generated = generate(&request);
            if generated.solution.is_none() {
                // Norvig's puzzles may happen to be unique; say so when a quick search proves it.
                let search = Solver::new().deadline(deadline).cancel_flag(cancel);
                generated.solution = search
                    .solve(&generated.puzzle)
                    .ok()
                    .filter(|out| out.verdict == Verdict::Unique)
                    .map(|out| out.solutions[0]);
            }
            generated
        })
        .await?;
    let mut body = json!({
        "puzzle": format.render(&generated.puzzle),
        "givens": generated.puzzle.givens(),
        "unique": generated.solution.is_some(),
        "minimal": generated.minimal,
        "seed": seed,
    });
    if let Some(solution) = &generated.solution {
        body["solution"] = format.render(solution);
    }
    Ok(Json(body))
}

/// The `difficulty` parameter. A graded puzzle is always unique, which `unique=false` (uniqueness
/// not required) allows, so `unique` has no say here: the schema cannot forbid the pair, and the
/// CLI's `random --difficulty` ignores `--unique` too.
fn difficulty(query: &QueryParams) -> Result<Option<Difficulty>, ApiError> {
    let Some(name) = query.get("difficulty") else {
        return Ok(None);
    };
    let difficulty = name
        .parse::<Difficulty>()
        .map_err(|e| ApiError::InvalidField {
            field: "difficulty".into(),
            detail: e.to_string(),
        })?;
    Ok(Some(difficulty))
}

/// A unique puzzle graded at `difficulty`, generated on the pool under the server's deadline.
async fn leveled(
    state: &AppState,
    difficulty: Difficulty,
    givens: usize,
    seed: u64,
    format: GridFormat,
) -> Result<Json<Value>, ApiError> {
    let request = LevelRequest {
        difficulty,
        givens,
        seed,
    };
    let timeout_ms = state.solve_cap_ms();
    let generated = state
        .run_job(timeout_ms, move |deadline, cancel| {
            LevelGenerator::new()
                .deadline(deadline)
                .cancel_flag(cancel)
                .generate(&request)
        })
        .await?
        .map_err(|stop| generation_stopped(stop, timeout_ms))?;
    Ok(Json(json!({
        "puzzle": format.render(&generated.puzzle),
        "givens": generated.puzzle.givens(),
        "unique": true,
        "minimal": generated.minimal,
        "seed": seed,
        "solution": format.render(&generated.solution),
        "difficulty": generated.grade.difficulty.name(),
        "score": generated.grade.score,
    })))
}
