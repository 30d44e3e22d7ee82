//! Singles: the last empty square of a unit (full house), a square with one candidate (naked single),
//! and a digit with one place in a unit (hidden single).

use super::Context;
use crate::digit::DigitSet;
use crate::logic::position::Position;
use crate::logic::step::{Pattern, Step};
use crate::square::{Square, Unit};
use crate::technique::Technique;

/// Units in the order a person scans them for singles: boxes first, then rows, then columns.
fn scan_order() -> impl Iterator<Item = Unit> {
    (0..9)
        .map(Unit::Box)
        .chain((0..9).map(Unit::Row))
        .chain((0..9).map(Unit::Column))
}

/// A unit with one empty square left: it takes the one digit the unit lacks.
pub fn full_house(position: &Position, _: &Context) -> Option<Step> {
    scan_order().find_map(|unit| {
        let empty = position.empty_in(unit);
        if empty.len() != 1 {
            return None;
        }
        let square = empty.first()?;
        let missing = DigitSet::from_bits(!position.placed_digits(unit).bits()).single_digit()?;
        if !position.has(square, missing) {
            return None;
        }
        Some(Step::placement(
            Technique::FullHouse,
            square,
            missing,
            Pattern {
                squares: vec![square],
                units: vec![unit],
                digits: vec![missing],
            },
            format!(
                "{square} is the last empty square in {unit}, so it takes the digit {unit} lacks: \
                 {missing}."
            ),
        ))
    })
}

/// A square whose only candidate is one digit.
pub fn naked_single(position: &Position, _: &Context) -> Option<Step> {
    Square::all().find_map(|square| {
        let digit = position.candidates(square).single_digit()?;
        Some(Step::placement(
            Technique::NakedSingle,
            square,
            digit,
            Pattern {
                squares: vec![square],
                units: square.units().to_vec(),
                digits: vec![digit],
            },
            format!(
                "{digit} is the only candidate left in {square}: every other digit is ruled out by \
                 its row, column or box. So {square} is {digit}."
            ),
        ))
    })
}

/// A digit that has one place left in a unit that still lacks it.
pub fn hidden_single(position: &Position, _: &Context) -> Option<Step> {
    scan_order().find_map(|unit| {
        let placed = position.placed_digits(unit);
        DigitSet::from_bits(!placed.bits())
            .iter()
            .find_map(|digit| {
                let places = position.places(unit, digit);
                if places.len() != 1 {
                    return None;
                }
                let square = places.first()?;
                Some(Step::placement(
                    Technique::HiddenSingle,
                    square,
                    digit,
                    Pattern {
                        squares: vec![square],
                        units: vec![unit],
                        digits: vec![digit],
                    },
                    format!("In {unit}, {digit} can only go in {square}, so {square} is {digit}."),
                ))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, sq};
    use super::*;

    #[test]
    fn full_house_fills_the_last_square_of_a_row() {
        let mut p = Position::blank();
        for (c, n) in (0..8).zip(1..=8) {
            p.place(Square::at(3, c).unwrap(), d(n));
        }
        let step = full_house(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::FullHouse);
        assert_eq!(step.placements[0].square, sq("D9"));
        assert_eq!(step.placements[0].digit, d(9));
        assert_eq!(step.pattern.units, [Unit::Row(3)]);
        assert_eq!(
            step.explanation,
            "D9 is the last empty square in row D, so it takes the digit row D lacks: 9."
        );
    }

    #[test]
    fn no_full_house_while_every_unit_has_two_empty_squares() {
        let mut p = Position::blank();
        for (c, n) in (0..7).zip(1..=7) {
            p.place(Square::at(3, c).unwrap(), d(n));
        }
        assert_eq!(full_house(&p, &Context::unknown()), None);
    }

    #[test]
    fn naked_single_places_a_squares_only_candidate() {
        let mut p = Position::blank();
        for n in 1..=8 {
            p.eliminate(sq("E5"), d(n));
        }
        let step = naked_single(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::NakedSingle);
        assert_eq!(
            (step.placements[0].square, step.placements[0].digit),
            (sq("E5"), d(9))
        );
        assert!(step.explanation.contains("only candidate left in E5"));
    }

    #[test]
    fn hidden_single_finds_a_digits_only_place_in_a_box() {
        let mut p = Position::blank();
        // 7 is ruled out of box 5 everywhere but E5.
        for s in Unit::Box(4).squares() {
            if s != sq("E5") {
                p.eliminate(s, d(7));
            }
        }
        let step = hidden_single(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::HiddenSingle);
        assert_eq!(
            (step.placements[0].square, step.placements[0].digit),
            (sq("E5"), d(7))
        );
        assert_eq!(step.pattern.units, [Unit::Box(4)]);
        assert_eq!(
            step.explanation,
            "In box 5, 7 can only go in E5, so E5 is 7."
        );
    }

    #[test]
    fn a_blank_board_has_no_single() {
        let p = Position::blank();
        let context = Context::unknown();
        assert_eq!(full_house(&p, &context), None);
        assert_eq!(naked_single(&p, &context), None);
        assert_eq!(hidden_single(&p, &context), None);
    }
}
