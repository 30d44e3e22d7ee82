//! Single-digit patterns: short chains of conjugate pairs on one digit (skyscraper, 2-string kite,
//! turbot fish) and the empty rectangle, with the scope HoDoKu gives each.
//!
//! A conjugate pair (a strong link) is a unit where the digit has exactly two places: one of them
//! holds it. Two conjugate pairs whose inner ends see each other force one of the outer ends to hold
//! the digit, so any square that sees both outer ends loses it. Which shape earns which name follows
//! HoDoKu: a skyscraper joins two row (or two column) pairs through a column (row), a kite joins a row
//! pair and a column pair through a box, and the turbot fish is every other such chain of four squares.
//! The skyscraper and the kite are the general layer's (the one implementation, on every shape),
//! borrowed in their classic places by [`super::FINDERS`]; their classic cases are tested here.

use super::Context;
use crate::digit::Digit;
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::and_list;
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// The two places of `digit` in `unit` when it has exactly two (a conjugate pair), in row-major
/// order.
pub(super) fn conjugate_pair(
    position: &Position,
    unit: Unit,
    digit: Digit,
) -> Option<(Square, Square)> {
    let places = position.places(unit, digit);
    if places.len() != 2 {
        return None;
    }
    let first = places.first()?;
    let second = (places - SquareSet::single(first)).first()?;
    Some((first, second))
}

/// The other end of the conjugate pair of `digit` in `unit` that `square` belongs to.
pub(super) fn conjugate(
    position: &Position,
    unit: Unit,
    digit: Digit,
    square: Square,
) -> Option<Square> {
    let (a, b) = conjugate_pair(position, unit, digit)?;
    match square {
        s if s == a => Some(b),
        s if s == b => Some(a),
        _ => None,
    }
}

/// The first unit (row, then column, then box) that two different squares share.
pub(super) fn shared_unit(a: Square, b: Square) -> Option<Unit> {
    a.units()
        .into_iter()
        .zip(b.units())
        .find_map(|(x, y)| (x == y).then_some(x))
}

fn row(index: usize) -> Unit {
    Unit::Row(index as u8)
}

fn column(index: usize) -> Unit {
    Unit::Column(index as u8)
}

/// The row (`rows`) or column of a square, as a line index.
fn line_of(square: Square, rows: bool) -> usize {
    if rows {
        square.row()
    } else {
        square.col()
    }
}

/// The column (`rows`) or row of a square: the index across the lines.
fn cross_of(square: Square, rows: bool) -> usize {
    line_of(square, !rows)
}

fn line(index: usize, rows: bool) -> Unit {
    if rows {
        row(index)
    } else {
        column(index)
    }
}

/// The squares holding `digit` that see both `a` and `b` (neither of them included).
fn seeing_both(position: &Position, digit: Digit, a: Square, b: Square) -> SquareSet {
    position.squares_with(digit) & SquareSet::peers(a) & SquareSet::peers(b)
}

/// A chain of four squares on one digit: `top1` and `base1` a conjugate pair in `link1`, `base2` and
/// `top2` one in `link2`, the bases sharing `bridge`. One of the tops holds the digit.
#[derive(Clone, Copy)]
struct Chain {
    digit: Digit,
    top1: Square,
    base1: Square,
    base2: Square,
    top2: Square,
    link1: Unit,
    link2: Unit,
    bridge: Unit,
}

impl Chain {
    /// The step removing the digit from `targets` (the squares that see both tops).
    fn step(self, technique: Technique, targets: SquareSet) -> Step {
        let Chain {
            digit: d,
            top1,
            base1,
            base2,
            top2,
            link1,
            link2,
            bridge,
        } = self;
        let eliminations = targets.iter().map(|s| Candidate::new(s, d)).collect();
        let pattern = Pattern {
            squares: vec![top1, base1, base2, top2],
            units: vec![link1, link2, bridge],
            digits: vec![d],
        };
        let explanation = if top1 == top2 {
            format!(
                "{d} is in {link1} only at {base1} and {top1}, and in {link2} only at {base2} and \
                 {top1}; {base1} and {base2} share {bridge}, so they cannot both be {d}, and {top1} \
                 is {d}: {d} can be removed from the squares it sees: {}.",
                and_list(targets)
            )
        } else {
            format!(
                "{d} is in {link1} only at {base1} and {top1}, and in {link2} only at {base2} and \
                 {top2}; {base1} and {base2} share {bridge}, so one of {top1} or {top2} is {d}, and \
                 {d} can be removed from the squares that see both: {}.",
                and_list(targets)
            )
        };
        Step::elimination(technique, eliminations, pattern, explanation)
    }
}

/// A chain of a conjugate pair, a weak link (the inner ends see each other) and another conjugate
/// pair on one digit that is neither a skyscraper nor a 2-string kite (nor an X-wing): one of the
/// outer ends holds the digit, so squares seeing both lose it. When both pairs start from one square,
/// that square must hold the digit.
pub fn turbot_fish(position: &Position, _: &Context) -> Option<Step> {
    Digit::all().find_map(|digit| turbot_for(position, digit))
}

fn turbot_for(position: &Position, digit: Digit) -> Option<Step> {
    let holders = position.squares_with(digit);
    for start in holders {
        for link1 in start.units() {
            let Some(base1) = chain_link(position, link1, digit, start) else {
                continue;
            };
            let bases2 = (holders & SquareSet::peers(base1)) - SquareSet::single(start);
            for base2 in bases2 {
                if let Some(step) = turbot_from(position, digit, start, base1, link1, base2) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn turbot_from(
    position: &Position,
    digit: Digit,
    top1: Square,
    base1: Square,
    link1: Unit,
    base2: Square,
) -> Option<Step> {
    for link2 in base2.units() {
        let Some(top2) = chain_link(position, link2, digit, base2) else {
            continue;
        };
        if top2 == base1 {
            continue;
        }
        let targets = if top1 == top2 {
            position.squares_with(digit) & SquareSet::peers(top1)
        } else {
            seeing_both(position, digit, top1, top2)
        };
        if targets.is_empty() || is_simpler_shape(position, digit, [top1, base1, base2, top2]) {
            continue;
        }
        let chain = Chain {
            digit,
            top1,
            base1,
            base2,
            top2,
            link1,
            link2,
            bridge: shared_unit(base1, base2)?,
        };
        return Some(chain.step(Technique::TurbotFish, targets));
    }
    None
}

/// The other end of a conjugate pair for a chain, as HoDoKu links squares: two squares of a box that
/// also share a row or column are linked through that line only, so a box pair inside one line
/// counts only when the line is a pair too (it always is once locked candidates are applied).
fn chain_link(position: &Position, unit: Unit, digit: Digit, square: Square) -> Option<Square> {
    let partner = conjugate(position, unit, digit, square)?;
    let in_line = partner.row() == square.row() || partner.col() == square.col();
    if matches!(unit, Unit::Box(_)) && in_line {
        return None;
    }
    Some(partner)
}

/// Whether a chain `[top1, base1, base2, top2]` is one HoDoKu names a skyscraper, a 2-string kite
/// or an X-wing rather than a turbot fish.
fn is_simpler_shape(position: &Position, digit: Digit, chain: [Square; 4]) -> bool {
    let [top1, base1, base2, top2] = chain;
    let pair_in = |a: Square, b: Square, rows: bool| {
        line_of(a, rows) == line_of(b, rows)
            && position.places(line(line_of(a, rows), rows), digit).len() == 2
    };
    for rows in [true, false] {
        let parallel = pair_in(top1, base1, rows) && pair_in(base2, top2, rows);
        if parallel && cross_of(base1, rows) == cross_of(base2, rows) {
            let base = cross_of(base1, rows);
            let same_side = (cross_of(top1, rows) > base) == (cross_of(top2, rows) > base);
            if same_side {
                return true;
            }
        }
    }
    let row_then_column = pair_in(top1, base1, true) && pair_in(base2, top2, false);
    let column_then_row = pair_in(top1, base1, false) && pair_in(base2, top2, true);
    top1 != top2 && (row_then_column || column_then_row) && base1.box_index() == base2.box_index()
}

mod empty_rectangle;
pub use empty_rectangle::empty_rectangle;

#[cfg(test)]
mod tests;
