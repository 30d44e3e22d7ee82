//! Narrowing a group whose cells may repeat a value (the innies of two rows, the outies of a band)
//! by its sum alone: a candidate stays where the other cells' candidates can make up the rest.
//!
//! The sums a run of cells can make is a set of small integers, held as the bits of a `u128`: the
//! sums of the cells before each one (a forward pass) and of those after it (built on the way
//! back). A value `v` stays in a cell when some sum `a` before it and `b` after it make
//! `a + v + b` the group's sum: with the sums after it mirrored (bit `j` set when `sum - j` can be
//! made), that is one shift and one AND per candidate, so every cell is narrowed exactly in time
//! linear in the cells times the values. Distinctness between cells that are peers is left to the rest
//! of propagation: this is sound, and weaker than a cage's combinations.

use super::cache::{self, Cache};
use super::Group;

/// The most cells a group may have (its sums, cells times N, must stay under 128).
const MAX_CELLS: usize = 16;

/// Narrows `group` on `cand`, pushing `(cell, bits to remove)` to `out`; `false` when no choice of
/// candidates reaches its sum.
///
/// Placed cells only lower the sum left for the open ones (a placed value stays whenever the
/// group can be completed at all), and each open value `v` counts as `v - 1` above a floor of one
/// per open cell: on 9x9 the sums left then fit a `u64`, whose shifts are a third of a `u128`'s.
///
/// With a `cache`, answers for up to [`cache::MAX_REPEATING_OPEN`] open cells with values up to 9
/// are remembered and replayed.
pub(super) fn narrow(
    group: &Group,
    cand: &[u32],
    cache: Option<&mut Cache<u128>>,
    out: &mut Vec<(u16, u32)>,
) -> bool {
    debug_assert!(group.cells.len() <= MAX_CELLS);
    let mut open = [0u16; MAX_CELLS];
    let (mut k, mut placed) = (0, 0u32);
    for &c in &group.cells {
        let m = cand[usize::from(c)];
        if m == 0 {
            return false;
        }
        if m & (m - 1) == 0 {
            placed += m.trailing_zeros() + 1;
        } else {
            open[k] = c;
            k += 1;
        }
    }
    // What the open cells' values less one each must make up.
    let Some(rest) = group.sum.checked_sub(placed + k as u32) else {
        return false;
    };
    let open = &open[..k];
    let Some((cache, key)) = cache.and_then(|c| Some(c).zip(cache::sums_key(open, cand, rest)))
    else {
        return narrow_open(open, cand, rest, out);
    };
    // The answer: bit 127 when the sum can be reached, and each open cell's removals.
    let answer = match cache.get(key) {
        Some(answer) => answer,
        None => {
            let before = out.len();
            let possible = narrow_open(open, cand, rest, out);
            let mut answer = u128::from(possible) << 127;
            for &(c, bits) in &out[before..] {
                let i = open.iter().position(|&o| o == c).expect("an open cell");
                answer |= u128::from(bits) << (9 * i);
            }
            out.truncate(before);
            cache.put(key, answer);
            answer
        }
    };
    // Replayed in the order narrowing pushes them: the last cell first. Most answers remove
    // nothing (six narrowings in seven change nothing on the hard killers), so one test of all
    // the removals spares the walk over the cells.
    if answer & ((1 << (9 * k)) - 1) != 0 {
        for (i, &c) in open.iter().enumerate().rev() {
            let bits = (answer >> (9 * i)) as u32 & 0x1ff;
            if bits != 0 {
                out.push((c, bits));
            }
        }
    }
    answer >> 127 != 0
}

/// [`narrow`] on the open cells, whose values less one must make `rest`.
fn narrow_open(open: &[u16], cand: &[u32], rest: u32, out: &mut Vec<(u16, u32)>) -> bool {
    if rest < u64::BITS {
        narrow_u64(open, cand, rest, out)
    } else if rest < u128::BITS {
        narrow_u128(open, cand, rest, out)
    } else {
        false
    }
}

/// The narrowing of [`narrow`] on open cells whose values less one must sum to `rest`, below the
/// bits of the integer type holding sets of sums (sums past `rest` may be dropped: values only
/// add).
macro_rules! narrow_open {
    ($name:ident, $t:ty) => {
        fn $name(open: &[u16], cand: &[u32], rest: u32, out: &mut Vec<(u16, u32)>) -> bool {
            // The sums of the cells before each one.
            let mut before = [0 as $t; MAX_CELLS + 1];
            before[0] = 1;
            for (i, &c) in open.iter().enumerate() {
                let mut values = cand[usize::from(c)];
                let mut sums = 0;
                while values != 0 {
                    sums |= before[i] << values.trailing_zeros();
                    values &= values - 1;
                }
                before[i + 1] = sums;
            }
            if before[open.len()] >> rest & 1 == 0 {
                return false;
            }
            let mut after: $t = 1;
            for (i, &c) in open.iter().enumerate().rev() {
                // Bit `j` of `mirrored`: the cells after this one can make `rest - j`.
                let mirrored = after.reverse_bits() >> (<$t>::BITS - 1 - rest);
                let m = cand[usize::from(c)];
                let (mut keep, mut bits, mut sums) = (0, m, 0);
                while bits != 0 {
                    let w = bits.trailing_zeros();
                    bits &= bits - 1;
                    if before[i] & (mirrored >> w) != 0 {
                        keep |= 1 << w;
                        sums |= after << w;
                    }
                }
                if keep != m {
                    out.push((c, m & !keep));
                }
                after = sums;
            }
            true
        }
    };
}

narrow_open!(narrow_u64, u64);
narrow_open!(narrow_u128, u128);

#[cfg(test)]
mod tests {
    use super::*;

    /// Each cell's values used by some choice of candidates (repeats allowed) reaching `sum`.
    fn brute(cand: &[u32], sum: u32) -> Vec<u32> {
        fn walk(cand: &[u32], at: usize, left: i64, picked: &mut Vec<u32>, keep: &mut [u32]) {
            if at == cand.len() {
                if left == 0 {
                    for (k, &bit) in keep.iter_mut().zip(picked.iter()) {
                        *k |= bit;
                    }
                }
                return;
            }
            let mut m = cand[at];
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                picked.push(bit);
                let v = i64::from(bit.trailing_zeros() + 1);
                walk(cand, at + 1, left - v, picked, keep);
                picked.pop();
            }
        }
        let mut keep = vec![0; cand.len()];
        walk(cand, 0, i64::from(sum), &mut Vec::new(), &mut keep);
        keep
    }

    #[test]
    fn narrowing_keeps_exactly_the_values_some_choice_reaching_the_sum_uses() {
        let mut next = super::super::xorshift::below_from(0x2545_f491_4f6c_dd1d);
        let mut cache = Cache::default();
        for round in 0..3000 {
            let n = [4usize, 6, 9, 12, 16][round % 5];
            let all = (1u32 << n) - 1;
            let size = 1 + next(8.min(127 / n) as u64) as usize;
            let cand: Vec<u32> = (0..size)
                .map(|_| (next(u64::from(all)) as u32 & all).max(1))
                .collect();
            let sum = size as u32 + next((size * (n - 1) + 1) as u64) as u32;
            let group = Group {
                sum,
                cells: (0..size as u16).collect(),
                distinct: false,
            };
            let mut out = Vec::new();
            let possible = narrow(&group, &cand, None, &mut out);
            // Answers remembered (here, or in an earlier round) are replayed as they were found.
            for _ in 0..2 {
                let mut again = Vec::new();
                let done = narrow(&group, &cand, Some(&mut cache), &mut again);
                assert_eq!((done, &again), (possible, &out), "{cand:?} sum {sum}");
            }
            let keep = brute(&cand, sum);
            assert_eq!(possible, keep.iter().all(|&k| k != 0), "{cand:?} sum {sum}");
            if possible {
                for (c, &m) in cand.iter().enumerate() {
                    let removed = out
                        .iter()
                        .filter(|(o, _)| usize::from(*o) == c)
                        .fold(0, |r, (_, bits)| r | bits);
                    assert_eq!(m & !removed, keep[c], "{cand:?} sum {sum}, cell {c}");
                }
            }
        }
    }
}
