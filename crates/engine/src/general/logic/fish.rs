//! Basic fish over rows and columns: when a value's places in k rows all lie in k columns, those
//! columns hold it in these rows and lose it everywhere else (and the transpose). It assumes only
//! that rows and columns are units, which they are on every shape; boxes play no part.
//!
//! A player's pencil marks may keep a value that a peer already holds (a stale mark): such a mark is
//! no place for the value, a line that holds the value is no base, and a stale mark is not the fish's
//! to remove, so every finder here sees only the live places (`live_candidates`).

use super::geometry::Geometry;
use super::position::{bit, live_candidates, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::subsets::unions_of;
use crate::prose::and_list;
use crate::shape::Cells;
use crate::technique::Technique;

/// Two rows, two columns.
pub fn x_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    fish(geo, pos, 2)
}

/// Three rows, three columns.
pub fn swordfish(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    fish(geo, pos, 3)
}

/// Four rows, four columns.
pub fn jellyfish(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    fish(geo, pos, 4)
}

fn fish(geo: &Geometry, pos: &ShapePosition, k: usize) -> Option<ShapeStep> {
    let n = geo.shape.size();
    let live = live_candidates(geo, pos);
    (1..=n as u8).find_map(|value| {
        let live: Vec<bool> = live.iter().map(|&c| c & bit(value) != 0).collect();
        [true, false]
            .into_iter()
            .find_map(|rows| fish_of(geo, &live, k, value, rows))
    })
}

/// The fish of size `k` on `value` with rows as base (`rows`) or columns.
fn fish_of(geo: &Geometry, live: &[bool], k: usize, value: u8, rows: bool) -> Option<ShapeStep> {
    let n = geo.shape.size();
    let cell = |base: usize, cover: usize| {
        if rows {
            base * n + cover
        } else {
            cover * n + base
        }
    };
    // Each base line with 2..=k places, and those places as bits over the cover lines.
    let lines: Vec<(usize, u32)> = (0..n)
        .map(|b| {
            let places = (0..n)
                .filter(|&c| live[cell(b, c)])
                .fold(0u32, |acc, c| acc | 1 << c);
            (b, places)
        })
        .filter(|&(_, places)| (2..=k as u32).contains(&places.count_ones()))
        .collect();
    let masks: Vec<u32> = lines.iter().map(|&(_, places)| places).collect();
    unions_of(&masks, k, &mut |pick, cover| {
        let base: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
        let covers: Vec<usize> = values_of(cover).map(|c| usize::from(c) - 1).collect();
        let mut removed: Vec<usize> = covers
            .iter()
            .flat_map(|&c| (0..n).filter(|b| !base.contains(b)).map(move |b| (b, c)))
            .map(|(b, c)| cell(b, c))
            .filter(|&c| live[c])
            .collect();
        if removed.is_empty() {
            return None;
        }
        removed.sort_unstable();
        Some(step(geo, live, k, value, rows, &base, &covers, removed))
    })
}

#[allow(clippy::too_many_arguments)]
fn step(
    geo: &Geometry,
    live: &[bool],
    k: usize,
    value: u8,
    rows: bool,
    base: &[usize],
    covers: &[usize],
    removed: Vec<usize>,
) -> ShapeStep {
    let shape = geo.shape;
    let n = shape.size();
    let (base_units, cover_units) = if rows {
        (&geo.rows, &geo.columns)
    } else {
        (&geo.columns, &geo.rows)
    };
    let base_u: Vec<usize> = base.iter().map(|&b| base_units[b]).collect();
    let cover_u: Vec<usize> = covers.iter().map(|&c| cover_units[c]).collect();
    let mut corners: Vec<usize> = base
        .iter()
        .flat_map(|&b| {
            covers
                .iter()
                .map(move |&c| if rows { b * n + c } else { c * n + b })
        })
        .filter(|&c| live[c])
        .collect();
    corners.sort_unstable();
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let symbol = shape.symbol(value);
    let (base_phrase, cover_phrase) = (lines(shape, &base_u), lines(shape, &cover_u));
    let explanation = format!(
        "In {base_phrase}, {symbol} can only go in {cover_phrase}, so {symbol} can be removed from \
         the rest of {cover_phrase}: {}.",
        and_list(removed.iter().map(|&c| shape.cell_name(c)))
    );
    ShapeStep::elimination(
        technique,
        removed.into_iter().map(|c| Mark::new(c, value)).collect(),
        Pattern {
            cells: corners,
            units: base_u.into_iter().chain(cover_u).collect(),
            values: vec![value],
        },
        explanation,
    )
}

/// `rows B and H`, `columns 2, 5 and 9`: lines of one kind, named together.
pub(super) fn lines(shape: &crate::shape::Shape, units: &[usize]) -> String {
    let names: Vec<String> = units.iter().map(|&u| shape.unit_name(u)).collect();
    let noun = names[0].split(' ').next().unwrap_or_default().to_string();
    let labels = names
        .iter()
        .map(|name| name.split(' ').nth(1).unwrap_or_default().to_string());
    format!("{noun}s {}", and_list(labels))
}
