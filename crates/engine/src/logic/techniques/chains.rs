//! Chains: alternating strong and weak links between candidates. If the first candidate of a chain
//! is false, its strong link makes the next true, whose weak link makes the next false, and so on,
//! so either the first or the last candidate is true: X-chains (one digit), XY-chains (bivalue
//! squares) and AICs with nice loops, each the chain HoDoKu would offer (the one that removes the
//! most, the shortest among equals). The classic cases of the one logic layer's
//! chain finders.

#[cfg(test)]
mod tests {
    use super::super::borrowed::borrow;
    use super::super::test_support::{d, eliminations, keep, sq};
    use super::super::Context;
    use crate::general::logic::chains;
    use crate::logic::position::Position;
    use crate::logic::step::Step;
    use crate::square::{Square, Unit};
    use crate::technique::Technique;

    fn x_chain(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, chains::x_chain)
    }

    fn xy_chain(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, chains::xy_chain)
    }

    fn aic(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, chains::aic)
    }

    fn squares(names: &str) -> Vec<Square> {
        names.split(' ').map(sq).collect()
    }

    /// Removes `digit` from every square of `unit` but `keep`.
    fn only_in(p: &mut Position, unit: Unit, digit: u8, keep: &str) {
        let keep = squares(keep);
        for s in unit.squares() {
            if !keep.contains(&s) {
                p.eliminate(s, d(digit));
            }
        }
    }

    /// 4 is a conjugate pair in rows A, E and H only; columns 5 and 8 join them weakly.
    fn x_chain_position(rows: &[(u8, &str)]) -> Position {
        let mut p = Position::blank();
        for &(row, keep) in rows {
            only_in(&mut p, Unit::Row(row), 4, keep);
        }
        p
    }

    #[test]
    fn x_chain_removes_the_digit_from_squares_seeing_both_ends_of_five_links() {
        let p = x_chain_position(&[(0, "A1 A5"), (4, "E5 E8"), (7, "H2 H8")]);
        let step = x_chain(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::XChain);
        assert_eq!(
            eliminations(&step),
            [
                ("B2".into(), 4),
                ("C2".into(), 4),
                ("G1".into(), 4),
                ("I1".into(), 4)
            ]
        );
        assert_eq!(step.pattern.squares, squares("A1 A5 E5 E8 H8 H2"));
        assert_eq!(
            step.pattern.units,
            [
                Unit::Row(0),
                Unit::Column(4),
                Unit::Row(4),
                Unit::Column(7),
                Unit::Row(7)
            ]
        );
        assert_eq!(step.pattern.digits, [d(4)]);
        assert_eq!(
            step.explanation,
            "(4)A1 = (4)A5 - (4)E5 = (4)E8 - (4)H8 = (4)H2. Either A1 or H2 is 4, so 4 can be removed \
             from squares that see both: B2, C2, G1 and I1."
        );
    }

    #[test]
    fn x_chain_leaves_three_link_chains_to_the_turbot_fish() {
        let p = x_chain_position(&[(0, "A1 A5"), (4, "E5 E8")]);
        assert_eq!(x_chain(&p, &Context::unknown()), None);
    }

    /// A1 {1,2}, A5 {2,3}, E5 {3,4}, E8 {4,1}: four bivalue squares in a row of links.
    fn xy_chain_position(last: &[u8]) -> Position {
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "A5", &[2, 3]);
        keep(&mut p, "E5", &[3, 4]);
        keep(&mut p, "E8", last);
        p
    }

    #[test]
    fn xy_chain_removes_the_end_digit_from_squares_seeing_both_ends() {
        let p = xy_chain_position(&[1, 4]);
        let step = xy_chain(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::XYChain);
        assert_eq!(eliminations(&step), [("A8".into(), 1), ("E1".into(), 1)]);
        assert_eq!(step.pattern.squares, squares("A1 A5 E5 E8"));
        assert_eq!(
            step.pattern.units,
            [Unit::Row(0), Unit::Column(4), Unit::Row(4)]
        );
        assert_eq!(step.pattern.digits, [d(1), d(2), d(3), d(4)]);
        assert_eq!(
            step.explanation,
            "(1)A1 = (2)A1 - (2)A5 = (3)A5 - (3)E5 = (4)E5 - (4)E8 = (1)E8. Either A1 or E8 is 1, so 1 \
             can be removed from squares that see both: A8 and E1."
        );
    }

    #[test]
    fn xy_chain_needs_every_square_bivalue() {
        let p = xy_chain_position(&[1, 4, 5]);
        assert_eq!(xy_chain(&p, &Context::unknown()), None);
    }

    /// 5 is a conjugate pair in row A (A1, A6), 7 in column 6 (A6, F6), and `last` holds only 5 and 7.
    fn aic_position(last: &str) -> Position {
        let mut p = Position::blank();
        only_in(&mut p, Unit::Row(0), 5, "A1 A6");
        only_in(&mut p, Unit::Column(5), 7, "A6 F6");
        keep(&mut p, last, &[5, 7]);
        p
    }

    #[test]
    fn aic_over_two_digits_removes_the_end_digit_from_squares_seeing_both_ends() {
        // F2, not F1: ends in one column would close a loop, which removes more and is preferred.
        let p = aic_position("F2");
        let step = aic(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::Aic);
        let expected: Vec<(String, u8)> = "B2 C2 D1 E1 F1"
            .split(' ')
            .map(|s| (s.to_string(), 5))
            .collect();
        assert_eq!(eliminations(&step), expected);
        assert_eq!(step.pattern.squares, squares("A1 A6 F6 F2"));
        assert_eq!(
            step.pattern.units,
            [Unit::Row(0), Unit::Column(5), Unit::Row(5)]
        );
        assert_eq!(step.pattern.digits, [d(5), d(7)]);
        assert_eq!(
            step.explanation,
            "(5)A1 = (5)A6 - (7)A6 = (7)F6 - (7)F2 = (5)F2. Either A1 or F2 is 5, so 5 can be removed \
             from squares that see both: B2, C2, D1, E1 and F1."
        );
        // One digit would not do: the X-chain and XY-chain finders see nothing here.
        assert_eq!(x_chain(&p, &Context::unknown()), None);
        assert_eq!(xy_chain(&p, &Context::unknown()), None);
    }

    #[test]
    fn aic_with_different_digits_at_ends_that_see_each_other_removes_each_from_the_other() {
        let mut p = Position::blank();
        only_in(&mut p, Unit::Row(0), 5, "A1 A6");
        only_in(&mut p, Unit::Column(5), 7, "A6 F6");
        keep(&mut p, "F1", &[7, 8]);
        let step = aic(&p, &Context::unknown()).unwrap();
        assert_eq!(eliminations(&step), [("A1".into(), 8)]);
        assert_eq!(step.pattern.squares, squares("A1 A6 F6 F1"));
        assert_eq!(step.pattern.digits, [d(5), d(7), d(8)]);
        assert_eq!(
            step.explanation,
            "(5)A1 = (5)A6 - (7)A6 = (7)F6 - (7)F1 = (8)F1. Either A1 is 5 or F1 is 8, and the two \
             squares see each other, so 8 from A1 can be removed."
        );
    }

    #[test]
    fn a_continuous_nice_loop_turns_its_weak_links_strong() {
        let mut p = aic_position("F1");
        only_in(&mut p, Unit::Column(0), 5, "A1 F1");
        let step = aic(&p, &Context::unknown()).unwrap();
        let mut expected: Vec<(String, u8)> = [1, 2, 3, 4, 6, 8, 9]
            .into_iter()
            .map(|n| ("A6".to_string(), n))
            .collect();
        expected.extend(
            "F2 F3 F4 F5 F7 F8 F9"
                .split(' ')
                .map(|s| (s.to_string(), 7)),
        );
        expected.sort();
        assert_eq!(eliminations(&step), expected);
        assert_eq!(step.pattern.squares, squares("A6 A1 F1 F6"));
        assert_eq!(
            step.explanation,
            "(5)A6 = (5)A1 - (5)F1 = (7)F1 - (7)F6 = (7)A6 - (5)A6. The chain closes into a loop, so \
             every weak link in it is also strong: exactly one end of each holds. So 1, 2, 3, 4, 6, 8 \
             and 9 from A6; 7 from F2, F3, F4, F5, F7, F8 and F9 can be removed."
        );
    }

    #[test]
    fn no_chain_on_a_blank_board() {
        let p = Position::blank();
        let context = Context::unknown();
        assert_eq!(x_chain(&p, &context), None);
        assert_eq!(xy_chain(&p, &context), None);
        assert_eq!(aic(&p, &context), None);
    }
}
