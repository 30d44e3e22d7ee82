//! Singles on any shape, and the guess that ends every unique puzzle: sound wherever each unit holds
//! every value once, which is what a unit is.

use super::geometry::Geometry;
use super::position::{values_of, ShapePosition};
use super::step::{Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;

/// The last empty cell of a unit takes the value the unit lacks.
pub fn full_house(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    geo.scan.iter().find_map(|&unit| {
        let cells = shape.unit(unit);
        if pos.filled_in(shape, unit) + 1 != cells.len() {
            return None;
        }
        let cell = cells
            .iter()
            .map(|&c| usize::from(c))
            .find(|&c| pos.value(c) == 0)?;
        let missing = shape.all_values() & !pos.placed(shape, unit);
        if missing.count_ones() != 1 || pos.candidates(cell) & missing == 0 {
            return None;
        }
        let value = missing.trailing_zeros() as u8 + 1;
        Some(ShapeStep::placement(
            Technique::FullHouse,
            cell,
            value,
            Pattern {
                cells: vec![cell],
                units: vec![unit],
                values: vec![value],
            },
            geo.say(|| {
                let (name, unit_name, symbol) = (
                    shape.cell_name(cell),
                    shape.unit_name(unit),
                    shape.symbol(value),
                );
                format!(
                    "{name} is the last empty square in {unit_name}, so it takes the {} \
                     {unit_name} lacks: {symbol}.",
                    words::value_word(shape)
                )
            }),
        ))
    })
}

/// A cell with one candidate left.
pub fn naked_single(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    (0..shape.cell_count()).find_map(|cell| {
        let cand = pos.candidates(cell);
        if cand.count_ones() != 1 {
            return None;
        }
        let value = cand.trailing_zeros() as u8 + 1;
        let units: Vec<usize> = shape
            .units_of(cell)
            .iter()
            .map(|&u| usize::from(u))
            .collect();
        let explanation = geo.say(|| {
            let (name, symbol) = (shape.cell_name(cell), shape.symbol(value));
            format!(
                "{symbol} is the only candidate left in {name}: every other {} is ruled out by \
                 {}. So {name} is {symbol}.",
                words::value_word(shape),
                words::ruled_out_by(shape, &units)
            )
        });
        Some(ShapeStep::placement(
            Technique::NakedSingle,
            cell,
            value,
            Pattern {
                cells: vec![cell],
                units,
                values: vec![value],
            },
            explanation,
        ))
    })
}

/// A value with one place left in a unit that lacks it.
pub fn hidden_single(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    geo.scan.iter().find_map(|&unit| {
        // The values with one place in the unit: seen once among its cells' candidates, not twice.
        let (mut once, mut twice) = (0, 0);
        for &c in shape.unit(unit) {
            let marks = pos.candidates(usize::from(c));
            twice |= once & marks;
            once |= marks;
        }
        let missing = shape.all_values() & !pos.placed(shape, unit);
        let value = values_of(missing & once & !twice).next()?;
        let cell = shape
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .find(|&c| pos.has(c, value))?;
        let explanation = geo.say(|| {
            let (name, unit_name, symbol) = (
                shape.cell_name(cell),
                shape.unit_name(unit),
                shape.symbol(value),
            );
            format!("In {unit_name}, {symbol} can only go in {name}, so {name} is {symbol}.")
        });
        Some(ShapeStep::placement(
            Technique::HiddenSingle,
            cell,
            value,
            Pattern {
                cells: vec![cell],
                units: vec![unit],
                values: vec![value],
            },
            explanation,
        ))
    })
}

/// The solution's value in the empty cell with the fewest candidates: a guess, honestly named, so
/// every unique puzzle finishes.
pub fn brute_force(geo: &Geometry, pos: &ShapePosition, solution: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let cell = (0..shape.cell_count())
        .filter(|&c| pos.value(c) == 0)
        .min_by_key(|&c| pos.candidates(c).count_ones())?;
    // Without the solution (a position asked of the finders alone) there is nothing to check
    // a guess against.
    let value = solution.values().get(cell).copied().filter(|&v| v != 0)?;
    let cand = pos.candidates(cell);
    let (name, symbol) = (shape.cell_name(cell), shape.symbol(value));
    Some(ShapeStep::placement(
        Technique::BruteForce,
        cell,
        value,
        Pattern {
            cells: vec![cell],
            units: Vec::new(),
            values: vec![value],
        },
        format!(
            "No technique here finds the next step, so this is a guess checked against the \
             solution: {name}, with {} candidates ({}), is {symbol}.",
            cand.count_ones(),
            values_of(cand).map(|v| shape.symbol(v)).collect::<String>()
        ),
    ))
}
