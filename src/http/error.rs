//! The API's one error type and its one rendering: RFC 9457 problem details
//! (`application/problem+json`) with a stable snake_case `code` and members that locate the fault.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::engine::shape::{CellsError, ShapeError};
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
         puzzles with more givens are easier than {difficulty} (see GET /random in the README)",
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
    /// 422: givens of one digit share a unit (every conflict is listed).
    #[error("the givens conflict: {}", .0.first().map(ToString::to_string).unwrap_or_default())]
    ConflictingGivens(Vec<Conflict>),
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
    /// 422: givens of one symbol share a unit of a shape other than classic (every one listed).
    #[error("the givens conflict: {} appears {} times in {} ({})",
        .0.first().map_or(0, |c| c.digit), .0.first().map_or(0, |c| c.squares.len()),
        .0.first().map_or("", |c| c.unit.as_str()), .0.first().map_or(String::new(), |c| c.squares.join(", ")))]
    ShapeConflicts(Vec<ConflictJson>),
    /// 422: generating to a difficulty level exists for classic 9x9 only so far.
    #[error("difficulty levels for generated puzzles are available for classic 9x9 only so far; the shape asked for is {shape}")]
    UnsupportedShape {
        /// The shape, in words (`16x16`, `9x9 x`).
        shape: String,
    },
    /// 422: the puzzle has no solution, so it cannot be graded, hinted or explained.
    #[error("the puzzle has no solution, so it cannot be solved step by step")]
    NoSolution,
    /// 422: the puzzle has more than one solution (two are given as proof), so no step can be
    /// justified by logic alone.
    #[error("the puzzle has more than one solution, so it cannot be solved step by step; two of them are in `solutions`")]
    MultipleSolutions(Box<[Grid; 2]>),
    /// 422: as [`ApiError::MultipleSolutions`] for a puzzle of another shape, its two solutions
    /// written in the shape's symbols.
    #[error("the puzzle has more than one solution, so it cannot be solved step by step; two of them are in `solutions`")]
    ShapeMultipleSolutions(Box<[String; 2]>),
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
    /// 422: as [`ApiError::ProgressMismatch`] on a grid of another shape (values 1..N, 0 blank).
    #[error(
        "progress changes the given {given} at {square} to {found}; progress must keep every given"
    )]
    ShapeProgressMismatch {
        /// The square's name.
        square: String,
        /// The puzzle's given there, in the shape's symbols.
        given: char,
        /// What progress holds there (`.` for blank).
        found: char,
        /// The given's value, 1..N.
        given_value: u8,
        /// The value progress holds there (0 for blank).
        found_value: u8,
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
const DUPLICATE_PARAMETER: ProblemKind =
    kind(400, "duplicate_parameter", "Duplicate query parameter");
const OUT_OF_RANGE: ProblemKind = kind(422, "out_of_range", "Parameter out of range");
const UNSUPPORTED_MEDIA_TYPE: ProblemKind =
    kind(415, "unsupported_media_type", "Unsupported media type");
const UNSUPPORTED_CONTENT_ENCODING: ProblemKind = kind(
    415,
    "unsupported_content_encoding",
    "Unsupported content encoding",
);
const UNSUPPORTED_CHARSET: ProblemKind = kind(415, "unsupported_charset", "Unsupported charset");
const PAYLOAD_TOO_LARGE: ProblemKind = kind(413, "payload_too_large", "Payload too large");
const WRONG_CELL_COUNT: ProblemKind = kind(422, "wrong_cell_count", "Wrong number of cells");
const WRONG_ROW_COUNT: ProblemKind = kind(422, "wrong_row_count", "Wrong number of rows");
const WRONG_ROW_LENGTH: ProblemKind = kind(422, "wrong_row_length", "Wrong row length");
const VALUE_OUT_OF_RANGE: ProblemKind = kind(422, "value_out_of_range", "Cell value out of range");
const CONFLICTING_GIVENS: ProblemKind = kind(422, "conflicting_givens", "Conflicting givens");
const INVALID_RULES: ProblemKind = kind(422, "invalid_rules", "Invalid rules");
const UNKNOWN_SYMBOL: ProblemKind = kind(422, "unknown_symbol", "Unknown symbol");
const UNSUPPORTED_SHAPE: ProblemKind =
    kind(422, "unsupported_shape", "Not available for this shape");
const NO_SOLUTION: ProblemKind = kind(422, "no_solution", "No solution");
const MULTIPLE_SOLUTIONS: ProblemKind = kind(422, "multiple_solutions", "Multiple solutions");
const PROGRESS_MISMATCH: ProblemKind = kind(422, "progress_mismatch", "Progress changes a given");
const NOT_FOUND: ProblemKind = kind(404, "not_found", "Not found");
const METHOD_NOT_ALLOWED: ProblemKind = kind(405, "method_not_allowed", "Method not allowed");
const QUEUE_FULL: ProblemKind = kind(503, "queue_full", "Queue full");
const DEADLINE_EXCEEDED: ProblemKind = kind(504, "deadline_exceeded", "Deadline exceeded");
const REQUEST_TIMEOUT: ProblemKind = kind(408, "request_timeout", "Request timeout");
const MALFORMED_REQUEST: ProblemKind = kind(400, "malformed_request", "Malformed request");
const URI_TOO_LONG: ProblemKind = kind(414, "uri_too_long", "URI too long");
const HEADERS_TOO_LARGE: ProblemKind = kind(431, "headers_too_large", "Request headers too large");
const INTERNAL: ProblemKind = kind(500, "internal", "Internal error");

/// Every kind of problem the API answers, one row each: the table the spec's `ProblemCode` is held to.
pub const PROBLEM_KINDS: [ProblemKind; 28] = [
    INVALID_JSON,
    INVALID_FIELD,
    DUPLICATE_PARAMETER,
    OUT_OF_RANGE,
    UNSUPPORTED_MEDIA_TYPE,
    UNSUPPORTED_CONTENT_ENCODING,
    UNSUPPORTED_CHARSET,
    PAYLOAD_TOO_LARGE,
    WRONG_CELL_COUNT,
    WRONG_ROW_COUNT,
    WRONG_ROW_LENGTH,
    VALUE_OUT_OF_RANGE,
    CONFLICTING_GIVENS,
    INVALID_RULES,
    UNKNOWN_SYMBOL,
    UNSUPPORTED_SHAPE,
    NO_SOLUTION,
    MULTIPLE_SOLUTIONS,
    PROGRESS_MISMATCH,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    QUEUE_FULL,
    DEADLINE_EXCEEDED,
    REQUEST_TIMEOUT,
    MALFORMED_REQUEST,
    URI_TOO_LONG,
    HEADERS_TOO_LARGE,
    INTERNAL,
];

impl From<GridError> for ApiError {
    /// Each engine fault has its own variant, so each has exactly one row of [`PROBLEM_KINDS`]; a
    /// conflict found while building the grid is the same problem as one found after.
    fn from(error: GridError) -> Self {
        match error {
            GridError::CellCount { found } => ApiError::WrongCellCount {
                field: PUZZLE,
                found,
            },
            GridError::RowCount { found } => ApiError::WrongRowCount {
                field: PUZZLE,
                found,
            },
            GridError::RowLength { row, found } => ApiError::WrongRowLength {
                field: PUZZLE,
                row,
                found,
            },
            GridError::OutOfRange { square, value } => ApiError::ValueOutOfRange {
                field: PUZZLE,
                square,
                value,
            },
            GridError::Conflict(conflict) => ApiError::ConflictingGivens(vec![conflict]),
        }
    }
}

impl ApiError {
    /// The same fault found in another member holding a grid (`progress` rather than `puzzle`):
    /// shape faults name it, and a field path or sentence that begins with `puzzle` begins with it.
    pub fn in_member(self, member: &'static str) -> ApiError {
        match self {
            ApiError::WrongCellCount { found, .. } => ApiError::WrongCellCount {
                field: member,
                found,
            },
            ApiError::WrongRowCount { found, .. } => ApiError::WrongRowCount {
                field: member,
                found,
            },
            ApiError::WrongRowLength { row, found, .. } => ApiError::WrongRowLength {
                field: member,
                row,
                found,
            },
            ApiError::ValueOutOfRange { square, value, .. } => ApiError::ValueOutOfRange {
                field: member,
                square,
                value,
            },
            ApiError::InvalidField { field, detail } => ApiError::InvalidField {
                field: renamed(&field, member),
                detail: renamed(&detail, member),
            },
            other => other,
        }
    }

    /// This error's row of [`PROBLEM_KINDS`].
    pub fn kind(&self) -> ProblemKind {
        match self {
            ApiError::InvalidJson(_) => INVALID_JSON,
            ApiError::InvalidField { .. } => INVALID_FIELD,
            ApiError::DuplicateParameter { .. } => DUPLICATE_PARAMETER,
            ApiError::OutOfRange { .. } | ApiError::GivensAboveLevel { .. } => OUT_OF_RANGE,
            ApiError::UnsupportedMediaType => UNSUPPORTED_MEDIA_TYPE,
            ApiError::UnsupportedContentEncoding { .. } => UNSUPPORTED_CONTENT_ENCODING,
            ApiError::UnsupportedCharset { .. } => UNSUPPORTED_CHARSET,
            ApiError::PayloadTooLarge { .. } => PAYLOAD_TOO_LARGE,
            ApiError::WrongCellCount { .. } => WRONG_CELL_COUNT,
            ApiError::WrongRowCount { .. } => WRONG_ROW_COUNT,
            ApiError::WrongRowLength { .. } => WRONG_ROW_LENGTH,
            ApiError::ValueOutOfRange { .. } => VALUE_OUT_OF_RANGE,
            ApiError::ConflictingGivens(_) | ApiError::ShapeConflicts(_) => CONFLICTING_GIVENS,
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
            ApiError::MultipleSolutions(_) | ApiError::ShapeMultipleSolutions(_) => {
                MULTIPLE_SOLUTIONS
            }
            ApiError::ProgressMismatch { .. } | ApiError::ShapeProgressMismatch { .. } => {
                PROGRESS_MISMATCH
            }
            ApiError::NotFound(_) => NOT_FOUND,
            ApiError::MethodNotAllowed => METHOD_NOT_ALLOWED,
            ApiError::QueueFull => QUEUE_FULL,
            ApiError::DeadlineExceeded { .. } => DEADLINE_EXCEEDED,
            ApiError::RequestTimeout { .. } => REQUEST_TIMEOUT,
            ApiError::MalformedRequest => MALFORMED_REQUEST,
            ApiError::UriTooLong => URI_TOO_LONG,
            ApiError::HeadersTooLarge => HEADERS_TOO_LARGE,
            ApiError::Internal => INTERNAL,
        }
    }

    /// The problem details this error is answered with: the standard members from its row of
    /// [`PROBLEM_KINDS`] and its own sentence, plus the members that locate the fault.
    pub fn problem(&self) -> ProblemDetails {
        let base = ProblemDetails::new(self.kind(), self.to_string());
        match self {
            ApiError::InvalidField { field, .. } | ApiError::DuplicateParameter { field, .. } => {
                base.in_field(field)
            }
            ApiError::OutOfRange {
                field,
                minimum,
                maximum,
                ..
            } => ProblemDetails {
                field: Some((*field).to_string()),
                minimum: Some(*minimum),
                maximum: Some(*maximum),
                ..base
            },
            ApiError::GivensAboveLevel { maximum, .. } => ProblemDetails {
                field: Some("givens".to_string()),
                minimum: Some(crate::limits::GIVENS.minimum),
                maximum: Some(*maximum),
                ..base
            },
            ApiError::PayloadTooLarge { limit_bytes } => ProblemDetails {
                limit_bytes: Some(*limit_bytes),
                ..base
            },
            ApiError::WrongCellCount { field, found } => ProblemDetails {
                found_cells: Some(*found),
                ..base.in_field(field)
            },
            ApiError::WrongRowCount { field, found } => ProblemDetails {
                found_rows: Some(*found),
                ..base.in_field(field)
            },
            ApiError::WrongRowLength { field, row, found } => ProblemDetails {
                row: Some(*row),
                found: Some(*found),
                ..base.in_field(field)
            },
            ApiError::ValueOutOfRange {
                field,
                square,
                value,
            } => ProblemDetails {
                square: Some(square.to_string()),
                row: Some(square.row() + 1),
                column: Some(square.col() + 1),
                value: Some(*value),
                ..base.in_field(field)
            },
            ApiError::ConflictingGivens(conflicts) => {
                conflict_problem(base, conflicts.iter().map(ConflictJson::from).collect())
            }
            ApiError::ShapeConflicts(conflicts) => conflict_problem(base, conflicts.clone()),
            ApiError::InvalidRules(error) => base.in_field(error.field()),
            ApiError::ShapeCells { field, error } => shape_cells_problem(base, field, error),
            ApiError::DeadlineExceeded { stats, .. } => ProblemDetails {
                stats: Some(StatsJson::from(stats)),
                ..base
            },
            ApiError::RequestTimeout { limit_ms } => ProblemDetails {
                limit_ms: Some(*limit_ms),
                ..base
            },
            ApiError::NoSolution => base.in_field(PUZZLE),
            ApiError::MultipleSolutions(solutions) => ProblemDetails {
                solutions: Some(solutions.iter().map(Grid::to_line).collect()),
                ..base.in_field(PUZZLE)
            },
            ApiError::ShapeMultipleSolutions(solutions) => ProblemDetails {
                solutions: Some(solutions.to_vec()),
                ..base.in_field(PUZZLE)
            },
            ApiError::ShapeProgressMismatch {
                square,
                given_value,
                found_value,
                ..
            } => ProblemDetails {
                square: Some(square.clone()),
                given: Some(*given_value),
                found: Some(usize::from(*found_value)),
                ..base.in_field("progress")
            },
            ApiError::ProgressMismatch {
                square,
                given,
                found,
            } => ProblemDetails {
                square: Some(square.to_string()),
                given: Some(*given),
                found: Some(usize::from(*found)),
                ..base.in_field("progress")
            },
            ApiError::InvalidJson(_)
            | ApiError::UnsupportedMediaType
            | ApiError::UnsupportedContentEncoding { .. }
            | ApiError::UnsupportedCharset { .. }
            | ApiError::NotFound(_)
            | ApiError::MethodNotAllowed
            | ApiError::QueueFull
            | ApiError::MalformedRequest
            | ApiError::UriTooLong
            | ApiError::HeadersTooLarge
            | ApiError::UnsupportedShape { .. }
            | ApiError::Internal => base,
        }
    }
}

/// The request member a puzzle fault is located in unless [`ApiError::in_member`] says otherwise.
const PUZZLE: &str = "puzzle";

/// `text` with its leading `puzzle` (a field path such as `puzzle[3]`, or a sentence about it)
/// put as `member`.
fn renamed(text: &str, member: &str) -> String {
    match text.strip_prefix(PUZZLE) {
        Some(rest) => format!("{member}{rest}"),
        None => text.to_string(),
    }
}

/// The body of every error: RFC 9457's five standard members, then the members that locate the
/// fault, each present only for the codes the spec's `Problem` schema names it for.
///
/// Members are declared (and so written) in alphabetical order, the order the service has always
/// written them in, so that the wire stays byte-for-byte what it was.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ProblemDetails {
    /// The stable machine-readable code.
    pub code: &'static str,
    /// The 1-based column of a value out of range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Every conflict among the givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<Vec<ConflictJson>>,
    /// This occurrence, in words.
    pub detail: String,
    /// The digit of the first conflict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digit: Option<u8>,
    /// The request member or query parameter at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// What a row held instead of 9 values, or what progress holds instead of a given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<usize>,
    /// How many cells a puzzle had instead of 81.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found_cells: Option<usize>,
    /// How many rows a puzzle had instead of 9.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found_rows: Option<usize>,
    /// The given that progress changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<u8>,
    /// The body limit that was passed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_bytes: Option<usize>,
    /// The request timeout that was passed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_ms: Option<u64>,
    /// The largest allowed value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum: Option<u64>,
    /// The smallest allowed value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<u64>,
    /// The 1-based position, among the text's characters, of a character that is no symbol.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<usize>,
    /// The 1-based row of a value out of range or of a row of the wrong length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    /// Two different solutions, proving there is more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
    /// The square at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// The squares of the first conflict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squares: Option<Vec<String>>,
    /// The counters of the interrupted search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsJson>,
    /// The HTTP status, repeated.
    pub status: u16,
    /// The summary, fixed per code.
    pub title: &'static str,
    /// The code under [`PROBLEM_TYPE_BASE`].
    #[serde(rename = "type")]
    pub type_uri: String,
    /// The unit of the first conflict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The value out of range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
}

impl ProblemDetails {
    /// The standard members for `kind`, with `detail`, and no others.
    pub fn new(kind: ProblemKind, detail: String) -> ProblemDetails {
        ProblemDetails {
            code: kind.code,
            detail,
            status: kind.status.as_u16(),
            title: kind.title,
            type_uri: format!("{PROBLEM_TYPE_BASE}{}", kind.code),
            ..ProblemDetails::default()
        }
    }

    fn in_field(self, field: &str) -> ProblemDetails {
        ProblemDetails {
            field: Some(field.to_string()),
            ..self
        }
    }
}

/// The first conflict locates the fault at the top level; `conflicts` lists them all.
fn conflict_problem(base: ProblemDetails, all: Vec<ConflictJson>) -> ProblemDetails {
    let Some(first) = all.first().cloned() else {
        return base.in_field(PUZZLE);
    };
    ProblemDetails {
        digit: Some(first.digit),
        unit: Some(first.unit),
        squares: Some(first.squares),
        conflicts: Some(all),
        ..base.in_field(PUZZLE)
    }
}

/// A puzzle that does not fit its shape, located as the classic faults are.
fn shape_cells_problem(base: ProblemDetails, field: &str, error: &CellsError) -> ProblemDetails {
    let base = base.in_field(field);
    match error {
        CellsError::CellCount { found, .. } => ProblemDetails {
            found_cells: Some(*found),
            ..base
        },
        CellsError::RowCount { found, .. } => ProblemDetails {
            found_rows: Some(*found),
            ..base
        },
        CellsError::RowLength { row, found, .. } => ProblemDetails {
            row: Some(*row),
            found: Some(*found),
            ..base
        },
        CellsError::OutOfRange { square, value, .. } => ProblemDetails {
            square: Some(square.clone()),
            value: Some(*value),
            ..base
        },
        CellsError::UnknownSymbol { position, .. } => ProblemDetails {
            position: Some(*position),
            ..base
        },
        CellsError::Conflict { .. } => base,
    }
}

/// The `stats` object of solve responses and of a 504 (members in alphabetical order, as always).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatsJson {
    /// Wall time in microseconds.
    pub elapsed_us: u64,
    /// Choices tried at branching squares.
    pub guesses: u64,
    /// The deepest level of the search.
    pub max_depth: u32,
    /// Search nodes visited.
    pub nodes: u64,
}

impl From<&Stats> for StatsJson {
    fn from(stats: &Stats) -> Self {
        StatsJson {
            elapsed_us: u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX),
            guesses: stats.guesses,
            max_depth: stats.max_depth,
            nodes: stats.nodes,
        }
    }
}

/// One conflict: `{"digit", "squares", "unit"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConflictJson {
    /// The digit given more than once.
    pub digit: u8,
    /// The squares holding it.
    pub squares: Vec<String>,
    /// The unit they share.
    pub unit: String,
}

impl From<&Conflict> for ConflictJson {
    fn from(c: &Conflict) -> Self {
        ConflictJson {
            digit: c.digit.get(),
            squares: c.squares.iter().map(ToString::to_string).collect(),
            unit: c.unit.to_string(),
        }
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
        assert_eq!(from_parse.kind().code, "conflicting_givens");
    }

    #[test]
    fn shape_faults_keep_the_engines_sentences_and_get_their_own_codes() {
        let faults = [
            (GridError::CellCount { found: 80 }, "wrong_cell_count"),
            (GridError::RowCount { found: 8 }, "wrong_row_count"),
            (
                GridError::RowLength { row: 3, found: 8 },
                "wrong_row_length",
            ),
        ];
        for (fault, code) in faults {
            let error = ApiError::from(fault.clone());
            assert_eq!(error.to_string(), fault.to_string());
            assert_eq!(error.kind().code, code);
        }
    }

    #[test]
    fn a_value_out_of_range_is_told_in_jsons_terms_and_located() {
        let square = Square::new(12).unwrap();
        let error = ApiError::from(GridError::OutOfRange { square, value: 12 });
        let problem = error.problem();
        assert_eq!(
            problem.detail,
            "square B4 (row 2, column 4) holds 12; expected 0-9 or null"
        );
        assert_eq!(
            (problem.square.as_deref(), problem.row, problem.column),
            (Some("B4"), Some(2), Some(4))
        );
        assert_eq!(problem.field.as_deref(), Some("puzzle"));
    }

    /// `serde_json::Value` sorts members, so a body that survives a round trip through it unchanged
    /// is written in sorted order.
    fn written_in_sorted_order(body: &impl Serialize) -> bool {
        let text = serde_json::to_string(body).unwrap();
        let sorted: serde_json::Value = serde_json::from_str(&text).unwrap();
        serde_json::to_string(&sorted).unwrap() == text
    }

    #[test]
    fn problem_bodies_are_written_in_the_sorted_order_they_always_had() {
        let grid = Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
        let errors = [
            ApiError::ConflictingGivens(grid.conflicts()),
            ApiError::from(GridError::OutOfRange {
                square: Square::new(0).unwrap(),
                value: -1,
            }),
            ApiError::DeadlineExceeded {
                timeout_ms: 5,
                stats: Stats::default(),
            },
            ApiError::ProgressMismatch {
                square: Square::new(2).unwrap(),
                given: 3,
                found: 4,
            },
            ApiError::OutOfRange {
                field: "givens",
                minimum: 17,
                maximum: 81,
                value: 200,
            },
        ];
        for error in errors {
            assert!(written_in_sorted_order(&error.problem()), "{error:?}");
        }
    }

    #[test]
    fn a_conflict_problem_locates_the_first_conflict_and_lists_them_all() {
        let grid = Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
        let problem = ApiError::ConflictingGivens(grid.conflicts()).problem();
        assert_eq!(problem.digit, Some(1));
        assert_eq!(problem.unit.as_deref(), Some("row A"));
        assert_eq!(problem.squares, Some(vec!["A1".into(), "A2".into()]));
        assert_eq!(problem.conflicts.map(|c| c.len()), Some(2));
    }
}
