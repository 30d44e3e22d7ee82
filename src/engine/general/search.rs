//! Depth-first search over [`Propagator`]'s fixpoints for any shape: branch on the cell with the
//! fewest candidates, count solutions up to a limit (two proves uniqueness), stop at a deadline, a
//! raised cancellation flag or a node budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::propagate::{initial, Propagator, Settled};
use crate::engine::rng::Rng;
use crate::engine::shape::{Cells, Shape};
use crate::engine::solver::{Stats, StopReason, Verdict};

/// How many nodes pass between looks at the clock and the flag.
const CHECK_EVERY: u64 = 64;

/// The finished search of a puzzle on any shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// What was proved.
    pub verdict: Verdict,
    /// Distinct solutions in the order found.
    pub solutions: Vec<Cells>,
    /// Counters of the search.
    pub stats: Stats,
}

/// A search stopped early, with what it had found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("search stopped ({reason:?}) after {} nodes", stats.nodes)]
pub struct Interrupted {
    /// What stopped it.
    pub reason: StopReason,
    /// Solutions found before it stopped.
    pub solutions: Vec<Cells>,
    /// Counters up to the stop.
    pub stats: Stats,
}

/// Why a search ended before its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    Stopped(StopReason),
    OutOfBudget,
}

/// A configured search of any shape. Cheap to build; holds no state between solves.
#[derive(Clone, Copy, Debug)]
pub struct Solver<'a> {
    limit: usize,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    budget: u64,
}

impl Default for Solver<'_> {
    fn default() -> Self {
        Solver::new()
    }
}

impl<'a> Solver<'a> {
    /// Counts up to two solutions, with no deadline.
    pub fn new() -> Self {
        Solver {
            limit: 2,
            deadline: None,
            cancel: None,
            budget: u64::MAX,
        }
    }

    /// Counts (and keeps) up to `limit` solutions; 0 is taken as 1.
    pub fn limit(self, limit: usize) -> Self {
        Solver {
            limit: limit.max(1),
            ..self
        }
    }

    /// Stops once `deadline` has passed.
    pub fn deadline(self, deadline: Instant) -> Self {
        Solver {
            deadline: Some(deadline),
            ..self
        }
    }

    /// Stops once `flag` is set.
    pub fn cancel_flag(self, flag: &'a AtomicBool) -> Self {
        Solver {
            cancel: Some(flag),
            ..self
        }
    }

    /// Searches `puzzle` on `shape`. Givens that break a rule give `Verdict::None`.
    pub fn solve(&self, shape: &Shape, puzzle: &Cells) -> Result<Outcome, Interrupted> {
        let cand = initial(shape, puzzle.values());
        self.run(shape, cand, None)
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
        cand: Vec<u32>,
        nodes: u64,
        rng: Option<&mut Rng>,
    ) -> Option<Outcome> {
        Solver {
            budget: nodes,
            ..self
        }
        .run(shape, cand, rng)
        .ok()
    }

    #[allow(clippy::type_complexity)]
    fn run(
        &self,
        shape: &Shape,
        cand: Vec<u32>,
        rng: Option<&mut Rng>,
    ) -> Result<Outcome, (Halt, Vec<Cells>, Stats)> {
        let started = Instant::now();
        let mut propagator = Propagator::default();
        propagator.queue_singles(&cand);
        let mut search = Search {
            solver: self,
            shape,
            rng,
            propagator,
            levels: vec![cand],
            solutions: Vec::new(),
            stats: Stats::default(),
            halt: None,
        };
        search.explore(0, 0);
        search.stats.elapsed = started.elapsed();
        let Search {
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

struct Search<'s, 'a, 'r> {
    solver: &'s Solver<'a>,
    shape: &'s Shape,
    rng: Option<&'r mut Rng>,
    propagator: Propagator,
    /// One board per depth, reused: `levels[d]` is the board being explored at depth `d`.
    levels: Vec<Vec<u32>>,
    solutions: Vec<Cells>,
    stats: Stats,
    halt: Option<Halt>,
}

impl Search<'_, '_, '_> {
    fn done(&self) -> bool {
        self.halt.is_some() || self.solutions.len() >= self.solver.limit
    }

    /// Explores the board at `level` (its queue already primed), `depth` guesses deep.
    fn explore(&mut self, level: usize, depth: u32) {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        if self.stats.nodes > self.solver.budget {
            self.halt = Some(Halt::OutOfBudget);
            return;
        }
        if self.stats.nodes % CHECK_EVERY == 0 {
            self.check_interrupt();
            if self.halt.is_some() {
                return;
            }
        }
        match self.propagator.settle(self.shape, &mut self.levels[level]) {
            Settled::Contradiction => return,
            Settled::Solved => {
                let values = self.levels[level]
                    .iter()
                    .map(|&m| m.trailing_zeros() as u8 + 1)
                    .collect();
                self.solutions.push(Cells::from_values(values));
                return;
            }
            Settled::Open => {}
        }
        let (cell, mut options) = fewest_candidates(&self.levels[level]);
        self.stats.guesses += 1;
        let order = self.value_order(options);
        if self.levels.len() == level + 1 {
            self.levels.push(Vec::new());
        }
        for &bit in order.iter().filter(|&&b| b != 0) {
            options &= !bit;
            let (parent, child) = self.levels.split_at_mut(level + 1);
            child[0].clear();
            child[0].extend_from_slice(&parent[level]);
            self.propagator.assign(&mut child[0], cell, bit);
            // The last option needs no guess: every other one was refuted.
            let deeper = if options == 0 { depth } else { depth + 1 };
            self.explore(level + 1, deeper);
            if self.done() {
                return;
            }
            self.levels[level][cell] &= !bit;
        }
    }

    /// The order to try `options` in: ascending, or shuffled when generating.
    fn value_order(&mut self, options: u32) -> [u32; 32] {
        let mut order = [0u32; 32];
        let mut n = 0;
        let mut rest = options;
        while rest != 0 {
            order[n] = rest & rest.wrapping_neg();
            rest &= rest - 1;
            n += 1;
        }
        if let Some(rng) = self.rng.as_deref_mut() {
            rng.shuffle(&mut order[..n]);
        }
        order
    }

    fn check_interrupt(&mut self) {
        let solver = self.solver;
        if solver.cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.halt = Some(Halt::Stopped(StopReason::Cancelled));
        } else if solver.deadline.is_some_and(|d| Instant::now() >= d) {
            self.halt = Some(Halt::Stopped(StopReason::Deadline));
        }
    }
}

/// The open cell with the fewest candidates (the first of equals) and its candidates.
fn fewest_candidates(cand: &[u32]) -> (usize, u32) {
    let mut best = (usize::MAX, 0u32, u32::MAX);
    for (cell, &m) in cand.iter().enumerate() {
        let n = m.count_ones();
        if n > 1 && n < best.2 {
            best = (cell, m, n);
            if n == 2 {
                break;
            }
        }
    }
    (best.0, best.1)
}
