//! Singles: the last empty square of a unit (full house), a square's only candidate (naked
//! single), a digit's only place in a unit (hidden single); the classic cases, asked of the one
//! logic layer's singles.

#[cfg(test)]
mod tests {
    use super::super::borrowed::borrow;
    use super::super::test_support::{d, sq};
    use super::super::Context;
    use crate::general::logic::singles;
    use crate::logic::position::Position;
    use crate::logic::step::Step;
    use crate::square::{Square, Unit};
    use crate::technique::Technique;

    fn full_house(p: &Position, _: &Context) -> Option<Step> {
        borrow(p, singles::full_house)
    }

    fn naked_single(p: &Position, _: &Context) -> Option<Step> {
        borrow(p, singles::naked_single)
    }

    fn hidden_single(p: &Position, _: &Context) -> Option<Step> {
        borrow(p, singles::hidden_single)
    }

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
