//! Tests of the sets ALS-XZ collects and the cells they reach.

use super::reach::{add_seen_by_all, cells_of};
use super::*;
use crate::shape::Shape;

/// A blank classic position where each named cell (row-major index) keeps only `values`.
fn blank_with(keep: &[(usize, &[u8])]) -> ShapePosition {
    let shape = Shape::classic_ref();
    let mut marks = vec![shape.all_values(); 81];
    for &(cell, values) in keep {
        marks[cell] = values.iter().fold(0, |acc, &v| acc | bit(v));
    }
    ShapePosition::with_marks(&Cells::empty(81), &marks)
}

fn geometry() -> Geometry<'static> {
    Geometry::new(Shape::classic_ref())
}

#[test]
fn a_bivalue_cell_is_a_set_of_its_own_beside_the_sets_that_hold_it() {
    // A1 (1, 2) and A5 (2, 3).
    let (geo, pos) = (geometry(), blank_with(&[(0, &[1, 2]), (4, &[2, 3])]));
    let sets = collect(&geo, &pos);
    let single = sets.iter().find(|s| s.cells == [0]);
    assert_eq!(single.map(|s| s.unit), Some(None));
    let in_row = sets.iter().find(|s| s.cells == [0, 4]);
    assert_eq!(in_row.map(|s| s.unit), Some(Some(geo.rows[0])));
}

#[test]
fn the_cells_seeing_a_whole_set_are_the_units_holding_it_less_the_set() {
    let geo = geometry();
    let seen = |places: &[usize]| {
        let mut row = [0u64; 2];
        add_seen_by_all(&geo, places, &mut row);
        cells_of(&row).count()
    };
    // A1 and A2 share row A and box 1; B2 and E2 only column 2.
    assert_eq!(seen(&[0, 1]), 7 + 6);
    assert_eq!(seen(&[10, 37]), 7);
    assert_eq!(seen(&[40]), 20);
}

#[test]
fn sets_are_collected_once_with_their_unit_and_up_to_eight_cells() {
    // B1 and C1 share column 1 and box 1: found once, in column 1.
    let (geo, pos) = (geometry(), blank_with(&[(9, &[1, 2]), (18, &[1, 3])]));
    let sets = collect(&geo, &pos);
    let found: Vec<&Als> = sets.iter().filter(|s| s.cells == [9, 18]).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].unit, Some(geo.columns[0]));
    // On an otherwise blank board every eight cells of a unit hold all nine values.
    assert!(sets.iter().any(|s| s.cells.len() == 8));
    assert!(sets.iter().all(|s| s.cells.len() <= MAX_CELLS));
    assert!(sets
        .iter()
        .all(|s| s.values.count_ones() as usize == s.cells.len() + 1));
}
