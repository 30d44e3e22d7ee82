//! Lookahead before a guess: every cell with two candidates is tried both ways with full
//! propagation, and so is every value with two places left in a unit (a bilocal value). A way that
//! ends in a contradiction proves the other (a failed literal), which is applied at once; otherwise
//! the search branches on the pair whose two ways remove the most candidates (the product of the
//! two, as SAT solvers' lookahead does), so both children start well ahead. On large grids this
//! turns tens of thousands of blind guesses into a few dozen.
//!
//! Bilocal values are probed on jigsaw shapes only. There few cells are down to two candidates
//! while many values are down to two places, and the extra failed literals cut 16x16 jigsaw checks
//! that ran out of nodes by a quarter and 12x12 jigsaw's p95 generation time by two thirds
//! (`examples/shape_speed.rs`); on boxed 16x16 the extra trials cost more than they found (median
//! generation 82 ms without, 129 ms with). A literal is tried once per board state: a cell's value
//! is often both one of a bivalue cell's two and one of a unit's two places.

use super::branch::{choose, Branch};
use super::propagate::{Propagator, Settled};
use crate::engine::shape::Shape;

/// What the lookahead decided for an open board.
pub(crate) enum Pick {
    /// The board settled while failed literals were applied: solved, or a contradiction.
    Settled(Settled),
    /// Branch here.
    Branch(Branch),
}

/// The lookahead's scratch space, reused across the nodes of one search.
#[derive(Debug, Default)]
pub(crate) struct Lookahead {
    /// The board a trial runs on.
    board: Vec<u32>,
    /// Per cell and value: the candidates a trial of that literal removed, valid while its
    /// stamp is the current one.
    gain: Vec<u64>,
    stamp: Vec<u32>,
    /// Bumped whenever the probed board changes, which forgets every trial's result.
    now: u32,
}

/// What trying one pair of exclusive literals found.
enum Tried {
    /// Both ways propagate; the product of what each removed.
    Score(u64),
    /// One way failed and its literal left the board, which is still open.
    Refuted,
    /// A failed literal's removal finished the board.
    Settled(Settled),
}

/// Probes the open, settled `board`; `trials` counts each way tried (they cost what a node does).
pub(crate) fn pick(
    propagator: &mut Propagator<'_>,
    shape: &Shape,
    board: &mut [u32],
    look: &mut Lookahead,
    trials: &mut u64,
) -> Pick {
    let size = shape.size();
    look.gain.resize(board.len() * size, 0);
    look.stamp.resize(board.len() * size, 0);
    look.now = look.now.wrapping_add(1);
    if look.now == 0 {
        look.stamp.fill(0);
        look.now = 1;
    }
    let mut probe = Probe {
        propagator,
        shape,
        board,
        look,
        trials,
        left: 0,
    };
    probe.left = remaining(probe.board);
    let mut best: Option<(u64, Branch)> = None;
    let mut consider = |score: u64, branch: Branch| {
        if score > 0 && best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, branch));
        }
    };
    for cell in 0..probe.board.len() {
        let m = probe.board[cell];
        if m.count_ones() != 2 {
            continue;
        }
        let branch = Branch::cell(cell, m);
        match probe.try_pair(&branch) {
            Tried::Settled(settled) => return Pick::Settled(settled),
            Tried::Refuted => {}
            Tried::Score(score) => consider(score, branch),
        }
    }
    if shape.is_jigsaw() {
        for u in 0..shape.unit_count() {
            let mut twos = exactly_two(shape.unit(u), probe.board);
            while twos != 0 {
                let bit = twos & twos.wrapping_neg();
                twos &= twos - 1;
                let branch = Branch::places(shape.unit(u), probe.board, bit);
                // A failed literal since the unit was read may have moved the value's places.
                if branch.len() != 2 || !open(probe.board, &branch) {
                    continue;
                }
                match probe.try_pair(&branch) {
                    Tried::Settled(settled) => return Pick::Settled(settled),
                    Tried::Refuted => {}
                    Tried::Score(score) => consider(score, branch),
                }
            }
        }
    }
    // A failed literal found later may have settled the best pair since it was scored.
    let board = probe.board;
    match best {
        Some((_, branch)) if open(board, &branch) => Pick::Branch(branch),
        _ => Pick::Branch(choose(shape, board)),
    }
}

/// The board being probed and what probing it needs.
struct Probe<'p, 't> {
    propagator: &'p mut Propagator<'t>,
    shape: &'p Shape,
    board: &'p mut [u32],
    look: &'p mut Lookahead,
    trials: &'p mut u64,
    /// Candidates left on the board.
    left: u64,
}

impl Probe<'_, '_> {
    /// Tries each of `pair`'s two literals, one of which must hold.
    fn try_pair(&mut self, pair: &Branch) -> Tried {
        let mut score = 1u64;
        for (cell, bit) in pair.options() {
            match self.try_literal(cell, bit) {
                Some(gain) => score *= gain,
                None => {
                    self.board[cell] &= !bit;
                    self.propagator.touch(self.board, cell);
                    match self.propagator.settle(self.shape, self.board) {
                        Settled::Open => {}
                        settled => return Tried::Settled(settled),
                    }
                    self.left = remaining(self.board);
                    self.look.now = self.look.now.wrapping_add(1).max(1);
                    return Tried::Refuted;
                }
            }
        }
        Tried::Score(score)
    }

    /// The candidates setting `bit` in `cell` removes by propagation; `None` at a contradiction.
    /// A literal already tried on this board state answers from memory.
    fn try_literal(&mut self, cell: usize, bit: u32) -> Option<u64> {
        let slot = cell * self.shape.size() + bit.trailing_zeros() as usize;
        if self.look.stamp[slot] == self.look.now {
            return Some(self.look.gain[slot]);
        }
        *self.trials += 1;
        let scratch = &mut self.look.board;
        scratch.clear();
        scratch.extend_from_slice(self.board);
        self.propagator.assign(scratch, cell, bit);
        let gain = match self.propagator.settle(self.shape, scratch) {
            Settled::Contradiction => return None,
            Settled::Solved => self.left,
            Settled::Open => self.left - remaining(scratch),
        };
        self.look.stamp[slot] = self.look.now;
        self.look.gain[slot] = gain;
        Some(gain)
    }
}

/// Whether every option of `branch` is still possible and undecided on `board`.
fn open(board: &[u32], branch: &Branch) -> bool {
    branch
        .options()
        .all(|(cell, bit)| board[cell] & bit != 0 && board[cell] != bit)
}

/// The values with exactly two places in `unit`.
fn exactly_two(unit: &[u16], board: &[u32]) -> u32 {
    let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
    for &c in unit {
        let m = board[usize::from(c)];
        three |= two & m;
        two |= one & m;
        one |= m;
    }
    two & !three
}

/// Candidates left on the board.
fn remaining(board: &[u32]) -> u64 {
    board.iter().map(|m| u64::from(m.count_ones())).sum()
}
