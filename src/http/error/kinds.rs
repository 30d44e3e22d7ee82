//! The table of problem kinds: each code's HTTP status and title, one row each.

use axum::http::StatusCode;

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

pub(super) const INVALID_JSON: ProblemKind = kind(400, "invalid_json", "Malformed JSON");
pub(super) const INVALID_FIELD: ProblemKind = kind(400, "invalid_field", "Invalid field");
pub(super) const DUPLICATE_PARAMETER: ProblemKind =
    kind(400, "duplicate_parameter", "Duplicate query parameter");
pub(super) const OUT_OF_RANGE: ProblemKind = kind(422, "out_of_range", "Parameter out of range");
pub(super) const UNSUPPORTED_VALUE: ProblemKind =
    kind(422, "unsupported_value", "Value not accepted");
pub(super) const UNSUPPORTED_MEDIA_TYPE: ProblemKind =
    kind(415, "unsupported_media_type", "Unsupported media type");
pub(super) const UNSUPPORTED_CONTENT_ENCODING: ProblemKind = kind(
    415,
    "unsupported_content_encoding",
    "Unsupported content encoding",
);
pub(super) const UNSUPPORTED_CHARSET: ProblemKind =
    kind(415, "unsupported_charset", "Unsupported charset");
pub(super) const PAYLOAD_TOO_LARGE: ProblemKind =
    kind(413, "payload_too_large", "Payload too large");
pub(super) const WRONG_CELL_COUNT: ProblemKind =
    kind(422, "wrong_cell_count", "Wrong number of cells");
pub(super) const WRONG_ROW_COUNT: ProblemKind =
    kind(422, "wrong_row_count", "Wrong number of rows");
pub(super) const WRONG_ROW_LENGTH: ProblemKind = kind(422, "wrong_row_length", "Wrong row length");
pub(super) const VALUE_OUT_OF_RANGE: ProblemKind =
    kind(422, "value_out_of_range", "Cell value out of range");
pub(super) const CONFLICTING_GIVENS: ProblemKind =
    kind(422, "conflicting_givens", "Conflicting givens");
pub(super) const INVALID_RULES: ProblemKind = kind(422, "invalid_rules", "Invalid rules");
pub(super) const UNKNOWN_SYMBOL: ProblemKind = kind(422, "unknown_symbol", "Unknown symbol");
pub(super) const UNSUPPORTED_SHAPE: ProblemKind =
    kind(422, "unsupported_shape", "Not available for this shape");
pub(super) const NO_SOLUTION: ProblemKind = kind(422, "no_solution", "No solution");
pub(super) const MULTIPLE_SOLUTIONS: ProblemKind =
    kind(422, "multiple_solutions", "Multiple solutions");
pub(super) const PROGRESS_MISMATCH: ProblemKind =
    kind(422, "progress_mismatch", "Progress changes a given");
pub(super) const NOT_ACCEPTABLE: ProblemKind = kind(406, "not_acceptable", "Not acceptable");
pub(super) const NOT_FOUND: ProblemKind = kind(404, "not_found", "Not found");
pub(super) const METHOD_NOT_ALLOWED: ProblemKind =
    kind(405, "method_not_allowed", "Method not allowed");
pub(super) const QUEUE_FULL: ProblemKind = kind(503, "queue_full", "Queue full");
pub(super) const TOO_MANY_BATCHES: ProblemKind =
    kind(503, "too_many_batches", "Too many batches at once");
pub(super) const TOO_MANY_REQUESTS: ProblemKind =
    kind(429, "too_many_requests", "Too many requests");
pub(super) const DEADLINE_EXCEEDED: ProblemKind =
    kind(504, "deadline_exceeded", "Deadline exceeded");
pub(super) const REQUEST_TIMEOUT: ProblemKind = kind(408, "request_timeout", "Request timeout");
pub(super) const MALFORMED_REQUEST: ProblemKind =
    kind(400, "malformed_request", "Malformed request");
pub(super) const URI_TOO_LONG: ProblemKind = kind(414, "uri_too_long", "URI too long");
pub(super) const HEADERS_TOO_LARGE: ProblemKind =
    kind(431, "headers_too_large", "Request headers too large");
pub(super) const INTERNAL: ProblemKind = kind(500, "internal", "Internal error");

/// Every kind of problem the API answers, one row each: the table the spec's `ProblemCode` is held to.
pub const PROBLEM_KINDS: [ProblemKind; 32] = [
    INVALID_JSON,
    INVALID_FIELD,
    DUPLICATE_PARAMETER,
    OUT_OF_RANGE,
    UNSUPPORTED_VALUE,
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
    NOT_ACCEPTABLE,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    QUEUE_FULL,
    TOO_MANY_BATCHES,
    TOO_MANY_REQUESTS,
    DEADLINE_EXCEEDED,
    REQUEST_TIMEOUT,
    MALFORMED_REQUEST,
    URI_TOO_LONG,
    HEADERS_TOO_LARGE,
    INTERNAL,
];
