//! Hall's condition on a combination: whether a group's open cells can take its values one each,
//! every cell a candidate of its own. Five open cells that can only hold 1 and 2 between them
//! cannot take `12389`, though the combination's values all appear among their candidates.

use super::subsets;

/// Whether the open cells (at most [`subsets::MAX_CELLS`]) can take the values of `m` (as many as
/// they are) one each, every cell a candidate of its own: the greedy test, then the sets of values
/// the cells can take one by one ([`subsets`]).
pub(super) fn matches(open: &[u16], cand: &[u32], m: u32) -> bool {
    greedy_matches(open, cand, m) || subsets::matches(open.iter().map(|&c| cand[usize::from(c)]), m)
}

/// A quick sufficient test for [`matches`]: with the cells taken in order of fewest values of `m`,
/// the `j`-th (from 1) finds a value the earlier ones left when it has at least `j`; that holds for
/// every cell when no `t` cells or more have `t - 1` values or fewer.
fn greedy_matches(open: &[u16], cand: &[u32], m: u32) -> bool {
    let k = open.len();
    debug_assert!(k <= subsets::MAX_CELLS);
    // `few[t]`: how many cells have exactly `t` values of `m` (`k` for `k` or more). Small, so
    // not cleared by a call to `memset`.
    let mut few = [0u8; subsets::MAX_CELLS + 1];
    for &c in open {
        let t = (cand[usize::from(c)] & m).count_ones() as usize;
        few[t.min(k)] += 1;
    }
    let mut at_most = 0;
    for (t, &cells) in few[..k].iter().enumerate() {
        at_most += usize::from(cells);
        if at_most > t {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether some assignment gives each cell a distinct value of `m` among its candidates.
    fn brute_matches(cells: &[u32], m: u32, used: u32) -> bool {
        let Some((&first, rest)) = cells.split_first() else {
            return true;
        };
        let mut options = first & m & !used;
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            if brute_matches(rest, m, used | bit) {
                return true;
            }
        }
        false
    }

    #[test]
    fn hall_s_condition_agrees_with_trying_every_assignment() {
        let mut next = super::super::xorshift::below_from(0x1234_5678_9abc_def1);
        // Five cells that can only hold 1 and 2 between them cannot take 1, 2, 3, 8 and 9.
        let open: Vec<u16> = (0..5).collect();
        assert!(!matches(&open, &[0b11; 5], 0b1_1000_0111));
        let (mut yes, mut no) = (0, 0);
        for _ in 0..5000 {
            let k = 1 + next(6) as usize;
            let cand: Vec<u32> = (0..k).map(|_| 1 + next(511) as u32).collect();
            let mut m = 0u32;
            while m.count_ones() < k as u32 {
                m |= 1 << next(9);
            }
            let open: Vec<u16> = (0..k as u16).collect();
            let expected = brute_matches(&cand, m, 0);
            assert_eq!(matches(&open, &cand, m), expected, "{cand:?} {m:b}");
            if expected {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 500 && no > 500, "{yes} matchable, {no} not");
    }
}
