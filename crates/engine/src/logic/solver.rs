//! The step-by-step solver: from a puzzle proved unique, apply the simplest available step until the
//! grid is full, recording the path (`explain`) or only its grade (`grade`); or offer the one next
//! step of a player's position (`hint`).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::position::Position;
use super::step::Step;
use super::techniques::{next_step, Context};
use crate::digit::DigitSet;
use crate::grade::{Difficulty, Grade, GradeBuilder};
use crate::grid::Grid;
use crate::interrupt::Interrupt;
use crate::outcome::{StopReason, Verdict};
use crate::solver::Solver;
use crate::square::Square;
use crate::technique::Technique;

/// Why a puzzle could not be solved step by step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution: two of them, as proof.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions(Box<[Grid; 2]>),
    /// The deadline passed or the work was cancelled.
    #[error("stopped before the end ({0:?})")]
    Interrupted(StopReason),
}

/// The whole path from a puzzle to its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Every step, each applied to the position the previous ones left.
    pub steps: Vec<Step>,
    /// The solution.
    pub solution: Grid,
    /// The grade of the path.
    pub grade: Grade,
}

/// What a player in a given position should hear next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The simplest step available.
    Step(Step),
    /// Squares whose digit, or whose pencil marks, contradict the solution.
    Mistakes(Vec<Square>),
    /// The grid is complete and correct.
    Solved,
}

/// A configured logic solver: an optional deadline and cancellation flag, and an optional ceiling
/// past which grading stops early (for generation to a level).
#[derive(Clone, Copy, Debug, Default)]
pub struct LogicSolver<'a> {
    interrupt: Interrupt<'a>,
}

/// The most steps a path can take: each step removes at least one of the 729 candidates.
const MAX_STEPS: usize = 81 * 9 + 1;

impl<'a> LogicSolver<'a> {
    /// A solver with no deadline.
    pub fn new() -> Self {
        LogicSolver::default()
    }

    /// Stops once `deadline` has passed.
    pub fn deadline(self, deadline: Instant) -> Self {
        LogicSolver {
            interrupt: Interrupt {
                deadline: Some(deadline),
                ..self.interrupt
            },
        }
    }

    /// Stops once `interrupt` says so (its deadline passed or its flag raised).
    pub fn interrupt(self, interrupt: Interrupt<'a>) -> Self {
        LogicSolver { interrupt }
    }

    /// Stops once `flag` is set.
    pub fn cancel_flag(self, flag: &'a AtomicBool) -> Self {
        LogicSolver {
            interrupt: Interrupt {
                cancel: Some(flag),
                ..self.interrupt
            },
        }
    }

    /// Proves `puzzle` unique and returns its solution, as the context steps may rely on.
    pub fn context(&self, puzzle: &Grid) -> Result<Context, LogicError> {
        let mut solver = Solver::new().limit(2);
        solver = solver.interrupt(self.interrupt);
        let outcome = solver
            .solve(puzzle)
            .map_err(|i| LogicError::Interrupted(i.reason))?;
        match outcome.verdict {
            Verdict::Unique | Verdict::Solved => Ok(Context::unique(outcome.solutions[0])),
            Verdict::Multiple => Err(LogicError::MultipleSolutions(Box::new([
                outcome.solutions[0],
                outcome.solutions[1],
            ]))),
            Verdict::None => Err(LogicError::NoSolution),
        }
    }

    /// The whole path from `puzzle` to its solution.
    pub fn explain(&self, puzzle: &Grid) -> Result<Explanation, LogicError> {
        let context = self.context(puzzle)?;
        let mut steps = Vec::new();
        let mut grade = GradeBuilder::default();
        self.walk(Position::new(puzzle), &context, |step| {
            grade.add_technique(step.technique);
            steps.push(step);
            true
        })?;
        Ok(Explanation {
            steps,
            solution: *context
                .solution()
                .expect("a unique context knows its solution"),
            grade: grade.finish(),
        })
    }

    /// The grade of `puzzle`'s path.
    pub fn grade(&self, puzzle: &Grid) -> Result<Grade, LogicError> {
        self.grade_within(puzzle, Difficulty::Extreme)
            .map(|g| g.expect("an extreme ceiling never stops the walk"))
    }

    /// The grade of `puzzle`'s path, or `None` as soon as the path is known to be harder than
    /// `ceiling`: generation to a level rejects most candidates after a few steps this way.
    pub fn grade_within(
        &self,
        puzzle: &Grid,
        ceiling: Difficulty,
    ) -> Result<Option<Grade>, LogicError> {
        let context = self.context(puzzle)?;
        self.grade_unique(puzzle, context, ceiling)
    }

    /// [`LogicSolver::grade_within`] for a puzzle already proved unique, with `context` built from its
    /// solution: generation knows the solution and need not search again.
    pub fn grade_unique(
        &self,
        puzzle: &Grid,
        context: Context,
        ceiling: Difficulty,
    ) -> Result<Option<Grade>, LogicError> {
        let mut grade = GradeBuilder::default();
        let mut within = true;
        self.walk(Position::new(puzzle), &context, |step| {
            grade.add_technique(step.technique);
            let so_far = grade.finish();
            within = so_far.difficulty <= ceiling;
            within
        })?;
        Ok(within.then(|| grade.finish()))
    }

    /// The grade of a unique `puzzle`'s path, or `None` as soon as a step needs a technique harder
    /// than `limit` (by level, then score): generation by technique drops most candidates early.
    pub fn grade_up_to(
        &self,
        puzzle: &Grid,
        context: Context,
        limit: Technique,
    ) -> Result<Option<Grade>, LogicError> {
        let bound = (limit.difficulty(), limit.score());
        let mut grade = GradeBuilder::default();
        let mut within = true;
        self.walk(Position::new(puzzle), &context, |step| {
            within = (step.technique.difficulty(), step.technique.score()) <= bound;
            grade.add_technique(step.technique);
            within
        })?;
        Ok(within.then(|| grade.finish()))
    }

    /// The next step for a player: `progress` is the grid with the player's digits (the givens
    /// included), `marks` the player's pencil marks (or `None` for the candidates the digits leave).
    /// Mistakes come first: digits that differ from the solution, and pencil marks that dropped the
    /// solution's digit. The marks are read as given: a stale one (a placed digit still marked in a
    /// peer) can make a technique remove the solution's digit, so [`crate::Puzzle::hint`] asks for
    /// the clean-up ([`crate::general::logic::clean_up()`]) first.
    pub fn hint(
        &self,
        puzzle: &Grid,
        progress: &Grid,
        marks: Option<&[DigitSet; 81]>,
    ) -> Result<Hint, LogicError> {
        let context = self.context(puzzle)?;
        let solution = context
            .solution()
            .expect("a unique context knows its solution");
        let mistakes: Vec<Square> = Square::all()
            .filter(|&s| match progress.get(s) {
                Some(d) => solution.get(s) != Some(d),
                None => marks
                    .is_some_and(|m| solution.get(s).is_some_and(|d| !m[s.index()].contains(d))),
            })
            .collect();
        if !mistakes.is_empty() {
            return Ok(Hint::Mistakes(mistakes));
        }
        if progress.is_complete() {
            return Ok(Hint::Solved);
        }
        self.check_stop()?;
        let position = match marks {
            Some(m) => Position::with_candidates(progress, m),
            None => Position::new(progress),
        };
        Ok(next_step(&position, &context).map_or(Hint::Solved, Hint::Step))
    }

    /// Applies the simplest step until the grid is full, handing each to `on_step` (which returns
    /// whether to go on).
    fn walk(
        &self,
        mut position: Position,
        context: &Context,
        mut on_step: impl FnMut(Step) -> bool,
    ) -> Result<(), LogicError> {
        for _ in 0..MAX_STEPS {
            if position.is_solved() {
                return Ok(());
            }
            self.check_stop()?;
            let Some(step) = next_step(&position, context) else {
                break;
            };
            debug_assert!(!step.is_empty(), "{:?} changed nothing", step.technique);
            position.apply(&step);
            if !on_step(step) {
                return Ok(());
            }
        }
        // A unique puzzle always ends: brute force places the solution's digits.
        debug_assert!(position.is_solved(), "the walk stalled:\n{position:?}");
        Ok(())
    }

    fn check_stop(&self) -> Result<(), LogicError> {
        self.interrupt.check().map_err(LogicError::Interrupted)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::Technique;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn an_easy_puzzle_is_explained_with_singles_to_its_solution() {
        let puzzle: Grid = EASY.parse().unwrap();
        let e = LogicSolver::new().explain(&puzzle).unwrap();
        assert!(e.solution.solves(&puzzle));
        assert_eq!(e.grade.difficulty, Difficulty::Easy);
        assert!(e.grade.solved_by_logic);
        assert_eq!(e.steps.len(), 81 - puzzle.givens());
        let mut position = Position::new(&puzzle);
        for step in &e.steps {
            assert!(step.technique.difficulty() == Difficulty::Easy);
            position.apply(step);
        }
        assert_eq!(position.grid(), e.solution);
    }

    #[test]
    fn grading_matches_the_explained_path() {
        let puzzle: Grid = EASY.parse().unwrap();
        let solver = LogicSolver::new();
        assert_eq!(
            solver.grade(&puzzle).unwrap(),
            solver.explain(&puzzle).unwrap().grade
        );
    }

    #[test]
    fn a_ceiling_below_the_puzzles_level_stops_grading() {
        // Norvig's grid2 needs more than singles.
        let grid2: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let solver = LogicSolver::new();
        assert_eq!(solver.grade_within(&grid2, Difficulty::Easy).unwrap(), None);
        assert!(solver.grade(&grid2).unwrap().difficulty > Difficulty::Easy);
    }

    #[test]
    fn puzzles_without_exactly_one_solution_cannot_be_explained() {
        let empty = Grid::EMPTY;
        assert!(matches!(
            LogicSolver::new().explain(&empty),
            Err(LogicError::MultipleSolutions(_))
        ));
        let impossible: Grid =
            ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
                .parse()
                .unwrap();
        assert_eq!(
            LogicSolver::new().grade(&impossible),
            Err(LogicError::NoSolution)
        );
    }

    #[test]
    fn a_hint_names_wrong_digits_before_offering_a_step() {
        let puzzle: Grid = EASY.parse().unwrap();
        let solver = LogicSolver::new();
        let solution = solver.explain(&puzzle).unwrap().solution;
        let a1: Square = "A1".parse().unwrap();
        let wrong = crate::Digit::all()
            .find(|&d| solution.get(a1) != Some(d))
            .unwrap();
        let mut progress = puzzle;
        progress.set(a1, Some(wrong));
        assert_eq!(
            solver.hint(&puzzle, &progress, None).unwrap(),
            Hint::Mistakes(vec![a1])
        );
    }

    #[test]
    fn a_hint_on_a_fresh_puzzle_is_a_single() {
        let puzzle: Grid = EASY.parse().unwrap();
        let Hint::Step(step) = LogicSolver::new().hint(&puzzle, &puzzle, None).unwrap() else {
            panic!("expected a step");
        };
        assert!(matches!(
            step.technique,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        ));
    }

    #[test]
    fn a_hint_on_the_solution_says_solved() {
        let puzzle: Grid = EASY.parse().unwrap();
        let solver = LogicSolver::new();
        let solution = solver.explain(&puzzle).unwrap().solution;
        assert_eq!(solver.hint(&puzzle, &solution, None).unwrap(), Hint::Solved);
    }

    #[test]
    fn pencil_marks_that_dropped_the_solutions_digit_are_mistakes() {
        let puzzle: Grid = EASY.parse().unwrap();
        let solver = LogicSolver::new();
        let solution = solver.explain(&puzzle).unwrap().solution;
        let position = Position::new(&puzzle);
        let mut marks = [DigitSet::EMPTY; 81];
        for s in Square::all() {
            marks[s.index()] = position.candidates(s);
        }
        let a1: Square = "A1".parse().unwrap();
        marks[a1.index()] = marks[a1.index()].without(solution.get(a1).unwrap());
        assert_eq!(
            solver.hint(&puzzle, &puzzle, Some(&marks)).unwrap(),
            Hint::Mistakes(vec![a1])
        );
    }

    #[test]
    fn a_cancelled_solver_stops() {
        let flag = AtomicBool::new(true);
        let puzzle: Grid = EASY.parse().unwrap();
        assert_eq!(
            LogicSolver::new().cancel_flag(&flag).grade(&puzzle),
            Err(LogicError::Interrupted(StopReason::Cancelled))
        );
    }
}
