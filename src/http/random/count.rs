//! Classic puzzles by the dozen: `GET /random?count=N` and `sudoku random --count N --format json`
//! make the k-th puzzle from seed + k with the one function here, [`make`], so the same seeds give
//! the same puzzles, byte for byte, on both.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream;

use super::RandomResponse;
use crate::engine::logic::{Difficulty, LogicSolver, Technique};
use crate::engine::targeted::{method, Method, TechniqueGenerator, TechniqueStop};
use crate::engine::{
    generate, Graded, LevelGenerator, LevelRequest, Request, Solver, Stats, Verdict,
};
use crate::http::error::ApiError;
use crate::http::grid_json::GridFormat;
use crate::http::logic_json::generation_stopped;
use crate::http::AppState;
use crate::limits::{fresh_seed, MAX_SEED};

/// The most puzzles one request may ask for.
pub const MAX_COUNT: u64 = 100;

/// How long a search may spend proving one of Norvig's puzzles unique (`unique=false`), as the
/// API's cap does.
const UNIQUENESS_SEARCH: Duration = Duration::from_secs(2);

/// What every puzzle of a count is asked to be.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    /// At least this many givens.
    pub givens: usize,
    /// Unique, minimal puzzles (the default), or Norvig's.
    pub unique: bool,
    /// A level, for graded puzzles.
    pub difficulty: Option<Difficulty>,
    /// A technique the path must use, with nothing harder (minimal puzzles; no `difficulty`).
    pub technique: Option<Technique>,
}

/// The puzzle of `seed` in the API's shape, with its solution and grade where it is unique; stopped
/// by `deadline` or `cancel` (only a level's or a technique's search can be), or by a technique's
/// search running out of attempts.
pub fn make(
    ask: &Ask,
    seed: u64,
    format: GridFormat,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Result<RandomResponse, TechniqueStop> {
    let render = |g: &crate::engine::Grid| format.render(g);
    if let Some(technique) = ask.technique {
        let mut generator = TechniqueGenerator::new();
        if let Some(deadline) = deadline {
            generator = generator.deadline(deadline);
        }
        if let Some(flag) = cancel {
            generator = generator.cancel_flag(flag);
        }
        return Ok(graded_response(
            &generator.generate(technique, seed)?,
            seed,
            format,
        ));
    }
    if let Some(difficulty) = ask.difficulty {
        let mut generator = LevelGenerator::new();
        if let Some(deadline) = deadline {
            generator = generator.deadline(deadline);
        }
        if let Some(flag) = cancel {
            generator = generator.cancel_flag(flag);
        }
        let graded = generator
            .generate(&LevelRequest {
                difficulty,
                givens: ask.givens,
                seed,
            })
            .map_err(TechniqueStop::Stopped)?;
        return Ok(graded_response(&graded, seed, format));
    }
    let mut generated = generate(&Request {
        givens: ask.givens,
        unique: ask.unique,
        seed,
    });
    if generated.solution.is_none() {
        // Norvig's puzzles may happen to be unique; say so when a quick search proves it.
        let search = Solver::new().deadline(Instant::now() + UNIQUENESS_SEARCH);
        generated.solution = search
            .solve(&generated.puzzle)
            .ok()
            .filter(|out| out.verdict == Verdict::Unique)
            .map(|out| out.solutions[0]);
    }
    let grade = generated
        .solution
        .and_then(|_| LogicSolver::new().grade(&generated.puzzle).ok());
    Ok(RandomResponse {
        difficulty: grade.as_ref().map(|g| g.difficulty.name()),
        givens: generated.puzzle.givens(),
        minimal: generated.minimal,
        puzzle: render(&generated.puzzle),
        rules: None,
        score: grade.as_ref().map(|g| g.score),
        seed,
        solution: generated.solution.as_ref().map(render),
        unique: generated.solution.is_some(),
    })
}

/// A graded puzzle in the API's shape.
fn graded_response(graded: &Graded, seed: u64, format: GridFormat) -> RandomResponse {
    RandomResponse {
        difficulty: Some(graded.grade.difficulty.name()),
        givens: graded.puzzle.givens(),
        minimal: graded.minimal,
        puzzle: format.render(&graded.puzzle),
        rules: None,
        score: Some(graded.grade.score),
        seed,
        solution: Some(format.render(&graded.solution)),
        unique: true,
    }
}

/// The seed of the first of `count` puzzles: `seed`, or a fresh one low enough for all of them;
/// `None` when `count` puzzles from `seed` would run past the largest seed.
pub fn first_seed(seed: Option<u64>, count: u64) -> Option<u64> {
    let more = count.saturating_sub(1);
    match seed {
        Some(first) => (first.saturating_add(more) <= MAX_SEED).then_some(first),
        None => Some(fresh_seed().min(MAX_SEED - more)),
    }
}

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
    wanted: super::shaped::Wanted,
    first: u64,
    count: u64,
    format: GridFormat,
) -> Result<Response, ApiError> {
    if !wants_ndjson(headers) {
        let mut puzzles = Vec::new();
        for seed in first..first + count {
            let made = super::shaped::random(state, query, wanted.clone(), seed, format).await?;
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
            let line = match super::shaped::random(&state, &query, wanted, seed, format).await {
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
    let job = move |deadline, cancel: &_| make(&ask, seed, format, Some(deadline), Some(cancel));
    // A technique search tries puzzle after puzzle: heavy work from the start.
    let made = if ask.technique.is_some() {
        state.run_heavy(timeout_ms, job).await?
    } else {
        state.run_job(timeout_ms, job).await?
    };
    made.map_err(|stop| match stop {
        TechniqueStop::Stopped(reason) => generation_stopped(reason, timeout_ms, started),
        TechniqueStop::Exhausted => ApiError::InvalidField {
            field: "technique".into(),
            detail: format!(
                "no puzzle showing {} was found in {} attempts from seed {seed}; try another seed",
                ask.technique.map_or("the technique", |t| t.id()),
                ask.technique.and_then(method).map_or(0, Method::budget),
            ),
        },
        TechniqueStop::Unsupported => super::technique::Refused {
            name: ask.technique.map_or("", |t| t.id()).to_string(),
            why: ask.technique.and_then(crate::engine::targeted::refusal),
        }
        .into(),
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
