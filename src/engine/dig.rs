//! Puzzles dug toward a technique: for the techniques that are rarely the hardest step of a random
//! minimal puzzle (a naked quad, a jellyfish, some uniqueness patterns, simple coloring), digging givens
//! out of a random solution at random and keeping each removal that leaves the puzzle unique only
//! reaches them by chance, since something harder is almost always needed first.
//!
//! So the dig is steered: a removal is kept only when the puzzle stays unique *and* its logical path
//! stays within the technique (nothing harder, by level then score). The puzzle thus grows as hard
//! as the technique allows and no harder, which is where the technique is needed. Once the path uses
//! it, further removals are kept only while it still does. A dig that never reaches the technique
//! gives nothing and the search digs the next solution of the stream.
//!
//! Every step is drawn from the seeded stream, so the same seed gives the same puzzle; the number of
//! digs is the budget, the clock never decides.

use super::generator::{has_other_solution, random_solution};
use super::grid::Grid;
use super::logic::{Context, Grade, LogicSolver, Technique};
use super::rng::Rng;
use super::search::{interrupted, Limits};
use super::solver::StopReason;
use super::square::Square;

/// A puzzle whose path uses the technique dug toward and nothing harder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dug {
    /// The puzzle (unique).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The grade of its path.
    pub grade: Grade,
}

/// One dig of the next solution of `rng`'s stream toward `technique`: the puzzle, or `None` when no
/// removal order of this dig made the path use it.
pub(crate) fn dig_toward(
    rng: &mut Rng,
    technique: Technique,
    limits: &Limits,
    grader: &LogicSolver,
) -> Result<Option<Dug>, StopReason> {
    let solution = random_solution(rng);
    let mut puzzle = solution;
    let mut order: Vec<Square> = Square::all().collect();
    rng.shuffle(&mut order);
    let mut found: Option<Grade> = None;
    for s in order {
        limits.check()?;
        let digit = puzzle.get(s).expect("the puzzle starts full");
        puzzle.set(s, None);
        let keep = !has_other_solution(&puzzle, s, digit)
            && match grader
                .grade_up_to(&puzzle, Context::unique(solution), technique)
                .map_err(interrupted)?
            {
                // Something harder than the technique is needed: the given stays.
                None => false,
                Some(grade) if grade.counts.get(technique) > 0 => {
                    found = Some(grade);
                    true
                }
                // Easier so far: dig on, unless the technique is already in and would be lost.
                Some(_) => found.is_none(),
            };
        if !keep {
            puzzle.set(s, Some(digit));
        }
    }
    Ok(found.map(|grade| Dug {
        puzzle,
        solution,
        grade,
    }))
}

/// Whether no given of a unique `puzzle` can be removed without letting another solution in.
pub(crate) fn is_minimal(puzzle: &Grid) -> bool {
    Square::all().all(|s| match puzzle.get(s) {
        Some(digit) => {
            let mut fewer = *puzzle;
            fewer.set(s, None);
            has_other_solution(&fewer, s, digit)
        }
        None => true,
    })
}
