//! Wings on any shape. The W-wing: two cells holding only the same two values x and y, which do not
//! see each other, and a conjugate pair of y (its only two places in some unit) whose ends see one
//! cell each. One end of the pair is y, so one of the two cells is not y, hence x: cells seeing both
//! lose x. The XYZ-wing: a pivot holding x, y and z and two pincers it sees holding x and z and y
//! and z: one of the three is z, so cells seeing all three lose z. Both reason only about units, so
//! they are sound on every shape.

use std::collections::BTreeMap;

use super::geometry::Geometry;
use super::links::Links;
use super::position::{values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::logic::Technique;
use crate::shape::Cells;

/// The first W-wing that removes something: cell pairs in order, the lower linking value first.
pub fn w_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let links = Links::new(geo, pos);
    let cells = geo.shape.cell_count();
    let mut by_values: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for c in (0..cells).filter(|&c| pos.candidates(c).count_ones() == 2) {
        by_values.entry(pos.candidates(c)).or_default().push(c);
    }
    let pairs = |values: u32| {
        let group = &by_values[&values];
        group
            .iter()
            .enumerate()
            .flat_map(move |(i, &a)| group[i + 1..].iter().map(move |&b| (values, a, b)))
    };
    by_values
        .keys()
        .flat_map(|&values| pairs(values))
        .filter(|&(_, a, b)| !geo.sees(a, b))
        .find_map(|(values, a, b)| {
            values_of(values).find_map(|y| {
                let x = values_of(values).find(|&v| v != y)?;
                let (end_a, end_b) = bridge(&links, a, b, y)?;
                let targets = links.seeing_both(a, b, x);
                if targets.is_empty() {
                    return None;
                }
                Some(step(&links, [a, b], [end_a, end_b], x, y, targets))
            })
        })
}

/// A conjugate pair of `y` with one end seeing `a` and the other `b` (neither being `a` or `b`).
fn bridge(links: &Links, a: usize, b: usize, y: u8) -> Option<(usize, usize)> {
    let geo = links.geo;
    links
        .weak_peers(a, y)
        .filter(|&e| e != b)
        .find_map(|end_a| {
            links
                .conjugates(end_a, y)
                .iter()
                .map(|&e| usize::from(e))
                .find(|&end_b| end_b != a && end_b != b && geo.sees(end_b, b))
                .map(|end_b| (end_a, end_b))
        })
}

fn step(
    links: &Links,
    wing: [usize; 2],
    ends: [usize; 2],
    x: u8,
    y: u8,
    targets: Vec<usize>,
) -> ShapeStep {
    let shape = links.geo.shape;
    let unit = links
        .link_unit(ends[0], ends[1], y, true)
        .expect("a conjugate pair shares a unit");
    let name = |c: usize| shape.cell_name(c);
    let (sx, sy) = (shape.symbol(x), shape.symbol(y));
    let explanation = format!(
        "{} and {} both hold only {} and {}, and {sy} is in {} only at {} and {}, which see {} and \
         {}. One of {} or {} is {sy}, so {} and {} cannot both be {sy}: one of them is {sx}, and \
         {sx} can be removed from the squares that see both: {}.",
        name(wing[0]),
        name(wing[1]),
        shape.symbol(x.min(y)),
        shape.symbol(x.max(y)),
        shape.unit_name(unit),
        name(ends[0]),
        name(ends[1]),
        name(wing[0]),
        name(wing[1]),
        name(ends[0]),
        name(ends[1]),
        name(wing[0]),
        name(wing[1]),
        words::cells(shape, targets.iter().copied())
    );
    ShapeStep::elimination(
        Technique::WWing,
        targets.into_iter().map(|c| Mark::new(c, x)).collect(),
        Pattern {
            cells: vec![wing[0], wing[1], ends[0], ends[1]],
            units: vec![unit],
            values: vec![x.min(y), x.max(y)],
        },
        explanation,
    )
}

/// The first XYZ-wing that removes something: a pivot holding exactly three values x, y and z, two
/// pincers it sees holding only x and z and only y and z (their values within the pivot's, sharing
/// just z). Whichever value the pivot takes, one of the three cells is z, so the cells that see
/// all three lose z. It reasons only about units, so it is sound on every shape. Pivots in cell
/// order, pincers in cell order.
pub fn xyz_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let cells = shape.cell_count();
    for pivot in (0..cells).filter(|&c| pos.candidates(c).count_ones() == 3) {
        let held = pos.candidates(pivot);
        let near: Vec<usize> = shape
            .peers(pivot)
            .iter()
            .map(|&p| usize::from(p))
            // Pincers the pivot sees through a unit: the words name the unit, and a knight's move
            // or a cage (peers too) is none.
            .filter(|&p| geo.sees(pivot, p))
            .filter(|&p| {
                let values = pos.candidates(p);
                values.count_ones() == 2 && values & !held == 0
            })
            .collect();
        for (i, &first) in near.iter().enumerate() {
            for &second in &near[i + 1..] {
                let shared = pos.candidates(first) & pos.candidates(second);
                if pos.candidates(first) == pos.candidates(second) || shared.count_ones() != 1 {
                    continue;
                }
                let z = shared.trailing_zeros() as u8 + 1;
                let targets: Vec<usize> = (0..cells)
                    .filter(|&c| c != pivot && c != first && c != second)
                    .filter(|&c| pos.candidates(c) & shared != 0)
                    .filter(|&c| geo.sees(c, pivot) && geo.sees(c, first) && geo.sees(c, second))
                    .collect();
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
    let name = |c: usize| shape.cell_name(c);
    let held: Vec<u8> = values_of(pos.candidates(pivot)).collect();
    let or_values = |c: usize| {
        let values: Vec<char> = values_of(pos.candidates(c))
            .map(|v| shape.symbol(v))
            .collect();
        format!("{} or {}", values[0], values[1])
    };
    let sz = shape.symbol(z);
    let (with_first, with_second) = (
        geo.common_units(&[pivot, first]),
        geo.common_units(&[pivot, second]),
    );
    let explanation = format!(
        "{} holds only {}, and it sees {} ({}) in {} and {} ({}) in {}. Whichever value {} takes, \
         one of {}, {} or {} is {sz}, so {sz} can be removed from the squares that see all three: {}.",
        name(pivot),
        words::symbols(shape, held.iter().copied()),
        name(first),
        or_values(first),
        words::units(shape, with_first.iter().copied()),
        name(second),
        or_values(second),
        words::units(shape, with_second.iter().copied()),
        name(pivot),
        name(pivot),
        name(first),
        name(second),
        words::cells(shape, targets.iter().copied())
    );
    let mut units = with_first;
    units.extend(with_second);
    units.sort_unstable();
    units.dedup();
    ShapeStep::elimination(
        Technique::XYZWing,
        targets.into_iter().map(|c| Mark::new(c, z)).collect(),
        Pattern {
            cells: vec![pivot, first, second],
            units,
            values: held,
        },
        explanation,
    )
}
