//! Every filling of a few cells from their candidates, for the constraints read whole (sums along a
//! line, a renban's run): what each cell holds in some filling the constraint accepts, two cells
//! that see each other never repeating a digit. A bounded search: past its budget of nodes it gives
//! up and the finder falls back to the propagation's narrowing, which lets digits repeat.

use super::super::position::{bit, values_of};
use crate::shape::Shape;

use std::cell::Cell;

/// Nodes one search may visit: enough for any line of a 9x9 as it narrows, few enough that a step
/// stays cheap on every shape.
const BUDGET: usize = 20_000;

/// Nodes all the searches of one finder's call may visit together: a shape with hundreds of long
/// lines (up to 1000 constraints on 25x25) falls back to the propagation's narrowing for the rest
/// once they are spent, so a step stays within milliseconds.
const PER_CALL: usize = 200_000;

/// What is left of one finder call's nodes ([`PER_CALL`]).
pub(super) struct Budget(Cell<usize>);

impl Budget {
    /// A whole call's nodes.
    pub(super) fn per_call() -> Budget {
        Budget(Cell::new(PER_CALL))
    }
}

/// What a search accepts.
pub(super) struct FillSearch<'a> {
    /// The candidates of each cell, in the order filled.
    pub masks: Vec<u32>,
    /// For each cell, the earlier cells (bit j for cell j) it may not repeat a digit of.
    pub differ: Vec<u64>,
    /// Whether a filling that starts with these digits may still be accepted.
    pub hopeful: &'a dyn Fn(&[u8]) -> bool,
    /// Whether a whole filling is accepted.
    pub fits: &'a dyn Fn(&[u8]) -> bool,
    /// The call's nodes left, spent by this search.
    pub budget: &'a Budget,
}

impl FillSearch<'_> {
    /// The digits each cell holds in some accepted filling; `None` past the budget (this search's
    /// or the call's), or for more than 64 cells.
    pub(super) fn kept(&self) -> Option<Vec<u32>> {
        let left = self.budget.0.get();
        if self.masks.len() > 64 || left == 0 {
            return None;
        }
        let mut search = Search {
            fill: self,
            kept: vec![0; self.masks.len()],
            values: Vec::with_capacity(self.masks.len()),
            nodes: 0,
            limit: left.min(BUDGET),
        };
        let done = search.go();
        self.budget.0.set(left - search.nodes.min(left));
        done.then_some(search.kept)
    }
}

struct Search<'f, 'a> {
    fill: &'f FillSearch<'a>,
    kept: Vec<u32>,
    values: Vec<u8>,
    nodes: usize,
    limit: usize,
}

impl Search<'_, '_> {
    /// Fills the next cell every way; false once past the budget.
    fn go(&mut self) -> bool {
        let i = self.values.len();
        if i == self.fill.masks.len() {
            if (self.fill.fits)(&self.values) {
                for (k, &v) in self.kept.iter_mut().zip(&self.values) {
                    *k |= bit(v);
                }
            }
            return true;
        }
        for v in values_of(self.fill.masks[i]) {
            self.nodes += 1;
            if self.nodes > self.limit {
                return false;
            }
            let differ = self.fill.differ[i];
            let repeats = (0..i).any(|j| differ & 1 << j != 0 && self.values[j] == v);
            if repeats {
                continue;
            }
            self.values.push(v);
            let ok = !(self.fill.hopeful)(&self.values) || self.go();
            self.values.pop();
            if !ok {
                return false;
            }
        }
        true
    }
}

/// For each of `cells`, the earlier ones it sees (shares a unit, a cage or a move of anti-knight or
/// anti-king with), as [`FillSearch::differ`] wants them.
pub(super) fn seeing(shape: &Shape, cells: &[usize]) -> Vec<u64> {
    cells
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            (0..i.min(64))
                .filter(|&j| shape.peers(a).binary_search(&(cells[j] as u16)).is_ok())
                .fold(0u64, |acc, j| acc | 1 << j)
        })
        .collect()
}
