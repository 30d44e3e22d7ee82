//! The rendering of an [`ApiError`] as RFC 9457 problem details, and the JSON objects problems
//! (and solve responses) share: stats and conflicts.

use serde::Serialize;

use super::member::PUZZLE;
use super::{ApiError, ProblemKind, PROBLEM_TYPE_BASE};
use crate::engine::shape::CellsError;
use crate::engine::{Conflict, Stats};

impl ApiError {
    /// The problem details this error is answered with: the standard members from its row of
    /// [`PROBLEM_KINDS`](super::PROBLEM_KINDS) and its own sentence, plus the members that locate the fault.
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
            ApiError::UnsupportedValue {
                field,
                received,
                expected,
                ..
            } => ProblemDetails {
                received: Some(received.clone()),
                expected: Some(expected.iter().map(ToString::to_string).collect()),
                ..base.in_field(field)
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
            ApiError::ConflictingGivens(conflicts) => conflict_problem(base, conflicts.clone()),
            ApiError::InvalidRules(error) => ProblemDetails {
                cage: error.cage(),
                constraint: error.constraint(),
                ..base.in_field(error.field())
            },
            ApiError::ShapeCells { field, error } => shape_cells_problem(base, field, error),
            ApiError::DeadlineExceeded { stats, .. } => ProblemDetails {
                stats: Some(StatsJson::from(stats)),
                verdict: Some("timeout"),
                ..base
            },
            ApiError::TooManyRequests { refusal, .. } => ProblemDetails {
                reason: Some(refusal.reason()),
                retry_after: Some(refusal.retry_after()),
                ..base
            },
            ApiError::RequestTimeout { limit_ms } => ProblemDetails {
                limit_ms: Some(*limit_ms),
                ..base
            },
            ApiError::NoSolution => base.in_field(PUZZLE),
            ApiError::MultipleSolutions(solutions) => ProblemDetails {
                solutions: Some(solutions.to_vec()),
                ..base.in_field(PUZZLE)
            },
            ApiError::ProgressMismatch {
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
            ApiError::Interchange { member, error } => interchange_problem(base, member, error),
            ApiError::InvalidJson(_)
            | ApiError::UnsupportedMediaType { .. }
            | ApiError::UnsupportedContentEncoding { .. }
            | ApiError::UnsupportedCharset { .. }
            | ApiError::NotFound(_)
            | ApiError::NotAcceptable { .. }
            | ApiError::MethodNotAllowed
            | ApiError::QueueFull
            | ApiError::TooManyBatches { .. }
            | ApiError::MalformedRequest
            | ApiError::UriTooLong
            | ApiError::HeadersTooLarge
            | ApiError::UnsupportedShape { .. }
            | ApiError::Internal => base,
        }
    }
}

/// A link or document that cannot be read, located: the member (a path inside an `fpuzzles`
/// document), and for a refused feature or value what was sent and what is read.
fn interchange_problem(
    base: ProblemDetails,
    member: &str,
    error: &crate::interchange::InterchangeError,
) -> ProblemDetails {
    use crate::interchange::InterchangeError as E;
    let inside = |path: &str| match member {
        "fpuzzles" => format!("fpuzzles.{path}"),
        _ => member.to_string(),
    };
    let expected = Some(error.expected().iter().map(ToString::to_string).collect());
    match error {
        E::LinkTooLong { limit, .. } | E::DecodedTooLarge { limit } => ProblemDetails {
            limit_bytes: Some(*limit),
            ..base.in_field(member)
        },
        E::NotALink { .. } | E::BadData(_) => base.in_field(member),
        E::Unsupported { feature, .. } => ProblemDetails {
            received: Some(feature.clone()),
            expected,
            ..base.in_field(&inside(feature))
        },
        E::BadValue {
            field, received, ..
        } => ProblemDetails {
            received: Some(received.clone()),
            expected,
            ..base.in_field(&inside(field))
        },
        E::CannotExport { feature, .. } => ProblemDetails {
            received: Some(feature.clone()),
            expected,
            ..base.in_field(member)
        },
    }
}

/// The body of every error: RFC 9457's five standard members, then the members that locate the
/// fault, each present only for the codes the spec's `Problem` schema names it for.
///
/// Members are declared (and so written) in alphabetical order, the order the service has always
/// written them in, so that the wire stays byte-for-byte what it was.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ProblemDetails {
    /// The killer cage at fault in `rules.cages`, 1-based as in `detail`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cage: Option<usize>,
    /// The stable machine-readable code.
    pub code: &'static str,
    /// The 1-based column of a value out of range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Every conflict among the givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<Vec<ConflictJson>>,
    /// The constraint at fault in `rules.constraints`, 1-based as in `detail`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraint: Option<usize>,
    /// This occurrence, in words.
    pub detail: String,
    /// The digit of the first conflict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digit: Option<u8>,
    /// The values a parameter accepts, when the one sent is none of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Vec<String>>,
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
    /// Why a client's request was refused (429): `budget` or `in_flight`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// The value sent for a parameter that accepts none such.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub received: Option<String>,
    /// Seconds to wait before asking again (429), as in `Retry-After`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
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
    /// `timeout` for a deadline that passed, as a solve's answer says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<&'static str>,
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
        digit: first.digit,
        unit: first.unit,
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
            row: square
                .chars()
                .next()
                .map(|r| (r as usize) - ('A' as usize) + 1),
            column: square[1..].parse().ok(),
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

/// One conflict: `{"digit", "squares", "unit"}` for a value repeated in a unit;
/// `{"constraint", "squares"}` (with `digit` for a repeat) for another rule the givens break.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConflictJson {
    /// The rule broken, when it is not a unit: `constraint 3 (thermo)`, `anti_knight`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraint: Option<String>,
    /// The digit given more than once, when the conflict is a repeat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digit: Option<u8>,
    /// The squares at fault.
    pub squares: Vec<String>,
    /// The unit they share, when the conflict is a repeat in a unit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

impl ConflictJson {
    /// The conflict in words: `digit 5 appears 2 times in row A (A1, A2)`, `constraint 1 (thermo)
    /// is broken at A1, A2`.
    pub fn words(&self) -> String {
        let squares = self.squares.join(", ");
        match (&self.unit, &self.constraint, self.digit) {
            (Some(unit), _, Some(digit)) => format!(
                "digit {digit} appears {} times in {unit} ({squares})",
                self.squares.len()
            ),
            (_, Some(rule), Some(digit)) => format!("{rule}: digit {digit} appears at {squares}"),
            (_, Some(rule), None) => format!("{rule} is broken at {squares}"),
            _ => squares,
        }
    }
}

impl From<&Conflict> for ConflictJson {
    fn from(c: &Conflict) -> Self {
        ConflictJson {
            constraint: None,
            digit: Some(c.digit.get()),
            squares: c.squares.iter().map(ToString::to_string).collect(),
            unit: Some(c.unit.to_string()),
        }
    }
}
