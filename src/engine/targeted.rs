//! Puzzles generated to show a technique: unique minimal puzzles drawn from a seeded stream and
//! graded until one's logical path uses the technique asked for and nothing harder.
//!
//! "Nothing harder" is by level, then score ([`Technique::difficulty`], [`Technique::score`]): the
//! technique is among the hardest of the path, so a solver who knows it (and what is easier) can
//! solve the puzzle, and needs it. The search is deterministic: the same seed and technique give the
//! same puzzle, after the same number of draws, whatever the machine's speed. It gives up after
//! [`MAX_ATTEMPTS`] draws (a deterministic budget, never the clock); a deadline or cancel flag only
//! stops it early.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::generator::minimal_puzzle_unless;
use super::graded::Graded;
use super::logic::{Context, LogicError, LogicSolver, Technique};
use super::rng::Rng;
use super::solver::StopReason;

/// How many puzzles one search may draw. Supported techniques are the hardest step of at least 1 in
/// 2,000 draws, so a search this long fails with probability below e^-25 (the server's deadline
/// comes long before).
pub const MAX_ATTEMPTS: u32 = 50_000;

/// The techniques a puzzle can be asked to show: those that were the hardest step (nothing harder
/// used) of at least 10 in 20,000 random minimal puzzles (`measure::technique_frequencies`), so a
/// search finds one in about 1,400 draws or fewer, under a second. Refused: naked and hidden quads,
/// jellyfish, unique rectangle type 2, hidden rectangle and simple coloring (fewer than 10 in
/// 20,000: a search would take seconds), and brute force (a generated puzzle's path never guesses).
pub const SUPPORTED: &[Technique] = &[
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::LockedPair,
    Technique::LockedTriple,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::XWing,
    Technique::Swordfish,
    Technique::BugPlusOne,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::WWing,
    Technique::XYWing,
    Technique::XYZWing,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle4,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::XChain,
    Technique::XYChain,
    Technique::Aic,
    Technique::AlsXz,
    Technique::ForcingChain,
];

/// Whether puzzles showing `technique` can be asked for.
pub fn supported(technique: Technique) -> bool {
    SUPPORTED.contains(&technique)
}

/// Why a search found nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TechniqueStop {
    /// The deadline passed or the cancel flag was raised.
    Stopped(StopReason),
    /// [`MAX_ATTEMPTS`] puzzles were drawn and none showed the technique.
    Exhausted,
}

/// Generation to a technique under an optional deadline and cancellation flag.
#[derive(Clone, Copy, Debug, Default)]
pub struct TechniqueGenerator<'a> {
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    attempts: Option<u32>,
}

impl<'a> TechniqueGenerator<'a> {
    /// A generator with no deadline.
    pub fn new() -> Self {
        TechniqueGenerator::default()
    }

    /// Gives up once `deadline` has passed.
    pub fn deadline(self, deadline: Instant) -> Self {
        TechniqueGenerator {
            deadline: Some(deadline),
            ..self
        }
    }

    /// Gives up once `flag` is set.
    pub fn cancel_flag(self, flag: &'a AtomicBool) -> Self {
        TechniqueGenerator {
            cancel: Some(flag),
            ..self
        }
    }

    /// Draws at most `attempts` puzzles rather than [`MAX_ATTEMPTS`].
    pub fn attempts(self, attempts: u32) -> Self {
        TechniqueGenerator {
            attempts: Some(attempts),
            ..self
        }
    }

    /// Draws and grades minimal puzzles from `seed` until one's path uses `technique` and nothing
    /// harder.
    pub fn generate(&self, technique: Technique, seed: u64) -> Result<Graded, TechniqueStop> {
        let mut rng = Rng::seeded(seed);
        let mut grader = LogicSolver::new();
        if let Some(deadline) = self.deadline {
            grader = grader.deadline(deadline);
        }
        if let Some(flag) = self.cancel {
            grader = grader.cancel_flag(flag);
        }
        let stop = |reason: Option<StopReason>| {
            TechniqueStop::Stopped(reason.unwrap_or(StopReason::Cancelled))
        };
        for attempts in 1..=self.attempts.unwrap_or(MAX_ATTEMPTS) {
            let (puzzle, solution) = minimal_puzzle_unless(&mut rng, || self.stopped().is_some())
                .ok_or_else(|| stop(self.stopped()))?;
            let grade = grader
                .grade_up_to(&puzzle, Context::unique(solution), technique)
                .map_err(|e| match e {
                    LogicError::Interrupted(reason) => TechniqueStop::Stopped(reason),
                    other => unreachable!("a generated puzzle is unique: {other}"),
                })?;
            if let Some(grade) = grade.filter(|g| g.counts.get(technique) > 0) {
                return Ok(Graded {
                    puzzle,
                    solution,
                    grade,
                    minimal: true,
                    attempts,
                });
            }
        }
        Err(TechniqueStop::Exhausted)
    }

    fn stopped(&self) -> Option<StopReason> {
        if self.cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Deadline);
        }
        None
    }
}

/// Whether `technique` is used in `grade`'s path and nothing there is harder.
pub fn shows(grade: &crate::engine::logic::Grade, technique: Technique) -> bool {
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
    use crate::engine::solver::{Solver, Verdict};

    #[test]
    fn found_puzzles_are_unique_and_show_the_technique_and_nothing_harder() {
        let common = [
            Technique::LockedCandidatesPointing,
            Technique::NakedPair,
            Technique::XWing,
            Technique::XYWing,
            Technique::Skyscraper,
        ];
        for technique in common {
            for seed in [1, 2] {
                let out = TechniqueGenerator::new().generate(technique, seed).unwrap();
                let search = Solver::new().solve(&out.puzzle).unwrap();
                assert_eq!(search.verdict, Verdict::Unique, "{technique}");
                assert_eq!(search.solutions[0], out.solution);
                let grade = LogicSolver::new().grade(&out.puzzle).unwrap();
                assert_eq!(grade, out.grade, "{technique}");
                assert!(shows(&grade, technique), "{technique}: {grade:?}");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let a = TechniqueGenerator::new()
            .generate(Technique::XWing, 7)
            .unwrap();
        let b = TechniqueGenerator::new()
            .generate(Technique::XWing, 7)
            .unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_past_deadline_stops_the_search() {
        assert_eq!(
            TechniqueGenerator::new()
                .deadline(Instant::now())
                .generate(Technique::XYWing, 1),
            Err(TechniqueStop::Stopped(StopReason::Deadline))
        );
    }

    #[test]
    fn a_search_that_finds_nothing_within_its_attempts_says_so() {
        // Seed 1's first draws never show a jellyfish (4 in 20,000 do).
        let out = TechniqueGenerator::new()
            .attempts(20)
            .generate(Technique::Jellyfish, 1);
        assert_eq!(out, Err(TechniqueStop::Exhausted));
    }

    #[test]
    fn the_rare_techniques_and_guessing_are_not_supported() {
        for t in [
            Technique::HiddenQuad,
            Technique::Jellyfish,
            Technique::BruteForce,
        ] {
            assert!(!supported(t), "{t}");
        }
        assert!(supported(Technique::XWing));
    }
}

#[cfg(test)]
mod measure {
    //! How often each technique appears in random minimal puzzles, and how long a search for each
    //! takes: the evidence behind [`SUPPORTED`] and the README's table. Run by hand in release:
    //! `cargo test --release --lib engine::targeted::measure -- --ignored --nocapture`.
    use super::*;

    #[test]
    #[ignore = "a measurement, not a check: prints a table"]
    fn technique_frequencies() {
        let draws: u64 = std::env::var("DRAWS")
            .ok()
            .and_then(|d| d.parse().ok())
            .unwrap_or(1000);
        let mut appears = [0u32; Technique::COUNT];
        let mut hardest = [0u32; Technique::COUNT];
        let mut rng = Rng::seeded(0);
        for _ in 0..draws {
            let (puzzle, _) = minimal_puzzle_unless(&mut rng, || false).unwrap();
            let grade = LogicSolver::new().grade(&puzzle).unwrap();
            for t in Technique::ALL {
                appears[t.index()] += u32::from(grade.counts.get(t) > 0);
                hardest[t.index()] += u32::from(shows(&grade, t));
            }
        }
        println!("technique appears shown-as-hardest (of {draws})");
        for t in Technique::ALL {
            println!(
                "{:<28} {:>6} {:>6}",
                t.id(),
                appears[t.index()],
                hardest[t.index()]
            );
        }
    }

    #[test]
    #[ignore = "a measurement, not a check: prints a table"]
    fn technique_search_times() {
        let seeds: u64 = std::env::var("SEEDS")
            .ok()
            .and_then(|d| d.parse().ok())
            .unwrap_or(11);
        println!("technique median_ms max_ms median_attempts (of {seeds} seeds)");
        for &t in SUPPORTED {
            let mut times = Vec::new();
            let mut attempts = Vec::new();
            for seed in 0..seeds {
                let started = Instant::now();
                let out = TechniqueGenerator::new().generate(t, seed).unwrap();
                times.push(started.elapsed().as_secs_f64() * 1000.0);
                attempts.push(out.attempts);
            }
            times.sort_by(f64::total_cmp);
            attempts.sort_unstable();
            println!(
                "{:<28} {:>9.1} {:>7.1} {:>6}",
                t.id(),
                times[times.len() / 2],
                times[times.len() - 1],
                attempts[attempts.len() / 2]
            );
        }
    }
}
