//! `POST /solve/batch`: many puzzles in one request, answered as a stream of NDJSON lines in input
//! order while the input is still arriving.
//!
//! - [`input`]: the body (a JSON array, NDJSON, or the command line's text and CSV) cut into lines
//!   and read by the command line's reader, a record for every line in its place;
//! - [`answer`]: a chunk of records answered on a solver thread, and the closing lines;
//! - here: the route, and the window that keeps a bounded number of chunks on the pool at once.
//!
//! Memory is bounded whatever the length: at most [`window`] chunks of [`input::CHUNK`] records
//! are read ahead of the answers written. When the client reads slowly, the response is not
//! polled, so nothing more is read or solved (back-pressure all the way to the client's sends);
//! when it disconnects, the response is dropped with the window in it, which raises the cancel
//! flag of every chunk on the pool (a running one stops before its next puzzle, queued ones never
//! start).

pub mod answer;
pub mod input;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use futures_util::stream;
use serde_json::Value;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::error::ApiError;
use super::extract::parse_json;
use super::AppState;
use crate::batch::{Record, Summary};
use crate::pool::PoolError;
use answer::{answer_chunk, merge, stop_line, summary_line, Answered};
use input::{Format, Input};

/// The most puzzles in a JSON array body (stream NDJSON or CSV for more).
pub const MAX_ARRAY_PUZZLES: usize = 10_000;

/// The largest JSON array body: [`MAX_ARRAY_PUZZLES`] puzzles with room for rules.
pub const MAX_ARRAY_BYTES: usize = 4 * 1024 * 1024;

/// The media type of the answer.
pub const NDJSON: &str = "application/x-ndjson";

/// The routes of this resource. They are served without the body cap of the other routes
/// ([`super::layers`]): the body streams, under the limits of [`crate::config::BatchLimits`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/solve/batch", post(solve_batch))
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
}

async fn solve_batch(State(state): State<AppState>, req: Request) -> Result<Response, ApiError> {
    let limits = state.config().batch.clone();
    let input = match format(req.headers())? {
        Some(format) => Input::stream(
            req.into_body().into_data_stream(),
            format,
            limits.max_lines,
            limits.idle_timeout,
        ),
        None => Input::array(array(req.into_body()).await?),
    };
    let answers = Answers {
        window: window(&state),
        state,
        input,
        in_flight: VecDeque::new(),
        summary: Summary::default(),
        started: Instant::now(),
        finished: false,
    };
    let body = stream::unfold(answers, |mut answers| async move {
        let bytes = answers.next().await?;
        Some((
            Ok::<_, std::convert::Infallible>(Bytes::from(bytes)),
            answers,
        ))
    });
    let mut response = Body::from_stream(body).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(NDJSON));
    Ok(response)
}

/// The body's format from its content type; `None` for a JSON array. A compressed body is refused,
/// as on every route.
fn format(headers: &HeaderMap) -> Result<Option<Format>, ApiError> {
    if let Some(encoding) = headers
        .get(header::CONTENT_ENCODING)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_string())
        .filter(|v| !v.is_empty() && !v.eq_ignore_ascii_case("identity"))
    {
        return Err(ApiError::UnsupportedContentEncoding { encoding });
    }
    let essence = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default();
    match essence.as_str() {
        "application/json" => Ok(None),
        "application/x-ndjson" | "application/jsonl" => Ok(Some(Format::Ndjson)),
        "text/csv" | "text/plain" => Ok(Some(Format::Text)),
        _ => Err(ApiError::UnsupportedMediaType {
            expected: "application/json, application/x-ndjson, text/csv or text/plain",
        }),
    }
}

/// A JSON array body, read whole under its own cap.
async fn array(body: Body) -> Result<Vec<Value>, ApiError> {
    let bytes = axum::body::to_bytes(body, MAX_ARRAY_BYTES)
        .await
        .map_err(|_| ApiError::PayloadTooLarge {
            limit_bytes: MAX_ARRAY_BYTES,
        })?;
    if !bytes.trim_ascii_start().starts_with(b"[") {
        return Err(ApiError::InvalidField {
            field: "body".into(),
            detail:
                "a JSON batch is an array of puzzles: strings, or objects with puzzle and rules"
                    .into(),
        });
    }
    let elements: Vec<Value> = parse_json(&bytes)?;
    if elements.len() > MAX_ARRAY_PUZZLES {
        return Err(ApiError::InvalidField {
            field: "body".into(),
            detail: format!(
                "a JSON batch holds at most {MAX_ARRAY_PUZZLES} puzzles, got {}; stream NDJSON or CSV for more",
                elements.len()
            ),
        });
    }
    Ok(elements)
}

/// Chunks on the pool at once: two per thread, so that a thread finishing one finds the next
/// already queued while the answers of the first are written.
pub fn window(state: &AppState) -> usize {
    state.pool().workers() * 2
}

/// A chunk on the pool: its answers as they are made, and its end.
struct Flight {
    pieces: mpsc::UnboundedReceiver<Vec<u8>>,
    done: AbortOnDrop,
}

/// The task answering a chunk, aborted (which cancels the chunk on the pool) when dropped.
struct AbortOnDrop(JoinHandle<Answered>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The answers of one request, produced as the response is read.
struct Answers {
    state: AppState,
    input: Input,
    in_flight: VecDeque<Flight>,
    window: usize,
    summary: Summary,
    started: Instant,
    finished: bool,
}

impl Answers {
    /// The next piece of the response: answers of the oldest chunk, or at the end the closing lines.
    async fn next(&mut self) -> Option<Vec<u8>> {
        loop {
            if self.finished {
                return None;
            }
            let reading = !self.input.is_done() && self.in_flight.len() < self.window;
            let Some(front) = self.in_flight.front_mut() else {
                if !reading {
                    self.finished = true;
                    return Some(self.closing());
                }
                if let Some(records) = self.input.next_chunk().await {
                    self.start(records);
                }
                continue;
            };
            // Answers first: what is ready is written before more input is read.
            tokio::select! {
                biased;
                Some(piece) = front.pieces.recv() => return Some(piece),
                done = &mut front.done.0 => {
                    let mut rest = Vec::new();
                    while let Ok(piece) = front.pieces.try_recv() {
                        rest.extend(piece);
                    }
                    self.in_flight.pop_front();
                    // A chunk's task ends only by answering: its abort comes with this stream's end.
                    let done = done.expect("a batch chunk's task is aborted only when dropped");
                    merge(&mut self.summary, &done.summary);
                    return Some(rest);
                }
                chunk = self.input.next_chunk(), if reading => {
                    if let Some(records) = chunk {
                        self.start(records);
                    }
                }
            }
        }
    }

    /// Puts a chunk on the pool.
    fn start(&mut self, records: Vec<Record>) {
        let (send, pieces) = mpsc::unbounded_channel();
        let done = tokio::spawn(solve(self.state.clone(), records, send));
        self.in_flight.push_back(Flight {
            pieces,
            done: AbortOnDrop(done),
        });
    }

    /// The early stop's record, if any, and the summary.
    fn closing(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(stop) = self.input.stop() {
            self.summary.add_error();
            out.extend(stop_line(stop));
        }
        out.extend(summary_line(&self.summary, self.started.elapsed()));
        out
    }
}

/// Answers a chunk on the pool, its answers sent to `pieces` as they are made. A batch is one
/// client, not many to shed: when the queue is full it waits for room rather than failing its
/// lines. Dropping the future cancels the chunk.
async fn solve(
    state: AppState,
    records: Vec<Record>,
    pieces: mpsc::UnboundedSender<Vec<u8>>,
) -> Answered {
    let timeout = state.config().batch.puzzle_timeout;
    let count = u32::try_from(records.len()).unwrap_or(u32::MAX);
    let slot = Arc::new(Mutex::new(Some(records)));
    loop {
        // Every puzzle may take its whole deadline, after waiting behind the other chunks.
        let deadline = Instant::now() + timeout * count + Duration::from_secs(60);
        let (taken, sender) = (slot.clone(), pieces.clone());
        let job = move |cancel: &_| {
            let records = taken.lock().ok().and_then(|mut r| r.take());
            let mut flush = |piece| {
                let _ = sender.send(piece);
            };
            let mut answered =
                answer_chunk(records.unwrap_or_default(), timeout, cancel, &mut flush);
            flush(std::mem::take(&mut answered.bytes));
            answered
        };
        match state.pool().run(deadline, job).await {
            Ok(answered) => {
                let metrics = state.metrics();
                metrics.observe_batch(answered.summary.puzzles as u64, answered.cancelled);
                return answered;
            }
            Err(PoolError::QueueFull) => tokio::time::sleep(Duration::from_millis(5)).await,
            Err(PoolError::Deadline) => return unanswered(&slot, &pieces),
        }
    }
}

/// The records of a chunk that never ran, each answered `timeout` in its place.
fn unanswered(
    slot: &Mutex<Option<Vec<Record>>>,
    pieces: &mpsc::UnboundedSender<Vec<u8>>,
) -> Answered {
    let records = slot
        .lock()
        .ok()
        .and_then(|mut r| r.take())
        .unwrap_or_default();
    let mut answered = Answered::default();
    let mut bytes = Vec::new();
    for record in records {
        let line = match &record {
            Ok(puzzle) => puzzle.line(),
            Err(error) => error.line,
        };
        answered
            .summary
            .add(&crate::batch::Answer::Timeout, Duration::ZERO);
        bytes.extend(
            format!("{{\"line\":{line},\"verdict\":\"timeout\",\"time_us\":0}}\n").into_bytes(),
        );
    }
    let _ = pieces.send(bytes);
    answered
}
