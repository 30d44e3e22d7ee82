//! Line Sum and Renban: the constraints that add a line's digits up or read them as a run.
//!
//! - Line Sum: an arrow's digits add up to its circle (a pill's two cells read as a number, tens
//!   first), a little killer's to its clue; digits may repeat where no unit forbids it. Every
//!   filling of the cells (circle included) that makes the total, no digit repeated between two
//!   cells that see each other, is looked at (`fill`); a digit none holds goes. Past the search's
//!   budget, the propagation's sums (repeats allowed everywhere) narrow instead.
//! - Renban: the line holds a run of as many consecutive digits as it has cells, one digit to a
//!   cell. For each run, every way of giving its digits to the cells is looked at; a cell keeps the
//!   digits some way gives it. Past the budget, the propagation's windows narrow instead (a run fits
//!   when every cell has a candidate in it and the cells' candidates cover it).

use super::super::geometry::Geometry;
use super::super::position::ShapePosition;
use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words;
use super::fill::{seeing, Budget, FillSearch};
use super::{cells_of, count, masks, removals, title};
use crate::general::constraints::{arrow, renban_windows, sum_to, SumScratch, Sums};
use crate::prose::or_list;
use crate::shape::{Cells, Constraint, Shape};
use crate::technique::Technique;

/// The first arrow or little killer whose sum removes a candidate.
pub fn line_sum(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let masks = masks(shape, pos);
    let budget = Budget::per_call();
    shape
        .constraints()
        .iter()
        .enumerate()
        .find_map(|(i, constraint)| {
            let (line, target_words) = match constraint {
                Constraint::Arrow { circle, cells } => {
                    if cells
                        .iter()
                        .chain(circle)
                        .any(|&c| masks[usize::from(c)] == 0)
                    {
                        return None;
                    }
                    let circle_words = match circle.as_slice() {
                        [c] => format!("its circle {}", shape.cell_name(usize::from(*c))),
                        _ => format!(
                            "its pill {}, read as a two-digit number",
                            super::line(shape, circle)
                        ),
                    };
                    (cells, circle_words)
                }
                Constraint::LittleKiller { cells, sum } => {
                    if cells.iter().any(|&c| masks[usize::from(c)] == 0) {
                        return None;
                    }
                    (cells, format!("{sum}"))
                }
                _ => return None,
            };
            let (circle, clue): (&[u16], Option<u32>) = match constraint {
                Constraint::Arrow { circle, .. } => (circle, None),
                Constraint::LittleKiller { sum, .. } => (&[], Some(*sum)),
                _ => unreachable!("arrows and little killers only"),
            };
            let out = exact_sum(shape, circle, line, clue, &masks, &budget).unwrap_or_else(|| {
                let mut out = Vec::new();
                // Each cell its own clique: the propagation's weakest reading, sound past the
                // budget.
                let singles = |cells: &[u16]| cells.iter().map(|&c| vec![c]).collect::<Vec<_>>();
                match constraint {
                    Constraint::Arrow { circle, cells } => arrow(
                        circle,
                        &singles(cells),
                        &masks,
                        &mut SumScratch::default(),
                        &mut out,
                    ),
                    Constraint::LittleKiller { cells, sum } => {
                        sum_to(
                            &singles(cells),
                            &masks,
                            &Sums::only(*sum as usize),
                            &mut out,
                        );
                    }
                    _ => unreachable!("arrows and little killers only"),
                }
                out
            });
            let removed = removals(pos, &out);
            if removed.is_empty() {
                return None;
            }
            let explanation = format!(
                "The digits of {} add up to {target_words}, repeating only where no unit forbids \
                 it: no filling of its cells' candidates that makes the total holds these, so \
                 they can be removed: {}.",
                super::constraint_name(shape, i),
                words::removal_sets(shape, &removed)
            );
            Some(step(shape, Technique::LineSum, i, removed, explanation))
        })
}

/// The first renban whose runs remove a candidate.
pub fn renban(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let masks = masks(shape, pos);
    let budget = Budget::per_call();
    shape
        .constraints()
        .iter()
        .enumerate()
        .find_map(|(i, constraint)| {
            let Constraint::Renban { cells } = constraint else {
                return None;
            };
            let m: Vec<u32> = cells.iter().map(|&c| masks[usize::from(c)]).collect();
            if m.contains(&0) {
                return None;
            }
            let (out, fitting) = match exact_renban(shape, cells, &masks, &budget) {
                Some(found) => found,
                None => {
                    let mut out = Vec::new();
                    renban_windows(cells, &masks, shape.size(), &mut out);
                    (out, runs(shape.size(), &m))
                }
            };
            let removed = removals(pos, &out);
            if removed.is_empty() {
                return None;
            }
            let k = cells.len();
            let runs: Vec<String> = fitting
                .into_iter()
                .map(|start| {
                    format!(
                        "{}-{}",
                        shape.symbol(start as u8 + 1),
                        shape.symbol((start + k) as u8)
                    )
                })
                .collect();
            let held: Vec<String> = cells
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| pos.value(c) != 0)
                .map(|c| {
                    format!(
                        "{} holds {}",
                        shape.cell_name(c),
                        shape.symbol(pos.value(c))
                    )
                })
                .collect();
            let runs_words = match runs.len() {
                1 => format!("only the run {} fits", runs[0]),
                _ => format!("only the runs {} fit", or_list(&runs)),
            };
            let runs_words = format!("{runs_words}, one digit to a cell");
            let repeat = if held.is_empty() {
                String::new()
            } else {
                format!(", none repeated ({})", held.join(", "))
            };
            let explanation = format!(
                "{} holds {} consecutive digits in some order{repeat}: with its cells' \
                 candidates {runs_words}, so these can be removed: {}.",
                title(shape, i),
                count(k),
                words::removal_sets(shape, &removed)
            );
            Some(step(shape, Technique::Renban, i, removed, explanation))
        })
}

/// The removals of an arrow (its `circle`, one or two cells) or a little killer (its `clue`) over
/// every filling of its cells, no digit repeated between two cells that see each other (circle
/// included); `None` when the fillings are too many to look at.
fn exact_sum(
    shape: &Shape,
    circle: &[u16],
    line: &[u16],
    clue: Option<u32>,
    masks: &[u32],
    budget: &Budget,
) -> Option<Removals> {
    let all: Vec<usize> = circle.iter().chain(line).map(|&c| usize::from(c)).collect();
    let m: Vec<u32> = all.iter().map(|&c| masks[c]).collect();
    let c = circle.len();
    let mut least = vec![0u32; line.len() + 1];
    let mut most = vec![0u32; line.len() + 1];
    for j in (0..line.len()).rev() {
        let mask = m[c + j];
        least[j] = least[j + 1] + mask.trailing_zeros() + 1;
        most[j] = most[j + 1] + 32 - mask.leading_zeros();
    }
    let target = |vals: &[u8]| -> u32 {
        clue.unwrap_or_else(|| vals[..c].iter().fold(0, |acc, &v| acc * 10 + u32::from(v)))
    };
    let total = |vals: &[u8]| -> u32 { vals[c..].iter().map(|&v| u32::from(v)).sum() };
    let hopeful = |vals: &[u8]| {
        if vals.len() < c {
            return true;
        }
        let (t, done) = (target(vals), vals.len() - c);
        let so_far = total(vals);
        so_far + least[done] <= t && t <= so_far + most[done]
    };
    let fits = |vals: &[u8]| total(vals) == target(vals);
    let kept = FillSearch {
        masks: m.clone(),
        differ: seeing(shape, &all),
        hopeful: &hopeful,
        fits: &fits,
        budget,
    }
    .kept()?;
    Some(
        all.iter()
            .zip(m.iter().zip(&kept))
            .map(|(&cell, (&mask, &k))| (cell as u16, mask & !k))
            .collect(),
    )
}

/// The removals of a renban over every filling of each run that fits (its digits one to a cell),
/// and the starts (0-based) of the runs with a filling; `None` when they are too many to look at.
fn exact_renban(
    shape: &Shape,
    cells: &[u16],
    masks: &[u32],
    budget: &Budget,
) -> Option<(Removals, Vec<usize>)> {
    let k = cells.len();
    let all: Vec<usize> = cells.iter().map(|&c| usize::from(c)).collect();
    let m: Vec<u32> = all.iter().map(|&c| masks[c]).collect();
    let everyone: Vec<u64> = (0..k).map(|i| (1u64 << i.min(63)) - 1).collect();
    let mut kept = vec![0u32; k];
    let mut fitting = Vec::new();
    let yes = |_: &[u8]| true;
    for start in 0..=shape.size() - k {
        let window = ((1u32 << k) - 1) << start;
        let found = FillSearch {
            masks: m.iter().map(|x| x & window).collect(),
            differ: everyone.clone(),
            hopeful: &yes,
            fits: &yes,
            budget,
        }
        .kept()?;
        if found.iter().any(|&f| f != 0) {
            fitting.push(start);
            for (acc, f) in kept.iter_mut().zip(found) {
                *acc |= f;
            }
        }
    }
    let out = cells
        .iter()
        .zip(m.iter().zip(&kept))
        .map(|(&c, (&mask, &k))| (c, mask & !k))
        .collect();
    Some((out, fitting))
}

/// The starts (0-based) of the runs of `masks.len()` digits that every cell meets and the cells'
/// candidates cover, on a shape of `size`.
fn runs(size: usize, masks: &[u32]) -> Vec<usize> {
    let k = masks.len();
    let union = masks.iter().fold(0, |acc, x| acc | x);
    (0..=size - k)
        .filter(|&start| {
            let window = ((1u32 << k) - 1) << start;
            union & window == window && masks.iter().all(|x| x & window != 0)
        })
        .collect()
}

/// Removals as the propagation proposes them: `(cell, values to remove)`.
type Removals = Vec<(u16, u32)>;

/// A step of `technique` on constraint `i`.
fn step(
    shape: &Shape,
    technique: Technique,
    i: usize,
    removed: Vec<Mark>,
    explanation: String,
) -> ShapeStep {
    let mut involved: Vec<u8> = removed.iter().map(|m| m.value).collect();
    involved.sort_unstable();
    involved.dedup();
    ShapeStep::elimination(
        technique,
        removed,
        Pattern {
            cells: cells_of(shape, i),
            units: Vec::new(),
            values: involved,
        },
        explanation,
    )
}
