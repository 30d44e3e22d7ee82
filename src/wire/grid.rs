//! Grids as the API writes them and `sudoku random --format json` prints them: an 81-character
//! line or nine rows for classic 9x9 ([`GridFormat`]), another shape's symbols or values.

use serde::{Deserialize, Serialize, Serializer};

use crate::engine::shape::{Cells, Shape};
use crate::engine::{Grid, Puzzle};

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
    /// `grid` in this format.
    pub fn render(self, grid: &Grid) -> GridJson {
        match self {
            GridFormat::String => GridJson::Text(GridLine(grid.line_bytes())),
            GridFormat::Rows => GridJson::Rows(grid.rows()),
        }
    }

    /// `puzzle` in this format: a classic grid by its own writer, any other by its shape's.
    pub fn render_puzzle(self, puzzle: &Puzzle) -> GridJson {
        match puzzle {
            Puzzle::Classic(grid) => self.render(grid),
            Puzzle::Shaped { shape, cells } => self.render_cells(shape, cells),
        }
    }

    /// `cells` on `shape` in this format: the shape's symbols (`.` blank), or rows of values 1..N
    /// (0 blank). A 9x9 grid written in digits takes the classic grid's writer, which builds no
    /// string of its own (the same bytes either way).
    pub fn render_cells(self, shape: &Shape, cells: &Cells) -> GridJson {
        let digits = shape.symbols().iter().copied().eq("123456789".chars());
        match cells.to_classic().filter(|_| digits) {
            Some(grid) => self.render(&grid),
            None => match self {
                GridFormat::String => GridJson::Symbols(cells.to_text(shape)),
                GridFormat::Rows => GridJson::Values(cells.rows(shape)),
            },
        }
    }
}

/// A given and what a player's grid holds in its place, as a progress mismatch names them: the
/// shape's symbols, a blank written `0` on classic 9x9 (as it always has been) and `.` elsewhere.
pub fn mismatch_symbols(shape: &Shape, given: u8, found: u8) -> (char, char) {
    let blank = if shape.is_classic() { '0' } else { '.' };
    let symbol = |v: u8| if v == 0 { blank } else { shape.symbol(v) };
    (symbol(given), symbol(found))
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
