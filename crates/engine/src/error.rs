//! What can be wrong with a submitted grid: the engine's one error type for classic grids, and the
//! conflicts `/validate` names.

use std::fmt;

use thiserror::Error;

use super::digit::Digit;
use super::square::{Square, Unit};

/// Why a grid could not be built or used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// The text or flat array did not give exactly 81 cells.
    #[error("expected 81 cells, found {found}")]
    CellCount {
        /// How many cells were found.
        found: usize,
    },
    /// A 9x9 array did not have 9 rows.
    #[error("expected 9 rows, found {found}")]
    RowCount {
        /// How many rows were found.
        found: usize,
    },
    /// A row of a 9x9 array did not have 9 values.
    #[error("row {row} has {found} values; expected 9")]
    RowLength {
        /// The row, 1-based.
        row: usize,
        /// How many values it had.
        found: usize,
    },
    /// A value was not 0-9.
    #[error("square {square} (row {row}, column {column}) holds {value}; expected 0-9 (0 for a blank)", row = .square.row() + 1, column = .square.col() + 1)]
    OutOfRange {
        /// The square holding it.
        square: Square,
        /// The value.
        value: i64,
    },
    /// Two givens of one digit share a unit.
    #[error("{0}")]
    Conflict(Conflict),
}

/// Digits given twice in one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The unit it repeats in.
    pub unit: Unit,
    /// Every square of the unit holding the digit, in row-major order.
    pub squares: Vec<Square>,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} appears {} times in {} (",
            self.digit,
            self.squares.len(),
            self.unit
        )?;
        for (i, s) in self.squares.iter().enumerate() {
            write!(f, "{}{s}", if i == 0 { "" } else { ", " })?;
        }
        write!(f, ")")
    }
}
