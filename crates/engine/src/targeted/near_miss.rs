//! Near misses given back their givens: for the techniques that random minimal puzzles use but
//! rarely as their hardest step (a hidden rectangle is in about 1 path in 12, its hardest step in 1
//! in 3,000), a drawn puzzle whose path uses the technique and only then gets stuck on something
//! harder is a near miss, and a near miss is mended rather than thrown away.
//!
//! The path is walked until the first step harder than the technique. If the technique was used
//! before it, a square still blank there gets its solution digit back as a given, chosen at random
//! among those outside the technique's pattern (so the pattern stays whole), and the path is walked
//! again: while the technique is still used before the path gets stuck, the given is kept and the
//! mending goes on from the new stuck position; when the technique is lost, the given is taken
//! out again. Once the path needs nothing harder, the givens put back are tried out again, each kept
//! out if the puzzle stays unique and its path still shows the technique.
//!
//! Adding givens to a unique puzzle keeps it unique, so the puzzle needs no uniqueness check until
//! the last trimming. Every choice is drawn from the seeded stream, and a mend gives up after
//! [`MAX_WALKS`] walks: the same seed gives the same puzzle, the clock never decides.

use std::ops::ControlFlow;

use crate::general::logic::ShapeLogic;
use crate::generator::has_other_solution;
use crate::grade::GradeBuilder;
use crate::grid::Grid;
use crate::interrupt::Interrupt;
use crate::logic::{Grade, Technique};
use crate::outcome::StopReason;
use crate::rng::Rng;
use crate::search::interrupted;
use crate::shape::{Cells, Shape};
use crate::square::Square;
use crate::square_set::SquareSet;

/// A puzzle whose path uses the technique mended toward and nothing harder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mended {
    /// The puzzle (unique).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The grade of its path.
    pub grade: Grade,
}

/// How many walks one near miss may take to mend before it is thrown away: mends that succeed
/// mostly need a handful (`measure::technique_search_times` prints the figures).
pub const MAX_WALKS: u32 = 24;

/// Where a walk of a path, stopped at the first step harder than the technique, ended.
#[derive(Debug)]
enum Walk {
    /// The path ends using the technique and nothing harder: the grade of the whole path.
    Shows(Grade),
    /// A harder step is needed while `blanks` are still blank; `pattern` holds the squares of the
    /// technique's steps taken before it (empty when the technique was not used).
    Stuck {
        blanks: SquareSet,
        pattern: SquareSet,
    },
    /// The path ends within the technique but never uses it.
    Without,
}

/// Walks `puzzle`'s path (the grader's, simplest step first) until it ends or needs a step harder
/// than `technique`.
fn walk(
    puzzle: &Grid,
    solution: &Cells,
    technique: Technique,
    limits: &Interrupt,
) -> Result<Walk, StopReason> {
    let bound = (technique.difficulty(), technique.score());
    let mut grade = GradeBuilder::default();
    let mut pattern = SquareSet::default();
    let mut stuck = None;
    let logic = ShapeLogic::new().interrupt(*limits);
    let walked = logic.walk(
        Shape::classic_ref(),
        &Cells::from(puzzle),
        solution,
        false,
        |after, step| {
            if (step.technique.difficulty(), step.technique.score()) > bound {
                // The squares blank before the harder step: blank after it, or placed by it.
                let placed = |cell| step.placements.iter().any(|p| p.cell == cell);
                let blank = |s: &Square| after.value(s.index()) == 0 || placed(s.index());
                stuck = Some(Square::all().filter(blank).collect());
                return ControlFlow::Break(());
            }
            if step.technique == technique {
                let touched = step.placements.iter().chain(&step.eliminations);
                for cell in (step.pattern.cells.iter().copied()).chain(touched.map(|m| m.cell)) {
                    pattern.insert(Square::new(cell).expect("a classic cell"));
                }
            }
            grade.add_technique(step.technique);
            ControlFlow::Continue(())
        },
    );
    walked.map_err(interrupted)?;
    if let Some(blanks) = stuck {
        return Ok(Walk::Stuck { blanks, pattern });
    }
    let grade = grade.finish();
    Ok(if grade.counts.get(technique) > 0 {
        Walk::Shows(grade)
    } else {
        Walk::Without
    })
}

/// Draws the next minimal puzzle of `rng`'s stream and, if it is a near miss for `technique`,
/// mends it: the puzzle, or `None` when it was no near miss or could not be mended.
pub(crate) fn mend_next(
    rng: &mut Rng,
    technique: Technique,
    limits: &Interrupt,
) -> Result<Option<Mended>, StopReason> {
    let (mut puzzle, solution) = limits.minimal_puzzle(rng)?;
    let context = Cells::from(&solution);
    let mut added: Vec<Square> = Vec::new();
    let mut current = walk(&puzzle, &context, technique, limits)?;
    let mut walks = 1;
    loop {
        let (blanks, pattern) = match current {
            Walk::Shows(grade) => {
                let (puzzle, grade) = trim(puzzle, &added, &context, technique, limits, grade)?;
                return Ok(Some(Mended {
                    puzzle,
                    solution,
                    grade,
                }));
            }
            Walk::Stuck { blanks, pattern } if !pattern.is_empty() => (blanks, pattern),
            Walk::Stuck { .. } | Walk::Without => return Ok(None),
        };
        let mut blanks: Vec<Square> = blanks.iter().filter(|&s| !pattern.contains(s)).collect();
        rng.shuffle(&mut blanks);
        let mut next = None;
        for s in blanks {
            if walks >= MAX_WALKS {
                return Ok(None);
            }
            puzzle.set(s, solution.get(s));
            walks += 1;
            match walk(&puzzle, &context, technique, limits)? {
                Walk::Stuck { ref pattern, .. } if pattern.is_empty() => puzzle.set(s, None),
                Walk::Without => puzzle.set(s, None),
                kept => {
                    added.push(s);
                    next = Some(kept);
                    break;
                }
            }
        }
        match next {
            Some(walk) => current = walk,
            None => return Ok(None),
        }
    }
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

/// Takes out again each given in `added` whose removal leaves `puzzle` unique and its path still
/// showing `technique`: the mended puzzle keeps only the givens it needs.
fn trim(
    mut puzzle: Grid,
    added: &[Square],
    context: &Cells,
    technique: Technique,
    limits: &Interrupt,
    mut grade: Grade,
) -> Result<(Grid, Grade), StopReason> {
    for &s in added {
        let digit = puzzle.get(s).expect("an added given");
        puzzle.set(s, None);
        if !has_other_solution(&puzzle, s, digit) {
            if let Walk::Shows(fewer) = walk(&puzzle, context, technique, limits)? {
                grade = fewer;
                continue;
            }
        }
        puzzle.set(s, Some(digit));
    }
    Ok((puzzle, grade))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::targeted::shows;

    #[test]
    fn a_near_miss_gets_givens_back_until_its_path_needs_nothing_harder() {
        // Each seed's first draw is a near miss that mends (`measure::quick_near_miss_seeds`).
        for (technique, seed) in [(Technique::NakedQuad, 286), (Technique::SimpleColoring, 87)] {
            let limits = Interrupt::default();
            let (drawn, solution) = limits.minimal_puzzle(&mut Rng::seeded(seed)).unwrap();
            let first = walk(&drawn, &Cells::from(&solution), technique, &limits).unwrap();
            assert!(
                matches!(&first, Walk::Stuck { pattern, .. } if !pattern.is_empty()),
                "{technique}: {first:?}"
            );
            let mended = mend_next(&mut Rng::seeded(seed), technique, &limits)
                .unwrap()
                .expect("the near miss mends");
            assert_eq!(mended.solution, solution);
            assert!(Square::all()
                .filter(|&s| drawn.get(s).is_some())
                .all(|s| mended.puzzle.get(s) == drawn.get(s)));
            assert!(mended.puzzle.givens() > drawn.givens(), "{technique}");
            let grade = Puzzle::Classic(mended.puzzle)
                .grade(Interrupt::default())
                .unwrap();
            assert_eq!(grade, mended.grade);
            assert!(shows(&grade, technique), "{technique}: {grade:?}");
        }
    }

    #[test]
    fn a_draw_whose_path_gets_stuck_before_using_the_technique_is_no_near_miss() {
        let limits = Interrupt::default();
        let technique = Technique::NakedQuad;
        let stuck_first = (0..20).find(|&seed| {
            let (drawn, solution) = limits.minimal_puzzle(&mut Rng::seeded(seed)).unwrap();
            let first = walk(&drawn, &Cells::from(&solution), technique, &limits).unwrap();
            matches!(first, Walk::Stuck { pattern, .. } if pattern.is_empty())
        });
        // About a third of random minimal puzzles need something harder first.
        let seed = stuck_first.expect("one of 20 draws is stuck before a naked quad");
        assert_eq!(
            mend_next(&mut Rng::seeded(seed), technique, &limits),
            Ok(None)
        );
    }
}
