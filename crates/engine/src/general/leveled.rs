//! Puzzles of any shape at a requested level: unique minimal puzzles drawn from seeds derived from
//! the request's seed, each graded by the general logic grader ([`ShapeLogic::grade`], the classic
//! levels with ceilings scaled by N*N/81). A puzzle that grades harder than asked gets givens of its
//! solution back, since more givens make a puzzle easier: how many is found by bisection, in a few
//! shuffled orders, so that a level between a shape's minimal puzzles and its easy ones is found
//! rather than stepped over.
//!
//! Only counts bound the work (puzzles drawn, orders tried, grades per bisection), never the clock:
//! the same seed and level give the same puzzle on any machine, or the same
//! [`LevelError::NotReached`]. The deadline only abandons the work.

use super::generate::{generate, GeneratedShape, ShapeRequest};
use super::killer_gen::{generate_killer, KillerRequest};
use super::logic::{ShapeLogic, ShapeLogicError};
use super::symmetry::Symmetry;
use crate::grade::{Difficulty, Grade};
use crate::interrupt::Interrupt;
use crate::outcome::StopReason;
use crate::rng::Rng;
use crate::shape::{Rules, ShapeError};

/// Puzzles drawn before a level counts as out of the shape's reach for this seed: many on small
/// grids, whose puzzles cost a millisecond and whose rare levels (medium, expert and extreme on 6x6
/// come from one draw in a few hundred) need them, fewer on large ones, whose puzzles cost more
/// (`examples/shape_levels.rs` measures both).
pub fn level_attempts(size: usize) -> u64 {
    match size {
        0..=6 => 192,
        7..=9 => 48,
        10..=16 => 12,
        _ => 4,
    }
}

/// Shuffled orders in which a drawn puzzle's blanks are given back before the next draw: three up
/// to 16x16, one above, where each bisection costs seconds of grading.
fn orders(size: usize) -> usize {
    if size <= 16 {
        3
    } else {
        1
    }
}

/// A generated puzzle and its grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeveledShape {
    /// The puzzle (minimal unless givens were added back to make it easier).
    pub generated: GeneratedShape,
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

/// Why puzzles of `size` (with boxes, or `jigsaw` regions) never grade `level`, for the levels
/// measured out of reach (no attempt is spent on them): a minimal 4x4 with 2x2 boxes is solved by
/// singles alone, and givens added back only make it easier, so it is always `easy` (none of 100
/// seeds found a `medium` one). Every other level on every other shape was found by
/// `examples/shape_levels.rs` (the table of levels by shape in docs/shapes.md).
pub fn out_of_reach(size: usize, jigsaw: bool, level: Difficulty) -> Option<&'static str> {
    match level {
        Difficulty::Easy => None,
        _ if size <= 4 && !jigsaw => Some(
            "minimal 4x4 puzzles with 2x2 boxes are solved by singles alone, so the only level they reach is easy (jigsaw 4x4 reaches every level)",
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
    let draws = Draws::new(rules, request.seed, request.symmetry, request.interrupt);
    leveled_by(&draws, level, |seed| {
        let drawn = ShapeRequest { seed, ..*request };
        generate(rules, &drawn)?.ok_or_else(|| stopped(&request.interrupt))
    })
}

/// A unique killer on `rules` grading at `level` (`request.givens` is ignored: givens are only
/// added back to ease a killer harder than asked); `request.seed` picks it. Killer levels are the
/// grader's, whose killer techniques (cage combinations, the rule of 45, innies and outies, cage
/// splitting) weigh like the classic ones they stand beside.
pub fn generate_killer_leveled(
    rules: &Rules,
    request: &KillerRequest,
    level: Difficulty,
) -> Result<LeveledShape, LevelError> {
    let draws = Draws::new(rules, request.seed, request.symmetry, request.interrupt);
    leveled_by(&draws, level, |seed| {
        let drawn = KillerRequest {
            seed,
            givens: 0,
            ..*request
        };
        let killer = generate_killer(rules, &drawn)?.ok_or_else(|| stopped(&request.interrupt))?;
        Ok(GeneratedShape {
            shape: killer.shape,
            puzzle: killer.puzzle,
            solution: killer.solution,
            minimal: false,
        })
    })
}

/// Why a generator answered no puzzle ([`Interrupt::reason`]).
fn stopped(interrupt: &Interrupt) -> LevelError {
    LevelError::Stopped(interrupt.reason())
}

/// What a leveled search draws from, whatever the generator.
struct Draws<'a> {
    /// The grid's side, which bounds the draws ([`level_attempts`]).
    size: usize,
    /// The request's seed, from which each draw's seed is derived.
    seed: u64,
    /// The pattern givens are added back in.
    symmetry: Symmetry,
    /// Abandons the drawing and the grading.
    interrupt: Interrupt<'a>,
}

impl<'a> Draws<'a> {
    /// The draws on `rules` (a grid of 9 when they name no size) for a request's seed, symmetry and
    /// deadline: the one setup both generators share, so they bound and seed their draws alike.
    fn new(rules: &Rules, seed: u64, symmetry: Symmetry, interrupt: Interrupt<'a>) -> Self {
        Self {
            size: rules.size.unwrap_or(9),
            seed,
            symmetry,
            interrupt,
        }
    }
}

/// Puzzles from `draw` (given a seed derived from `draws.seed`), each eased to `level` if harder,
/// until one grades at it or [`level_attempts`] have been drawn.
fn leveled_by(
    draws: &Draws,
    level: Difficulty,
    mut draw: impl FnMut(u64) -> Result<GeneratedShape, LevelError>,
) -> Result<LeveledShape, LevelError> {
    let budget = u32::try_from(level_attempts(draws.size)).unwrap_or(u32::MAX);
    let found = draws
        .interrupt
        .search(draws.seed, budget, |seeds, grader| {
            let generated = draw(seeds.below(u64::MAX))?;
            eased(grader, generated, draws.symmetry, level, seeds)
        })?;
    let ((generated, grade), attempts) = found.ok_or(LevelError::NotReached(level))?;
    Ok(LeveledShape {
        generated,
        grade,
        attempts: u64::from(attempts),
    })
}

/// `generated` at `level`, or `None`. A minimal puzzle harder than `level` gets orbits of givens (of
/// the request's symmetry, so the pattern keeps it) of its solution back, in a shuffled order: the
/// first `k` of them for a `k` found by bisection between none (harder than asked) and all (the
/// solution, easiest), since more givens make a puzzle easier. That costs about log2(blanks)
/// grades, and finds the one orbit whose return crosses the level, so a level that lies between a
/// shape's minimal puzzles and easy ones (hard and expert on X and jigsaw) is not stepped over; when
/// that orbit steps over it all the same, other shuffled orders are tried (`orders`).
fn eased(
    grader: &ShapeLogic<'_>,
    generated: GeneratedShape,
    symmetry: Symmetry,
    level: Difficulty,
    rng: &mut Rng,
) -> Result<Option<(GeneratedShape, Grade)>, LevelError> {
    if let Some(grade) = graded(grader, &generated, level)? {
        return Ok((grade.difficulty == level).then_some((generated, grade)));
    }
    let mut blanks: Vec<Vec<usize>> = symmetry
        .orbits(generated.shape.size())
        .into_iter()
        .filter(|orbit| generated.puzzle.get(orbit[0]) == 0)
        .collect();
    for _ in 0..orders(generated.shape.size()) {
        rng.shuffle(&mut blanks);
        if let Some(found) = bisect(grader, &generated, &blanks, level)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// `generated` with the first `k` of `blanks` given back, for the `k` found by bisection where
/// that grades `level`; `None` when the one orbit whose return crosses the level steps over it.
fn bisect(
    grader: &ShapeLogic<'_>,
    generated: &GeneratedShape,
    blanks: &[Vec<usize>],
    level: Difficulty,
) -> Result<Option<(GeneratedShape, Grade)>, LevelError> {
    // Harder than `level` with `lo` orbits back, not harder with `hi` (all of them: the solution).
    let (mut lo, mut hi) = (0, blanks.len());
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let mut easier = generated.clone();
        for &cell in blanks[..mid].iter().flatten() {
            easier.puzzle.set(cell, easier.solution.get(cell));
        }
        easier.minimal = false;
        match graded(grader, &easier, level)? {
            Some(grade) if grade.difficulty == level => return Ok(Some((easier, grade))),
            Some(_) => hi = mid,
            // Harder than asked: the grade stopped at the first step past the level.
            None => lo = mid,
        }
    }
    Ok(None)
}

/// The grade of a generated (so unique) puzzle when it is at most `level`, `None` when it is
/// harder (found at the first step past it, the rest of the path not walked); the grader checks
/// the deadline at every step, so a slow grade is abandoned too.
fn graded(
    grader: &ShapeLogic<'_>,
    generated: &GeneratedShape,
    level: Difficulty,
) -> Result<Option<Grade>, LevelError> {
    grader
        .grade_within(&generated.shape, &generated.puzzle, level)
        .map_err(|e| match e {
            ShapeLogicError::Interrupted(reason) => LevelError::Stopped(reason),
            other => unreachable!("a generated puzzle is unique: {other}"),
        })
}
