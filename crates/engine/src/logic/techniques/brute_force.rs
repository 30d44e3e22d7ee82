//! The last resort: the solution's digit in the empty square with the fewest candidates, a guess
//! honestly named; the classic cases, asked of the one logic layer's guess.

#[cfg(test)]
mod tests {
    use super::super::borrowed::borrow_in;
    use super::super::Context;
    use crate::general::logic::singles;
    use crate::logic::position::Position;
    use crate::logic::step::Step;
    use crate::technique::Technique;

    fn brute_force(p: &Position, context: &Context) -> Option<Step> {
        borrow_in(p, context, singles::brute_force)
    }
    use crate::grid::Grid;
    use crate::square::Square;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn brute_force_places_the_solutions_digit_in_the_tightest_square() {
        let solution: Grid = SOLVED.parse().unwrap();
        let mut puzzle = solution;
        let a1: Square = "A1".parse().unwrap();
        let e5: Square = "E5".parse().unwrap();
        puzzle.set(a1, None);
        puzzle.set(e5, None);
        let mut p = Position::new(&puzzle);
        // Widen A1 so E5 (one candidate) is the most constrained.
        p = {
            let mut marks = [crate::DigitSet::EMPTY; 81];
            marks[a1.index()] = crate::DigitSet::ALL;
            marks[e5.index()] = p.candidates(e5);
            Position::with_candidates(&puzzle, &marks)
        };
        let step = brute_force(&p, &Context::unique(solution)).unwrap();
        assert_eq!(step.technique, Technique::BruteForce);
        assert_eq!(step.placements[0].square, e5);
        assert_eq!(Some(step.placements[0].digit), solution.get(e5));
        assert!(step.explanation.contains("guess"));
    }

    #[test]
    fn brute_force_needs_a_known_solution() {
        let p = Position::blank();
        assert_eq!(brute_force(&p, &Context::unknown()), None);
        assert_eq!(brute_force(&p, &Context::assume_unique()), None);
    }
}
