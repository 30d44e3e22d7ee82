//! Depth-first search over [`Propagator`]'s fixpoints for any shape: branch on the cell with the
//! fewest candidates, count solutions up to a limit (two proves uniqueness), stop at a deadline, a
//! raised cancellation flag or a node budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::branch::{choose, Branch};
use super::cages::{CageSplit, CageTables};
use super::probe::{self, Lookahead, Pick};
use super::propagate::{initial, Propagator, Settled};
use super::tables::Tables;
use crate::engine::rng::Rng;
use crate::engine::shape::{Cells, Shape};
use crate::engine::solver::{Stats, StopReason, Verdict};

/// How many nodes (lookahead trials included) pass between looks at the clock and the flag.
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
    lookahead: bool,
    near: Option<&'a [u8]>,
    /// Splits on a cage whenever one has two or more combinations left (tests of soundness).
    always_split: bool,
    /// Whether the lookahead tries groups with two combinations left (solving killers only).
    probe_groups: bool,
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
            lookahead: true,
            near: None,
            always_split: false,
            probe_groups: true,
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

    /// Guesses without looking ahead: cheaper per node, so quicker to find some solution of a
    /// loosely constrained board (a fill, a removal that breaks uniqueness), far slower to prove
    /// there is none.
    pub(crate) fn blind(self) -> Self {
        Solver {
            lookahead: false,
            ..self
        }
    }

    /// Tries first, at every guess, the option that agrees with the complete grid `values`: a
    /// search for another solution than a known one finds it soonest near the known one.
    pub(crate) fn near(self, values: &'a [u8]) -> Self {
        Solver {
            near: Some(values),
            ..self
        }
    }

    /// Splits on a cage's combinations at every guess where some cage has two or more left, so
    /// tests exercise that branching far more than the hard killers alone would.
    #[cfg(test)]
    pub(crate) fn always_split_cages(self) -> Self {
        Solver {
            always_split: true,
            ..self
        }
    }

    /// Looks ahead on cells and values alone, as before groups were probed: the search the
    /// group probes are checked against.
    #[cfg(test)]
    pub(crate) fn without_group_probes(self) -> Self {
        Solver {
            probe_groups: false,
            ..self
        }
    }

    /// Searches `puzzle` on `shape`. Givens that break a rule give `Verdict::None`.
    pub fn solve(&self, shape: &Shape, puzzle: &Cells) -> Result<Outcome, Interrupted> {
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
    ) -> Option<Outcome> {
        Solver {
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
    ) -> Result<Outcome, (Halt, Vec<Cells>, Stats)> {
        let started = Instant::now();
        let mut propagator = Propagator::new(tables, true);
        propagator.start(&cand);
        let mut search = Search {
            solver: self,
            shape,
            tables,
            split: CageSplit::default(),
            rng,
            propagator,
            levels: vec![cand],
            look: Lookahead::default(),
            next_check: CHECK_EVERY,
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

/// What a searched board branches on.
enum Guess {
    /// Options one of which holds.
    Branch(Branch),
    /// The combinations of the group in `Search::split`.
    Split,
}

struct Search<'s, 'a, 'r> {
    solver: &'s Solver<'a>,
    shape: &'s Shape,
    tables: &'s Tables,
    /// Scratch for the cage whose combinations a guess splits on.
    split: CageSplit,
    rng: Option<&'r mut Rng>,
    propagator: Propagator<'s>,
    /// One board per depth, reused: `levels[d]` is the board being explored at depth `d`.
    levels: Vec<Vec<u32>>,
    /// The lookahead's trial board and memory.
    look: Lookahead,
    /// The node count at which the clock and the flag are looked at next.
    next_check: u64,
    solutions: Vec<Cells>,
    stats: Stats,
    halt: Option<Halt>,
}

impl<'s> Search<'s, '_, '_> {
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
        if self.stats.nodes >= self.next_check {
            self.next_check = self.stats.nodes + CHECK_EVERY;
            self.check_interrupt();
            if self.halt.is_some() {
                return;
            }
        }
        let branch = match self.pick(level) {
            None => return,
            Some(Guess::Split) => {
                self.explore_combos(level, depth);
                return;
            }
            Some(Guess::Branch(branch)) => branch,
        };
        if self.split_cage(level, branch.len()) {
            self.explore_combos(level, depth);
            return;
        }
        let branch = self.order(branch);
        self.stats.guesses += 1;
        if self.levels.len() == level + 1 {
            self.levels.push(Vec::new());
        }
        for (i, (cell, bit)) in branch.options().enumerate() {
            let (parent, child) = self.levels.split_at_mut(level + 1);
            child[0].clear();
            child[0].extend_from_slice(&parent[level]);
            // The options refuted so far left the parent without propagation: look at them again.
            for (refuted, _) in branch.options().take(i) {
                self.propagator.touch(&child[0], refuted);
            }
            self.propagator.assign(&mut child[0], cell, bit);
            // The last option needs no guess: every other one was refuted.
            let deeper = if i + 1 == branch.len() {
                depth
            } else {
                depth + 1
            };
            self.explore(level + 1, deeper);
            if self.done() {
                return;
            }
            self.levels[level][cell] &= !bit;
        }
    }

    /// Whether a given cage has fewer remaining combinations than `options` (the literal branch's
    /// options) when that has three or more; the cage is left in `self.split`. Only a plain search
    /// (no drawn order, no known solution to stay near) splits on cages.
    fn split_cage(&mut self, level: usize, options: usize) -> bool {
        let below = if self.solver.always_split {
            usize::MAX
        } else if options >= 3 {
            options
        } else {
            return false;
        };
        if self.rng.is_some() || self.solver.near.is_some() {
            return false;
        }
        let Some(cages) = &self.tables.cages else {
            return false;
        };
        cages.fewest_combinations(self.shape, &self.levels[level], below, &mut self.split)
    }

    /// Explores the board at `level` once per combination of the cage in `self.split`, its open
    /// cells kept to that combination's values.
    fn explore_combos(&mut self, level: usize, depth: u32) {
        let split = std::mem::take(&mut self.split);
        self.stats.guesses += 1;
        if self.levels.len() == level + 1 {
            self.levels.push(Vec::new());
        }
        for &combo in &split.combos {
            let (parent, child) = self.levels.split_at_mut(level + 1);
            child[0].clear();
            child[0].extend_from_slice(&parent[level]);
            for &c in &split.cells {
                let c = usize::from(c);
                child[0][c] &= combo;
                self.propagator.touch(&child[0], c);
            }
            self.explore(level + 1, depth + 1);
            if self.done() {
                break;
            }
        }
        self.split = split;
    }

    /// Settles the board at `level`: `true` when it is open, else a contradiction or a solution
    /// (recorded).
    fn settle(&mut self, level: usize) -> bool {
        match self.propagator.settle(self.shape, &mut self.levels[level]) {
            Settled::Contradiction => false,
            Settled::Solved => {
                self.record(level);
                false
            }
            Settled::Open => true,
        }
    }

    /// Settles the board at `level` and looks ahead for the branch to take (a group's split is
    /// left in `self.split`); `None` when the board is finished (a contradiction, or a solution,
    /// recorded).
    fn pick(&mut self, level: usize) -> Option<Guess> {
        if !self.settle(level) {
            return None;
        }
        let groups = self.probed_groups();
        let board = &mut self.levels[level];
        if !self.solver.lookahead {
            return Some(Guess::Branch(choose(self.shape, board)));
        }
        match probe::pick(
            &mut self.propagator,
            self.shape,
            board,
            &mut self.look,
            &mut self.stats.nodes,
            groups,
        ) {
            Pick::Branch(branch) => Some(Guess::Branch(branch)),
            Pick::Split(split) => {
                self.split = split;
                Some(Guess::Split)
            }
            Pick::Settled(Settled::Solved) => {
                self.record(level);
                None
            }
            Pick::Settled(_) => None,
        }
    }

    /// The killer groups the lookahead tries both ways: solving's, in a plain search (no drawn
    /// order, no known solution to stay near), like the cage split.
    fn probed_groups(&self) -> Option<&'s CageTables> {
        let plain = self.rng.is_none() && self.solver.near.is_none() && self.solver.probe_groups;
        let cages = self.tables.cages.as_ref()?;
        (plain && cages.solving()).then_some(cages)
    }

    fn record(&mut self, level: usize) {
        let values = self.levels[level]
            .iter()
            .map(|&m| m.trailing_zeros() as u8 + 1)
            .collect();
        self.solutions.push(Cells::from_values(values));
    }

    /// The order to try `branch`'s options in: as chosen, shuffled when filling a grid, or the
    /// option agreeing with a known solution first.
    fn order(&mut self, branch: Branch) -> Branch {
        if let Some(near) = self.solver.near {
            return branch.first_where(|cell, bit| bit == 1 << (near[cell] - 1));
        }
        let Some(rng) = self.rng.as_deref_mut() else {
            return branch;
        };
        let mut order: Vec<usize> = (0..branch.len()).collect();
        rng.shuffle(&mut order);
        branch.shuffled(&order)
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
