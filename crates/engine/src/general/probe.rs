//! Lookahead before a guess: every cell with two candidates is tried both ways with full
//! propagation, and so is every value with two places left in a unit (a bilocal value). A way that
//! ends in a contradiction proves the other (a failed literal), which is applied at once; otherwise
//! the search branches on the pair whose two ways remove the most candidates (the product of the
//! two, as SAT solvers' lookahead does), so both children start well ahead. On large grids this
//! turns tens of thousands of blind guesses into a few dozen.
//!
//! Bilocal values are probed on jigsaw shapes and on puzzles of thermometers alone. On jigsaws few
//! cells are down to two candidates while many values are down to two places, and the extra failed
//! literals cut 16x16 jigsaw checks that ran out of nodes by a quarter and 12x12 jigsaw's p95
//! generation time by two thirds (`examples/shape_speed.rs`); on boxed 16x16 the extra trials cost
//! more than they found (median generation 82 ms without, 129 ms with). Thermometers alone are
//! searched without conflict weights (see `ConstraintTables::weighted`), and there the bilocal
//! trials cut the published hard thermometers' nodes 2-4x (hard thermo 2: 430,374 nodes without,
//! 136,870 with); on the weighted mixes they cost more than they found (Hailstone: 147,305 nodes
//! without, 611,634 with). On thermometers alone, cells of three candidates are tried too (a
//! three-way branch when none fails): hard thermo 1 1,269,510 nodes without, 288,527 with (hard
//! thermo 2 136,870 and 113,618); cells of up to four, or values of three places, cost more than
//! they found there (614,795 and 848,709 nodes). A literal is tried once per board state: a cell's
//! value is often both one of a bivalue cell's two and one of a unit's two places.
//!
//! Solving a killer of up to 12x12, the lookahead only refutes: it tries the groups with two combinations left
//! (and a jigsaw's bilocal values) for a way that fails, and the guess is the cell the conflict
//! weights choose (see [`ConflictWeights`]). Bivalue cells are not tried there: on the hard
//! killers their trials cost more nodes than their failed literals saved (tarek's "Unsolvable 41"
//! 21,920 nodes with no lookahead at all, 25,267 with cells alone, 8,450 with groups alone;
//! Wecoc's "1A" 22,892, 33,009 and 13,220).

use super::branch::{choose, Branch, ConflictWeights};
use super::cages::{CageSplit, CageTables};
use super::propagate::places_at_least;
use super::propagate::{Propagator, Settled};
use crate::shape::Shape;

/// What the lookahead decided for an open board.
pub(crate) enum Pick {
    /// The board settled while failed literals were applied: solved, or a contradiction.
    Settled(Settled),
    /// Branch here.
    Branch(Branch),
    /// Branch on a killer group's two combinations.
    Split(CageSplit),
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
    /// The killer groups with two combinations left, reused.
    splits: Vec<CageSplit>,
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
/// With `groups` (solving a killer), every group with two combinations left is tried both ways too.
/// With `weights` too, only to refute: the cells are not tried, and the branch is the weights'.
pub(crate) fn pick(
    propagator: &mut Propagator<'_>,
    shape: &Shape,
    board: &mut [u32],
    look: &mut Lookahead,
    trials: &mut u64,
    groups: Option<&CageTables>,
    weights: Option<&ConflictWeights>,
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
    let thermometers = probe.propagator.thermometers_alone();
    // Cells of two candidates, then (thermometers alone) of three; none when weights guess.
    let most = match weights {
        Some(_) => 1,
        None if thermometers => 3,
        None => 2,
    };
    for candidates in 2..=most {
        for cell in 0..probe.board.len() {
            let m = probe.board[cell];
            if m.count_ones() != candidates {
                continue;
            }
            let branch = Branch::cell(cell, m);
            match probe.try_pair(&branch) {
                Tried::Settled(settled) => return Pick::Settled(settled),
                Tried::Refuted => {}
                Tried::Score(score) => consider(score, branch),
            }
        }
    }
    if shape.is_jigsaw() || thermometers {
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
    if let Some(groups) = groups {
        // With weights no split is chosen: none scores above the largest score.
        let best = match weights {
            Some(_) => u64::MAX,
            None => best.as_ref().map_or(0, |(score, _)| *score),
        };
        if let Some(pick) = probe.try_splits(groups, best) {
            return pick;
        }
    }
    let board = probe.board;
    if let Some(weights) = weights {
        return Pick::Branch(weights.choose(board));
    }
    // A failed literal found later may have settled the best pair since it was scored.
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

    /// Tries both ways every killer group with two combinations left: a way that fails leaves
    /// the other, and the split scoring above `best` (the best pair's score) and any other
    /// group's is the one to branch on. `None` when no split beat `best`.
    fn try_splits(&mut self, groups: &CageTables, best: u64) -> Option<Pick> {
        let mut splits = std::mem::take(&mut self.look.splits);
        let n = groups.two_way_groups(self.board, &mut splits);
        let mut chosen: Option<(u64, usize)> = None;
        let mut settled = None;
        for (i, split) in splits[..n].iter().enumerate() {
            match self.try_split(split) {
                Tried::Settled(s) => {
                    settled = Some(Pick::Settled(s));
                    break;
                }
                Tried::Refuted => {}
                Tried::Score(score) => {
                    if score > best && chosen.is_none_or(|(s, _)| score > s) {
                        chosen = Some((score, i));
                    }
                }
            }
        }
        // A failed way found later may have settled the chosen group since it was scored.
        let pick = settled.or_else(|| {
            let (_, i) = chosen?;
            meets(self.board, &splits[i]).then(|| Pick::Split(splits[i].clone()))
        });
        self.look.splits = splits;
        pick
    }

    /// Tries each of `split`'s two combinations (as a literal is tried: the group's open cells
    /// kept to the combination's values, then propagation); the product of what each removed, or
    /// a refutation that leaves the other combination on the board.
    fn try_split(&mut self, split: &CageSplit) -> Tried {
        let mut score = 1u64;
        for (i, &combo) in split.combos.iter().enumerate() {
            // A refutation since the groups were listed may have left a cell without the values.
            if !meets_all(self.board, &split.cells, combo) {
                return self.keep_only(split, split.combos[1 - i]);
            }
            *self.trials += 1;
            let scratch = &mut self.look.board;
            scratch.clear();
            scratch.extend_from_slice(self.board);
            for &c in &split.cells {
                let c = usize::from(c);
                scratch[c] &= combo;
                self.propagator.touch(scratch, c);
            }
            let gain = match self.propagator.settle(self.shape, scratch) {
                Settled::Contradiction => return self.keep_only(split, split.combos[1 - i]),
                Settled::Solved => self.left,
                Settled::Open => self.left - remaining(scratch),
            };
            score *= gain;
        }
        Tried::Score(score)
    }

    /// Keeps `split`'s open cells to `combo`'s values on the probed board, the other way having
    /// failed.
    fn keep_only(&mut self, split: &CageSplit, combo: u32) -> Tried {
        if !meets_all(self.board, &split.cells, combo) {
            return Tried::Settled(Settled::Contradiction);
        }
        for &c in &split.cells {
            let c = usize::from(c);
            self.board[c] &= combo;
            self.propagator.touch(self.board, c);
        }
        match self.propagator.settle(self.shape, self.board) {
            Settled::Open => {}
            settled => return Tried::Settled(settled),
        }
        self.left = remaining(self.board);
        self.look.now = self.look.now.wrapping_add(1).max(1);
        Tried::Refuted
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

/// Whether both of `split`'s combinations still meet every one of its cells on `board`, and some
/// cell is still open.
fn meets(board: &[u32], split: &CageSplit) -> bool {
    let open = split.cells.iter().any(|&c| {
        let b = board[usize::from(c)];
        b & (b - 1) != 0
    });
    open && split
        .combos
        .iter()
        .all(|&m| meets_all(board, &split.cells, m))
}

/// Whether every one of `cells` keeps some value of `combo` on `board`.
fn meets_all(board: &[u32], cells: &[u16], combo: u32) -> bool {
    cells.iter().all(|&c| board[usize::from(c)] & combo != 0)
}

/// The values with exactly two places in `unit`.
fn exactly_two(unit: &[u16], board: &[u32]) -> u32 {
    let [_, two, three, _] = places_at_least(unit, board);
    two & !three
}

/// Candidates left on the board.
fn remaining(board: &[u32]) -> u64 {
    board.iter().map(|m| u64::from(m.count_ones())).sum()
}
