//! The API's one error type and its one rendering: RFC 9457 problem details
//! (`application/problem+json`) with a stable snake_case `code` and members that locate the fault.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

use crate::engine::{Conflict, Grid, GridError, Square, Stats};

/// Prefix of every problem's `type` URI; the code completes it.
pub const PROBLEM_TYPE_BASE: &str = "https://sudoku.example/problems/";

/// The media type of every error body.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// Everything the API can answer instead of a result. Each variant's doc names its status.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the body is not JSON (serde's message gives line and column).
    #[error("the body is not valid JSON: {0}")]
    InvalidJson(String),
    /// 400: a field is missing, unknown, of the wrong type or not one of the allowed values.
    #[error("{detail}")]
    InvalidField {
        /// The field (body member or query parameter).
        field: String,
        /// What is wrong with it.
        detail: String,
    },
    /// 422: a number outside its allowed range.
    #[error("{field} must be between {minimum} and {maximum}, got {value}")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// The smallest allowed value.
        minimum: u64,
        /// The largest allowed value.
        maximum: u64,
        /// What was sent.
        value: u64,
    },
    /// 415: the body is not declared as JSON.
    #[error("expected a body with content-type application/json")]
    UnsupportedMediaType,
    /// 415: the body is sent with a `Content-Encoding` (gzip, br, ...) the server does not decode, so
    /// it cannot be read as JSON.
    #[error(
        "the body's content-encoding {encoding:?} is not supported; send the JSON uncompressed"
    )]
    UnsupportedContentEncoding {
        /// The encoding the request declared.
        encoding: String,
    },
    /// 413: the body is larger than the server accepts.
    #[error("the body is larger than {limit_bytes} bytes")]
    PayloadTooLarge {
        /// The limit.
        limit_bytes: usize,
    },
    /// 422: the puzzle has the wrong shape or a value outside 0-9.
    #[error("{}", puzzle_detail(.0))]
    Puzzle(GridError),
    /// 422: givens of one digit share a unit (every conflict is listed).
    #[error("the givens conflict: {}", .0.first().map(ToString::to_string).unwrap_or_default())]
    ConflictingGivens(Vec<Conflict>),
    /// 422: the puzzle has no solution, so it cannot be graded, hinted or explained.
    #[error("the puzzle has no solution, so it cannot be solved step by step")]
    NoSolution,
    /// 422: the puzzle has more than one solution (two are given as proof), so no step can be
    /// justified by logic alone.
    #[error("the puzzle has more than one solution, so it cannot be solved step by step; two of them are in `solutions`")]
    MultipleSolutions(Box<[Grid; 2]>),
    /// 422: the player's progress changes one of the puzzle's givens.
    #[error(
        "progress changes the given {given} at {square} to {found}; progress must keep every given"
    )]
    ProgressMismatch {
        /// The square.
        square: Square,
        /// The puzzle's given there.
        given: u8,
        /// What progress holds there (0 for blank).
        found: u8,
    },
    /// 404: no such route, set or resource.
    #[error("{0}")]
    NotFound(String),
    /// 405: the route exists but not with this method.
    #[error("this route does not accept that method")]
    MethodNotAllowed,
    /// 503: every worker is busy and the waiting line is full (sent with `Retry-After`).
    #[error("the server is busy: every solver is working and the queue is full; retry shortly")]
    QueueFull,
    /// 504: the deadline passed, with the search counters so far (zero nodes when the work never
    /// got a worker).
    #[error("the deadline of {timeout_ms} ms passed before the work finished")]
    DeadlineExceeded {
        /// The deadline that applied.
        timeout_ms: u64,
        /// Counters of the interrupted search.
        stats: Stats,
    },
    /// 408: the request was not complete within the request timeout (a client sending its body too
    /// slowly: handlers themselves are bounded by their job's deadline, which answers first).
    #[error("the request was not complete within {limit_ms} ms")]
    RequestTimeout {
        /// The request timeout that applied.
        limit_ms: u64,
    },
    /// 500: a bug (a caught panic); never caused by client input.
    #[error("an internal error occurred; it has been logged")]
    Internal,
}

/// One kind of problem: its HTTP status, its stable code and its RFC 9457 `title`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemKind {
    /// The HTTP status.
    pub status: StatusCode,
    /// The stable machine-readable code (also the last segment of `type`).
    pub code: &'static str,
    /// The human-readable summary, fixed per code.
    pub title: &'static str,
}

const fn kind(status: u16, code: &'static str, title: &'static str) -> ProblemKind {
    let Ok(status) = StatusCode::from_u16(status) else {
        panic!("a problem kind's status is a valid HTTP status");
    };
    ProblemKind {
        status,
        code,
        title,
    }
}

const INVALID_JSON: ProblemKind = kind(400, "invalid_json", "Malformed JSON");
const INVALID_FIELD: ProblemKind = kind(400, "invalid_field", "Invalid field");
const OUT_OF_RANGE: ProblemKind = kind(422, "out_of_range", "Parameter out of range");
const UNSUPPORTED_MEDIA_TYPE: ProblemKind =
    kind(415, "unsupported_media_type", "Unsupported media type");
const UNSUPPORTED_CONTENT_ENCODING: ProblemKind = kind(
    415,
    "unsupported_content_encoding",
    "Unsupported content encoding",
);
const PAYLOAD_TOO_LARGE: ProblemKind = kind(413, "payload_too_large", "Payload too large");
const WRONG_CELL_COUNT: ProblemKind = kind(422, "wrong_cell_count", "Wrong number of cells");
const WRONG_ROW_COUNT: ProblemKind = kind(422, "wrong_row_count", "Wrong number of rows");
const WRONG_ROW_LENGTH: ProblemKind = kind(422, "wrong_row_length", "Wrong row length");
const VALUE_OUT_OF_RANGE: ProblemKind = kind(422, "value_out_of_range", "Cell value out of range");
const CONFLICTING_GIVENS: ProblemKind = kind(422, "conflicting_givens", "Conflicting givens");
const NO_SOLUTION: ProblemKind = kind(422, "no_solution", "No solution");
const MULTIPLE_SOLUTIONS: ProblemKind = kind(422, "multiple_solutions", "Multiple solutions");
const PROGRESS_MISMATCH: ProblemKind = kind(422, "progress_mismatch", "Progress changes a given");
const NOT_FOUND: ProblemKind = kind(404, "not_found", "Not found");
const METHOD_NOT_ALLOWED: ProblemKind = kind(405, "method_not_allowed", "Method not allowed");
const QUEUE_FULL: ProblemKind = kind(503, "queue_full", "Queue full");
const DEADLINE_EXCEEDED: ProblemKind = kind(504, "deadline_exceeded", "Deadline exceeded");
const REQUEST_TIMEOUT: ProblemKind = kind(408, "request_timeout", "Request timeout");
const INTERNAL: ProblemKind = kind(500, "internal", "Internal error");

/// Every kind of problem the API answers, one row each: the table the spec's `ProblemCode` is held to.
pub const PROBLEM_KINDS: [ProblemKind; 20] = [
    INVALID_JSON,
    INVALID_FIELD,
    OUT_OF_RANGE,
    UNSUPPORTED_MEDIA_TYPE,
    UNSUPPORTED_CONTENT_ENCODING,
    PAYLOAD_TOO_LARGE,
    WRONG_CELL_COUNT,
    WRONG_ROW_COUNT,
    WRONG_ROW_LENGTH,
    VALUE_OUT_OF_RANGE,
    CONFLICTING_GIVENS,
    NO_SOLUTION,
    MULTIPLE_SOLUTIONS,
    PROGRESS_MISMATCH,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    QUEUE_FULL,
    DEADLINE_EXCEEDED,
    REQUEST_TIMEOUT,
    INTERNAL,
];

impl From<GridError> for ApiError {
    /// A conflict found while building the grid is the same problem as one found after.
    fn from(error: GridError) -> Self {
        match error {
            GridError::Conflict(conflict) => ApiError::ConflictingGivens(vec![conflict]),
            other => ApiError::Puzzle(other),
        }
    }
}

impl ApiError {
    /// This error's row of [`PROBLEM_KINDS`].
    pub fn kind(&self) -> ProblemKind {
        match self {
            ApiError::InvalidJson(_) => INVALID_JSON,
            ApiError::InvalidField { .. } => INVALID_FIELD,
            ApiError::OutOfRange { .. } => OUT_OF_RANGE,
            ApiError::UnsupportedMediaType => UNSUPPORTED_MEDIA_TYPE,
            ApiError::UnsupportedContentEncoding { .. } => UNSUPPORTED_CONTENT_ENCODING,
            ApiError::PayloadTooLarge { .. } => PAYLOAD_TOO_LARGE,
            ApiError::Puzzle(GridError::CellCount { .. }) => WRONG_CELL_COUNT,
            ApiError::Puzzle(GridError::RowCount { .. }) => WRONG_ROW_COUNT,
            ApiError::Puzzle(GridError::RowLength { .. }) => WRONG_ROW_LENGTH,
            ApiError::Puzzle(GridError::OutOfRange { .. }) => VALUE_OUT_OF_RANGE,
            ApiError::Puzzle(GridError::Conflict(_)) | ApiError::ConflictingGivens(_) => {
                CONFLICTING_GIVENS
            }
            ApiError::NoSolution => NO_SOLUTION,
            ApiError::MultipleSolutions(_) => MULTIPLE_SOLUTIONS,
            ApiError::ProgressMismatch { .. } => PROGRESS_MISMATCH,
            ApiError::NotFound(_) => NOT_FOUND,
            ApiError::MethodNotAllowed => METHOD_NOT_ALLOWED,
            ApiError::QueueFull => QUEUE_FULL,
            ApiError::DeadlineExceeded { .. } => DEADLINE_EXCEEDED,
            ApiError::RequestTimeout { .. } => REQUEST_TIMEOUT,
            ApiError::Internal => INTERNAL,
        }
    }

    /// The stable machine-readable code (also the last segment of `type`).
    pub fn code(&self) -> &'static str {
        self.kind().code
    }

    /// The members beyond the standard five that locate the fault.
    fn extra_members(&self) -> Map<String, Value> {
        let mut m = Map::new();
        match self {
            ApiError::InvalidField { field, .. } => {
                m.insert("field".into(), json!(field));
            }
            ApiError::OutOfRange {
                field,
                minimum,
                maximum,
                ..
            } => {
                m.insert("field".into(), json!(field));
                m.insert("minimum".into(), json!(minimum));
                m.insert("maximum".into(), json!(maximum));
            }
            ApiError::PayloadTooLarge { limit_bytes } => {
                m.insert("limit_bytes".into(), json!(limit_bytes));
            }
            ApiError::Puzzle(e) => grid_error_members(&mut m, e),
            ApiError::ConflictingGivens(conflicts) => conflict_members(&mut m, conflicts),
            ApiError::DeadlineExceeded { stats, .. } => {
                m.insert("stats".into(), stats_json(stats));
            }
            ApiError::RequestTimeout { limit_ms } => {
                m.insert("limit_ms".into(), json!(limit_ms));
            }
            ApiError::NoSolution => {
                m.insert("field".into(), json!("puzzle"));
            }
            ApiError::MultipleSolutions(solutions) => {
                m.insert("field".into(), json!("puzzle"));
                let lines: Vec<String> = solutions.iter().map(Grid::to_line).collect();
                m.insert("solutions".into(), json!(lines));
            }
            ApiError::ProgressMismatch {
                square,
                given,
                found,
            } => {
                m.insert("field".into(), json!("progress"));
                m.insert("square".into(), json!(square.to_string()));
                m.insert("given".into(), json!(given));
                m.insert("found".into(), json!(found));
            }
            _ => {}
        }
        m
    }
}

/// The engine's sentence, except that a value out of range is told in JSON's terms (`null` is a
/// blank too).
fn puzzle_detail(error: &GridError) -> String {
    match error {
        GridError::OutOfRange { square, value } => format!(
            "square {square} (row {}, column {}) holds {value}; expected 0-9 or null",
            square.row() + 1,
            square.col() + 1
        ),
        other => other.to_string(),
    }
}

/// The `stats` object of solve responses and of a 504.
pub fn stats_json(stats: &Stats) -> Value {
    json!({
        "nodes": stats.nodes,
        "guesses": stats.guesses,
        "max_depth": stats.max_depth,
        "elapsed_us": u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX),
    })
}

/// One conflict as JSON: `{"digit", "unit", "squares"}`.
pub fn conflict_json(c: &Conflict) -> Value {
    let squares: Vec<String> = c.squares.iter().map(ToString::to_string).collect();
    json!({ "digit": c.digit.get(), "unit": c.unit.to_string(), "squares": squares })
}

fn grid_error_members(m: &mut Map<String, Value>, e: &GridError) {
    m.insert("field".into(), json!("puzzle"));
    match e {
        GridError::CellCount { found } => {
            m.insert("found_cells".into(), json!(found));
        }
        GridError::RowCount { found } => {
            m.insert("found_rows".into(), json!(found));
        }
        GridError::RowLength { row, found } => {
            m.insert("row".into(), json!(row));
            m.insert("found".into(), json!(found));
        }
        GridError::OutOfRange { square, value } => {
            m.insert("square".into(), json!(square.to_string()));
            m.insert("row".into(), json!(square.row() + 1));
            m.insert("column".into(), json!(square.col() + 1));
            m.insert("value".into(), json!(value));
        }
        GridError::Conflict(c) => conflict_members(m, std::slice::from_ref(c)),
    }
}

/// The first conflict locates the fault at the top level; `conflicts` lists them all.
fn conflict_members(m: &mut Map<String, Value>, conflicts: &[Conflict]) {
    m.insert("field".into(), json!("puzzle"));
    if let Some(Value::Object(first)) = conflicts.first().map(conflict_json) {
        m.extend(first);
    }
    let all: Vec<Value> = conflicts.iter().map(conflict_json).collect();
    m.insert("conflicts".into(), Value::Array(all));
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let ProblemKind {
            status,
            code,
            title,
        } = self.kind();
        if matches!(self, ApiError::Internal) {
            tracing::error!(code, "internal error answered with 500");
        }
        let mut body = Map::new();
        body.insert("type".into(), json!(format!("{PROBLEM_TYPE_BASE}{code}")));
        body.insert("title".into(), json!(title));
        body.insert("status".into(), json!(status.as_u16()));
        body.insert("detail".into(), json!(self.to_string()));
        body.insert("code".into(), json!(code));
        body.extend(self.extra_members());
        let mut response = (status, axum::Json(Value::Object(body))).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
        if matches!(self, ApiError::QueueFull) {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_problem_kind_has_its_own_code_and_an_error_status() {
        let codes: BTreeSet<&str> = PROBLEM_KINDS.iter().map(|k| k.code).collect();
        assert_eq!(codes.len(), PROBLEM_KINDS.len());
        assert!(PROBLEM_KINDS.iter().all(|k| (k.status.is_client_error()
            || k.status.is_server_error())
            && !k.title.is_empty()));
    }

    #[test]
    fn the_specs_problem_codes_are_the_tables() {
        let spec: serde_json::Value =
            serde_norway::from_str(crate::http::openapi::OPENAPI_YAML).unwrap();
        let documented: BTreeSet<&str> = spec["components"]["schemas"]["ProblemCode"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(serde_json::Value::as_str)
            .collect();
        let table: BTreeSet<&str> = PROBLEM_KINDS.iter().map(|k| k.code).collect();
        assert_eq!(documented, table);
    }

    #[test]
    fn a_conflict_found_while_parsing_is_the_same_problem_as_one_found_after() {
        let grid = crate::engine::Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
        let conflict = grid.conflicts().remove(0);
        let from_parse = ApiError::from(GridError::Conflict(conflict.clone()));
        assert!(matches!(from_parse, ApiError::ConflictingGivens(ref c) if c.len() == 1));
        assert_eq!(from_parse.code(), "conflicting_givens");
    }
}
