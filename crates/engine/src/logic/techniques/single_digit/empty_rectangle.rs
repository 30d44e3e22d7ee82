//! The empty rectangle: a box whose candidates for a digit lie in one row and one column of it, and
//! a conjugate pair in a line crossing that row (or column) outside the box.

use super::super::Context;
use super::{column, conjugate, cross_of, line, row};
use crate::digit::Digit;
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::and_list;
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// A box whose candidates for a digit lie in one row and one column of it (three to five of them,
/// not all in one line), and a conjugate pair in a line crossing that row (or column) outside the
/// box: the digit leaves the square where the pair's far end meets the box's column (or row).
pub fn empty_rectangle(position: &Position, _: &Context) -> Option<Step> {
    for digit in Digit::all() {
        for b in 0..9 {
            if let Some(step) = empty_rectangle_in(position, digit, b) {
                return Some(step);
            }
        }
    }
    None
}

fn empty_rectangle_in(position: &Position, digit: Digit, b: usize) -> Option<Step> {
    let box_unit = Unit::Box(b as u8);
    let in_box = position.places(box_unit, digit);
    if !(3..=5).contains(&in_box.len()) {
        return None;
    }
    // HoDoKu's order: the row and column nearest the box's far corner first.
    for r_offset in (0..3).rev() {
        for c_offset in (0..3).rev() {
            let r = b / 3 * 3 + r_offset;
            let c = b % 3 * 3 + c_offset;
            let in_row = in_box & SquareSet::unit(row(r));
            let in_col = in_box & SquareSet::unit(column(c));
            let outside = in_box - in_row - in_col;
            if !outside.is_empty() || (in_row - in_col).is_empty() || (in_col - in_row).is_empty() {
                continue;
            }
            let rectangle = EmptyRectangle {
                digit,
                box_unit,
                in_box,
                row: r,
                col: c,
            };
            if let Some(step) = rectangle.step(position, true) {
                return Some(step);
            }
            if let Some(step) = rectangle.step(position, false) {
                return Some(step);
            }
        }
    }
    None
}

/// An empty rectangle: the digit's places in `box_unit` all lie in `row` or `col`.
struct EmptyRectangle {
    digit: Digit,
    box_unit: Unit,
    in_box: SquareSet,
    row: usize,
    col: usize,
}

impl EmptyRectangle {
    /// The first elimination through a conjugate pair crossing the box's row (`along_row`) or
    /// column outside the box.
    fn step(&self, position: &Position, along_row: bool) -> Option<Step> {
        let d = self.digit;
        let box_squares = SquareSet::unit(self.box_unit);
        let (near_line, far_line) = if along_row {
            (row(self.row), column(self.col))
        } else {
            (column(self.col), row(self.row))
        };
        let starts = position.places(near_line, d) - box_squares;
        for near in starts {
            let pair_unit = line(cross_of(near, along_row), !along_row);
            let Some(far) = conjugate(position, pair_unit, d, near) else {
                continue;
            };
            let target = if along_row {
                Square::at(far.row(), self.col)?
            } else {
                Square::at(self.row, far.col())?
            };
            if box_squares.contains(target) || !position.has(target, d) {
                continue;
            }
            return Some(self.build(near, far, pair_unit, far_line, target));
        }
        None
    }

    fn build(
        &self,
        near: Square,
        far: Square,
        pair_unit: Unit,
        far_line: Unit,
        target: Square,
    ) -> Step {
        let d = self.digit;
        let b = self.box_unit;
        let (r, c) = (row(self.row), column(self.col));
        let mut squares: Vec<Square> = self.in_box.iter().collect();
        squares.extend([near, far]);
        let pattern = Pattern {
            squares,
            units: vec![b, r, c, pair_unit],
            digits: vec![d],
        };
        let explanation = format!(
            "In {b}, {d} can only go in {r} or {c} ({}); in {pair_unit}, {d} is only at {near} and \
             {far}. If {near} is {d}, the {d} of {b} is in {far_line}; if not, {far} is {d}. Either \
             way {target} cannot be {d}, so {d} can be removed from {target}.",
            and_list(self.in_box)
        );
        Step::elimination(
            Technique::EmptyRectangle,
            vec![Candidate::new(target, d)],
            pattern,
            explanation,
        )
    }
}
