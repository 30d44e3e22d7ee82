//! The exploration itself: one board per depth, settled, then branched on a cell's candidates or
//! a cage's combinations, until the solver's limit, deadline, flag or budget says stop.

use super::super::branch::{choose, Branch, ConflictWeights};
use super::super::cages::{CageSplit, CageTables};
use super::super::probe::{self, Lookahead, Pick};
use super::super::propagate::{Propagator, Settled};
use super::super::tables::Tables;
use super::{Halt, ShapeSolver, CHECK_EVERY};
use crate::outcome::Stats;
use crate::rng::Rng;
use crate::shape::{Cells, Shape};

/// The largest grid whose killers are searched by conflict weights. Larger ones keep the
/// lookahead's best pair: there generated killers take a hundred nodes or so, too few
/// contradictions for weights to tell much, and the bivalue cells' trials pay (16x16 jigsaw
/// killer X, seeds 0..10: median 128 nodes and 15 ms of CPU with the pairs, 167 and 22 ms with
/// the weights; 12x12 jigsaw killers went from 39 to 28 nodes).
const MAX_WEIGHTED_SIZE: usize = 12;

/// What a searched board branches on.
enum Guess {
    /// Options one of which holds.
    Branch(Branch),
    /// The combinations of the group in `ShapeSearch::split`.
    Split,
}

pub(super) struct ShapeSearch<'s, 'a, 'r> {
    pub(super) solver: &'s ShapeSolver<'a>,
    pub(super) shape: &'s Shape,
    pub(super) tables: &'s Tables,
    /// Scratch for the cage whose combinations a guess splits on.
    pub(super) split: CageSplit,
    pub(super) rng: Option<&'r mut Rng>,
    pub(super) propagator: Propagator<'s>,
    /// One board per depth, reused: `levels[d]` is the board being explored at depth `d`.
    pub(super) levels: Vec<Vec<u32>>,
    /// The lookahead's trial board and memory.
    pub(super) look: Lookahead,
    /// The contradictions met so far, by cell (solving killers only).
    pub(super) weights: ConflictWeights,
    /// The node count at which the clock and the flag are looked at next.
    pub(super) next_check: u64,
    pub(super) solutions: Vec<Cells>,
    pub(super) stats: Stats,
    pub(super) halt: Option<Halt>,
}

impl<'s> ShapeSearch<'s, '_, '_> {
    fn done(&self) -> bool {
        self.halt.is_some() || self.solutions.len() >= self.solver.limit
    }

    /// Explores the board at `level` (its queue already primed), `depth` guesses deep.
    pub(super) fn explore(&mut self, level: usize, depth: u32) {
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
        if !self.weighted() && self.split_cage(level, branch.len()) {
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
            Settled::Contradiction => {
                if self.weighted() {
                    self.weights
                        .bump(self.shape, self.tables, self.propagator.conflict());
                }
                false
            }
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
        let weights = self.weighted().then_some(&self.weights);
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
            weights,
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

    /// Whether the search guesses by conflict weights: solving a killer or a puzzle with
    /// constraints (but thermometers alone: see `ConstraintTables::weighted`) in a plain search (no drawn order, no known solution to stay near: generation's
    /// searches and their puzzles never see them), on grids up to [`MAX_WEIGHTED_SIZE`].
    fn weighted(&self) -> bool {
        let plain = self.rng.is_none() && self.solver.near.is_none();
        let killer = self.probed_groups().is_some();
        let constraints = plain
            && self.solver.probe_groups
            && (self.tables.constraints.as_ref()).is_some_and(|c| c.weighted());
        self.solver.conflict_weights
            && self.shape.size() <= MAX_WEIGHTED_SIZE
            && (killer || constraints)
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
        if let Some(reason) = self.solver.interrupt.stopped() {
            self.halt = Some(Halt::Stopped(reason));
        }
    }
}
