//! What goes wrong reading a puzzle file, line by line: each error names the line (or the lines of
//! a grid) it stands in place of, and what was expected there.

use std::io;

use super::MAX_LINE_BYTES;
use crate::batch::read::csv::Column;
use crate::engine::shape::{CellsError, ShapeError};

/// A line (or the lines of a grid) that could not be read as a puzzle, and where.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", lines(*.line, *.last_line))]
pub struct ReadError {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// 1-based line where it ends: the same line unless the grid spans several.
    pub last_line: usize,
    /// What was wrong.
    pub problem: Problem,
}

/// What was wrong with a line.
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    /// The line's cells are not a puzzle.
    #[error("{0}")]
    Cells(CellsProblem),
    /// A CSV column is not a grid.
    #[error("{column} column: {problem}")]
    Column {
        /// Which column.
        column: Column,
        /// What is wrong with it.
        problem: CellsProblem,
    },
    /// A CSV row with more or fewer columns than its header.
    #[error("expected {expected} columns, as the header has, found {found}")]
    Columns {
        /// The header's count.
        expected: usize,
        /// The row's count.
        found: usize,
    },
    /// A CSV row whose quoted field is not closed (at the end of input, or past
    /// [`MAX_LINE_BYTES`] of lines joined).
    #[error("a quoted field is not closed")]
    Quote,
    /// A CSV header that names no puzzle column.
    #[error("a CSV header names its puzzle column puzzle or quizzes; found {found}")]
    Header {
        /// The header's column names.
        found: String,
    },
    /// A line of symbols that is not a grid of the command line's shape.
    #[error("{0}")]
    Grid(CellsError),
    /// A line starting with `{` that is not a JSON puzzle line.
    #[error("not a JSON puzzle line: {0}")]
    Json(String),
    /// A link line that cannot be read, or whose puzzle has a feature no rule here carries.
    #[error("link: {0}")]
    Link(crate::interchange::InterchangeError),
    /// A JSON line whose rules make no shape, named by the member at fault.
    #[error("{}: {error}", .error.field())]
    Rules {
        /// Why the rules make no shape.
        error: ShapeError,
    },
    /// A JSON line's grid (`puzzle` or `solution`) that is not one of its shape.
    #[error("{member}: {problem}")]
    Member {
        /// Which member.
        member: &'static str,
        /// What is wrong with it.
        problem: CellsError,
    },
    /// The line is not UTF-8 text.
    #[error("the line is not UTF-8 text")]
    NotText,
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error("line longer than {MAX_LINE_BYTES} bytes")]
    TooLong,
    /// The input could not be read at all (a failing device): the end of that input.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// What is wrong with a run of cells.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellsProblem {
    /// Not 81 cells; `stop` is where a name began (1-based character, and the character), when
    /// one did.
    #[error("expected 81 cells, found {found}{}", stop.map(|(at, c)| format!(" before {c:?} at character {at}")).unwrap_or_default())]
    Count {
        /// How many cells there were.
        found: usize,
        /// Where the cells stopped, if a letter or `#` stopped them.
        stop: Option<(usize, char)>,
    },
    /// A character that cannot be a cell where a cell was due.
    #[error("{found:?} at character {at} is not a cell (1-9, or 0 or . for a blank)")]
    Stray {
        /// 1-based character position.
        at: usize,
        /// The character.
        found: char,
    },
}

/// `7`, or `3-11` for a grid over several lines.
fn lines(first: usize, last: usize) -> String {
    if first == last {
        return first.to_string();
    }
    format!("{first}-{last}")
}
