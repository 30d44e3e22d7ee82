//! A chunk of a batch on the pool: its records answered in the light lane, in turns of at most the
//! light budget, and each puzzle that runs past the light budget answered on its own as heavy work,
//! charged to the batch's client. When the client's budget is spent the chunk stops at that puzzle,
//! and the stream ends with a `too_many_requests` record naming it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::answer::{answer_chunk, AnsweredChunk, Pace};
use super::closing::merge;
use crate::batch::Record;
use crate::clients::budget::Refusal;
use crate::http::caller::Caller;
use crate::http::AppState;
use crate::pool::{Lane, PoolError};

/// Answers a chunk, its answers sent to `pieces` as they are made, in order. A batch is one client,
/// not many to shed: when a lane is full it waits for room rather than failing its lines. Dropping
/// the future cancels the chunk.
pub(super) async fn solve(
    state: AppState,
    caller: Arc<Caller>,
    records: Vec<Record>,
    pieces: mpsc::UnboundedSender<Vec<u8>>,
    halt: Arc<AtomicBool>,
) -> AnsweredChunk {
    let timeout = state.config().batch.puzzle_timeout;
    let light = Pace {
        timeout,
        light: Some(state.config().fairness.light_budget),
    };
    let mut done = AnsweredChunk::default();
    let mut records = records;
    loop {
        let mut turn = run(&state, Lane::Light, light, records, &pieces, &halt).await;
        merge(&mut done.summary, &turn.summary);
        done.cancelled |= turn.cancelled;
        if turn.unanswered_from.is_some() {
            done.unanswered_from = turn.unanswered_from;
            return done;
        }
        if let Some(puzzle) = turn.heavy.take() {
            let line = line_of(&puzzle);
            let heavy = match heavy(&state, &caller, puzzle, timeout, &pieces, &halt).await {
                Ok(heavy) => heavy,
                Err(refusal) => {
                    state.metrics().observe_refusal(refusal);
                    done.unanswered_from = Some(line);
                    done.refused = Some(refusal);
                    return done;
                }
            };
            merge(&mut done.summary, &heavy.summary);
            done.cancelled |= heavy.cancelled;
            if heavy.unanswered_from.is_some() {
                done.unanswered_from = heavy.unanswered_from;
                return done;
            }
        }
        if turn.rest.is_empty() {
            return done;
        }
        records = std::mem::take(&mut turn.rest);
    }
}

/// One puzzle past the light budget, answered as heavy work: admitted by the client's budget
/// (waiting while the client has its most heavy jobs in flight, since they are its own lines) and
/// charged its worker time.
async fn heavy(
    state: &AppState,
    caller: &Caller,
    puzzle: Record,
    timeout: Duration,
    pieces: &mpsc::UnboundedSender<Vec<u8>>,
    halt: &Arc<AtomicBool>,
) -> Result<AnsweredChunk, Refusal> {
    let permit = loop {
        match state.budgets().admit(&caller.id) {
            Ok(permit) => break permit,
            Err(Refusal::InFlight { .. }) => tokio::time::sleep(Duration::from_millis(20)).await,
            Err(refusal) => return Err(refusal),
        }
    };
    caller.note_heavy();
    let pace = Pace {
        timeout,
        light: None,
    };
    let answered = run(state, Lane::Heavy, pace, vec![puzzle], pieces, halt).await;
    drop(permit);
    // Its worker time, as the puzzle's own time says it: not the wait for a heavy thread.
    state.budgets().charge(&caller.id, answered.summary.total);
    Ok(answered)
}

/// Runs one turn of `records` in `lane`.
async fn run(
    state: &AppState,
    lane: Lane,
    pace: Pace,
    records: Vec<Record>,
    pieces: &mpsc::UnboundedSender<Vec<u8>>,
    halt: &Arc<AtomicBool>,
) -> AnsweredChunk {
    let count = u32::try_from(records.len()).unwrap_or(u32::MAX);
    let slot = Arc::new(Mutex::new(Some(records)));
    loop {
        // Every puzzle may take its whole deadline, after waiting behind the other chunks.
        let deadline = Instant::now() + pace.timeout * count + Duration::from_secs(60);
        let (taken, sender, halted) = (slot.clone(), pieces.clone(), halt.clone());
        let job = move |cancel: &_| {
            let records = taken.lock().ok().and_then(|mut r| r.take());
            let mut flush = |piece| {
                let _ = sender.send(piece);
            };
            let mut answered = answer_chunk(
                records.unwrap_or_default(),
                pace,
                cancel,
                &halted,
                &mut flush,
            );
            flush(std::mem::take(&mut answered.bytes));
            answered
        };
        match state.pool().run(lane, None, deadline, job).await {
            Ok(ran) => {
                let answered = ran.value;
                let metrics = state.metrics();
                metrics.observe_batch(answered.summary.puzzles as u64);
                return answered;
            }
            Err(PoolError::QueueFull) if halt.load(Ordering::Relaxed) => {
                return AnsweredChunk {
                    unanswered_from: first_line(&slot),
                    ..AnsweredChunk::default()
                };
            }
            Err(PoolError::QueueFull) => tokio::time::sleep(Duration::from_millis(5)).await,
            Err(_) => return unanswered(&slot, pieces),
        }
    }
}

fn line_of(record: &Record) -> usize {
    match record {
        Ok(entry) => entry.line,
        Err(error) => error.line,
    }
}

/// The line of the first record of a chunk that never ran.
fn first_line(slot: &Mutex<Option<Vec<Record>>>) -> Option<usize> {
    let records = slot.lock().ok()?;
    records.as_ref()?.first().map(line_of)
}

/// The records of a chunk that never ran, each answered `timeout` in its place.
fn unanswered(
    slot: &Mutex<Option<Vec<Record>>>,
    pieces: &mpsc::UnboundedSender<Vec<u8>>,
) -> AnsweredChunk {
    let records = slot
        .lock()
        .ok()
        .and_then(|mut r| r.take())
        .unwrap_or_default();
    let mut answered = AnsweredChunk::default();
    let mut bytes = Vec::new();
    for record in records {
        let line = line_of(&record);
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
