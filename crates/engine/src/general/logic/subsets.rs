//! Naked and hidden subsets inside one unit, on any shape: k cells holding only k values between
//! them keep those values to themselves (in every unit the k cells share), and k values confined to
//! k cells of a unit leave those cells nothing else. A naked pair or triple whose cells share their
//! box (or region) and another unit, and clears the box and the other unit outside it, is a locked
//! pair or triple, as classic grading names it.

use super::geometry::{units_in, Geometry};
use super::places::UnitPlaces;
use super::position::{bit, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;

/// A naked pair whose two cells share two units and clear both.
pub fn locked_pair(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    naked(geo, pos, 2, true)
}

/// A naked triple whose cells share two units and clear both.
pub fn locked_triple(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    naked(geo, pos, 3, true)
}

/// Two cells of a unit holding only the same two values.
pub fn naked_pair(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    naked(geo, pos, 2, false)
}

/// Three cells of a unit holding only three values between them.
pub fn naked_triple(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    naked(geo, pos, 3, false)
}

/// Four cells of a unit holding only four values between them.
pub fn naked_quad(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    naked(geo, pos, 4, false)
}

/// Two values confined to the same two cells of a unit.
pub fn hidden_pair(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    hidden(geo, pos, 2)
}

/// Three values confined to the same three cells of a unit.
pub fn hidden_triple(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    hidden(geo, pos, 3)
}

/// Four values confined to the same four cells of a unit.
pub fn hidden_quad(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    hidden(geo, pos, 4)
}

/// Calls `accept` with each choice of `k` of `masks` (their indices ascending, in lexicographic
/// order) whose union has exactly `k` bits, with that union, until it answers: the cells of a naked
/// subset (masks of values), the values of a hidden one (masks of places) or the base lines of a
/// fish (masks of cover lines). A union past `k` bits cuts the branch: every choice it would lead
/// to fails.
pub fn unions_of<T>(
    masks: &[u32],
    k: usize,
    accept: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    fn extend<T>(
        masks: &[u32],
        k: usize,
        chosen: &mut [usize; 8],
        depth: usize,
        start: usize,
        union: u32,
        accept: &mut impl FnMut(&[usize], u32) -> Option<T>,
    ) -> Option<T> {
        if depth == k {
            return (union.count_ones() as usize == k)
                .then(|| accept(&chosen[..k], union))
                .flatten();
        }
        // Leave room for the masks still to choose.
        let last = masks.len().checked_sub(k - depth)?;
        for i in start..=last {
            let grown = union | masks[i];
            if grown.count_ones() as usize > k {
                continue;
            }
            chosen[depth] = i;
            if let Some(found) = extend(masks, k, chosen, depth + 1, i + 1, grown, accept) {
                return Some(found);
            }
        }
        None
    }
    assert!(k <= 8, "subsets and fish of at most eight");
    extend(masks, k, &mut [0; 8], 0, 0, 0, accept)
}

fn naked(geo: &Geometry, pos: &ShapePosition, k: usize, locked: bool) -> Option<ShapeStep> {
    let shape = geo.shape;
    let size = shape.size();
    let (mut open, mut masks) = (Vec::with_capacity(size), Vec::with_capacity(size));
    // A locked subset lies in its box: where the boxes are scanned first (the classic order),
    // they find every one, and first.
    let units = match locked && geo.classic_order {
        true => &geo.scan[..shape.size()],
        false => &geo.scan[..],
    };
    units.iter().find_map(|&unit| {
        open.clear();
        masks.clear();
        for c in shape.unit(unit).iter().map(|&c| usize::from(c)) {
            let values = pos.candidates(c);
            if (2..=k as u32).contains(&values.count_ones()) {
                open.push(c);
                masks.push(values);
            }
        }
        unions_of(&masks, k, &mut |pick, values| {
            let mut cells = [0; 8];
            for (cell, &i) in cells.iter_mut().zip(pick) {
                *cell = open[i];
            }
            naked_step(geo, pos, unit, &cells[..k], values, locked)
        })
    })
}

/// The step of the naked subset `cells` (found in `unit`) holding `values`, if it is of the kind
/// asked for (`locked` or not) and removes something.
fn naked_step(
    geo: &Geometry,
    pos: &ShapePosition,
    unit: usize,
    cells: &[usize],
    values: u32,
    locked: bool,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    // Locked, as HoDoKu has it: the cells share their box (or region) and a line (or another
    // unit), and clear both, the other unit outside the box.
    let region = geo.regions[cells[0]];
    let in_region = cells.iter().all(|&c| geo.contains(region, c));
    if locked && (cells.len() >= 4 || !in_region) {
        return None;
    }
    // The unit it was found in first, then the others its cells share, ascending: nothing is
    // allocated until a step is sure (most subsets a scan meets remove nothing).
    let others = geo.common_unit_set(cells.iter().copied()) & !(1 << unit);
    let units = || std::iter::once(unit).chain(units_in(others));
    let subset = cells;
    let hits_in = |u: usize| {
        shape
            .unit(u)
            .iter()
            .map(|&c| usize::from(c))
            .filter(move |c| !subset.contains(c) && pos.candidates(*c) & values != 0)
    };
    if units().all(|u| hits_in(u).next().is_none()) {
        return None;
    }
    let is_locked = cells.len() < 4
        && in_region
        && hits_in(region).next().is_some()
        && units().any(|u| u != region && hits_in(u).any(|c| !geo.contains(region, c)));
    if is_locked != locked {
        return None;
    }
    let units: Vec<usize> = units().collect();
    let eliminations: Vec<Mark> = units
        .iter()
        .flat_map(|&u| hits_in(u))
        .flat_map(|c| values_of(pos.candidates(c) & values).map(move |v| Mark::new(c, v)))
        .collect();
    let size = cells.len();
    let (technique, lead, place) = match (locked, size) {
        (true, 2) => (Technique::LockedPair, String::new(), both(shape, &units)),
        (true, _) => (Technique::LockedTriple, String::new(), both(shape, &units)),
        (false, 2) => (Technique::NakedPair, lead(shape, unit), String::new()),
        (false, 3) => (Technique::NakedTriple, lead(shape, unit), String::new()),
        (false, _) => (Technique::NakedQuad, lead(shape, unit), String::new()),
    };
    let mut step =
        ShapeStep::elimination(technique, eliminations, Pattern::default(), String::new());
    step.explanation = format!(
        "{lead}{} hold only {} between them{place}, so those {} {}s go in these squares and can be \
         removed from the rest of {}: {}.",
        words::cells(shape, cells.iter().copied()),
        words::symbols(shape, values_of(values)),
        number(size),
        words::value_word(shape),
        words::units(shape, units.iter().copied()),
        words::grouped_removals(shape, &step.eliminations)
    );
    step.pattern = Pattern {
        cells: cells.to_vec(),
        units,
        values: values_of(values).collect(),
    };
    Some(step)
}

fn lead(shape: &crate::shape::Shape, unit: usize) -> String {
    format!("In {}, ", shape.unit_name(unit))
}

fn both(shape: &crate::shape::Shape, units: &[usize]) -> String {
    format!(
        " and lie in both {}",
        words::units(shape, units.iter().copied())
    )
}

fn hidden(geo: &Geometry, pos: &ShapePosition, k: usize) -> Option<ShapeStep> {
    let shape = geo.shape;
    let table = UnitPlaces::marked(geo, pos);
    let size = shape.size();
    let (mut spots, mut masks) = (Vec::with_capacity(size), Vec::with_capacity(size));
    geo.scan.iter().find_map(|&unit| {
        let cells = shape.unit(unit);
        let places = table.in_unit(unit);
        // With no more open cells (cells with a candidate) than the subset's size, the subset is
        // the whole rest of the unit: HoDoKu leaves that to the singles (whatever stale marks a
        // player kept there).
        let open = places.iter().fold(0, |acc, &at| acc | at).count_ones();
        if open as usize <= k {
            return None;
        }
        // Each missing value with 2..=k places.
        spots.clear();
        masks.clear();
        for v in values_of(shape.all_values() & !pos.placed(shape, unit)) {
            let at = places[usize::from(v) - 1];
            if (2..=k as u32).contains(&at.count_ones()) {
                spots.push(v);
                masks.push(at);
            }
        }
        unions_of(&masks, k, &mut |pick, at| {
            let values = pick.iter().fold(0u32, |acc, &i| acc | bit(spots[i]));
            let mut held = values_of(at).map(|i| usize::from(cells[usize::from(i) - 1]));
            if !held.any(|c| pos.candidates(c) & !values != 0) {
                return None;
            }
            let held = values_of(at)
                .map(|i| usize::from(cells[usize::from(i) - 1]))
                .collect();
            hidden_step(geo, pos, unit, held, values)
        })
    })
}

fn hidden_step(
    geo: &Geometry,
    pos: &ShapePosition,
    unit: usize,
    cells: Vec<usize>,
    values: u32,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    let eliminations: Vec<Mark> = cells
        .iter()
        .flat_map(|&c| values_of(pos.candidates(c) & !values).map(move |v| Mark::new(c, v)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let size = cells.len();
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let explanation = format!(
        "In {}, {} can only go in {}, so those {} squares can hold nothing else, and their other \
         candidates can be removed: {}.",
        shape.unit_name(unit),
        words::symbols(shape, values_of(values)),
        words::cells(shape, cells.iter().copied()),
        number(size),
        words::grouped_removals(shape, &eliminations)
    );
    Some(ShapeStep::elimination(
        technique,
        eliminations,
        Pattern {
            cells,
            units: vec![unit],
            values: values_of(values).collect(),
        },
        explanation,
    ))
}

fn number(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        _ => "four",
    }
}
