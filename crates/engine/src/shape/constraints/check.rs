//! Checking the wire's constraints into [`Constraint`]s: every cell on the grid and named once,
//! lines joined cell to cell, lengths and sums that fit N, and bounds on how much any input can
//! ask of building and solving. Errors name the constraint, 1-based in the order given, and its
//! type: `constraint 3 (thermo): cells B2 and D4 are not neighbours`.

use super::{Constraint, ConstraintRule, KropkiColor, XvValue};
use crate::shape::ShapeError;

/// The most constraints one puzzle may carry: far more than any published puzzle draws, few
/// enough that marking and narrowing them stays cheap.
pub const MAX_CONSTRAINTS: usize = 1000;

/// One constraint under check: where it is in the list, its type, the grid's size and names.
struct Checking<'a> {
    index: usize,
    kind: &'static str,
    size: usize,
    named: &'a dyn Fn(&str) -> Option<usize>,
    name_of: &'a dyn Fn(usize) -> String,
}

/// Checks `rules` on a `size` x `size` grid whose cells are named by `named` and written by
/// `name_of`.
pub(crate) fn check(
    rules: &[ConstraintRule],
    size: usize,
    named: &dyn Fn(&str) -> Option<usize>,
    name_of: &dyn Fn(usize) -> String,
) -> Result<Vec<Constraint>, ShapeError> {
    if rules.len() > MAX_CONSTRAINTS {
        return Err(ShapeError::TooManyConstraints {
            found: rules.len(),
            max: MAX_CONSTRAINTS,
        });
    }
    rules
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            Checking {
                index: i + 1,
                kind: rule.type_name(),
                size,
                named,
                name_of,
            }
            .rule(rule)
        })
        .collect()
}

impl Checking<'_> {
    fn fault(&self, detail: String) -> ShapeError {
        ShapeError::Constraint {
            constraint: self.index,
            kind: self.kind,
            detail,
        }
    }

    fn rule(&self, rule: &ConstraintRule) -> Result<Constraint, ShapeError> {
        let n = self.size;
        Ok(match rule {
            ConstraintRule::Thermo { cells } => Constraint::Thermo {
                cells: self.line(cells, 2, n, "strictly increasing values")?,
            },
            ConstraintRule::Arrow { circle, cells } => self.arrow(circle, cells)?,
            ConstraintRule::Kropki { color, cells } => Constraint::Kropki {
                black: *color == KropkiColor::Black,
                cells: self.pair(cells)?,
            },
            ConstraintRule::Xv { value, cells } => Constraint::Xv {
                sum: if *value == XvValue::X { 10 } else { 5 },
                cells: self.pair(cells)?,
            },
            ConstraintRule::LittleKiller { cells, sum } => self.little_killer(cells, *sum)?,
            ConstraintRule::Sandwich { row, column, sum } => {
                self.sandwich(row.as_deref(), *column, *sum)?
            }
            ConstraintRule::Renban { cells } => Constraint::Renban {
                cells: self.line(cells, 2, n, "distinct values")?,
            },
            ConstraintRule::Whisper { cells, difference } => {
                let difference = difference.unwrap_or(n.div_ceil(2) as u8);
                if !(1..n).contains(&usize::from(difference)) {
                    return Err(self.fault(format!(
                        "difference {difference} is out of range; expected 1 to {}",
                        n - 1
                    )));
                }
                Constraint::Whisper {
                    cells: self.line(cells, 2, n * n, "cells")?,
                    difference,
                }
            }
            ConstraintRule::Palindrome { cells } => Constraint::Palindrome {
                cells: self.line(cells, 2, n * n, "cells")?,
            },
            ConstraintRule::Odd { cells } | ConstraintRule::Even { cells } => Constraint::Parity {
                odd: matches!(rule, ConstraintRule::Odd { .. }),
                cells: self.cells(cells, 1, n * n, "cells")?,
            },
            ConstraintRule::ExtraRegion { cells } => {
                if cells.len() != n {
                    return Err(self.fault(format!(
                        "{} cells; an extra region holds exactly {n}, every value once",
                        cells.len()
                    )));
                }
                let mut cells = self.cells(cells, n, n, "cells")?;
                cells.sort_unstable();
                Constraint::ExtraRegion { cells }
            }
        })
    }

    /// Distinct cells of the grid, `min..=max` of them (`what` says why there is a maximum).
    fn cells(
        &self,
        names: &[String],
        min: usize,
        max: usize,
        what: &str,
    ) -> Result<Vec<u16>, ShapeError> {
        if names.len() < min {
            return Err(self.fault(format!("{} cells; expected at least {min}", names.len())));
        }
        if names.len() > max {
            return Err(self.fault(format!(
                "{} cells is more than {max}, the most a {n}x{n} grid allows for {what}",
                names.len(),
                n = self.size
            )));
        }
        let mut cells: Vec<u16> = Vec::with_capacity(names.len());
        for name in names {
            let cell = (self.named)(name).ok_or_else(|| {
                self.fault(format!(
                    "{name:?} is not a cell of a {n}x{n} grid (rows A.., columns 1..{n})",
                    n = self.size
                ))
            })? as u16;
            if cells.contains(&cell) {
                return Err(self.fault(format!("{name} is given twice")));
            }
            cells.push(cell);
        }
        Ok(cells)
    }

    /// A line: distinct cells, each touching the next orthogonally or diagonally.
    fn line(
        &self,
        names: &[String],
        min: usize,
        max: usize,
        what: &str,
    ) -> Result<Vec<u16>, ShapeError> {
        let cells = self.cells(names, min, max, what)?;
        for w in cells.windows(2) {
            if !self.touch(w[0], w[1]) {
                return Err(self.not_neighbours(w[0], w[1]));
            }
        }
        Ok(cells)
    }

    fn not_neighbours(&self, a: u16, b: u16) -> ShapeError {
        self.fault(format!(
            "cells {} and {} are not neighbours",
            (self.name_of)(usize::from(a)),
            (self.name_of)(usize::from(b))
        ))
    }

    /// (row, column) of `cell`, signed for differences.
    fn at(&self, cell: u16) -> (i64, i64) {
        let n = self.size as i64;
        (i64::from(cell) / n, i64::from(cell) % n)
    }

    /// Whether `a` and `b` touch orthogonally or diagonally.
    fn touch(&self, a: u16, b: u16) -> bool {
        let ((ra, ca), (rb, cb)) = (self.at(a), self.at(b));
        a != b && (ra - rb).abs() <= 1 && (ca - cb).abs() <= 1
    }

    /// Whether `a` and `b` share an edge.
    fn orthogonal(&self, a: u16, b: u16) -> bool {
        let ((ra, ca), (rb, cb)) = (self.at(a), self.at(b));
        (ra - rb).abs() + (ca - cb).abs() == 1
    }

    /// Two orthogonal neighbours (a dot or a letter between them).
    fn pair(&self, names: &[String]) -> Result<[u16; 2], ShapeError> {
        if names.len() != 2 {
            return Err(self.fault(format!(
                "{} cells; expected 2 orthogonal neighbours",
                names.len()
            )));
        }
        let cells = self.cells(names, 2, 2, "a pair")?;
        if !self.orthogonal(cells[0], cells[1]) {
            return Err(self.fault(format!(
                "cells {} and {} do not share an edge",
                names[0], names[1]
            )));
        }
        Ok([cells[0], cells[1]])
    }

    fn arrow(&self, circle: &[String], arrow: &[String]) -> Result<Constraint, ShapeError> {
        let n = self.size;
        if circle.is_empty() || circle.len() > 2 {
            return Err(self.fault(format!(
                "the circle is {} cells but a circle is 1 cell, or 2 for a pill",
                circle.len()
            )));
        }
        if circle.len() == 2 && n > 9 {
            return Err(self.fault(format!(
                "the circle is 2 cells but a pill reads its values as decimal digits, so it needs a grid of at most 9x9, not {n}x{n}"
            )));
        }
        let mut circle = self.cells(circle, 1, 2, "a circle")?;
        if circle.len() == 2 && !self.orthogonal(circle[0], circle[1]) {
            return Err(self.fault(format!(
                "the pill's cells {} and {} do not share an edge",
                (self.name_of)(usize::from(circle[0])),
                (self.name_of)(usize::from(circle[1]))
            )));
        }
        // N cells bound the sums a propagator reads (at most N * N) and are more than any
        // arrow needs: its sum is at most a pill's 99.
        let cells = self.line(arrow, 1, n, "an arrow")?;
        if let Some(&c) = cells.iter().find(|c| circle.contains(c)) {
            return Err(self.fault(format!(
                "{} is both in the circle and on the arrow",
                (self.name_of)(usize::from(c))
            )));
        }
        if !circle.iter().any(|&c| self.touch(c, cells[0])) {
            return Err(self.not_neighbours(*circle.last().expect("a cell"), cells[0]));
        }
        // A pill reads left to right or top to bottom, as puzzles state it and as a drawing (which
        // shows no order) is read, whatever order its cells were listed in.
        circle.sort_unstable();
        Ok(Constraint::Arrow { circle, cells })
    }

    fn little_killer(&self, names: &[String], sum: u32) -> Result<Constraint, ShapeError> {
        let n = self.size;
        let cells = self.cells(names, 1, n, "a diagonal")?;
        let step = |a: u16, b: u16| {
            let ((ra, ca), (rb, cb)) = (self.at(a), self.at(b));
            (rb - ra, cb - ca)
        };
        if let Some(w) = cells.windows(2).find(|w| {
            let (dr, dc) = step(w[0], w[1]);
            dr.abs() != 1 || dc.abs() != 1 || (dr, dc) != step(cells[0], cells[1])
        }) {
            return Err(self.fault(format!(
                "cells {} and {} do not continue one diagonal",
                (self.name_of)(usize::from(w[0])),
                (self.name_of)(usize::from(w[1]))
            )));
        }
        self.sum_in(sum, cells.len() as u32, (cells.len() * n) as u32)?;
        Ok(Constraint::LittleKiller { cells, sum })
    }

    fn sandwich(
        &self,
        row: Option<&str>,
        column: Option<usize>,
        sum: u32,
    ) -> Result<Constraint, ShapeError> {
        let n = self.size;
        let cells: Vec<u16> = match (row, column) {
            (Some(row), None) => {
                let r = (row.len() == 1)
                    .then(|| row.as_bytes()[0].wrapping_sub(b'A'))
                    .filter(|&r| usize::from(r) < n)
                    .ok_or_else(|| {
                        self.fault(format!(
                            "row {row:?} is not a row of a {n}x{n} grid (A to {})",
                            char::from(b'A' + n as u8 - 1)
                        ))
                    })?;
                (0..n).map(|c| (usize::from(r) * n + c) as u16).collect()
            }
            (None, Some(c)) if (1..=n).contains(&c) => {
                (0..n).map(|r| (r * n + c - 1) as u16).collect()
            }
            (None, Some(c)) => {
                return Err(self.fault(format!(
                    "column {c} is not a column of a {n}x{n} grid (1 to {n})"
                )))
            }
            _ => {
                return Err(
                    self.fault("give either row (a letter) or column (a number)".to_string())
                )
            }
        };
        let max = (n * (n + 1) / 2 - 1 - n) as u32;
        self.sum_in(sum, 0, max)?;
        Ok(Constraint::Sandwich { cells, sum })
    }

    fn sum_in(&self, sum: u32, min: u32, max: u32) -> Result<(), ShapeError> {
        if (min..=max).contains(&sum) {
            return Ok(());
        }
        Err(self.fault(format!("sum {sum} is impossible; expected {min} to {max}")))
    }
}
