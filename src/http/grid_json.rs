//! The `puzzle` field in its three accepted shapes (Norvig text, 9x9 rows, 81 flat values; `0` or
//! `null` blank) turned into a [`Grid`], and grids turned back into JSON in the requested format.

use super::error::{ApiError, ConflictJson};
use crate::engine::Grid;

use crate::wire::grid::GridFormat;

/// The `format` query parameter: `string` (the default) or `rows`.
pub fn format_param(value: Option<&str>) -> Result<GridFormat, ApiError> {
    let Some(name) = value else {
        return Ok(GridFormat::String);
    };
    GridFormat::try_from(name.to_string()).map_err(|detail| ApiError::InvalidField {
        field: "format".into(),
        detail,
    })
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
    Err(ApiError::ConflictingGivens(
        conflicts.iter().map(ConflictJson::from).collect(),
    ))
}
