//! Puzzles generated to show a technique: unique puzzles whose logical path uses the technique
//! asked for and nothing harder, found by one of two methods ([`Method`]).
//!
//! "Nothing harder" is by level, then score ([`Technique::difficulty`], [`Technique::score`]): the
//! technique is among the hardest of the path, so a solver who knows it (and what is easier) can
//! solve the puzzle, and needs it. Techniques that are the hardest step of at least about 1 in 3,000
//! random minimal puzzles are found by drawing such puzzles and grading them; the rarer ones by mending
//! near misses, drawn puzzles whose path uses the technique before it needs something harder
//! (`near_miss`). Either search is deterministic: the same seed and technique give the
//! same puzzle, after the same number of attempts, whatever the machine's speed. It gives up after
//! its method's budget of attempts (never the clock); a deadline or cancel flag only stops it early.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::graded::Graded;
use super::interrupt::Interrupt;
use super::logic::{Grade, Technique};
use super::search::interrupted;
use crate::outcome::StopReason;
use crate::shape::{Cells, Shape};
use near_miss::is_minimal;

/// How many minimal puzzles a [`Method::Draw`] search may draw. Those techniques are the hardest step
/// of at least about 1 in 2,600 draws (the finned X-Wing), so a search this long fails with
/// probability below e^-19 (the server's deadline comes long before).
pub const MAX_ATTEMPTS: u32 = 50_000;

/// How many minimal puzzles a [`Method::NearMiss`] search may draw. The rarest of them, the naked
/// quad, is mended from about 1 draw in 3,000 (`examples/technique_table.rs`), so a search this
/// long fails with probability below e^-30; over HTTP the deadline comes long before.
pub const MAX_NEAR_MISS_DRAWS: u32 = 100_000;

/// How puzzles showing a technique are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Unique minimal puzzles are drawn from the seed's stream and graded until one's path uses the
    /// technique and nothing harder: for the techniques that are the hardest step of at least about
    /// 1 in 3,000 random minimal puzzles (`examples/technique_table.rs`).
    Draw,
    /// Minimal puzzles are drawn from the seed's stream and each near miss, whose path uses the
    /// technique before it first needs something harder, gets givens back from its solution until
    /// the path needs nothing harder (`near_miss`): for the rarer techniques, whose random puzzles
    /// almost always need something harder too. These puzzles are unique but may keep givens that
    /// only keep the path easy (`minimal` says which).
    NearMiss,
}

impl Method {
    /// How many attempts (draws) a search may make.
    pub const fn budget(self) -> u32 {
        match self {
            Method::Draw => MAX_ATTEMPTS,
            Method::NearMiss => MAX_NEAR_MISS_DRAWS,
        }
    }
}

/// How puzzles showing `technique` are found, or `None` where neither method finds them
/// ([`refusal`] says why).
pub fn method(technique: Technique) -> Option<Method> {
    match technique {
        Technique::CleanUp | Technique::BruteForce | Technique::HiddenQuad => None,
        t if is_killer(t) || is_constraint(t) => None,
        Technique::NakedQuad
        | Technique::Jellyfish
        | Technique::UniqueRectangle2
        | Technique::HiddenRectangle
        | Technique::SimpleColoring => Some(Method::NearMiss),
        _ => Some(Method::Draw),
    }
}

/// Why puzzles showing `technique` cannot be asked for, if they cannot.
pub fn refusal(technique: Technique) -> Option<&'static str> {
    match technique {
        Technique::CleanUp => Some(
            "it only tidies a player's stale pencil marks before a hint, and a puzzle's path, which \
             starts from clean candidates, never needs it",
        ),
        Technique::BruteForce => Some(
            "a guess is never the hardest step a generated puzzle needs (the forcing chains settle \
             all of 20,000 random minimal puzzles) and, being no pattern, there is no pattern to mend toward",
        ),
        Technique::HiddenQuad => Some(
            "it is the simplest step only in a unit with no givens left (with one or more, its \
             complement is a naked subset, found first): none of 20,000 random minimal puzzles \
             needs one, and 10,000 digs of solutions toward it found none",
        ),
        t if is_killer(t) => Some(
            "it reasons about killer cages, and the puzzles technique= makes are classic 9x9 ones, \
             which have none",
        ),
        t if is_constraint(t) => Some(
            "it reads a variant's constraints (thermometers, dots, lines), and the puzzles \
             technique= makes are classic 9x9 ones, which have none",
        ),
        _ => None,
    }
}

/// Whether `technique` reads constraints, which classic puzzles lack.
fn is_constraint(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::OddEven
            | Technique::Thermometer
            | Technique::DotPair
            | Technique::LineSum
            | Technique::Renban
            | Technique::Sandwich
    )
}

/// Whether `technique` is one of the killer techniques, which need cages.
fn is_killer(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::CageCombination
            | Technique::RuleOf45
            | Technique::CagePointing
            | Technique::CageClaiming
            | Technique::InniesOuties
            | Technique::CageSplitting
            | Technique::InnieOutieDifference
            | Technique::CombinationConflict
    )
}

/// Whether puzzles showing `technique` can be asked for.
pub fn supported(technique: Technique) -> bool {
    method(technique).is_some()
}

/// The techniques puzzles can be asked to show, in the order they are tried.
pub fn supported_techniques() -> impl Iterator<Item = Technique> {
    Technique::ALL.into_iter().filter(|&t| supported(t))
}

/// A technique name that puzzles cannot be asked to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TechniqueRefused {
    /// The name sent.
    pub name: String,
    /// Why the grader's technique of that name is not offered, if it names one.
    pub why: Option<&'static str>,
}

impl std::fmt::Display for TechniqueRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.why {
            Some(why) => write!(f, "technique {:?} is not offered: {why}", self.name)?,
            None => write!(f, "unknown technique {:?}", self.name)?,
        }
        write!(f, "; expected one of: {}", accepted_ids().join(", "))
    }
}

impl std::error::Error for TechniqueRefused {}

/// The supported technique with id `name`, or why it is refused (`GET /random?technique=` answers
/// it as a 422, `sudoku random --technique` as clap's message for a bad value).
pub fn parse_technique(name: &str) -> Result<Technique, TechniqueRefused> {
    match Technique::from_id(name) {
        Some(technique) if supported(technique) => Ok(technique),
        known => Err(TechniqueRefused {
            name: name.to_string(),
            why: known.and_then(refusal),
        }),
    }
}

/// The ids puzzles can be asked to show, in the order the grader tries them.
pub fn accepted_ids() -> Vec<&'static str> {
    supported_techniques().map(Technique::id).collect()
}

/// Why a search found nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TechniqueStop {
    /// The deadline passed or the cancel flag was raised.
    Stopped(StopReason),
    /// The method's budget of attempts was spent and none showed the technique.
    Exhausted,
    /// The technique is not [`supported`].
    Unsupported,
}

/// Generation to a technique under an optional deadline and cancellation flag.
#[derive(Clone, Copy, Debug, Default)]
pub struct TechniqueGenerator<'a> {
    limits: Interrupt<'a>,
    attempts: Option<u32>,
}

impl<'a> TechniqueGenerator<'a> {
    /// A generator with no deadline.
    pub fn new() -> Self {
        TechniqueGenerator::default()
    }

    /// Gives up once `deadline` has passed.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.limits.deadline = Some(deadline);
        self
    }

    /// Gives up once `flag` is set.
    pub fn cancel_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.limits.cancel = Some(flag);
        self
    }

    /// Gives up at `interrupt`'s deadline or flag.
    pub fn interrupt(mut self, interrupt: Interrupt<'a>) -> Self {
        self.limits = interrupt;
        self
    }

    /// Makes at most `attempts` attempts rather than the method's budget ([`Method::budget`]).
    pub fn attempts(mut self, attempts: u32) -> Self {
        self.attempts = Some(attempts);
        self
    }

    /// Searches `seed`'s stream, by `technique`'s [`Method`], for a unique puzzle whose path uses
    /// `technique` and nothing harder.
    pub fn generate(&self, technique: Technique, seed: u64) -> Result<Graded, TechniqueStop> {
        let method = method(technique).ok_or(TechniqueStop::Unsupported)?;
        let budget = self.attempts.unwrap_or(method.budget());
        let found = match method {
            Method::Draw => self.draw(technique, seed, budget),
            Method::NearMiss => self.near_miss(technique, seed, budget),
        };
        found
            .map_err(TechniqueStop::Stopped)?
            .ok_or(TechniqueStop::Exhausted)
    }

    /// Draws and grades minimal puzzles until one's path uses `technique` and nothing harder.
    fn draw(
        &self,
        technique: Technique,
        seed: u64,
        budget: u32,
    ) -> Result<Option<Graded>, StopReason> {
        let found = self.limits.search(seed, budget, |rng, grader| {
            let (puzzle, solution) = self.limits.minimal_puzzle(rng)?;
            let grade = grader
                .grade_up_to(
                    Shape::classic_ref(),
                    &Cells::from(&puzzle),
                    &Cells::from(&solution),
                    technique,
                )
                .map_err(interrupted)?;
            Ok(grade
                .filter(|g| g.counts.get(technique) > 0)
                .map(|grade| (puzzle, solution, grade)))
        })?;
        Ok(found.map(|((puzzle, solution, grade), attempts)| Graded {
            puzzle,
            solution,
            grade,
            minimal: true,
            attempts,
        }))
    }

    /// Draws near misses and mends them until one shows `technique`.
    fn near_miss(
        &self,
        technique: Technique,
        seed: u64,
        budget: u32,
    ) -> Result<Option<Graded>, StopReason> {
        let found = self.limits.search(seed, budget, |rng, _| {
            near_miss::mend_next(rng, technique, &self.limits)
        })?;
        Ok(found.map(|(mended, attempts)| Graded {
            minimal: is_minimal(&mended.puzzle),
            puzzle: mended.puzzle,
            solution: mended.solution,
            grade: mended.grade,
            attempts,
        }))
    }
}

/// Whether `technique` is used in `grade`'s path and nothing there is harder.
pub fn shows(grade: &Grade, technique: Technique) -> bool {
    let bound = (technique.difficulty(), technique.score());
    grade.counts.get(technique) > 0
        && grade
            .counts
            .iter()
            .all(|(t, _)| (t.difficulty(), t.score()) <= bound)
}

#[cfg(test)]
mod measure;
mod near_miss;
#[cfg(test)]
mod tests;
