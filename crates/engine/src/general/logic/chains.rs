//! Chains on any shape: alternating strong and weak links between candidates. If the first
//! candidate of a chain is false, its strong link makes the next true, whose weak link makes the
//! next false, and so on, so either the first or the last candidate is true. Links come from the
//! shape's own units, so every finder here is sound on any set of units.
//!
//! - [`x_chain`]: one value, links between cells only, five or more (three are a turbot fish, found
//!   with the single-value patterns in [`super::single_digit`]);
//! - [`xy_chain`]: four bivalue cells or more, each joined to the next by a shared value (three
//!   are an XY-wing, found as a wing in [`super::wings`]);
//! - [`aic`]: any values, any links; a chain that comes back to its start cell fixes or clears it.
//!
//! Each searches breadth first from every start (so each chain is the shortest from its start),
//! capped in links and in work (see [`super::chain_search`]), and offers the first chain that
//! changes something.

use super::chain_search::{cell_of, first, is_on, state, value_of, Reach, Scope, Search, State};
use super::geometry::Geometry;
use super::links::Links;
use super::position::{values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;

/// The longest chain searched, in links.
pub const MAX_LINKS: usize = 15;

/// What a chain proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conclusion {
    /// Either end is the value: cells seeing both ends lose it.
    SameValueEnds,
    /// The ends, which see each other, hold different values: each loses the other's value.
    CrossedEnds,
    /// The ends are two values of one cell: it holds one of them.
    OneCellEnds,
    /// "The start is not v" leads to "the start is v": the start is v.
    StartIsValue,
    /// "The start is not v" leads to "the start is not w": the start cannot be w.
    StartIsNot(u8),
}

/// A chain found and what it changes.
struct Found {
    chain: Vec<Mark>,
    conclusion: Conclusion,
    placements: Vec<Mark>,
    eliminations: Vec<Mark>,
}

fn mark(links: &Links, s: State) -> Mark {
    Mark::new(cell_of(links, s), value_of(links, s))
}

/// The path of `reach` as candidates, with what it proves.
fn found(
    search: &Search,
    reach: &Reach,
    conclusion: Conclusion,
    placements: Vec<Mark>,
    eliminations: Vec<Mark>,
) -> Option<Found> {
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    let path = search.path(reach)?;
    Some(Found {
        chain: path.into_iter().map(|s| mark(search.links, s)).collect(),
        conclusion,
        placements,
        eliminations,
    })
}

/// A chain of `min..` links from a false start to a true candidate of the start's value in another
/// cell: cells seeing both ends lose the value.
fn same_value_ends(search: &Search, reach: &Reach, min: usize) -> Option<Found> {
    let links = search.links;
    let start = search.start();
    if reach.links < min || !is_on(reach.to) || reach.to == start {
        return None;
    }
    let (from, to) = (cell_of(links, start), cell_of(links, reach.to));
    let value = value_of(links, start);
    if from == to || value != value_of(links, reach.to) {
        return None;
    }
    let targets = links.seeing_both(from, to, value);
    let eliminations = targets.into_iter().map(|c| Mark::new(c, value)).collect();
    found(
        search,
        reach,
        Conclusion::SameValueEnds,
        Vec::new(),
        eliminations,
    )
}

/// What an alternating inference chain from the search's start proves on reaching `reach`.
fn judge_aic(search: &Search, reach: &Reach) -> Option<Found> {
    let links = search.links;
    let start = search.start();
    if reach.links < 3 {
        return None;
    }
    let (c0, v0) = (cell_of(links, start), value_of(links, start));
    let (end, value) = (cell_of(links, reach.to), value_of(links, reach.to));
    if end != c0 {
        if !is_on(reach.to) {
            return None;
        }
        if value == v0 {
            return same_value_ends(search, reach, 3);
        }
        if !links.geo.sees(c0, end) {
            return None;
        }
        let mut eliminations = Vec::new();
        if links.has(end, v0) {
            eliminations.push(Mark::new(end, v0));
        }
        if links.has(c0, value) {
            eliminations.push(Mark::new(c0, value));
        }
        return found(
            search,
            reach,
            Conclusion::CrossedEnds,
            Vec::new(),
            eliminations,
        );
    }
    // Back in the start cell, having left it.
    match (is_on(reach.to), value == v0) {
        (true, true) => found(
            search,
            reach,
            Conclusion::StartIsValue,
            vec![Mark::new(c0, v0)],
            Vec::new(),
        ),
        (false, false) => found(
            search,
            reach,
            Conclusion::StartIsNot(value),
            Vec::new(),
            vec![Mark::new(c0, value)],
        ),
        (true, false) => {
            let others = links.candidates(c0) & !(bit(v0) | bit(value));
            let eliminations = values_of(others).map(|v| Mark::new(c0, v)).collect();
            found(
                search,
                reach,
                Conclusion::OneCellEnds,
                Vec::new(),
                eliminations,
            )
        }
        (false, true) => None,
    }
}

fn bit(v: u8) -> u32 {
    super::position::bit(v)
}

/// The states "`value` is not in `cell`" of every candidate with a conjugate pair, values first.
fn value_starts<'a>(links: &'a Links) -> impl Iterator<Item = State> + 'a {
    let cells = links.nodes() / links.size;
    (1..=links.size as u8).flat_map(move |v| {
        (0..cells)
            .filter(move |&c| !links.conjugates(c, v).is_empty())
            .map(move |c| state(links, c, v, false))
    })
}

/// The states of both values of every bivalue cell, false.
fn bivalue_starts<'a>(links: &'a Links) -> impl Iterator<Item = State> + 'a {
    let cells = links.nodes() / links.size;
    (0..cells)
        .filter(move |&c| links.candidates(c).count_ones() == 2)
        .flat_map(move |c| values_of(links.candidates(c)).map(move |v| state(links, c, v, false)))
}

/// Every candidate with a strong link, false.
fn strong_starts<'a>(links: &'a Links) -> impl Iterator<Item = State> + 'a {
    let cells = links.nodes() / links.size;
    (0..cells).flat_map(move |c| {
        values_of(links.candidates(c))
            .filter(move |&v| {
                !links.conjugates(c, v).is_empty() || links.candidates(c).count_ones() == 2
            })
            .map(move |v| state(links, c, v, false))
    })
}

/// A one-value chain of five links or more, both ends the value.
pub fn x_chain(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let links = Links::new(geo, pos);
    let found = first(
        &links,
        Scope::OneValue,
        MAX_LINKS,
        value_starts(&links),
        &mut |s, r| same_value_ends(s, r, 5),
    )?;
    Some(build(&links, Technique::XChain, found))
}

/// Four bivalue cells or more, each seeing the next, both ends holding the same value.
pub fn xy_chain(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let links = Links::new(geo, pos);
    let found = first(
        &links,
        Scope::Bivalue,
        MAX_LINKS,
        bivalue_starts(&links),
        &mut |s, r| same_value_ends(s, r, 7),
    )?;
    Some(build(&links, Technique::XYChain, found))
}

/// An alternating inference chain over any values and links.
pub fn aic(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let links = Links::new(geo, pos);
    let found = first(
        &links,
        Scope::All,
        MAX_LINKS,
        strong_starts(&links),
        &mut judge_aic,
    )?;
    Some(build(&links, Technique::Aic, found))
}

/// The chain as people write it: `(4)B2 = (4)B7 - (4)E7 = (4)E3`, in the shape's symbols.
fn chain_text(links: &Links, chain: &[Mark]) -> String {
    let shape = links.geo.shape;
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

/// The units of the chain's links between cells, in chain order: the strong ones (`=`, even
/// positions) and the weak ones (`-`); and whether it has strong links inside a cell.
fn link_units(links: &Links, chain: &[Mark]) -> ([Vec<usize>; 2], bool) {
    let mut units = [Vec::new(), Vec::new()];
    let mut in_cell = false;
    for (i, pair) in chain.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let strong = i % 2 == 0;
        if a.cell == b.cell {
            in_cell |= strong;
            continue;
        }
        if let Some(u) = links.link_unit(a.cell, b.cell, a.value, strong) {
            let kind = &mut units[usize::from(!strong)];
            if !kind.contains(&u) {
                kind.push(u);
            }
        }
    }
    (units, in_cell)
}

/// What the `=` and `-` signs stand for in this chain: `(a symbol's only two places in row A, or
/// the only two candidates of a square), each - two that cannot both be true (the same symbol in
/// two squares of column 4)`.
fn link_words(links: &Links, units: &[Vec<usize>; 2], in_cell: bool) -> String {
    let shape = links.geo.shape;
    let places = (!units[0].is_empty()).then(|| {
        format!(
            "a symbol's only two places in {}",
            words::units(shape, units[0].iter().copied())
        )
    });
    let cells = in_cell.then(|| "the only two candidates of a square".to_string());
    let strong: Vec<String> = places.into_iter().chain(cells).collect();
    let weak = if units[1].is_empty() {
        String::new()
    } else {
        format!(
            " (the same symbol twice in {})",
            words::units(shape, units[1].iter().copied())
        )
    };
    format!(
        "each = joins two candidates of which one is true ({}), each - two that cannot both be \
         true{weak}",
        strong.join(", or ")
    )
}

fn build(links: &Links, technique: Technique, found: Found) -> ShapeStep {
    let shape = links.geo.shape;
    let chain = &found.chain;
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let (fc, lc) = (shape.cell_name(first.cell), shape.cell_name(last.cell));
    let (fv, lv) = (shape.symbol(first.value), shape.symbol(last.value));
    let mut eliminations = found.eliminations.clone();
    eliminations.sort();
    eliminations.dedup();
    let reason = match found.conclusion {
        Conclusion::SameValueEnds => format!(
            "Either {fc} or {lc} is {fv}, so {fv} can be removed from the squares that see both: {}.",
            words::cells(shape, eliminations.iter().map(|m| m.cell))
        ),
        Conclusion::CrossedEnds => format!(
            "Either {fc} is {fv} or {lc} is {lv}, and the two squares see each other, so neither \
             holds the other's symbol: remove {}.",
            words::removals(shape, &eliminations)
        ),
        Conclusion::OneCellEnds => format!(
            "Either way {fc} is {fv} or {lv}, so remove {}.",
            words::removals(shape, &eliminations)
        ),
        Conclusion::StartIsValue => {
            format!("If {fc} were not {fv}, the chain would make it {fv}, so {fc} is {fv}.")
        }
        Conclusion::StartIsNot(v) => {
            let v = shape.symbol(v);
            format!(
                "If {fc} were {v}, it would not be {fv}, and the chain would then rule {v} out of \
                 {fc}; so {v} can be removed from {fc}."
            )
        }
    };
    let (units, in_cell) = link_units(links, chain);
    let explanation = format!(
        "{}: {}. {reason}",
        chain_text(links, chain),
        link_words(links, &units, in_cell)
    );
    let units = units.concat().into_iter().fold(Vec::new(), |mut all, u| {
        if !all.contains(&u) {
            all.push(u);
        }
        all
    });
    let mut cells: Vec<usize> = Vec::new();
    let mut values: Vec<u8> = Vec::new();
    for m in chain {
        if !cells.contains(&m.cell) {
            cells.push(m.cell);
        }
        if !values.contains(&m.value) {
            values.push(m.value);
        }
    }
    values.sort_unstable();
    let pattern = Pattern {
        cells,
        units,
        values,
    };
    if let Some(p) = found.placements.first() {
        return ShapeStep::placement(technique, p.cell, p.value, pattern, explanation);
    }
    ShapeStep::elimination(technique, eliminations, pattern, explanation)
}
