//! Locked candidates: where a box crosses a row or column. When a digit's places in one of the two
//! units all lie in the crossing, the digit must go there, so it can be removed from the rest of the
//! other unit. Pointing starts from a box whose places lie in one row or column; claiming starts from a
//! row or column whose places lie in one box.
//!
//! As in HoDoKu, the unit the reasoning starts from holds the digit in two or three squares (one place
//! is a hidden single), boxes are scanned in order with digits ascending, rows before columns. The
//! classic cases, asked of the one logic layer's intersections.

#[cfg(test)]
mod tests {
    use super::super::borrowed::{borrow, next_step};
    use super::super::test_support::{d, sq};
    use super::super::Context;
    use crate::digit::Digit;
    use crate::general::logic::intersections;
    use crate::logic::position::Position;
    use crate::logic::step::Step;
    use crate::square::Unit;
    use crate::technique::Technique;

    fn locked_candidates_pointing(p: &Position, _: &Context) -> Option<Step> {
        borrow(p, intersections::pointing)
    }

    fn locked_candidates_claiming(p: &Position, _: &Context) -> Option<Step> {
        borrow(p, intersections::claiming)
    }

    /// Removes `digit` from every square of `unit` except `keep`.
    fn confine(p: &mut Position, unit: Unit, digit: Digit, keep: &[&str]) {
        for s in unit.squares() {
            if !keep.iter().any(|k| sq(k) == s) {
                p.eliminate(s, digit);
            }
        }
    }

    fn removed(step: &Step) -> Vec<String> {
        step.eliminations
            .iter()
            .map(|c| format!("{}{}", c.square, c.digit))
            .collect()
    }

    #[test]
    fn pointing_removes_a_digit_from_the_rest_of_the_column_its_box_confines_it_to() {
        let mut p = Position::blank();
        confine(&mut p, Unit::Box(3), d(7), &["D2", "F2"]);
        confine(&mut p, Unit::Column(1), d(7), &["A2", "D2", "F2", "H2"]);
        let step = locked_candidates_pointing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::LockedCandidatesPointing);
        assert_eq!(removed(&step), ["A27", "H27"]);
        assert_eq!(step.pattern.squares, [sq("D2"), sq("F2")]);
        assert_eq!(step.pattern.units, [Unit::Box(3), Unit::Column(1)]);
        assert_eq!(step.pattern.digits, [d(7)]);
        assert_eq!(
            step.explanation,
            "In box 4, 7 can only go in D2 or F2, both in column 2, so 7 can be removed from the \
             rest of column 2: A2 and H2."
        );
        assert_eq!(next_step(&p, &Context::unknown()), Some(step));
    }

    #[test]
    fn pointing_along_a_row_names_all_three_places() {
        let mut p = Position::blank();
        confine(&mut p, Unit::Box(8), d(4), &["H7", "H8", "H9"]);
        let step = locked_candidates_pointing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.pattern.units, [Unit::Box(8), Unit::Row(7)]);
        assert_eq!(removed(&step), ["H14", "H24", "H34", "H44", "H54", "H64"]);
        assert_eq!(
            step.explanation,
            "In box 9, 4 can only go in H7, H8 or H9, all in row H, so 4 can be removed from the \
             rest of row H: H1, H2, H3, H4, H5 and H6."
        );
    }

    #[test]
    fn pointing_needs_the_places_in_one_line_and_something_left_to_remove() {
        let mut p = Position::blank();
        confine(&mut p, Unit::Box(3), d(7), &["D2", "E3"]);
        assert_eq!(locked_candidates_pointing(&p, &Context::unknown()), None);
        let mut p = Position::blank();
        confine(&mut p, Unit::Box(3), d(7), &["D2", "F2"]);
        confine(&mut p, Unit::Column(1), d(7), &["D2", "F2"]);
        assert_eq!(locked_candidates_pointing(&p, &Context::unknown()), None);
    }

    #[test]
    fn a_single_place_in_a_box_is_left_to_the_hidden_single() {
        let mut p = Position::blank();
        confine(&mut p, Unit::Box(3), d(7), &["D2"]);
        assert_eq!(locked_candidates_pointing(&p, &Context::unknown()), None);
    }

    #[test]
    fn claiming_removes_a_digit_from_the_rest_of_the_box_its_row_confines_it_to() {
        let mut p = Position::blank();
        confine(&mut p, Unit::Row(0), d(7), &["A1", "A3"]);
        confine(&mut p, Unit::Box(0), d(7), &["A1", "A3", "B2", "C1"]);
        let step = locked_candidates_claiming(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::LockedCandidatesClaiming);
        assert_eq!(removed(&step), ["B27", "C17"]);
        assert_eq!(step.pattern.squares, [sq("A1"), sq("A3")]);
        assert_eq!(step.pattern.units, [Unit::Row(0), Unit::Box(0)]);
        assert_eq!(step.pattern.digits, [d(7)]);
        assert_eq!(
            step.explanation,
            "In row A, 7 can only go in A1 or A3, both in box 1, so 7 can be removed from the rest \
             of box 1: B2 and C1."
        );
        assert_eq!(next_step(&p, &Context::unknown()), Some(step));
    }

    #[test]
    fn claiming_works_from_a_column_too() {
        let mut p = Position::blank();
        confine(&mut p, Unit::Column(8), d(2), &["G9", "H9", "I9"]);
        let step = locked_candidates_claiming(&p, &Context::unknown()).unwrap();
        assert_eq!(step.pattern.units, [Unit::Column(8), Unit::Box(8)]);
        assert_eq!(removed(&step), ["G72", "G82", "H72", "H82", "I72", "I82"]);
    }

    #[test]
    fn claiming_needs_the_places_in_one_box_and_something_left_to_remove() {
        let mut p = Position::blank();
        confine(&mut p, Unit::Row(0), d(7), &["A1", "A4"]);
        assert_eq!(locked_candidates_claiming(&p, &Context::unknown()), None);
        let mut p = Position::blank();
        confine(&mut p, Unit::Row(0), d(7), &["A1", "A3"]);
        confine(&mut p, Unit::Box(0), d(7), &["A1", "A3"]);
        assert_eq!(locked_candidates_claiming(&p, &Context::unknown()), None);
    }
}
