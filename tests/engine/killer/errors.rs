//! Cages the rules refuse, each error naming the cage (overlaps, disconnected cells, impossible
//! sums, too many cells, cells off the grid), and a value repeated in a cage reported as a conflict
//! naming it.

use sudoku_service::engine::shape::{CageRule, Cells, Shape, ShapeError};

use super::killer;

#[test]
fn a_value_repeated_in_a_cage_is_a_conflict_naming_the_cage() {
    let cages = vec![CageRule {
        sum: 7,
        cells: vec!["A1".into(), "B1".into(), "B2".into()],
    }];
    let shape = Shape::new(&killer(4, cages)).unwrap();
    let mut puzzle = Cells::empty(16);
    puzzle.set(0, 2);
    puzzle.set(5, 2);
    let conflicts = puzzle.conflicts(&shape);
    assert_eq!(conflicts.len(), 2, "box 1 and cage 1: {conflicts:?}");
    assert_eq!(
        conflicts[1].describe(&shape).to_string(),
        "2 appears 2 times in cage 1 (A1, B2)"
    );
}

fn error(size: usize, cages: &[(u32, &[&str])]) -> ShapeError {
    let cages = cages
        .iter()
        .map(|(sum, cells)| CageRule {
            sum: *sum,
            cells: cells.iter().map(|c| c.to_string()).collect(),
        })
        .collect();
    Shape::new(&killer(size, cages)).unwrap_err()
}

#[test]
fn every_bad_cage_is_an_error_naming_it() {
    let cases: Vec<(ShapeError, &str)> = vec![
        (
            error(9, &[(3, &["A1", "A2"]), (10, &["A1", "C3"])]),
            "cages overlap at A1",
        ),
        (
            error(9, &[(3, &["A3", "A4"]), (10, &["A1", "C3"])]),
            "cage 2: cells A1 and C3 are not connected",
        ),
        (
            error(9, &[(3, &["A3", "A4"]), (50, &["A1", "A2", "B1"])]),
            "cage 2: sum 50 is impossible for 3 cells; expected 6 to 24",
        ),
        (
            error(4, &[(5, &["A1"])]),
            "cage 1: sum 5 is impossible for 1 cells; expected 1 to 4",
        ),
        (
            error(4, &[(0, &[])]),
            "cage 1: no cells; a cage holds 1 to N cells",
        ),
        (
            error(4, &[(10, &["A1", "A2", "A3", "A4", "B4"])]),
            "cage 1: 5 cells is more than 4, the most distinct values a cage can hold",
        ),
        (
            error(4, &[(3, &["A1", "E1"])]),
            "cage 1: \"E1\" is not a cell of a 4x4 grid (rows A.., columns 1..4)",
        ),
        (error(9, &[(3, &["A1", "A1"])]), "cages overlap at A1"),
    ];
    for (e, message) in cases {
        assert_eq!(e.to_string(), message);
        assert_eq!(e.field(), "rules.cages");
    }
    assert_eq!(
        error(9, &[(3, &["A3", "A4"]), (10, &["A1", "C3"])]).cage(),
        Some(2)
    );
    assert_eq!(
        error(9, &[(3, &["A1", "A2"]), (10, &["A1", "C3"])]).cage(),
        Some(2)
    );
}
