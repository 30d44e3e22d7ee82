//! The words of a forcing chain, in the classic words, in the shape's cell names, unit
//! names and symbols: each branch's placements up to the one that reaches the conclusion, shortened
//! past four.

use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words as shape_words;
use super::follow::{Consequences, Contradiction};
use crate::prose::{and_list, or_list};
use crate::shape::Shape;
use crate::technique::Technique;

/// How many placements a branch shows before it is abbreviated.
const SHOWN: usize = 4;

/// `C4 = 3`.
fn placement(shape: &Shape, m: Mark) -> String {
    format!("{} = {}", shape.cell_name(m.cell), shape.symbol(m.value))
}

/// How far into `trail` the conclusion `c` is reached: where it is placed, or for a removal, the
/// placement that rules it out (another value in its cell, or its value in a peer).
fn reached_at(shape: &Shape, trail: &[Mark], c: Mark, placed: bool) -> usize {
    let sees = |a: usize, b: usize| shape.peers(a).binary_search(&(b as u16)).is_ok();
    trail
        .iter()
        .position(|p| {
            if placed {
                *p == c
            } else {
                (p.cell == c.cell && p.value != c.value)
                    || (p.value == c.value && sees(p.cell, c.cell))
            }
        })
        .unwrap_or(trail.len().saturating_sub(1))
}

/// The placements after the assumption up to `end`, abbreviated: `C4 = 3, D5 = 2, …, E5 = 7`.
fn trail_text(shape: &Shape, trail: &[Mark], end: usize) -> String {
    let shown: Vec<String> = trail
        .iter()
        .take(end + 1)
        .skip(1)
        .map(|&m| placement(shape, m))
        .collect();
    if shown.len() <= SHOWN {
        return shown.join(", ");
    }
    format!(
        "{}, … ({} in all), {}",
        shown[..SHOWN - 1].join(", "),
        shown.len(),
        shown[shown.len() - 1]
    )
}

/// `if B2 is 1, singles give C4 = 3, E5 = 7`.
fn branch_text(shape: &Shape, start: Mark, trail: &[Mark], end: usize) -> String {
    let (cell, value) = (shape.cell_name(start.cell), shape.symbol(start.value));
    let followed = trail_text(shape, trail, end);
    if followed.is_empty() {
        return format!("if {cell} is {value}, at once");
    }
    format!("if {cell} is {value}, singles give {followed}")
}

/// `7 can be removed from A2 and H2`, or for several values `these candidates can be removed: 7
/// from A2 and 5 from H2`.
fn removal_clause(shape: &Shape, eliminations: &[Mark]) -> String {
    match eliminations.first() {
        Some(first) if eliminations.iter().all(|m| m.value == first.value) => format!(
            "{} can be removed from {}",
            shape.symbol(first.value),
            shape_words::cells(shape, eliminations.iter().map(|m| m.cell))
        ),
        _ => format!(
            "these candidates can be removed: {}",
            shape_words::removals(shape, eliminations)
        ),
    }
}

/// The step of a cell or unit forcing chain: every branch, up to where it reaches the conclusion.
pub fn verity(
    shape: &Shape,
    branches: &[(Mark, &Consequences)],
    unit: Option<usize>,
    placements: Vec<Mark>,
    eliminations: Vec<Mark>,
) -> ShapeStep {
    let placing = !placements.is_empty();
    let conclusions = if placing { &placements } else { &eliminations };
    let texts: Vec<String> = branches
        .iter()
        .map(|&(start, t)| {
            let end = conclusions
                .iter()
                .map(|&c| reached_at(shape, &t.placed, c, placing))
                .max()
                .unwrap_or(0);
            branch_text(shape, start, &t.placed, end)
        })
        .collect();
    let what = if placing {
        and_list(
            placements
                .iter()
                .map(|m| format!("{} is {}", shape.cell_name(m.cell), shape.symbol(m.value))),
        )
    } else {
        removal_clause(shape, &eliminations)
    };
    let first = branches[0].0;
    let opening = match unit {
        None => format!("Whatever {} holds", shape.cell_name(first.cell)),
        Some(u) => format!(
            "Wherever {} goes in {} ({})",
            shape.symbol(first.value),
            shape.unit_name(u),
            or_list(branches.iter().map(|(m, _)| shape.cell_name(m.cell)))
        ),
    };
    let explanation = format!(
        "{opening}, the same follows: {}. So {what}.",
        texts.join("; ")
    );
    let mut cells: Vec<usize> = branches.iter().map(|(m, _)| m.cell).collect();
    cells.dedup();
    let mut values: Vec<u8> = branches.iter().map(|(m, _)| m.value).collect();
    values.dedup();
    ShapeStep {
        technique: Technique::ForcingChain,
        eliminations: if placing {
            Vec::new()
        } else {
            let mut cell_by_cell = eliminations;
            cell_by_cell.sort_unstable();
            cell_by_cell
        },
        placements,
        pattern: Pattern {
            cells,
            units: unit.into_iter().collect(),
            values,
        },
        explanation,
    }
}

/// The step of a contradiction: `value` leaves `start`'s cell.
pub fn contradiction(
    shape: &Shape,
    start: Mark,
    broken: Contradiction,
    trail: &[Mark],
) -> ShapeStep {
    let (cell, value) = (shape.cell_name(start.cell), shape.symbol(start.value));
    let followed = trail_text(shape, trail, trail.len().saturating_sub(1));
    let then = match broken {
        Contradiction::NoCandidate(c) => {
            format!("{} would have no candidate left", shape.cell_name(c))
        }
        Contradiction::NoPlace(u, v) => format!(
            "{} would have no place left in {}",
            shape.symbol(v),
            shape.unit_name(u)
        ),
    };
    let explanation = if followed.is_empty() {
        format!("If {cell} were {value}, {then}. So {value} can be removed from {cell}.")
    } else {
        format!(
            "If {cell} were {value}, singles would give {followed}, and then {then}. So {value} \
             can be removed from {cell}."
        )
    };
    let units = match broken {
        Contradiction::NoPlace(u, _) => vec![u],
        Contradiction::NoCandidate(_) => Vec::new(),
    };
    ShapeStep::elimination(
        Technique::ForcingChain,
        vec![start],
        Pattern {
            cells: vec![start.cell],
            units,
            values: vec![start.value],
        },
        explanation,
    )
}
