//! Intersections between any two units that share two cells or more: when a value's places in one
//! unit all lie in the other, the other's remaining cells lose it. Classic Sudoku knows this as
//! box-line pointing and claiming; on other shapes a box (or region, window, diagonal) and a line,
//! a box and a diagonal, a region and a window cross the same way. Sound on any set of units.

use super::geometry::{is_line, Geometry};
use super::places::UnitPlaces;
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
    let table = UnitPlaces::marked(geo, pos);
    // Each value's places in a unit (indexed by value less one), and the values it still misses.
    let places_in = |unit: usize| {
        let missing = shape.all_values() & !pos.placed(shape, unit);
        (table.in_unit(unit), missing)
    };
    let mut crossings = geo
        .crossings
        .chunk_by(|a, b| a.0 == b.0)
        .filter(|group| is_line(shape.unit_kind(group[0].0)) == from_line);
    if geo.classic_order {
        // As HoDoKu (and a player): a unit, then each value in it, then where its places lie.
        return crossings.find_map(|group| {
            let from = group[0].0;
            let (places, missing) = places_in(from);
            values_of(missing).find_map(|value| {
                let at = places[usize::from(value) - 1];
                let within = shared_units(geo, from, at);
                group
                    .iter()
                    .filter(|&&(_, to)| within & 1 << to != 0)
                    .find_map(|&(_, to)| locked(geo, pos, from, to, value, at, from_line))
            })
        });
    }
    crossings.find_map(|group| {
        let from = group[0].0;
        let (places, missing) = places_in(from);
        let within: Vec<u128> = places
            .iter()
            .map(|&at| shared_units(geo, from, at))
            .collect();
        group.iter().find_map(|&(from, to)| {
            values_of(missing)
                .filter(|&value| within[usize::from(value) - 1] & 1 << to != 0)
                .find_map(|value| {
                    let at = places[usize::from(value) - 1];
                    locked(geo, pos, from, to, value, at, from_line)
                })
        })
    })
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
    let removed_from = || {
        (shape.unit(to).iter().map(|&c| usize::from(c)))
            .filter(|c| holds(c) && !geo.contains(from, *c))
    };
    // Nothing is allocated until the crossing removes something.
    removed_from().next()?;
    let removed: Vec<usize> = removed_from().collect();
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
