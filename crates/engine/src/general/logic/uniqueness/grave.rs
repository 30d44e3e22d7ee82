//! BUG+1 on any shape: the one deduction from a whole grid that would otherwise be a deadly
//! pattern (a bivalue universal grave), beside the rectangles' four-cell ones.

use crate::general::logic::geometry::Geometry;
use crate::general::logic::position::{bit, live_candidates, values_of, ShapePosition};
use crate::general::logic::step::{Pattern, ShapeStep};
use crate::general::logic::words;
use crate::shape::Cells;
use crate::technique::Technique;

/// Bivalue universal grave plus one: every empty cell has two candidates but one with three, and
/// every value has two places (or none) in each unit except one value with three in that cell's
/// units. Without that value the grid would be a grave: from any solution, every cell taking its
/// other candidate gives another (each unit's two places of a value swap), so two solutions or
/// none. That needs every constraint to be a unit of N cells, so it is not offered with cages.
pub fn bug_plus_one(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let live = live_candidates(geo, pos);
    let mut trivalue = None;
    for c in (0..shape.cell_count()).filter(|&c| pos.value(c) == 0) {
        match live[c].count_ones() {
            2 => {}
            3 if trivalue.is_none() => trivalue = Some(c),
            _ => return None,
        }
    }
    let cell = trivalue?;
    let units: Vec<usize> = shape
        .units_of(cell)
        .iter()
        .map(|&u| usize::from(u))
        .collect();
    let places = |unit: usize, value: u8| {
        shape
            .unit(unit)
            .iter()
            .filter(|&&c| live[usize::from(c)] & bit(value) != 0)
            .count()
    };
    let value = values_of(live[cell]).find(|&v| places(units[0], v) == 3)?;
    for unit in 0..shape.unit_count() {
        for v in 1..=shape.size() as u8 {
            let count = places(unit, v);
            let fits = if v == value && units.contains(&unit) {
                count == 3
            } else {
                count == 0 || count == 2
            };
            if !fits {
                return None;
            }
        }
    }
    let (name, symbol) = (shape.cell_name(cell), shape.symbol(value));
    let explanation = format!(
        "Every unsolved square but {name} has two candidates, and every {} has two places in each \
         unit except {symbol}, which has three in {}. If {name} were not {symbol}, the grid would \
         be a deadly pattern (a bivalue universal grave) with two solutions or none; since the \
         puzzle has one solution, {name} is {symbol}.",
        words::value_word(shape),
        words::units(shape, units.iter().copied()),
    );
    Some(ShapeStep::placement(
        Technique::BugPlusOne,
        cell,
        value,
        Pattern {
            cells: vec![cell],
            units,
            values: vec![value],
        },
        explanation,
    ))
}
