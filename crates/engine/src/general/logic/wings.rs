//! Wings on any shape: bivalue cells that pinch a value, with HoDoKu's definitions (the classic
//! layer's scan order and words on every shape).
//!
//! - [`xy_wing`]: a pivot holding only x and y that sees two pincers holding x and z and y and z.
//!   Whichever value the pivot takes, one pincer is z, so cells seeing both pincers lose z.
//! - [`xyz_wing`]: a pivot holding x, y and z and two pincers it sees holding x and z and y and z:
//!   one of the three is z, so cells seeing all three lose z.
//! - [`w_wing`]: two cells holding only the same two values x and y, and a conjugate pair of y
//!   (its only two places in some unit) whose ends see one cell each. One end of the pair is y, so
//!   one of the two cells is not y, hence x: cells seeing both lose x.
//!
//! "Sees" is the shape's peer relation (units, cages, chess moves: two cells that cannot hold the
//! same value), so each is sound on every shape.

use super::geometry::Geometry;
use super::position::{bit, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::{Cells, Shape};
use crate::technique::Technique;

/// Whether two distinct cells cannot hold the same value.
fn sees(shape: &Shape, a: usize, b: usize) -> bool {
    shape.peers(a).binary_search(&(b as u16)).is_ok()
}

/// The cells holding exactly `count` candidates, in cell order.
fn with_candidates(pos: &ShapePosition, cells: usize, count: u32) -> Vec<usize> {
    let mut found = Vec::with_capacity(cells);
    found.extend((0..cells).filter(|&c| pos.candidates(c).count_ones() == count));
    found
}

/// The cells holding `value` that see every one of `cells`, in cell order.
fn seeing_all(shape: &Shape, pos: &ShapePosition, value: u8, cells: &[usize]) -> Vec<usize> {
    shape
        .peers(cells[0])
        .iter()
        .map(|&p| usize::from(p))
        .filter(|&c| pos.has(c, value) && cells[1..].iter().all(|&o| sees(shape, c, o)))
        .collect()
}

/// The first unit the pivot shares with each pincer (none for a pincer seen by a chess move or a
/// cage alone).
fn joining_units(geo: &Geometry, pivot: usize, pincers: [usize; 2]) -> Vec<usize> {
    pincers
        .iter()
        .filter_map(|&p| geo.common_units(&[pivot, p]).first().copied())
        .collect()
}

/// `3 or 9`: a bivalue cell's values.
fn or_values(shape: &Shape, pos: &ShapePosition, cell: usize) -> String {
    let values: Vec<char> = values_of(pos.candidates(cell))
        .map(|v| shape.symbol(v))
        .collect();
    crate::prose::or_list(values)
}

/// The first XY-wing that removes something: pivots in cell order, each with its lower value `x`
/// first, then pincers in cell order.
pub fn xy_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let bivalue = with_candidates(pos, shape.cell_count(), 2);
    for &pivot in &bivalue {
        let mut held = values_of(pos.candidates(pivot));
        let (Some(x), Some(y)) = (held.next(), held.next()) else {
            continue;
        };
        let near: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| sees(shape, pivot, c))
            .collect();
        for &pincer_x in &near {
            let values = pos.candidates(pincer_x);
            if !pos.has(pincer_x, x) || pos.has(pincer_x, y) {
                continue;
            }
            let Some(z) = values_of(values).find(|&v| v != x) else {
                continue;
            };
            let wanted = bit(y) | bit(z);
            for &pincer_y in near.iter().filter(|&&c| pos.candidates(c) == wanted) {
                let targets = seeing_all(shape, pos, z, &[pincer_x, pincer_y]);
                if !targets.is_empty() {
                    let wing = [pivot, pincer_x, pincer_y];
                    return Some(xy_step(geo, pos, wing, [x, y, z], targets));
                }
            }
        }
    }
    None
}

fn xy_step(
    geo: &Geometry,
    pos: &ShapePosition,
    [pivot, px, py]: [usize; 3],
    [x, y, z]: [u8; 3],
    targets: Vec<usize>,
) -> ShapeStep {
    let shape = geo.shape;
    let (p, a, b) = (
        shape.cell_name(pivot),
        shape.cell_name(px),
        shape.cell_name(py),
    );
    let (sx, sy, sz) = (shape.symbol(x), shape.symbol(y), shape.symbol(z));
    let explanation = format!(
        "{p} holds only {sx} and {sy}, and it sees {a} ({}) and {b} ({}). If {p} is {sx}, {a} is \
         {sz}; if it is {sy}, {b} is {sz}. Either way one of {a} or {b} is {sz}, so {sz} can be \
         removed from the squares that see both: {}.",
        or_values(shape, pos, px),
        or_values(shape, pos, py),
        words::cells(shape, targets.iter().copied())
    );
    ShapeStep::elimination(
        Technique::XYWing,
        targets.into_iter().map(|c| Mark::new(c, z)).collect(),
        Pattern {
            cells: vec![pivot, px, py],
            units: joining_units(geo, pivot, [px, py]),
            values: vec![x, y, z],
        },
        explanation,
    )
}

/// The first XYZ-wing that removes something: a pivot holding exactly three values, two pincers
/// it sees holding two of them each and sharing just z. Pivots in cell order, pincers in cell order.
pub fn xyz_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let cells = shape.cell_count();
    let bivalue = with_candidates(pos, cells, 2);
    for pivot in with_candidates(pos, cells, 3) {
        let held = pos.candidates(pivot);
        let near: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| sees(shape, pivot, c) && pos.candidates(c) & !held == 0)
            .collect();
        for (i, &first) in near.iter().enumerate() {
            for &second in &near[i + 1..] {
                let shared = pos.candidates(first) & pos.candidates(second);
                if pos.candidates(first) == pos.candidates(second) || shared.count_ones() != 1 {
                    continue;
                }
                let z = shared.trailing_zeros() as u8 + 1;
                let targets = seeing_all(shape, pos, z, &[pivot, first, second]);
                if !targets.is_empty() {
                    return Some(xyz_step(geo, pos, [pivot, first, second], z, targets));
                }
            }
        }
    }
    None
}

fn xyz_step(
    geo: &Geometry,
    pos: &ShapePosition,
    [pivot, first, second]: [usize; 3],
    z: u8,
    targets: Vec<usize>,
) -> ShapeStep {
    let shape = geo.shape;
    let held: Vec<u8> = values_of(pos.candidates(pivot)).collect();
    let (p, a, b) = (
        shape.cell_name(pivot),
        shape.cell_name(first),
        shape.cell_name(second),
    );
    let sz = shape.symbol(z);
    let explanation = format!(
        "{p} holds only {}, and it sees {a} ({}) and {b} ({}). Whichever {} {p} takes, one of \
         {p}, {a} or {b} is {sz}, so {sz} can be removed from the squares that see all three: {}.",
        words::symbols(shape, held.iter().copied()),
        or_values(shape, pos, first),
        or_values(shape, pos, second),
        words::value_word(shape),
        words::cells(shape, targets.iter().copied())
    );
    ShapeStep::elimination(
        Technique::XYZWing,
        targets.into_iter().map(|c| Mark::new(c, z)).collect(),
        Pattern {
            cells: vec![pivot, first, second],
            units: joining_units(geo, pivot, [first, second]),
            values: held,
        },
        explanation,
    )
}

/// The first W-wing that removes something: pairs of cells in cell order, the higher value linking
/// first, conjugate pairs in unit order.
pub fn w_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let bivalue = with_candidates(pos, shape.cell_count(), 2);
    for (i, &first) in bivalue.iter().enumerate() {
        let held = pos.candidates(first);
        let mut values = values_of(held);
        let (Some(a), Some(b)) = (values.next(), values.next()) else {
            continue;
        };
        for &second in bivalue[i + 1..]
            .iter()
            .filter(|&&c| pos.candidates(c) == held)
        {
            for (removed, linked) in [(a, b), (b, a)] {
                let targets = seeing_all(shape, pos, removed, &[first, second]);
                if targets.is_empty() {
                    continue;
                }
                if let Some(bridge) = bridge(geo, pos, linked, [first, second]) {
                    let wing = [first, second];
                    return Some(w_step(shape, wing, [removed, linked], bridge, targets));
                }
            }
        }
    }
    None
}

/// A conjugate pair of `linked` (its unit, then the ends seeing the first and the second cell) that
/// bridges the two cells, no end seeing both. A unit already holding `linked` has no conjugate
/// pair of it, whatever stale pencil marks say.
fn bridge(
    geo: &Geometry,
    pos: &ShapePosition,
    linked: u8,
    wing: [usize; 2],
) -> Option<(usize, usize, usize)> {
    let shape = geo.shape;
    let sees_both = |e: usize| sees(shape, e, wing[0]) && sees(shape, e, wing[1]);
    (0..shape.unit_count()).find_map(|unit| {
        if pos.placed(shape, unit) & bit(linked) != 0 {
            return None;
        }
        let mut places = shape
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| pos.has(c, linked));
        let (Some(e1), Some(e2), None) = (places.next(), places.next(), places.next()) else {
            return None;
        };
        if [e1, e2].iter().any(|e| wing.contains(e)) || sees_both(e1) || sees_both(e2) {
            return None;
        }
        if sees(shape, e1, wing[0]) && sees(shape, e2, wing[1]) {
            Some((unit, e1, e2))
        } else if sees(shape, e2, wing[0]) && sees(shape, e1, wing[1]) {
            Some((unit, e2, e1))
        } else {
            None
        }
    })
}

fn w_step(
    shape: &Shape,
    [first, second]: [usize; 2],
    [removed, linked]: [u8; 2],
    (unit, end1, end2): (usize, usize, usize),
    targets: Vec<usize>,
) -> ShapeStep {
    let (a, b) = (shape.cell_name(first), shape.cell_name(second));
    let (e1, e2) = (shape.cell_name(end1), shape.cell_name(end2));
    let (sr, sl) = (shape.symbol(removed), shape.symbol(linked));
    let (low, high) = (
        shape.symbol(removed.min(linked)),
        shape.symbol(removed.max(linked)),
    );
    let explanation = format!(
        "{a} and {b} both hold only {low} and {high}, and {sl} is in {} only at {e1} and {e2}, \
         which see {a} and {b}. One of {e1} or {e2} is {sl}, so {a} and {b} cannot both be {sl}: \
         one of them is {sr}, and {sr} can be removed from the squares that see both: {}.",
        shape.unit_name(unit),
        words::cells(shape, targets.iter().copied())
    );
    ShapeStep::elimination(
        Technique::WWing,
        targets.into_iter().map(|c| Mark::new(c, removed)).collect(),
        Pattern {
            cells: vec![first, second, end1, end2],
            units: vec![unit],
            values: vec![removed, linked],
        },
        explanation,
    )
}
