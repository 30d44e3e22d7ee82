//! Cages merged until unique, on grids up to 9x9: while the drawn cages admit a second solution,
//! the cage of a cell where the two solutions differ is merged with a neighbouring cage (or, when
//! no merge keeps values distinct, the caller draws the partition again). There a check rarely
//! runs out of budget, and a seed's killer stays what it has been since killers were first made.

use super::partition::neighbours;
use super::{check, past, KillerRequest};
use crate::outcome::Verdict;
use crate::rng::Rng;
use crate::shape::{Cells, Shape};

/// Merges tried on one partition before it is drawn again.
const MERGES_PER_PARTITION: usize = 60;

/// Merges cages until the killer is unique; the shape, or `None` when no merge helps (or the
/// deadline passed).
pub(super) fn settle(
    grid: &Shape,
    puzzle: &Cells,
    solution: &Cells,
    cage_of: &mut [usize],
    request: &KillerRequest,
    rng: &mut Rng,
) -> Option<Shape> {
    let n = grid.size();
    for _ in 0..MERGES_PER_PARTITION {
        if past(request) {
            return None;
        }
        let (shape, out) = check(grid, puzzle, solution, cage_of, request);
        // Out of budget: merge where the search had no proof either, at a random cell.
        let differs: Vec<usize> = match out {
            Some(o) if o.verdict == Verdict::Unique => return Some(shape),
            Some(o) if o.verdict == Verdict::Multiple => (0..grid.cell_count())
                .filter(|&c| o.solutions[0].get(c) != o.solutions[1].get(c))
                .collect(),
            Some(_) => return None,
            None => (0..grid.cell_count()).collect(),
        };
        if !merge(n, solution, cage_of, &differs, rng) {
            return None;
        }
    }
    None
}
/// Merges the cage of one of `differs` with a neighbouring cage whose values are distinct from its
/// own and whose size keeps the union small; `false` when none can be.
fn merge(
    n: usize,
    solution: &Cells,
    cage_of: &mut [usize],
    differs: &[usize],
    rng: &mut Rng,
) -> bool {
    let values = |id: usize, cage_of: &[usize]| {
        (0..cage_of.len())
            .filter(|&c| cage_of[c] == id)
            .fold((0u32, 0usize), |(m, k), c| {
                (m | 1 << solution.get(c), k + 1)
            })
    };
    let mut starts = differs.to_vec();
    rng.shuffle(&mut starts);
    for &cell in &starts {
        let id = cage_of[cell];
        let (mine, size) = values(id, cage_of);
        let mut others: Vec<usize> = (0..cage_of.len())
            .filter(|&c| cage_of[c] == id)
            .flat_map(|c| neighbours(c, n))
            .map(|c| cage_of[c])
            .filter(|&o| o != id)
            .collect();
        others.sort_unstable();
        others.dedup();
        rng.shuffle(&mut others);
        // Prefer the smallest union: published cages rarely pass six cells.
        others.sort_by_key(|&o| values(o, cage_of).1);
        for other in others {
            let (theirs, count) = values(other, cage_of);
            if mine & theirs == 0 && size + count <= n.min(7) {
                for c in cage_of.iter_mut().filter(|c| **c == other) {
                    *c = id;
                }
                return true;
            }
        }
    }
    false
}
