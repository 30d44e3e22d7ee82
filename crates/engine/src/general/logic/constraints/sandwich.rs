//! Sandwich: the digits strictly between the 1 and the N of a row or column add up to the clue.
//! The clue fixes how many cells can lie between them (a sum of distinct digits from 2 to N-1
//! needs at least and at most so many), so how far apart the two crusts are. For each way of
//! placing the crusts that far apart, every filling of the cells between them (distinct digits, as
//! in any row or column) that makes the sum is looked at (`fill`; past its budget, the
//! propagation's sums, repeats allowed); a digit that no such way puts in its cell goes.

use super::super::geometry::Geometry;
use super::super::position::{bit, ShapePosition};
use super::super::step::{Pattern, ShapeStep};
use super::super::words;
use super::fill::{Budget, FillSearch};
use super::{count, masks, removals, title};
use crate::general::constraints::{sum_to, Sums};
use crate::prose::or_list;
use crate::shape::{Cells, Constraint, Shape, UnitKind};
use crate::technique::Technique;

/// The first sandwich whose line loses a candidate.
pub fn sandwich(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let masks = masks(shape, pos);
    let budget = Budget::per_call();
    shape
        .constraints()
        .iter()
        .enumerate()
        .find_map(|(i, constraint)| {
            let Constraint::Sandwich { cells, sum } = constraint else {
                return None;
            };
            if cells.iter().any(|&c| masks[usize::from(c)] == 0) {
                return None;
            }
            let kept = narrow(cells, &masks, shape.size(), *sum, &budget);
            let out: Vec<(u16, u32)> = cells.iter().zip(&kept).map(|(&c, &k)| (c, !k)).collect();
            let removed = removals(pos, &out);
            if removed.is_empty() {
                return None;
            }
            let n = shape.size();
            let apart = match gaps(n, *sum).as_slice() {
                [0] => "side by side".to_string(),
                gaps => format!("{} cells apart", or_list(gaps.iter().map(|g| count(g + 1)))),
            };
            let explanation = format!(
                "{}: the digits between the {} and the {} add up to {sum}, so those two lie \
                 {apart}; no way of filling {} from its candidates puts these there, so they can \
                 be removed: {}.",
                title(shape, i),
                shape.symbol(1),
                shape.symbol(n as u8),
                line_name(shape, cells),
                words::removal_sets(shape, &removed)
            );
            let unit = unit_of(shape, cells);
            Some(ShapeStep::elimination(
                Technique::Sandwich,
                removed,
                Pattern {
                    cells: cells.iter().map(|&c| usize::from(c)).collect(),
                    units: unit.into_iter().collect(),
                    values: vec![1, n as u8],
                },
                explanation,
            ))
        })
}

/// What each cell of the line keeps: the union, over every way of placing the two crusts as far
/// apart as the sum allows (`gaps`) in cells that can hold them, with the cells between able to
/// reach the sum (repeats allowed, as the propagation's sums), of what that way leaves each cell.
/// Every way the solution's line can take is among them, so nothing it holds goes.
fn narrow(cells: &[u16], masks: &[u32], n: usize, sum: u32, budget: &Budget) -> Vec<u32> {
    let crusts = bit(1) | bit(n as u8);
    let gaps = gaps(n, sum);
    let len = cells.len();
    let at = |i: usize| masks[usize::from(cells[i])];
    let mut kept = vec![0u32; len];
    for p in 0..len {
        for q in p + 1..len {
            if !gaps.contains(&(q - p - 1)) {
                continue;
            }
            let fillers = (0..len).all(|i| i == p || i == q || at(i) & !crusts != 0);
            if !fillers {
                continue;
            }
            for (x, y) in [(1, n as u8), (n as u8, 1)] {
                if at(p) & bit(x) == 0 || at(q) & bit(y) == 0 {
                    continue;
                }
                let Some(inside) = between(&cells[p + 1..q], masks, crusts, sum, budget) else {
                    continue;
                };
                kept[p] |= bit(x);
                kept[q] |= bit(y);
                for (i, keep) in kept.iter_mut().enumerate() {
                    if i == p || i == q {
                        continue;
                    }
                    *keep |= match i.checked_sub(p + 1) {
                        Some(j) if i < q => inside[j],
                        _ => at(i) & !crusts,
                    };
                }
            }
        }
    }
    kept
}

/// What each of the cells between the crusts keeps when they make `sum` (digits other than the
/// crusts, none repeated: they share a row or column), or `None` when they cannot. Past the
/// search's budget, the propagation's sums (repeats allowed) decide.
fn between(
    inside: &[u16],
    masks: &[u32],
    crusts: u32,
    sum: u32,
    budget: &Budget,
) -> Option<Vec<u32>> {
    if inside.is_empty() {
        return (sum == 0).then(Vec::new);
    }
    let m: Vec<u32> = inside
        .iter()
        .map(|&c| masks[usize::from(c)] & !crusts)
        .collect();
    let mut least = vec![0u32; m.len() + 1];
    let mut most = vec![0u32; m.len() + 1];
    for j in (0..m.len()).rev() {
        least[j] = least[j + 1] + m[j].trailing_zeros() + 1;
        most[j] = most[j + 1] + 32 - m[j].leading_zeros();
    }
    let total = |vals: &[u8]| -> u32 { vals.iter().map(|&v| u32::from(v)).sum() };
    let hopeful = |vals: &[u8]| {
        let so_far = total(vals);
        so_far + least[vals.len()] <= sum && sum <= so_far + most[vals.len()]
    };
    let fits = |vals: &[u8]| total(vals) == sum;
    let exact = FillSearch {
        masks: m.clone(),
        differ: (0..m.len()).map(|i| (1u64 << i.min(63)) - 1).collect(),
        hopeful: &hopeful,
        fits: &fits,
        budget,
    }
    .kept();
    if let Some(kept) = exact {
        return (kept[0] != 0).then_some(kept);
    }
    let mut cand = masks.to_vec();
    for (&c, &mask) in inside.iter().zip(&m) {
        cand[usize::from(c)] = mask;
    }
    let mut out = Vec::new();
    // Each cell its own clique: the propagation's weakest reading, sound past the budget.
    let singles: Vec<Vec<u16>> = inside.iter().map(|&c| vec![c]).collect();
    let reached = sum_to(&singles, &cand, &Sums::only(sum as usize), &mut out);
    reached.contains(sum as usize).then(|| {
        inside
            .iter()
            .zip(&m)
            .map(|(&c, &mask)| {
                out.iter()
                    .filter(|&&(d, _)| d == c)
                    .fold(mask, |keep, &(_, gone)| keep & !gone)
            })
            .collect()
    })
}

/// How many cells can lie between the crusts: `g` cells of distinct digits from 2 to N-1 sum to
/// anything from 2 + ... + (g+1) to (N-1) + ... + (N-g).
fn gaps(n: usize, sum: u32) -> Vec<usize> {
    (0..=n.saturating_sub(2))
        .filter(|&g| {
            let least: usize = (2..2 + g).sum();
            let most: usize = (n - g..n).sum();
            (least..=most).contains(&(sum as usize))
        })
        .collect()
}

/// `row C` or `column 4`: the sandwich's line, as the shape names its unit.
pub fn line_name(shape: &Shape, cells: &[u16]) -> String {
    match unit_of(shape, cells) {
        Some(u) => shape.unit_name(u),
        None => super::line(shape, cells),
    }
}

/// The row or column unit holding every cell of the line.
fn unit_of(shape: &Shape, cells: &[u16]) -> Option<usize> {
    let first = usize::from(*cells.first()?);
    shape
        .units_of(first)
        .iter()
        .map(|&u| usize::from(u))
        .find(|&u| {
            matches!(shape.unit_kind(u), UnitKind::Row(_) | UnitKind::Column(_))
                && cells.iter().all(|c| shape.unit(u).contains(c))
        })
}

#[cfg(test)]
mod tests {
    use super::gaps;

    #[test]
    fn a_sum_fixes_how_many_cells_lie_between_the_crusts() {
        assert_eq!(gaps(9, 0), vec![0]);
        assert_eq!(gaps(9, 35), vec![7]);
        assert_eq!(gaps(9, 5), vec![1, 2]);
        assert_eq!(gaps(9, 12), vec![2, 3]);
    }
}
