//! Single-value patterns with HoDoKu's names, on any shape: the skyscraper and the
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

use super::geometry::{is_line, Geometry};
use super::places::{Live, UnitPlaces};
use super::position::{bit, live_candidates, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::{Cells, Shape};
use crate::technique::Technique;

/// One value's live places, read from the position's live candidates and their table by unit.
pub(super) struct Places<'g, 's> {
    geo: &'g Geometry<'s>,
    value: u8,
    live: &'g [u32],
    by_unit: &'g UnitPlaces<Live>,
}

impl<'g, 's> Places<'g, 's> {
    /// The tables every value's places are read from; [`Places::of`] picks the value (no method
    /// below may be asked before it does).
    fn new(geo: &'g Geometry<'s>, pos: &'g ShapePosition, by_unit: &'g UnitPlaces<Live>) -> Self {
        let live = live_candidates(geo, pos);
        Places {
            geo,
            value: 0,
            live,
            by_unit,
        }
    }

    /// The same places for `value`.
    fn of(&self, value: u8) -> Self {
        Places { value, ..*self }
    }

    /// Whether the value is a live candidate of `cell`.
    fn is_live(&self, cell: usize) -> bool {
        self.live[cell] & bit(self.value) != 0
    }

    fn shape(&self) -> &'s Shape {
        self.geo.shape
    }

    /// The value's live places in `unit`, in the unit's order.
    fn in_unit(&self, unit: usize) -> Vec<usize> {
        self.cells_in(unit).collect()
    }

    /// The same, one by one.
    fn cells_in(&self, unit: usize) -> impl ExactSizeIterator<Item = usize> + 's {
        let cells = self.shape().unit(unit);
        let at = self.by_unit.at(unit, self.value);
        values_of(at).map(|i| usize::from(cells[usize::from(i) - 1]))
    }

    /// How many live places the value has in `unit`.
    fn count_in(&self, unit: usize) -> u32 {
        self.by_unit.at(unit, self.value).count_ones()
    }

    /// The two places of a conjugate pair in `unit`, ascending.
    fn pair(&self, unit: usize) -> Option<(usize, usize)> {
        let at = self.by_unit.at(unit, self.value);
        if at.count_ones() != 2 {
            return None;
        }
        let cells = self.shape().unit(unit);
        let a = usize::from(cells[at.trailing_zeros() as usize]);
        let b = usize::from(cells[31 - at.leading_zeros() as usize]);
        Some((a.min(b), a.max(b)))
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
            .filter(|&c| self.is_live(c) && !avoid.contains(&c))
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
        let removed = words::cells(shape, targets.iter().copied());
        let explanation = if top1 == top2 {
            format!(
                "{v} is in {link1} only at {base1} and {top1}, and in {link2} only at {base2} and \
                 {top1}; {base1} and {base2} share {bridge}, so they cannot both be {v}, and \
                 {top1} is {v}: {v} can be removed from the squares it sees: {removed}."
            )
        } else {
            format!(
                "{v} is in {link1} only at {base1} and {top1}, and in {link2} only at {base2} and \
                 {top2}; {base1} and {base2} share {bridge}, so one of {top1} or {top2} is {v}, \
                 and {v} can be removed from the squares that see both: {removed}."
            )
        };
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
/// searched before columns, then values, as HoDoKu does.
pub fn skyscraper(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let by_unit = UnitPlaces::live(geo, pos);
    let all = Places::new(geo, pos, &by_unit);
    let n = geo.shape.size();
    let places: Vec<Places> = (1..=n as u8).map(|value| all.of(value)).collect();
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
    // Each line with a conjugate pair, with it (read in place from the table: no allocation).
    let pairs =
        |from: usize| (lines[from..].iter()).filter_map(|&u| places.pair(u).map(|p| (u, p)));
    for (i, &u1) in lines.iter().enumerate() {
        let Some((a0, a1)) = places.pair(u1) else {
            continue;
        };
        for (u2, (b0, b1)) in pairs(i + 1) {
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
    let by_unit = UnitPlaces::live(geo, pos);
    let all = Places::new(geo, pos, &by_unit);
    let n = geo.shape.size();
    (1..=n as u8).find_map(|value| kite_for(&all.of(value)))
}

fn kite_for<'g>(places: &Places<'g, '_>) -> Option<ShapeStep> {
    let geo = places.geo;
    let pairs =
        |lines: &'g [usize]| (lines.iter()).filter_map(move |&u| places.pair(u).map(|p| (u, p)));
    for (row, (l0, l1)) in pairs(&geo.rows) {
        for (column, (c0, c1)) in pairs(&geo.columns) {
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

/// A chain of a conjugate pair, a weak link (the inner ends see each other) and another conjugate
/// pair on one value that is neither a skyscraper nor a 2-string kite (HoDoKu's turbot fish): one
/// of the outer ends holds the value, so cells seeing both lose it; when both pairs start from one
/// cell, that cell holds it. Values ascending, starts in cell order, links in the order of a cell's
/// units, as HoDoKu searches.
pub fn turbot_fish(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let by_unit = UnitPlaces::live(geo, pos);
    let all = Places::new(geo, pos, &by_unit);
    let n = geo.shape.size();
    (1..=n as u8).find_map(|value| turbot_for(&all.of(value)))
}

fn turbot_for(places: &Places) -> Option<ShapeStep> {
    let geo = places.geo;
    let turbot = Turbot { places };
    let units = |c: usize| geo.shape.units_of(c).iter().map(|&u| usize::from(u));
    let holders: Vec<usize> = (0..places.live.len())
        .filter(|&c| places.is_live(c))
        .collect();
    for &top1 in &holders {
        for link1 in units(top1) {
            let Some(base1) = turbot.link(link1, top1) else {
                continue;
            };
            let bases2 = holders.iter().filter(|&&c| c != top1 && geo.sees(c, base1));
            for &base2 in bases2 {
                for link2 in units(base2) {
                    let Some(top2) = turbot.link(link2, base2) else {
                        continue;
                    };
                    if top2 == base1 {
                        continue;
                    }
                    let chain = [top1, base1, base2, top2];
                    if turbot.is_simpler_shape(chain) {
                        continue;
                    }
                    let targets: Vec<usize> = holders
                        .iter()
                        .copied()
                        .filter(|&c| geo.sees(c, top1) && geo.sees(c, top2))
                        .collect();
                    if targets.is_empty() {
                        continue;
                    }
                    let bridge = geo.common_units(&[base1, base2])[0];
                    let chain = Chain {
                        cells: chain,
                        units: [link1, link2, bridge],
                    };
                    return Some(chain.step(Technique::TurbotFish, places, targets));
                }
            }
        }
    }
    None
}

/// One value's places, for the turbot fish's search.
struct Turbot<'p, 'g, 's> {
    places: &'p Places<'g, 's>,
}

impl Turbot<'_, '_, '_> {
    /// The other end of the conjugate pair of `unit` holding `cell`, as HoDoKu links cells: two
    /// cells of a box (or any unit not a line) that also share a row or column are linked through
    /// that line only.
    fn link(&self, unit: usize, cell: usize) -> Option<usize> {
        let (a, b) = self.places.pair(unit)?;
        let partner = match cell {
            c if c == a => b,
            c if c == b => a,
            _ => return None,
        };
        let shape = self.places.shape();
        let n = shape.size();
        let in_line = partner / n == cell / n || partner % n == cell % n;
        (is_line(shape.unit_kind(unit)) || !in_line).then_some(partner)
    }

    /// Whether a chain `[top1, base1, base2, top2]` is one HoDoKu names a skyscraper, a 2-string
    /// kite or an X-wing rather than a turbot fish.
    fn is_simpler_shape(&self, [top1, base1, base2, top2]: [usize; 4]) -> bool {
        let geo = self.places.geo;
        let n = geo.shape.size();
        let line_of = |c: usize, rows: bool| if rows { c / n } else { c % n };
        let pair_in = |a: usize, b: usize, rows: bool| {
            let line = line_of(a, rows);
            let unit = if rows {
                geo.rows[line]
            } else {
                geo.columns[line]
            };
            line == line_of(b, rows) && self.places.pair(unit).is_some()
        };
        for rows in [true, false] {
            let parallel = pair_in(top1, base1, rows) && pair_in(base2, top2, rows);
            let base = line_of(base1, !rows);
            if parallel && base == line_of(base2, !rows) {
                let same_side = (line_of(top1, !rows) > base) == (line_of(top2, !rows) > base);
                if same_side {
                    return true;
                }
            }
        }
        let row_then_column = pair_in(top1, base1, true) && pair_in(base2, top2, false);
        let column_then_row = pair_in(top1, base1, false) && pair_in(base2, top2, true);
        top1 != top2
            && (row_then_column || column_then_row)
            && geo.regions[base1] == geo.regions[base2]
    }
}

mod empty_rectangle;
pub use empty_rectangle::empty_rectangle;
