//! Line Sum and Renban: the constraints that add a line's digits up or read them as a run.
//!
//! - Line Sum: an arrow's digits add up to its circle (a pill's two cells read as a number, tens
//!   first), a little killer's to its clue; digits may repeat where no unit forbids it, so the
//!   totals are those of any choice of one candidate per cell (the propagation's sums). A digit of
//!   the circle no total reaches goes, and so does a digit of the line with which no total the
//!   circle (or clue) allows can be made.
//! - Renban: the line holds a run of as many consecutive digits as it has cells, none repeated. A
//!   run fits when every cell has a candidate in it and the cells' candidates cover it; a cell keeps
//!   the digits of the runs that fit, less a digit another cell of the line holds.

use super::super::geometry::Geometry;
use super::super::position::{values_of, ShapePosition};
use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words;
use super::{cells_of, count, masks, removals, title};
use crate::general::constraints::{arrow, renban as narrow_renban, sum_to, Sums};
use crate::logic::words::or_list;
use crate::logic::Technique;
use crate::shape::{Cells, Constraint, Shape};

/// The first arrow or little killer whose sum removes a candidate.
pub fn line_sum(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let masks = masks(shape, pos);
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
                        [c] => format!(
                            "its circle {} ({})",
                            shape.cell_name(usize::from(*c)),
                            candidates(shape, masks[usize::from(*c)])
                        ),
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
            let mut out = Vec::new();
            match constraint {
                Constraint::Arrow { circle, cells } => arrow(circle, cells, &masks, &mut out),
                Constraint::LittleKiller { cells, sum } => {
                    sum_to(cells, &masks, &Sums::only(*sum as usize), &mut out);
                }
                _ => unreachable!("arrows and little killers only"),
            }
            let removed = removals(pos, &out);
            if removed.is_empty() {
                return None;
            }
            let least: u32 = line
                .iter()
                .map(|&c| masks[usize::from(c)].trailing_zeros() + 1)
                .sum();
            let most: u32 = line
                .iter()
                .map(|&c| 32 - masks[usize::from(c)].leading_zeros())
                .sum();
            let explanation = format!(
                "The digits of {} add up to {target_words}, repeats allowed where no unit forbids \
                 them; with their candidates the line totals {least} to {most}, and no total that \
                 fits can be made with {}, so these can be removed: {}.",
                super::constraint_name(shape, i),
                or_list(removed.iter().map(|m| format!(
                    "{} in {}",
                    shape.symbol(m.value),
                    shape.cell_name(m.cell)
                ))),
                words::removal_sets(shape, &removed)
            );
            Some(step(shape, Technique::LineSum, i, removed, explanation))
        })
}

/// The first renban whose runs remove a candidate.
pub fn renban(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let masks = masks(shape, pos);
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
            let mut out = Vec::new();
            narrow_renban(cells, &masks, shape.size(), &mut out);
            let removed = removals(pos, &out);
            if removed.is_empty() {
                return None;
            }
            let k = cells.len();
            let union = m.iter().fold(0, |acc, x| acc | x);
            let runs: Vec<String> = (0..=shape.size() - k)
                .filter(|&start| {
                    let window = ((1u32 << k) - 1) << start;
                    union & window == window && m.iter().all(|x| x & window != 0)
                })
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

/// `3, 5 or 7`: a cell's digits in the shape's symbols.
fn candidates(shape: &Shape, mask: u32) -> String {
    or_list(values_of(mask).map(|v| shape.symbol(v)))
}
