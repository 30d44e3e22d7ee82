//! The Kaggle CSV layouts: a header on the first line names the columns, and every row after it is
//! one puzzle, its columns split at commas and checked strictly (a stray letter is an error, never
//! the start of a name).
//!
//! Two layouts are common: the 1M-row `quizzes,solutions` and the 3M-row
//! `id,puzzle,solution,clues,difficulty`. Columns are found by name, so both (and others naming a
//! puzzle column) are read.
//!
//! Rows are read by RFC 4180: a field in double quotes may hold commas, newlines and doubled quotes
//! (`"a, ""b"""`), read by the `csv` crate; a row with no quote at all is split at its commas, which
//! is the same reading, without the crate's set-up per row. A row whose quotes are still open at the
//! end of a line goes on on the next ([`is_open`]).

use super::{CellsProblem, Problem};
use crate::engine::grid::is_cell;
use crate::engine::Grid;

/// The names a puzzle column goes by.
pub const PUZZLE_COLUMNS: [&str; 3] = ["puzzle", "puzzles", "quizzes"];
/// The names a solution column goes by.
pub const SOLUTION_COLUMNS: [&str; 2] = ["solution", "solutions"];

/// Where a CSV's puzzles and solutions are, from its header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    /// How many columns every row has.
    count: usize,
    /// The puzzle column, 0-based.
    puzzle: usize,
    /// The solution column, 0-based, when there is one.
    solution: Option<usize>,
    /// The `id` column, 0-based, when there is one: each row's key, carried to its answer.
    id: Option<usize>,
}

/// What one row holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The puzzle.
    pub puzzle: Grid,
    /// The solution beside it, when the column is there and not empty.
    pub solution: Option<Grid>,
    /// Its `id`, when the header names one and the field is not empty.
    pub id: Option<Box<str>>,
}

/// Which column a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The puzzle column.
    Puzzle,
    /// The solution column.
    Solution,
}

impl std::fmt::Display for Column {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Column::Puzzle => "puzzle",
            Column::Solution => "solution",
        })
    }
}

/// A cell's text without the spaces and double quotes a spreadsheet may put around it.
fn unquote(field: &str) -> &str {
    let field = field.trim();
    field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .unwrap_or(field)
        .trim()
}

/// Whether `text` ends inside a quoted field (an odd number of double quotes): the row goes on on
/// the next line.
pub fn is_open(text: &str) -> bool {
    text.bytes().filter(|&b| b == b'"').count() % 2 == 1
}

/// The fields of one row, by RFC 4180. A row without quotes is split at its commas; one with quotes
/// is read by the `csv` crate, which unquotes its fields. `None` for a row that is not CSV (its
/// quotes do not close).
fn fields(text: &str) -> Option<Vec<std::borrow::Cow<'_, str>>> {
    let text = text.trim_end_matches(['\r', '\n']);
    if !text.contains('"') {
        return Some(text.split(',').map(std::borrow::Cow::Borrowed).collect());
    }
    if is_open(text) {
        return None;
    }
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .trim(::csv::Trim::All)
        .from_reader(text.as_bytes());
    let record = reader.records().next()?.ok()?;
    Some(
        record
            .iter()
            .map(|field| std::borrow::Cow::Owned(field.to_string()))
            .collect(),
    )
}

/// Reads a first line as a CSV header: `None` when it is not one (it starts with a cell rather than
/// a name, or is one name other than a puzzle column's), an error when it is one without a puzzle
/// column.
pub fn header(text: &str) -> Option<Result<Columns, Problem>> {
    let text = text.trim();
    let starts_with_name = text
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '"');
    let one_puzzle_column = PUZZLE_COLUMNS.contains(&unquote(text).to_lowercase().as_str());
    if !starts_with_name || !(text.contains(',') || one_puzzle_column) {
        return None;
    }
    let names: Vec<String> = match fields(text) {
        Some(fields) => fields.iter().map(|f| unquote(f).to_lowercase()).collect(),
        None => text.split(',').map(|f| unquote(f).to_lowercase()).collect(),
    };
    let find = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
    let Some(puzzle) = find(&PUZZLE_COLUMNS) else {
        return Some(Err(Problem::Header {
            found: names.join(","),
        }));
    };
    Some(Ok(Columns {
        count: names.len(),
        puzzle,
        solution: find(&SOLUTION_COLUMNS),
        id: find(&["id"]),
    }))
}

/// A CSV row: its puzzle, the solution beside it when the column is there and not empty, and its id.
pub fn row(text: &str, columns: &Columns) -> Result<Row, Problem> {
    let Some(row) = fields(text) else {
        return Err(Problem::Quote);
    };
    if row.len() != columns.count {
        return Err(Problem::Columns {
            expected: columns.count,
            found: row.len(),
        });
    }
    let puzzle = field(&row[columns.puzzle]).map_err(|problem| Problem::Column {
        column: Column::Puzzle,
        problem,
    })?;
    let solution = columns.solution.map(|at| &*row[at]);
    let solution = match solution.map(unquote) {
        None | Some("") => None,
        Some(text) => Some(field(text).map_err(|problem| Problem::Column {
            column: Column::Solution,
            problem,
        })?),
    };
    let id = columns
        .id
        .map(|at| unquote(&row[at]))
        .filter(|id| !id.is_empty())
        .map(Box::from);
    Ok(Row {
        puzzle,
        solution,
        id,
    })
}

/// One grid column: exactly 81 cells and nothing else.
pub fn field(text: &str) -> Result<Grid, CellsProblem> {
    let text = unquote(text);
    if let Some((at, found)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| !c.is_ascii() || !is_cell(c as u8))
    {
        return Err(CellsProblem::Stray { at: at + 1, found });
    }
    Grid::parse(text).map_err(|_| CellsProblem::Count {
        found: text.len(),
        stop: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn both_kaggle_headers_find_their_columns() {
        let two = header("quizzes,solutions").unwrap().unwrap();
        assert_eq!((two.count, two.puzzle, two.solution), (2, 0, Some(1)));
        let five = header("id,puzzle,solution,clues,difficulty\r\n")
            .unwrap()
            .unwrap();
        assert_eq!((five.count, five.puzzle, five.solution), (5, 1, Some(2)));
        let quoted = header("\"Puzzle\", \"Difficulty\"").unwrap().unwrap();
        assert_eq!((quoted.count, quoted.puzzle, quoted.solution), (2, 0, None));
    }

    #[test]
    fn a_line_that_is_not_a_header_is_left_alone() {
        assert!(header(GRID2).is_none());
        assert!(header(&format!("{GRID2},{GRID2}")).is_none());
        assert!(header("Grid 01").is_none());
        assert!(header("Some title").is_none());
        let alone = header("Puzzle").unwrap().unwrap();
        assert_eq!((alone.count, alone.puzzle, alone.solution), (1, 0, None));
    }

    #[test]
    fn a_header_without_a_puzzle_column_is_an_error() {
        let err = header("id,grid,answer").unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "a CSV header names its puzzle column puzzle or quizzes; found id,grid,answer"
        );
    }

    #[test]
    fn a_row_is_read_by_the_headers_columns() {
        let columns = header("id,puzzle,solution,clues,difficulty")
            .unwrap()
            .unwrap();
        let read = row(&format!("7,{GRID2},,24,1.5"), &columns).unwrap();
        assert_eq!(read.puzzle.to_line(), GRID2);
        assert_eq!(read.solution, None);
        assert_eq!(read.id.as_deref(), Some("7"));
        let err = row(&format!("7,{GRID2},"), &columns).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 5 columns, as the header has, found 3"
        );
    }

    #[test]
    fn quoted_fields_are_read_by_rfc_4180() {
        let columns = header("id,\"puzzle\",solution,\"note, free text\"")
            .unwrap()
            .unwrap();
        assert_eq!((columns.count, columns.puzzle), (4, 1));
        let text = format!("\"7\",\"{GRID2}\",,\"a, b and \"\"c\"\"\"");
        let read = row(&text, &columns).unwrap();
        assert_eq!(read.puzzle.to_line(), GRID2);
        assert_eq!(read.solution, None);
        assert_eq!(read.id.as_deref(), Some("7"));
        // A quoted newline is part of its field; the reader joins such lines before this.
        let read = row(&format!("7,{GRID2},,\"two\nlines\""), &columns).unwrap();
        assert_eq!(read.puzzle.to_line(), GRID2);
        assert!(is_open("7,abc,,\"two"));
        assert!(!is_open("7,abc,,\"two\nlines\""));
        assert_eq!(
            row(&format!("7,{GRID2},,\"open"), &columns)
                .unwrap_err()
                .to_string(),
            "a quoted field is not closed"
        );
    }

    #[test]
    fn a_letter_in_a_column_is_an_error_not_a_name() {
        let columns = header("quizzes,solutions").unwrap().unwrap();
        let err = row(&format!("x{},", &GRID2[1..]), &columns).unwrap_err();
        assert_eq!(
            err.to_string(),
            "puzzle column: 'x' at character 1 is not a cell (1-9, or 0 or . for a blank)"
        );
        let err = row(&format!("{GRID2},123"), &columns).unwrap_err();
        assert_eq!(
            err.to_string(),
            "solution column: expected 81 cells, found 3"
        );
    }
}
