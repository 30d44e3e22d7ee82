//! Lookahead before a guess: every cell with two candidates is tried both ways with full
//! propagation. A way that ends in a contradiction proves the other value (a failed literal), which
//! is applied at once; otherwise the search branches on the cell whose two ways remove the most
//! candidates (the product of the two, as SAT solvers' lookahead does), so both children start well
//! ahead. On large grids this turns tens of thousands of blind guesses into a few dozen.

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

/// Probes the open, settled `board`; `trials` counts each way tried (they cost what a node does).
pub(crate) fn pick(
    propagator: &mut Propagator<'_>,
    shape: &Shape,
    board: &mut [u32],
    scratch: &mut Vec<u32>,
    trials: &mut u64,
) -> Pick {
    let mut left = remaining(board);
    let mut best: Option<(u64, usize)> = None;
    for cell in 0..board.len() {
        let m = board[cell];
        if m.count_ones() != 2 {
            continue;
        }
        let mut score = 1u64;
        for bit in [m & m.wrapping_neg(), m & (m - 1)] {
            *trials += 1;
            scratch.clear();
            scratch.extend_from_slice(board);
            propagator.assign(scratch, cell, bit);
            match propagator.settle(shape, scratch) {
                Settled::Contradiction => {
                    board[cell] &= !bit;
                    propagator.touch(board, cell);
                    match propagator.settle(shape, board) {
                        Settled::Open => {}
                        settled => return Pick::Settled(settled),
                    }
                    left = remaining(board);
                    score = 0;
                    break;
                }
                Settled::Solved => score *= left,
                Settled::Open => score *= left - remaining(scratch),
            }
        }
        if best.is_none_or(|(s, _)| score > s) && score > 0 {
            best = Some((score, cell));
        }
    }
    // A failed literal found later may have settled the best cell since it was scored.
    match best {
        Some((_, cell)) if board[cell].count_ones() == 2 => {
            Pick::Branch(Branch::cell(cell, board[cell]))
        }
        _ => Pick::Branch(choose(shape, board)),
    }
}

/// Candidates left on the board.
fn remaining(board: &[u32]) -> u64 {
    board.iter().map(|m| u64::from(m.count_ones())).sum()
}
