//! Odd and Even: cells marked odd (or even) keep only odd (or even) digits.

use super::super::geometry::Geometry;
use super::super::position::ShapePosition;
use super::super::step::{Pattern, ShapeStep};
use super::super::words;
use super::{cells_of, removals};
use crate::shape::{Cells, Constraint};
use crate::technique::Technique;

/// The first odd or even constraint whose cells still hold a digit of the other kind.
pub fn odd_even(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    shape
        .constraints()
        .iter()
        .enumerate()
        .find_map(|(i, constraint)| {
            let Constraint::Parity { odd, cells } = constraint else {
                return None;
            };
            let wrong = shape.all_values() & if *odd { 0xAAAA_AAAA } else { 0x5555_5555 };
            let out: Vec<(u16, u32)> = cells.iter().map(|&c| (c, wrong)).collect();
            let removed = removals(pos, &out);
            if removed.is_empty() {
                return None;
            }
            let kind = if *odd { "odd" } else { "even" };
            let open: Vec<usize> = cells
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| pos.value(c) == 0)
                .collect();
            let verb = if open.len() == 1 { "is" } else { "are" };
            let other = if *odd { "even" } else { "odd" };
            let explanation = format!(
                "{} {verb} {kind} (constraint {}, {kind} cells), so {other} digits can be \
                 removed: {}.",
                words::cells(shape, open.iter().copied()),
                i + 1,
                words::removal_sets(shape, &removed)
            );
            Some(ShapeStep::elimination(
                Technique::OddEven,
                removed,
                Pattern {
                    cells: cells_of(shape, i),
                    units: Vec::new(),
                    values: Vec::new(),
                },
                explanation,
            ))
        })
}
