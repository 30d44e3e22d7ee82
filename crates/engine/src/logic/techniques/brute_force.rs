//! The last resort: when no technique applies, place the solution's digit in the empty square with the
//! fewest candidates. It is a guess from the player's point of view, and the step says so.

use super::Context;
use crate::logic::position::Position;
use crate::logic::step::{Pattern, Step};
use crate::technique::Technique;

/// The solution's digit in the most constrained empty square (the first in row-major order among
/// equals); nothing when the solution is not known.
pub fn brute_force(position: &Position, context: &Context) -> Option<Step> {
    let solution = context.solution()?;
    let square = position
        .empty_squares()
        .iter()
        .min_by_key(|&s| position.candidates(s).len())?;
    let digit = solution.get(square)?;
    let options = position.candidates(square).len();
    Some(Step::placement(
        Technique::BruteForce,
        square,
        digit,
        Pattern {
            squares: vec![square],
            units: Vec::new(),
            digits: vec![digit],
        },
        format!(
            "No technique here finds the next step, so this is a guess checked against the \
             solution: {square}, with {options} candidates ({}), is {digit}.",
            position.candidates(square)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
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
