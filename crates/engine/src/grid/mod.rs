//! A 9x9 grid of givens: parsing (Norvig's text format, 9x9 arrays, flat arrays), rendering, and the
//! rules (conflicting givens, checking a solution).
//!
//! A [`Grid`] always has exactly 81 cells, each blank or a digit 1-9. Whether its givens break a rule is
//! a separate question ([`Grid::conflicts`]), because `/validate` answers it instead of failing on it.

use std::fmt;

use super::digit::{Digit, DigitSet};
pub use super::error::Conflict;
use super::error::GridError;
use super::square::{Square, Unit};

/// 81 cells, row-major, each blank or a digit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [Option<Digit>; 81],
}

impl Grid {
    /// The grid with every square blank.
    pub const EMPTY: Grid = Grid { cells: [None; 81] };

    /// Parses Norvig's text format: `1`-`9` are givens, `0` and `.` are blanks, every other character
    /// is ignored, and there must be exactly 81 cells.
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let mut cells = [None; 81];
        let mut found = 0usize;
        for b in text.bytes().filter(|&b| is_cell(b)) {
            let cell = match b {
                b'1'..=b'9' => Digit::new(b - b'0'),
                _ => None,
            };
            if found < 81 {
                cells[found] = cell;
            }
            found += 1;
        }
        if found != 81 {
            return Err(GridError::CellCount { found });
        }
        Ok(Grid { cells })
    }

    /// Builds a grid from 9 rows of 9 values, where 0 or `None` is a blank and 1-9 a given.
    pub fn from_rows<R: AsRef<[Option<i64>]>>(rows: &[R]) -> Result<Grid, GridError> {
        if rows.len() != 9 {
            return Err(GridError::RowCount { found: rows.len() });
        }
        let mut flat = Vec::with_capacity(81);
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != 9 {
                return Err(GridError::RowLength {
                    row: r + 1,
                    found: row.len(),
                });
            }
            flat.extend_from_slice(row);
        }
        Grid::from_flat(&flat)
    }

    /// Builds a grid from 81 values in row-major order, where 0 or `None` is a blank and 1-9 a given.
    pub fn from_flat(values: &[Option<i64>]) -> Result<Grid, GridError> {
        if values.len() != 81 {
            return Err(GridError::CellCount {
                found: values.len(),
            });
        }
        let mut cells = [None; 81];
        for (i, value) in values.iter().enumerate() {
            cells[i] = match *value {
                None | Some(0) => None,
                Some(v) => Some(u8::try_from(v).ok().and_then(Digit::new).ok_or_else(|| {
                    let square = Square::new(i).expect("index below 81");
                    GridError::OutOfRange { square, value: v }
                })?),
            };
        }
        Ok(Grid { cells })
    }

    /// The grid from raw cell values, 0 for blank; values above 9 are read as blanks.
    pub fn from_cells(values: &[u8; 81]) -> Grid {
        Grid {
            cells: values.map(Digit::new),
        }
    }

    /// The digit in `square`, or `None` when it is blank.
    pub fn get(&self, square: Square) -> Option<Digit> {
        self.cells[square.index()]
    }

    /// Puts `digit` (or a blank) into `square`.
    pub fn set(&mut self, square: Square, digit: Option<Digit>) {
        self.cells[square.index()] = digit;
    }

    /// Cell values in row-major order, 0 for blank.
    pub fn values(&self) -> [u8; 81] {
        self.cells.map(|c| c.map_or(0, Digit::get))
    }

    /// Cell values as 9 rows of 9, 0 for blank.
    pub fn rows(&self) -> [[u8; 9]; 9] {
        let v = self.values();
        std::array::from_fn(|r| std::array::from_fn(|c| v[r * 9 + c]))
    }

    /// How many squares hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// Whether every square holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The 81-character line, `.` for blanks.
    pub fn to_line(&self) -> String {
        self.line_bytes().iter().map(|&b| char::from(b)).collect()
    }

    /// [`Grid::to_line`] as ASCII bytes, for writers that need no `String`.
    pub fn line_bytes(&self) -> [u8; 81] {
        std::array::from_fn(|i| self.cells[i].map_or(b'.', |d| b'0' + d.get()))
    }

    /// Norvig's `display`: three boxes a row separated by `|`, bands by `------+------+------`.
    pub fn display(&self) -> String {
        display(|s| {
            self.get(s)
                .map_or_else(|| ".".to_string(), |d| d.to_string())
        })
    }

    /// Every digit repeated within a unit, rows first, then columns, then boxes.
    pub fn conflicts(&self) -> Vec<Conflict> {
        // Every solve request is checked, and nearly all are consistent: one pass settles that.
        if self.is_consistent() {
            return Vec::new();
        }
        let mut found = Vec::new();
        for unit in Unit::all() {
            let repeated = self.repeated_digits(unit);
            for digit in repeated.iter() {
                let squares: Vec<Square> = unit
                    .squares()
                    .into_iter()
                    .filter(|&s| self.get(s) == Some(digit))
                    .collect();
                if squares.len() > 1 {
                    found.push(Conflict {
                        digit,
                        unit,
                        squares,
                    });
                }
            }
        }
        found
    }

    /// Whether no digit is given twice in a row, column or box: [`Grid::conflicts`] is empty.
    pub fn is_consistent(&self) -> bool {
        // One bit per given digit, 0 for a blank. Powers of two sum to their OR exactly when no two
        // are equal, so a unit repeats a digit when its sum exceeds its OR: adds and ORs, no tests
        // per cell (every solve request is checked).
        let bits: [u16; 81] = self.cells.map(|c| c.map_or(0, |d| 1 << (d.get() - 1)));
        let (mut column_sum, mut column_any) = ([0u16; 9], [0u16; 9]);
        let (mut box_sum, mut box_any) = ([0u16; 9], [0u16; 9]);
        for (r, row) in bits.chunks_exact(9).enumerate() {
            let (mut row_sum, mut row_any) = (0u16, 0u16);
            for (c, &bit) in row.iter().enumerate() {
                let b = r / 3 * 3 + c / 3;
                row_sum += bit;
                row_any |= bit;
                column_sum[c] += bit;
                column_any[c] |= bit;
                box_sum[b] += bit;
                box_any[b] |= bit;
            }
            if row_sum != row_any {
                return false;
            }
        }
        column_sum == column_any && box_sum == box_any
    }

    /// The digits given more than once in `unit` (a scan with no allocation: the usual answer is none).
    fn repeated_digits(&self, unit: Unit) -> DigitSet {
        let (mut seen, mut repeated) = (0u16, 0u16);
        for s in unit.squares() {
            if let Some(d) = self.get(s) {
                let bit = DigitSet::single(d).bits();
                repeated |= seen & bit;
                seen |= bit;
            }
        }
        DigitSet::from_bits(repeated)
    }

    /// Ok when no given breaks a rule; otherwise the first conflict as an error.
    pub fn check(&self) -> Result<(), GridError> {
        match self.conflicts().into_iter().next() {
            Some(conflict) => Err(GridError::Conflict(conflict)),
            None => Ok(()),
        }
    }

    /// Whether this grid is a solution of `puzzle` by the rules: complete, every unit a permutation of
    /// 1-9, and every given of `puzzle` kept.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        let keeps_givens =
            Square::all().all(|s| puzzle.get(s).is_none_or(|d| self.get(s) == Some(d)));
        let units_ok = Unit::all().all(|u| {
            let set: DigitSet = u.squares().iter().filter_map(|&s| self.get(s)).collect();
            set == DigitSet::ALL
        });
        self.is_complete() && keeps_givens && units_ok
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    /// The 81-character line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl std::str::FromStr for Grid {
    type Err = GridError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grid::parse(s)
    }
}

/// Whether `byte` is a cell in Norvig's text format: a digit (`0` is a blank) or `.` (a blank). Every
/// other character only separates cells.
pub fn is_cell(byte: u8) -> bool {
    byte.is_ascii_digit() || byte == b'.'
}

/// Norvig's `display(values)`: each square's text centred (as Python's `str.center` does) in a column
/// one wider than the longest, `|` between boxes, a dashed line between bands.
pub(crate) fn display(text_of: impl Fn(Square) -> String) -> String {
    let texts: Vec<String> = Square::all().map(text_of).collect();
    let width = 1 + texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let line = vec!["-".repeat(width * 3); 3].join("+");
    let mut out = String::new();
    for r in 0..9 {
        for c in 0..9 {
            out.push_str(&center(&texts[r * 9 + c], width));
            if c == 2 || c == 5 {
                out.push('|');
            }
        }
        out.push('\n');
        if r == 2 || r == 5 {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// Python's `str.center`, whose odd padding goes left only when both the margin and width are odd.
pub(crate) fn center(text: &str, width: usize) -> String {
    let len = text.chars().count();
    if len >= width {
        return text.to_string();
    }
    let marg = width - len;
    let left = marg / 2 + (marg & width & 1);
    format!("{}{text}{}", " ".repeat(left), " ".repeat(marg - left))
}

#[cfg(test)]
mod tests;
