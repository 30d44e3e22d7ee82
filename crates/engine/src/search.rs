//! The seeded search shared by generation to a level ([`super::graded`]) and to a technique
//! ([`super::targeted`]): candidates made one after another from one seeded stream and graded under
//! one deadline and cancel flag, until one is accepted or a budget of attempts runs out.
//!
//! The budget is a count, never the clock, so the same seed gives the same puzzle after the same
//! number of attempts on any machine; the deadline and the flag only stop a search early.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::generator::minimal_puzzle_unless;
use super::grid::Grid;
use super::logic::{LogicError, LogicSolver};
use super::rng::Rng;
use super::solver::StopReason;

/// What may stop a search before its budget runs out.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Limits<'a> {
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop once this flag is raised.
    pub cancel: Option<&'a AtomicBool>,
}

impl<'a> Limits<'a> {
    /// Why the search must stop now, if it must.
    pub fn stopped(&self) -> Option<StopReason> {
        if self.cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Deadline);
        }
        None
    }

    /// `Err` with the reason once the search must stop.
    pub fn check(&self) -> Result<(), StopReason> {
        self.stopped().map_or(Ok(()), Err)
    }

    /// A grader bound by the same deadline and flag.
    pub fn grader(&self) -> LogicSolver<'a> {
        let mut grader = LogicSolver::new();
        if let Some(deadline) = self.deadline {
            grader = grader.deadline(deadline);
        }
        if let Some(flag) = self.cancel {
            grader = grader.cancel_flag(flag);
        }
        grader
    }

    /// The next unique minimal puzzle of `rng`'s stream and its solution.
    pub fn minimal_puzzle(&self, rng: &mut Rng) -> Result<(Grid, Grid), StopReason> {
        minimal_puzzle_unless(rng, || self.stopped().is_some())
            .ok_or_else(|| self.stopped().unwrap_or(StopReason::Cancelled))
    }

    /// Makes candidates from `seed`'s stream with `attempt` until one is accepted (`Some`): the
    /// accepted candidate and how many attempts it took, or `None` after `budget` attempts.
    pub fn search<T>(
        &self,
        seed: u64,
        budget: u32,
        mut attempt: impl FnMut(&mut Rng, &LogicSolver<'a>) -> Result<Option<T>, StopReason>,
    ) -> Result<Option<(T, u32)>, StopReason> {
        let mut rng = Rng::seeded(seed);
        let grader = self.grader();
        for attempts in 1..=budget {
            if let Some(found) = attempt(&mut rng, &grader)? {
                return Ok(Some((found, attempts)));
            }
        }
        Ok(None)
    }
}

/// The reason a grading of a generated (so unique) puzzle stopped.
pub(crate) fn interrupted(error: LogicError) -> StopReason {
    match error {
        LogicError::Interrupted(reason) => reason,
        other => unreachable!("a generated puzzle is unique: {other}"),
    }
}
