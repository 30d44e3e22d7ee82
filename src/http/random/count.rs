//! Puzzles by the dozen: `GET /random?count=N` makes the k-th puzzle from seed + k (with
//! [`crate::wire::random::make`] for classic ones, as `sudoku random --count N --format json` does),
//! as a JSON array or as NDJSON written as each is made.

use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream;

use crate::engine::targeted::{method, Method, TechniqueRefused};
use crate::engine::{Interrupt, OrderError, Stats};
use crate::http::error::ApiError;
use crate::http::logic_json::generation_stopped;
use crate::http::AppState;
use crate::wire::grid::GridFormat;
use crate::wire::random::{make, Ask, RandomResponse};

/// The most puzzles one request may ask for.
pub const MAX_COUNT: u64 = 100;

/// `count` puzzles from `first`, as a JSON array, or as NDJSON written as each is made when the
/// client accepts `application/x-ndjson`. Each puzzle is one job on the pool, and the whole request
/// shares the server's one deadline (a count is not a way to buy `count` deadlines of work): a JSON
/// array fails whole with 504 past it, a stream ends with a `deadline_exceeded` line.
pub async fn answer(
    state: &AppState,
    headers: &HeaderMap,
    ask: Ask,
    first: u64,
    count: u64,
    format: GridFormat,
) -> Result<Response, ApiError> {
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    if !wants_ndjson(headers) {
        let mut puzzles = Vec::new();
        for seed in first..first + count {
            puzzles.push(within(state, ask, seed, format, timeout_ms, started).await?);
        }
        return Ok(Json(puzzles).into_response());
    }
    let state = state.clone();
    let lines = stream::unfold(Some(first), move |next| {
        let state = state.clone();
        async move {
            let seed = next.filter(|&s| s < first + count)?;
            let made = within(&state, ask, seed, format, timeout_ms, started).await;
            let (line, next) = match made {
                Ok(made) => (serde_json::to_vec(&made), Some(seed + 1)),
                Err(error) => (serde_json::to_vec(&error.problem()), None),
            };
            let mut line = line.expect("puzzles and problems serialise");
            line.push(b'\n');
            Some((Ok::<_, std::convert::Infallible>(Bytes::from(line)), next))
        }
    });
    let mut response = Body::from_stream(lines).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(crate::http::batch::NDJSON),
    );
    Ok(response)
}

/// `count` puzzles of another shape (or with a symmetry) from `first`, each made as
/// `GET /random` makes one, under its own deadline: a JSON array, or NDJSON written as each is
/// made when the client accepts `application/x-ndjson`, where a puzzle that fails (a deadline, a
/// level its seed does not reach) is a problem line in its place and the rest still come.
pub(super) async fn shaped(
    state: &AppState,
    headers: &HeaderMap,
    query: &crate::http::extract::QueryParams,
    wanted: super::order::Wanted,
    first: u64,
    count: u64,
    format: GridFormat,
) -> Result<Response, ApiError> {
    if !wants_ndjson(headers) {
        let mut puzzles = Vec::new();
        for seed in first..first + count {
            let made = super::order::random(state, query, wanted.clone(), seed, format).await?;
            puzzles.push(made.0);
        }
        return Ok(Json(puzzles).into_response());
    }
    let (state, query) = (state.clone(), query.clone());
    let lines = stream::unfold(first, move |seed| {
        let (state, query, wanted) = (state.clone(), query.clone(), wanted.clone());
        async move {
            if seed >= first + count {
                return None;
            }
            let line = match super::order::random(&state, &query, wanted, seed, format).await {
                Ok(made) => serde_json::to_vec(&made.0),
                Err(error) => serde_json::to_vec(&error.problem()),
            };
            let mut line = line.expect("puzzles and problems serialise");
            line.push(b'\n');
            Some((
                Ok::<_, std::convert::Infallible>(Bytes::from(line)),
                seed + 1,
            ))
        }
    });
    let mut response = Body::from_stream(lines).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(crate::http::batch::NDJSON),
    );
    Ok(response)
}

/// One puzzle of a count, in what is left of the request's `timeout_ms` since `started`; a 504
/// past it reports the request's deadline and the whole time spent.
async fn within(
    state: &AppState,
    ask: Ask,
    seed: u64,
    format: GridFormat,
    timeout_ms: u64,
    started: Instant,
) -> Result<RandomResponse, ApiError> {
    let spent = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let past = || ApiError::DeadlineExceeded {
        timeout_ms,
        stats: Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        },
    };
    if spent >= timeout_ms {
        return Err(past());
    }
    match one(state, ask, seed, format, timeout_ms - spent).await {
        Err(ApiError::DeadlineExceeded { .. }) => Err(past()),
        // A puzzle that ran past the light budget and was still waiting for a heavy thread at the
        // deadline is a 503 on its own; in a count, the request's deadline is what ended it.
        Err(ApiError::QueueFull) if started.elapsed().as_millis() >= u128::from(timeout_ms) => {
            Err(past())
        }
        other => other,
    }
}

/// One puzzle on the pool, under a deadline of `timeout_ms`.
pub(super) async fn one(
    state: &AppState,
    ask: Ask,
    seed: u64,
    format: GridFormat,
    timeout_ms: u64,
) -> Result<RandomResponse, ApiError> {
    let started = Instant::now();
    let job = move |deadline, cancel: &_| make(&ask, seed, format, Interrupt::at(deadline, cancel));
    // A technique search tries puzzle after puzzle: heavy work from the start.
    let made = if ask.technique.is_some() {
        state.run_heavy(timeout_ms, job).await?
    } else {
        state.run_job(timeout_ms, job).await?
    };
    made.map_err(|stop| match stop {
        OrderError::TechniqueExhausted => ApiError::InvalidField {
            field: "technique".into(),
            detail: format!(
                "no puzzle showing {} was found in {} attempts from seed {seed}; try another seed",
                ask.technique.map_or("the technique", |t| t.id()),
                ask.technique.and_then(method).map_or(0, Method::budget),
            ),
        },
        OrderError::TechniqueUnsupported => TechniqueRefused {
            name: ask.technique.map_or("", |t| t.id()).to_string(),
            why: ask.technique.and_then(crate::engine::targeted::refusal),
        }
        .into(),
        // A classic order has no shape to fault and no level it can miss: only its deadline.
        OrderError::Stopped(reason) => generation_stopped(reason, timeout_ms, started),
        OrderError::Shape(_) | OrderError::NotReached(_) => ApiError::Internal,
    })
}

/// Whether the client asks for NDJSON (`Accept: application/x-ndjson`).
fn wants_ndjson(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|media| {
            media
                .split(';')
                .next()
                .is_some_and(|m| m.trim().eq_ignore_ascii_case(crate::http::batch::NDJSON))
        })
}
