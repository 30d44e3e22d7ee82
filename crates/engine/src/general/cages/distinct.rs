//! Narrowing a group of distinct values (a cage, or innies that all see each other) by the
//! combinations of distinct values that reach what is left of its sum.
//!
//! A combination counts only when it avoids the placed values, lies within the open cells'
//! candidates and meets every open cell; with full inference, it must also be one the open cells
//! can take one value each (Hall's condition, checked by augmenting paths on small groups: a cage
//! of 5 cells whose open cells all read `12` cannot hold `12389`). The cells keep the union of those
//! combinations, and a value every combination needs goes in its one place left (the cage's hidden
//! single), or, with full inference, leaves every cell outside the group that sees all of its places
//! (the cage's pointing).
//!
//! Walking a group's combinations stops as soon as every allowed value is reached and none is
//! needed by all: no later combination could change the answer.

use super::cache::{self, Cache};
use super::exact::{self, EXACT_CELLS, EXACT_UP_TO, MAX_COMBOS};
use super::hall::matches;
use super::pointing::{places_of, pointing};
use super::{Combos, Group, PeerSets};
use crate::shape::Shape;

/// Hall's condition is checked on groups of up to this many open cells: where it prunes most, and
/// cheaply (a 16x16 innie group of 12 cells has thousands of combinations).
const MATCHED_UP_TO: usize = super::subsets::MAX_CELLS;

/// A distinct group's cells as the candidates `cand` leave them: the values already placed and the
/// cells still open.
pub(super) struct OpenCells {
    /// The open cells, the first `len` of them.
    cells: [u16; 32],
    len: usize,
    /// The placed values, as a mask, and their sum.
    placed: u32,
    pub(super) placed_sum: u32,
    /// Every candidate of the open cells.
    union: u32,
    /// Whether two cells hold the same placed value (the group cannot be completed).
    pub(super) repeated: bool,
}

impl OpenCells {
    /// Splits `group`'s cells into placed and open ones.
    #[inline]
    pub(super) fn of(group: &Group, cand: &[u32]) -> OpenCells {
        let mut out = OpenCells {
            cells: [0; 32],
            len: 0,
            placed: 0,
            placed_sum: 0,
            union: 0,
            repeated: false,
        };
        for &c in &group.cells {
            let m = cand[usize::from(c)];
            if m & (m - 1) == 0 {
                out.repeated |= out.placed & m != 0;
                out.placed |= m;
                out.placed_sum += m.trailing_zeros() + 1;
            } else {
                out.cells[out.len] = c;
                out.len += 1;
                out.union |= m;
            }
        }
        out
    }

    /// The open cells.
    pub(super) fn open(&self) -> &[u16] {
        &self.cells[..self.len]
    }

    /// The values the open cells may still take: their candidates but the placed values.
    pub(super) fn allowed(&self) -> u32 {
        self.union & !self.placed
    }
}

/// Narrows one distinct `group` (see the module documentation), with the full inference when
/// `full`; `false` when it cannot be completed.
#[allow(clippy::too_many_arguments)]
pub(super) fn narrow(
    shape: &Shape,
    peers: Option<&PeerSets>,
    full: bool,
    combos: &Combos,
    cache: &mut Cache<u64>,
    group: &Group,
    cand: &[u32],
    out: &mut Vec<(u16, u32)>,
) -> bool {
    let cells = OpenCells::of(group, cand);
    if cells.repeated {
        return false;
    }
    let Some(rest) = group.sum.checked_sub(cells.placed_sum) else {
        return false;
    };
    let (open, allowed) = (cells.open(), cells.allowed());
    let k = open.len();
    if k == 0 {
        return rest == 0;
    }
    let exactly = full && shape.size() <= EXACT_UP_TO && k <= EXACT_CELLS;
    let key = full
        .then(|| cache::distinct_key(open, cand, allowed, rest, exactly))
        .flatten();
    let known = key.and_then(|key| cache.get(key));
    if exactly {
        let found = match known {
            Some(answer) => exact::Supports::unpack(answer, k),
            None => {
                let found = exact_supports(combos, open, cand, allowed, rest);
                if let Some(key) = key {
                    cache.put(key, exact::Supports::pack(found.as_ref(), k));
                }
                found
            }
        };
        return narrow_exactly(shape, peers, group, open, cand, found, out);
    }
    let (reach, need) = match known {
        Some(answer) => (answer as u32 & 0x1ff, (answer >> 9) as u32 & 0x1ff),
        None => {
            let (reach, need) = reached(full, combos, open, cand, allowed, rest);
            if let Some(key) = key {
                cache.put(key, u64::from(reach) | u64::from(need & 0x1ff) << 9);
            }
            (reach, need)
        }
    };
    if reach == 0 {
        return false;
    }
    for &c in open {
        let m = cand[usize::from(c)];
        if m & !reach != 0 {
            out.push((c, m & !reach));
        }
    }
    // A value every combination needs must go in the one open cell left for it; with several, it
    // leaves every cell outside the group that sees them all (the cage's pointing).
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
            (Some(_), Some(_)) if full => {
                let places = places_of(open.iter().map(|&c| (c, cand[usize::from(c)])), bit);
                pointing(shape, peers, group, places.cells(), bit, cand, out);
            }
            _ => {}
        }
    }
    true
}

/// The supports of [`super::exact`] for the open cells, from the combinations of `k` values within
/// `allowed` reaching `rest` that meet every open cell.
fn exact_supports(
    combos: &Combos,
    open: &[u16],
    cand: &[u32],
    allowed: u32,
    rest: u32,
) -> Option<exact::Supports> {
    let mut fitting = [0u32; MAX_COMBOS];
    let mut len = 0;
    combos.each(open.len(), rest, allowed, |m| {
        if open.iter().all(|&c| cand[usize::from(c)] & m != 0) {
            fitting[len] = m;
            len += 1;
        }
        true
    });
    exact::supports(open, cand, &fitting[..len])
}

/// The union and the intersection of the combinations of the open cells' count within `allowed`
/// reaching `rest` that meet every open cell (and, with `full`, pass Hall's condition on up to
/// [`MATCHED_UP_TO`] cells): the values the cells may keep and those every combination needs.
fn reached(
    full: bool,
    combos: &Combos,
    open: &[u16],
    cand: &[u32],
    allowed: u32,
    rest: u32,
) -> (u32, u32) {
    let k = open.len();
    let (mut reach, mut need) = (0u32, u32::MAX);
    combos.each(k, rest, allowed, |m| {
        // A combination inside what is reached and holding all that is needed changes neither:
        // the cells' checks and Hall's condition are spared.
        let adds = m & !reach != 0 || need & !m != 0;
        if adds
            && open.iter().all(|&c| cand[usize::from(c)] & m != 0)
            && (!full || k > MATCHED_UP_TO || matches(open, cand, m))
        {
            reach |= m;
            need &= m;
        }
        // Once every allowed value is reached and none is needed, nothing can change.
        reach != allowed || need & allowed != 0
    });
    (reach, need)
}

/// The exact narrowing of [`super::exact`]: each open cell keeps what some completion gives it,
/// and a value every completion uses leaves the cells outside `group` that see all its places.
fn narrow_exactly(
    shape: &Shape,
    peers: Option<&PeerSets>,
    group: &Group,
    open: &[u16],
    cand: &[u32],
    found: Option<exact::Supports>,
    out: &mut Vec<(u16, u32)>,
) -> bool {
    let Some(found) = found else {
        return false;
    };
    let kept = || open.iter().zip(&found.values).map(|(&c, &m)| (c, m));
    for (c, keep) in kept() {
        let m = cand[usize::from(c)];
        if m & !keep != 0 {
            out.push((c, m & !keep));
        }
    }
    // One place left is already all that cell keeps; several are the cage's pointing.
    let mut must = found.need;
    while must != 0 {
        let bit = must & must.wrapping_neg();
        must &= must - 1;
        let places = places_of(kept(), bit);
        if places.len() > 1 {
            pointing(shape, peers, group, places.cells(), bit, cand, out);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Narrowing one cage, recomputed from scratch: every assignment of distinct candidates to the
    /// open cells that reaches the rest of the sum; each open cell keeps the values it takes in one.
    fn brute_narrow(cells: &[u32], sum: u32) -> Option<Vec<u32>> {
        exact::tests::brute(cells, sum).map(|(keep, _)| keep)
    }

    #[test]
    fn narrowing_keeps_what_some_completion_of_the_cage_uses() {
        let mut next = super::super::xorshift::below_from(0x9e37_79b9_7f4a_7c15);
        let shapes: std::collections::HashMap<usize, Shape> = [4usize, 6, 9, 12, 16]
            .into_iter()
            .map(|n| {
                let rules = crate::shape::Rules {
                    size: Some(n),
                    ..Default::default()
                };
                (n, Shape::new(&rules).unwrap())
            })
            .collect();
        let mut cache = Cache::default();
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
            let (lo, hi) = crate::shape::sum_range(n, size);
            let sum = lo + next(u64::from(hi - lo + 1)) as u32;
            let group = Group {
                sum,
                cells: (0..size as u16).collect(),
                distinct: true,
            };
            // The cage is the first cells of row A; the rest of the board is open.
            let mut board = vec![all; n * n];
            board[..size].copy_from_slice(&cand);
            let mut out = Vec::new();
            let shape = &shapes[&n];
            let combos = Combos::of(n);
            let mut fresh = Cache::default();
            let possible = narrow(
                shape, None, true, &combos, &mut fresh, &group, &board, &mut out,
            );
            // Pointing by peer sets (grids of up to 128 cells) finds what searching peers does,
            // and an answer from the cache (filled here, or by an earlier round) is the same too.
            let peers = PeerSets::new(shape);
            for _ in 0..2 {
                let mut again = Vec::new();
                let peers = peers.as_ref();
                let done = narrow(
                    shape, peers, true, &combos, &mut cache, &group, &board, &mut again,
                );
                assert_eq!((done, &again), (possible, &out), "n {n} sum {sum} {cand:?}");
            }
            // The cage's pointing takes a value it needs only from cells that see all the places
            // some completion gives it.
            let completions = brute_narrow(&cand, sum);
            for &(c, bits) in out.iter().filter(|(c, _)| usize::from(*c) >= size) {
                let Some(keep) = &completions else { break };
                for v in 0..n {
                    if bits >> v & 1 != 0 {
                        let places: Vec<usize> =
                            (0..size).filter(|&p| keep[p] >> v & 1 != 0).collect();
                        let sees = |p: &usize| shapes[&n].peers(*p).contains(&c);
                        assert!(
                            !places.is_empty() && places.iter().all(sees),
                            "{cand:?}: {c} loses {v}"
                        );
                    }
                }
            }
            out.retain(|(c, _)| usize::from(*c) < size);
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
            // Small groups on grids up to 9x9 are narrowed exactly: a cell keeps just what some
            // completion gives it.
            if n <= EXACT_UP_TO && size <= EXACT_CELLS {
                assert_eq!(possible, completions.is_some(), "n {n} sum {sum} {cand:?}");
                if let Some(keep) = &completions {
                    assert_eq!(&narrowed, keep, "n {n} sum {sum} {cand:?}");
                }
            }
            // Where only one cell is open, narrowing is exact.
            if possible && size == 1 {
                assert_eq!(narrowed[0], 1 << (sum - 1));
            }
        }
    }
}
