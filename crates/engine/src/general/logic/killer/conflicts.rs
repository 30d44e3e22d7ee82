//! Combination Conflict: a cage's combination is checked against its neighbours. Every value of
//! the combination goes in one of the cage's open cells, so a cell that sees all of them cannot
//! hold any of its values, nor can a cage whose open cells all see them. A combination is removed
//! when it would leave such a cage no combination of its own (the "killer pair" clash: cages of 4
//! = 1+3 and of 10 = 1+9 in one row), take every candidate of such a cell, or leave out a value
//! that a unit holding the cage can only place in the cage. The cage's cells then keep the values
//! of the combinations left.

use super::super::geometry::killer::KillerGeometry;
use super::super::geometry::Geometry;
use super::super::position::{values_of, ShapePosition};
use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words;
use super::sums::{self, plus, ways_words, OpenCage};
use super::{cage_unit, sees};
use crate::prose::{and_list, or_list};
use crate::shape::{Cells, Shape};
use crate::technique::Technique;

/// Combinations of one cage checked against its neighbours before it is left alone: the checks
/// are a few cheap ones per combination, but a 16x16 cage can have hundreds.
const MAX_CHECKED: usize = 64;

/// Open cells a cage may have to be checked (its neighbours must see all of them).
const MAX_OPEN: usize = 6;

/// Why a combination of the cage cannot be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clash {
    /// It leaves this cage (open cells all seeing the cage's) no combination.
    Cage(usize),
    /// It takes every candidate of this cell (which sees all the cage's open cells).
    Cell(usize),
    /// It leaves out this value, whose only places in this unit are in the cage.
    Value(u8, usize),
}

/// The neighbours of a cage: the cages and cells whose open cells see all of its open ones, and
/// the units holding all of them.
struct Neighbours {
    cages: Vec<(usize, OpenCage)>,
    cells: Vec<usize>,
    units: Vec<usize>,
}

fn neighbours(
    geo: &Geometry,
    kg: &KillerGeometry,
    pos: &ShapePosition,
    k: usize,
    own: &OpenCage,
) -> Neighbours {
    let shape = geo.shape;
    let sees_all = |c: usize| own.open.iter().all(|&d| sees(shape, c, d));
    let first = own.open[0];
    let cells: Vec<usize> = (shape.peers(first).iter())
        .map(|&c| usize::from(c))
        .filter(|&c| pos.value(c) == 0 && kg.cage_of[c] != Some(k) && sees_all(c))
        .collect();
    let mut cages: Vec<(usize, OpenCage)> = Vec::new();
    for &c in &cells {
        let Some(j) = kg.cage_of[c] else { continue };
        if cages.iter().any(|&(i, _)| i == j) {
            continue;
        }
        if let Some(p) = OpenCage::of(shape, pos, j).filter(|p| p.open.iter().all(|&d| sees_all(d)))
        {
            cages.push((j, p));
        }
    }
    Neighbours {
        cages,
        cells,
        units: geo.common_units(&own.open),
    }
}

impl Neighbours {
    /// Why combination `m` of the cage (open cells `own`) cannot be, if it cannot.
    fn clash(
        &self,
        kg: &KillerGeometry,
        shape: &Shape,
        pos: &ShapePosition,
        own: &OpenCage,
        m: u32,
    ) -> Option<Clash> {
        if let Some(&c) = self.cells.iter().find(|&&c| pos.candidates(c) & !m == 0) {
            return Some(Clash::Cell(c));
        }
        for (j, p) in &self.cages {
            let left: Vec<u32> = p.cands.iter().map(|&c| c & !m).collect();
            if !sums::any_distinct(&kg.combos, &left, p.rest) {
                return Some(Clash::Cage(*j));
            }
        }
        self.units.iter().find_map(|&u| {
            let missing = shape.all_values() & !pos.placed(shape, u) & !m;
            values_of(missing)
                .find(|&v| {
                    shape.unit(u).iter().all(|&c| {
                        let c = usize::from(c);
                        !pos.has(c, v) || own.open.contains(&c)
                    })
                })
                .map(|v| Clash::Value(v, u))
        })
    }
}

/// A cage's combinations that clash with a neighbour are removed; its cells keep the values of
/// the rest.
pub fn combination_conflict(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    (0..shape.cages().len()).find_map(|k| conflict(geo, kg, pos, k))
}

fn conflict(
    geo: &Geometry,
    kg: &KillerGeometry,
    pos: &ShapePosition,
    k: usize,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    let own = OpenCage::of(shape, pos, k).filter(|p| p.open.len() <= MAX_OPEN)?;
    let before = sums::distinct(&kg.combos, shape.size(), &own.cands, own.rest)?;
    if before.count == 0 || before.count > MAX_CHECKED {
        return None;
    }
    let near = neighbours(geo, kg, pos, k, &own);
    let mut clashes: Vec<(u32, Clash)> = Vec::new();
    let after = sums::distinct_where(
        &kg.combos,
        shape.size(),
        &own.cands,
        own.rest,
        |m| match near.clash(kg, shape, pos, &own, m) {
            Some(clash) => {
                clashes.push((m, clash));
                false
            }
            None => true,
        },
    )?;
    // Every combination clashing is a contradiction other steps meet; nothing to say here.
    if clashes.is_empty() || after.count == 0 {
        return None;
    }
    let removed: Vec<Mark> = (own.open.iter().zip(&after.possible))
        .flat_map(|(&c, &keep)| values_of(pos.candidates(c) & !keep).map(move |v| Mark::new(c, v)))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let explanation = format!(
        "{} can only be {} by its sum, but {}; so it is {}, and these can be removed: {}.",
        words::cage_title(shape, k),
        ways_words(&before),
        reasons(shape, pos, &clashes),
        ways_words(&after),
        words::removal_sets(shape, &removed)
    );
    let mut cells: Vec<usize> = shape.cages()[k]
        .cells
        .iter()
        .map(|&c| usize::from(c))
        .collect();
    let mut units = vec![cage_unit(shape, k)];
    for (_, clash) in &clashes {
        match *clash {
            Clash::Cage(j) => {
                cells.extend(shape.cages()[j].cells.iter().map(|&c| usize::from(c)));
                units.push(cage_unit(shape, j));
            }
            Clash::Cell(c) => cells.push(c),
            Clash::Value(_, u) => units.push(u),
        }
    }
    cells.sort_unstable();
    cells.dedup();
    units.dedup();
    Some(ShapeStep::elimination(
        Technique::CombinationConflict,
        removed,
        Pattern {
            cells,
            units,
            values: values_of(after.possible.iter().fold(0, |a, &m| a | m)).collect(),
        },
        explanation,
    ))
}

/// Combinations named for one reason before the rest are counted.
const SHOWN_COMBINATIONS: usize = 4;

/// `1+6 or 2+5 would leave cage 2 (A3+A4, sum 3) no combination, and 3+4 would take every
/// candidate of A5 (3 and 4)`: the combinations removed, gathered by what they clash with.
fn reasons(shape: &Shape, pos: &ShapePosition, clashes: &[(u32, Clash)]) -> String {
    let mut by_clash: Vec<(Clash, Vec<u32>)> = Vec::new();
    for &(m, clash) in clashes {
        match by_clash.iter_mut().find(|(c, _)| *c == clash) {
            Some((_, ms)) => ms.push(m),
            None => by_clash.push((clash, vec![m])),
        }
    }
    and_list(by_clash.iter().map(|(clash, ms)| {
        let mut shown: Vec<String> = (ms.iter().take(SHOWN_COMBINATIONS))
            .map(|&m| plus(&sums::values(m)))
            .collect();
        if ms.len() > SHOWN_COMBINATIONS {
            shown.push(format!("{} more", ms.len() - SHOWN_COMBINATIONS));
        }
        let combinations = or_list(shown);
        match *clash {
            Clash::Cage(j) => {
                format!(
                    "{combinations} would leave {} no combination",
                    words::cage(shape, j)
                )
            }
            Clash::Cell(c) => format!(
                "{combinations} would take every candidate of {} ({})",
                shape.cell_name(c),
                and_list(values_of(pos.candidates(c)).map(|v| shape.symbol(v)))
            ),
            Clash::Value(v, u) => format!(
                "{combinations} would leave out {}, which {} can only place in this cage",
                shape.symbol(v),
                shape.unit_name(u)
            ),
        }
    }))
}
