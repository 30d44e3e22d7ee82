//! What every search, logic walk and generator of the engine answers with, whatever the shape: a
//! [`Verdict`], [`Stats`], the [`Outcome`] of a finished search or the [`Interrupted`] one, and the
//! [`StopReason`] of work stopped by its [`Interrupt`](crate::Interrupt). The vocabulary at the
//! bottom of the engine, shared by the band solver and the engine of every shape.

use std::time::Duration;

use crate::grid::Grid;

/// What the search found about a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Exactly one solution.
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution.
    None,
    /// A solution was found and no more were looked for (only when the limit is 1).
    Solved,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Boards propagated, the root included.
    pub nodes: u64,
    /// Squares the search had to branch on.
    pub guesses: u64,
    /// Deepest nesting of guesses.
    pub max_depth: u32,
    /// Wall-clock time spent; zero for an [`untimed`](crate::Solver::untimed) solver.
    pub elapsed: Duration,
}

/// The finished search: a verdict, the solutions found (up to the limit), and counters. Both
/// searches give one: the band solver ([`Solver`](crate::Solver)) with its solutions as [`Grid`]s (the default),
/// the search of any shape ([`ShapeSolver`](crate::general::ShapeSolver)) as
/// [`Cells`](crate::shape::Cells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<S = Grid> {
    /// What was proved.
    pub verdict: Verdict,
    /// Distinct solutions in the order found; for `Multiple`, at least two (one with the band
    /// solver's [`Solver::keep_first`](crate::Solver::keep_first)).
    pub solutions: Vec<S>,
    /// Counters of the search.
    pub stats: Stats,
}

/// Why a search stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The deadline passed.
    Deadline,
    /// The cancellation flag was raised.
    Cancelled,
}

/// A search stopped early, with what it had done so far: [`Grid`]s from the band solver (the
/// default), [`Cells`](crate::shape::Cells) from [`ShapeSolver`](crate::general::ShapeSolver).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("search stopped ({reason:?}) after {} nodes", stats.nodes)]
pub struct Interrupted<S = Grid> {
    /// What stopped it.
    pub reason: StopReason,
    /// Solutions found before it stopped.
    pub solutions: Vec<S>,
    /// Counters up to the stop.
    pub stats: Stats,
}
