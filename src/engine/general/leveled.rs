//! Puzzles of any shape at a requested level: unique minimal puzzles drawn from seeds derived from
//! the request's seed, each graded by the general logic grader ([`ShapeLogic::grade`], the classic
//! levels with ceilings scaled by N*N/81). A puzzle that grades harder than asked gets givens of its
//! solution back, a few at a time, while it stays harder, since more givens make a puzzle easier.
//!
//! Only counts bound the work (puzzles drawn, givens added), never the clock: the same seed and
//! level give the same puzzle on any machine, or the same [`LevelError::NotReached`]. The deadline
//! only abandons the work.

use super::generate::{generate, Generated, ShapeRequest};
use super::logic::{ShapeLogic, ShapeLogicError};
use super::symmetry::Symmetry;
use crate::engine::logic::{Difficulty, Grade};
use crate::engine::rng::Rng;
use crate::engine::shape::{Rules, ShapeError};
use crate::engine::solver::StopReason;

/// Puzzles drawn before a level counts as out of the shape's reach for this seed: many on small
/// grids, whose puzzles are cheap and mostly easy, fewer on large ones, whose puzzles cost more.
pub fn level_attempts(size: usize) -> u64 {
    match size {
        0..=9 => 48,
        10..=16 => 12,
        _ => 4,
    }
}

/// A generated puzzle and its grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeveledShape {
    /// The puzzle (minimal unless givens were added back to make it easier).
    pub generated: Generated,
    /// Its grade, at the level asked for.
    pub grade: Grade,
    /// Puzzles drawn, this one included.
    pub attempts: u64,
}

/// Why no puzzle at the level came back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// The rules make no shape to generate on.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The deadline passed first.
    #[error("generation stopped ({0:?})")]
    Stopped(StopReason),
    /// [`level_attempts`] puzzles were drawn and none graded at the level.
    #[error("no puzzle graded {} within the attempts", .0.name())]
    NotReached(Difficulty),
}

/// Why puzzles of `size` never grade `level`, for the levels measured out of reach (no attempt is
/// spent on them): the general grader knows singles, intersections, subsets and fish, so no path
/// grades `expert` (chains and almost locked sets), and only a guess grades `extreme`. The README's
/// table of levels by shape has the measurement.
pub fn out_of_reach(size: usize, level: Difficulty) -> Option<&'static str> {
    match level {
        Difficulty::Expert => Some(
            "the grader for shapes other than classic 9x9 knows no chains or almost locked sets, so no path grades expert",
        ),
        _ if size <= 4 && level > Difficulty::Medium => Some(
            "4x4 puzzles are solved by singles and intersections, so the hardest level they reach is medium",
        ),
        _ => None,
    }
}

/// A unique puzzle on `rules` grading at `level`; `request.seed` picks it.
pub fn generate_leveled(
    rules: &Rules,
    request: &ShapeRequest,
    level: Difficulty,
) -> Result<LeveledShape, LevelError> {
    let mut grader = ShapeLogic::new();
    if let Some(deadline) = request.deadline {
        grader = grader.deadline(deadline);
    }
    let mut seeds = Rng::seeded(request.seed);
    for attempts in 1..=level_attempts(rules.size.unwrap_or(9)) {
        let drawn = ShapeRequest {
            seed: seeds.below(u64::MAX),
            ..*request
        };
        let generated =
            generate(rules, &drawn)?.ok_or(LevelError::Stopped(StopReason::Deadline))?;
        if let Some((generated, grade)) =
            eased(&grader, generated, request.symmetry, level, &mut seeds)?
        {
            return Ok(LeveledShape {
                generated,
                grade,
                attempts,
            });
        }
    }
    Err(LevelError::NotReached(level))
}

/// `generated` graded; while it is harder than `level`, with orbits of givens (of the request's
/// symmetry, so the pattern keeps it) of its solution added back. `None` when it ends easier.
fn eased(
    grader: &ShapeLogic<'_>,
    mut generated: Generated,
    symmetry: Symmetry,
    level: Difficulty,
    rng: &mut Rng,
) -> Result<Option<(Generated, Grade)>, LevelError> {
    let shape = generated.shape.clone();
    let mut blanks: Vec<Vec<usize>> = symmetry
        .orbits(shape.size())
        .into_iter()
        .filter(|orbit| generated.puzzle.get(orbit[0]) == 0)
        .collect();
    rng.shuffle(&mut blanks);
    // A grid's size worth of cells at a time, so a 25x25 needs few regrades.
    let step = shape.size();
    loop {
        // The grader checks the deadline at every step, so a slow grade is abandoned too.
        let grade = grader
            .grade(&shape, &generated.puzzle)
            .map_err(|e| match e {
                ShapeLogicError::Interrupted(reason) => LevelError::Stopped(reason),
                other => unreachable!("a generated puzzle is unique: {other}"),
            })?;
        if grade.difficulty == level {
            return Ok(Some((generated, grade)));
        }
        if grade.difficulty < level || blanks.is_empty() {
            return Ok(None);
        }
        let mut added = 0;
        while added < step {
            let Some(orbit) = blanks.pop() else { break };
            for &cell in &orbit {
                generated.puzzle.set(cell, generated.solution.get(cell));
            }
            added += orbit.len();
        }
        generated.minimal = false;
    }
}
