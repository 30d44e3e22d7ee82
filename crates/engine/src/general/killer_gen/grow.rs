//! Cages built up from one-cell cages on grids over 9x9.
//!
//! There a drawn partition's killer is rarely provable unique in a bounded search: with values up
//! to 16 a cage's sum says less, and search trees run to millions of nodes. So the drawn cages are
//! a target instead: every cell starts as its own cage (the killer is then trivially unique), and
//! one-cell cages join neighbouring cages of their target, keeping a join only when the killer stays
//! proved unique within the check's node budget ([`super::check_joined`]).
//!
//! Cages grow in rounds, every cage by one cell a round (pairs first, then triples, ...), not one
//! target cage to its full size after another: the killer gets harder to prove as cages grow, and
//! growing cage after cage left the last ones unable to grow at all (a fifth to a third of 16x16
//! cages stayed one cell). Growing evenly, joins start failing when most cages already have two or
//! three cells. Cells left on their own then try every neighbouring cage, across targets.
//! Every step stays provable, so the work is bounded by the number of cells times the budget, and
//! the result is unique.

use super::partition::neighbours;
use super::{check_joined, killer_shape, past, GrownGrid, KillerRequest};
use crate::rng::Rng;
use crate::shape::{Cells, Shape};

/// A cell left on its own joins a neighbouring cage of fewer cells than this.
const ABSORB_UP_TO: usize = 5;
/// The largest cage rounds grow.
const GROW_UP_TO: usize = 6;

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
    let mut grower = Grower {
        grid: GrownGrid::new(grid),
        puzzle,
        solution,
        request,
        cage_of: (0..target.len()).collect(),
        sizes: vec![1; target.len()],
    };
    for size in 1..GROW_UP_TO {
        grower.round(size, target, rng)?;
    }
    grower.absorb(rng)?;
    Some(killer_shape(grid, solution, &grower.cage_of))
}

/// A partition being grown, every step proved unique.
struct Grower<'a> {
    grid: GrownGrid<'a>,
    puzzle: &'a Cells,
    solution: &'a Cells,
    request: &'a KillerRequest<'a>,
    /// A cage id per cell (a cage's id is one of its cells).
    cage_of: Vec<usize>,
    /// The cells of each cage, by id (0 for ids no cage has).
    sizes: Vec<usize>,
}

impl Grower<'_> {
    /// The cells of cage `id`.
    fn members(&self, id: usize) -> Vec<usize> {
        (0..self.cage_of.len())
            .filter(|&c| self.cage_of[c] == id)
            .collect()
    }

    /// One round: every cage of `size` cells (in a random order) takes one neighbouring one-cell
    /// cage of its target, the first (in a random order) that keeps the killer provably unique;
    /// `None` when the deadline passed.
    fn round(&mut self, size: usize, target: &[usize], rng: &mut Rng) -> Option<()> {
        let n = self.grid.grid.size();
        let mut ids: Vec<usize> = (0..target.len())
            .filter(|&c| self.cage_of[c] == c && self.sizes[c] == size)
            .collect();
        rng.shuffle(&mut ids);
        for id in ids {
            let members = self.members(id);
            if members.len() != size {
                continue; // a one-cell cage that joined another earlier in the round
            }
            let mut frontier: Vec<usize> = members
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|&c| target[c] == target[id] && self.cage_of[c] == c && self.sizes[c] == 1)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            rng.shuffle(&mut frontier);
            for cell in frontier {
                if self.join(cell, id)? {
                    break;
                }
            }
        }
        Some(())
    }

    /// Cells left on their own try the neighbouring cages they keep distinct, smallest first.
    fn absorb(&mut self, rng: &mut Rng) -> Option<()> {
        let n = self.grid.grid.size();
        let mut order: Vec<usize> = (0..self.cage_of.len()).collect();
        rng.shuffle(&mut order);
        for cell in order {
            if self.sizes[self.cage_of[cell]] != 1 {
                continue;
            }
            let value = self.solution.get(cell);
            let mut options: Vec<(usize, usize)> = neighbours(cell, n)
                .map(|c| self.cage_of[c])
                .map(|id| (self.members(id), id))
                .filter(|(cells, _)| {
                    cells.len() < ABSORB_UP_TO
                        && cells.iter().all(|&c| self.solution.get(c) != value)
                })
                .map(|(cells, id)| (cells.len(), id))
                .collect();
            options.sort_unstable();
            options.dedup();
            for (_, id) in options {
                if self.join(cell, id)? {
                    break;
                }
            }
        }
        Some(())
    }

    /// Joins the one-cell cage `cell` to cage `id` when the killer stays proved unique: whether it
    /// did, or `None` when the deadline passed.
    fn join(&mut self, cell: usize, id: usize) -> Option<bool> {
        let before = self.cage_of[cell];
        self.cage_of[cell] = id;
        let unique = check_joined(
            &self.grid,
            self.puzzle,
            self.solution,
            &self.cage_of,
            cell,
            self.request,
        );
        if past(self.request) {
            return None;
        }
        if unique == Some(true) {
            self.sizes[before] -= 1;
            self.sizes[id] += 1;
        } else {
            self.cage_of[cell] = before;
        }
        Some(unique == Some(true))
    }
}
