//! Faults of a grid, located in the request member that holds it: the engine's grid errors as API
//! errors, found in `puzzle` unless [`ApiError::in_member`] moves them to another member (`progress`).

use super::{ApiError, ConflictJson};
use crate::engine::GridError;

/// The request member a puzzle fault is located in unless [`ApiError::in_member`] says otherwise.
pub(super) const PUZZLE: &str = "puzzle";

impl From<GridError> for ApiError {
    /// Each engine fault has its own variant, so each has exactly one row of [`super::PROBLEM_KINDS`]; a
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
            GridError::Conflict(conflict) => {
                ApiError::ConflictingGivens(vec![ConflictJson::from(&conflict)])
            }
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
}

/// `text` with its leading `puzzle` (a field path such as `puzzle[3]`, or a sentence about it)
/// put as `member`.
fn renamed(text: &str, member: &str) -> String {
    match text.strip_prefix(PUZZLE) {
        Some(rest) => format!("{member}{rest}"),
        None => text.to_string(),
    }
}
