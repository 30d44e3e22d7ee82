//! Thermometer: digits strictly rise from the bulb along the line, so a cell k places after a cell
//! that is at least m is at least m + k, and one k places before a cell that is at most M is at
//! most M - k. From the bulb (at least 1) this is the count of smaller digits a cell needs before
//! it; from the candidates of any cell it is the arc consistency of the line's steps, which for a
//! chain of `<` is exactly these bounds.

use super::super::geometry::Geometry;
use super::super::position::{values_of, ShapePosition};
use super::super::step::{Mark, Pattern, ShapeStep};
use super::{cells_of, count, masks};
use crate::prose::or_list;
use crate::shape::{Cells, Constraint, Shape};
use crate::technique::Technique;

/// The first thermometer whose bounds remove a candidate.
pub fn thermometer(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let masks = masks(shape, pos);
    shape
        .constraints()
        .iter()
        .enumerate()
        .find_map(|(i, constraint)| match constraint {
            Constraint::Thermo { cells } => bounds(shape, pos, &masks, i, cells),
            _ => None,
        })
}

/// A bound on a cell and the cell it is counted from (the anchor, whose own candidates give it).
#[derive(Clone, Copy)]
struct Bound {
    value: i32,
    anchor: usize,
}

fn bounds(
    shape: &Shape,
    pos: &ShapePosition,
    masks: &[u32],
    i: usize,
    cells: &[u16],
) -> Option<ShapeStep> {
    let m: Vec<u32> = cells.iter().map(|&c| masks[usize::from(c)]).collect();
    if m.contains(&0) {
        return None;
    }
    let least = |mask: u32| mask.trailing_zeros() as i32 + 1;
    let most = |mask: u32| 32 - mask.leading_zeros() as i32;
    let k = cells.len();
    let mut lo: Vec<Bound> = Vec::with_capacity(k);
    for (j, &mask) in m.iter().enumerate() {
        let own = least(mask);
        lo.push(match lo.last() {
            Some(prev) if prev.value + 1 > own => Bound {
                value: prev.value + 1,
                anchor: prev.anchor,
            },
            _ => Bound {
                value: own,
                anchor: j,
            },
        });
    }
    let mut hi: Vec<Bound> = vec![
        Bound {
            value: 0,
            anchor: 0
        };
        k
    ];
    for (j, &mask) in m.iter().enumerate().rev() {
        let own = most(mask);
        hi[j] = match hi.get(j + 1) {
            Some(next) if next.value - 1 < own => Bound {
                value: next.value - 1,
                anchor: next.anchor,
            },
            _ => Bound {
                value: own,
                anchor: j,
            },
        };
    }
    let mut removed = Vec::new();
    let mut clauses = Vec::new();
    for (j, &c) in cells.iter().enumerate() {
        let c = usize::from(c);
        let cand = pos.candidates(c);
        let below: Vec<u8> = values_of(cand)
            .filter(|&v| i32::from(v) < lo[j].value)
            .collect();
        let above: Vec<u8> = values_of(cand)
            .filter(|&v| i32::from(v) > hi[j].value)
            .collect();
        let name = shape.cell_name(c);
        if !below.is_empty() {
            let anchor = lo[j].anchor;
            let floor = least(m[anchor]);
            let reason = if floor == 1 {
                let d = j - anchor;
                format!("it needs {} smaller digit{} before it", count(d), plural(d))
            } else {
                from_anchor(shape, pos, cells, j, anchor, "after", "at least", floor)
            };
            clauses.push(format!(
                "{name} cannot be {}, since {reason}",
                values(shape, &below)
            ));
        }
        if !above.is_empty() {
            let anchor = hi[j].anchor;
            let ceiling = most(m[anchor]);
            let reason = if ceiling == shape.size() as i32 {
                let d = anchor - j;
                format!("it needs {} greater digit{} after it", count(d), plural(d))
            } else {
                from_anchor(shape, pos, cells, j, anchor, "before", "at most", ceiling)
            };
            clauses.push(format!(
                "{name} cannot be {}, since {reason}",
                values(shape, &above)
            ));
        }
        removed.extend(below.into_iter().chain(above).map(|v| Mark::new(c, v)));
    }
    if removed.is_empty() {
        return None;
    }
    let explanation = format!(
        "Digits rise along {} from its bulb {}: {}.",
        super::constraint_name(shape, i),
        shape.cell_name(usize::from(cells[0])),
        clauses.join("; ")
    );
    let mut involved: Vec<u8> = removed.iter().map(|m| m.value).collect();
    involved.sort_unstable();
    involved.dedup();
    Some(ShapeStep::elimination(
        Technique::Thermometer,
        removed,
        Pattern {
            cells: cells_of(shape, i),
            units: Vec::new(),
            values: involved,
        },
        explanation,
    ))
}

/// `it comes two cells after B2, which is at least 4` (`which holds 4` once placed).
#[allow(clippy::too_many_arguments)]
fn from_anchor(
    shape: &Shape,
    pos: &ShapePosition,
    cells: &[u16],
    j: usize,
    anchor: usize,
    side: &str,
    bound: &str,
    value: i32,
) -> String {
    let d = j.abs_diff(anchor);
    let cell = usize::from(cells[anchor]);
    let which = match pos.value(cell) {
        0 => format!("is {bound}"),
        _ => "holds".to_string(),
    };
    format!(
        "it comes {} cell{} {side} {}, which {which} {}",
        count(d),
        plural(d),
        shape.cell_name(cell),
        shape.symbol(value as u8)
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `1, 2 or 3` in the shape's symbols.
fn values(shape: &Shape, values: &[u8]) -> String {
    or_list(values.iter().map(|&v| shape.symbol(v)))
}
