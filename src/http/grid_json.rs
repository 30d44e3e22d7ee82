//! The `puzzle` field in its three accepted shapes (Norvig text, 9x9 rows, 81 flat values; `0` or
//! `null` blank) turned into a [`Grid`], and grids turned back into JSON in the requested format.

use serde::{Deserialize, Serialize, Serializer};

use super::error::ApiError;
use crate::engine::Grid;

/// How grids are written in a response. Read from its name through [`TryFrom<String>`], so that a
/// wrong value (`1`, `null`, `"grid"`) is refused in words rather than as malformed JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub enum GridFormat {
    /// An 81-character line, `.` for blanks.
    #[default]
    String,
    /// Nine arrays of nine integers, `0` for blanks.
    Rows,
}

impl GridFormat {
    /// Parses the `format` query parameter.
    pub fn from_query(value: Option<&str>) -> Result<GridFormat, ApiError> {
        let Some(name) = value else {
            return Ok(GridFormat::String);
        };
        GridFormat::try_from(name.to_string()).map_err(|detail| ApiError::InvalidField {
            field: "format".into(),
            detail,
        })
    }

    /// `grid` in this format.
    pub fn render(self, grid: &Grid) -> GridJson {
        match self {
            GridFormat::String => GridJson::Text(GridLine(grid.line_bytes())),
            GridFormat::Rows => GridJson::Rows(grid.rows()),
        }
    }
}

/// A grid in a response, in the format the request asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum GridJson {
    /// An 81-character line, `.` for blanks.
    Text(GridLine),
    /// Nine arrays of nine integers, `0` for blanks.
    Rows([[u8; 9]; 9]),
    /// Another shape's N*N symbols, `.` for blanks.
    Symbols(String),
    /// Another shape's N arrays of N integers, `0` for blanks.
    Values(Vec<Vec<u8>>),
}

/// A grid's 81-character line, written as a JSON string straight from its bytes: a `/solve` answer
/// holds two or three, and building a `String` for each cost 3% of the request's instructions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridLine([u8; 81]);

impl Serialize for GridLine {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Digits and dots are ASCII, so the error is never met (`from_utf8_lossy` is slower: it
        // walks the bytes one at a time).
        let text = std::str::from_utf8(&self.0).map_err(serde::ser::Error::custom)?;
        serializer.serialize_str(text)
    }
}

impl TryFrom<String> for GridFormat {
    type Error = String;

    /// The format named `name`, or the sentence that says which names there are.
    fn try_from(name: String) -> Result<GridFormat, String> {
        match name.as_str() {
            "string" => Ok(GridFormat::String),
            "rows" => Ok(GridFormat::Rows),
            other => Err(format!(
                "format must be \"string\" or \"rows\", got {other:?}"
            )),
        }
    }
}

pub use super::puzzle_field::PuzzleField;

/// The problem with classic text whose cell count is wrong: a character that is neither a cell nor
/// layout is why more often than not (`...3x.` counts 80 cells because the `x` is skipped), so it is
/// named, with its position, as it is for every other shape; otherwise the count.
fn stray_or(text: &str, error: crate::engine::GridError) -> ApiError {
    if let crate::engine::GridError::CellCount { .. } = error {
        let classic = crate::engine::shape::Shape::classic();
        if let Err(stray @ crate::engine::shape::CellsError::UnknownSymbol { .. }) =
            crate::engine::shape::Cells::parse(&classic, text)
        {
            return ApiError::ShapeCells {
                field: "puzzle",
                error: stray,
            };
        }
    }
    ApiError::from(error)
}

/// A [`Grid`] from any accepted shape. Shape faults are 422s from the engine's [`GridError`]s; a
/// value of the wrong JSON type (an object, a float, a string inside an array) is 400 `invalid_field`.
///
/// [`GridError`]: crate::engine::GridError
pub fn parse_puzzle(field: &PuzzleField) -> Result<Grid, ApiError> {
    match field {
        PuzzleField::Text(text) => Grid::parse(text).map_err(|error| stray_or(text, error)),
        PuzzleField::Array(items) if matches!(items.first(), Some(PuzzleField::Array(_))) => {
            parse_rows(items)
        }
        PuzzleField::Array(items) => {
            let flat = cells(items, "puzzle")?;
            Grid::from_flat(&flat).map_err(ApiError::from)
        }
        other => Err(wrong_type("puzzle", other)),
    }
}

fn parse_rows(items: &[PuzzleField]) -> Result<Grid, ApiError> {
    let mut rows = Vec::with_capacity(items.len());
    for (r, item) in items.iter().enumerate() {
        let field = format!("puzzle[{r}]");
        let PuzzleField::Array(row) = item else {
            return Err(ApiError::InvalidField {
                detail: format!(
                    "{field} is {}, but puzzle[0] is a row: in 9 rows of 9 values every row is an array",
                    json_kind(item)
                ),
                field,
            });
        };
        rows.push(cells(row, &field)?);
    }
    Grid::from_rows(&rows).map_err(ApiError::from)
}

/// Whole numbers stay as they are (so 10 or -1 becomes the engine's `value_out_of_range`), `null`
/// is blank.
fn cells(items: &[PuzzleField], field: &str) -> Result<Vec<Option<i64>>, ApiError> {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            PuzzleField::Null => Ok(None),
            PuzzleField::Whole(value) => Ok(Some(*value)),
            other => Err(wrong_type(&format!("{field}[{i}]"), other)),
        })
        .collect()
}

/// The JSON type of `value` in words; a number here is a whole one, since other numbers are
/// [`PuzzleField::Other`].
fn json_kind(value: &PuzzleField) -> &'static str {
    match value {
        PuzzleField::Null => "null",
        PuzzleField::Whole(_) => "a number",
        PuzzleField::Text(_) => "a string",
        PuzzleField::Array(_) => "an array",
        PuzzleField::Other(what) => what,
    }
}

fn wrong_type(field: &str, value: &PuzzleField) -> ApiError {
    let what = json_kind(value);
    ApiError::InvalidField {
        field: field.to_string(),
        detail: format!(
            "{field} is {what}; a puzzle is a string, 9 rows of 9 integers or 81 integers (0 or null blank)"
        ),
    }
}

/// A puzzle that must also have no conflicting givens (for solving and candidates).
pub fn parse_consistent_puzzle(field: &PuzzleField) -> Result<Grid, ApiError> {
    let grid = parse_puzzle(field)?;
    let conflicts = grid.conflicts();
    if conflicts.is_empty() {
        return Ok(grid);
    }
    Err(ApiError::ConflictingGivens(conflicts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_line_is_written_as_the_grids_81_character_string() {
        let grid: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let json = serde_json::to_string(&GridFormat::String.render(&grid)).unwrap();
        assert_eq!(json, format!("\"{}\"", grid.to_line()));
        assert_eq!(json.len(), 83);
        assert!(json.starts_with("\"4.....8.5"));
    }
}
