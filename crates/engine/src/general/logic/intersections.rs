//! Intersections between any two units that share two cells or more: when a value's places in one
//! unit all lie in the other, the other's remaining cells lose it. Classic Sudoku knows this as
//! box-line pointing and claiming; on other shapes a box (or region, window, diagonal) and a line,
//! a box and a diagonal, a region and a window cross the same way. Sound on any set of units.

use super::geometry::{is_line, Geometry};
use super::position::{bit, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::prose::or_list;
use crate::shape::Cells;
use crate::technique::Technique;

/// A value confined, within a unit that is not a line, to its crossing with another unit.
pub fn pointing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    crossing(geo, pos, false)
}

/// A value confined, within a row or column, to its crossing with another unit.
pub fn claiming(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    crossing(geo, pos, true)
}

fn crossing(geo: &Geometry, pos: &ShapePosition, from_line: bool) -> Option<ShapeStep> {
    let shape = geo.shape;
    let mut crossings = geo
        .crossings
        .chunk_by(|a, b| a.0 == b.0)
        .filter(|group| is_line(shape.unit_kind(group[0].0)) == from_line);
    if geo.classic_order {
        // As the classic finder (and a player): a unit, then each value in it, then where its
        // places lie.
        return crossings.find_map(|group| {
            let from = group[0].0;
            let missing = shape.all_values() & !pos.placed(shape, from);
            values_of(missing).find_map(|value| {
                group
                    .iter()
                    .find_map(|&(_, to)| locked(geo, pos, from, to, value, from_line))
            })
        });
    }
    crossings.flatten().find_map(|&(from, to)| {
        let missing = shape.all_values() & !pos.placed(shape, from);
        values_of(missing).find_map(|value| locked(geo, pos, from, to, value, from_line))
    })
}

/// The step when `value`'s places in `from` (at least two) all lie in `to`, and `to` holds it
/// elsewhere too.
fn locked(
    geo: &Geometry,
    pos: &ShapePosition,
    from: usize,
    to: usize,
    value: u8,
    from_line: bool,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    let holds = |c: &usize| pos.candidates(*c) & bit(value) != 0;
    let places: Vec<usize> = shape
        .unit(from)
        .iter()
        .map(|&c| usize::from(c))
        .filter(holds)
        .collect();
    if places.len() < 2 || !places.iter().all(|&c| geo.contains(to, c)) {
        return None;
    }
    let removed: Vec<usize> = shape
        .unit(to)
        .iter()
        .map(|&c| usize::from(c))
        .filter(|c| holds(c) && !geo.contains(from, *c))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let technique = if from_line {
        Technique::LockedCandidatesClaiming
    } else {
        Technique::LockedCandidatesPointing
    };
    let together = if places.len() == 2 { "both" } else { "all" };
    let (from_name, to_name, symbol) = (
        shape.unit_name(from),
        shape.unit_name(to),
        shape.symbol(value),
    );
    let explanation = format!(
        "In {from_name}, {symbol} can only go in {}, {together} in {to_name}, so {symbol} can be \
         removed from the rest of {to_name}: {}.",
        or_list(places.iter().map(|&c| shape.cell_name(c))),
        words::cells(shape, removed.iter().copied())
    );
    Some(ShapeStep::elimination(
        technique,
        removed.iter().map(|&c| Mark::new(c, value)).collect(),
        Pattern {
            cells: places,
            units: vec![from, to],
            values: vec![value],
        },
        explanation,
    ))
}
