//! Depth-first search over [`Propagator`]'s fixpoints for any shape: branch on the cell with the
//! fewest candidates, count solutions up to a limit (two proves uniqueness), stop at a deadline, a
//! raised cancellation flag or a node budget.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::branch::ConflictWeights;
use super::cages::CageSplit;
use super::probe::Lookahead;
use super::propagate::{initial, Propagator};
use super::tables::Tables;
use crate::interrupt::Interrupt;
use crate::outcome::{Interrupted, Outcome, Stats, StopReason, Verdict};
use crate::rng::Rng;
use crate::shape::{Cells, Shape};

mod explore;
use explore::ShapeSearch;

/// How many nodes (lookahead trials included) pass between looks at the clock and the flag.
const CHECK_EVERY: u64 = 64;

/// Why a search ended before its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    Stopped(StopReason),
    OutOfBudget,
}

/// A configured search of any shape. Cheap to build; holds no state between solves.
#[derive(Clone, Copy, Debug)]
pub struct ShapeSolver<'a> {
    limit: usize,
    interrupt: Interrupt<'a>,
    budget: u64,
    lookahead: bool,
    near: Option<&'a [u8]>,
    /// Splits on a cage whenever one has two or more combinations left (tests of soundness).
    always_split: bool,
    /// Whether the lookahead tries groups with two combinations left (solving killers only).
    probe_groups: bool,
    /// Whether a killer's guesses follow its conflicts (solving killers with group probes only).
    conflict_weights: bool,
}

impl Default for ShapeSolver<'_> {
    fn default() -> Self {
        ShapeSolver::new()
    }
}

impl<'a> ShapeSolver<'a> {
    /// Counts up to two solutions, with no deadline.
    pub fn new() -> Self {
        ShapeSolver {
            limit: 2,
            interrupt: Interrupt::NEVER,
            budget: u64::MAX,
            lookahead: true,
            near: None,
            always_split: false,
            probe_groups: true,
            conflict_weights: true,
        }
    }

    /// Counts (and keeps) up to `limit` solutions; 0 is taken as 1.
    pub fn limit(self, limit: usize) -> Self {
        ShapeSolver {
            limit: limit.max(1),
            ..self
        }
    }

    /// Stops once `deadline` has passed.
    pub fn deadline(self, deadline: Instant) -> Self {
        ShapeSolver {
            interrupt: Interrupt {
                deadline: Some(deadline),
                ..self.interrupt
            },
            ..self
        }
    }

    /// Stops once `interrupt` says so (its deadline passed or its flag raised).
    pub fn interrupt(self, interrupt: Interrupt<'a>) -> Self {
        ShapeSolver { interrupt, ..self }
    }

    /// Stops once `flag` is set.
    pub fn cancel_flag(self, flag: &'a AtomicBool) -> Self {
        ShapeSolver {
            interrupt: Interrupt {
                cancel: Some(flag),
                ..self.interrupt
            },
            ..self
        }
    }

    /// Guesses without looking ahead: cheaper per node, so quicker to find some solution of a
    /// loosely constrained board (a fill, a removal that breaks uniqueness), far slower to prove
    /// there is none.
    pub(crate) fn blind(self) -> Self {
        ShapeSolver {
            lookahead: false,
            ..self
        }
    }

    /// Tries first, at every guess, the option that agrees with the complete grid `values`: a
    /// search for another solution than a known one finds it soonest near the known one.
    pub(crate) fn near(self, values: &'a [u8]) -> Self {
        ShapeSolver {
            near: Some(values),
            ..self
        }
    }

    /// Splits on a cage's combinations at every guess where some cage has two or more left, so
    /// tests exercise that branching far more than the hard killers alone would.
    #[cfg(test)]
    pub(crate) fn always_split_cages(self) -> Self {
        ShapeSolver {
            always_split: true,
            ..self
        }
    }

    /// Looks ahead on cells and values alone, as before groups were probed: the search the
    /// group probes are checked against.
    #[cfg(test)]
    pub(crate) fn without_group_probes(self) -> Self {
        ShapeSolver {
            probe_groups: false,
            ..self
        }
    }

    /// Guesses as before conflict weights: the lookahead's best pair or group, or a cage's
    /// combinations (the search the weighted one is checked against).
    #[cfg(test)]
    pub(crate) fn without_conflict_weights(self) -> Self {
        ShapeSolver {
            conflict_weights: false,
            ..self
        }
    }

    /// Searches `puzzle` on `shape`. Givens that break a rule give `Verdict::None`.
    pub fn solve(
        &self,
        shape: &Shape,
        puzzle: &Cells,
    ) -> Result<Outcome<Cells>, Interrupted<Cells>> {
        let cand = initial(shape, puzzle.values());
        self.run(shape, &Tables::new(shape), cand, None)
            .map_err(|(halt, solutions, stats)| {
                let Halt::Stopped(reason) = halt else {
                    unreachable!("an unbudgeted search never runs out of budget")
                };
                Interrupted {
                    reason,
                    solutions,
                    stats,
                }
            })
    }

    /// The search from prepared candidates within `nodes` nodes; `None` when it ran out of nodes
    /// or was stopped. Values are tried in an order drawn from `rng` when one is given.
    pub(crate) fn within(
        self,
        shape: &Shape,
        tables: &Tables,
        cand: Vec<u32>,
        nodes: u64,
        rng: Option<&mut Rng>,
    ) -> Option<Outcome<Cells>> {
        ShapeSolver {
            budget: nodes,
            ..self
        }
        .run(shape, tables, cand, rng)
        .ok()
    }

    #[allow(clippy::type_complexity)]
    fn run(
        &self,
        shape: &Shape,
        tables: &Tables,
        cand: Vec<u32>,
        rng: Option<&mut Rng>,
    ) -> Result<Outcome<Cells>, (Halt, Vec<Cells>, Stats)> {
        let started = Instant::now();
        let mut propagator = Propagator::new(tables, true);
        propagator.start(&cand);
        let mut search = ShapeSearch {
            solver: self,
            shape,
            tables,
            split: CageSplit::default(),
            rng,
            propagator,
            levels: vec![cand],
            look: Lookahead::default(),
            weights: ConflictWeights::default(),
            next_check: CHECK_EVERY,
            solutions: Vec::new(),
            stats: Stats::default(),
            halt: None,
        };
        search.explore(0, 0);
        search.stats.elapsed = started.elapsed();
        let ShapeSearch {
            solutions,
            stats,
            halt,
            ..
        } = search;
        if let Some(halt) = halt {
            return Err((halt, solutions, stats));
        }
        let verdict = match solutions.len() {
            0 => Verdict::None,
            1 if self.limit == 1 => Verdict::Solved,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        Ok(Outcome {
            verdict,
            solutions,
            stats,
        })
    }
}
