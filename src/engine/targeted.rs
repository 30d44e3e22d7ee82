//! Puzzles generated to show a technique: unique puzzles whose logical path uses the technique
//! asked for and nothing harder, found by one of two methods ([`Method`]).
//!
//! "Nothing harder" is by level, then score ([`Technique::difficulty`], [`Technique::score`]): the
//! technique is among the hardest of the path, so a solver who knows it (and what is easier) can
//! solve the puzzle, and needs it. Techniques that are the hardest step of at least 1 in 2,000 random
//! minimal puzzles are found by drawing such puzzles and grading them; the rarer ones by digging
//! toward them (`engine::dig`). Either search is deterministic: the same seed and technique give the
//! same puzzle, after the same number of attempts, whatever the machine's speed. It gives up after
//! its method's budget of attempts (never the clock); a deadline or cancel flag only stops it early.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::dig::{dig_toward, is_minimal};
use super::graded::Graded;
use super::logic::{Context, Grade, Technique};
use super::search::{interrupted, Limits};
use super::solver::StopReason;

/// How many minimal puzzles a [`Method::Draw`] search may draw. Those techniques are the hardest step
/// of at least 1 in 2,000 draws, so a search this long fails with probability below e^-25 (the
/// server's deadline comes long before).
pub const MAX_ATTEMPTS: u32 = 50_000;

/// How many solutions a [`Method::Dig`] search may dig. The rarest of them, the hidden rectangle, is
/// reached by about 1 dig in 4,000 (`measure::technique_search_times`), so a search this long fails
/// with probability below e^-25; over HTTP the deadline comes long before.
pub const MAX_DIGS: u32 = 100_000;

/// How puzzles showing a technique are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Unique minimal puzzles are drawn from the seed's stream and graded until one's path uses the
    /// technique and nothing harder: for the techniques that are the hardest step of at least 10 in
    /// 20,000 random minimal puzzles (`measure::technique_frequencies`).
    Draw,
    /// Givens are dug out of the seed's solutions keeping only removals after which the path stays
    /// within the technique, until it uses it (`engine::dig`): for the rarer techniques, whose
    /// random puzzles almost always need something harder too. These puzzles are unique but may
    /// keep givens that only keep the path easy (`minimal` says which).
    Dig,
}

impl Method {
    /// How many attempts (draws or digs) a search may make.
    pub const fn budget(self) -> u32 {
        match self {
            Method::Draw => MAX_ATTEMPTS,
            Method::Dig => MAX_DIGS,
        }
    }
}

/// How puzzles showing `technique` are found, or `None` where neither method finds them
/// ([`refusal`] says why).
pub fn method(technique: Technique) -> Option<Method> {
    match technique {
        Technique::BruteForce | Technique::HiddenQuad => None,
        t if is_killer(t) => None,
        Technique::NakedQuad
        | Technique::Jellyfish
        | Technique::UniqueRectangle2
        | Technique::HiddenRectangle
        | Technique::SimpleColoring => Some(Method::Dig),
        _ => Some(Method::Draw),
    }
}

/// Why puzzles showing `technique` cannot be asked for, if they cannot.
pub fn refusal(technique: Technique) -> Option<&'static str> {
    match technique {
        Technique::BruteForce => Some(
            "a guess is never the hardest step a generated puzzle needs (the forcing chains settle \
             all of 20,000 random minimal puzzles) and, being no pattern, it cannot be dug toward",
        ),
        Technique::HiddenQuad => Some(
            "it is the simplest step only in a unit with no givens left (with one or more, its \
             complement is a naked subset, found first): none of 20,000 random minimal puzzles \
             needs one, and 10,000 digs toward it found none",
        ),
        t if is_killer(t) => Some(
            "it reasons about killer cages, and the puzzles technique= makes are classic 9x9 ones, \
             which have none",
        ),
        _ => None,
    }
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
    limits: Limits<'a>,
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
            Method::Dig => self.dig(technique, seed, budget),
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
                .grade_up_to(&puzzle, Context::unique(solution), technique)
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

    /// Digs solutions toward `technique` until one dig reaches it.
    fn dig(
        &self,
        technique: Technique,
        seed: u64,
        budget: u32,
    ) -> Result<Option<Graded>, StopReason> {
        let found = self.limits.search(seed, budget, |rng, grader| {
            dig_toward(rng, technique, &self.limits, grader)
        })?;
        Ok(found.map(|(dug, attempts)| Graded {
            minimal: is_minimal(&dug.puzzle),
            puzzle: dug.puzzle,
            solution: dug.solution,
            grade: dug.grade,
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
mod tests {
    use super::*;
    use crate::engine::logic::LogicSolver;
    use crate::engine::solver::{Solver, Verdict};

    /// Unique, graded as generated, its path using `technique` and nothing harder, and `minimal`
    /// telling the truth.
    fn assert_shows(out: &Graded, technique: Technique) {
        let search = Solver::new().solve(&out.puzzle).unwrap();
        assert_eq!(search.verdict, Verdict::Unique, "{technique}");
        assert_eq!(search.solutions[0], out.solution);
        let grade = LogicSolver::new().grade(&out.puzzle).unwrap();
        assert_eq!(grade, out.grade, "{technique}");
        assert!(shows(&grade, technique), "{technique}: {grade:?}");
        assert_eq!(out.minimal, is_minimal(&out.puzzle), "{technique}");
    }

    #[test]
    fn drawn_puzzles_are_unique_and_show_the_technique_and_nothing_harder() {
        let common = [
            Technique::LockedCandidatesPointing,
            Technique::NakedPair,
            Technique::XWing,
            Technique::XYWing,
            Technique::Skyscraper,
        ];
        for technique in common {
            assert_eq!(method(technique), Some(Method::Draw));
            for seed in [1, 2] {
                let out = TechniqueGenerator::new().generate(technique, seed).unwrap();
                assert_shows(&out, technique);
                assert!(out.minimal, "{technique}");
            }
        }
    }

    /// A seed per dug technique whose search succeeds within a few dozen digs
    /// (`measure::quick_dug_seeds`), so the checks stay quick in a debug build.
    pub(super) const QUICK_DUG_SEEDS: [(Technique, u64); 5] = [
        (Technique::NakedQuad, 7),
        (Technique::Jellyfish, 22),
        (Technique::UniqueRectangle2, 4),
        (Technique::HiddenRectangle, 25),
        (Technique::SimpleColoring, 24),
    ];

    #[test]
    fn dug_puzzles_are_unique_and_show_the_rare_technique_and_nothing_harder() {
        for (technique, seed) in QUICK_DUG_SEEDS {
            assert_eq!(method(technique), Some(Method::Dig));
            let out = TechniqueGenerator::new().generate(technique, seed).unwrap();
            assert_shows(&out, technique);
        }
        let dug = Technique::ALL
            .into_iter()
            .filter(|&t| method(t) == Some(Method::Dig));
        assert!(dug.eq(QUICK_DUG_SEEDS.map(|(t, _)| t)));
    }

    #[test]
    fn every_technique_but_guessing_the_hidden_quad_and_the_killer_ones_is_supported() {
        let refused = [
            Technique::BruteForce,
            Technique::HiddenQuad,
            Technique::CageCombination,
            Technique::RuleOf45,
            Technique::CagePointing,
            Technique::CageClaiming,
            Technique::InniesOuties,
            Technique::CageSplitting,
        ];
        for technique in Technique::ALL {
            assert_eq!(
                supported(technique),
                !refused.contains(&technique),
                "{technique}"
            );
            assert_eq!(refusal(technique).is_some(), !supported(technique));
        }
        for technique in refused {
            assert_eq!(
                TechniqueGenerator::new().generate(technique, 1),
                Err(TechniqueStop::Unsupported)
            );
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        for (technique, seed, other) in [(Technique::XWing, 7, 8), (Technique::Jellyfish, 22, 18)] {
            let a = TechniqueGenerator::new().generate(technique, seed).unwrap();
            let b = TechniqueGenerator::new().generate(technique, seed).unwrap();
            assert_eq!(a, b);
            let c = TechniqueGenerator::new()
                .generate(technique, other)
                .unwrap();
            assert_ne!(a.puzzle, c.puzzle);
        }
    }

    #[test]
    fn a_past_deadline_stops_the_search() {
        for technique in [Technique::XYWing, Technique::NakedQuad] {
            assert_eq!(
                TechniqueGenerator::new()
                    .deadline(Instant::now())
                    .generate(technique, 1),
                Err(TechniqueStop::Stopped(StopReason::Deadline))
            );
        }
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_search() {
        let flag = AtomicBool::new(true);
        assert_eq!(
            TechniqueGenerator::new()
                .cancel_flag(&flag)
                .generate(Technique::Jellyfish, 1),
            Err(TechniqueStop::Stopped(StopReason::Cancelled))
        );
    }

    #[test]
    fn a_search_that_finds_nothing_within_its_attempts_says_so() {
        // Seed 1's first draws never show a finned X-Wing (1 in about 2,500 does).
        let out = TechniqueGenerator::new()
            .attempts(20)
            .generate(Technique::FinnedXWing, 1);
        assert_eq!(out, Err(TechniqueStop::Exhausted));
    }
}

#[cfg(test)]
mod measure;
