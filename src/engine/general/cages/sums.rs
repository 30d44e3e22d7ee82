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

use super::Group;

/// The most cells a group may have (its sums, cells times N, must stay under 128).
const MAX_CELLS: usize = 16;

/// Narrows `group` on `cand`, pushing `(cell, bits to remove)` to `out`; `false` when no choice of
/// candidates reaches its sum.
pub(super) fn narrow(group: &Group, cand: &[u32], out: &mut Vec<(u16, u32)>) -> bool {
    let cells = &group.cells;
    debug_assert!(cells.len() <= MAX_CELLS);
    let mut before = [0u128; MAX_CELLS + 1];
    before[0] = 1;
    for (i, &c) in cells.iter().enumerate() {
        before[i + 1] = add(before[i], cand[usize::from(c)]);
    }
    let sum = group.sum;
    if sum >= 128 || before[cells.len()] >> sum & 1 == 0 {
        return false;
    }
    let mut after = 1u128;
    for (i, &c) in cells.iter().enumerate().rev() {
        // Bit `j` of `mirrored`: the cells after this one can make `sum - j`.
        let mirrored = after.reverse_bits() >> (127 - sum);
        let m = cand[usize::from(c)];
        let mut keep = 0;
        let mut bits = m;
        while bits != 0 {
            let v = bits.trailing_zeros() + 1;
            bits &= bits - 1;
            if before[i] & (mirrored >> v) != 0 {
                keep |= 1 << (v - 1);
            }
        }
        if keep != m {
            out.push((c, m & !keep));
        }
        after = add(after, keep);
    }
    true
}

/// The sums of one from `sums` plus one value of `values` (bit `v - 1` for `v`).
fn add(sums: u128, mut values: u32) -> u128 {
    let mut out = 0;
    while values != 0 {
        out |= sums << (values.trailing_zeros() + 1);
        values &= values - 1;
    }
    out
}

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
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        for round in 0..3000 {
            let n = [4usize, 6, 9, 12, 16][round % 5];
            let all = (1u32 << n) - 1;
            let size = 1 + next(5.min(127 / n) as u64) as usize;
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
            let possible = narrow(&group, &cand, &mut out);
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
