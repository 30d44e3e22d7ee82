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
        // As HoDoKu (and a player): a unit, then each value in it, then where its places lie.
        return crossings.find_map(|group| {
            let from = group[0].0;
            let (places, missing) = places_in(geo, pos, from);
            values_of(missing).find_map(|value| {
                let at = places[usize::from(value)];
                let within = shared_units(geo, from, at);
                group
                    .iter()
                    .filter(|&&(_, to)| within & 1 << to != 0)
                    .find_map(|&(_, to)| locked(geo, pos, from, to, value, at, from_line))
            })
        });
    }
    crossings.find_map(|group| {
        let (places, missing) = places_in(geo, pos, group[0].0);
        let from = group[0].0;
        let within: Vec<u128> = (0..=shape.size())
            .map(|v| shared_units(geo, from, places[v]))
            .collect();
        group.iter().find_map(|&(from, to)| {
            values_of(missing)
                .filter(|&value| within[usize::from(value)] & 1 << to != 0)
                .find_map(|value| {
                    let at = places[usize::from(value)];
                    locked(geo, pos, from, to, value, at, from_line)
                })
        })
    })
}

/// Each value's places in `unit`, as bits over the unit's cells, and the values it still misses.
fn places_in(geo: &Geometry, pos: &ShapePosition, unit: usize) -> ([u32; 26], u32) {
    let shape = geo.shape;
    let (mut places, mut placed) = ([0u32; 26], 0);
    for (i, &c) in shape.unit(unit).iter().enumerate() {
        let c = usize::from(c);
        if pos.value(c) != 0 {
            placed |= bit(pos.value(c));
        }
        for v in values_of(pos.candidates(c)) {
            places[usize::from(v)] |= 1 << i;
        }
    }
    (places, shape.all_values() & !placed)
}

/// The units that the places `at` (bits over `from`'s cells) all lie in, when there are two places
/// or more (none otherwise: one place is a hidden single).
fn shared_units(geo: &Geometry, from: usize, at: u32) -> u128 {
    if at.count_ones() < 2 {
        return 0;
    }
    let cells = geo.shape.unit(from);
    geo.common_unit_set(values_of(at).map(|i| usize::from(cells[usize::from(i) - 1])))
}

/// The step when `value`'s places in `from` (`at`, at least two, as bits over `from`'s cells) all
/// lie in `to` (the caller knows), and `to` holds it elsewhere too.
#[allow(clippy::too_many_arguments)]
fn locked(
    geo: &Geometry,
    pos: &ShapePosition,
    from: usize,
    to: usize,
    value: u8,
    at: u32,
    from_line: bool,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    let cells = shape.unit(from);
    let holds = |c: &usize| pos.candidates(*c) & bit(value) != 0;
    let removed: Vec<usize> = shape
        .unit(to)
        .iter()
        .map(|&c| usize::from(c))
        .filter(|c| holds(c) && !geo.contains(from, *c))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let places: Vec<usize> = values_of(at)
        .map(|i| usize::from(cells[usize::from(i) - 1]))
        .collect();
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
