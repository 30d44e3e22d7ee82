//! The seeded search shared by generation to a level ([`super::graded`]) and to a technique
//! ([`super::targeted`]): candidates made one after another from one seeded stream and graded under
//! one deadline and cancel flag, until one is accepted or a budget of attempts runs out.
//!
//! The budget is a count, never the clock, so the same seed gives the same puzzle after the same
//! number of attempts on any machine; the deadline and the flag only stop a search early.

use super::general::logic::{ShapeLogic, ShapeLogicError};
use super::generator::minimal_puzzle_unless;
use super::grid::Grid;
use super::interrupt::Interrupt;
use super::rng::Rng;
use crate::outcome::StopReason;

/// The generators' seeded search, on [`Interrupt`]: what may stop it before its budget runs out is
/// the same deadline and flag that stop every other piece of work in the engine.
impl<'a> Interrupt<'a> {
    /// A grader bound by the same deadline and flag.
    pub(crate) fn grader(&self) -> ShapeLogic<'a> {
        ShapeLogic::new().interrupt(*self)
    }

    /// The next unique minimal puzzle of `rng`'s stream and its solution.
    pub(crate) fn minimal_puzzle(&self, rng: &mut Rng) -> Result<(Grid, Grid), StopReason> {
        minimal_puzzle_unless(rng, || self.stopped().is_some()).ok_or_else(|| self.reason())
    }

    /// Makes candidates from `seed`'s stream with `attempt` until one is accepted (`Some`): the
    /// accepted candidate and how many attempts it took, or `None` after `budget` attempts. An
    /// attempt's error (a stop, or whatever else its generator may fail on) ends the search.
    pub(crate) fn search<T, E>(
        &self,
        seed: u64,
        budget: u32,
        mut attempt: impl FnMut(&mut Rng, &ShapeLogic<'a>) -> Result<Option<T>, E>,
    ) -> Result<Option<(T, u32)>, E> {
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
pub(crate) fn interrupted(error: ShapeLogicError) -> StopReason {
    match error {
        ShapeLogicError::Interrupted(reason) => reason,
        other => unreachable!("a generated puzzle is unique: {other}"),
    }
}
