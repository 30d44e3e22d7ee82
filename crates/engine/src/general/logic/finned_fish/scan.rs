//! What the finned fish search reads: one value's lines (from the position's shared
//! [`ValueLines`]) seen from one orientation, with where each line crosses each unit that may hold
//! the fins.

use crate::general::logic::geometry::Geometry;
use crate::general::logic::places::ValueLines;
use crate::general::logic::position::bit;

/// One value seen from one orientation: each base line's places as bits over the cover lines, and
/// where each base line crosses each unit that could hold the fins (every unit but the rows and
/// columns, [`Geometry::non_lines`]).
pub(super) struct Scan<'g, 's> {
    pub(super) geo: &'g Geometry<'s>,
    pub(super) value: u8,
    pub(super) rows: bool,
    pub(super) n: usize,
    pub(super) masks: &'g [u32],
    /// For each cover line, its places as bits over the base lines.
    pub(super) cross: &'g [u32],
    pub(super) live: &'g [u32],
    /// The units that may hold the fins.
    pub(super) fin_units: &'g [usize],
    /// `inside[b * fin_units.len() + i]`: the cover lines of base line `b`'s cells in
    /// `fin_units[i]`; `cross_inside` the same for the cover lines.
    pub(super) inside: &'g [u32],
    pub(super) cross_inside: &'g [u32],
}

impl<'g, 's> Scan<'g, 's> {
    /// `value`'s lines, read from `lines`, with the live candidates `live`.
    pub(super) fn new(
        geo: &'g Geometry<'s>,
        (lines, live): (&'g ValueLines, &'g [u32]),
        value: u8,
        rows: bool,
    ) -> Self {
        let (masks, cross) = lines.of_value(value, rows);
        Scan {
            geo,
            value,
            rows,
            n: geo.shape.size(),
            masks,
            cross,
            live,
            fin_units: &geo.non_lines,
            inside: &geo.line_in[usize::from(!rows)],
            cross_inside: &geo.line_in[usize::from(rows)],
        }
    }

    pub(super) fn cell(&self, base: usize, cover: usize) -> usize {
        let n = self.n;
        if self.rows {
            base * n + cover
        } else {
            cover * n + base
        }
    }

    pub(super) fn is_live(&self, cell: usize) -> bool {
        self.live[cell] & bit(self.value) != 0
    }

    /// Base line `b`'s places outside fin unit `i`.
    pub(super) fn outside(&self, b: usize, i: usize) -> u32 {
        self.masks[b] & !self.inside[b * self.fin_units.len() + i]
    }

    /// The fin units outside which line `b` has at most `k` places.
    pub(super) fn fitting(&self, b: usize, k: usize) -> u128 {
        (0..self.fin_units.len())
            .filter(|&i| self.outside(b, i).count_ones() as usize <= k)
            .fold(0, |acc, i| acc | 1 << i)
    }
}
