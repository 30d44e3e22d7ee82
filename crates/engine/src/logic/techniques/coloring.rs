//! Simple colouring (HoDoKu's Simple Colors): the conjugate pairs of one digit, followed square to
//! square, split a cluster into two colours that alternate; exactly one colour holds the digit.
//! A square that sees both colours loses it (colour trap), and a colour with two squares in one unit
//! is false, so all its squares lose it (colour wrap).
//!
//! The classic cases of the one logic layer's colouring.

#[cfg(test)]
mod tests {
    use super::super::borrowed::borrow;
    use super::super::test_support::{d, names, only, square_names};
    use super::super::Context;
    use crate::general::logic::coloring;
    use crate::logic::position::Position;
    use crate::logic::step::Step;
    use crate::square::Unit;
    use crate::technique::Technique;

    fn simple_coloring(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, coloring::simple_coloring)
    }

    #[test]
    fn colour_trap_removes_the_digit_from_a_square_seeing_both_colours() {
        let mut p = Position::blank();
        only(&mut p, 5, Unit::Row(0), &["A1", "A5"]);
        only(&mut p, 5, Unit::Box(1), &["A5", "C4"]);
        only(&mut p, 5, Unit::Column(3), &["C4", "H4"]);
        let step = simple_coloring(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::SimpleColoring);
        assert_eq!(names(&step), ["5H1"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "C4", "A5", "H4"]
        );
        assert_eq!(
            step.pattern.units,
            [Unit::Row(0), Unit::Column(3), Unit::Box(1)]
        );
        assert_eq!(step.pattern.digits, [d(5)]);
        assert_eq!(
            step.explanation,
            "5 has only two places in each of row A, column 4 and box 2; following these pairs, A1 \
             and C4 take one colour and A5 and H4 the other, and exactly one colour is 5. 5 can be \
             removed from the squares that see both colours: H1."
        );
    }

    #[test]
    fn colour_wrap_removes_the_colour_with_two_squares_in_one_unit() {
        let mut p = Position::blank();
        only(&mut p, 5, Unit::Row(0), &["A1", "A5"]);
        only(&mut p, 5, Unit::Column(4), &["A5", "D5"]);
        only(&mut p, 5, Unit::Box(4), &["D5", "F6"]);
        only(&mut p, 5, Unit::Row(5), &["F1", "F6"]);
        let step = simple_coloring(&p, &Context::unknown()).unwrap();
        assert_eq!(names(&step), ["5A1", "5D5", "5F1"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "D5", "F1", "A5", "F6"]
        );
        assert!(step.explanation.ends_with(
            "A1 and F1, both of the first colour, share column 1, so the first colour cannot be 5 \
             and the second colour is: 5 can be removed from A1, D5 and F1."
        ));
    }

    #[test]
    fn no_colouring_step_when_nothing_sees_both_colours() {
        let mut p = Position::blank();
        only(&mut p, 5, Unit::Row(0), &["A1", "A5"]);
        assert_eq!(simple_coloring(&p, &Context::unknown()), None);
        assert_eq!(
            simple_coloring(&Position::blank(), &Context::unknown()),
            None
        );
    }
}
