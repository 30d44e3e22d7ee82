//! Almost locked sets on any shape: k empty cells of one unit holding k + 1 values between them (a
//! single bivalue cell is one too). Take one value out and the rest is locked. ALS-XZ joins two
//! disjoint sets by a restricted common value X, whose places in one all see its places in the
//! other: at most one set holds X, so the other is locked, and a value Z of both must then be in
//! one of them, so no cell seeing all of Z's places in both can be Z. With two restricted common
//! values (doubly linked) both sets are locked and remove more. It reasons only about units, so it
//! is sound on every shape.
//!
//! Scope as HoDoKu's: sets of one to eight cells, never overlapping, a set of a box that lies in
//! one row or column found in that line only, at most two restricted common values per pair.
//! Sets are found in the order HoDoKu's bitmask walk finds them (bivalue cells, then unit by unit,
//! a unit's subsets in colexicographic order), but depth first, a branch dropped as soon as its
//! values outnumber the largest set, so nothing grows as 2^N on a 25x25; the walk and the pairing
//! each stop after a fixed amount of work. Each set keeps, per value, the cells outside it that
//! see all its places of the value (its reach), so a pair too far apart is dismissed at once.

use std::collections::BTreeSet;

use super::cell_bits::{fits_u128, CellBits, CellTables, Wide};
use super::geometry::Geometry;
use super::position::{bit, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;
use reach::SetReach;

mod reach;

/// The most cells in one set (HoDoKu's: eight cells of a unit with nine values).
pub const MAX_CELLS: usize = 8;

/// The most subsets visited while collecting, and the most pairs of sets compared.
const WORK: usize = 200_000;

/// One almost locked set.
struct Als<S> {
    cells: S,
    values: u32,
    /// The unit it was found in; `None` for a single bivalue cell.
    unit: Option<usize>,
}

impl<S: CellBits> Als<S> {
    fn new(pos: &ShapePosition, cells: &[usize], unit: Option<usize>) -> Als<S> {
        let values = cells.iter().fold(0, |acc, &c| acc | pos.candidates(c));
        Als {
            cells: S::of(cells.iter().copied()),
            values,
            unit,
        }
    }

    /// "B1 and B3 in row B (1, 4 and 7)" or "D5 (4 and 9)".
    fn describe(&self, geo: &Geometry) -> String {
        let shape = geo.shape;
        let cells = words::cells(shape, self.cells.cells());
        let values = words::symbols(shape, values_of(self.values));
        match self.unit {
            Some(unit) => format!("{cells} in {} ({values})", shape.unit_name(unit)),
            None => format!("{cells} ({values})"),
        }
    }
}

/// Every almost locked set within the work budget, each cell set once: bivalue cells first, then
/// unit by unit.
fn collect<S: CellBits>(geo: &Geometry, pos: &ShapePosition) -> Vec<Als<S>> {
    let shape = geo.shape;
    let mut sets: Vec<Als<S>> = (0..shape.cell_count())
        .filter(|&c| pos.value(c) == 0 && pos.candidates(c).count_ones() == 2)
        .map(|c| Als::new(pos, &[c], None))
        .collect();
    let mut work = WORK;
    let mut chosen = Vec::with_capacity(MAX_CELLS);
    for unit in 0..shape.unit_count() {
        let empty = empty_in(geo, pos, unit);
        // A set lying in several units is its first unit's (a box's set within one row or
        // column is the line's, as HoDoKu has it).
        let mut found = |cells: &[usize]| {
            if geo.common_unit_set(cells.iter().copied()).trailing_zeros() as usize == unit {
                sets.push(Als::new(pos, cells, Some(unit)));
            }
        };
        if shape.size() <= SMALL && empty.len() <= SMALL {
            walk_masks(pos, &empty, &mut found);
            continue;
        }
        for top in 0..empty.len() {
            chosen.clear();
            chosen.push(empty[top]);
            let values = pos.candidates(empty[top]);
            grow(pos, &empty, top, values, &mut chosen, &mut work, &mut found);
            if work == 0 {
                return sets;
            }
        }
    }
    sets
}

/// The empty cells of `unit`, in the unit's order.
fn empty_in(geo: &Geometry, pos: &ShapePosition, unit: usize) -> Vec<usize> {
    let mut empty = Vec::with_capacity(geo.shape.size());
    let cells = geo.shape.unit(unit).iter().map(|&c| usize::from(c));
    empty.extend(cells.filter(|&c| pos.value(c) == 0));
    empty
}

/// The most values (and so cells of a unit) of a shape whose units are walked by bitmask.
const SMALL: usize = 9;

/// What [`grow`] reports for a unit of at most [`SMALL`] empty cells on a shape of at most
/// [`SMALL`] values, in the same order, at a fraction of the cost (this is the classic shape's
/// path): a bitmask counting up over the empty cells, each mask's values those of the mask less
/// its lowest cell and that cell's. No branch would be pruned there (a set never holds more than
/// MAX_CELLS + 1 values), and the work budget is never reached (a shape has at most 128 units,
/// each with at most 502 subsets of two cells or more).
fn walk_masks(pos: &ShapePosition, empty: &[usize], found: &mut dyn FnMut(&[usize])) {
    let mut values = [0u32; 1 << SMALL];
    let mut cells = [0usize; SMALL];
    for mask in 1usize..1 << empty.len() {
        let lowest = empty[mask.trailing_zeros() as usize];
        values[mask] = values[mask & (mask - 1)] | pos.candidates(lowest);
        let size = mask.count_ones() as usize;
        if !(2..=MAX_CELLS).contains(&size) || values[mask].count_ones() as usize != size + 1 {
            continue;
        }
        let mut len = 0;
        for (i, &cell) in empty.iter().enumerate() {
            if mask >> i & 1 == 1 {
                cells[len] = cell;
                len += 1;
            }
        }
        found(&cells[..len]);
    }
}

/// Reports `chosen` (holding `values`) when it is a set of two cells or more, then every extension
/// by cells of `empty` before `limit`, in colexicographic order: the order of a bitmask counting
/// up over the unit's empty cells.
fn grow(
    pos: &ShapePosition,
    empty: &[usize],
    limit: usize,
    values: u32,
    chosen: &mut Vec<usize>,
    work: &mut usize,
    found: &mut dyn FnMut(&[usize]),
) {
    if chosen.len() >= 2 && values.count_ones() as usize == chosen.len() + 1 {
        found(chosen);
    }
    if chosen.len() == MAX_CELLS {
        return;
    }
    for j in 0..limit {
        if *work == 0 {
            return;
        }
        *work -= 1;
        let with = values | pos.candidates(empty[j]);
        // A superset never holds fewer values, and a set holds at most MAX_CELLS + 1.
        if with.count_ones() as usize > MAX_CELLS + 1 {
            continue;
        }
        chosen.push(empty[j]);
        grow(pos, empty, j, with, chosen, work, found);
        chosen.pop();
    }
}

/// ALS-XZ: the first pair of sets joined by a restricted common value that removes something.
pub fn als_xz(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    if fits_u128(geo.shape) {
        als_xz_on::<u128>(geo, pos)
    } else {
        als_xz_on::<Wide>(geo, pos)
    }
}

fn als_xz_on<S: CellBits>(geo: &Geometry, pos: &ShapePosition) -> Option<ShapeStep> {
    let sets = collect::<S>(geo, pos);
    let tables = CellTables::<S>::new(geo, |c| pos.candidates(c));
    let reach = SetReach::new(geo, &tables, &sets);
    let mut work = WORK;
    for (i, a) in sets.iter().enumerate() {
        let near = reach.near(i);
        for (j, b) in sets.iter().enumerate().skip(i + 1) {
            if !(a.cells & b.cells).is_empty() || (near & b.cells).is_empty() {
                continue;
            }
            if (a.values & b.values).count_ones() < 2 {
                continue;
            }
            if work == 0 {
                return None;
            }
            work -= 1;
            if let Some(step) = pair_step(geo, &tables, &reach, (i, a), (j, b)) {
                return Some(step);
            }
        }
    }
    None
}

/// The step two disjoint sets give, if they share a restricted common value (the lowest two, as
/// HoDoKu takes them) and it removes something.
fn pair_step<S: CellBits>(
    geo: &Geometry,
    tables: &CellTables<S>,
    reach: &SetReach<S>,
    (i, a): (usize, &Als<S>),
    (j, b): (usize, &Als<S>),
) -> Option<ShapeStep> {
    let shared = a.values & b.values;
    // The restricted common values: the lowest two, kept on the stack (most pairs have none).
    let (mut restricted, mut count) = ([0u8; 2], 0);
    for x in values_of(shared).filter(|&x| (b.cells & tables.places(x)).is_subset(reach.of(i, x))) {
        restricted[count] = x;
        count += 1;
        if count == 2 {
            break;
        }
    }
    let commons = &restricted[..count];
    let mut eliminations = Vec::new();
    let mut add = |cells: S, value: u8| {
        eliminations.extend(cells.cells().map(|c| Mark::new(c, value)));
    };
    match *commons {
        [] => return None,
        [x] => {
            for z in values_of(shared & !bit(x)) {
                add(reach.of(i, z) & reach.of(j, z), z);
            }
        }
        [x1, x2, ..] => {
            for z in values_of(shared) {
                add(reach.of(i, z) & reach.of(j, z), z);
            }
            let links = bit(x1) | bit(x2);
            for ((locked, k), other) in [((a, i), b), ((b, j), a)] {
                for d in values_of(locked.values & !links) {
                    add(reach.of(k, d) & !other.cells, d);
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    Some(build(geo, a, b, commons, eliminations))
}

fn build<S: CellBits>(
    geo: &Geometry,
    a: &Als<S>,
    b: &Als<S>,
    commons: &[u8],
    mut eliminations: Vec<Mark>,
) -> ShapeStep {
    let shape = geo.shape;
    eliminations.sort();
    eliminations.dedup();
    let removed: BTreeSet<u8> = eliminations.iter().map(|m| m.value).collect();
    let mut values = commons.to_vec();
    values.extend(removed.iter().filter(|v| !commons.contains(v)));
    let word = words::value_word(shape);
    let intro = format!(
        "Two almost locked sets hold one {word} more than they have squares: {}; {}.",
        a.describe(geo),
        b.describe(geo)
    );
    let removals = words::removals(shape, &eliminations);
    let explanation = match commons {
        [x] => {
            let x = shape.symbol(*x);
            let conclusion = match removed.iter().collect::<Vec<_>>()[..] {
                [&z] => {
                    let z = shape.symbol(z);
                    format!(
                        "one of the sets holds {z}, so no square that sees every {z} in both can \
                         be {z}"
                    )
                }
                _ => format!(
                    "each of {} is in one of the sets, so no square that sees all of a {word}'s \
                     places in both can hold it",
                    words::symbols(shape, removed.iter().copied())
                ),
            };
            format!(
                "{intro} Every {x} in one sees every {x} in the other, so at most one of them \
                 holds {x} and the other is locked to its remaining {word}s; either way, \
                 {conclusion}: remove {removals}."
            )
        }
        _ => format!(
            "{intro} Both {} and {} are restricted common {word}s (each one's places in one set \
             all see its places in the other), so each set holds exactly one of them and is locked \
             to the rest: every {word} of either set is in it, and no square that sees all of its \
             places there can hold it: remove {removals}.",
            shape.symbol(commons[0]),
            shape.symbol(commons[1]),
        ),
    };
    let cells: Vec<usize> = (a.cells | b.cells).cells().collect();
    ShapeStep::elimination(
        Technique::AlsXz,
        eliminations,
        Pattern {
            cells,
            units: a.unit.into_iter().chain(b.unit).collect(),
            values,
        },
        explanation,
    )
}

#[cfg(test)]
mod tests;
