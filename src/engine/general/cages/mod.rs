//! The killer rule in propagation: a cage's open cells take only digits of some combination of
//! distinct values that reaches what is left of its sum, given the values already placed in it.
//!
//! Combinations come from a table built once per (N, cells, sum) for N up to 16 (every subset of
//! the values, grouped by size and sum: 65,536 masks at most); larger grids enumerate them by a
//! depth-first walk bounded by the smallest and largest sums still reachable. A combination counts
//! only when it avoids the placed values, lies within the open cells' candidates, and meets every
//! open cell; the cells keep the union of those combinations, and a value every combination needs
//! that has one place left in the cage goes there (the cage's hidden single).
//!
//! Narrowing a group is a pure function of its cells' candidates, so each propagator remembers, per
//! group, the candidates it last had when narrowing changed nothing, and skips the group while they
//! are the same (after a guess most groups have not moved; comparing is far cheaper than the
//! combinations). Walking a group's combinations stops as soon as every allowed value is reached and
//! none is needed by all: no later combination could change the answer.
//!
//! Besides the given cages, every unit whose cells are partly covered by cages lying wholly inside it
//! yields an "innie" group: its other cells hold distinct values (they share the unit) summing to
//! the unit's total minus those cages' sums (the rule of 45 on 9x9). Such groups propagate like
//! cages, which is what makes hard killers fall without deep search.
//!
//! The combinations themselves, by count and sum, are [`Combos`] (in `combos`).

mod combos;

use std::sync::Arc;

pub(crate) use combos::Combos;

use crate::engine::shape::Shape;

/// A group of distinct-valued cells with a sum: a given cage or an innie group of a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    /// The sum of the group's values.
    pub(crate) sum: u32,
    /// Its cells, ascending.
    pub(crate) cells: Vec<u16>,
}

/// The groups of a killer shape and the combination table of its N.
#[derive(Clone, Debug)]
pub(crate) struct CageTables {
    groups: Vec<Group>,
    /// `memo[g]..memo[g + 1]` is group `g`'s slice of [`Scratch::idle`].
    memo: Vec<usize>,
    combos: Arc<Combos>,
}

/// A propagator's own narrowing state, kept across calls and boards.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The removals asked for by the last call: `(cell, bits to remove)`.
    pub(crate) out: Vec<(u16, u32)>,
    /// Per group, its cells' candidates when narrowing it last changed nothing (0s: never).
    idle: Vec<u32>,
}

impl CageTables {
    /// The tables of `shape`; `None` when it has no cages.
    pub(crate) fn new(shape: &Shape) -> Option<CageTables> {
        if !shape.is_killer() {
            return None;
        }
        let mut groups: Vec<Group> = shape
            .cages()
            .iter()
            .map(|c| Group {
                sum: c.sum,
                cells: c.cells.clone(),
            })
            .collect();
        groups.extend(innies(shape));
        let mut memo = vec![0];
        for group in &groups {
            memo.push(memo[memo.len() - 1] + group.cells.len());
        }
        Some(CageTables {
            groups,
            memo,
            combos: Combos::of(shape.size()),
        })
    }

    /// Narrows every group on `cand` whose cells changed since it last narrowed nothing, filling
    /// `scratch.out` with `(cell, bits to remove)`; `false` when a group cannot be completed at all
    /// (the board is a contradiction).
    pub(crate) fn narrow(&self, cand: &[u32], scratch: &mut Scratch) -> bool {
        let total = self.memo[self.groups.len()];
        if scratch.idle.len() != total {
            scratch.idle = vec![0; total];
        }
        scratch.out.clear();
        for (g, group) in self.groups.iter().enumerate() {
            let idle = &mut scratch.idle[self.memo[g]..self.memo[g + 1]];
            let same = |(&c, &m): (&u16, &u32)| cand[usize::from(c)] == m;
            if group.cells.iter().zip(idle.iter()).all(same) {
                continue;
            }
            let before = scratch.out.len();
            if !narrow_group(&self.combos, group, cand, &mut scratch.out) {
                return false;
            }
            if scratch.out.len() == before {
                for (m, &c) in idle.iter_mut().zip(&group.cells) {
                    *m = cand[usize::from(c)];
                }
            }
        }
        true
    }
}

/// One group: see the module documentation.
fn narrow_group(combos: &Combos, group: &Group, cand: &[u32], out: &mut Vec<(u16, u32)>) -> bool {
    let (mut placed, mut placed_sum, mut union) = (0u32, 0u32, 0u32);
    let mut open = [0u16; 32];
    let mut k = 0;
    for &c in &group.cells {
        let m = cand[usize::from(c)];
        if m & (m - 1) == 0 {
            if placed & m != 0 {
                return false;
            }
            placed |= m;
            placed_sum += m.trailing_zeros() + 1;
        } else {
            open[k] = c;
            k += 1;
            union |= m;
        }
    }
    let Some(rest) = group.sum.checked_sub(placed_sum) else {
        return false;
    };
    if k == 0 {
        return rest == 0;
    }
    let open = &open[..k];
    let allowed = union & !placed;
    let (mut reach, mut need) = (0u32, u32::MAX);
    combos.each(k, rest, allowed, |m| {
        if open.iter().all(|&c| cand[usize::from(c)] & m != 0) {
            reach |= m;
            need &= m;
        }
        // Once every allowed value is reached and none is needed, nothing can change.
        reach != allowed || need & allowed != 0
    });
    if reach == 0 {
        return false;
    }
    for &c in open {
        let m = cand[usize::from(c)];
        if m & !reach != 0 {
            out.push((c, m & !reach));
        }
    }
    // A value every combination needs must go in the one open cell left for it.
    let mut must = need & reach;
    while must != 0 {
        let bit = must & must.wrapping_neg();
        must &= must - 1;
        let mut places = open.iter().filter(|&&c| cand[usize::from(c)] & bit != 0);
        match (places.next(), places.next()) {
            (None, _) => return false,
            (Some(&c), None) => {
                let m = cand[usize::from(c)];
                if m != bit {
                    out.push((c, m & !bit));
                }
            }
            _ => {}
        }
    }
    true
}

/// The innie groups: for each unit, the cells not in a cage that lies wholly inside it, when there
/// are some and the unit is not bare of cages.
fn innies(shape: &Shape) -> Vec<Group> {
    let n = shape.size();
    let total = (n * (n + 1) / 2) as u32;
    let mut cage_of = vec![usize::MAX; shape.cell_count()];
    for (i, cage) in shape.cages().iter().enumerate() {
        for &c in &cage.cells {
            cage_of[usize::from(c)] = i;
        }
    }
    let mut groups = Vec::new();
    for u in 0..shape.unit_count() {
        let unit = shape.unit(u);
        let inside = |i: usize| shape.cages()[i].cells.iter().all(|c| unit.contains(c));
        // Cages inside a unit summing past its total make no group (the search finds them out).
        let mut sum = Some(total);
        let mut cells = Vec::new();
        for &c in unit {
            match cage_of[usize::from(c)] {
                i if i != usize::MAX && inside(i) => {}
                _ => cells.push(c),
            }
        }
        let mut counted = Vec::new();
        for &c in unit {
            let i = cage_of[usize::from(c)];
            if i != usize::MAX && inside(i) && !counted.contains(&i) {
                counted.push(i);
                sum = sum.and_then(|s| s.checked_sub(shape.cages()[i].sum));
            }
        }
        let Some(sum) = sum else { continue };
        if !cells.is_empty() && cells.len() < n && !counted.is_empty() {
            cells.sort_unstable();
            groups.push(Group { sum, cells });
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Narrowing one cage, recomputed from scratch: every assignment of distinct candidates to the
    /// open cells that reaches the rest of the sum; each open cell keeps the values it takes in one.
    fn brute_narrow(cells: &[u32], sum: u32) -> Option<Vec<u32>> {
        fn fill(
            cells: &[u32],
            at: usize,
            used: u32,
            left: i64,
            keep: &mut [u32],
            picked: &mut Vec<u32>,
        ) {
            if at == cells.len() {
                if left == 0 {
                    for (k, &bit) in keep.iter_mut().zip(picked.iter()) {
                        *k |= bit;
                    }
                }
                return;
            }
            let mut m = cells[at] & !used;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                picked.push(bit);
                let value = i64::from(bit.trailing_zeros() + 1);
                fill(cells, at + 1, used | bit, left - value, keep, picked);
                picked.pop();
            }
        }
        let mut keep = vec![0; cells.len()];
        fill(cells, 0, 0, i64::from(sum), &mut keep, &mut Vec::new());
        keep.iter().all(|&k| k != 0).then_some(keep)
    }

    #[test]
    fn narrowing_keeps_what_some_completion_of_the_cage_uses() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for round in 0..3000 {
            let n = [4usize, 6, 9, 12, 16][round % 5];
            let all = (1u32 << n) - 1;
            let size = 1 + next(n.min(6) as u64) as usize;
            let cand: Vec<u32> = (0..size)
                .map(|_| {
                    let m = next(u64::from(all) + 1) as u32 & all;
                    if m == 0 {
                        1 << next(n as u64)
                    } else {
                        m
                    }
                })
                .collect();
            let (lo, hi) = crate::engine::shape::sum_range(n, size);
            let sum = lo + next(u64::from(hi - lo + 1)) as u32;
            let group = Group {
                sum,
                cells: (0..size as u16).collect(),
            };
            let mut out = Vec::new();
            let possible = narrow_group(&Combos::of(n), &group, &cand, &mut out);
            let narrowed: Vec<u32> = cand
                .iter()
                .enumerate()
                .map(|(c, &m)| {
                    let removed = out.iter().filter(|(o, _)| usize::from(*o) == c);
                    removed.fold(m, |m, (_, bits)| m & !bits)
                })
                .collect();
            match brute_narrow(&cand, sum) {
                // Narrowing is sound: it keeps every value some completion uses.
                Some(keep) if possible => {
                    for c in 0..size {
                        assert_eq!(
                            keep[c] & !narrowed[c],
                            0,
                            "n {n} sum {sum} {cand:?} -> {narrowed:?}"
                        );
                    }
                }
                Some(keep) => {
                    panic!("n {n} sum {sum} {cand:?}: refuted, but {keep:?} completes it")
                }
                // No completion: narrowing may not see it, but must keep no more than the cells had.
                None => assert!(narrowed.iter().zip(&cand).all(|(a, b)| a & !b == 0)),
            }
            // Where only one cell is open, narrowing is exact.
            if possible && size == 1 {
                assert_eq!(narrowed[0], 1 << (sum - 1));
            }
        }
    }
}
