//! Uniqueness on any shape: deductions that hold only because the puzzle has one solution (the
//! service proves it before walking a path). Unique rectangles (types 1, 2 and 4) and hidden
//! rectangles avoid a deadly pattern: four empty cells in two rows, two columns and two boxes (or
//! jigsaw regions) that could only hold the same two values, which two solutions would swap.
//!
//! Swapping the two values in the four cells keeps a grid valid only when every constraint meets
//! the rectangle in no cell, in two cells of one row or one column (which hold both values), or in
//! all four: a diagonal, window or killer cage meeting it in one or three cells, or in two opposite
//! corners (which hold the same value), would break. So each rectangle is checked against every
//! unit and cage of the shape before it is used ([`Rectangle::is_deadly`]); one that fails is no
//! deadly pattern and gives nothing. The search starts from each bivalue cell, as the classic
//! layer's does: a partner in its box (or region) and row or column, then the far side in another
//! box, so it looks at a few thousand rectangles at most on a 25x25.

use std::cell::OnceCell;

use super::geometry::{is_line, Geometry};
use super::position::{bit, live_candidates, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::{Cells, Shape, UnitKind};
use crate::technique::Technique;

mod grave;
pub use grave::bug_plus_one;

/// What the rectangle finders share: the live candidates, each cell's cage, and the values the
/// placed ones allow in each cell (worked out on first need).
struct LivePosition<'g, 's> {
    geo: &'g Geometry<'s>,
    pos: &'g ShapePosition,
    live: &'g [u32],
    cage_of: Vec<Option<usize>>,
    allowed: OnceCell<Vec<u32>>,
}

impl<'g, 's> LivePosition<'g, 's> {
    fn new(geo: &'g Geometry<'s>, pos: &'g ShapePosition) -> Self {
        let shape = geo.shape;
        let cage_of = shape.cage_of();
        LivePosition {
            geo,
            pos,
            live: live_candidates(geo, pos),
            cage_of,
            allowed: OnceCell::new(),
        }
    }

    /// Whether `cell` is empty and no placed value rules out either of `pair` there, whatever its
    /// pencil marks say (HoDoKu's scope: a step that removed one of them as a mark does not stop
    /// two solutions from swapping them).
    fn allows(&self, cell: usize, pair: u32) -> bool {
        let allowed = self.allowed.get_or_init(|| {
            let shape = self.shape();
            (0..shape.cell_count())
                .map(|c| match self.pos.value(c) {
                    0 => shape.peers(c).iter().fold(shape.all_values(), |acc, &p| {
                        match self.pos.value(usize::from(p)) {
                            0 => acc,
                            v => acc & !bit(v),
                        }
                    }),
                    _ => 0,
                })
                .collect()
        });
        allowed[cell] & pair == pair
    }

    fn shape(&self) -> &'s Shape {
        self.geo.shape
    }

    fn has(&self, cell: usize, value: u8) -> bool {
        self.live[cell] & bit(value) != 0
    }
}

/// Four empty cells in two rows, two columns and two boxes or regions, and the two values of the
/// bivalue cell it was found from.
struct Rectangle {
    /// The bivalue corner, its partner in the same region and line, then their far sides in order.
    cells: [usize; 4],
    /// The two values, ascending.
    values: [u8; 2],
}

impl Rectangle {
    fn pair(&self) -> u32 {
        bit(self.values[0]) | bit(self.values[1])
    }

    /// The cells holding a value other than the rectangle's two, in rectangle order.
    fn extra_cells(&self, board: &LivePosition) -> Vec<usize> {
        let pair = self.pair();
        self.cells
            .iter()
            .copied()
            .filter(|&c| board.live[c] & !pair != 0)
            .collect()
    }

    fn sorted(&self) -> Vec<usize> {
        let mut cells = self.cells.to_vec();
        cells.sort_unstable();
        cells
    }

    /// Its two rows, then its two columns.
    fn lines(&self, geo: &Geometry) -> Vec<usize> {
        let n = geo.shape.size();
        let mut rows: Vec<usize> = self.cells.iter().map(|&c| c / n).collect();
        let mut columns: Vec<usize> = self.cells.iter().map(|&c| c % n).collect();
        for lines in [&mut rows, &mut columns] {
            lines.sort_unstable();
            lines.dedup();
        }
        let rows = rows.into_iter().map(|r| geo.rows[r]);
        rows.chain(columns.into_iter().map(|c| geo.columns[c]))
            .collect()
    }

    /// Whether swapping the two values in the four cells keeps every unit and cage valid: each
    /// meets the rectangle in no cell, two cells of one row or column, or all four.
    fn is_deadly(&self, board: &LivePosition) -> bool {
        let shape = board.shape();
        let n = shape.size();
        let fits = |inside: &[usize]| match inside {
            [] | [_, _, _, _] => true,
            [a, b] => a / n == b / n || a % n == b % n,
            _ => false,
        };
        // Rows, columns and the two regions meet it as a rectangle does by construction; only
        // the other units (diagonals, windows, extra regions) and the cages need a look.
        let mut others = geo_others(board.geo);
        let units_fit = others.all(|u| {
            let inside: Vec<usize> = self
                .cells
                .iter()
                .copied()
                .filter(|&c| board.geo.contains(u, c))
                .collect();
            fits(&inside)
        });
        let cages_fit = self
            .cells
            .iter()
            .filter_map(|&c| board.cage_of[c])
            .all(|k| {
                let inside: Vec<usize> = self
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| board.cage_of[c] == Some(k))
                    .collect();
                fits(&inside)
            });
        units_fit && cages_fit
    }

    /// "A1, A5, C1 and C5 would form a deadly pattern of 3 and 8, which two solutions could swap".
    fn deadly(&self, shape: &Shape) -> String {
        format!(
            "{} would form a deadly pattern of {} and {}, which two solutions could swap",
            words::cells(shape, self.sorted()),
            shape.symbol(self.values[0]),
            shape.symbol(self.values[1])
        )
    }
}

/// The units other than rows, columns, boxes and jigsaw regions.
fn geo_others<'g>(geo: &'g Geometry) -> impl Iterator<Item = usize> + 'g {
    geo.non_lines.iter().copied().filter(|&u| {
        !matches!(
            geo.shape.unit_kind(u),
            UnitKind::Box(_) | UnitKind::Region(_)
        )
    })
}

/// Calls `check` on every rectangle (bivalue corner, partner in its region and line, far side in
/// another region) that is a deadly pattern on this shape, and returns the first step it gives.
fn find_rectangle(
    board: &LivePosition,
    check: impl Fn(&LivePosition, &Rectangle) -> Option<ShapeStep>,
) -> Option<ShapeStep> {
    let geo = board.geo;
    let n = geo.shape.size();
    for corner in 0..geo.shape.cell_count() {
        let pair = board.live[corner];
        if board.pos.value(corner) != 0 || pair.count_ones() != 2 {
            continue;
        }
        let fits = |c: usize| board.allows(c, pair);
        let region = geo.regions[corner];
        let (row, col) = (corner / n, corner % n);
        let partners = geo.shape.unit(region).iter().map(|&c| usize::from(c));
        for partner in partners.filter(|&p| p != corner && (p / n == row || p % n == col)) {
            if !fits(partner) {
                continue;
            }
            let along_row = partner / n == row;
            for line in 0..n {
                let (far1, far2) = if along_row {
                    (line * n + col, line * n + partner % n)
                } else {
                    (row * n + line, partner / n * n + line)
                };
                let far_region = geo.regions[far1];
                if far_region == region
                    || geo.regions[far2] != far_region
                    || !fits(far1)
                    || !fits(far2)
                {
                    continue;
                }
                let mut values = values_of(pair);
                let (Some(a), Some(b)) = (values.next(), values.next()) else {
                    continue;
                };
                let rectangle = Rectangle {
                    cells: [corner, partner, far1, far2],
                    values: [a, b],
                };
                if !rectangle.is_deadly(board) {
                    continue;
                }
                if let Some(step) = check(board, &rectangle) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Type 1: three cells of a rectangle hold only its two values, so the fourth cannot hold either.
pub fn unique_rectangle_1(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    find_rectangle(&LivePosition::new(geo, pos), |board, rectangle| {
        let [target] = rectangle.extra_cells(board)[..] else {
            return None;
        };
        let removed: Vec<Mark> = rectangle
            .values
            .iter()
            .filter(|&&v| board.has(target, v))
            .map(|&v| Mark::new(target, v))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let shape = board.shape();
        let [a, b] = rectangle.values.map(|v| shape.symbol(v));
        let explanation = format!(
            "{}; since the puzzle has one solution, {} cannot be {a} or {b}.",
            rectangle.deadly(shape),
            shape.cell_name(target)
        );
        Some(ShapeStep::elimination(
            Technique::UniqueRectangle1,
            removed,
            pattern(rectangle, rectangle.lines(board.geo)),
            explanation,
        ))
    })
}

/// The rectangle's pattern, with the units its explanation names.
fn pattern(rectangle: &Rectangle, units: Vec<usize>) -> Pattern {
    Pattern {
        cells: rectangle.sorted(),
        units,
        values: rectangle.values.to_vec(),
    }
}

/// The two cells of `extra` when they share a row or a column: the rectangle's roof.
fn roof(extra: &[usize], n: usize) -> Option<(usize, usize)> {
    match *extra {
        [a, b] if a / n == b / n || a % n == b % n => Some((a.min(b), a.max(b))),
        _ => None,
    }
}

/// Type 2: the two roof cells hold the rectangle's values plus the same one extra value; one of them
/// must take it, so no cell that sees both can.
pub fn unique_rectangle_2(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    find_rectangle(&LivePosition::new(geo, pos), |board, rectangle| {
        let shape = board.shape();
        let (first, second) = roof(&rectangle.extra_cells(board), shape.size())?;
        let extras = (board.live[first] | board.live[second]) & !rectangle.pair();
        if extras.count_ones() != 1 {
            return None;
        }
        let extra = values_of(extras).next()?;
        let targets: Vec<usize> = (0..shape.cell_count())
            .filter(|&c| board.has(c, extra) && !rectangle.cells.contains(&c))
            .filter(|&c| board.geo.sees(c, first) && board.geo.sees(c, second))
            .collect();
        if targets.is_empty() {
            return None;
        }
        let x = shape.symbol(extra);
        let explanation = format!(
            "{} unless {} or {} is {x}, their only other candidate; since the puzzle has one \
             solution, one of them is {x}, and {x} can be removed from the squares that see both: \
             {}.",
            rectangle.deadly(shape),
            shape.cell_name(first),
            shape.cell_name(second),
            words::cells(shape, targets.iter().copied()),
        );
        let mut pattern = pattern(rectangle, rectangle.lines(board.geo));
        pattern.values.push(extra);
        Some(ShapeStep::elimination(
            Technique::UniqueRectangle2,
            targets.into_iter().map(|c| Mark::new(c, extra)).collect(),
            pattern,
            explanation,
        ))
    })
}

/// Type 4: one of the rectangle's values has its only places in the two roof cells in every unit
/// they share, so one of them takes it; the other then cannot take the second value, so neither
/// can.
pub fn unique_rectangle_4(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    find_rectangle(&LivePosition::new(geo, pos), |board, rectangle| {
        let shape = board.shape();
        let (first, second) = roof(&rectangle.extra_cells(board), shape.size())?;
        let [a, b] = rectangle.values;
        // A value with no place but the roof in every unit the roof cells share.
        let link_units = board.geo.common_units(&[first, second]);
        let confined = |value: u8| {
            link_units.iter().all(|&u| {
                shape
                    .unit(u)
                    .iter()
                    .map(|&c| usize::from(c))
                    .all(|c| c == first || c == second || !board.has(c, value))
            })
        };
        let (linked, removed) = if confined(a) {
            (a, b)
        } else if confined(b) {
            (b, a)
        } else {
            return None;
        };
        let targets: Vec<usize> = [first, second]
            .into_iter()
            .filter(|&c| board.has(c, removed))
            .collect();
        if targets.is_empty() {
            return None;
        }
        let mut units = rectangle.lines(board.geo);
        units.extend(link_units.iter().filter(|&&u| !is_line(shape.unit_kind(u))));
        let (l, r) = (shape.symbol(linked), shape.symbol(removed));
        let explanation = format!(
            "{}. In {}, {l} can only go in {} or {}, so one of them is {l}; since the puzzle has \
             one solution, the other cannot be {r}, so {r} can be removed from {}.",
            rectangle.deadly(shape),
            words::units(shape, link_units.iter().copied()),
            shape.cell_name(first),
            shape.cell_name(second),
            words::cells(shape, targets.iter().copied()),
        );
        Some(ShapeStep::elimination(
            Technique::UniqueRectangle4,
            targets.into_iter().map(|c| Mark::new(c, removed)).collect(),
            pattern(rectangle, units),
            explanation,
        ))
    })
}

/// Hidden rectangle: the bivalue corner's diagonal opposite holds extra values, and so do the two
/// cells beside the corner. If one of the rectangle's values has no place outside the rectangle in
/// the opposite corner's row and column, the opposite corner cannot hold the other value: its two
/// neighbours in the rectangle would both take the first, the corner the second, completing the
/// deadly pattern.
pub fn hidden_rectangle(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    find_rectangle(&LivePosition::new(geo, pos), |board, rectangle| {
        let shape = board.shape();
        let geo = board.geo;
        let n = shape.size();
        let [corner, partner, beside, opposite] = rectangle.cells;
        let extra = rectangle.extra_cells(board);
        if !extra.contains(&partner) || !extra.contains(&beside) {
            return None;
        }
        let (row, column) = (geo.rows[opposite / n], geo.columns[opposite % n]);
        let [a, b] = rectangle.values;
        [(a, b), (b, a)].into_iter().find_map(|(linked, removed)| {
            let outside = [row, column]
                .into_iter()
                .flat_map(|u| shape.unit(u).iter().map(|&c| usize::from(c)))
                .any(|c| board.has(c, linked) && !rectangle.cells.contains(&c));
            if outside || !board.has(opposite, removed) {
                return None;
            }
            let name = |c: usize| shape.cell_name(c);
            let (l, r) = (shape.symbol(linked), shape.symbol(removed));
            let explanation = format!(
                "{}. In {} and in {}, {l} can only go in the rectangle; if {} were {r}, {} and {} \
                 would both be {l} and {} {r}, completing it. Since the puzzle has one solution, \
                 {r} can be removed from {}.",
                rectangle.deadly(shape),
                shape.unit_name(row),
                shape.unit_name(column),
                name(opposite),
                name(partner),
                name(beside),
                name(corner),
                name(opposite),
            );
            let pattern = pattern(rectangle, vec![row, column]);
            Some(ShapeStep::elimination(
                Technique::HiddenRectangle,
                vec![Mark::new(opposite, removed)],
                pattern,
                explanation,
            ))
        })
    })
}
