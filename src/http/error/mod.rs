//! The API's one error type and its one rendering: RFC 9457 problem details
//! (`application/problem+json`) with a stable snake_case `code` and members that locate the fault.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

use crate::clients::budget::{BudgetLimits, Refusal};
use crate::engine::shape::{CellsError, ShapeError};
use crate::engine::{GridError, Square, Stats};

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
    /// 400: a query parameter given more than once (`seed=1&seed=2`): which one was meant is not
    /// for the server to guess.
    #[error("query parameter `{field}` is given {count} times; give it at most once")]
    DuplicateParameter {
        /// The parameter.
        field: String,
        /// How many times it was given.
        count: usize,
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
    /// 422 `out_of_range`: more givens than puzzles of the level asked for have (more givens make
    /// a puzzle easier), which would search until the deadline for what is almost never found.
    #[error(
        "givens must be between {minimum} and {maximum} with difficulty={difficulty}, got {value}: \
         puzzles with more givens are easier than {difficulty} (see GET /random?difficulty= in \
         docs/logic.md)",
        minimum = crate::limits::GIVENS.minimum
    )]
    GivensAboveLevel {
        /// The level asked for.
        difficulty: &'static str,
        /// The most givens it allows.
        maximum: u64,
        /// What was sent.
        value: u64,
    },
    /// 422 `unsupported_value`: a well-formed parameter whose value is none of those the service
    /// accepts (`technique=x_wingg`), named with the accepted ones.
    #[error("{detail}")]
    UnsupportedValue {
        /// The parameter.
        field: &'static str,
        /// What was sent.
        received: String,
        /// The values accepted, in their documented order.
        expected: Vec<&'static str>,
        /// Why it is refused, ending with the accepted values.
        detail: String,
    },
    /// 415: the body is not declared as a media type the route reads.
    #[error("expected a body with content-type {expected}")]
    UnsupportedMediaType {
        /// The media types the route reads, in words.
        expected: &'static str,
    },
    /// 415: the body is sent with a `Content-Encoding` (gzip, br, ...) the server does not decode, so
    /// it cannot be read as JSON.
    #[error(
        "the body's content-encoding {encoding:?} is not supported; send the JSON uncompressed"
    )]
    UnsupportedContentEncoding {
        /// The encoding the request declared.
        encoding: String,
    },
    /// 415: the body is declared JSON in a charset other than UTF-8 (JSON on the wire is UTF-8,
    /// RFC 8259 section 8.1), so reading it as UTF-8 would misread it.
    #[error("the body's charset {charset:?} is not supported; send JSON as UTF-8 (charset=utf-8 or none)")]
    UnsupportedCharset {
        /// The charset the request declared.
        charset: String,
    },
    /// 413: the body is larger than the server accepts.
    #[error("the body is larger than {limit_bytes} bytes")]
    PayloadTooLarge {
        /// The limit.
        limit_bytes: usize,
    },
    /// 422: the text or flat array does not give exactly 81 cells (in the engine's words, as the
    /// other shape faults).
    #[error("{}", GridError::CellCount { found: *found })]
    WrongCellCount {
        /// The request member holding the grid (`puzzle`, or `progress` for `/hint`).
        field: &'static str,
        /// How many cells were found.
        found: usize,
    },
    /// 422: the 9x9 array does not have 9 rows.
    #[error("{}", GridError::RowCount { found: *found })]
    WrongRowCount {
        /// The request member holding the grid.
        field: &'static str,
        /// How many rows were found.
        found: usize,
    },
    /// 422: a row of the 9x9 array does not have 9 values.
    #[error("{}", GridError::RowLength { row: *row, found: *found })]
    WrongRowLength {
        /// The request member holding the grid.
        field: &'static str,
        /// The row, 1-based.
        row: usize,
        /// How many values it had.
        found: usize,
    },
    /// 422: a value outside 0-9, told in JSON's terms (`null` is a blank too).
    #[error(
        "square {square} (row {row}, column {column}) holds {value}; expected 0-9 or null",
        row = .square.row() + 1,
        column = .square.col() + 1
    )]
    ValueOutOfRange {
        /// The request member holding the grid.
        field: &'static str,
        /// The square holding it.
        square: Square,
        /// The value.
        value: i64,
    },
    /// 422: givens of one value share a unit, or break a constraint, on any shape (every conflict
    /// is listed: units in the shape's unit order, then constraints in the order given).
    #[error("the givens conflict: {}", .0.first().map_or(String::new(), ConflictJson::words))]
    ConflictingGivens(Vec<ConflictJson>),
    /// 422: the `rules` member does not describe a shape (the member at fault is named).
    #[error("{0}")]
    InvalidRules(ShapeError),
    /// 422: a puzzle that does not fit its shape (wrong count, a value above N, a stray character).
    #[error("{error}")]
    ShapeCells {
        /// The request member holding the grid.
        field: &'static str,
        /// What is wrong.
        error: CellsError,
    },
    /// 422: something the shape does not offer: a difficulty level its generated puzzles do not
    /// reach (measured out of reach, or not found within the seed's attempts).
    #[error("{what} is not available for {shape}: {why}")]
    UnsupportedShape {
        /// The shape, in words (`16x16`, `9x9 x`).
        shape: String,
        /// What was asked for (`difficulty expert`).
        what: String,
        /// Why: measured, or the attempts spent.
        why: String,
    },
    /// 422: the puzzle has no solution, so it cannot be graded, hinted or explained.
    #[error("the puzzle has no solution, so it cannot be solved step by step")]
    NoSolution,
    /// 422: the puzzle has more than one solution (two are given as proof), so no step can be
    /// justified by logic alone.
    #[error("the puzzle has more than one solution, so it cannot be solved step by step; two of them are in `solutions`")]
    MultipleSolutions(Box<[String; 2]>),
    /// 422: the player's progress changes one of the puzzle's givens.
    #[error("{}", crate::engine::prose::progress_mismatch(.given, .square, .found))]
    ProgressMismatch {
        /// The square's name.
        square: String,
        /// The puzzle's given there, in the shape's symbols.
        given: char,
        /// What progress holds there (a blank as `0` on classic 9x9, `.` elsewhere).
        found: char,
        /// The given's value, 1..N.
        given_value: u8,
        /// The value progress holds there (0 for blank).
        found_value: u8,
    },
    /// 406: the `Accept` header names no type this route can answer (`/render` and `/random` draw
    /// SVG and PDF besides JSON; `/book` makes PDF only).
    #[error("cannot answer {accept:?}; this route answers {offered}")]
    NotAcceptable {
        /// The request's `Accept` header.
        accept: String,
        /// The types the route offers, comma-separated.
        offered: &'static str,
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
    /// 503: the most batch streams allowed at once are running (sent with `Retry-After`).
    #[error("the server is running its most batches at once ({max}); retry shortly")]
    TooManyBatches {
        /// The cap (`--max-batches`).
        max: usize,
    },
    /// 429: this client's share of heavy work is spent, or it has its most heavy jobs in flight
    /// (sent with `Retry-After` and the `RateLimit` headers).
    #[error("{}", too_many_requests(*refusal, limits))]
    TooManyRequests {
        /// Why.
        refusal: Refusal,
        /// The share every client has.
        limits: BudgetLimits,
    },
    /// 504: the deadline passed, with the search counters so far (zero nodes when the work never
    /// got a worker).
    #[error(
        "the deadline of {timeout_ms} ms passed before the work finished: ask again with a longer \
         timeout_ms where the route takes one (up to the server's cap), with another seed for \
         generation, or use the command line for long work (sudoku solve --timeout-ms, sudoku \
         random), which has no cap"
    )]
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
    /// 400: a request head HTTP cannot read (a bad `Content-Length`, an unknown HTTP version, a NUL
    /// in a header), refused by the connection before the router.
    #[error("the request head is not valid HTTP/1.1 (a malformed request line, header or Content-Length); the connection is closed")]
    MalformedRequest,
    /// 414: a request target longer than the connection reads, refused before the router.
    #[error("the request's URI is too long; the connection is closed")]
    UriTooLong,
    /// 431: a request head with too many or too large headers, refused before the router.
    #[error("the request's headers are too many or too large; the connection is closed")]
    HeadersTooLarge,
    /// A link or f-puzzles document that cannot be read, or a puzzle a format cannot carry: 413
    /// `payload_too_large` for a link too long or data that decodes past the cap, 400
    /// `invalid_field` for what is no link or no f-puzzles data, 422 `unsupported_value` naming a
    /// feature no rule here carries (or the target format cannot) or a value off the grid.
    #[error("{error}")]
    Interchange {
        /// The request member (`link`, `fpuzzles`, `format`).
        member: &'static str,
        /// What is wrong.
        error: crate::interchange::InterchangeError,
    },
    /// 500: a bug (a caught panic); never caused by client input.
    #[error("an internal error occurred; it has been logged")]
    Internal,
}

mod kinds;
mod member;
mod problem;
#[cfg(test)]
mod tests;

use kinds::*;
pub use kinds::{ProblemKind, PROBLEM_KINDS};
pub use problem::{ConflictJson, ProblemDetails, StatsJson};

impl ApiError {
    /// This error's row of [`PROBLEM_KINDS`].
    pub fn kind(&self) -> ProblemKind {
        match self {
            ApiError::InvalidJson(_) => INVALID_JSON,
            ApiError::InvalidField { .. } => INVALID_FIELD,
            ApiError::DuplicateParameter { .. } => DUPLICATE_PARAMETER,
            ApiError::OutOfRange { .. } | ApiError::GivensAboveLevel { .. } => OUT_OF_RANGE,
            ApiError::UnsupportedValue { .. } => UNSUPPORTED_VALUE,
            ApiError::UnsupportedMediaType { .. } => UNSUPPORTED_MEDIA_TYPE,
            ApiError::UnsupportedContentEncoding { .. } => UNSUPPORTED_CONTENT_ENCODING,
            ApiError::UnsupportedCharset { .. } => UNSUPPORTED_CHARSET,
            ApiError::PayloadTooLarge { .. } => PAYLOAD_TOO_LARGE,
            ApiError::WrongCellCount { .. } => WRONG_CELL_COUNT,
            ApiError::WrongRowCount { .. } => WRONG_ROW_COUNT,
            ApiError::WrongRowLength { .. } => WRONG_ROW_LENGTH,
            ApiError::ValueOutOfRange { .. } => VALUE_OUT_OF_RANGE,
            ApiError::ConflictingGivens(_) => CONFLICTING_GIVENS,
            ApiError::InvalidRules(_) => INVALID_RULES,
            ApiError::ShapeCells { error, .. } => match error {
                CellsError::CellCount { .. } => WRONG_CELL_COUNT,
                CellsError::RowCount { .. } => WRONG_ROW_COUNT,
                CellsError::RowLength { .. } => WRONG_ROW_LENGTH,
                CellsError::OutOfRange { .. } => VALUE_OUT_OF_RANGE,
                CellsError::UnknownSymbol { .. } => UNKNOWN_SYMBOL,
                CellsError::Conflict { .. } => CONFLICTING_GIVENS,
            },
            ApiError::UnsupportedShape { .. } => UNSUPPORTED_SHAPE,
            ApiError::NoSolution => NO_SOLUTION,
            ApiError::MultipleSolutions(_) => MULTIPLE_SOLUTIONS,
            ApiError::ProgressMismatch { .. } => PROGRESS_MISMATCH,
            ApiError::NotAcceptable { .. } => NOT_ACCEPTABLE,
            ApiError::NotFound(_) => NOT_FOUND,
            ApiError::MethodNotAllowed => METHOD_NOT_ALLOWED,
            ApiError::QueueFull => QUEUE_FULL,
            ApiError::TooManyBatches { .. } => TOO_MANY_BATCHES,
            ApiError::TooManyRequests { .. } => TOO_MANY_REQUESTS,
            ApiError::DeadlineExceeded { .. } => DEADLINE_EXCEEDED,
            ApiError::RequestTimeout { .. } => REQUEST_TIMEOUT,
            ApiError::MalformedRequest => MALFORMED_REQUEST,
            ApiError::UriTooLong => URI_TOO_LONG,
            ApiError::HeadersTooLarge => HEADERS_TOO_LARGE,
            ApiError::Interchange { error, .. } => {
                use crate::interchange::InterchangeError as E;
                match error {
                    E::LinkTooLong { .. } | E::DecodedTooLarge { .. } => PAYLOAD_TOO_LARGE,
                    E::NotALink { .. } | E::BadData(_) => INVALID_FIELD,
                    E::Unsupported { .. } | E::BadValue { .. } | E::CannotExport { .. } => {
                        UNSUPPORTED_VALUE
                    }
                }
            }
            ApiError::Internal => INTERNAL,
        }
    }
}

/// The sentence of a 429: what was spent and when to come back.
fn too_many_requests(refusal: Refusal, limits: &BudgetLimits) -> String {
    match refusal {
        Refusal::Budget { retry_after } => format!(
            "this client has used its share of heavy work ({} worker-seconds a minute); come back \
             in {retry_after} s (light work, such as a classic solve, is never charged)",
            limits.worker_ms_per_minute / 1000
        ),
        Refusal::InFlight { max } => format!(
            "this client already has {max} heavy jobs running or waiting, the most allowed at \
             once; send the next when one is answered"
        ),
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let problem = self.problem();
        if matches!(self, ApiError::Internal) {
            tracing::error!(code = problem.code, "internal error answered with 500");
        }
        let mut response = (self.kind().status, axum::Json(problem)).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
        if matches!(self, ApiError::QueueFull | ApiError::TooManyBatches { .. }) {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        if let ApiError::TooManyRequests { refusal, .. } = self {
            headers.insert(
                header::RETRY_AFTER,
                HeaderValue::from(refusal.retry_after()),
            );
        }
        response
    }
}
