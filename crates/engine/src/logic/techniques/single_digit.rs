//! Single-digit patterns: short chains of conjugate pairs on one digit (skyscraper, 2-string kite,
//! turbot fish) and the empty rectangle, with the scope HoDoKu gives each.
//!
//! A conjugate pair (a strong link) is a unit where the digit has exactly two places: one of them
//! holds it. Two conjugate pairs whose inner ends see each other force one of the outer ends to hold
//! the digit, so any square that sees both outer ends loses it. Which shape earns which name follows
//! HoDoKu: a skyscraper joins two row (or two column) pairs through a column (row), a kite joins a row
//! pair and a column pair through a box, and the turbot fish is every other such chain of four squares.

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

/// Two conjugate pairs of a digit in two rows (or two columns) whose bases share a column (row): one
/// of the two tops holds the digit, so squares seeing both tops lose it.
///
/// As in HoDoKu, rows are searched before columns, the bases are the first (or the last) squares of
/// both pairs, so the tops stand on the same side of the base line; the crossed shape is left to
/// the turbot fish, and tops in one line (an X-wing) to the fish.
pub fn skyscraper(position: &Position, _: &Context) -> Option<Step> {
    for rows in [true, false] {
        for digit in Digit::all() {
            if let Some(step) = skyscraper_in(position, digit, rows) {
                return Some(step);
            }
        }
    }
    None
}

fn skyscraper_in(position: &Position, digit: Digit, rows: bool) -> Option<Step> {
    let mut pairs = [None; 9];
    for (i, slot) in pairs.iter_mut().enumerate() {
        *slot = conjugate_pair(position, line(i, rows), digit);
    }
    for (i, a) in pairs.iter().enumerate() {
        let Some((a0, a1)) = *a else { continue };
        for b in &pairs[i + 1..] {
            let Some((b0, b1)) = *b else { continue };
            let (base1, top1, base2, top2) = if cross_of(a0, rows) == cross_of(b0, rows) {
                (a0, a1, b0, b1)
            } else if cross_of(a1, rows) == cross_of(b1, rows) {
                (a1, a0, b1, b0)
            } else {
                continue;
            };
            if cross_of(top1, rows) == cross_of(top2, rows) {
                continue;
            }
            let targets = seeing_both(position, digit, top1, top2);
            if targets.is_empty() {
                continue;
            }
            let chain = Chain {
                digit,
                top1,
                base1,
                base2,
                top2,
                link1: line(line_of(a0, rows), rows),
                link2: line(line_of(b0, rows), rows),
                bridge: line(cross_of(base1, rows), !rows),
            };
            return Some(chain.step(Technique::Skyscraper, targets));
        }
    }
    None
}

/// A conjugate pair in a row and one in a column with one end of each in the same box: one of the two
/// other ends holds the digit, so the square in the row of one and the column of the other loses it.
pub fn two_string_kite(position: &Position, _: &Context) -> Option<Step> {
    Digit::all().find_map(|digit| kite_for(position, digit))
}

fn kite_for(position: &Position, digit: Digit) -> Option<Step> {
    for r in 0..9 {
        let Some((l0, l1)) = conjugate_pair(position, row(r), digit) else {
            continue;
        };
        for c in 0..9 {
            let Some((c0, c1)) = conjugate_pair(position, column(c), digit) else {
                continue;
            };
            let Some((row_base, row_top, col_base, col_top)) = kite_ends(l0, l1, c0, c1) else {
                continue;
            };
            let cross = Square::at(col_top.row(), row_top.col())?;
            if !position.has(cross, digit) {
                continue;
            }
            let chain = Chain {
                digit,
                top1: row_top,
                base1: row_base,
                base2: col_base,
                top2: col_top,
                link1: row(r),
                link2: column(c),
                bridge: Unit::Box(row_base.box_index() as u8),
            };
            return Some(chain.step(Technique::TwoStringKite, SquareSet::single(cross)));
        }
    }
    None
}

/// The ends of a row pair and a column pair ordered as (row base, row top, column base, column top),
/// the bases sharing a box, when they do and the four squares differ.
fn kite_ends(
    l0: Square,
    l1: Square,
    c0: Square,
    c1: Square,
) -> Option<(Square, Square, Square, Square)> {
    let ends = [
        (l0, l1, c0, c1),
        (l0, l1, c1, c0),
        (l1, l0, c0, c1),
        (l1, l0, c1, c0),
    ]
    .into_iter()
    .find(|(rb, _, cb, _)| rb.box_index() == cb.box_index())?;
    let (rb, rt, cb, ct) = ends;
    let distinct = rb != cb && rb != ct && rt != cb && rt != ct;
    distinct.then_some(ends)
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

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, names, only, sq, square_names};
    use super::*;

    fn skyscraper_position() -> Position {
        let mut p = Position::blank();
        only(&mut p, 4, Unit::Column(1), &["B2", "H2"]);
        only(&mut p, 4, Unit::Column(4), &["B5", "G5"]);
        p
    }

    #[test]
    fn skyscraper_removes_the_digit_from_squares_seeing_both_tops() {
        let step = skyscraper(&skyscraper_position(), &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::Skyscraper);
        assert_eq!(names(&step), ["4G1", "4G3", "4H4", "4H6"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["H2", "B2", "B5", "G5"]
        );
        assert_eq!(
            step.pattern.units,
            [Unit::Column(1), Unit::Column(4), Unit::Row(1)]
        );
        assert_eq!(step.pattern.digits, [d(4)]);
        assert_eq!(
            step.explanation,
            "4 is in column 2 only at B2 and H2, and in column 5 only at B5 and G5; B2 and B5 share \
             row B, so one of H2 or G5 is 4, and 4 can be removed from the squares that see both: \
             G1, G3, H4 and H6."
        );
    }

    #[test]
    fn no_skyscraper_when_the_pairs_share_no_line_or_form_an_x_wing() {
        let mut p = Position::blank();
        only(&mut p, 4, Unit::Column(1), &["B2", "H2"]);
        only(&mut p, 4, Unit::Column(4), &["C5", "G5"]);
        assert_eq!(skyscraper(&p, &Context::unknown()), None);
        let mut x_wing = Position::blank();
        only(&mut x_wing, 4, Unit::Column(1), &["B2", "H2"]);
        only(&mut x_wing, 4, Unit::Column(4), &["B5", "H5"]);
        assert_eq!(skyscraper(&x_wing, &Context::unknown()), None);
    }

    fn kite_position() -> Position {
        let mut p = Position::blank();
        only(&mut p, 6, Unit::Row(2), &["C2", "C7"]);
        only(&mut p, 6, Unit::Column(0), &["A1", "G1"]);
        p
    }

    #[test]
    fn two_string_kite_removes_the_digit_where_the_free_ends_cross() {
        let p = kite_position();
        assert_eq!(skyscraper(&p, &Context::unknown()), None);
        let step = two_string_kite(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::TwoStringKite);
        assert_eq!(names(&step), ["6G7"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["C7", "C2", "A1", "G1"]
        );
        assert_eq!(
            step.pattern.units,
            [Unit::Row(2), Unit::Column(0), Unit::Box(0)]
        );
        assert_eq!(
            step.explanation,
            "6 is in row C only at C2 and C7, and in column 1 only at A1 and G1; C2 and A1 share \
             box 1, so one of C7 or G1 is 6, and 6 can be removed from the squares that see both: \
             G7."
        );
    }

    #[test]
    fn no_kite_when_the_pairs_meet_in_no_box() {
        let mut p = Position::blank();
        only(&mut p, 6, Unit::Row(2), &["C4", "C7"]);
        only(&mut p, 6, Unit::Column(0), &["A1", "G1"]);
        assert_eq!(two_string_kite(&p, &Context::unknown()), None);
    }

    fn turbot_position() -> Position {
        let mut p = Position::blank();
        only(&mut p, 3, Unit::Box(0), &["A2", "C1"]);
        only(&mut p, 3, Unit::Column(6), &["C7", "H7"]);
        p
    }

    #[test]
    fn turbot_fish_joins_a_box_pair_and_a_column_pair_through_a_row() {
        let p = turbot_position();
        let context = Context::unknown();
        assert_eq!(skyscraper(&p, &context), None);
        assert_eq!(two_string_kite(&p, &context), None);
        let step = turbot_fish(&p, &context).unwrap();
        assert_eq!(step.technique, Technique::TurbotFish);
        assert_eq!(names(&step), ["3H2"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A2", "C1", "C7", "H7"]
        );
        assert_eq!(
            step.pattern.units,
            [Unit::Box(0), Unit::Column(6), Unit::Row(2)]
        );
        assert_eq!(
            step.explanation,
            "3 is in box 1 only at C1 and A2, and in column 7 only at C7 and H7; C1 and C7 share \
             row C, so one of A2 or H7 is 3, and 3 can be removed from the squares that see both: \
             H2."
        );
    }

    #[test]
    fn turbot_fish_leaves_skyscrapers_and_kites_to_their_own_names() {
        let context = Context::unknown();
        assert_eq!(turbot_fish(&skyscraper_position(), &context), None);
        assert_eq!(turbot_fish(&kite_position(), &context), None);
        assert_eq!(turbot_fish(&Position::blank(), &context), None);
    }

    #[test]
    fn two_squares_of_a_box_in_one_row_are_linked_only_through_the_row() {
        // 9 is in box 1 only at A1 and A2, but row A has more places: HoDoKu links A1 and A2 through
        // row A, weakly, so A1 = A2 - G2 = G7 is no chain.
        let mut p = Position::blank();
        only(&mut p, 9, Unit::Box(0), &["A1", "A2"]);
        only(&mut p, 9, Unit::Row(6), &["G2", "G7"]);
        assert_eq!(turbot_fish(&p, &Context::unknown()), None);
    }

    #[test]
    fn a_crossed_skyscraper_is_a_turbot_fish_as_in_hodoku() {
        // Bases A2 and B2 share column 2, but A2 is the last of row A's pair and B2 the first of row
        // B's, so the tops A1 and B5 stand on either side: HoDoKu's skyscraper does not take it, its
        // turbot fish does. (It only removes something while locked candidates are pending.)
        let mut p = Position::blank();
        only(&mut p, 8, Unit::Row(0), &["A1", "A2"]);
        only(&mut p, 8, Unit::Row(1), &["B2", "B5"]);
        let context = Context::unknown();
        assert_eq!(skyscraper(&p, &context), None);
        let step = turbot_fish(&p, &context).unwrap();
        assert_eq!(names(&step), ["8B2"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "A2", "B2", "B5"]
        );
        assert_eq!(step.pattern.units[2], Unit::Column(1));
    }

    #[test]
    fn a_square_both_pairs_start_from_must_hold_the_digit() {
        // 2 is in row A only at A1 and A2 and in column 1 only at A1 and B1; A2 and B1 share box 1,
        // so A1 is 2.
        let mut p = Position::blank();
        only(&mut p, 2, Unit::Row(0), &["A1", "A2"]);
        only(&mut p, 2, Unit::Column(0), &["A1", "B1"]);
        let step = turbot_fish(&p, &Context::unknown()).unwrap();
        assert_eq!(names(&step), ["2A2", "2B1", "2B2", "2B3", "2C2", "2C3"]);
        assert!(step.explanation.ends_with(
            "so they cannot both be 2, and A1 is 2: 2 can be removed from the squares \
                        it sees: A2, B1, B2, B3, C2 and C3."
        ));
    }

    fn empty_rectangle_position() -> Position {
        let mut p = Position::blank();
        only(&mut p, 7, Unit::Box(4), &["D4", "E5", "E6"]);
        only(&mut p, 7, Unit::Column(7), &["A8", "E8"]);
        p
    }

    #[test]
    fn empty_rectangle_removes_the_digit_where_the_pair_meets_the_boxs_column() {
        let p = empty_rectangle_position();
        let step = empty_rectangle(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::EmptyRectangle);
        assert_eq!(names(&step), ["7A4"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["D4", "E5", "E6", "E8", "A8"]
        );
        assert_eq!(
            step.pattern.units,
            [Unit::Box(4), Unit::Row(4), Unit::Column(3), Unit::Column(7)]
        );
        assert_eq!(
            step.explanation,
            "In box 5, 7 can only go in row E or column 4 (D4, E5 and E6); in column 8, 7 is only \
             at E8 and A8. If E8 is 7, the 7 of box 5 is in column 4; if not, A8 is 7. Either way \
             A4 cannot be 7, so 7 can be removed from A4."
        );
    }

    #[test]
    fn no_empty_rectangle_when_the_box_holds_the_digit_off_its_row_and_column() {
        let mut p = empty_rectangle_position();
        let mut f6 = Position::blank();
        only(&mut f6, 7, Unit::Box(4), &["D4", "E5", "E6", "F6"]);
        only(&mut f6, 7, Unit::Column(7), &["A8", "E8"]);
        assert_eq!(empty_rectangle(&f6, &Context::unknown()), None);
        // Two places in the box (one in the row, one in the column) are not enough for HoDoKu.
        p.eliminate(sq("E6"), d(7));
        assert_eq!(empty_rectangle(&p, &Context::unknown()), None);
    }

    #[test]
    fn conjugate_pairs_are_units_with_two_places() {
        let p = kite_position();
        assert_eq!(
            conjugate_pair(&p, Unit::Row(2), d(6)),
            Some((sq("C2"), sq("C7")))
        );
        assert_eq!(conjugate(&p, Unit::Row(2), d(6), sq("C7")), Some(sq("C2")));
        assert_eq!(conjugate(&p, Unit::Row(2), d(6), sq("A1")), None);
        assert_eq!(conjugate_pair(&p, Unit::Row(3), d(6)), None);
        assert_eq!(shared_unit(sq("A1"), sq("B2")), Some(Unit::Box(0)));
        assert_eq!(shared_unit(sq("A1"), sq("E5")), None);
    }
}
