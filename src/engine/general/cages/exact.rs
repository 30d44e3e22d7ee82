//! The exact narrowing of a distinct group on grids up to 9x9: each open cell keeps the values it
//! takes in some assignment of distinct candidates to every open cell that reaches the group's sum
//! (generalized arc consistency on the cage), and the values every such assignment uses are
//! reported (for the cage's pointing).
//!
//! Combinations checked by Hall's condition keep a value in a cell whenever some matchable
//! combination holds it, even when no matching gives it to that cell; this keeps only what a
//! complete assignment uses. The search assigns the open cells in order (fewest candidates first)
//! and remembers, per set of values used so far, whether the rest can be completed: the set fixes
//! how many cells are assigned and what is left of the sum, so on 9x9 there are at most 512 states
//! and each is expanded once, whatever the candidates.

/// The largest N narrowed exactly: its states (sets of values) fit [`Memo`].
pub(super) const EXACT_UP_TO: usize = 9;

/// Groups are narrowed exactly up to this many open cells: on the hard killers of
/// `puzzles/killer/hard.txt`, exact narrowing of groups of up to 4 open cells cut the nodes by
/// 40-45% (tarek's "Unsolvable 41"), while beyond 4 the search over value sets cost more per node
/// than it saved (Hall's condition on combinations does those).
pub(super) const EXACT_CELLS: usize = 4;

/// Per set of values used, whether the rest completes: 0 not yet known, 1 yes, 2 no.
type Memo = [u8; 1 << EXACT_UP_TO];

/// What the exact narrowing found on a completable group.
pub(super) struct Supports {
    /// Per open cell (in the order given), the values some completion gives it.
    pub(super) values: [u32; 32],
    /// The values every completion uses.
    pub(super) need: u32,
}

/// The supports of `open`'s cells (candidates `cand`, values limited to `allowed`) for distinct
/// values summing to `rest`; `None` when no assignment does.
pub(super) fn supports(open: &[u16], cand: &[u32], allowed: u32, rest: u32) -> Option<Supports> {
    debug_assert!(allowed < 1 << EXACT_UP_TO && open.len() <= EXACT_UP_TO);
    // Fewest candidates first: the search fails sooner.
    let mut order = [0u8; EXACT_UP_TO];
    let mut masks = [0u32; EXACT_UP_TO];
    let k = open.len();
    for (i, &c) in open.iter().enumerate() {
        order[i] = i as u8;
        masks[i] = cand[usize::from(c)] & allowed;
    }
    order[..k].sort_unstable_by_key(|&i| masks[usize::from(i)].count_ones());
    let mut walk = Walk {
        masks: [0; EXACT_UP_TO],
        later: [0; EXACT_UP_TO + 1],
        k,
        memo: [0; 1 << EXACT_UP_TO],
        found: [0; EXACT_UP_TO],
        need: u32::MAX,
        unseen: 0,
        bounds: bounds(),
    };
    for (slot, &i) in order[..k].iter().enumerate() {
        walk.masks[slot] = masks[usize::from(i)];
        walk.unseen += masks[usize::from(i)].count_ones();
    }
    for slot in (0..k).rev() {
        walk.later[slot] = walk.later[slot + 1] | walk.masks[slot];
    }
    if !walk.complete(0, 0, rest) {
        return None;
    }
    let mut values = [0u32; 32];
    for (slot, &i) in order[..k].iter().enumerate() {
        values[usize::from(i)] = walk.found[slot];
    }
    Some(Supports {
        values,
        need: walk.need,
    })
}

/// The search's state: the cells' candidates in search order and what it has found.
struct Walk {
    masks: [u32; EXACT_UP_TO],
    /// `later[i]`: the union of the candidates of cells `i..`.
    later: [u32; EXACT_UP_TO + 1],
    k: usize,
    memo: Memo,
    /// Per cell in search order, the values some completion gives it.
    found: [u32; EXACT_UP_TO],
    need: u32,
    /// Candidates no completion has given their cell yet: at 0, with no value needed, nothing
    /// more can be learned and the search stops.
    unseen: u32,
    bounds: &'static Bounds,
}

/// Per set of values (bits of 1..=9) and count, the smallest and largest sums of that many of them.
struct Bounds {
    low: Vec<[u8; EXACT_UP_TO + 1]>,
    high: Vec<[u8; EXACT_UP_TO + 1]>,
}

/// The sum bounds, built on first use.
fn bounds() -> &'static Bounds {
    static BUILT: std::sync::OnceLock<Bounds> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| {
        let sets = 1usize << EXACT_UP_TO;
        let mut low = vec![[u8::MAX; EXACT_UP_TO + 1]; sets];
        let mut high = vec![[0u8; EXACT_UP_TO + 1]; sets];
        for set in 0..sets {
            let values: Vec<u8> = (0..EXACT_UP_TO as u8)
                .filter(|v| set >> v & 1 != 0)
                .map(|v| v + 1)
                .collect();
            for count in 0..=values.len() {
                low[set][count] = values[..count].iter().sum();
                high[set][count] = values[values.len() - count..].iter().sum();
            }
        }
        Bounds { low, high }
    })
}

impl Walk {
    /// Whether the cells from `i` on can take distinct values outside `used` summing to `left`,
    /// recording every value that some completion gives each of them.
    fn complete(&mut self, i: usize, used: u32, left: u32) -> bool {
        if i + 1 == self.k {
            // The last cell's value is what is left of the sum.
            let fits = (1..=32).contains(&left) && (self.masks[i] & !used) >> (left - 1) & 1 != 0;
            if fits {
                let bit = 1 << (left - 1);
                self.see(i, bit);
                self.need &= used | bit;
            }
            return fits;
        }
        match self.memo[used as usize] {
            1 => return true,
            2 => return false,
            _ => {}
        }
        // Even the smallest or largest values left cannot make up the rest of the sum.
        let avail = (self.later[i] & !used) as usize;
        let cells = self.k - i;
        let left8 = left.min(255) as u8;
        if left8 < self.bounds.low[avail][cells] || left8 > self.bounds.high[avail][cells] {
            self.memo[used as usize] = 2;
            return false;
        }
        let mut options = self.masks[i] & !used;
        let mut any = false;
        while options != 0 {
            let v = options.trailing_zeros() + 1;
            if v > left {
                break;
            }
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            if self.complete(i + 1, used | bit, left - v) {
                self.see(i, bit);
                any = true;
                if self.unseen == 0 && self.need == 0 {
                    return true;
                }
            }
        }
        self.memo[used as usize] = if any { 1 } else { 2 };
        any
    }

    /// Records that some completion gives `bit` to cell `i`.
    fn see(&mut self, i: usize, bit: u32) {
        if self.found[i] & bit == 0 {
            self.found[i] |= bit;
            self.unseen -= 1;
        }
    }
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
        let mut state = 0x51_7cc1_b727_220au64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        let (mut possible, mut impossible) = (0, 0);
        for round in 0..20_000 {
            let n = [4u32, 6, 9][round % 3];
            let all = (1u32 << n) - 1;
            let k = 1 + next(u64::from(n)) as usize;
            let cells: Vec<u32> = (0..k)
                .map(|_| (next(u64::from(all)) as u32 + 1) & all | 1 << next(u64::from(n)))
                .collect();
            let sum = next(u64::from(n * (n + 1) / 2) + 1) as u32;
            let open: Vec<u16> = (0..k as u16).collect();
            let expected = brute(&cells, sum);
            let got = supports(&open, &cells, all, sum);
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
