//! Almost locked sets: N unsolved squares of one unit holding N+1 digits between them (a single
//! bivalue square is one too). Take one digit out and the rest is locked. ALS-XZ joins two sets by a
//! restricted common digit X, whose places in one all see its places in the other: at most one set
//! holds X, so the other is locked, and a digit Z of both must then be in one of them.
//!
//! Scope as HoDoKu's: sets of one to eight squares in any unit, never overlapping, and at most two
//! restricted common digits per pair; with two (doubly linked) both sets are locked and remove more.
//! The classic cases of the one logic layer's ALS-XZ.

#[cfg(test)]
mod tests {
    use super::super::borrowed::borrow;
    use super::super::test_support::{d, eliminations, keep, sq, square_names};
    use super::super::Context;
    use crate::general::logic::als;
    use crate::logic::position::Position;
    use crate::logic::step::Step;
    use crate::square::Unit;
    use crate::technique::Technique;

    fn als_xz(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, als::als_xz)
    }

    /// Removes each of `digits` from every square named.
    fn remove(position: &mut Position, digits: &[u8], squares: &[&str]) {
        for s in squares {
            for &n in digits {
                position.eliminate(sq(s), d(n));
            }
        }
    }

    /// A1 (1, 2) and A5, E5, H5 in column 5 (1, 2, 3, 4): 1 links them through row A.
    fn singly_linked() -> Position {
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "A5", &[1, 3]);
        keep(&mut p, "E5", &[2, 4]);
        keep(&mut p, "H5", &[3, 4]);
        p
    }

    #[test]
    fn als_xz_removes_the_common_digit_seeing_both_sets_when_one_digit_links_them() {
        let step = als_xz(&singly_linked(), &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::AlsXz);
        assert_eq!(eliminations(&step), [("E1".to_string(), 2)]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "A5", "E5", "H5"]
        );
        assert_eq!(step.pattern.units, [Unit::Column(4)]);
        assert_eq!(step.pattern.digits, [d(1), d(2)]);
        assert_eq!(
            step.explanation,
            "Two almost locked sets hold one digit more than they have squares: A1 (1 and 2); A5, \
             E5 and H5 in column 5 (1, 2, 3 and 4). Every 1 in one sees every 1 in the other, so at \
             most one of them holds 1 and the other is locked to its remaining digits; either way, \
             one of the sets holds 2, so no square that sees every 2 in both can be 2: remove 2 \
             from E1."
        );
    }

    #[test]
    fn als_xz_with_two_linking_digits_locks_both_sets() {
        // A1 (1, 2) and B2, C2, E2 in column 2 (1, 2, 5, 6): every 1 and every 2 of the column set
        // is in box 1 with A1. Only C3 keeps 1 and 2 in box 1, and only H2 keeps 5 and 6 in
        // column 2.
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "B2", &[1, 5]);
        keep(&mut p, "C2", &[2, 6]);
        keep(&mut p, "E2", &[5, 6]);
        remove(&mut p, &[1, 2], &["A2", "A3", "B1", "B3", "C1"]);
        remove(&mut p, &[5, 6], &["A2", "D2", "F2", "G2", "I2"]);
        let step = als_xz(&p, &Context::unknown()).unwrap();
        assert_eq!(
            eliminations(&step),
            [
                ("C3".to_string(), 1),
                ("C3".to_string(), 2),
                ("H2".to_string(), 5),
                ("H2".to_string(), 6)
            ]
        );
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "B2", "C2", "E2"]
        );
        assert_eq!(step.pattern.units, [Unit::Column(1)]);
        assert_eq!(step.pattern.digits, [d(1), d(2), d(5), d(6)]);
        assert_eq!(
            step.explanation,
            "Two almost locked sets hold one digit more than they have squares: A1 (1 and 2); B2, \
             C2 and E2 in column 2 (1, 2, 5 and 6). Both 1 and 2 are restricted common digits \
             (each one's places in one set all see its places in the other), so each set holds \
             exactly one of them and is locked to the rest: every digit of either set is in it, \
             and no square that sees all of its places there can hold it: remove 1 from C3, 2 \
             from C3, 5 from H2 and 6 from H2."
        );
    }

    #[test]
    fn no_als_xz_when_the_common_digit_has_a_place_out_of_sight() {
        // A 1 in H5 as well: the 1s of the column set no longer all see A1.
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "A5", &[1, 3]);
        keep(&mut p, "E5", &[2, 4]);
        keep(&mut p, "H5", &[1, 3, 4]);
        assert_eq!(als_xz(&p, &Context::unknown()), None);
    }
}
