//! Tests of the sets ALS-XZ collects and the cells they reach.

use super::reach::seen_by_all;
use super::*;
use crate::shape::Shape;

/// A blank classic position where each named cell (row-major index) keeps only `values`.
fn blank_with(keep: &[(usize, &[u8])]) -> ShapePosition {
    let shape = Shape::classic_ref();
    let mut marks = vec![shape.all_values(); 81];
    for &(cell, values) in keep {
        marks[cell] = values.iter().fold(0, |acc, &v| acc | bit(v));
    }
    ShapePosition::with_marks(Shape::classic_ref(), &Cells::empty(81), &marks)
}

fn geometry() -> Geometry<'static> {
    Geometry::new(Shape::classic_ref())
}

#[test]
fn a_bivalue_cell_is_a_set_of_its_own_beside_the_sets_that_hold_it() {
    // A1 (1, 2) and A5 (2, 3).
    let (geo, pos) = (geometry(), blank_with(&[(0, &[1, 2]), (4, &[2, 3])]));
    let sets = collect::<u128>(&geo, &pos);
    let single = sets.iter().find(|s| s.cells == u128::of([0]));
    assert_eq!(single.map(|s| s.unit), Some(None));
    let in_row = sets.iter().find(|s| s.cells == u128::of([0, 4]));
    assert_eq!(in_row.map(|s| s.unit), Some(Some(geo.rows[0])));
}

#[test]
fn the_cells_seeing_a_whole_set_are_the_units_holding_it_less_the_set() {
    let (geo, pos) = (geometry(), blank_with(&[]));
    let tables = CellTables::<Wide>::new(&geo, |c| pos.candidates(c));
    let seen = |places: &[usize]| {
        let places = Wide::of(places.iter().copied());
        seen_by_all(&geo, &tables, places).cells().count()
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
    let sets = collect::<u128>(&geo, &pos);
    let found: Vec<&Als<u128>> = sets
        .iter()
        .filter(|s| s.cells == u128::of([9, 18]))
        .collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].unit, Some(geo.columns[0]));
    // On an otherwise blank board every eight cells of a unit hold all nine values.
    let len = |s: &Als<u128>| s.cells.count_ones() as usize;
    assert!(sets.iter().any(|s| len(s) == 8));
    assert!(sets.iter().all(|s| len(s) <= MAX_CELLS));
    assert!(sets
        .iter()
        .all(|s| s.values.count_ones() as usize == len(s) + 1));
}

#[test]
fn the_bitmask_walk_reports_what_the_depth_first_growth_does_in_the_same_order() {
    // Marks from a fixed pseudo-random sequence, two to five values per cell, and a few cells
    // filled, so units have between five and nine empty cells.
    let mut seed = 0x2545_f491_u32;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    let marks: Vec<u32> = (0..81)
        .map(|_| next() & 0x1ff | 1 << (next() % 9))
        .collect();
    let mut values = vec![0u8; 81];
    for cell in (0..81).step_by(7) {
        values[cell] = (cell % 9) as u8 + 1;
    }
    let pos = ShapePosition::with_marks(Shape::classic_ref(), &Cells::from_values(values), &marks);
    let (geo, shape) = (geometry(), Shape::classic_ref());
    let mut compared = 0;
    for unit in 0..shape.unit_count() {
        let empty = empty_in(&geo, &pos, unit);
        let (mut walked, mut grown) = (Vec::new(), Vec::new());
        walk_masks(&pos, &empty, &mut |cells| {
            walked.push(u128::of(cells.iter().copied()))
        });
        let (mut chosen, mut work) = (Vec::new(), WORK);
        for top in 0..empty.len() {
            chosen.clear();
            chosen.push(empty[top]);
            let mut found = |cells: &[usize]| grown.push(u128::of(cells.iter().copied()));
            let values = pos.candidates(empty[top]);
            grow(
                &pos,
                &empty,
                top,
                values,
                &mut chosen,
                &mut work,
                &mut found,
            );
        }
        assert_eq!(walked, grown, "unit {unit}");
        compared += walked.len();
    }
    assert!(compared > 20, "only {compared} sets compared");
}
