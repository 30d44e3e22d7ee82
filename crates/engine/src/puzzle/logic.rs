//! Hints, explanations and grades of a [`Puzzle`] of any shape: the classic logic layer for plain
//! classic 9x9 (whose paths, words and scores the service has always given), the general one for
//! every other shape; each answer in the shape's terms ([`ShapeStep`]: cells by index, values 1..N,
//! units by the shape's index).

use crate::digit::DigitSet;
use crate::general::logic::{
    clean_up, Mark, Pattern, ShapeExplanation, ShapeHint, ShapeLogic, ShapeLogicError,
    ShapePosition, ShapeStep,
};
use crate::grade::Grade;
use crate::interrupt::Interrupt;
use crate::logic::{Candidate, Explanation, Hint, LogicError, LogicSolver, Step};
use crate::shape::Cells;

use super::Puzzle;

impl Puzzle {
    /// The whole logical path to the solution, with its grade.
    pub fn explain(&self, interrupt: Interrupt<'_>) -> Result<ShapeExplanation, ShapeLogicError> {
        match self {
            Puzzle::Classic(grid) => LogicSolver::new()
                .interrupt(interrupt)
                .explain(grid)
                .map(explanation)
                .map_err(error),
            Puzzle::Shaped { shape, cells } => {
                ShapeLogic::new().interrupt(interrupt).explain(shape, cells)
            }
        }
    }

    /// The grade of the logical path (its steps are not kept).
    pub fn grade(&self, interrupt: Interrupt<'_>) -> Result<Grade, ShapeLogicError> {
        match self {
            Puzzle::Classic(grid) => LogicSolver::new()
                .interrupt(interrupt)
                .grade(grid)
                .map_err(error),
            Puzzle::Shaped { shape, cells } => {
                ShapeLogic::new().interrupt(interrupt).grade(shape, cells)
            }
        }
    }

    /// The next step for a player: `progress` is their grid on this puzzle's shape (the givens
    /// included), `marks` their pencil marks (bit `v - 1` for value `v`, one entry per cell), or
    /// `None` for the candidates the values leave. Mistakes come first; then, on the player's
    /// marks, a placed value still marked in a peer is cleaned up ([`clean_up`]) before any
    /// technique, since a technique reading a stale mark as a place can remove the solution's value.
    pub fn hint(
        &self,
        progress: &Cells,
        marks: Option<&[u32]>,
        interrupt: Interrupt<'_>,
    ) -> Result<ShapeHint, ShapeLogicError> {
        let hint = self.hint_on_marks(progress, marks, interrupt)?;
        let stale = match (&hint, marks) {
            (ShapeHint::Step(_), Some(marks)) => {
                clean_up(self.shape(), &ShapePosition::with_marks(progress, marks))
            }
            _ => None,
        };
        Ok(stale.map_or(hint, ShapeHint::Step))
    }

    /// The logic layer's hint on the marks as given.
    fn hint_on_marks(
        &self,
        progress: &Cells,
        marks: Option<&[u32]>,
        interrupt: Interrupt<'_>,
    ) -> Result<ShapeHint, ShapeLogicError> {
        match self {
            Puzzle::Classic(grid) => {
                let progress = progress
                    .to_classic()
                    .expect("progress is read on the puzzle's shape");
                let marks = marks.map(classic_marks);
                LogicSolver::new()
                    .interrupt(interrupt)
                    .hint(grid, &progress, marks.as_ref())
                    .map(hint)
                    .map_err(error)
            }
            Puzzle::Shaped { shape, cells } => ShapeLogic::new()
                .interrupt(interrupt)
                .hint(shape, cells, progress, marks),
        }
    }
}

/// The shape's masks as classic digit sets (the same bits).
fn classic_marks(marks: &[u32]) -> [DigitSet; 81] {
    let mut sets = [DigitSet::EMPTY; 81];
    for (set, &mask) in sets.iter_mut().zip(marks) {
        *set = DigitSet::from_bits(mask as u16);
    }
    sets
}

fn mark(candidate: &Candidate) -> Mark {
    Mark::new(candidate.square.index(), candidate.digit.get())
}

/// A classic step in the shape's terms, every member in the same order.
fn step(step: Step) -> ShapeStep {
    ShapeStep {
        technique: step.technique,
        placements: step.placements.iter().map(mark).collect(),
        eliminations: step.eliminations.iter().map(mark).collect(),
        pattern: Pattern {
            cells: step.pattern.squares.iter().map(|s| s.index()).collect(),
            units: step.pattern.units.iter().map(|&u| u.index()).collect(),
            values: step.pattern.digits.iter().map(|d| d.get()).collect(),
        },
        explanation: step.explanation,
    }
}

fn explanation(found: Explanation) -> ShapeExplanation {
    ShapeExplanation {
        steps: found.steps.into_iter().map(step).collect(),
        solution: Cells::from(&found.solution),
        grade: found.grade,
    }
}

fn hint(found: Hint) -> ShapeHint {
    match found {
        Hint::Step(found) => ShapeHint::Step(step(found)),
        Hint::Mistakes(squares) => ShapeHint::Mistakes(squares.iter().map(|s| s.index()).collect()),
        Hint::Solved => ShapeHint::Solved,
    }
}

fn error(error: LogicError) -> ShapeLogicError {
    match error {
        LogicError::NoSolution => ShapeLogicError::NoSolution,
        LogicError::MultipleSolutions(two) => ShapeLogicError::MultipleSolutions(Box::new([
            Cells::from(&two[0]),
            Cells::from(&two[1]),
        ])),
        LogicError::Interrupted(reason) => ShapeLogicError::Interrupted(reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use crate::Grid;

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn a_classic_explanation_keeps_every_step_in_the_shapes_terms() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let classic = LogicSolver::new().explain(&grid).unwrap();
        let answered = Puzzle::Classic(grid).explain(Interrupt::NEVER).unwrap();
        assert_eq!(answered.steps.len(), classic.steps.len());
        assert_eq!(answered.grade, classic.grade);
        let shape = Shape::classic();
        for (ours, theirs) in answered.steps.iter().zip(&classic.steps) {
            assert_eq!(ours.explanation, theirs.explanation);
            let names: Vec<String> = ours
                .pattern
                .units
                .iter()
                .map(|&u| shape.unit_name(u))
                .collect();
            let classic_names: Vec<String> = theirs
                .pattern
                .units
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(names, classic_names);
            for (m, c) in ours.placements.iter().zip(&theirs.placements) {
                assert_eq!(shape.cell_name(m.cell), c.square.to_string());
            }
        }
        assert!(answered
            .solution
            .solves(&shape, &Cells::parse(&shape, PUZZLE).unwrap()));
    }

    #[test]
    fn stale_classic_marks_are_cleaned_up_in_the_shapes_words_before_any_technique() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let puzzle = Puzzle::Classic(grid);
        // Every digit pencilled everywhere: every given's peers hold it.
        let mut marks = vec![0x1ff_u32; 81];
        let unmarked = puzzle
            .hint(&puzzle.cells(), None, Interrupt::NEVER)
            .unwrap();
        let shape = Shape::classic();
        let mut clean_ups = 0;
        let step = loop {
            let ShapeHint::Step(step) = puzzle
                .hint(&puzzle.cells(), Some(&marks), Interrupt::NEVER)
                .unwrap()
            else {
                panic!("a fresh puzzle has a step");
            };
            if step.technique != crate::technique::Technique::CleanUp {
                break step;
            }
            if clean_ups == 0 {
                // A3 holds the first given in row-major order.
                assert!(
                    step.explanation
                        .starts_with("3 is placed in A3, so it leaves row A, column 3 and box 1: "),
                    "{}",
                    step.explanation
                );
                assert_eq!(step.pattern.cells, [shape.cell_named("A3").unwrap()]);
            }
            clean_ups += 1;
            for m in &step.eliminations {
                marks[m.cell] &= !(1 << (m.value - 1));
            }
        };
        assert_eq!(clean_ups, grid.givens());
        // Tidied, the marks are those the givens leave, and so is the hint.
        assert_eq!(ShapeHint::Step(step), unmarked);
    }

    #[test]
    fn a_classic_hint_reads_the_players_marks_as_masks() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let puzzle = Puzzle::Classic(grid);
        let solution = puzzle.explain(Interrupt::NEVER).unwrap().solution;
        // Marks that drop the solution's value from the first blank are a mistake there.
        let mut marks = vec![0x1ff_u32; 81];
        let blank = (0..81).find(|&c| grid.values()[c] == 0).unwrap();
        marks[blank] &= !(1 << (solution.get(blank) - 1));
        let hinted = puzzle
            .hint(&puzzle.cells(), Some(&marks), Interrupt::NEVER)
            .unwrap();
        assert_eq!(hinted, ShapeHint::Mistakes(vec![blank]));
        assert_eq!(
            puzzle.hint(&solution, None, Interrupt::NEVER).unwrap(),
            ShapeHint::Solved
        );
    }
}
