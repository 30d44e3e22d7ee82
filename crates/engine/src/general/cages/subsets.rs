//! Matchings of a few open cells to the values of one combination, by dynamic programming over the
//! combination's subsets: what Hall's condition asks (can the cells take the values one each?) and
//! what exact narrowing asks (which value can each cell take in such a matching?).
//!
//! With `k` cells and a combination of `k` values (`k` up to [`MAX_CELLS`]), the values are renamed
//! `0..k` in order, and a set of them is a number below `2^k`, so every set of sets fits the bits of
//! one `u64`. The sets that cells `0..i` can take one value each are built cell by cell: adding a
//! cell that may hold value `j` moves every set without `j` up by `2^j` (one AND with the sets that
//! lack `j`, one shift). The cells can take all the values when the last set, `2^k - 1`, is
//! reached. Built from both ends, the sets before a cell and the sets after it tell which of its
//! values complete a matching: `j` does when some set before it, with `j` added, is the complement
//! of some set after it. A few dozen bit operations, where walking the assignments took hundreds.

/// The most cells (and values) a matching here may have: subsets of 6 values are the 64 bits of a
/// `u64`.
pub(super) const MAX_CELLS: usize = 6;

/// `LACKING[j]`: the sets (of up to six values) without value `j`.
const LACKING: [u64; MAX_CELLS] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The bits of `x` at the places of `m`'s bits, packed: `x`'s value `m`'s `j`-th lowest value as
/// bit `j` (x86's `pext`, which is not assumed).
const fn pack_slow(x: u32, m: u32) -> u32 {
    let (mut packed, mut j, mut rest) = (0, 0, m);
    while rest != 0 {
        if x & rest & rest.wrapping_neg() != 0 {
            packed |= 1 << j;
        }
        j += 1;
        rest &= rest - 1;
    }
    packed
}

/// [`pack_slow`] of every `bits`-bit `x` in every `bits`-bit `m` (index `m << bits | x`), for
/// `N = 2^(2 * bits)`.
const fn pack_table<const N: usize>(bits: u32) -> [u8; N] {
    let low = (1 << bits) - 1;
    let mut table = [0; N];
    let mut i = 0;
    while i < N {
        table[i] = pack_slow(i as u32 & low, i as u32 >> bits) as u8;
        i += 1;
    }
    table
}

/// [`pack_slow`] of every 5-bit `x` in every 5-bit `m` (index `m << 5 | x`).
const PACK_LOW: [u8; 1024] = pack_table(5);

/// [`pack_slow`] of every 4-bit `x` in every 4-bit `m` (index `m << 4 | x`).
const PACK_HIGH: [u8; 256] = pack_table(4);

/// [`pack_slow`], by two table lookups when both fit nine bits (values up to 9).
#[inline]
fn pack(x: u32, m: u32) -> u32 {
    if m >> 9 != 0 {
        return pack_slow(x, m);
    }
    let low = u32::from(PACK_LOW[((m & 31) << 5 | (x & 31)) as usize]);
    let high = u32::from(PACK_HIGH[((m >> 5) << 4 | (x >> 5 & 15)) as usize]);
    low | high << (m & 31).count_ones()
}

/// The sets taken by the cells behind `sets` and one more cell, whose packed candidates are
/// `packed` (among `k` values): each set without one of its values, with that value added.
#[inline]
fn extend(sets: u64, packed: u32, k: usize) -> u64 {
    let mut next = 0;
    // Every value in turn, kept or not by a mask rather than a branch on the candidates.
    for (j, &lacking) in LACKING.iter().enumerate().take(k) {
        let keep = 0u64.wrapping_sub(u64::from(packed >> j & 1));
        next |= (sets & lacking) << (1u32 << j) & keep;
    }
    next
}

/// Whether cells with the candidates `masks` (as many as `m` has values, at most [`MAX_CELLS`]) can
/// take the values of `m` one each, every cell a candidate of its own.
pub(super) fn matches(masks: impl Iterator<Item = u32>, m: u32) -> bool {
    let k = m.count_ones();
    debug_assert!(k as usize <= MAX_CELLS);
    let sets = masks.fold(1u64, |sets, mask| extend(sets, pack(mask, m), k as usize));
    sets >> ((1u32 << k) - 1) & 1 != 0
}

/// For cells with the candidates `masks` (as many as `m` has values, at most [`MAX_CELLS`]): ORs
/// into `found[i]` every value cell `i` takes in some matching of the cells to `m`'s values, and
/// whether there is any.
pub(super) fn supports(masks: &[u32], m: u32, found: &mut [u32]) -> bool {
    let k = masks.len();
    debug_assert!(k <= MAX_CELLS && m.count_ones() as usize == k);
    // Each of `m`'s values by its new name.
    let mut values = [0u32; MAX_CELLS];
    let mut rest = m;
    for v in values.iter_mut().take(k) {
        *v = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    let mut packed = [0u32; MAX_CELLS];
    for (p, &mask) in packed.iter_mut().zip(masks) {
        *p = pack(mask, m);
    }
    // `after[i]`: the sets cells `i..k` can take.
    let mut after = [0u64; MAX_CELLS + 1];
    after[k] = 1;
    for i in (0..k).rev() {
        after[i] = extend(after[i + 1], packed[i], k);
    }
    let full = (1u32 << k) - 1;
    if after[0] >> full & 1 == 0 {
        return false;
    }
    let width = 1u32 << k;
    let mut before = 1u64;
    for i in 0..k {
        // Set `s` of the cells after `i` as bit `full - s`: the sets a value of cell `i` must
        // complete, with the sets before it, to all of `m`.
        let completes = after[i + 1].reverse_bits() >> (u64::BITS - width);
        let mut options = packed[i];
        while options != 0 {
            let j = options.trailing_zeros();
            options &= options - 1;
            if (before & LACKING[j as usize]) << (1u32 << j) & completes != 0 {
                found[i] |= values[j as usize];
            }
        }
        before = extend(before, packed[i], k);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of distinct values of `m` to the cells, one each: each cell's values used.
    fn brute(masks: &[u32], m: u32) -> Option<Vec<u32>> {
        fn walk(masks: &[u32], at: usize, free: u32, picked: &mut Vec<u32>, out: &mut Vec<u32>) {
            if at == masks.len() {
                for (o, &p) in out.iter_mut().zip(picked.iter()) {
                    *o |= p;
                }
                return;
            }
            let mut options = masks[at] & free;
            while options != 0 {
                let bit = options & options.wrapping_neg();
                options &= options - 1;
                picked.push(bit);
                walk(masks, at + 1, free & !bit, picked, out);
                picked.pop();
            }
        }
        let mut out = vec![0; masks.len()];
        walk(masks, 0, m, &mut Vec::new(), &mut out);
        out.iter().all(|&o| o != 0).then_some(out)
    }

    #[test]
    fn packing_keeps_the_bits_at_the_places_of_the_mask() {
        for m in 0..512u32 {
            for x in 0..512u32 {
                assert_eq!(pack(x, m), pack_slow(x, m), "x {x:b} m {m:b}");
            }
        }
        assert_eq!(pack_slow(0b1010_0101, 0b1111_0000), 0b1010);
        assert_eq!(pack_slow(0b1_0000_0000_0001, 0b1_0000_0000_0011), 0b101);
    }

    #[test]
    fn matchings_and_their_values_are_those_of_every_assignment() {
        let mut next = super::super::xorshift::below_from(0x2545_f491_4f6c_dd1d);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let n = [9u32, 12, 16][next(3) as usize];
            let k = 1 + next(MAX_CELLS as u64) as usize;
            let mut m = 0u32;
            while (m.count_ones() as usize) < k {
                m |= 1 << next(u64::from(n));
            }
            let masks: Vec<u32> = (0..k)
                .map(|_| (next(1 << n) as u32 | 1 << next(u64::from(n))) & ((1 << n) - 1))
                .collect();
            let expected = brute(&masks, m);
            assert_eq!(
                matches(masks.iter().copied(), m),
                expected.is_some(),
                "{masks:?} {m:b}"
            );
            let mut found = vec![0; k];
            let any = supports(&masks, m, &mut found);
            match &expected {
                Some(values) => {
                    yes += 1;
                    assert!(any);
                    assert_eq!(&found, values, "{masks:?} {m:b}");
                }
                None => {
                    no += 1;
                    assert!(!any && found.iter().all(|&f| f == 0), "{masks:?} {m:b}");
                }
            }
        }
        assert!(yes > 2000 && no > 2000, "{yes} matchable, {no} not");
    }
}
