//! The lines that end a `POST /solve/batch` stream: the record of an early stop in the place of the
//! first line not answered, and the summary (Norvig's `solve_all` figures).

use std::time::Duration;

use serde::Serialize;

use super::input::Stop;
use crate::batch::answer_line::{write_line, AnswerLine, ErrorJson};
use crate::batch::Summary;

/// The record of an early stop, in the place of the first line not answered.
pub fn stop_line(stop: &Stop) -> Vec<u8> {
    let (line, code, detail) = match stop {
        Stop::TooManyLines { line, max } => (
            *line,
            "too_many_lines",
            format!("a batch holds at most {max} lines; the rest of the body was not read"),
        ),
        Stop::Idle { line, after } => (
            *line,
            "idle_timeout",
            format!(
                "nothing arrived for {} ms; the input ends here",
                after.as_millis()
            ),
        ),
        Stop::Broken { line, detail } => (*line, "body_error", detail.clone()),
        Stop::OverBudget { line, retry_after } => (
            *line,
            "too_many_requests",
            format!(
                "this client's share of heavy work is spent: line {line} needs heavy work and was \
                 not answered, nor were the lines after it that needed heavy work; send the lines \
                 from {line} on again in {retry_after} s"
            ),
        ),
        Stop::ShuttingDown { line } => (
            *line,
            "shutting_down",
            format!(
                "the server is shutting down: the lines before {line} were answered; \
                 send the lines from {line} on again"
            ),
        ),
    };
    let json = AnswerLine {
        line,
        error: Some(ErrorJson {
            code,
            detail,
            last_line: None,
        }),
        ..AnswerLine::default()
    };
    let mut out = Vec::new();
    write_line(&mut out, &json);
    out
}

/// The last line: Norvig's `solve_all` figures.
#[derive(Debug, Serialize)]
struct SummaryLine {
    summary: SummaryJson,
}

#[derive(Debug, Serialize)]
struct SummaryJson {
    count: usize,
    solved: usize,
    errors: usize,
    mean_us: f64,
    max_us: u64,
    elapsed_ms: u64,
    puzzles_per_second: u64,
}

/// The summary line of a stream that took `elapsed` from its first byte.
pub fn summary_line(summary: &Summary, elapsed: Duration) -> Vec<u8> {
    let answered = (summary.puzzles - summary.errors).max(1);
    let seconds = elapsed.as_secs_f64();
    let json = SummaryLine {
        summary: SummaryJson {
            count: summary.puzzles,
            solved: summary.solved,
            errors: summary.errors,
            mean_us: round3(summary.total.as_secs_f64() * 1e6 / answered as f64),
            max_us: u64::try_from(summary.max.as_micros()).unwrap_or(u64::MAX),
            elapsed_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
            puzzles_per_second: if seconds > 0.0 {
                (summary.puzzles as f64 / seconds).round() as u64
            } else {
                0
            },
        },
    };
    let mut out = Vec::new();
    write_line(&mut out, &json);
    out
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Adds `part` to `total`.
pub fn merge(total: &mut Summary, part: &Summary) {
    total.puzzles += part.puzzles;
    total.solved += part.solved;
    total.errors += part.errors;
    total.mismatches += part.mismatches;
    total.total += part.total;
    total.max = total.max.max(part.max);
}
