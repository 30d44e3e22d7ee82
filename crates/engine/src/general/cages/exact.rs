//! The exact narrowing of a distinct group on grids up to 9x9: each open cell keeps the values it
//! takes in some assignment of distinct candidates to every open cell that reaches the group's sum
//! (generalized arc consistency on the cage), and the values every such assignment uses are
//! reported (for the cage's pointing).
//!
//! Combinations checked by Hall's condition keep a value in a cell whenever some matchable
//! combination holds it, even when no matching gives it to that cell; this keeps only what a
//! complete assignment uses. An assignment's values are one of the group's combinations (a set of
//! distinct values reaching the sum) that meets every open cell, so each such combination's
//! matchings are worked out in turn, all at once (in `subsets`). A combination that could teach
//! nothing new (every value it offers a cell is already known there, and it holds every value
//! still thought needed) is skipped, and the walk stops once every candidate is known and the
//! needed values are down to those every combination holds.

use super::subsets;

/// The largest N narrowed exactly: a group's combinations on a 9x9 grid fit [`MAX_COMBOS`].
pub(super) const EXACT_UP_TO: usize = 9;

/// Groups are narrowed exactly up to this many open cells: on the hard killers of
/// `puzzles/killer/hard.txt`, exact narrowing of groups of up to 4 open cells cut the nodes by
/// 40-45% (tarek's "Unsolvable 41"), while beyond 4 the search over value sets cost more per node
/// than it saved (Hall's condition on combinations does those).
pub(super) const EXACT_CELLS: usize = 4;

/// The most combinations of one count and sum on grids up to 9x9 (`C(9, 4)` in all, 126).
pub(super) const MAX_COMBOS: usize = 128;

/// What the exact narrowing found on a completable group.
pub(super) struct Supports {
    /// Per open cell (in the order given), the values some completion gives it.
    pub(super) values: [u32; 32],
    /// The values every completion uses.
    pub(super) need: u32,
}

impl Supports {
    /// The supports of `k` cells (up to [`EXACT_CELLS`], values up to 9), or none, in one `u64`
    /// (for [`super::cache`]).
    pub(super) fn pack(found: Option<&Supports>, k: usize) -> u64 {
        let Some(found) = found else {
            return 0;
        };
        let values = (found.values[..k].iter().enumerate())
            .fold(0, |p, (i, &v)| p | u64::from(v) << (9 * i));
        1 << 63 | u64::from(found.need & 0x1ff) << 36 | values
    }

    /// What [`Supports::pack`] packed.
    pub(super) fn unpack(packed: u64, k: usize) -> Option<Supports> {
        if packed >> 63 == 0 {
            return None;
        }
        let mut values = [0u32; 32];
        for (i, v) in values[..k].iter_mut().enumerate() {
            *v = (packed >> (9 * i)) as u32 & 0x1ff;
        }
        let need = (packed >> 36) as u32 & 0x1ff;
        Some(Supports { values, need })
    }
}

/// The supports of `open`'s cells (candidates `cand`) for distinct values making up one of
/// `combos`: the combinations of as many values as there are open cells that reach what is left of
/// the group's sum, avoid its placed values and meet every open cell. `None` when no assignment
/// does. At most [`subsets::MAX_CELLS`] open cells.
pub(super) fn supports(open: &[u16], cand: &[u32], combos: &[u32]) -> Option<Supports> {
    let mut masks = [0u32; 32];
    for (m, &c) in masks.iter_mut().zip(open) {
        *m = cand[usize::from(c)];
    }
    let masks = &masks[..open.len()];
    let floor = combos.iter().fold(u32::MAX, |f, &m| f & m);
    let offered = combos.iter().fold(0, |f, &m| f | m);
    let mut values = [0u32; 32];
    let mut need = u32::MAX;
    for &m in combos {
        // A combination that offers no cell a value not known there, and holds every value still
        // thought needed, can teach nothing.
        let offers = |(&mask, &known): (&u32, &u32)| mask & m & !known != 0;
        if need & !m == 0 && !masks.iter().zip(&values).any(offers) {
            continue;
        }
        if subsets::supports(masks, m, &mut values[..masks.len()]) {
            need &= m;
            let known = |(&mask, &known): (&u32, &u32)| mask & offered == known;
            if need == floor && masks.iter().zip(&values).all(known) {
                break;
            }
        }
    }
    (need != u32::MAX).then_some(Supports { values, need })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Every assignment of distinct candidates to the cells that reaches `sum`: each cell's values
    /// over them, and the values all of them use.
    pub(crate) fn brute(cells: &[u32], sum: u32) -> Option<(Vec<u32>, u32)> {
        fn fill(
            cells: &[u32],
            used: u32,
            left: i64,
            picked: &mut Vec<u32>,
            out: &mut (Vec<u32>, u32),
        ) {
            let at = picked.len();
            if at == cells.len() {
                if left == 0 {
                    for (k, &bit) in out.0.iter_mut().zip(picked.iter()) {
                        *k |= bit;
                    }
                    out.1 &= used;
                }
                return;
            }
            let mut m = cells[at] & !used;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                picked.push(bit);
                let value = i64::from(bit.trailing_zeros() + 1);
                fill(cells, used | bit, left - value, picked, out);
                picked.pop();
            }
        }
        let mut out = (vec![0; cells.len()], u32::MAX);
        fill(cells, 0, i64::from(sum), &mut Vec::new(), &mut out);
        out.0.iter().all(|&k| k != 0).then_some(out)
    }

    #[test]
    fn exact_supports_are_what_some_completion_uses() {
        let mut next = super::super::xorshift::below_from(0x51_7cc1_b727_220a);
        let (mut possible, mut impossible) = (0, 0);
        for round in 0..20_000 {
            let n = [4u32, 6, 9][round % 3];
            let all = (1u32 << n) - 1;
            // Up to the six open cells `subsets` matches (exact narrowing runs on four).
            let k = 1 + next(u64::from(n).min(subsets::MAX_CELLS as u64)) as usize;
            let cells: Vec<u32> = (0..k)
                .map(|_| (next(u64::from(all)) as u32 + 1) & all | 1 << next(u64::from(n)))
                .collect();
            let sum = next(u64::from(n * (n + 1) / 2) + 1) as u32;
            let open: Vec<u16> = (0..k as u16).collect();
            let expected = brute(&cells, sum);
            let mut combos = Vec::new();
            super::super::Combos::of(n as usize).each(k, sum, all, |m| {
                if cells.iter().all(|&c| c & m != 0) {
                    combos.push(m);
                }
                true
            });
            let got = supports(&open, &cells, &combos);
            match (&expected, &got) {
                (None, None) => impossible += 1,
                (Some((keep, need)), Some(s)) => {
                    possible += 1;
                    assert_eq!(&s.values[..k], &keep[..], "{cells:?} sum {sum}");
                    assert_eq!(s.need, *need, "{cells:?} sum {sum}");
                }
                _ => panic!("{cells:?} sum {sum}: expected {expected:?}"),
            }
        }
        assert!(
            possible > 2000 && impossible > 2000,
            "{possible} possible, {impossible} not"
        );
    }
}
