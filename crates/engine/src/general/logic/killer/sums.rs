//! Which values cells with a known sum can still take. Cells that must all differ (a cage, or
//! cells of one unit) take the values of some combination of distinct values reaching the sum,
//! one value each: a combination counts only when the cells can take its values one each (a
//! matching, found by augmenting paths), and a cell keeps a value only when the other cells can
//! then take the rest. Cells that may repeat a value (innies spread over several units) are filled
//! every way by a bounded walk. Both answer exactly what some filling allows, so what they remove
//! no filling, and so not the solution, can hold.

use super::super::position::{bit, ShapePosition};
use crate::general::cages::Combos;
use crate::prose::or_list;
use crate::shape::Shape;

/// Combinations looked at for one set of cells before it is left alone (kept cheap on 25x25).
const MAX_COMBINATIONS: usize = 4096;
/// Largest set of distinct cells whose combinations are walked on grids above 16x16.
const MAX_WALKED_CELLS: usize = 5;
/// Largest set of cells that may repeat a value that is filled every way.
pub const MAX_FREE_CELLS: usize = 4;

/// The fillings of a set of open cells with a sum.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fillings {
    /// For each cell, the values some filling puts there.
    pub possible: Vec<u32>,
    /// The distinct value sets of the fillings, each ascending (at most [`SHOWN`] kept).
    pub ways: Vec<Vec<u8>>,
    /// How many value sets there are in all.
    pub count: usize,
    /// The values every filling uses.
    pub need: u32,
}

/// Value sets kept for an explanation.
pub const SHOWN: usize = 6;

impl Fillings {
    fn add_way(&mut self, values: Vec<u8>, set: u32) {
        if self.ways.len() < SHOWN && !self.ways.contains(&values) {
            self.ways.push(values);
        }
        self.count += 1;
        self.need &= set;
    }
}

/// Fillings of cells with candidates `cands` that all differ, summing to `sum`, on a grid of size
/// `n`; `None` when there are too many combinations to look at.
pub fn distinct(combos: &Combos, n: usize, cands: &[u32], sum: u32) -> Option<Fillings> {
    distinct_where(combos, n, cands, sum, |_| true)
}

/// [`distinct`] counting only the combinations (value masks the cells can take one each) that
/// `keep` keeps.
pub fn distinct_where(
    combos: &Combos,
    n: usize,
    cands: &[u32],
    sum: u32,
    mut keep: impl FnMut(u32) -> bool,
) -> Option<Fillings> {
    // Above 16 the combinations are walked, not tabled: a large cage would cost each step dearly.
    if n > 16 && cands.len() > MAX_WALKED_CELLS {
        return None;
    }
    let union = cands.iter().fold(0, |a, &m| a | m);
    let mut found = Vec::new();
    let mut over = false;
    combos.each(cands.len(), sum, union, |m| {
        if found.len() < MAX_COMBINATIONS {
            found.push(m);
            true
        } else {
            over = true;
            false
        }
    });
    if over {
        return None;
    }
    found.sort_unstable_by_key(|&m| values(m));
    let mut out = Fillings {
        possible: vec![0; cands.len()],
        need: u32::MAX,
        ..Fillings::default()
    };
    for m in found {
        if !matched(cands, m, None) || !keep(m) {
            continue;
        }
        for (i, &cand) in cands.iter().enumerate() {
            let mut open = cand & m & !out.possible[i];
            while open != 0 {
                let b = open & open.wrapping_neg();
                open &= open - 1;
                if matched(cands, m & !b, Some(i)) {
                    out.possible[i] |= b;
                }
            }
        }
        out.add_way(values(m), m);
    }
    Some(out)
}

/// Fillings of cells with candidates `cands` summing to `sum`, where cells `i` and `j` must differ
/// when `differ(i, j)`; `None` when there are more than [`MAX_FREE_CELLS`] cells.
pub fn free(cands: &[u32], sum: u32, differ: impl Fn(usize, usize) -> bool) -> Option<Fillings> {
    if cands.len() > MAX_FREE_CELLS {
        return None;
    }
    let mut out = Fillings {
        possible: vec![0; cands.len()],
        need: u32::MAX,
        ..Fillings::default()
    };
    let mut chosen = Vec::with_capacity(cands.len());
    let mut seen_sets = Vec::new();
    fill(cands, sum, &differ, &mut chosen, &mut |chosen: &[u8]| {
        for (i, &v) in chosen.iter().enumerate() {
            out.possible[i] |= bit(v);
        }
        let mut sorted = chosen.to_vec();
        sorted.sort_unstable();
        if !seen_sets.contains(&sorted) {
            let set = sorted.iter().fold(0, |a, &v| a | bit(v));
            seen_sets.push(sorted.clone());
            out.add_way(sorted, set);
        }
    });
    out.ways.sort();
    Some(out)
}

/// Every filling of the cells after `chosen`, cut when the sum is out of reach.
fn fill(
    cands: &[u32],
    sum: u32,
    differ: &impl Fn(usize, usize) -> bool,
    chosen: &mut Vec<u8>,
    found: &mut impl FnMut(&[u8]),
) {
    let i = chosen.len();
    if i == cands.len() {
        if sum == 0 {
            found(chosen);
        }
        return;
    }
    let rest = &cands[i + 1..];
    let low: u32 = rest.iter().map(|&m| m.trailing_zeros() + 1).sum();
    let high: u32 = rest.iter().map(|&m| 32 - m.leading_zeros()).sum();
    for v in super::super::position::values_of(cands[i]) {
        let v32 = u32::from(v);
        if v32 > sum || sum - v32 < low || sum - v32 > high {
            continue;
        }
        if chosen
            .iter()
            .enumerate()
            .any(|(j, &w)| w == v && differ(i, j))
        {
            continue;
        }
        chosen.push(v);
        fill(cands, sum - v32, differ, chosen, found);
        chosen.pop();
    }
}

/// Whether cells with candidates `cands` that all differ can reach `sum` at all.
pub fn any_distinct(combos: &Combos, cands: &[u32], sum: u32) -> bool {
    let union = cands.iter().fold(0, |a, &m| a | m);
    let mut any = false;
    combos.each(cands.len(), sum, union, |m| {
        any = matched(cands, m, None);
        !any
    });
    any
}

/// The values of a mask, ascending.
pub fn values(mut m: u32) -> Vec<u8> {
    let mut out = Vec::new();
    while m != 0 {
        out.push(m.trailing_zeros() as u8 + 1);
        m &= m - 1;
    }
    out
}

/// Whether every cell but `skip` can take its own value of `avail` (one each).
fn matched(cands: &[u32], avail: u32, skip: Option<usize>) -> bool {
    let mut owner = [usize::MAX; 32];
    (0..cands.len())
        .filter(|&i| Some(i) != skip)
        .all(|i| augment(i, cands, avail, &mut owner, &mut 0))
}

/// Kuhn's augmenting path from cell `i`.
fn augment(i: usize, cands: &[u32], avail: u32, owner: &mut [usize; 32], seen: &mut u32) -> bool {
    let mut options = cands[i] & avail;
    while options != 0 {
        let b = options.trailing_zeros() as usize;
        options &= options - 1;
        if *seen & 1 << b != 0 {
            continue;
        }
        *seen |= 1 << b;
        if owner[b] == usize::MAX || augment(owner[b], cands, avail, owner, seen) {
            owner[b] = i;
            return true;
        }
    }
    false
}

/// `1+2+7`.
pub fn plus(values: &[u8]) -> String {
    values
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// A cage as it stands: the values placed in it, its open cells, their candidates less those
/// values, and what is left of its sum.
pub struct OpenCage {
    /// The values placed in it, with their cells.
    pub placed: Vec<(usize, u8)>,
    /// Its open cells.
    pub open: Vec<usize>,
    /// Their candidates less the values placed.
    pub cands: Vec<u32>,
    /// What is left of its sum.
    pub rest: u32,
}

impl OpenCage {
    /// Cage `k` in `pos`; `None` when it is full or its placed values pass its sum.
    pub fn of(shape: &Shape, pos: &ShapePosition, k: usize) -> Option<OpenCage> {
        let cage = &shape.cages()[k];
        let (mut placed, mut open) = (Vec::new(), Vec::new());
        for &c in &cage.cells {
            let c = usize::from(c);
            match pos.value(c) {
                0 => open.push(c),
                v => placed.push((c, v)),
            }
        }
        if open.is_empty() {
            return None;
        }
        let placed_sum: u32 = placed.iter().map(|&(_, v)| u32::from(v)).sum();
        let rest = cage.sum.checked_sub(placed_sum)?;
        let taken = placed.iter().fold(0, |a, &(_, v)| a | bit(v));
        let cands = open.iter().map(|&c| pos.candidates(c) & !taken).collect();
        Some(OpenCage {
            placed,
            open,
            cands,
            rest,
        })
    }
}

/// `1+2+7 or 1+3+6`, or `one of 9 combinations (1+2+9, ...)` when there are many.
pub fn ways_words(f: &Fillings) -> String {
    let shown: Vec<String> = f.ways.iter().map(|w| plus(w)).collect();
    if f.count <= SHOWN {
        or_list(shown)
    } else {
        format!(
            "one of {} combinations ({}, ...)",
            f.count,
            shown.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(values: &[u8]) -> u32 {
        values.iter().fold(0, |a, &v| a | bit(v))
    }

    #[test]
    fn a_cage_of_two_summing_to_3_is_one_and_two() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let f = distinct(&Combos::of(9), 9, &[all, all], 3).unwrap();
        assert_eq!(f.possible, vec![mask(&[1, 2]); 2]);
        assert_eq!(f.ways, vec![vec![1, 2]]);
        assert_eq!(f.need, mask(&[1, 2]));
    }

    #[test]
    fn a_combination_the_cells_cannot_take_one_each_does_not_count() {
        // 1+2+7 and 1+3+6 reach 10, but the first two cells can only hold 1 or 2: 3+6 is out.
        let f = distinct(
            &Combos::of(9),
            9,
            &[mask(&[1, 2]), mask(&[1, 2]), mask(&[3, 6, 7])],
            10,
        )
        .unwrap();
        assert_eq!(f.possible, vec![mask(&[1, 2]), mask(&[1, 2]), mask(&[7])]);
        assert_eq!(f.count, 1);
    }

    #[test]
    fn cells_that_may_repeat_take_repeated_values() {
        let all = mask(&[1, 2, 3, 4]);
        let f = free(&[all, all], 8, |_, _| false).unwrap();
        assert_eq!(f.possible, vec![mask(&[4]); 2]);
        assert_eq!(f.ways, vec![vec![4, 4]]);
        let f = free(&[all, all], 8, |_, _| true).unwrap();
        assert_eq!(f.count, 0);
    }
}
