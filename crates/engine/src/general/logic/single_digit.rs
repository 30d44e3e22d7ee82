//! Single-value patterns with the classic layer's names, on any shape: the skyscraper and the
//! 2-string kite (two conjugate pairs joined by a weak link), and the empty rectangle.
//!
//! A conjugate pair is a unit where a value has exactly two live places: one of them holds it. Each
//! pattern here joins two such facts through a unit the joined cells share, and what it removes
//! sees every cell it must, through the shape's own units, so each is sound on any set of units:
//!
//! - [`skyscraper`] (assumes rows and columns): two row pairs whose bases share a column (or the
//!   transpose); one of the tops is the value.
//! - [`two_string_kite`] (assumes boxes or regions): a row pair and a column pair whose bases share
//!   a box or jigsaw region.
//! - [`empty_rectangle`] (assumes boxes or regions): the value's places in a box or region all lie
//!   in one row and one column; a conjugate pair outside it turns that into an elimination. On a
//!   jigsaw the row and column may cross outside the region, which the reasoning never needs.
//!
//! Each looks only at the live places (`live_candidates`), so a stale pencil mark is never a place
//! and never removed. The work is one pass over pairs of lines, or over regions and their rows and
//! columns, so it stays small on a 25x25.

use super::geometry::Geometry;
use super::position::{bit, live_candidates, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::{Cells, Shape};
use crate::technique::Technique;

/// One value's live places, a flag per cell.
struct Places<'g, 's> {
    geo: &'g Geometry<'s>,
    value: u8,
    live: Vec<bool>,
}

impl<'g, 's> Places<'g, 's> {
    fn new(geo: &'g Geometry<'s>, live: &[u32], value: u8) -> Self {
        Places {
            geo,
            value,
            live: live.iter().map(|&c| c & bit(value) != 0).collect(),
        }
    }

    fn shape(&self) -> &'s Shape {
        self.geo.shape
    }

    /// The value's live places in `unit`, in the unit's order.
    fn in_unit(&self, unit: usize) -> Vec<usize> {
        self.shape()
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| self.live[c])
            .collect()
    }

    /// The two places of a conjugate pair in `unit`, ascending.
    fn pair(&self, unit: usize) -> Option<(usize, usize)> {
        let mut places = self
            .shape()
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| self.live[c]);
        let (a, b) = (places.next()?, places.next()?);
        places.next().is_none().then_some((a.min(b), a.max(b)))
    }

    /// The other end of `unit`'s conjugate pair holding `cell`.
    fn partner(&self, unit: usize, cell: usize) -> Option<usize> {
        let (a, b) = self.pair(unit)?;
        match cell {
            c if c == a => Some(b),
            c if c == b => Some(a),
            _ => None,
        }
    }

    /// The live places, other than `avoid`, that see both `a` and `b`.
    fn seeing_both(&self, a: usize, b: usize, avoid: &[usize]) -> Vec<usize> {
        (0..self.live.len())
            .filter(|&c| self.live[c] && !avoid.contains(&c))
            .filter(|&c| self.geo.sees(c, a) && self.geo.sees(c, b))
            .collect()
    }
}

/// A chain of four cells on one value: `top1` and `base1` a conjugate pair in `link1`, `base2` and
/// `top2` one in `link2`, the bases sharing `bridge`. One of the tops holds the value.
struct Chain {
    cells: [usize; 4],
    units: [usize; 3],
}

impl Chain {
    fn step(&self, technique: Technique, places: &Places, targets: Vec<usize>) -> ShapeStep {
        let shape = places.shape();
        let [top1, base1, base2, top2] = self.cells.map(|c| shape.cell_name(c));
        let [link1, link2, bridge] = self.units.map(|u| shape.unit_name(u));
        let v = shape.symbol(places.value);
        let explanation = format!(
            "{v} is in {link1} only at {base1} and {top1}, and in {link2} only at {base2} and \
             {top2}; {base1} and {base2} share {bridge}, so one of {top1} or {top2} is {v}, and \
             {v} can be removed from the squares that see both: {}.",
            words::cells(shape, targets.iter().copied())
        );
        ShapeStep::elimination(
            technique,
            targets
                .into_iter()
                .map(|c| Mark::new(c, places.value))
                .collect(),
            Pattern {
                cells: self.cells.to_vec(),
                units: self.units.to_vec(),
                values: vec![places.value],
            },
            explanation,
        )
    }
}

/// Two conjugate pairs of a value in two rows (or two columns) whose bases share a column (row),
/// the tops in different columns: one top holds the value, so cells seeing both lose it. Rows are
/// searched before columns, then values, as the classic layer does.
pub fn skyscraper(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let live = live_candidates(geo, pos);
    let n = geo.shape.size();
    let places: Vec<Places> = (1..=n as u8)
        .map(|value| Places::new(geo, live, value))
        .collect();
    [true, false]
        .into_iter()
        .find_map(|rows| places.iter().find_map(|p| skyscraper_in(p, rows)))
}

fn skyscraper_in(places: &Places, rows: bool) -> Option<ShapeStep> {
    let geo = places.geo;
    let (lines, crosses) = if rows {
        (&geo.rows, &geo.columns)
    } else {
        (&geo.columns, &geo.rows)
    };
    let n = lines.len();
    // Where a cell crosses: its column for row pairs, its row for column pairs.
    let cross = |c: usize| if rows { c % n } else { c / n };
    let pairs: Vec<(usize, (usize, usize))> = lines
        .iter()
        .filter_map(|&u| places.pair(u).map(|p| (u, p)))
        .collect();
    for (i, &(u1, (a0, a1))) in pairs.iter().enumerate() {
        for &(u2, (b0, b1)) in &pairs[i + 1..] {
            let (base1, top1, base2, top2) = if cross(a0) == cross(b0) {
                (a0, a1, b0, b1)
            } else if cross(a1) == cross(b1) {
                (a1, a0, b1, b0)
            } else {
                continue;
            };
            if cross(top1) == cross(top2) {
                continue;
            }
            let chain = [top1, base1, base2, top2];
            let targets = places.seeing_both(top1, top2, &chain);
            if targets.is_empty() {
                continue;
            }
            let bridge = crosses[cross(base1)];
            let chain = Chain {
                cells: chain,
                units: [u1, u2, bridge],
            };
            return Some(chain.step(Technique::Skyscraper, places, targets));
        }
    }
    None
}

/// A conjugate pair in a row and one in a column with one end of each in the same box or region:
/// those two ends cannot both hold the value, so one of the other two does, and cells seeing both
/// lose it.
pub fn two_string_kite(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let live = live_candidates(geo, pos);
    let n = geo.shape.size();
    (1..=n as u8).find_map(|value| kite_for(&Places::new(geo, live, value)))
}

fn kite_for(places: &Places) -> Option<ShapeStep> {
    let geo = places.geo;
    let row_pairs: Vec<(usize, (usize, usize))> = geo
        .rows
        .iter()
        .filter_map(|&u| places.pair(u).map(|p| (u, p)))
        .collect();
    let column_pairs: Vec<(usize, (usize, usize))> = geo
        .columns
        .iter()
        .filter_map(|&u| places.pair(u).map(|p| (u, p)))
        .collect();
    for &(row, (l0, l1)) in &row_pairs {
        for &(column, (c0, c1)) in &column_pairs {
            let ends = [(l0, l1, c0, c1), (l0, l1, c1, c0), (l1, l0, c0, c1)];
            let found = ends
                .into_iter()
                .chain([(l1, l0, c1, c0)])
                .find(|&(rb, _, cb, _)| geo.regions[rb] == geo.regions[cb]);
            let Some((row_base, row_top, col_base, col_top)) = found else {
                continue;
            };
            let chain = [row_top, row_base, col_base, col_top];
            let distinct = (0..4).all(|i| (i + 1..4).all(|j| chain[i] != chain[j]));
            if !distinct {
                continue;
            }
            let targets = places.seeing_both(row_top, col_top, &chain);
            if targets.is_empty() {
                continue;
            }
            let chain = Chain {
                cells: chain,
                units: [row, column, geo.regions[row_base]],
            };
            return Some(chain.step(Technique::TwoStringKite, places, targets));
        }
    }
    None
}

/// The value's places in a box or region all lie in one row and one column, some outside each; a
/// conjugate pair of the value starts in that row (or column) outside the region. If the pair's
/// near end holds the value, the region's value is in its column (row); if not, the far end holds
/// it. The cell in the far end's row (column) and the region's column (row) sees both cases.
pub fn empty_rectangle(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let live = live_candidates(geo, pos);
    let shape = geo.shape;
    let mut regions: Vec<usize> = geo.regions.clone();
    regions.sort_unstable();
    regions.dedup();
    (1..=shape.size() as u8).find_map(|value| {
        let places = Places::new(geo, live, value);
        regions
            .iter()
            .find_map(|&region| empty_rectangle_in(&places, region))
    })
}

fn empty_rectangle_in(places: &Places, region: usize) -> Option<ShapeStep> {
    let n = places.shape().size();
    let in_region = places.in_unit(region);
    if in_region.len() < 3 {
        return None;
    }
    let mut rows: Vec<usize> = in_region.iter().map(|&c| c / n).collect();
    let mut cols: Vec<usize> = in_region.iter().map(|&c| c % n).collect();
    rows.sort_unstable();
    rows.dedup();
    cols.sort_unstable();
    cols.dedup();
    for &row in rows.iter().rev() {
        for &col in cols.iter().rev() {
            let off_row = in_region.iter().any(|&c| c / n != row);
            let off_col = in_region.iter().any(|&c| c % n != col);
            let on_cross = in_region.iter().all(|&c| c / n == row || c % n == col);
            if !(on_cross && off_row && off_col) {
                continue;
            }
            let rectangle = EmptyRectangle {
                places,
                region,
                in_region: &in_region,
                row,
                col,
            };
            let step = rectangle.step(true).or_else(|| rectangle.step(false));
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// An empty rectangle: the value's places in `region` all lie in `row` or `col`.
struct EmptyRectangle<'p, 'g, 's> {
    places: &'p Places<'g, 's>,
    region: usize,
    in_region: &'p [usize],
    row: usize,
    col: usize,
}

impl EmptyRectangle<'_, '_, '_> {
    /// The first elimination through a conjugate pair crossing the region's row (`along_row`) or
    /// column outside the region.
    fn step(&self, along_row: bool) -> Option<ShapeStep> {
        let geo = self.places.geo;
        let n = geo.shape.size();
        let (near_line, far_line) = if along_row {
            (geo.rows[self.row], geo.columns[self.col])
        } else {
            (geo.columns[self.col], geo.rows[self.row])
        };
        let starts = self.places.in_unit(near_line);
        for near in starts
            .into_iter()
            .filter(|&c| !geo.contains(self.region, c))
        {
            let pair_unit = if along_row {
                geo.columns[near % n]
            } else {
                geo.rows[near / n]
            };
            let Some(far) = self.places.partner(pair_unit, near) else {
                continue;
            };
            let target = if along_row {
                far / n * n + self.col
            } else {
                self.row * n + far % n
            };
            if geo.contains(self.region, target)
                || target == far
                || target == near
                || !self.places.live[target]
            {
                continue;
            }
            return Some(self.build([near, far], pair_unit, near_line, far_line, target));
        }
        None
    }

    fn build(
        &self,
        [near, far]: [usize; 2],
        pair_unit: usize,
        near_line: usize,
        far_line: usize,
        target: usize,
    ) -> ShapeStep {
        let shape = self.places.shape();
        let geo = self.places.geo;
        let value = self.places.value;
        let v = shape.symbol(value);
        let name = |c: usize| shape.cell_name(c);
        let unit = |u: usize| shape.unit_name(u);
        let (row, col) = (geo.rows[self.row], geo.columns[self.col]);
        let mut cells = self.in_region.to_vec();
        cells.extend([near, far]);
        let explanation = format!(
            "In {}, {v} can only go in {} or {} ({}); in {}, {v} is only at {} and {}. If {} is \
             {v}, it is gone from the rest of {}, and the {v} of {} is in {}; if not, {} is {v}. \
             Either way {} cannot be {v}, so {v} can be removed from {}.",
            unit(self.region),
            unit(row),
            unit(col),
            words::cells(shape, self.in_region.iter().copied()),
            unit(pair_unit),
            name(near),
            name(far),
            name(near),
            unit(near_line),
            unit(self.region),
            unit(far_line),
            name(far),
            name(target),
            name(target),
        );
        ShapeStep::elimination(
            Technique::EmptyRectangle,
            vec![Mark::new(target, value)],
            Pattern {
                cells,
                units: vec![self.region, row, col, pair_unit],
                values: vec![value],
            },
            explanation,
        )
    }
}
