//! A grid on a shape: N*N cells, each blank or a value 1..=N, read from the shape's text form (its
//! symbols) or from arrays of numbers, and written back the same ways.

use super::constraints::{broken_rules, RuleConflict};
use super::{CellsError, Shape};

/// The cells of a grid on some shape, row-major: 0 for a blank, 1..=N for a symbol's value. It does
/// not hold its shape; the shape that read it gives it meaning.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cells(Vec<u8>);

/// A value repeated in one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitConflict {
    /// The value, 1..=N.
    pub value: u8,
    /// The unit.
    pub unit: usize,
    /// Every cell of the unit holding it, ascending.
    pub cells: Vec<usize>,
}

impl Cells {
    /// `cells` blank cells.
    pub fn empty(cells: usize) -> Cells {
        Cells(vec![0; cells])
    }

    /// Cells from raw values (0 blank); the caller vouches that each is at most N.
    pub fn from_values(values: Vec<u8>) -> Cells {
        Cells(values)
    }

    /// Reads the shape's text form: its symbols are values, `.` is a blank (and `0` where it is not a
    /// symbol), whitespace and the drawing characters `|`, `-`, `+` are layout. Lower-case letters
    /// stand for upper-case symbols. Any other character is an error naming where it is: a letter
    /// is never dropped in silence.
    pub fn parse(shape: &Shape, text: &str) -> Result<Cells, CellsError> {
        let symbols = shape.symbols();
        let mut values = Vec::with_capacity(shape.cell_count());
        for (i, ch) in text.chars().enumerate() {
            let value = symbols
                .iter()
                .position(|&s| s == ch)
                .or_else(|| {
                    let upper = ch.to_ascii_uppercase();
                    (upper != ch && !symbols.contains(&ch))
                        .then(|| symbols.iter().position(|&s| s == upper))
                        .flatten()
                })
                .map(|p| p as u8 + 1);
            match (value, ch) {
                (Some(v), _) => values.push(v),
                (None, '.' | '0') => values.push(0),
                (None, c) if c.is_whitespace() || matches!(c, '|' | '-' | '+') => {}
                (None, character) => {
                    return Err(CellsError::UnknownSymbol {
                        character,
                        position: i + 1,
                        symbols: symbols.iter().collect(),
                    })
                }
            }
        }
        if values.len() != shape.cell_count() {
            return Err(CellsError::CellCount {
                expected: shape.cell_count(),
                found: values.len(),
            });
        }
        Ok(Cells(values))
    }

    /// Reads N rows of N numbers, 0 or `None` for a blank.
    pub fn from_rows<R: AsRef<[Option<i64>]>>(
        shape: &Shape,
        rows: &[R],
    ) -> Result<Cells, CellsError> {
        let n = shape.size();
        if rows.len() != n {
            return Err(CellsError::RowCount {
                expected: n,
                found: rows.len(),
            });
        }
        let mut flat = Vec::with_capacity(n * n);
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != n {
                return Err(CellsError::RowLength {
                    row: r + 1,
                    found: row.len(),
                    expected: n,
                });
            }
            flat.extend_from_slice(row);
        }
        Cells::from_flat(shape, &flat)
    }

    /// Reads N*N numbers in row-major order, 0 or `None` for a blank.
    pub fn from_flat(shape: &Shape, values: &[Option<i64>]) -> Result<Cells, CellsError> {
        if values.len() != shape.cell_count() {
            return Err(CellsError::CellCount {
                expected: shape.cell_count(),
                found: values.len(),
            });
        }
        let n = shape.size() as i64;
        values
            .iter()
            .enumerate()
            .map(|(i, v)| match *v {
                None => Ok(0),
                Some(v) if (0..=n).contains(&v) => Ok(v as u8),
                Some(value) => Err(CellsError::OutOfRange {
                    square: shape.cell_name(i),
                    value,
                    max: shape.size(),
                }),
            })
            .collect::<Result<_, _>>()
            .map(Cells)
    }

    /// The value of `cell`, 0 for a blank.
    pub fn get(&self, cell: usize) -> u8 {
        self.0[cell]
    }

    /// Sets `cell` to `value` (0 for a blank).
    pub fn set(&mut self, cell: usize, value: u8) {
        self.0[cell] = value;
    }

    /// The values, row-major, 0 for blank.
    pub fn values(&self) -> &[u8] {
        &self.0
    }

    /// How many cells hold a value.
    pub fn givens(&self) -> usize {
        self.0.iter().filter(|&&v| v != 0).count()
    }

    /// The text form: one symbol per cell, `.` for a blank.
    pub fn to_text(&self, shape: &Shape) -> String {
        self.0
            .iter()
            .map(|&v| if v == 0 { '.' } else { shape.symbol(v) })
            .collect()
    }

    /// The values as N rows of N.
    pub fn rows(&self, shape: &Shape) -> Vec<Vec<u8>> {
        self.0.chunks(shape.size()).map(<[u8]>::to_vec).collect()
    }

    /// Every value repeated within a unit, unit by unit, then within a killer cage (whose
    /// [`UnitConflict::unit`] is the unit count plus the cage's index, named `cage k`).
    pub fn conflicts(&self, shape: &Shape) -> Vec<UnitConflict> {
        let mut found = Vec::new();
        let units = shape.unit_count();
        for u in 0..units + shape.cages().len() {
            let unit = match u.checked_sub(units) {
                None => shape.unit(u),
                Some(k) => &shape.cages()[k].cells,
            };
            let mut seen = 0u32;
            let mut twice = 0u32;
            for &c in unit {
                let v = self.0[usize::from(c)];
                if v != 0 {
                    let bit = 1 << (v - 1);
                    twice |= seen & bit;
                    seen |= bit;
                }
            }
            for v in (1..=shape.size() as u8).filter(|v| twice & (1 << (v - 1)) != 0) {
                let mut cells: Vec<usize> = unit
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| self.0[c] == v)
                    .collect();
                cells.sort_unstable();
                found.push(UnitConflict {
                    value: v,
                    unit: u,
                    cells,
                });
            }
        }
        found
    }

    /// Every rule beyond units and cages that the placed values break (see
    /// [`broken_rules`]): constraints in the order given, then the global rules.
    pub fn rule_conflicts(&self, shape: &Shape) -> Vec<RuleConflict> {
        broken_rules(shape, &self.0)
    }

    /// Whether this is a complete grid that obeys every unit, cage and constraint of `shape` and
    /// keeps `puzzle`'s givens.
    pub fn solves(&self, shape: &Shape, puzzle: &Cells) -> bool {
        self.0.len() == shape.cell_count()
            && self.0.iter().all(|&v| v != 0)
            && self.conflicts(shape).is_empty()
            && shape.cages().iter().all(|cage| {
                let sum: u32 = cage
                    .cells
                    .iter()
                    .map(|&c| u32::from(self.0[usize::from(c)]))
                    .sum();
                sum == cage.sum
            })
            && self.rule_conflicts(shape).is_empty()
            && puzzle
                .0
                .iter()
                .zip(&self.0)
                .all(|(&given, &v)| given == 0 || given == v)
    }
}

impl UnitConflict {
    /// The conflict as an error naming the symbol, the unit and the squares.
    pub fn describe(&self, shape: &Shape) -> CellsError {
        CellsError::Conflict {
            symbol: shape.symbol(self.value),
            unit: shape.unit_name(self.unit),
            squares: self.cells.iter().map(|&c| shape.cell_name(c)).collect(),
        }
    }
}

impl From<&crate::Grid> for Cells {
    fn from(grid: &crate::Grid) -> Cells {
        Cells(grid.values().to_vec())
    }
}

impl Cells {
    /// The classic grid these 81 cells make, for the classic band solver and logic; `None` when
    /// there are not 81 cells or a value is above 9.
    pub fn to_classic(&self) -> Option<crate::Grid> {
        let values: &[u8; 81] = self.0.as_slice().try_into().ok()?;
        values
            .iter()
            .all(|&v| v <= 9)
            .then(|| crate::Grid::from_cells(values))
    }
}

/// Norvig's `display()` grown to any shape: each cell's candidates (as symbols) in a column as wide
/// as the widest, with `|` and `-` between boxes (a jigsaw grid, whose regions do not line up, gets
/// them nowhere).
pub fn display(shape: &Shape, cells: &[u32]) -> String {
    let n = shape.size();
    let texts: Vec<String> = cells
        .iter()
        .map(|&m| {
            (0..n as u8)
                .filter(|v| m & (1 << v) != 0)
                .map(|v| shape.symbol(v + 1))
                .collect()
        })
        .collect();
    let width = 1 + texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let (box_rows, box_cols) = shape.box_shape().unwrap_or((n, n));
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % box_rows == 0 {
            let segment = "-".repeat(width * box_cols);
            let line: Vec<String> = (0..n / box_cols).map(|_| segment.clone()).collect();
            out.push_str(&line.join("+"));
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 && c % box_cols == 0 {
                out.push('|');
            }
            out.push_str(&crate::grid::center(&texts[r * n + c], width));
        }
        out.push('\n');
    }
    out
}
