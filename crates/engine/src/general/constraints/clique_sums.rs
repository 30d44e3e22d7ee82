//! Sums over cells that may repeat values between cliques (arrows, pills, little killers): a value
//! stays in a cell when some choice of one value per cell, distinct within each clique of mutual
//! peers, reaches a target sum with it. Each clique's assignments are enumerated (its reachable
//! sums, and per sum each cell's values that reach it), then sums are passed forward and back
//! along the cliques as bit sets, as a line automaton would.
//!
//! A propagator runs this at every node of a search. Most lines (cliques of up to three cells,
//! sums under 128: every 9x9 diagonal, most arrows) are read in registers by `small_sums`, with
//! the same result; the others walk here, their tables in a [`SumScratch`] that is reused, each
//! clique's enumeration kept until its candidates change, and sums under 128 in two-word sets.

use std::collections::HashMap;

use super::small_sums;
use super::sums::{bits, Sums};
use super::Out;

/// Past this many assignments of one clique, its cells are read one by one instead (repeats
/// allowed): sound, only weaker. Three cells of nine candidates have 504; four, 3,024.
const MAX_ASSIGNMENTS: usize = 4096;

/// The largest sum of a clique: every value of a 25x25 once.
const MAX_CLIQUE_SUM: usize = 25 * 26 / 2;

/// Sums held in two words: every reachable sum of a line whose cells' largest values add up to less.
const SMALL: usize = 128;

/// One item of a sum: a clique (or, past the cap, one of its cells) with its reachable sums.
#[derive(Clone, Copy, Debug)]
struct SumItem {
    /// Where its cells start in [`SumScratch::cells`], and how many.
    cells: usize,
    len: usize,
    /// Where its sums start and end in [`SumScratch::sums`].
    sums: usize,
    sums_end: usize,
    /// Where its supports start in [`SumScratch::supports`]: `len` masks per sum, in the sums'
    /// order (cell `i`'s values in some assignment reaching that sum).
    supports: usize,
}

/// The reusable tables of [`SumScratch::sum_to`].
#[derive(Debug, Default)]
pub(crate) struct SumScratch {
    items: Vec<SumItem>,
    cells: Vec<u16>,
    sums: Vec<usize>,
    supports: Vec<u32>,
    /// Each sum's place among the sums of the clique being walked (`u16::MAX`: not met yet);
    /// allocated by the first clique walked, since every propagation owns a scratch space and
    /// most shapes have no sums.
    option_of: Vec<u16>,
    small: Passes<2>,
    large: Passes<10>,
    /// Each clique's last enumeration, by the address of its cells: a propagation narrows a sum
    /// again whenever one of its cells changes, and its other cliques have not.
    memo: HashMap<usize, Memo>,
}

/// A clique's enumeration for the candidates it was made from.
#[derive(Debug, Default)]
struct Memo {
    cells: Vec<u16>,
    masks: Vec<u32>,
    /// `false` when the clique had more than [`MAX_ASSIGNMENTS`].
    complete: bool,
    sums: Vec<usize>,
    supports: Vec<u32>,
}

/// The forward and backward sets of one width.
#[derive(Debug, Default)]
struct Passes<const W: usize> {
    forward: Vec<Sums<W>>,
    back: Vec<Sums<W>>,
}

/// Keeps, in the cells of `cliques`, the values of some choice (one value per cell, distinct
/// within each clique, repeats allowed between cliques) whose sum is in `target`; returns every
/// sum the cells reach, before narrowing. Cliques come from the shape's peers: an arrow's or a
/// diagonal's cells in one box cannot repeat, and reading them together is what rules out
/// `1 + 1 + 1` for a circle of 3 in one box. For one call; a propagator keeps a [`SumScratch`].
pub(crate) fn sum_to(cliques: &[Vec<u16>], cand: &[u32], target: &Sums, out: &mut Out) -> Sums {
    SumScratch::default().sum_to(cliques, cand, target, out)
}

impl SumScratch {
    /// [`sum_to`], in this scratch space.
    pub(crate) fn sum_to(
        &mut self,
        cliques: &[Vec<u16>],
        cand: &[u32],
        target: &Sums,
        out: &mut Out,
    ) -> Sums {
        let most: usize = (cliques.iter().flatten())
            .map(|&c| 32 - cand[usize::from(c)].leading_zeros() as usize)
            .sum();
        if most < SMALL {
            let small: Sums<2> = target.resized();
            if let Some(reached) = small_sums::sum_to(cliques, cand, most, small.as_u128(), out) {
                return Sums::<2>::of_u128(reached).resized();
            }
        }
        self.walked(cliques, cand, target, most, out)
    }

    /// [`SumScratch::sum_to`] by enumerating each clique's assignments, whatever its size (`most`:
    /// what the cells' largest values add up to).
    pub(super) fn walked(
        &mut self,
        cliques: &[Vec<u16>],
        cand: &[u32],
        target: &Sums,
        most: usize,
        out: &mut Out,
    ) -> Sums {
        self.items.clear();
        self.cells.clear();
        self.sums.clear();
        self.supports.clear();
        for cells in cliques {
            if !self.clique(cells, cand) {
                for &cell in cells {
                    self.single(cell, cand);
                }
            }
        }
        if most < SMALL {
            let mut passes = std::mem::take(&mut self.small);
            let reached = self.pass(&mut passes, &target.resized(), cand, out);
            self.small = passes;
            reached.resized()
        } else {
            let mut passes = std::mem::take(&mut self.large);
            let reached = self.pass(&mut passes, target, cand, out);
            self.large = passes;
            reached
        }
    }

    /// Passes sums forward and back along the items, keeps in each cell the values of the sums
    /// that reach the target, and answers every sum reached.
    fn pass<const W: usize>(
        &self,
        passes: &mut Passes<W>,
        target: &Sums<W>,
        cand: &[u32],
        out: &mut Out,
    ) -> Sums<W> {
        let n = self.items.len();
        // forward[i]: the sums of the first i items; back[i]: the partial sums of the first i
        // items that the rest can complete into the target.
        passes.forward.clear();
        passes.forward.push(Sums::only(0));
        for item in &self.items {
            let last = passes.forward.last().copied().expect("one");
            let mut next = Sums::default();
            for &s in &self.sums[item.sums..item.sums_end] {
                next.union(&last.up(s));
            }
            passes.forward.push(next);
        }
        passes.back.clear();
        passes.back.resize(n + 1, *target);
        for (i, item) in self.items.iter().enumerate().rev() {
            let mut prev = Sums::default();
            for &s in &self.sums[item.sums..item.sums_end] {
                prev.union(&passes.back[i + 1].down(s));
            }
            passes.back[i] = prev;
        }
        for (i, item) in self.items.iter().enumerate() {
            let k = item.len;
            let mut kept = [0u32; 32];
            let sums = &self.sums[item.sums..item.sums_end];
            for (o, &s) in sums.iter().enumerate() {
                if passes.forward[i].up(s).meets(&passes.back[i + 1]) {
                    let supports = &self.supports[item.supports + o * k..][..k];
                    for (keep, support) in kept.iter_mut().zip(supports) {
                        *keep |= support;
                    }
                }
            }
            for (&c, keep) in self.cells[item.cells..][..k].iter().zip(kept) {
                let gone = cand[usize::from(c)] & !keep;
                if gone != 0 {
                    out.push((c, gone));
                }
            }
        }
        passes.forward[n]
    }

    /// One cell as an item: each of its values is a sum of its own.
    fn single(&mut self, cell: u16, cand: &[u32]) {
        let mask = cand[usize::from(cell)];
        self.items.push(SumItem {
            cells: self.cells.len(),
            len: 1,
            sums: self.sums.len(),
            sums_end: self.sums.len() + mask.count_ones() as usize,
            supports: self.supports.len(),
        });
        self.cells.push(cell);
        self.sums.extend(bits(mask));
        self.supports.extend(bits(mask).map(|v| 1u32 << (v - 1)));
    }

    /// `cells` as one item, every assignment of distinct values enumerated; `false` (and nothing
    /// kept) when there are more than [`MAX_ASSIGNMENTS`].
    fn clique(&mut self, cells: &[u16], cand: &[u32]) -> bool {
        if let [cell] = cells {
            self.single(*cell, cand);
            return true;
        }
        let mut masks = [0u32; 32];
        for (m, &c) in masks.iter_mut().zip(cells) {
            *m = cand[usize::from(c)];
        }
        let masks = &masks[..cells.len()];
        if self.option_of.is_empty() {
            self.option_of = vec![u16::MAX; MAX_CLIQUE_SUM + 1];
        }
        let (sums, supports) = (self.sums.len(), self.supports.len());
        let memo = self.memo.entry(cells.as_ptr() as usize).or_default();
        if memo.cells != cells || memo.masks != masks {
            memo.cells.clear();
            memo.cells.extend_from_slice(cells);
            memo.masks.clear();
            memo.masks.extend_from_slice(masks);
            memo.sums.clear();
            memo.supports.clear();
            let mut walk = CliqueWalk {
                masks,
                path: [0; 32],
                budget: MAX_ASSIGNMENTS,
                sums: &mut memo.sums,
                supports: &mut memo.supports,
                option_of: &mut self.option_of,
            };
            memo.complete = walk.from(0, 0, 0);
            for &s in &memo.sums {
                self.option_of[s] = u16::MAX;
            }
        }
        if !memo.complete {
            return false;
        }
        self.sums.extend_from_slice(&memo.sums);
        self.supports.extend_from_slice(&memo.supports);
        self.items.push(SumItem {
            cells: self.cells.len(),
            len: cells.len(),
            sums,
            sums_end: self.sums.len(),
            supports,
        });
        self.cells.extend_from_slice(cells);
        true
    }
}

/// The enumeration's state: the cells' candidates, the values taken so far, the clique's sums
/// and supports so far.
struct CliqueWalk<'w> {
    masks: &'w [u32],
    path: [u32; 32],
    budget: usize,
    sums: &'w mut Vec<usize>,
    supports: &'w mut Vec<u32>,
    option_of: &'w mut [u16],
}

impl CliqueWalk<'_> {
    /// Assigns cells `i..` distinct values outside `used`, recording each full assignment;
    /// `false` once the budget is spent.
    fn from(&mut self, i: usize, used: u32, sum: usize) -> bool {
        let k = self.masks.len();
        if i == k {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let o = match self.option_of[sum] {
                u16::MAX => {
                    self.option_of[sum] = self.sums.len() as u16;
                    self.sums.push(sum);
                    self.supports.extend(std::iter::repeat_n(0, k));
                    self.sums.len() - 1
                }
                o => usize::from(o),
            };
            for (support, bit) in self.supports[o * k..][..k].iter_mut().zip(&self.path) {
                *support |= bit;
            }
            return true;
        }
        for v in bits(self.masks[i] & !used) {
            self.path[i] = 1 << (v - 1);
            if !self.from(i + 1, used | self.path[i], sum + v) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: u32 = 0x1FF;

    #[test]
    fn cells_that_see_each_other_repeat_no_value_in_a_sum() {
        let cand = vec![ALL; 3];
        let mut out = Out::new();
        // One clique: 6 is 1 + 2 + 3 alone, and the least sum is 6.
        let reached = sum_to(&[vec![0, 1, 2]], &cand, &Sums::only(6), &mut out);
        assert!(!reached.contains(3) && reached.contains(6) && reached.contains(24));
        assert!(!reached.contains(25), "9 + 8 + 7 is the most");
        assert_eq!(out, vec![(0, 0x1F8), (1, 0x1F8), (2, 0x1F8)]);
        // Three cells that may repeat: 3 is 1 + 1 + 1, and 6 lets each cell be up to 4.
        out.clear();
        let reached = sum_to(
            &[vec![0], vec![1], vec![2]],
            &cand,
            &Sums::only(6),
            &mut out,
        );
        assert!(reached.contains(3) && reached.contains(27));
        assert_eq!(out, vec![(0, 0x1F0), (1, 0x1F0), (2, 0x1F0)]);
    }

    #[test]
    fn a_clique_keeps_the_values_of_its_own_assignments_only() {
        // A1 is 1 or 2, A2 is 1 or 2, in one clique, with a third cell apart; the sum is 5: the
        // pair is {1, 2} (3), so the third cell is 2, even though 1 + 1 + 3 would reach 5.
        let cand = vec![0b11, 0b11, ALL];
        let mut out = Out::new();
        sum_to(&[vec![0, 1], vec![2]], &cand, &Sums::only(5), &mut out);
        assert_eq!(out, vec![(2, ALL & !0b10)]);
    }

    #[test]
    fn a_clique_past_the_cap_is_read_cell_by_cell() {
        // Five cells of nine values have 15,120 assignments: read one by one, 1 + 1 + 1 + 1 + 1
        // reaches 5 (weaker, still sound).
        let cand = vec![ALL; 5];
        let mut out = Out::new();
        let reached = sum_to(&[vec![0, 1, 2, 3, 4]], &cand, &Sums::only(5), &mut out);
        assert!(reached.contains(5));
        assert_eq!(out.len(), 5);
        assert!(out.iter().all(|&(_, gone)| gone == ALL & !1));
    }

    #[test]
    fn a_clique_with_no_distinct_assignment_empties_its_cells() {
        // Two peers that both must be 4: no assignment at all.
        let cand = vec![0b1000, 0b1000];
        let mut out = Out::new();
        let reached = sum_to(&[vec![0, 1]], &cand, &Sums::only(8), &mut out);
        assert_eq!(reached, Sums::default());
        assert_eq!(out, vec![(0, 0b1000), (1, 0b1000)]);
    }

    #[test]
    fn large_sums_and_a_reused_scratch_give_what_a_fresh_one_does() {
        // Sixteen values: a 16-cell line of cells up to 16 reaches past 128, so the wide sets run;
        // the same scratch then narrows a small line, and both answer as fresh ones do.
        let all16 = 0xFFFF;
        let cand = vec![all16; 16];
        let line: Vec<Vec<u16>> = (0..16).map(|c| vec![c]).collect();
        let mut scratch = SumScratch::default();
        let (mut reused, mut fresh) = (Out::new(), Out::new());
        let wide = scratch.sum_to(&line, &cand, &Sums::only(250), &mut reused);
        assert_eq!(wide, sum_to(&line, &cand, &Sums::only(250), &mut fresh));
        assert!(wide.contains(256) && !wide.contains(257) && wide.contains(16));
        assert_eq!(reused, fresh);
        let cliques = [vec![0, 1, 2], vec![3]];
        let (mut reused, mut fresh) = (Out::new(), Out::new());
        let small = scratch.sum_to(&cliques, &cand, &Sums::only(7), &mut reused);
        assert_eq!(small, sum_to(&cliques, &cand, &Sums::only(7), &mut fresh));
        assert_eq!(reused, fresh);
        // 1 + 2 + 3 is the clique's least: the fourth cell is 1.
        assert!(reused.contains(&(3, all16 & !1)));
        // The clique's candidates change (its enumeration is kept until they do): 2 + 3 + 4 is
        // now the least, and 9 cannot be reached with the fourth cell at least 1.
        let mut narrowed = cand.clone();
        narrowed[0] &= !1;
        narrowed[1] &= !1;
        narrowed[2] &= !1;
        let (mut reused, mut fresh) = (Out::new(), Out::new());
        let again = scratch.sum_to(&cliques, &narrowed, &Sums::only(10), &mut reused);
        assert_eq!(
            again,
            sum_to(&cliques, &narrowed, &Sums::only(10), &mut fresh)
        );
        assert_eq!(reused, fresh);
        assert!(!again.contains(9) && again.contains(10));
        assert!(reused.contains(&(3, all16 & !1)));
    }
}
