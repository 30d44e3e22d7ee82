//! The combinations of distinct values 1..=N that reach a sum with a given number of cells: a table
//! built once per N up to 16 (every subset of the values, grouped by size and sum), and for larger
//! grids a depth-first walk bounded by the smallest and largest sums still reachable.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The combinations of distinct values 1..=N by (count, sum): a table for N up to 16, a bounded
/// walk above.
#[derive(Debug)]
pub(crate) struct Combos {
    size: usize,
    /// Every value's bit.
    all: u32,
    /// For N <= 16: `start[key]..start[key + 1]` indexes `masks`, key = count * (max sum + 1) + sum.
    start: Vec<u32>,
    masks: Vec<u32>,
}

/// Largest N with a table.
const TABLE_MAX: usize = 16;

impl Combos {
    /// The shared combinations of size `n`, built on first use.
    pub(crate) fn of(n: usize) -> Arc<Combos> {
        static BUILT: OnceLock<Mutex<HashMap<usize, Arc<Combos>>>> = OnceLock::new();
        let built = BUILT.get_or_init(Default::default);
        let mut built = built.lock().unwrap_or_else(|e| e.into_inner());
        built
            .entry(n)
            .or_insert_with(|| Arc::new(Combos::build(n)))
            .clone()
    }

    fn build(n: usize) -> Combos {
        if n > TABLE_MAX {
            return Combos {
                size: n,
                all: all_of(n),
                start: Vec::new(),
                masks: Vec::new(),
            };
        }
        let width = n * (n + 1) / 2 + 1;
        let key = |m: u32| m.count_ones() as usize * width + mask_sum(m) as usize;
        let mut counts = vec![0u32; (n + 1) * width + 1];
        for m in 0..1u32 << n {
            counts[key(m) + 1] += 1;
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let mut fill = counts.clone();
        let mut masks = vec![0; 1 << n];
        for m in 0..1u32 << n {
            let k = key(m);
            masks[fill[k] as usize] = m;
            fill[k] += 1;
        }
        Combos {
            size: n,
            all: all_of(n),
            start: counts,
            masks,
        }
    }

    /// Calls `f` with every set of `count` distinct values within `allowed` summing to `sum`, until
    /// it answers `false`.
    pub(crate) fn each(
        &self,
        count: usize,
        sum: u32,
        allowed: u32,
        mut f: impl FnMut(u32) -> bool,
    ) {
        let n = self.size;
        if self.start.is_empty() {
            walk(allowed & self.all, count as u32, sum, 0, &mut f);
            return;
        }
        let width = n * (n + 1) / 2 + 1;
        if count > n || sum as usize >= width {
            return;
        }
        let key = count * width + sum as usize;
        let (a, b) = (self.start[key] as usize, self.start[key + 1] as usize);
        for &m in &self.masks[a..b] {
            if m & !allowed == 0 && !f(m) {
                return;
            }
        }
    }
}

/// The bits of values 1..=`n`.
fn all_of(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1 << n) - 1
    }
}

/// The sum of the values in mask `m`.
fn mask_sum(mut m: u32) -> u32 {
    let mut sum = 0;
    while m != 0 {
        sum += m.trailing_zeros() + 1;
        m &= m - 1;
    }
    sum
}

/// Sets of `count` values from `allowed` summing to `sum`, joined to `chosen`, until `f` answers
/// `false` (then so does the walk). The largest allowed value is in the set or not; a branch is cut
/// when even the smallest or largest values left cannot reach the sum.
fn walk(allowed: u32, count: u32, sum: u32, chosen: u32, f: &mut impl FnMut(u32) -> bool) -> bool {
    if count == 0 {
        return sum != 0 || f(chosen);
    }
    if allowed.count_ones() < count {
        return true;
    }
    let top = 32 - allowed.leading_zeros();
    let low = allowed.trailing_zeros() + 1;
    let (lo, hi) = (
        count * low + count * (count - 1) / 2,
        count * (2 * top + 1 - count) / 2,
    );
    if sum < lo || sum > hi {
        return true;
    }
    let bit = 1 << (top - 1);
    let rest = allowed & !bit;
    if sum >= top && !walk(rest, count - 1, sum - top, chosen | bit, f) {
        return false;
    }
    walk(rest, count, sum, chosen, f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(n: usize, count: usize, sum: u32, allowed: u32) -> Vec<u32> {
        let mut out = Vec::new();
        Combos::of(n).each(count, sum, allowed, |m| {
            out.push(m);
            true
        });
        out.sort_unstable();
        out
    }

    #[test]
    fn the_table_and_the_walk_agree_on_every_count_and_sum() {
        let table = Combos::build(9);
        let walked = Combos {
            size: 9,
            all: 0x1ff,
            start: Vec::new(),
            masks: Vec::new(),
        };
        for count in 0..=9 {
            for sum in 0..=50 {
                for allowed in [0x1ff, 0x0f3, 0x155] {
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    table.each(count, sum, allowed, |m| {
                        a.push(m);
                        true
                    });
                    walked.each(count, sum, allowed, |m| {
                        b.push(m);
                        true
                    });
                    a.sort_unstable();
                    b.sort_unstable();
                    assert_eq!(a, b, "count {count} sum {sum} allowed {allowed:#x}");
                }
            }
        }
    }

    #[test]
    fn a_two_cell_cage_of_3_is_one_and_two() {
        assert_eq!(listed(9, 2, 3, 0x1ff), vec![0b11]);
        assert_eq!(listed(9, 2, 17, 0x1ff), vec![0b1_1000_0000]);
        assert_eq!(listed(9, 3, 6, 0x1fe), Vec::<u32>::new());
        assert_eq!(listed(25, 2, 49, u32::MAX >> 7), vec![3 << 23]);
    }
}
