//! A cage's combinations: the sets of distinct values that reach what is left of its sum, given
//! the values placed in it and what its open cells can still hold. Its cells keep only the values
//! of those combinations (Cage Combination); a value every combination holds is in the cage, so
//! when its places there share a unit the rest of that unit loses it (Cage Pointing); and when a
//! value's places in a unit all lie in one cage, the cage holds it there, so its cells outside the
//! unit lose it (Cage Claiming).

use super::super::geometry::killer::KillerGeometry;
use super::super::geometry::Geometry;
use super::super::position::{values_of, ShapePosition};
use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words;
use super::cage_unit;
use super::sums::{self, ways_words, Fillings, OpenCage};
use crate::prose::{and_list, or_list};
use crate::shape::{Cells, Shape};
use crate::technique::Technique;

/// A cage as it stands: its values placed, its open cells and what they can be.
struct CageState {
    cage: usize,
    placed: Vec<(usize, u8)>,
    open: Vec<usize>,
    rest: u32,
    fillings: Fillings,
}

impl CageState {
    /// Cage `k` in `pos`; `None` when it is full or its combinations are too many to look at.
    fn of(kg: &KillerGeometry, shape: &Shape, pos: &ShapePosition, k: usize) -> Option<CageState> {
        let OpenCage {
            placed,
            open,
            cands,
            rest,
        } = OpenCage::of(shape, pos, k)?;
        let fillings = sums::distinct(&kg.combos, shape.size(), &cands, rest)?;
        // No combination left is a contradiction the singles will meet; nothing to say here.
        if fillings.count == 0 {
            return None;
        }
        Some(CageState {
            cage: k,
            placed,
            open,
            rest,
            fillings,
        })
    }

    /// `Cage 3 (A1+A2+B1, sum 15) can only be 1+5+9 or 2+4+9`, or, with values placed, `Cage 3
    /// (...) holds 9 in A1, so A2 and B1 make the other 6: 1+5 or 2+4`.
    fn combinations_words(&self, shape: &Shape) -> String {
        let title = words::cage_title(shape, self.cage);
        let ways = ways_words(&self.fillings);
        if self.placed.is_empty() {
            return format!("{title} can only be {ways}");
        }
        let held = and_list(
            self.placed
                .iter()
                .map(|&(c, v)| format!("{} in {}", shape.symbol(v), shape.cell_name(c))),
        );
        format!(
            "{title} holds {held}, so {} make the other {}: {ways}",
            words::cells(shape, self.open.iter().copied()),
            self.rest
        )
    }
}

/// The states of every cage that has open cells.
fn states<'a>(
    kg: &'a KillerGeometry,
    shape: &'a Shape,
    pos: &'a ShapePosition,
) -> impl Iterator<Item = CageState> + 'a {
    (0..shape.cages().len()).filter_map(move |k| CageState::of(kg, shape, pos, k))
}

/// A cage's open cells keep only the values some combination can put there.
pub fn cage_combination(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    states(kg, shape, pos).find_map(|state| {
        let removed: Vec<Mark> = state
            .open
            .iter()
            .zip(&state.fillings.possible)
            .flat_map(|(&c, &keep)| {
                values_of(pos.candidates(c) & !keep).map(move |v| Mark::new(c, v))
            })
            .collect();
        if removed.is_empty() {
            return None;
        }
        let explanation = format!(
            "{}, so these can be removed: {}.",
            state.combinations_words(shape),
            words::removal_sets(shape, &removed)
        );
        let cells = shape.cages()[state.cage]
            .cells
            .iter()
            .map(|&c| usize::from(c));
        Some(ShapeStep::elimination(
            Technique::CageCombination,
            removed,
            Pattern {
                cells: cells.collect(),
                units: vec![cage_unit(shape, state.cage)],
                values: values_of(state.fillings.possible.iter().fold(0, |a, &m| a | m)).collect(),
            },
            explanation,
        ))
    })
}

/// A value every combination of a cage holds, whose places in the cage share a unit: the rest of
/// that unit loses it.
pub fn cage_pointing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    states(kg, shape, pos).find_map(|state| {
        values_of(state.fillings.need & shape.all_values())
            .find_map(|value| pointing(geo, pos, &state, value))
    })
}

fn pointing(
    geo: &Geometry,
    pos: &ShapePosition,
    state: &CageState,
    value: u8,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    let cage = &shape.cages()[state.cage];
    let places: Vec<usize> = state
        .open
        .iter()
        .copied()
        .filter(|&c| pos.has(c, value))
        .collect();
    if places.is_empty() {
        return None;
    }
    geo.common_units(&places).into_iter().find_map(|unit| {
        let removed: Vec<usize> = shape
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| pos.has(c, value) && !cage.cells.contains(&(c as u16)))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let symbol = shape.symbol(value);
        let together = match places.len() {
            1 => "",
            2 => ", both",
            _ => ", all",
        };
        let explanation = format!(
            "{}: every combination holds {symbol}, and in the cage {symbol} can only go in \
             {}{together} in {}, so {symbol} can be removed from the rest of {}: {}.",
            state.combinations_words(shape),
            or_list(places.iter().map(|&c| shape.cell_name(c))),
            shape.unit_name(unit),
            shape.unit_name(unit),
            words::cells(shape, removed.iter().copied())
        );
        Some(ShapeStep::elimination(
            Technique::CagePointing,
            removed.iter().map(|&c| Mark::new(c, value)).collect(),
            Pattern {
                cells: places.clone(),
                units: vec![cage_unit(shape, state.cage), unit],
                values: vec![value],
            },
            explanation,
        ))
    })
}

/// A value whose places in a unit all lie in one cage: the cage holds it there, so its cells
/// outside the unit lose it.
pub fn cage_claiming(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    (0..shape.unit_count()).find_map(|unit| {
        let missing = shape.all_values() & !pos.placed(shape, unit);
        values_of(missing).find_map(|value| claiming(geo, kg, pos, unit, value))
    })
}

fn claiming(
    geo: &Geometry,
    kg: &KillerGeometry,
    pos: &ShapePosition,
    unit: usize,
    value: u8,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    let places: Vec<usize> = shape
        .unit(unit)
        .iter()
        .map(|&c| usize::from(c))
        .filter(|&c| pos.has(c, value))
        .collect();
    let k = kg.cage_of[*places.first()?]?;
    if places.len() < 2 || places.iter().any(|&c| kg.cage_of[c] != Some(k)) {
        return None;
    }
    let removed: Vec<usize> = shape.cages()[k]
        .cells
        .iter()
        .map(|&c| usize::from(c))
        .filter(|&c| pos.has(c, value) && !geo.contains(unit, c))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let symbol = shape.symbol(value);
    let together = if places.len() == 2 { "both" } else { "all" };
    let explanation = format!(
        "In {}, {symbol} can only go in {}, {together} in {}, so the cage holds its {symbol} \
         there and its other cells lose it: {symbol} can be removed from {}.",
        shape.unit_name(unit),
        or_list(places.iter().map(|&c| shape.cell_name(c))),
        words::cage(shape, k),
        words::cells(shape, removed.iter().copied())
    );
    Some(ShapeStep::elimination(
        Technique::CageClaiming,
        removed.iter().map(|&c| Mark::new(c, value)).collect(),
        Pattern {
            cells: places,
            units: vec![unit, cage_unit(shape, k)],
            values: vec![value],
        },
        explanation,
    ))
}
