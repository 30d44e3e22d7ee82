//! Almost locked sets on any shape: k empty cells of one unit holding k + 1 values between them (a
//! single bivalue cell is one too). Take one value out and the rest is locked. ALS-XZ joins two
//! disjoint sets by a restricted common value X, whose places in one all see its places in the
//! other: at most one set holds X, so the other is locked, and a value Z of both must then be in
//! one of them, so no cell seeing all of Z's places in both can be Z. It reasons only about units,
//! so it is sound on every shape.
//!
//! Sized for N up to 25 without tables that grow as 2^N: the sets of a unit are walked depth first
//! over its empty cells, a branch dropped as soon as its values outnumber the largest set allowed
//! ([`MAX_CELLS`] + 1), and the walk and the pairing each stop after a fixed amount of work.

use std::collections::BTreeSet;

use super::geometry::Geometry;
use super::position::{bit, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;

/// The most cells in one set.
pub const MAX_CELLS: usize = 6;

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
    /// Its cells holding `value`.
    fn places(&self, pos: &ShapePosition, value: u8) -> impl Iterator<Item = usize> + '_ {
        let b = bit(value);
        let cand: Vec<u32> = self.cells.iter().map(|&c| pos.candidates(c)).collect();
        self.cells
            .iter()
            .zip(cand)
            .filter(move |&(_, m)| m & b != 0)
            .map(|(&c, _)| c)
    }

    fn disjoint(&self, other: &Als) -> bool {
        self.cells
            .iter()
            .all(|c| other.cells.binary_search(c).is_err())
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
        .map(|c| Als {
            cells: vec![c],
            values: pos.candidates(c),
            unit: None,
        })
        .collect();
    let mut known: BTreeSet<Vec<usize>> = BTreeSet::new();
    let mut work = WORK;
    for unit in 0..shape.unit_count() {
        let empty: Vec<usize> = shape
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| pos.value(c) == 0)
            .collect();
        let mut chosen = Vec::with_capacity(MAX_CELLS);
        walk(
            pos,
            &empty,
            0,
            0,
            &mut chosen,
            &mut work,
            &mut |cells, values| {
                if known.insert(cells.to_vec()) {
                    sets.push(Als {
                        cells: cells.to_vec(),
                        values,
                        unit: Some(unit),
                    });
                }
            },
        );
        if work == 0 {
            break;
        }
    }
    sets
}

/// Extends `chosen` (holding `values`) with cells of `empty` from `from` on, reporting every set of
/// two cells or more with one value more than cells.
fn walk(
    pos: &ShapePosition,
    empty: &[usize],
    from: usize,
    values: u32,
    chosen: &mut Vec<usize>,
    work: &mut usize,
    found: &mut dyn FnMut(&[usize], u32),
) {
    for i in from..empty.len() {
        if *work == 0 {
            return;
        }
        *work -= 1;
        let with = values | pos.candidates(empty[i]);
        let count = with.count_ones() as usize;
        // A superset never holds fewer values, and a set holds at most MAX_CELLS + 1.
        if count > MAX_CELLS + 1 {
            continue;
        }
        chosen.push(empty[i]);
        if chosen.len() >= 2 && count == chosen.len() + 1 {
            found(chosen, with);
        }
        if chosen.len() < MAX_CELLS {
            walk(pos, empty, i + 1, with, chosen, work, found);
        }
        chosen.pop();
    }
}

/// ALS-XZ: the first pair of sets joined by a restricted common value that removes something.
pub fn als_xz(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let sets = collect(geo, pos);
    let mut work = WORK;
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if work == 0 {
                return None;
            }
            work -= 1;
            if (a.values & b.values).count_ones() < 2 || !a.disjoint(b) {
                continue;
            }
            if let Some(step) = pair_step(geo, pos, a, b) {
                return Some(step);
            }
        }
    }
    None
}

/// The cells outside both sets holding `value` that see all its places in both.
fn seeing_all(geo: &Geometry, pos: &ShapePosition, a: &Als, b: &Als, value: u8) -> Vec<usize> {
    let places: Vec<usize> = a.places(pos, value).chain(b.places(pos, value)).collect();
    let shape = geo.shape;
    shape
        .peers(places[0])
        .iter()
        .map(|&c| usize::from(c))
        .filter(|&c| pos.has(c, value) && !places.contains(&c))
        .filter(|c| a.cells.binary_search(c).is_err() && b.cells.binary_search(c).is_err())
        .filter(|&c| places.iter().all(|&p| geo.sees(c, p)))
        .collect()
}

/// The step of two disjoint sets: the lowest restricted common value X, and every other common
/// value Z's removals.
fn pair_step(geo: &Geometry, pos: &ShapePosition, a: &Als, b: &Als) -> Option<ShapeStep> {
    let common = a.values & b.values;
    let x = values_of(common).find(|&x| {
        a.places(pos, x)
            .all(|p| b.places(pos, x).all(|q| geo.sees(p, q)))
    })?;
    let eliminations: Vec<Mark> = values_of(common & !bit(x))
        .flat_map(|z| {
            seeing_all(geo, pos, a, b, z)
                .into_iter()
                .map(move |c| Mark::new(c, z))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    Some(build(geo, a, b, x, eliminations))
}

fn build(geo: &Geometry, a: &Als, b: &Als, x: u8, mut eliminations: Vec<Mark>) -> ShapeStep {
    let shape = geo.shape;
    eliminations.sort();
    eliminations.dedup();
    let removed: BTreeSet<u8> = eliminations.iter().map(|m| m.value).collect();
    let sx = shape.symbol(x);
    let conclusion = if removed.len() == 1 {
        let z = shape.symbol(*removed.iter().next().expect("one value"));
        format!("one of the sets holds {z}, so no square that sees every {z} in both can be {z}")
    } else {
        format!(
            "each of {} is in one of the sets, so no square that sees all of a symbol's places in \
             both can hold it",
            words::symbols(shape, removed.iter().copied())
        )
    };
    let explanation = format!(
        "Two almost locked sets hold one symbol more than they have squares: {}; {}. Every {sx} of \
         one sees every {sx} of the other, so at most one set holds {sx} and the other is locked: \
         {conclusion}. So remove {}.",
        a.describe(geo),
        b.describe(geo),
        words::removals(shape, &eliminations)
    );
    let mut values = vec![x];
    values.extend(removed.iter().copied().filter(|&v| v != x));
    ShapeStep::elimination(
        Technique::AlsXz,
        eliminations,
        Pattern {
            cells: a.cells.iter().chain(&b.cells).copied().collect(),
            units: a.unit.into_iter().chain(b.unit).collect(),
            values,
        },
        explanation,
    )
}
