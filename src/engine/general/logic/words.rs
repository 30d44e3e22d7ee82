//! Plain-English pieces in a shape's own terms: its cell names, its symbols and its unit names.

use crate::engine::logic::words::and_list;
use crate::engine::shape::Shape;

use super::step::Mark;

/// `A2, B2 and H2`.
pub fn cells(shape: &Shape, cells: impl IntoIterator<Item = usize>) -> String {
    and_list(cells.into_iter().map(|c| shape.cell_name(c)))
}

/// `1, 7 and C`, in the shape's symbols.
pub fn symbols(shape: &Shape, values: impl IntoIterator<Item = u8>) -> String {
    and_list(values.into_iter().map(|v| shape.symbol(v)))
}

/// `row A, box 4 and diagonal A1-I9`.
pub fn units(shape: &Shape, units: impl IntoIterator<Item = usize>) -> String {
    and_list(units.into_iter().map(|u| shape.unit_name(u)))
}

/// The eliminations as people read them: `7 from A2 and H2` when one symbol goes, else `7 from A2
/// and 5 from H2`, grouped by cell.
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
    let mut groups: Vec<(usize, Vec<u8>)> = Vec::new();
    for m in eliminations {
        match groups.last_mut() {
            Some((cell, values)) if *cell == m.cell => values.push(m.value),
            _ => groups.push((m.cell, vec![m.value])),
        }
    }
    and_list(
        groups.into_iter().map(|(cell, values)| {
            format!("{} from {}", symbols(shape, values), shape.cell_name(cell))
        }),
    )
}
