//! Wings: bivalue squares that pinch a digit. XY-wing (a bivalue pivot and two bivalue pincers),
//! XYZ-wing (a trivalue pivot) and W-wing (two identical bivalue squares joined by a conjugate pair),
//! with HoDoKu's definitions. The classic cases of the one logic layer's wings.

#[cfg(test)]
mod tests {
    use super::super::borrowed::borrow;
    use super::super::test_support::{d, keep, names, only, sq, square_names};
    use super::super::Context;
    use crate::digit::DigitSet;
    use crate::general::logic::wings;
    use crate::grid::Grid;
    use crate::logic::position::Position;
    use crate::logic::step::Step;
    use crate::square::{Square, Unit};
    use crate::technique::Technique;

    /// A bivalue pivot `xy` that sees two bivalue pincers `xz` and `yz`: whichever digit the pivot takes,
    /// one pincer is `z`, so squares seeing both pincers lose `z`.
    fn xy_wing(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, wings::xy_wing)
    }

    /// A trivalue pivot `xyz` that sees two bivalue pincers `xz` and `yz`: one of the three is `z`, so
    /// squares seeing all three lose `z`.
    fn xyz_wing(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, wings::xyz_wing)
    }

    /// Two squares holding only the same two digits `a` and `b`, and a conjugate pair on `b` with one end
    /// seeing each square (no end seeing both): they cannot both be `b`, so one is `a`, and squares seeing
    /// both lose `a`.
    fn w_wing(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, wings::w_wing)
    }

    fn wing_position(pivot: &[u8], second_pincer: &str) -> Position {
        let mut p = Position::blank();
        keep(&mut p, "E5", pivot);
        keep(&mut p, "E2", &[3, 9]);
        keep(&mut p, second_pincer, &[7, 9]);
        p
    }

    #[test]
    fn xy_wing_removes_the_pinched_digit_from_squares_seeing_both_pincers() {
        let p = wing_position(&[3, 7], "D5");
        let step = xy_wing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::XYWing);
        assert_eq!(names(&step), ["9D1", "9D2", "9D3", "9E4", "9E6"]);
        assert_eq!(square_names(&step.pattern.squares), ["E5", "E2", "D5"]);
        assert_eq!(step.pattern.units, [Unit::Row(4), Unit::Column(4)]);
        assert_eq!(step.pattern.digits, [d(3), d(7), d(9)]);
        assert_eq!(
            step.explanation,
            "E5 holds only 3 and 7, and it sees E2 (3 or 9) and D5 (7 or 9). If E5 is 3, E2 is 9; \
             if it is 7, D5 is 9. Either way one of E2 or D5 is 9, so 9 can be removed from the \
             squares that see both: D1, D2, D3, E4 and E6."
        );
    }

    #[test]
    fn no_xy_wing_when_a_pincer_does_not_see_the_pivot() {
        let p = wing_position(&[3, 7], "A9");
        assert_eq!(xy_wing(&p, &Context::unknown()), None);
        assert_eq!(xy_wing(&Position::blank(), &Context::unknown()), None);
    }

    #[test]
    fn xyz_wing_removes_the_common_digit_from_squares_seeing_all_three() {
        let p = wing_position(&[3, 7, 9], "D5");
        assert_eq!(xy_wing(&p, &Context::unknown()), None);
        let step = xyz_wing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::XYZWing);
        assert_eq!(names(&step), ["9E4", "9E6"]);
        assert_eq!(square_names(&step.pattern.squares), ["E5", "D5", "E2"]);
        assert_eq!(step.pattern.digits, [d(3), d(7), d(9)]);
        assert_eq!(
            step.explanation,
            "E5 holds only 3, 7 and 9, and it sees D5 (7 or 9) and E2 (3 or 9). Whichever digit \
             E5 takes, one of E5, D5 or E2 is 9, so 9 can be removed from the squares that see all \
             three: E4 and E6."
        );
    }

    #[test]
    fn no_xyz_wing_when_nothing_sees_all_three() {
        let p = wing_position(&[3, 7, 9], "A5");
        assert_eq!(xyz_wing(&p, &Context::unknown()), None);
    }

    fn w_wing_position(link: &[&str]) -> Position {
        let mut p = Position::blank();
        keep(&mut p, "B2", &[1, 5]);
        keep(&mut p, "H7", &[1, 5]);
        only(&mut p, 5, Unit::Row(3), link);
        p
    }

    #[test]
    fn w_wing_removes_the_other_digit_from_squares_seeing_both_ends() {
        let p = w_wing_position(&["D2", "D7"]);
        let step = w_wing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::WWing);
        assert_eq!(names(&step), ["1B7", "1H2"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["B2", "H7", "D2", "D7"]
        );
        assert_eq!(step.pattern.units, [Unit::Row(3)]);
        assert_eq!(step.pattern.digits, [d(1), d(5)]);
        assert_eq!(
            step.explanation,
            "B2 and H7 both hold only 1 and 5, and 5 is in row D only at D2 and D7, which see B2 \
             and H7. One of D2 or D7 is 5, so B2 and H7 cannot both be 5: one of them is 1, and 1 \
             can be removed from the squares that see both: B7 and H2."
        );
    }

    #[test]
    fn no_w_wing_when_the_link_does_not_bridge_the_squares() {
        let p = w_wing_position(&["D2", "D3"]);
        assert_eq!(w_wing(&p, &Context::unknown()), None);
    }

    #[test]
    fn no_w_wing_over_stale_marks_of_a_digit_the_link_unit_already_holds() {
        // D5 holds 5, but the player's marks still show 5 at D2 and D7: row D has no conjugate
        // pair of 5, so B2 and H7 may both be 5.
        let p = w_wing_position(&["D2", "D7"]);
        let marks: [DigitSet; 81] =
            std::array::from_fn(|i| p.candidates(Square::all().nth(i).unwrap()));
        let mut grid = Grid::EMPTY;
        grid.set(sq("D5"), Some(d(5)));
        let stale = Position::with_candidates(&grid, &marks);
        assert_eq!(w_wing(&stale, &Context::unknown()), None);
    }
}
