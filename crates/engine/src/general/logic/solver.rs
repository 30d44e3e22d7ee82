//! Walking a puzzle on any shape to its solution one step at a time: the whole path (`explain`), its
//! grade (`grade`), or the next step for a player (`hint`), after proving the puzzle unique with the
//! general search.
//!
//! Grades use the classic levels and base scores. The level is the hardest technique's level, raised
//! while the path's score exceeds that level's ceiling scaled by the grid's size: HoDoKu's ceilings
//! (800, 1000, 1600, 1800) are for 81 cells, and a 16x16 needs about three times the singles of a
//! 9x9 for the same kind of puzzle, so the ceiling is multiplied by N*N / 81.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::geometry::Geometry;
use super::position::{bit, ShapePosition};
use super::step::ShapeStep;
use super::{finders_for, first_step, next_step};
use crate::general::ShapeSolver;
use crate::grade::GradeBuilder;
use crate::grade::{Difficulty, Grade};
use crate::interrupt::Interrupt;
use crate::outcome::{StopReason, Verdict};
use crate::shape::{Cells, Shape};
use crate::solver::Solver;
use crate::technique::Technique;

/// Why a puzzle could not be solved step by step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeLogicError {
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution: two of them, as proof.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions(Box<[Cells; 2]>),
    /// The deadline passed or the work was cancelled.
    #[error("stopped before the end ({0:?})")]
    Interrupted(StopReason),
}

/// The whole path from a puzzle to its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeExplanation {
    /// Every step, each applied to the position the previous ones left.
    pub steps: Vec<ShapeStep>,
    /// The solution.
    pub solution: Cells,
    /// The grade of the path.
    pub grade: Grade,
}

/// What a player should hear next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeHint {
    /// The simplest step available.
    Step(ShapeStep),
    /// Cells whose value, or whose pencil marks, contradict the solution, ascending.
    Mistakes(Vec<usize>),
    /// Every cell holds the solution's value.
    Solved,
}

/// A configured logic solver for any shape: an optional deadline and cancellation flag.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShapeLogic<'a> {
    interrupt: Interrupt<'a>,
}

impl<'a> ShapeLogic<'a> {
    /// A solver with no deadline.
    pub fn new() -> Self {
        ShapeLogic::default()
    }

    /// Stops once `deadline` has passed.
    pub fn deadline(self, deadline: Instant) -> Self {
        ShapeLogic {
            interrupt: Interrupt {
                deadline: Some(deadline),
                ..self.interrupt
            },
        }
    }

    /// Stops once `interrupt` says so (its deadline passed or its flag raised).
    pub fn interrupt(self, interrupt: Interrupt<'a>) -> Self {
        ShapeLogic { interrupt }
    }

    /// Stops once `flag` is set.
    pub fn cancel_flag(self, flag: &'a AtomicBool) -> Self {
        ShapeLogic {
            interrupt: Interrupt {
                cancel: Some(flag),
                ..self.interrupt
            },
        }
    }

    /// Proves `puzzle` unique and returns its solution: on plain classic 9x9 with the band
    /// solver ([`crate::Solver`], the engine's fast path), on every other shape with the general
    /// search.
    pub fn solution(&self, shape: &Shape, puzzle: &Cells) -> Result<Cells, ShapeLogicError> {
        let stopped = |reason| ShapeLogicError::Interrupted(reason);
        let (verdict, solutions) = match puzzle.to_classic().filter(|_| shape.is_classic()) {
            Some(grid) => {
                let solver = Solver::new().limit(2).interrupt(self.interrupt);
                let outcome = solver.solve(&grid).map_err(|i| stopped(i.reason))?;
                let found = outcome.solutions.iter().map(Cells::from).collect();
                (outcome.verdict, found)
            }
            None => {
                let solver = ShapeSolver::new().limit(2).interrupt(self.interrupt);
                let outcome = solver.solve(shape, puzzle).map_err(|i| stopped(i.reason))?;
                (outcome.verdict, outcome.solutions)
            }
        };
        let mut solutions: std::vec::IntoIter<Cells> = solutions.into_iter();
        match verdict {
            Verdict::Unique | Verdict::Solved => {
                Ok(solutions.next().expect("a unique verdict has its solution"))
            }
            Verdict::Multiple => {
                let (Some(a), Some(b)) = (solutions.next(), solutions.next()) else {
                    unreachable!("a multiple verdict has two solutions");
                };
                Err(ShapeLogicError::MultipleSolutions(Box::new([a, b])))
            }
            Verdict::None => Err(ShapeLogicError::NoSolution),
        }
    }

    /// The whole path from `puzzle` to its solution.
    pub fn explain(
        &self,
        shape: &Shape,
        puzzle: &Cells,
    ) -> Result<ShapeExplanation, ShapeLogicError> {
        let solution = self.solution(shape, puzzle)?;
        let mut steps = Vec::new();
        let mut grade = GradeBuilder::default();
        self.walk(shape, puzzle, &solution, true, |_, step| {
            grade.add_technique(step.technique);
            steps.push(step);
            ControlFlow::Continue(())
        })?;
        Ok(ShapeExplanation {
            steps,
            solution,
            grade: scaled(shape, grade.finish()),
        })
    }

    /// The grade of `puzzle`'s path.
    pub fn grade(&self, shape: &Shape, puzzle: &Cells) -> Result<Grade, ShapeLogicError> {
        let graded = self.grade_within(shape, puzzle, Difficulty::Extreme)?;
        Ok(graded.expect("no path grades past the hardest level"))
    }

    /// The grade when it is at most `ceiling`, `None` as soon as the path is past it: a path's level
    /// only grows step by step (its hardest technique and its score do), so generation to a level
    /// need not walk the rest of a puzzle it will reject.
    pub fn grade_within(
        &self,
        shape: &Shape,
        puzzle: &Cells,
        ceiling: Difficulty,
    ) -> Result<Option<Grade>, ShapeLogicError> {
        let solution = self.solution(shape, puzzle)?;
        self.grade_unique(shape, puzzle, &solution, ceiling)
    }

    /// [`ShapeLogic::grade_within`] for a puzzle already proved unique, whose `solution` is known:
    /// generation knows it and need not search again.
    pub fn grade_unique(
        &self,
        shape: &Shape,
        puzzle: &Cells,
        solution: &Cells,
        ceiling: Difficulty,
    ) -> Result<Option<Grade>, ShapeLogicError> {
        let mut grade = GradeBuilder::default();
        let mut past = false;
        self.walk(shape, puzzle, solution, false, |_, step| {
            grade.add_technique(step.technique);
            past = scaled(shape, grade.finish()).difficulty > ceiling;
            if past {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        Ok((!past).then(|| scaled(shape, grade.finish())))
    }

    /// The grade of a unique `puzzle`'s path, or `None` as soon as a step needs a technique harder
    /// than `limit` (by level, then score): generation by technique drops most candidates early.
    pub fn grade_up_to(
        &self,
        shape: &Shape,
        puzzle: &Cells,
        solution: &Cells,
        limit: Technique,
    ) -> Result<Option<Grade>, ShapeLogicError> {
        let bound = (limit.difficulty(), limit.score());
        let mut grade = GradeBuilder::default();
        let mut within = true;
        self.walk(shape, puzzle, solution, false, |_, step| {
            within = (step.technique.difficulty(), step.technique.score()) <= bound;
            grade.add_technique(step.technique);
            if within {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })?;
        Ok(within.then(|| scaled(shape, grade.finish())))
    }

    /// The next step for a player: `progress` holds the givens and the player's values, `marks` the
    /// player's pencil marks, one bit set per cell (or `None` for the candidates the values leave).
    /// Mistakes come first: values that differ from the solution, and marks that dropped the
    /// solution's value from an empty cell. The marks are read as given: a stale one (a placed
    /// value still marked in a peer) can make a technique remove the solution's value, so
    /// [`crate::Puzzle::hint`] asks for the clean-up ([`super::clean_up()`]) first.
    pub fn hint(
        &self,
        shape: &Shape,
        puzzle: &Cells,
        progress: &Cells,
        marks: Option<&[u32]>,
    ) -> Result<ShapeHint, ShapeLogicError> {
        let solution = self.solution(shape, puzzle)?;
        let mistakes: Vec<usize> = (0..shape.cell_count())
            .filter(|&c| match progress.get(c) {
                0 => marks.is_some_and(|m| m[c] & bit(solution.get(c)) == 0),
                v => v != solution.get(c),
            })
            .collect();
        if !mistakes.is_empty() {
            return Ok(ShapeHint::Mistakes(mistakes));
        }
        if progress.givens() == shape.cell_count() {
            return Ok(ShapeHint::Solved);
        }
        self.check_stop()?;
        let position = match marks {
            Some(m) => ShapePosition::with_marks(shape, progress, m),
            None => ShapePosition::new(shape, progress),
        };
        let geo = Geometry::of(shape);
        Ok(next_step(&geo, &position, &solution).map_or(ShapeHint::Solved, ShapeHint::Step))
    }

    /// Applies the simplest step until the grid is full, handing each to `on_step` with the
    /// position it led to; `on_step` may end the walk there. Steps are worded only when `explain`.
    pub(crate) fn walk(
        &self,
        shape: &Shape,
        puzzle: &Cells,
        solution: &Cells,
        explain: bool,
        mut on_step: impl FnMut(&ShapePosition, ShapeStep) -> ControlFlow<()>,
    ) -> Result<(), ShapeLogicError> {
        let geo = match explain {
            true => Geometry::of(shape),
            false => Geometry::quiet(shape),
        };
        let finders = finders_for(shape);
        let mut position = ShapePosition::new(shape, puzzle);
        // Each step places a value or removes a candidate, so the path ends within this many.
        for _ in 0..=shape.cell_count() * shape.size() {
            if position.is_solved() {
                return Ok(());
            }
            self.check_stop()?;
            let Some(step) = first_step(&finders, &geo, &position, solution) else {
                break;
            };
            debug_assert!(!step.is_empty(), "{:?} changed nothing", step.technique);
            position.apply(shape, &step);
            if on_step(&position, step).is_break() {
                return Ok(());
            }
        }
        debug_assert!(position.is_solved(), "the walk stalled");
        Ok(())
    }

    fn check_stop(&self) -> Result<(), ShapeLogicError> {
        self.interrupt
            .check()
            .map_err(ShapeLogicError::Interrupted)?;
        Ok(())
    }
}

/// The level of a path of `score` whose hardest technique is at `floor`, on a grid of `cells` cells:
/// `floor`, raised while the score exceeds the level's ceiling times `cells / 81`.
pub fn scaled_difficulty(floor: Difficulty, score: u32, cells: usize) -> Difficulty {
    let mut level = floor;
    for next in Difficulty::ALL.into_iter().filter(|&d| d > floor) {
        let ceiling = u64::from(level.max_score()) * cells as u64 / 81;
        if u64::from(score) <= ceiling {
            break;
        }
        level = next;
    }
    level
}

/// `grade` with its level computed on `shape`'s scale.
fn scaled(shape: &Shape, grade: Grade) -> Grade {
    let floor = grade.hardest.map_or(Difficulty::Easy, |t| t.difficulty());
    Grade {
        difficulty: scaled_difficulty(floor, grade.score, shape.cell_count()),
        ..grade
    }
}

#[cfg(test)]
mod tests;
