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

use super::geometry::Geometry;
use super::position::{bit, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;
use reach::{cells_of, has_cell, SetReach};

mod reach;

/// The most cells in one set (HoDoKu's: eight cells of a unit with nine values).
pub const MAX_CELLS: usize = 8;

/// The most subsets visited while collecting, and the most pairs of sets compared.
const WORK: usize = 200_000;

/// One almost locked set.
struct Als {
    /// Its cells, ascending.
    cells: Vec<usize>,
    values: u32,
    /// The unit it was found in; `None` for a single bivalue cell.
    unit: Option<usize>,
}

impl Als {
    fn new(pos: &ShapePosition, cells: Vec<usize>, unit: Option<usize>) -> Als {
        let values = cells.iter().fold(0, |acc, &c| acc | pos.candidates(c));
        Als {
            cells,
            values,
            unit,
        }
    }

    /// Its cells holding `value`.
    fn places<'a>(&'a self, pos: &'a ShapePosition, value: u8) -> impl Iterator<Item = usize> + 'a {
        self.cells
            .iter()
            .copied()
            .filter(move |&c| pos.has(c, value))
    }

    fn contains(&self, cell: usize) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }

    /// "B1 and B3 in row B (1, 4 and 7)" or "D5 (4 and 9)".
    fn describe(&self, geo: &Geometry) -> String {
        let shape = geo.shape;
        let cells = words::cells(shape, self.cells.iter().copied());
        let values = words::symbols(shape, values_of(self.values));
        match self.unit {
            Some(unit) => format!("{cells} in {} ({values})", shape.unit_name(unit)),
            None => format!("{cells} ({values})"),
        }
    }
}

/// Every almost locked set within the work budget, each cell set once: bivalue cells first, then
/// unit by unit.
fn collect(geo: &Geometry, pos: &ShapePosition) -> Vec<Als> {
    let shape = geo.shape;
    let mut sets: Vec<Als> = (0..shape.cell_count())
        .filter(|&c| pos.value(c) == 0 && pos.candidates(c).count_ones() == 2)
        .map(|c| Als::new(pos, vec![c], None))
        .collect();
    let mut work = WORK;
    for unit in 0..shape.unit_count() {
        let empty: Vec<usize> = shape
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| pos.value(c) == 0)
            .collect();
        // A set lying in several units is its first unit's (a box's set within one row or
        // column is the line's, as HoDoKu has it).
        let mut found = |mut cells: Vec<usize>| {
            if geo.common_unit_set(cells.iter().copied()).trailing_zeros() as usize == unit {
                cells.sort_unstable();
                sets.push(Als::new(pos, cells, Some(unit)));
            }
        };
        for top in 0..empty.len() {
            let mut chosen = vec![empty[top]];
            let values = pos.candidates(empty[top]);
            grow(pos, &empty, top, values, &mut chosen, &mut work, &mut found);
            if work == 0 {
                return sets;
            }
        }
    }
    sets
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
    found: &mut dyn FnMut(Vec<usize>),
) {
    if chosen.len() >= 2 && values.count_ones() as usize == chosen.len() + 1 {
        found(chosen.clone());
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
    let sets = collect(geo, pos);
    let reach = SetReach::new(geo, pos, &sets);
    let mut work = WORK;
    for (i, a) in sets.iter().enumerate() {
        let later = (i + 1..sets.len()).filter(|&j| reach.may_join(i, j));
        for j in later {
            let b = &sets[j];
            if (a.values & b.values).count_ones() < 2 {
                continue;
            }
            if work == 0 {
                return None;
            }
            work -= 1;
            if let Some(step) = pair_step(geo, pos, &reach, (i, a), (j, b)) {
                return Some(step);
            }
        }
    }
    None
}

/// The step two disjoint sets give, if they share a restricted common value (the lowest two, as
/// HoDoKu takes them) and it removes something.
fn pair_step(
    geo: &Geometry,
    pos: &ShapePosition,
    reach: &SetReach,
    (i, a): (usize, &Als),
    (j, b): (usize, &Als),
) -> Option<ShapeStep> {
    let shared = a.values & b.values;
    let commons: Vec<u8> = values_of(shared)
        .filter(|&x| b.places(pos, x).all(|p| has_cell(reach.of(i, x), p)))
        .take(2)
        .collect();
    let mut eliminations = Vec::new();
    let mut add = |cells: &mut dyn Iterator<Item = usize>, value: u8| {
        eliminations.extend(cells.map(|c| Mark::new(c, value)));
    };
    let both = |z: u8| {
        let b_reach = reach.of(j, z);
        cells_of(reach.of(i, z)).filter(move |&c| has_cell(b_reach, c))
    };
    match commons[..] {
        [] => return None,
        [x] => {
            for z in values_of(shared & !bit(x)) {
                add(&mut both(z), z);
            }
        }
        [x1, x2, ..] => {
            for z in values_of(shared) {
                add(&mut both(z), z);
            }
            let links = bit(x1) | bit(x2);
            for ((locked, k), other) in [((a, i), b), ((b, j), a)] {
                for d in values_of(locked.values & !links) {
                    let outside = cells_of(reach.of(k, d)).filter(|&c| !other.contains(c));
                    add(&mut outside.into_iter(), d);
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    Some(build(geo, a, b, &commons, eliminations))
}

fn build(
    geo: &Geometry,
    a: &Als,
    b: &Als,
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
    let mut cells: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
    cells.sort_unstable();
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
