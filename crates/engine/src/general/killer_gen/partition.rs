//! The first draw of a killer's cages: a random partition of the grid into connected cages whose
//! values in the solution are distinct, sized like published killers' cages.

use crate::rng::Rng;
use crate::shape::{Cells, Shape};

/// A cage size as published killers have them: mostly 2 to 4, a few 1, 5 or 6.
fn cage_size(rng: &mut Rng) -> usize {
    match rng.below(100) {
        0..=4 => 1,
        5..=34 => 2,
        35..=69 => 3,
        70..=89 => 4,
        90..=96 => 5,
        _ => 6,
    }
}

/// A random partition of the grid into connected cages whose `solution` values are distinct: each
/// cage id per cell.
pub(super) fn partition(shape: &Shape, solution: &Cells, rng: &mut Rng) -> Vec<usize> {
    let cells = shape.cell_count();
    let n = shape.size();
    let mut cage_of = vec![usize::MAX; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut next = 0;
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let id = next;
        next += 1;
        cage_of[start] = id;
        let mut members = vec![start];
        let mut values = 1u32 << solution.get(start);
        let target = cage_size(rng).min(n);
        while members.len() < target {
            let mut frontier: Vec<usize> = members
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|&c| cage_of[c] == usize::MAX && values & 1 << solution.get(c) == 0)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let pick = frontier[rng.below(frontier.len() as u64) as usize];
            cage_of[pick] = id;
            values |= 1 << solution.get(pick);
            members.push(pick);
        }
    }
    absorb_singles(n, solution, &mut cage_of, rng);
    cage_of
}

/// Growth that ran into taken cells leaves more one-cell cages than published killers have: each
/// joins the smallest neighbouring cage it keeps distinct, up to four cells, unless the draw kept it.
fn absorb_singles(n: usize, solution: &Cells, cage_of: &mut [usize], rng: &mut Rng) {
    let cells = cage_of.len();
    let members = |id: usize, cage_of: &[usize]| -> Vec<usize> {
        (0..cells).filter(|&c| cage_of[c] == id).collect()
    };
    for cell in 0..cells {
        let id = cage_of[cell];
        if members(id, cage_of).len() != 1 || rng.below(100) < 5 {
            continue;
        }
        let mut best: Option<(usize, usize)> = None;
        for next in neighbours(cell, n) {
            let other = members(cage_of[next], cage_of);
            let distinct = other.iter().all(|&c| solution.get(c) != solution.get(cell));
            if distinct && other.len() < 4 && best.is_none_or(|(size, _)| other.len() < size) {
                best = Some((other.len(), cage_of[next]));
            }
        }
        if let Some((_, target)) = best {
            cage_of[cell] = target;
        }
    }
}

/// The cells edge-adjacent to `cell` on an `n`x`n` grid.
pub(super) fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}
