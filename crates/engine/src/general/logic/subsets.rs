//! Naked and hidden subsets inside one unit, on any shape: k cells holding only k values between
//! them keep those values to themselves (in every unit the k cells share), and k values confined to
//! k cells of a unit leave those cells nothing else. A naked pair or triple whose cells share two
//! units and clears both is a locked pair or triple, as classic grading names it.

use super::geometry::Geometry;
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

/// Calls `f` with every `k` indices below `n`, ascending, until it answers.
pub fn combinations<T>(n: usize, k: usize, f: &mut impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    fn go<T>(
        start: usize,
        n: usize,
        k: usize,
        chosen: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in start..=n - (k - chosen.len()) {
            chosen.push(i);
            let found = go(i + 1, n, k, chosen, f);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k > n {
        return None;
    }
    go(0, n, k, &mut Vec::with_capacity(k), f)
}

fn naked(geo: &Geometry, pos: &ShapePosition, k: usize, locked: bool) -> Option<ShapeStep> {
    let shape = geo.shape;
    geo.scan.iter().find_map(|&unit| {
        let open: Vec<usize> = shape
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| (2..=k as u32).contains(&pos.candidates(c).count_ones()))
            .collect();
        combinations(open.len(), k, &mut |pick| {
            let cells: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
            let values = cells.iter().fold(0, |acc, &c| acc | pos.candidates(c));
            if values.count_ones() as usize != k {
                return None;
            }
            naked_step(geo, pos, unit, cells, values, locked)
        })
    })
}

/// The step of the naked subset `cells` (found in `unit`) holding `values`, if it is of the kind
/// asked for (`locked` or not) and removes something.
fn naked_step(
    geo: &Geometry,
    pos: &ShapePosition,
    unit: usize,
    cells: Vec<usize>,
    values: u32,
    locked: bool,
) -> Option<ShapeStep> {
    let shape = geo.shape;
    let mut units = vec![unit];
    units.extend(geo.common_units(&cells).into_iter().filter(|&u| u != unit));
    let hits_in = |u: usize| {
        shape
            .unit(u)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|c| !cells.contains(c) && pos.candidates(*c) & values != 0)
            .collect::<Vec<usize>>()
    };
    let cleared = units.iter().filter(|&&u| !hits_in(u).is_empty()).count();
    let is_locked = cells.len() < 4 && cleared >= 2;
    if cleared == 0 || is_locked != locked {
        return None;
    }
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
        cells,
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
    geo.scan.iter().find_map(|&unit| {
        let cells: Vec<usize> = shape.unit(unit).iter().map(|&c| usize::from(c)).collect();
        // Each missing value with 2..=k places, and those places as bits over the unit's cells.
        let missing = shape.all_values() & !pos.placed(shape, unit);
        let spots: Vec<(u8, u32)> = values_of(missing)
            .map(|v| {
                let places = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| pos.candidates(c) & bit(v) != 0)
                    .fold(0u32, |acc, (i, _)| acc | 1 << i);
                (v, places)
            })
            .filter(|&(_, places)| (2..=k as u32).contains(&places.count_ones()))
            .collect();
        combinations(spots.len(), k, &mut |pick| {
            let places = pick.iter().fold(0u32, |acc, &i| acc | spots[i].1);
            if places.count_ones() as usize != k {
                return None;
            }
            let values = pick.iter().fold(0u32, |acc, &i| acc | bit(spots[i].0));
            let held: Vec<usize> = values_of(places)
                .map(|i| cells[usize::from(i) - 1])
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
