//! Cages built up from one-cell cages on grids over 9x9.
//!
//! There a drawn partition's killer is rarely provable unique in a bounded search: with values up
//! to 16 a cage's sum says less, and search trees run to millions of nodes. So the drawn cages are
//! a target instead: every cell starts as its own cage (the killer is then trivially unique), and
//! each target cage grows from one of its cells, a neighbouring cell at a time, keeping a cell only
//! when the killer stays proved unique within the check's node budget. A cell that cannot join
//! stays a cage of its own and may later join a neighbouring cage. Every step stays provable, so
//! the work is bounded by the number of cells times the budget, and the result is unique.

use super::partition::neighbours;
use super::{check, past, KillerRequest};
use crate::engine::rng::Rng;
use crate::engine::shape::{Cells, Shape};
use crate::engine::solver::Verdict;

/// A cell left on its own joins a neighbouring cage of fewer cells than this.
const ABSORB_UP_TO: usize = 4;
/// Neighbouring cages a lone cell tries joining, smallest first.
const ABSORB_TRIES: usize = 2;

/// The killer grown towards the cages of `target` (a cage id per cell); `None` when the deadline
/// passed.
pub(super) fn grow(
    grid: &Shape,
    puzzle: &Cells,
    solution: &Cells,
    target: &[usize],
    request: &KillerRequest,
    rng: &mut Rng,
) -> Option<Shape> {
    let n = grid.size();
    let mut cage_of: Vec<usize> = (0..target.len()).collect();
    let mut ids: Vec<usize> = target.to_vec();
    ids.sort_unstable();
    ids.dedup();
    rng.shuffle(&mut ids);
    let mut last = None;
    for id in ids {
        let members: Vec<usize> = (0..target.len()).filter(|&c| target[c] == id).collect();
        let start = members[rng.below(members.len() as u64) as usize];
        let mut grown = vec![start];
        let mut refused: Vec<usize> = Vec::new();
        loop {
            let mut frontier: Vec<usize> = grown
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|c| members.contains(c) && !grown.contains(c) && !refused.contains(c))
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let pick = frontier[rng.below(frontier.len() as u64) as usize];
            let before = cage_of[pick];
            cage_of[pick] = cage_of[start];
            let (shape, out) = check(grid, puzzle, solution, &cage_of, request);
            if past(request) {
                return None;
            }
            if out.is_some_and(|o| o.verdict == Verdict::Unique) {
                grown.push(pick);
                last = Some(shape);
            } else {
                cage_of[pick] = before;
                refused.push(pick);
            }
        }
    }
    // Cells left on their own try the smallest neighbouring cages they keep distinct.
    let mut order: Vec<usize> = (0..target.len()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let mut sizes = vec![0usize; target.len()];
        for &id in &cage_of {
            sizes[id] += 1;
        }
        if sizes[cage_of[cell]] != 1 {
            continue;
        }
        let mut options: Vec<(usize, usize)> = neighbours(cell, n)
            .map(|c| cage_of[c])
            .filter(|&id| {
                sizes[id] < ABSORB_UP_TO
                    && (0..target.len())
                        .all(|c| cage_of[c] != id || solution.get(c) != solution.get(cell))
            })
            .map(|id| (sizes[id], id))
            .collect();
        options.sort_unstable();
        options.dedup();
        for &(_, id) in options.iter().take(ABSORB_TRIES) {
            let before = cage_of[cell];
            cage_of[cell] = id;
            let (shape, out) = check(grid, puzzle, solution, &cage_of, request);
            if past(request) {
                return None;
            }
            if out.is_some_and(|o| o.verdict == Verdict::Unique) {
                last = Some(shape);
                break;
            }
            cage_of[cell] = before;
        }
    }
    last.or_else(|| Some(check(grid, puzzle, solution, &cage_of, request).0))
}
