//! Uniqueness: deductions that hold only because the puzzle has one solution. Unique rectangles (types
//! 1, 2 and 4) and hidden rectangles avoid a deadly pattern, four unsolved squares in two rows, two columns and two boxes
//! that could only hold the same two digits, which two solutions would swap; BUG+1 avoids a grid where
//! every unsolved square is bivalue and every digit has two places in each unit. BUG+1 is the
//! general layer's (the one implementation), borrowed by [`super::FINDERS`] when the puzzle is
//! unique; its classic cases are tested here.
//!
//! Every finder here stays off unless the context says the puzzle is unique. The scope follows
//! HoDoKu's: a rectangle starts from a bivalue square and takes four unsolved squares (never a given
//! or a placed digit, so swapping the two digits would give another valid grid), and a square belongs
//! to it when both digits are still allowed there by the placed digits, even if a step removed one of
//! them as a pencil mark.

use super::Context;
use crate::digit::{Digit, DigitSet};
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::{and_list, or_list};
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// Four unsolved squares in two rows, two columns and two boxes, and the two digits of the bivalue
/// square it was found from.
struct Rectangle {
    /// The bivalue corner, its partner in the same box and line, then their far sides in that order.
    squares: [Square; 4],
    /// The two digits, ascending.
    digits: [Digit; 2],
}

impl Rectangle {
    fn set(&self) -> SquareSet {
        self.squares.iter().copied().collect()
    }

    fn pair(&self) -> DigitSet {
        self.digits.iter().copied().collect()
    }

    /// The squares holding a digit other than the rectangle's two, in rectangle order.
    fn extra_squares(&self, position: &Position) -> SquareSet {
        let pair = self.pair().bits();
        self.squares
            .iter()
            .copied()
            .filter(|&s| position.candidates(s).bits() & !pair != 0)
            .collect()
    }

    /// The rectangle's squares sorted, for the pattern and the explanation.
    fn sorted(&self) -> Vec<Square> {
        self.set().iter().collect()
    }

    /// Its two rows and two columns.
    fn units(&self) -> Vec<Unit> {
        let set = self.set();
        let rows = (0..9u8)
            .filter(|&r| set.rows() >> r & 1 == 1)
            .map(Unit::Row);
        let cols = (0..9u8)
            .filter(|&c| set.cols() >> c & 1 == 1)
            .map(Unit::Column);
        rows.chain(cols).collect()
    }

    /// "A1, A5, C1 and C5 would form a deadly pattern of 3 and 8, which two solutions could swap".
    fn deadly(&self) -> String {
        format!(
            "{} would form a deadly pattern of {} and {}, which two solutions could swap",
            and_list(self.sorted()),
            self.digits[0],
            self.digits[1]
        )
    }
}

/// For each digit, the unsolved squares where no placed digit rules it out: where it is allowed,
/// whatever the pencil marks say.
fn allowed_places(position: &Position) -> [SquareSet; 9] {
    let empty = position.empty_squares();
    let mut allowed = [empty; 9];
    for s in Square::all() {
        if let Some(d) = position.value(s) {
            allowed[d.index()] = allowed[d.index()] - SquareSet::peers(s);
        }
    }
    allowed
}

/// The squares on `line` (a row when the side runs along a row, else a column) across from `corner`
/// and `partner`: the far side of a rectangle.
fn far_side(corner: Square, partner: Square, along_row: bool, line: usize) -> (Square, Square) {
    let at = |s: Square| {
        if along_row {
            Square::at(line, s.col())
        } else {
            Square::at(s.row(), line)
        }
        .expect("line and index are in range")
    };
    (at(corner), at(partner))
}

/// Calls `check` on every rectangle in HoDoKu's scan order (bivalue corner, partner in its box and
/// line, far side in another box) and returns the first step it gives.
fn find_rectangle(
    position: &Position,
    check: impl Fn(&Position, &Rectangle) -> Option<Step>,
) -> Option<Step> {
    let mut allowed = None;
    for corner in Square::all() {
        let pair = position.candidates(corner);
        if position.value(corner).is_some() || pair.len() != 2 {
            continue;
        }
        let allowed = allowed.get_or_insert_with(|| allowed_places(position));
        let mut digits = pair.iter();
        let (a, b) = (digits.next()?, digits.next()?);
        let fits = allowed[a.index()] & allowed[b.index()];
        let lines = SquareSet::unit(Unit::Row(corner.row() as u8))
            | SquareSet::unit(Unit::Column(corner.col() as u8));
        let partners = (SquareSet::unit(Unit::Box(corner.box_index() as u8)) & lines & fits)
            - SquareSet::single(corner);
        for partner in partners {
            let along_row = partner.row() == corner.row();
            for line in 0..9 {
                let (far1, far2) = far_side(corner, partner, along_row, line);
                if far1.box_index() == corner.box_index()
                    || !fits.contains(far1)
                    || !fits.contains(far2)
                {
                    continue;
                }
                let rectangle = Rectangle {
                    squares: [corner, partner, far1, far2],
                    digits: [a, b],
                };
                if let Some(step) = check(position, &rectangle) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Type 1: three squares of a rectangle hold only its two digits, so the fourth cannot hold either.
pub fn unique_rectangle_1(position: &Position, context: &Context) -> Option<Step> {
    if !context.is_unique() {
        return None;
    }
    find_rectangle(position, |position, rectangle| {
        let extra = rectangle.extra_squares(position);
        if extra.len() != 1 {
            return None;
        }
        let target = extra.first()?;
        let eliminations: Vec<Candidate> = rectangle
            .digits
            .iter()
            .filter(|&&d| position.has(target, d))
            .map(|&d| Candidate::new(target, d))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let [a, b] = rectangle.digits;
        Some(Step::elimination(
            Technique::UniqueRectangle1,
            eliminations,
            Pattern {
                squares: rectangle.sorted(),
                units: rectangle.units(),
                digits: vec![a, b],
            },
            format!(
                "{}; since the puzzle has one solution, {target} cannot be {a} or {b}.",
                rectangle.deadly()
            ),
        ))
    })
}

/// The two squares of `extra` when they share a row or a column: the rectangle's roof.
fn roof(extra: SquareSet) -> Option<(Square, Square)> {
    if extra.len() != 2 {
        return None;
    }
    let mut squares = extra.iter();
    let (first, second) = (squares.next()?, squares.next()?);
    (first.row() == second.row() || first.col() == second.col()).then_some((first, second))
}

/// The units two squares share.
fn shared_units(first: Square, second: Square) -> Vec<Unit> {
    first
        .units()
        .into_iter()
        .filter(|u| second.units().contains(u))
        .collect()
}

/// Type 2: the two roof squares hold the rectangle's digits plus the same one extra digit; one of them
/// must take it, so no square that sees both can.
pub fn unique_rectangle_2(position: &Position, context: &Context) -> Option<Step> {
    if !context.is_unique() {
        return None;
    }
    find_rectangle(position, |position, rectangle| {
        let (first, second) = roof(rectangle.extra_squares(position))?;
        let pair = rectangle.pair().bits();
        let extras = DigitSet::from_bits(
            (position.candidates(first).bits() | position.candidates(second).bits()) & !pair,
        );
        let extra = extras.single_digit()?;
        let roof_set = SquareSet::single(first) | SquareSet::single(second);
        let targets = (roof_set.common_peers() & position.squares_with(extra)) - rectangle.set();
        if targets.is_empty() {
            return None;
        }
        let eliminations: Vec<Candidate> =
            targets.iter().map(|s| Candidate::new(s, extra)).collect();
        let [a, b] = rectangle.digits;
        let explanation = format!(
            "{} unless {} is {extra}, their only other candidate; since the puzzle has one \
             solution, one of them is {extra}, and {extra} can be removed from the squares that \
             see both: {}.",
            rectangle.deadly(),
            or_list([first, second]),
            and_list(targets),
        );
        Some(Step::elimination(
            Technique::UniqueRectangle2,
            eliminations,
            Pattern {
                squares: rectangle.sorted(),
                units: rectangle.units(),
                digits: vec![a, b, extra],
            },
            explanation,
        ))
    })
}

/// Type 4: one of the rectangle's digits has no place that sees both roof squares, so one roof square
/// takes it; the other cannot take the second digit, so neither roof square can.
pub fn unique_rectangle_4(position: &Position, context: &Context) -> Option<Step> {
    if !context.is_unique() {
        return None;
    }
    find_rectangle(position, |position, rectangle| {
        let (first, second) = roof(rectangle.extra_squares(position))?;
        let roof_set = SquareSet::single(first) | SquareSet::single(second);
        let seeing_both = roof_set.common_peers();
        let [a, b] = rectangle.digits;
        let (linked, removed) = if (position.squares_with(a) & seeing_both).is_empty() {
            (a, b)
        } else if (position.squares_with(b) & seeing_both).is_empty() {
            (b, a)
        } else {
            return None;
        };
        let eliminations: Vec<Candidate> = [first, second]
            .into_iter()
            .filter(|&s| position.has(s, removed))
            .map(|s| Candidate::new(s, removed))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let link_units = shared_units(first, second);
        let mut units = rectangle.units();
        units.extend(link_units.iter().filter(|u| matches!(u, Unit::Box(_))));
        let explanation = format!(
            "{}. In {}, {linked} can only go in {first} or {second}, so one of them is {linked}; \
             since the puzzle has one solution, the other cannot be {removed}, so {removed} can be \
             removed from {}.",
            rectangle.deadly(),
            and_list(&link_units),
            and_list(eliminations.iter().map(|c| c.square)),
        );
        Some(Step::elimination(
            Technique::UniqueRectangle4,
            eliminations,
            Pattern {
                squares: rectangle.sorted(),
                units,
                digits: vec![a, b],
            },
            explanation,
        ))
    })
}

/// Hidden rectangle: the bivalue corner's diagonal opposite holds extra digits, and so do the two
/// squares beside the corner. If one of the rectangle's digits has no place outside the rectangle in
/// the opposite corner's row and column, the opposite corner cannot hold the other digit: its two
/// neighbours in the rectangle would both take the first, the corner the second, and the four would
/// form the deadly pattern. A second bivalue square is allowed only diagonally opposite (HoDoKu's
/// scope).
pub fn hidden_rectangle(position: &Position, context: &Context) -> Option<Step> {
    if !context.is_unique() {
        return None;
    }
    find_rectangle(position, |position, rectangle| {
        let [corner, partner, beside, opposite] = rectangle.squares;
        let extra = rectangle.extra_squares(position);
        if !extra.contains(partner) || !extra.contains(beside) {
            return None;
        }
        let [row, column, _] = opposite.units();
        let lines = SquareSet::unit(row) | SquareSet::unit(column);
        let [a, b] = rectangle.digits;
        [(a, b), (b, a)].into_iter().find_map(|(linked, removed)| {
            let outside = (position.squares_with(linked) & lines) - rectangle.set();
            if !outside.is_empty() || !position.has(opposite, removed) {
                return None;
            }
            let explanation = format!(
                "{}. In {row} and in {column}, {linked} can only go in the rectangle; if \
                 {opposite} were {removed}, {partner} and {beside} would both be {linked} and \
                 {corner} {removed}, completing it. Since the puzzle has one solution, {removed} \
                 can be removed from {opposite}.",
                rectangle.deadly(),
            );
            Some(Step::elimination(
                Technique::HiddenRectangle,
                vec![Candidate::new(opposite, removed)],
                Pattern {
                    squares: rectangle.sorted(),
                    units: vec![row, column],
                    digits: vec![a, b],
                },
                explanation,
            ))
        })
    })
}

#[cfg(test)]
mod tests;
