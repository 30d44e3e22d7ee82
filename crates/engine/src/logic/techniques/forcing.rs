//! Forcing chains: the last logical resort before guessing. Assume a digit in a square and follow
//! what singles then force, square by square: a contradiction (a square left without candidates,
//! or a digit without a place in a unit) proves the assumption false, so the digit is removed; when
//! every candidate of a square (cell forcing chain), or every place of a digit in a unit (unit
//! forcing chain), leads to the same placement or removal, that conclusion holds. It only reasons
//! from the position: the known solution is never used. Found by the general layer's forcing
//! chains (the one implementation, on every shape up to 12x12), which the classic finder list
//! borrows in its classic place; the classic cases stay here, as tests.

#[cfg(test)]
mod tests {
    use super::super::borrowed::borrow;
    use super::super::test_support::{d, keep, sq};
    use super::super::Context;
    use crate::general::logic::forcing;
    use crate::logic::position::Position;
    use crate::logic::step::{Candidate, Step};
    use crate::square::Unit;
    use crate::technique::Technique;

    fn forcing_chain(position: &Position, _: &Context) -> Option<Step> {
        borrow(position, forcing::forcing_chain)
    }

    #[test]
    fn a_digit_that_empties_a_square_by_singles_is_removed() {
        // A1 = 1 would leave B1 and C1 both 3.
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "B1", &[1, 3]);
        keep(&mut p, "C1", &[1, 3]);
        let step = forcing_chain(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::ForcingChain);
        assert_eq!(step.eliminations, [Candidate::new(sq("A1"), d(1))]);
        assert!(step.placements.is_empty());
        assert_eq!(step.pattern.squares, [sq("A1")]);
        assert_eq!(step.pattern.digits, [d(1)]);
        assert_eq!(
            step.explanation,
            "If A1 were 1, singles would give C1 = 3, and then B1 would have no candidate left. \
             So 1 can be removed from A1."
        );
    }

    #[test]
    fn when_every_candidate_of_a_square_leads_to_one_placement_it_is_made() {
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "A5", &[1, 3]);
        keep(&mut p, "E5", &[3, 7]);
        keep(&mut p, "E1", &[2, 3]);
        let step = forcing_chain(&p, &Context::unknown()).unwrap();
        assert_eq!(step.placements, [Candidate::new(sq("E5"), d(7))]);
        assert!(step.eliminations.is_empty());
        assert_eq!(step.pattern.squares, [sq("A1")]);
        assert_eq!(step.pattern.digits, [d(1), d(2)]);
        assert_eq!(
            step.explanation,
            "Whatever A1 holds, the same follows: if A1 is 1, singles give A5 = 3, E5 = 7; if A1 \
             is 2, singles give E1 = 3, E5 = 7. So E5 is 7."
        );
    }

    #[test]
    fn when_every_place_of_a_digit_in_a_unit_leads_to_one_removal_it_is_made() {
        // 1 goes in A1, A5 or A9, and each puts 2 in a square that sees E5. Every 2 there needs two
        // consequences of its branch (E1 = 2 needs A1 = 1 and B1 = 5), so assuming a digit in one
        // square undoes no branch: no contradiction and no cell forcing chain comes first.
        let mut p = Position::blank();
        for a in ["A2", "A3", "A4", "A6", "A7", "A8"] {
            p.eliminate(sq(a), d(1));
        }
        keep(&mut p, "B1", &[1, 5]);
        keep(&mut p, "E1", &[1, 2, 5]);
        keep(&mut p, "B5", &[1, 6]);
        keep(&mut p, "H5", &[1, 2, 6]);
        keep(&mut p, "C9", &[1, 7]);
        keep(&mut p, "E9", &[1, 2, 7]);
        let step = forcing_chain(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::ForcingChain);
        assert_eq!(step.eliminations, [Candidate::new(sq("E5"), d(2))]);
        assert!(step.placements.is_empty());
        assert_eq!(step.pattern.squares, [sq("A1"), sq("A5"), sq("A9")]);
        assert_eq!(step.pattern.units, [Unit::Row(0)]);
        assert_eq!(step.pattern.digits, [d(1)]);
        assert_eq!(
            step.explanation,
            "Wherever 1 goes in row A (A1, A5 or A9), the same follows: if A1 is 1, singles give \
             B1 = 5, E1 = 2; if A5 is 1, singles give B5 = 6, H5 = 2; if A9 is 1, singles give C9 \
             = 7, E9 = 2. So 2 can be removed from E5."
        );
    }

    #[test]
    fn no_forcing_chain_when_nothing_is_forced() {
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        assert_eq!(forcing_chain(&p, &Context::unknown()), None);
    }
}
