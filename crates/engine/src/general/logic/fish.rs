//! Basic fish over rows and columns: when a value's places in k rows all lie in k columns, those
//! columns hold it in these rows and lose it everywhere else (and the transpose). It assumes only
//! that rows and columns are units, which they are on every shape; boxes play no part.
//!
//! A player's pencil marks may keep a value that a peer already holds (a stale mark): such a mark is
//! no place for the value, a line that holds the value is no base, and a stale mark is not the fish's
//! to remove, so every finder here sees only the live places (`live_candidates`).

use super::geometry::Geometry;
use super::places::ValueLines;
use super::position::{values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::subsets::unions_of;
use crate::prose::and_list;
use crate::shape::{Cells, MAX_SIZE};
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
    let table = ValueLines::of(geo, pos);
    (1..=n as u8).find_map(|value| {
        let (rows, columns) = table.of_value(value, true);
        let lines = Lines {
            geo,
            k,
            value,
            rows: true,
            base: rows,
            cross: columns,
        };
        lines.fish().or_else(|| {
            Lines {
                rows: false,
                base: columns,
                cross: rows,
                ..lines
            }
            .fish()
        })
    })
}

/// One value's places seen with rows as base (`rows`) or columns: each base line's places as bits
/// over the cover lines (`base`), and each cover line's over the base lines (`cross`).
#[derive(Clone, Copy)]
struct Lines<'a, 'g, 's> {
    geo: &'g Geometry<'s>,
    k: usize,
    value: u8,
    rows: bool,
    base: &'a [u32],
    cross: &'a [u32],
}

impl Lines<'_, '_, '_> {
    fn cell(&self, base: usize, cover: usize) -> usize {
        let n = self.base.len();
        if self.rows {
            base * n + cover
        } else {
            cover * n + base
        }
    }

    /// The first fish of size `k` on this value and orientation that removes something.
    fn fish(&self) -> Option<ShapeStep> {
        let k = self.k;
        // Each base line with 2..=k places.
        let (mut lines, mut masks, mut count) = ([0usize; MAX_SIZE], [0u32; MAX_SIZE], 0);
        for (b, &at) in self.base.iter().enumerate() {
            if (2..=k as u32).contains(&at.count_ones()) {
                (lines[count], masks[count]) = (b, at);
                count += 1;
            }
        }
        unions_of(&masks[..count], k, &mut |pick, cover| {
            let base_bits = pick.iter().fold(0u32, |acc, &i| acc | 1 << lines[i]);
            // Most fish a scan meets remove nothing: nothing is allocated until one does.
            let outside = |c: u8| self.cross[usize::from(c) - 1] & !base_bits;
            if values_of(cover).all(|c| outside(c) == 0) {
                return None;
            }
            let base: Vec<usize> = pick.iter().map(|&i| lines[i]).collect();
            let covers: Vec<usize> = values_of(cover).map(|c| usize::from(c) - 1).collect();
            let mut removed: Vec<usize> = covers
                .iter()
                .flat_map(|&c| {
                    values_of(self.cross[c] & !base_bits)
                        .map(move |b| self.cell(usize::from(b) - 1, c))
                })
                .collect();
            removed.sort_unstable();
            Some(self.step(&base, &covers, removed))
        })
    }

    fn step(&self, base: &[usize], covers: &[usize], removed: Vec<usize>) -> ShapeStep {
        let geo = self.geo;
        let shape = geo.shape;
        let value = self.value;
        let (base_units, cover_units) = if self.rows {
            (&geo.rows, &geo.columns)
        } else {
            (&geo.columns, &geo.rows)
        };
        let base_u: Vec<usize> = base.iter().map(|&b| base_units[b]).collect();
        let cover_u: Vec<usize> = covers.iter().map(|&c| cover_units[c]).collect();
        let mut corners: Vec<usize> = base
            .iter()
            .flat_map(|&b| covers.iter().map(move |&c| (b, c)))
            .filter(|&(b, c)| self.base[b] & 1 << c != 0)
            .map(|(b, c)| self.cell(b, c))
            .collect();
        corners.sort_unstable();
        let technique = match self.k {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        let symbol = shape.symbol(value);
        let (base_phrase, cover_phrase) = (lines(shape, &base_u), lines(shape, &cover_u));
        let explanation = format!(
            "In {base_phrase}, {symbol} can only go in {cover_phrase}, so {symbol} can be removed \
             from the rest of {cover_phrase}: {}.",
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
