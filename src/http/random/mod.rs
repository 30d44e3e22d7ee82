//! `GET /random`: a reproducible puzzle from a seed (drawn and returned when not given), as JSON or,
//! when `Accept` prefers it, drawn as SVG or PDF.

use std::time::Instant;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use super::accept::{negotiate, Media};
use super::error::ApiError;
use super::extract::QueryParams;
use super::grid_json::format_param;
use super::logic_json::generation_stopped;
use super::AppState;
use crate::engine::generator::{DEFAULT_GIVENS, MAX_GIVENS};
use crate::engine::graded::max_givens;
use crate::engine::logic::Difficulty;
use crate::engine::shape::{Cells, Shape, ShapeError};
use crate::engine::{Interrupt, Order, OrderError};
use crate::limits::{fresh_seed, MAX_SEED};
use crate::render::{Caption, Sheet};
use crate::wire::grid::GridFormat;
use crate::wire::random::{first_seed, Ask, RandomResponse};

pub mod count;
mod killer;
pub(crate) mod order;
pub mod technique;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/random", get(random))
}

/// What `/random` answers: JSON first (an absent `Accept`, `*/*`, or one naming none of these
/// types keeps the JSON it has always answered), or the puzzle drawn.
const RANDOM: &[Media] = &[Media::Json, Media::Svg, Media::Pdf];

async fn random(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: QueryParams,
) -> Result<Response, ApiError> {
    let media = negotiate(&headers, RANDOM).unwrap_or(Media::Json);
    let body = match random_json(&state, &headers, query, media).await? {
        RandomReply::One(body) => *body,
        RandomReply::Many(response) => return Ok(response),
    };
    if media == Media::Json {
        let mut response = Json(body).into_response();
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("accept"));
        return Ok(response);
    }
    // The sheet's shape (a generated killer's cages, a jigsaw's regions) is built on the pool
    // too: the async workers only read, check and write.
    state
        .run_small(move |_| drawn(&body).map(|sheet| media.draw(&sheet)))
        .await?
}

/// The generated puzzle as a sheet, its caption naming level, seed and shape.
fn drawn(body: &RandomResponse) -> Result<Sheet, ApiError> {
    let rules = body.rules.clone().unwrap_or_default();
    let shape = Shape::new(&rules).map_err(ApiError::InvalidRules)?;
    let Ok(serde_json::Value::String(text)) = serde_json::to_value(&body.puzzle) else {
        return Err(ApiError::Internal);
    };
    let puzzle = Cells::parse(&shape, &text).map_err(|_| ApiError::Internal)?;
    let mut sheet = Sheet::new(shape, puzzle);
    sheet.caption = Some(Caption {
        number: None,
        level: body.difficulty.map(str::to_string),
        seed: Some(body.seed),
        shape: true,
    });
    Ok(sheet)
}

/// One generated puzzle, to answer as JSON or draw; or, for `count`, the answer already made (a
/// JSON array or an NDJSON stream, never a drawing).
enum RandomReply {
    One(Box<RandomResponse>),
    Many(Response),
}

async fn random_json(
    state: &AppState,
    headers: &HeaderMap,
    query: QueryParams,
    media: Media,
) -> Result<RandomReply, ApiError> {
    query.only(&[
        "count",
        "givens",
        "unique",
        "seed",
        "format",
        "difficulty",
        "size",
        "box",
        "variant",
        "symmetry",
        "technique",
    ])?;
    // A killer reads its own `givens` (0 to N*N): it needs none.
    let killer = query
        .get("variant")
        .is_some_and(|v| v.split(',').any(|name| name == "killer"));
    let givens = if killer {
        0
    } else {
        query.integer(
            "givens",
            DEFAULT_GIVENS as u64,
            DEFAULT_GIVENS as u64,
            MAX_GIVENS as u64,
        )? as usize
    };
    let unique = query.boolean("unique", true)?;
    let seed = match query.get("seed") {
        Some(_) => query.integer("seed", 0, 0, MAX_SEED)?,
        None => fresh_seed(),
    };
    let format = format_param(query.get("format"))?;
    let technique = technique::asked(&query, givens)?;
    if query.get("count").is_some() {
        let response = counted(state, headers, &query, givens, unique, format).await?;
        return Ok(RandomReply::Many(response));
    }
    // A drawing reads the puzzle back from its text form, whatever `format` asked of the JSON.
    let format = if media == Media::Json {
        format
    } else {
        GridFormat::String
    };
    if technique.is_some() {
        let ask = Ask {
            givens,
            unique,
            difficulty: None,
            technique,
        };
        let made = count::one(state, ask, seed, format, state.solve_cap_ms()).await?;
        return Ok(RandomReply::One(Box::new(made)));
    }
    if let Some(wanted) = order::asked(&query)? {
        let Json(body) = order::random(state, &query, wanted, seed, format).await?;
        return Ok(RandomReply::One(Box::new(body)));
    }
    if let Some(difficulty) = difficulty(&query)? {
        check_givens(difficulty, givens)?;
        let Json(body) = leveled(state, difficulty, givens, seed, format).await?;
        return Ok(RandomReply::One(Box::new(body)));
    }
    let order = Order::classic(givens, unique);
    let made = state
        .run_job(state.solve_cap_ms(), move |deadline, cancel| {
            let interrupt = Interrupt::at(deadline, cancel);
            let mut made = order.make(seed, interrupt)?;
            // Norvig's puzzles may happen to be unique; say so when a quick search proves it.
            made.prove_unique(interrupt);
            Ok::<_, OrderError>(made)
        })
        .await?
        .map_err(|_| ApiError::Internal)?;
    Ok(RandomReply::One(Box::new(RandomResponse::of(
        &made, seed, format,
    ))))
}

/// `count` puzzles from one seed (the k-th from seed + k, as `sudoku random --count`), each with its
/// solution and grade where it is unique: classic ones under the request's one deadline, those of
/// other shapes (and symmetries) each under its own, as `POST /solve/batch` gives each line its own.
async fn counted(
    state: &AppState,
    headers: &HeaderMap,
    query: &QueryParams,
    givens: usize,
    unique: bool,
    format: GridFormat,
) -> Result<Response, ApiError> {
    let count = query.integer("count", 1, 1, count::MAX_COUNT)?;
    if let Some(wanted) = order::asked(query)? {
        let first = first_of_count(query, count)?;
        return count::shaped(state, headers, query, wanted, first, count, format).await;
    }
    let difficulty = difficulty(query)?;
    if let Some(difficulty) = difficulty {
        check_givens(difficulty, givens)?;
    }
    let first = first_of_count(query, count)?;
    let ask = Ask {
        givens,
        unique,
        difficulty,
        technique: technique::asked(query, givens)?,
    };
    count::answer(state, headers, ask, first, count, format).await
}

/// The seed of the first of `count` puzzles: `seed`, or a fresh one low enough for all of them; a
/// 400 when `count` puzzles from `seed` would run past the largest seed.
fn first_of_count(query: &QueryParams, count: u64) -> Result<u64, ApiError> {
    let seed = match query.get("seed") {
        Some(_) => Some(query.integer("seed", 0, 0, MAX_SEED)?),
        None => None,
    };
    first_seed(seed, count).ok_or_else(|| ApiError::InvalidField {
        field: "seed".into(),
        detail: format!("seed with count={count} runs past the largest seed, {MAX_SEED}"),
    })
}

/// The `difficulty` parameter. A graded puzzle is always unique, which `unique=false` (uniqueness
/// not required) allows, so `unique` has no say here: the schema cannot forbid the pair, and the
/// CLI's `random --difficulty` ignores `--unique` too.
fn difficulty(query: &QueryParams) -> Result<Option<Difficulty>, ApiError> {
    let Some(name) = query.get("difficulty") else {
        return Ok(None);
    };
    let difficulty = name.parse::<Difficulty>().map_err(|e| {
        let lower = name.to_ascii_lowercase();
        // Levels are lowercase, as the spec's enum says (a fuzzer's `Hard` must be refused).
        let detail = match lower.parse::<Difficulty>() {
            Ok(level) => format!("{e}: levels are lowercase, so write {:?}", level.name()),
            Err(_) => e.to_string(),
        };
        ApiError::InvalidField {
            field: "difficulty".into(),
            detail,
        }
    })?;
    Ok(Some(difficulty))
}

/// `givens` when puzzles of `difficulty` can have that many ([`max_givens`]).
fn check_givens(difficulty: Difficulty, givens: usize) -> Result<(), ApiError> {
    let maximum = max_givens(difficulty);
    if givens <= maximum {
        return Ok(());
    }
    Err(ApiError::GivensAboveLevel {
        difficulty: difficulty.name(),
        maximum: maximum as u64,
        value: givens as u64,
    })
}

/// A unique puzzle graded at `difficulty`, generated on the pool under the server's deadline.
async fn leveled(
    state: &AppState,
    difficulty: Difficulty,
    givens: usize,
    seed: u64,
    format: GridFormat,
) -> Result<Json<RandomResponse>, ApiError> {
    let order = Order {
        level: Some(difficulty),
        ..Order::classic(givens, true)
    };
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let made = state
        .run_job(timeout_ms, move |deadline, cancel| {
            order.make(seed, Interrupt::at(deadline, cancel))
        })
        .await?
        .map_err(|error| match error {
            OrderError::Stopped(stop) => generation_stopped(stop, timeout_ms, started),
            _ => ApiError::Internal,
        })?;
    Ok(Json(RandomResponse::of(&made, seed, format)))
}

/// A shape fault in the query's words: the parameter, not the `rules` member.
pub(crate) fn query_fault(error: ShapeError) -> ApiError {
    // Valid parameters for a shape that has no complete grid: the rules, not their spelling.
    if matches!(error, ShapeError::NoGrid { .. }) {
        return ApiError::InvalidRules(error);
    }
    let field = match error.field() {
        "rules.variants" => "variant",
        "rules.regions" => "variant",
        other => other.trim_start_matches("rules."),
    };
    ApiError::InvalidField {
        field: field.into(),
        detail: error.to_string(),
    }
}
