//! `POST /solve/batch`: many puzzles in one request, answered as a stream of NDJSON lines in input
//! order while the input is still arriving.
//!
//! - [`spool`]: the body read as fast as the client sends it, into memory and then disk, both
//!   bounded, so that a client that sends everything before it reads is answered in full;
//! - [`input`]: the spooled body (a JSON array, NDJSON, or the command line's text and CSV) cut
//!   into lines and read by the command line's reader, a record for every line in its place;
//! - `chunk`: a chunk on the pool, in turns of the light lane, each puzzle past the light budget
//!   answered as heavy work charged to the batch's client;
//! - [`answer`]: a chunk's records answered on a solver thread, written as NDJSON lines;
//! - [`closing`]: the lines that end the stream (an early stop's record, the summary);
//! - here: the route, the cap on batches at once, and the window that keeps a bounded number of
//!   chunks on the pool at once.
//!
//! Memory is bounded whatever the length: the spool's memory bound, and at most [`window`] chunks
//! of [`input::CHUNK`] records solved ahead of the answers written. When the client reads slowly,
//! the response is not polled, so nothing more is solved (the body is still read, into the
//! spool); when it disconnects, the response is dropped with the window in it, which raises the
//! cancel flag of every chunk on the pool (a running one stops before its next puzzle, queued ones
//! never start). When the server begins to shut down, the chunks stop before their next puzzle,
//! what was answered goes out, and a `shutting_down` record names the first line not answered; when
//! the client's budget of heavy work is spent, a `too_many_requests` record does.

pub mod answer;
mod chunk;
pub mod closing;
pub mod input;
pub mod spool;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use futures_util::stream;
use serde_json::Value;
use tokio::sync::{mpsc, watch, OwnedSemaphorePermit};
use tokio::task::JoinHandle;

use super::caller::Caller;
use super::error::ApiError;
use super::extract::parse_json;
use super::AppState;
use crate::batch::{Record, Summary};
use crate::clients::budget::Refusal;
use answer::AnsweredChunk;
use closing::{merge, stop_line, summary_line};
use input::{BodyFormat, Input, Stop};
use spool::Spool;

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
    let format = format(req.headers())?;
    let caller = Caller::current();
    // A client whose budget is spent is told at once, before its body is read.
    state
        .budgets()
        .check(&caller.id)
        .map_err(|refusal| state.refuse(refusal))?;
    let permit = state.batch_permit().ok_or(ApiError::TooManyBatches {
        max: limits.max_batches,
    })?;
    let input = match format {
        Some(format) => {
            let spool = Spool::start(
                req.into_body().into_data_stream(),
                limits.spool.clone(),
                limits.idle_timeout,
            );
            // Reading the body is what has hyper answer `Expect: 100-continue`: the response head
            // must not go out before that, or the client may never send its body.
            spool.started().await;
            Input::stream(spool, format, limits.max_lines)
        }
        None => Input::array(array(req.into_body()).await?),
    };
    let answers = Answers {
        window: window(&state),
        shutdown: state.shutdown_watch(),
        caller,
        state,
        input,
        in_flight: VecDeque::new(),
        summary: Summary::default(),
        started: Instant::now(),
        halt: Arc::new(AtomicBool::new(false)),
        cut: None,
        finished: false,
        span: tracing::Span::current(),
        permit: Some(permit),
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
    response
        .extensions_mut()
        .insert(crate::access_log::Streamed);
    Ok(response)
}

/// The body's format from its content type; `None` for a JSON array. A compressed body is refused,
/// as on every route.
fn format(headers: &HeaderMap) -> Result<Option<BodyFormat>, ApiError> {
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
        "application/x-ndjson" | "application/jsonl" => Ok(Some(BodyFormat::Ndjson)),
        "text/csv" | "text/plain" => Ok(Some(BodyFormat::Text)),
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
struct AbortOnDrop(JoinHandle<AnsweredChunk>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The answers of one request, produced as the response is read.
struct Answers {
    state: AppState,
    /// The client the batch's heavy work is charged to.
    caller: Arc<Caller>,
    input: Input,
    in_flight: VecDeque<Flight>,
    window: usize,
    summary: Summary,
    started: Instant,
    /// Raised when the server begins to shut down: every chunk stops before its next puzzle.
    halt: Arc<AtomicBool>,
    shutdown: watch::Receiver<bool>,
    /// Why the stream ends short, once it does for a reason of the server's.
    cut: Option<Stop>,
    finished: bool,
    /// The request's span, for the line that says how the stream ended.
    span: tracing::Span,
    /// This batch's place among those allowed at once, given back as the last line is made.
    permit: Option<OwnedSemaphorePermit>,
}

impl Drop for Answers {
    fn drop(&mut self) {
        if !self.finished {
            let _entered = self.span.enter();
            tracing::warn!(
                answered = self.summary.puzzles,
                elapsed_ms = self.started.elapsed().as_millis() as u64,
                "the answer stream was cut before its end: the client left or stopped reading"
            );
        }
    }
}

impl Answers {
    /// The next piece of the response: answers of the oldest chunk, or at the end the closing lines.
    async fn next(&mut self) -> Option<Vec<u8>> {
        loop {
            if self.finished {
                return None;
            }
            if !self.halt.load(Ordering::Relaxed) && *self.shutdown.borrow() {
                self.shut_down();
            }
            let reading = !self.input.is_done() && self.in_flight.len() < self.window;
            let Some(front) = self.in_flight.front_mut() else {
                if !reading {
                    self.finished = true;
                    return Some(self.closing());
                }
                tokio::select! {
                    chunk = self.input.next_chunk() => if let Some(records) = chunk {
                        self.start(records);
                    },
                    _ = self.shutdown.changed(), if !self.halt.load(Ordering::Relaxed) => {}
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
                    match (done.unanswered_from, done.refused) {
                        (Some(first), Some(refusal)) => self.over_budget(first, refusal),
                        (Some(first), None) => self.cut_at(first),
                        _ => {}
                    }
                    return Some(rest);
                }
                chunk = self.input.next_chunk(), if reading => {
                    if let Some(records) = chunk {
                        self.start(records);
                    }
                }
                _ = self.shutdown.changed(), if !self.halt.load(Ordering::Relaxed) => {}
            }
        }
    }

    /// The server is shutting down: the chunks on the pool stop before their next puzzle, nothing
    /// more is read, and the stream ends with a record naming the first line not answered.
    fn shut_down(&mut self) {
        self.halt.store(true, Ordering::Relaxed);
        if !self.input.is_done() {
            let line = self.input.halt();
            self.cut_at(line);
        }
    }

    /// Notes `line` as not answered: the `shutting_down` record names the first such line.
    fn cut_at(&mut self, line: usize) {
        self.cut = Some(match self.cut {
            Some(Stop::ShuttingDown { line: earlier }) => Stop::ShuttingDown {
                line: earlier.min(line),
            },
            Some(Stop::OverBudget {
                line: earlier,
                retry_after,
            }) if earlier <= line => Stop::OverBudget {
                line: earlier,
                retry_after,
            },
            _ => Stop::ShuttingDown { line },
        });
    }

    /// The client's budget is spent at `line`: nothing more is read, the chunks on the pool answer
    /// what needs no heavy work, and the stream ends with a `too_many_requests` record.
    fn over_budget(&mut self, line: usize, refusal: Refusal) {
        if !self.input.is_done() {
            self.input.halt();
        }
        let retry_after = refusal.retry_after();
        self.cut = Some(match self.cut {
            Some(Stop::ShuttingDown { line: earlier }) if earlier < line => {
                Stop::ShuttingDown { line: earlier }
            }
            Some(Stop::OverBudget { line: earlier, .. }) if earlier < line => Stop::OverBudget {
                line: earlier,
                retry_after,
            },
            _ => Stop::OverBudget { line, retry_after },
        });
    }

    /// Puts a chunk on the pool.
    fn start(&mut self, records: Vec<Record>) {
        let (send, pieces) = mpsc::unbounded_channel();
        let done = tokio::spawn(chunk::solve(
            self.state.clone(),
            self.caller.clone(),
            records,
            send,
            self.halt.clone(),
        ));
        self.in_flight.push_back(Flight {
            pieces,
            done: AbortOnDrop(done),
        });
    }

    /// The early stop's record, if any, and the summary.
    fn closing(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(stop) = self.cut.as_ref().or(self.input.stop()) {
            self.summary.add_error();
            out.extend(stop_line(stop));
        }
        out.extend(summary_line(&self.summary, self.started.elapsed()));
        self.permit = None;
        let _entered = self.span.enter();
        tracing::info!(
            answered = self.summary.puzzles,
            elapsed_ms = self.started.elapsed().as_millis() as u64,
            cut = self.cut.is_some(),
            "finished streaming the answers"
        );
        out
    }
}
