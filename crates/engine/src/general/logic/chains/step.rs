//! A found chain as a step: its pattern and its words.

use super::found::{Conclusion, Found};
use crate::general::logic::cell_bits::CellBits;
use crate::general::logic::links::Links;
use crate::general::logic::step::{Mark, Pattern, ShapeStep};
use crate::general::logic::words;
use crate::shape::{Shape, UnitKind};
use crate::technique::Technique;

/// Sorted eliminations as people read them: one value from several cells (`7 from A2 and H2`),
/// else grouped by the values each cell loses (`5 and 9 from E6; 7 from F2 and F3`).
fn by_cell(shape: &Shape, eliminations: &[Mark]) -> String {
    if eliminations
        .iter()
        .all(|m| m.value == eliminations[0].value)
    {
        return words::removals(shape, eliminations);
    }
    let mut per_cell: Vec<(usize, Vec<u8>)> = Vec::new();
    for m in eliminations {
        match per_cell.last_mut() {
            Some((cell, values)) if *cell == m.cell => values.push(m.value),
            _ => per_cell.push((m.cell, vec![m.value])),
        }
    }
    let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for (cell, values) in per_cell {
        match groups.iter_mut().find(|(vs, _)| *vs == values) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((values, vec![cell])),
        }
    }
    groups
        .into_iter()
        .map(|(values, cells)| {
            format!(
                "{} from {}",
                words::symbols(shape, values),
                words::cells(shape, cells)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The chain as people write it: `(4)B2 = (4)B7 - (4)E7 = (4)E3`.
fn chain_text(shape: &Shape, chain: &[Mark]) -> String {
    let mut text = String::new();
    for (i, m) in chain.iter().enumerate() {
        if i > 0 {
            text.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        text.push_str(&format!(
            "({}){}",
            shape.symbol(m.value),
            shape.cell_name(m.cell)
        ));
    }
    text
}

/// The chain's cells and values in chain order (values sorted), and the units its links between
/// cells run through.
fn pattern<S: CellBits>(links: &Links<S>, chain: &[Mark]) -> Pattern {
    let mut cells: Vec<usize> = Vec::new();
    let mut units: Vec<usize> = Vec::new();
    let mut values: Vec<u8> = Vec::new();
    for m in chain {
        if !cells.contains(&m.cell) {
            cells.push(m.cell);
        }
        if !values.contains(&m.value) {
            values.push(m.value);
        }
    }
    for (i, pair) in chain.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if a.cell == b.cell {
            continue;
        }
        if let Some(unit) = links.link_unit(a.cell, b.cell, a.value, i % 2 == 0) {
            if !units.contains(&unit) {
                units.push(unit);
            }
        }
    }
    values.sort_unstable();
    Pattern {
        cells,
        units,
        values,
    }
}

/// The step `found` takes, worded.
pub(super) fn build<S: CellBits>(
    links: &Links<S>,
    technique: Technique,
    found: Found,
) -> ShapeStep {
    let shape = links.geo.shape;
    let chain = &found.chain;
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let (fc, lc) = (shape.cell_name(first.cell), shape.cell_name(last.cell));
    let (fv, lv) = (shape.symbol(first.value), shape.symbol(last.value));
    let mut eliminations = found.eliminations.clone();
    eliminations.sort();
    eliminations.dedup();
    let cells = words::cells(shape, eliminations.iter().map(|m| m.cell));
    let reason = match found.conclusion {
        Conclusion::SameValueEnds => format!(
            "Either {fc} or {lc} is {fv}, so {fv} can be removed from squares that see both: \
             {cells}."
        ),
        Conclusion::CrossedEnds => format!(
            "Either {fc} is {fv} or {lc} is {lv}, and the two squares see each other, so {} can be \
             removed.",
            by_cell(shape, &eliminations)
        ),
        Conclusion::StartIsValue => {
            format!("If {fc} were not {fv}, the loop would make it {fv}, so {fc} is {fv}.")
        }
        Conclusion::StartIsNot(v) => {
            let v = shape.symbol(v);
            format!(
                "If {fc} were {v}, it would not be {fv}, and the loop would then rule {v} out of \
                 {fc}; so {v} can be removed from {fc}."
            )
        }
        Conclusion::ContinuousLoop => format!(
            "The chain closes into a loop, so every weak link in it is also strong: exactly one end \
             of each holds. So {} can be removed.",
            by_cell(shape, &eliminations)
        ),
    };
    let mut explanation = format!("{}. {reason}", chain_text(shape, chain));
    let pattern = pattern(links, chain);
    // A player sees at a glance that two squares share a row, a column or a box (the classic
    // words never say which); a diagonal, a window or a jigsaw region is worth naming.
    let plain = |u: &usize| {
        matches!(
            shape.unit_kind(*u),
            UnitKind::Row(_) | UnitKind::Column(_) | UnitKind::Box(_)
        )
    };
    if !pattern.units.iter().all(plain) {
        let units = words::units(shape, pattern.units.iter().copied());
        explanation.push_str(&format!(" Its links run through {units}."));
    }
    if let Some(p) = found.placements.first() {
        return ShapeStep::placement(technique, p.cell, p.value, pattern, explanation);
    }
    ShapeStep::elimination(technique, eliminations, pattern, explanation)
}
