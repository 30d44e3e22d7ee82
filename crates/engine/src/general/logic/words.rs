//! Plain-English pieces in a shape's own terms: its cell names, its symbols and its unit names.

use crate::prose::and_list;
use crate::shape::{Shape, UnitKind};

use super::step::Mark;

/// `A2, B2 and H2`.
pub fn cells(shape: &Shape, cells: impl IntoIterator<Item = usize>) -> String {
    and_list(cells.into_iter().map(|c| shape.cell_name(c)))
}

/// `1, 7 and C`, in the shape's symbols.
pub fn symbols(shape: &Shape, values: impl IntoIterator<Item = u8>) -> String {
    and_list(values.into_iter().map(|v| shape.symbol(v)))
}

/// What a value is called: `digit` where every symbol is one (every shape up to 9x9 with the usual
/// symbols), `symbol` where some are letters.
pub fn value_word(shape: &Shape) -> &'static str {
    if shape.symbols().iter().all(char::is_ascii_digit) {
        "digit"
    } else {
        "symbol"
    }
}

/// What rules a cell's values out, as players say it: `its row, column or box` for the three units
/// of a boxed grid, else each unit by name (`its units (row A, column 3, box 1 and diagonal
/// A1-D4)`).
pub fn ruled_out_by(shape: &Shape, cell_units: &[usize]) -> String {
    let kinds: Vec<UnitKind> = cell_units.iter().map(|&u| shape.unit_kind(u)).collect();
    match kinds.as_slice() {
        [UnitKind::Row(_), UnitKind::Column(_), UnitKind::Box(_)] => {
            "its row, column or box".into()
        }
        _ => format!("its units ({})", units(shape, cell_units.iter().copied())),
    }
}

/// `row A, box 4 and diagonal A1-I9`.
pub fn units(shape: &Shape, units: impl IntoIterator<Item = usize>) -> String {
    and_list(units.into_iter().map(|u| shape.unit_name(u)))
}

/// The eliminations as people read them: `7 from A2 and H2` when one symbol goes, else `7 from A2
/// and 5 from H2`, one by one.
pub fn removals(shape: &Shape, eliminations: &[Mark]) -> String {
    let Some(first) = eliminations.first() else {
        return String::new();
    };
    if eliminations.iter().all(|m| m.value == first.value) {
        return format!(
            "{} from {}",
            shape.symbol(first.value),
            cells(shape, eliminations.iter().map(|m| m.cell))
        );
    }
    and_list(
        eliminations
            .iter()
            .map(|m| format!("{} from {}", shape.symbol(m.value), shape.cell_name(m.cell))),
    )
}

/// A cage as a player finds it: `cage 3 (A1+A2, sum 3)`, its number (1-based, in the order the
/// rules give it, as patterns and conflicts name it) with its cells and sum.
pub fn cage(shape: &Shape, k: usize) -> String {
    let cage = &shape.cages()[k];
    let cells: Vec<String> = cage
        .cells
        .iter()
        .map(|&c| shape.cell_name(usize::from(c)))
        .collect();
    format!("cage {} ({}, sum {})", k + 1, cells.join("+"), cage.sum)
}

/// `Cage 3 (A1+A2, sum 3)`, to open a sentence.
pub fn cage_title(shape: &Shape, k: usize) -> String {
    let name = cage(shape, k);
    format!("C{}", &name[1..])
}

/// The eliminations cell by cell, cells that lose the same values named together, in the order
/// the cells first appear: `7 from H2 and H6, 1 and 7 from H3, and 1 from H5`.
pub fn grouped_removals(shape: &Shape, eliminations: &[Mark]) -> String {
    let mut marks = eliminations.to_vec();
    marks.sort();
    let phrases = losses(shape, &marks);
    match phrases.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}, and {last}", rest.join(", ")),
        _ => phrases.concat(),
    }
}

/// The eliminations with cells that lose the same values together: `3, 4 and 5 from A1 and A2; 9
/// from B1`.
pub fn removal_sets(shape: &Shape, eliminations: &[Mark]) -> String {
    losses(shape, eliminations).join("; ")
}

/// `values from cells` for each set of values some cells lose, the cells in the order they first
/// appear in `eliminations`.
fn losses(shape: &Shape, eliminations: &[Mark]) -> Vec<String> {
    let mut per_cell: Vec<(usize, Vec<u8>)> = Vec::new();
    for m in eliminations {
        match per_cell.iter_mut().find(|(c, _)| *c == m.cell) {
            Some((_, values)) => values.push(m.value),
            None => per_cell.push((m.cell, vec![m.value])),
        }
    }
    let mut sets: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for (cell, mut values) in per_cell {
        values.sort_unstable();
        match sets.iter_mut().find(|(v, _)| *v == values) {
            Some((_, cells)) => cells.push(cell),
            None => sets.push((values, vec![cell])),
        }
    }
    sets.into_iter()
        .map(|(values, cells_)| format!("{} from {}", symbols(shape, values), cells(shape, cells_)))
        .collect()
}
