//! Each value's places unit by unit: for unit `u` and value `v`, the bits of the unit's cells (in
//! the unit's order) that hold `v` as a candidate. Subsets, intersections, fish and the
//! single-value chains all ask "where can `v` go in this unit?" for every unit and value; the
//! position works the table out once per step and every finder reads it
//! ([`ShapePosition::shared`](super::position::ShapePosition::shared)), instead of each finder
//! scanning every unit cell by cell again.
//!
//! Two readings of the marks: [`Marked`] over the candidates as they stand (the subsets and
//! intersections reason about the marks a player sees), [`Live`] over the live candidates, without
//! the stale marks of values a unit already holds (the single-value chains must not take a stale
//! mark for a place). [`ValueLines`] holds the live places of the rows and columns again, laid
//! out by value for the fish.

use std::marker::PhantomData;
use std::sync::Arc;

use super::geometry::Geometry;
use super::position::{live_candidates, values_of, ShapePosition};

/// Places over the candidates as they stand.
pub struct Marked;

/// Places over the live candidates ([`live_candidates`]).
pub struct Live;

/// Each value's places in each unit, over the candidates of kind `K`.
pub struct UnitPlaces<K> {
    size: usize,
    masks: Vec<u32>,
    kind: PhantomData<K>,
}

impl UnitPlaces<Marked> {
    /// The table of `pos`'s candidates as they stand, shared by the finders asked on `pos`.
    pub fn marked(geo: &Geometry, pos: &ShapePosition) -> Arc<UnitPlaces<Marked>> {
        pos.shared(|| UnitPlaces::new(geo, |c| pos.candidates(c)))
    }
}

impl UnitPlaces<Live> {
    /// The table of `pos`'s live candidates, shared by the finders asked on `pos`.
    pub fn live(geo: &Geometry, pos: &ShapePosition) -> Arc<UnitPlaces<Live>> {
        let live = live_candidates(geo, pos);
        pos.shared(|| UnitPlaces::new(geo, |c| live[c]))
    }
}

impl<K> UnitPlaces<K> {
    fn new(geo: &Geometry, candidates: impl Fn(usize) -> u32) -> UnitPlaces<K> {
        let shape = geo.shape;
        let size = shape.size();
        let mut masks = vec![0u32; shape.unit_count() * size];
        for (unit, row) in masks.chunks_exact_mut(size).enumerate() {
            for (i, &cell) in shape.unit(unit).iter().enumerate() {
                for v in values_of(candidates(usize::from(cell))) {
                    row[usize::from(v) - 1] |= 1 << i;
                }
            }
        }
        UnitPlaces {
            size,
            masks,
            kind: PhantomData,
        }
    }

    /// `value`'s places in `unit`, as bits over the unit's cells in the unit's order.
    pub fn at(&self, unit: usize, value: u8) -> u32 {
        self.masks[unit * self.size + usize::from(value) - 1]
    }

    /// Every value's places in `unit`, indexed by value less one.
    pub fn in_unit(&self, unit: usize) -> &[u32] {
        &self.masks[unit * self.size..][..self.size]
    }
}

/// Each value's live places line by line: for value `v`, row `r` and column `c`,
/// `rows[(v - 1) * N + r]` holds the columns where `v` may go in row `r`, `columns[..]` the rows
/// (the [`UnitPlaces<Live>`] of the rows and columns, laid out by value for the fish, which walk
/// one value's lines at a time).
pub struct ValueLines {
    n: usize,
    rows: Vec<u32>,
    columns: Vec<u32>,
}

impl ValueLines {
    /// The table of `pos`, shared by the fish and finned fish asked on `pos`.
    pub fn of(geo: &Geometry, pos: &ShapePosition) -> Arc<ValueLines> {
        let live = live_candidates(geo, pos);
        pos.shared(|| {
            let n = geo.shape.size();
            let (mut rows, mut columns) = (vec![0u32; n * n], vec![0u32; n * n]);
            for (cell, &marks) in live.iter().enumerate() {
                for value in values_of(marks) {
                    let v = usize::from(value) - 1;
                    rows[v * n + cell / n] |= 1 << (cell % n);
                    columns[v * n + cell % n] |= 1 << (cell / n);
                }
            }
            ValueLines { n, rows, columns }
        })
    }

    /// `value`'s base lines and cover lines: each row's places as bits over the columns and each
    /// column's over the rows with rows as base (`rows`), the other way round otherwise.
    pub fn of_value(&self, value: u8, rows: bool) -> (&[u32], &[u32]) {
        let at = (usize::from(value) - 1) * self.n..usize::from(value) * self.n;
        let (r, c) = (&self.rows[at.clone()], &self.columns[at]);
        if rows {
            (r, c)
        } else {
            (c, r)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general::logic::step::{Mark, ShapeStep};
    use crate::shape::{Cells, Rules, Shape};
    use crate::technique::Technique;

    /// `value`'s places in `unit` by a scan of the unit's cells.
    fn scan(shape: &Shape, cand: impl Fn(usize) -> u32, unit: usize, value: u8) -> u32 {
        let cells = shape.unit(unit).iter().map(|&c| usize::from(c));
        (cells.enumerate())
            .filter(|&(_, c)| cand(c) >> (value - 1) & 1 == 1)
            .fold(0, |acc, (i, _)| acc | 1 << i)
    }

    /// A 6x6 with 2 in A1, whose peer B1 keeps a stale mark of 2, and the rest marked in full.
    fn stale_mark() -> (Shape, ShapePosition) {
        let rules = Rules {
            size: Some(6),
            ..Rules::default()
        };
        let shape = Shape::new(&rules).unwrap();
        let mut values = vec![0; 36];
        values[0] = 2;
        let marks = vec![shape.all_values(); 36];
        let pos = ShapePosition::with_marks(&shape, &Cells::from_values(values), &marks);
        (shape, pos)
    }

    #[test]
    fn each_table_holds_the_places_a_scan_of_each_unit_finds() {
        let (shape, pos) = stale_mark();
        let geo = Geometry::new(&shape);
        let live = live_candidates(&geo, &pos).to_vec();
        let (marked, lively) = (UnitPlaces::marked(&geo, &pos), UnitPlaces::live(&geo, &pos));
        for unit in 0..shape.unit_count() {
            for value in 1..=6 {
                let by_marks = scan(&shape, |c| pos.candidates(c), unit, value);
                assert_eq!(
                    marked.at(unit, value),
                    by_marks,
                    "unit {unit} value {value}"
                );
                assert_eq!(
                    lively.at(unit, value),
                    scan(&shape, |c| live[c], unit, value)
                );
                assert_eq!(marked.in_unit(unit)[usize::from(value) - 1], by_marks);
            }
        }
    }

    #[test]
    fn the_value_lines_are_the_live_places_of_the_rows_and_columns() {
        let (shape, pos) = stale_mark();
        let geo = Geometry::new(&shape);
        let (lines, live) = (ValueLines::of(&geo, &pos), UnitPlaces::live(&geo, &pos));
        for value in 1..=6 {
            let (rows, columns) = lines.of_value(value, true);
            assert_eq!(lines.of_value(value, false), (columns, rows));
            for line in 0..6 {
                assert_eq!(rows[line], live.at(geo.rows[line], value));
                assert_eq!(columns[line], live.at(geo.columns[line], value));
            }
        }
    }

    #[test]
    fn marks_past_the_shape_s_values_are_no_candidates() {
        let (shape, _) = stale_mark();
        let geo = Geometry::new(&shape);
        let pos = ShapePosition::with_marks(&shape, &Cells::empty(36), &[0x1ff; 36]);
        assert!((0..36).all(|c| pos.candidates(c) == shape.all_values()));
        assert_eq!(UnitPlaces::marked(&geo, &pos).at(geo.rows[0], 6), 0b11_1111);
    }

    #[test]
    fn a_stale_mark_is_a_place_only_in_the_marked_table() {
        let (shape, pos) = stale_mark();
        let geo = Geometry::new(&shape);
        // B1, the second cell of column 1, holds a stale 2 (A1 is 2), as do the rest of it.
        let column = geo.columns[0];
        assert_eq!(UnitPlaces::marked(&geo, &pos).at(column, 2) & 0b10, 0b10);
        assert_eq!(UnitPlaces::live(&geo, &pos).at(column, 2), 0);
    }

    #[test]
    fn one_table_of_each_kind_is_made_per_position_and_remade_after_a_step() {
        let (shape, mut pos) = stale_mark();
        let geo = Geometry::new(&shape);
        let first = UnitPlaces::marked(&geo, &pos);
        assert!(Arc::ptr_eq(&first, &UnitPlaces::marked(&geo, &pos)));
        let b1 = shape.cell_named("B1").unwrap();
        let step = ShapeStep::elimination(
            Technique::NakedSingle,
            vec![Mark::new(b1, 2)],
            Default::default(),
            String::new(),
        );
        pos.apply(&shape, &step);
        let after = UnitPlaces::marked(&geo, &pos);
        assert!(!Arc::ptr_eq(&first, &after));
        assert_eq!(first.at(geo.columns[0], 2) & 0b10, 0b10);
        assert_eq!(after.at(geo.columns[0], 2) & 0b10, 0);
    }
}
