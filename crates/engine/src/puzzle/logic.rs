//! Hints, explanations and grades of a [`Puzzle`] of any shape, classic 9x9 included: one logic
//! layer ([`ShapeLogic`]), each answer in the shape's terms
//! ([`ShapeStep`](crate::general::logic::ShapeStep): cells by index, values 1..N, units by the
//! shape's index).

use crate::general::logic::{
    clean_up, ShapeExplanation, ShapeHint, ShapeLogic, ShapeLogicError, ShapePosition,
};
use crate::grade::Grade;
use crate::interrupt::Interrupt;
use crate::shape::Cells;

use super::Puzzle;

impl Puzzle {
    /// The whole logical path to the solution, with its grade.
    pub fn explain(&self, interrupt: Interrupt<'_>) -> Result<ShapeExplanation, ShapeLogicError> {
        ShapeLogic::new()
            .interrupt(interrupt)
            .explain(self.shape(), &self.cells())
    }

    /// The grade of the logical path (its steps are not kept).
    pub fn grade(&self, interrupt: Interrupt<'_>) -> Result<Grade, ShapeLogicError> {
        ShapeLogic::new()
            .interrupt(interrupt)
            .grade(self.shape(), &self.cells())
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
        let hint = ShapeLogic::new().interrupt(interrupt).hint(
            self.shape(),
            &self.cells(),
            progress,
            marks,
        )?;
        let stale = match (&hint, marks) {
            (ShapeHint::Step(_), Some(marks)) => clean_up(
                self.shape(),
                &ShapePosition::with_marks(self.shape(), progress, marks),
            ),
            _ => None,
        };
        Ok(stale.map_or(hint, ShapeHint::Step))
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
