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

impl ApiError {
    /// The HTTP status.
    fn status(&self) -> StatusCode {
        match self {
            ApiError::InvalidJson(_) | ApiError::InvalidField { .. } => StatusCode::BAD_REQUEST,
            ApiError::OutOfRange { .. }
            | ApiError::Puzzle(_)
            | ApiError::ConflictingGivens(_)
            | ApiError::NoSolution
            | ApiError::MultipleSolutions(_)
            | ApiError::ProgressMismatch { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::QueueFull => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::DeadlineExceeded { .. } => StatusCode::GATEWAY_TIMEOUT,
            ApiError::RequestTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable machine-readable code (also the last segment of `type`).
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::InvalidJson(_) => "invalid_json",
            ApiError::InvalidField { .. } => "invalid_field",
            ApiError::OutOfRange { .. } => "out_of_range",
            ApiError::UnsupportedMediaType => "unsupported_media_type",
            ApiError::PayloadTooLarge { .. } => "payload_too_large",
            ApiError::Puzzle(GridError::CellCount { .. }) => "wrong_cell_count",
            ApiError::Puzzle(GridError::RowCount { .. }) => "wrong_row_count",
            ApiError::Puzzle(GridError::RowLength { .. }) => "wrong_row_length",
            ApiError::Puzzle(GridError::OutOfRange { .. }) => "value_out_of_range",
            ApiError::Puzzle(GridError::Conflict(_)) | ApiError::ConflictingGivens(_) => {
                "conflicting_givens"
            }
            ApiError::NoSolution => "no_solution",
            ApiError::MultipleSolutions(_) => "multiple_solutions",
            ApiError::ProgressMismatch { .. } => "progress_mismatch",
            ApiError::NotFound(_) => "not_found",
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::QueueFull => "queue_full",
            ApiError::DeadlineExceeded { .. } => "deadline_exceeded",
            ApiError::RequestTimeout { .. } => "request_timeout",
            ApiError::Internal => "internal",
        }
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
            ApiError::Puzzle(GridError::Conflict(c)) => {
                conflict_members(&mut m, std::slice::from_ref(c))
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
        GridError::Conflict(_) => {}
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

/// The human-readable summary of a problem type (RFC 9457 `title`), fixed per code.
fn title(code: &str) -> &'static str {
    match code {
        "invalid_json" => "Malformed JSON",
        "invalid_field" => "Invalid field",
        "out_of_range" => "Parameter out of range",
        "unsupported_media_type" => "Unsupported media type",
        "payload_too_large" => "Payload too large",
        "wrong_cell_count" => "Wrong number of cells",
        "wrong_row_count" => "Wrong number of rows",
        "wrong_row_length" => "Wrong row length",
        "value_out_of_range" => "Cell value out of range",
        "conflicting_givens" => "Conflicting givens",
        "no_solution" => "No solution",
        "multiple_solutions" => "Multiple solutions",
        "progress_mismatch" => "Progress changes a given",
        "not_found" => "Not found",
        "method_not_allowed" => "Method not allowed",
        "queue_full" => "Queue full",
        "deadline_exceeded" => "Deadline exceeded",
        "request_timeout" => "Request timeout",
        _ => "Internal error",
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let code = self.code();
        if matches!(self, ApiError::Internal) {
            tracing::error!(code, "internal error answered with 500");
        }
        let mut body = Map::new();
        body.insert("type".into(), json!(format!("{PROBLEM_TYPE_BASE}{code}")));
        body.insert("title".into(), json!(title(code)));
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
