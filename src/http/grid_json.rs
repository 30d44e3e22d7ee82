//! The `puzzle` field in its three accepted shapes (Norvig text, 9x9 rows, 81 flat values; `0` or
//! `null` blank) turned into a [`Grid`], and grids turned back into JSON in the requested format.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::ApiError;
use crate::engine::Grid;

/// How grids are written in a response.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
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
        match value {
            None | Some("string") => Ok(GridFormat::String),
            Some("rows") => Ok(GridFormat::Rows),
            Some(other) => Err(ApiError::InvalidField {
                field: "format".into(),
                detail: format!("format must be \"string\" or \"rows\", got {other:?}"),
            }),
        }
    }

    /// `grid` in this format.
    pub fn render(self, grid: &Grid) -> GridJson {
        match self {
            GridFormat::String => GridJson::Text(grid.to_line()),
            GridFormat::Rows => GridJson::Rows(grid.rows()),
        }
    }
}

/// A grid in a response, in the format the request asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum GridJson {
    /// An 81-character line, `.` for blanks.
    Text(String),
    /// Nine arrays of nine integers, `0` for blanks.
    Rows([[u8; 9]; 9]),
}

/// The raw `puzzle` member, kept as JSON until [`parse_puzzle`] gives each shape its own errors.
pub type PuzzleField = Value;

/// A [`Grid`] from any accepted shape. Shape faults are 422s from the engine's [`GridError`]s; a
/// value of the wrong JSON type (an object, a float, a string inside an array) is 400 `invalid_field`.
///
/// [`GridError`]: crate::engine::GridError
pub fn parse_puzzle(field: &PuzzleField) -> Result<Grid, ApiError> {
    match field {
        Value::String(text) => Grid::parse(text).map_err(ApiError::from),
        Value::Array(items) if items.first().is_some_and(Value::is_array) => parse_rows(items),
        Value::Array(items) => {
            let flat = cells(items, "puzzle")?;
            Grid::from_flat(&flat).map_err(ApiError::from)
        }
        other => Err(wrong_type("puzzle", other)),
    }
}

fn parse_rows(items: &[Value]) -> Result<Grid, ApiError> {
    let mut rows = Vec::with_capacity(items.len());
    for (r, item) in items.iter().enumerate() {
        let field = format!("puzzle[{r}]");
        let Value::Array(row) = item else {
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

/// Integers stay as they are (so 10 or -1 becomes the engine's `value_out_of_range`), `null` is blank.
fn cells(items: &[Value], field: &str) -> Result<Vec<Option<i64>>, ApiError> {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::Null => Ok(None),
            Value::Number(n) if n.as_i64().is_some() => Ok(n.as_i64()),
            other => Err(wrong_type(&format!("{field}[{i}]"), other)),
        })
        .collect()
}

/// The JSON type of `value` in words; a number here is one that is not a whole number (a
/// fraction, or too large), since whole numbers are taken.
fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "a number",
        Value::Number(_) => "a number that is not a whole number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn wrong_type(field: &str, value: &Value) -> ApiError {
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
