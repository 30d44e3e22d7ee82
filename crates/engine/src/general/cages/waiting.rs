//! Which killer groups wait to be narrowed, and in what order. A group is narrowed again only
//! when a cell of it changed (each cell's groups are a row of bits, ORed into the waiting set), and
//! waiting groups are narrowed tier by tier, cheap and strong ones first.

use super::{CageTables, Group};
use crate::shape::Shape;

/// How many tiers [`tier_of`] sorts the groups into.
const TIERS: usize = 6;

/// Groups of up to this many cells are narrowed in the first three tiers.
const SMALL: usize = 3;

/// When a group is narrowed among those waiting: small groups before large ones (a group's
/// narrowing costs more with every cell and prunes less), and of each size given cages, then the
/// rule of 45's distinct groups, then its repeating ones (the most numerous and least often
/// useful: on tarek's series about one narrowing in twenty removes anything). Every waiting group
/// is narrowed before the board is settled, so the order changes only the work and which rule
/// finds a contradiction first, not the fixpoint.
fn tier_of(group: &Group, given: bool) -> usize {
    let kind = match (given, group.distinct) {
        (true, _) => 0,
        (false, true) => 1,
        (false, false) => 2,
    };
    if group.cells.len() <= SMALL {
        kind
    } else {
        3 + kind
    }
}

/// Each cell's groups and the tiers, as sets of groups (one bit each, in words of 64).
#[derive(Clone, Debug)]
pub(super) struct Waiting {
    /// Per cell, the groups holding it as a set of `words` words (row `c` is
    /// `cell_groups[c * words..(c + 1) * words]`): a changed cell marks exactly the groups to
    /// narrow again.
    cell_groups: Vec<u64>,
    /// Words in a set of groups.
    words: usize,
    /// The groups narrowed before the others (see [`CageTables::take_first`]), as sets; the last
    /// tier is every group in none of these.
    tiers: Vec<Vec<u64>>,
}

impl Waiting {
    /// The sets of `groups` of `shape` (its given cages first).
    pub(super) fn of(shape: &Shape, groups: &[Group]) -> Waiting {
        let words = groups.len().div_ceil(64).max(1);
        let mut cell_groups = vec![0u64; shape.cell_count() * words];
        let mut tiers = vec![vec![0u64; words]; TIERS - 1];
        for (g, group) in groups.iter().enumerate() {
            for &c in &group.cells {
                cell_groups[usize::from(c) * words + g / 64] |= 1 << (g % 64);
            }
            let tier = tier_of(group, g < shape.cages().len());
            if tier + 1 < TIERS {
                tiers[tier][g / 64] |= 1 << (g % 64);
            }
        }
        Waiting {
            cell_groups,
            words,
            tiers,
        }
    }

    /// Cell `cell`'s row of groups.
    #[inline]
    fn row(&self, cell: usize) -> &[u64] {
        &self.cell_groups[cell * self.words..(cell + 1) * self.words]
    }
}

impl CageTables {
    /// Words in a set of groups, as [`CageTables::narrow`] takes it.
    pub(crate) fn words(&self) -> usize {
        self.waiting.words
    }

    /// Adds the groups holding `cell` to the set `groups`.
    #[inline]
    pub(crate) fn mark(&self, cell: usize, groups: &mut [u64]) {
        let row = self.waiting.row(cell);
        for (g, &r) in groups.iter_mut().zip(row) {
            *g |= r;
        }
    }

    /// Moves the groups of the first tier with any in `waiting` to `pass`, or all of `waiting`
    /// when no tier has any; whether any moved.
    pub(crate) fn take_first(&self, waiting: &mut [u64], pass: &mut [u64]) -> bool {
        for tier in &self.waiting.tiers {
            let mut any = 0;
            for ((w, p), &g) in waiting.iter_mut().zip(pass.iter_mut()).zip(tier) {
                *p = *w & g;
                any |= *p;
            }
            if any != 0 {
                for (w, &g) in waiting.iter_mut().zip(tier) {
                    *w &= !g;
                }
                return true;
            }
        }
        pass.copy_from_slice(waiting);
        waiting.fill(0);
        pass.iter().any(|&w| w != 0)
    }

    /// Marks the groups holding `cell` in `groups`, but `by`: a group's narrowing is idempotent
    /// (what it keeps of its own cells holds every combination it kept, so narrowing again finds
    /// the same), so its own removals never call it back, only another group's or another rule's.
    #[inline]
    pub(crate) fn mark_but(&self, cell: usize, by: usize, groups: &mut [u64]) {
        let row = self.waiting.row(cell);
        for (w, (g, &r)) in groups.iter_mut().zip(row).enumerate() {
            *g |= if w == by / 64 {
                r & !(1 << (by % 64))
            } else {
                r
            };
        }
    }
}
