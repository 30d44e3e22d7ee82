//! Norvig's two rules over any shape's units: a cell with one candidate leaves its peers, and a unit
//! with one place for a value puts it there; repeated until neither applies.
//!
//! Candidates are one `u32` per cell (bit `v - 1` for value `v`), so N up to 25 fits. A cell is
//! queued the moment it is down to one candidate and removes that candidate from its peers when it
//! leaves the queue; each cell does that once per board, because candidates only shrink.

use crate::engine::shape::Shape;

/// What propagation left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Settled {
    /// A cell with no candidate, or a unit without a place for some value.
    Contradiction,
    /// Every cell has one candidate.
    Solved,
    /// Some cells have several candidates; the search must branch.
    Open,
}

/// Propagation's scratch space, reused across the boards of one search.
#[derive(Debug, Default)]
pub(crate) struct Propagator {
    queue: Vec<u16>,
}

impl Propagator {
    /// Queues every cell already down to one candidate: the givens of a new board.
    pub(crate) fn queue_singles(&mut self, cand: &[u32]) {
        self.queue.clear();
        self.queue.extend(
            (0..cand.len())
                .filter(|&c| cand[c].count_ones() == 1)
                .map(|c| c as u16),
        );
    }

    /// Puts `bit` alone in `cell` and queues it.
    pub(crate) fn assign(&mut self, cand: &mut [u32], cell: usize, bit: u32) {
        cand[cell] = bit;
        self.queue.push(cell as u16);
    }

    /// Applies both rules to a fixpoint.
    pub(crate) fn settle(&mut self, shape: &Shape, cand: &mut [u32]) -> Settled {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = usize::from(cell);
                let bit = cand[cell];
                for &p in shape.peers(cell) {
                    let p = usize::from(p);
                    let before = cand[p];
                    if before & bit == 0 {
                        continue;
                    }
                    let after = before & !bit;
                    if after == 0 {
                        self.queue.clear();
                        return Settled::Contradiction;
                    }
                    cand[p] = after;
                    if after & (after - 1) == 0 {
                        self.queue.push(p as u16);
                    }
                }
            }
            match self.hidden_singles(shape, cand) {
                Some(true) => continue,
                Some(false) => break,
                None => return Settled::Contradiction,
            }
        }
        if cand.iter().all(|&c| c & (c - 1) == 0) {
            Settled::Solved
        } else {
            Settled::Open
        }
    }

    /// Places every value that has one place left in a unit; `None` when a value has none, else
    /// whether anything was placed.
    fn hidden_singles(&mut self, shape: &Shape, cand: &mut [u32]) -> Option<bool> {
        let all = shape.all_values();
        for u in 0..shape.unit_count() {
            let unit = shape.unit(u);
            let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
            for &c in unit {
                let m = cand[usize::from(c)];
                twice |= once & m;
                once |= m;
                if m & (m - 1) == 0 {
                    fixed |= m;
                }
            }
            if once != all {
                self.queue.clear();
                return None;
            }
            let mut hidden = once & !twice & !fixed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // A cell that was the one place of two values has just taken the first.
                let Some(cell) = unit
                    .iter()
                    .map(|&c| usize::from(c))
                    .find(|&c| cand[c] & bit != 0)
                else {
                    self.queue.clear();
                    return None;
                };
                self.assign(cand, cell, bit);
            }
        }
        Some(!self.queue.is_empty())
    }
}

/// The board of a new search: a given's one value, every value elsewhere.
pub(crate) fn initial(shape: &Shape, values: &[u8]) -> Vec<u32> {
    let all = shape.all_values();
    values
        .iter()
        .map(|&v| if v == 0 { all } else { 1 << (v - 1) })
        .collect()
}
