//! Every error case of the engine's input, through the public API, with the message a person reads.

use sudoku_service::engine::{candidates, Digit, Grid, GridError, Solver, Square, Unit, Verdict};

use crate::data::GRID2;

fn square(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|()| panic!("{name} is no square"))
}

/// 9 rows of blanks.
fn blank_rows() -> Vec<Vec<Option<i64>>> {
    vec![vec![Some(0); 9]; 9]
}

/// The empty grid with `digit` at each of `squares`.
fn grid_with(digit: u8, squares: &[&str]) -> Grid {
    let mut grid = Grid::EMPTY;
    for name in squares {
        grid.set(square(name), Digit::new(digit));
    }
    grid
}

#[test]
fn text_with_too_few_cells_says_how_many_were_found() {
    let err = Grid::parse(&GRID2[..80]).unwrap_err();
    assert_eq!(err, GridError::CellCount { found: 80 });
    assert_eq!(err.to_string(), "expected 81 cells, found 80");
}

#[test]
fn text_with_too_many_cells_says_how_many_were_found() {
    let err = Grid::parse(&format!("{GRID2}12")).unwrap_err();
    assert_eq!(err, GridError::CellCount { found: 83 });
    assert!(err.to_string().contains("found 83"), "{err}");
}

#[test]
fn text_without_any_cell_is_an_error_not_an_empty_grid() {
    assert_eq!(Grid::parse(""), Err(GridError::CellCount { found: 0 }));
    assert_eq!(
        Grid::parse("no digits | here -+-"),
        Err(GridError::CellCount { found: 0 })
    );
}

#[test]
fn characters_other_than_digits_dots_and_zeros_are_not_counted() {
    let noisy = format!("x{}\n+-|abc", GRID2.replace('.', "0 "));
    assert_eq!(
        Grid::parse(&noisy).map(|g| g.to_line()),
        Ok(GRID2.to_string())
    );
}

#[test]
fn an_array_with_too_few_rows_says_how_many() {
    let mut rows = blank_rows();
    rows.pop();
    let err = Grid::from_rows(&rows).unwrap_err();
    assert_eq!(err, GridError::RowCount { found: 8 });
    assert_eq!(err.to_string(), "expected 9 rows, found 8");
}

#[test]
fn an_array_with_too_many_rows_says_how_many() {
    let mut rows = blank_rows();
    rows.push(vec![None; 9]);
    assert_eq!(
        Grid::from_rows(&rows),
        Err(GridError::RowCount { found: 10 })
    );
}

#[test]
fn a_short_row_names_the_row_and_its_length() {
    let mut rows = blank_rows();
    rows[4].pop();
    let err = Grid::from_rows(&rows).unwrap_err();
    assert_eq!(err, GridError::RowLength { row: 5, found: 8 });
    assert_eq!(err.to_string(), "row 5 has 8 values; expected 9");
}

#[test]
fn a_long_row_names_the_row_and_its_length() {
    let mut rows = blank_rows();
    rows[8].push(Some(1));
    assert_eq!(
        Grid::from_rows(&rows),
        Err(GridError::RowLength { row: 9, found: 10 })
    );
}

#[test]
fn a_flat_array_of_the_wrong_length_says_how_many_cells() {
    assert_eq!(
        Grid::from_flat(&[Some(0); 80]),
        Err(GridError::CellCount { found: 80 })
    );
    assert_eq!(
        Grid::from_flat(&[None; 82]),
        Err(GridError::CellCount { found: 82 })
    );
}

#[test]
fn a_value_above_nine_names_its_row_column_and_value() {
    let mut rows = blank_rows();
    rows[1][2] = Some(10);
    let err = Grid::from_rows(&rows).unwrap_err();
    assert_eq!(
        err,
        GridError::OutOfRange {
            square: square("B3"),
            value: 10
        }
    );
    let message = err.to_string();
    for part in ["B3", "row 2", "column 3", "10"] {
        assert!(message.contains(part), "{message} lacks {part}");
    }
}

#[test]
fn a_negative_value_names_its_row_column_and_value() {
    let mut rows = blank_rows();
    rows[8][0] = Some(-3);
    let err = Grid::from_rows(&rows).unwrap_err();
    assert_eq!(
        err.to_string(),
        "square I1 (row 9, column 1) holds -3; expected 0-9 (0 for a blank)"
    );
}

#[test]
fn values_far_outside_a_byte_are_reported_whole() {
    let mut flat = vec![None; 81];
    flat[80] = Some(i64::MAX);
    flat[0] = Some(i64::MIN);
    let err = Grid::from_flat(&flat).unwrap_err();
    assert_eq!(
        err,
        GridError::OutOfRange {
            square: square("A1"),
            value: i64::MIN
        },
        "the first bad value in row-major order is reported"
    );
    flat[0] = Some(256 + 5);
    assert!(matches!(
        Grid::from_flat(&flat),
        Err(GridError::OutOfRange { value: 261, .. })
    ));
}

#[test]
fn a_digit_twice_in_a_row_names_the_digit_the_row_and_the_squares() {
    let err = grid_with(5, &["A1", "A5"]).check().unwrap_err();
    assert_eq!(err.to_string(), "digit 5 appears 2 times in row A (A1, A5)");
}

#[test]
fn a_digit_twice_in_a_column_names_the_digit_the_column_and_the_squares() {
    let grid = grid_with(8, &["B3", "H3"]);
    let GridError::Conflict(conflict) = grid.check().unwrap_err() else {
        panic!("not a conflict");
    };
    assert_eq!(conflict.digit, Digit::new(8).unwrap());
    assert_eq!(conflict.unit, Unit::Column(2));
    assert_eq!(conflict.squares, [square("B3"), square("H3")]);
    assert_eq!(
        conflict.to_string(),
        "digit 8 appears 2 times in column 3 (B3, H3)"
    );
}

#[test]
fn a_digit_twice_in_a_box_names_the_digit_the_box_and_the_squares() {
    let grid = grid_with(7, &["A1", "C2"]);
    assert_eq!(
        grid.check().unwrap_err().to_string(),
        "digit 7 appears 2 times in box 1 (A1, C2)"
    );
    let last_box = grid_with(2, &["G9", "I7"]);
    assert!(last_box
        .check()
        .unwrap_err()
        .to_string()
        .contains("box 9 (G9, I7)"));
}

#[test]
fn a_digit_three_times_in_a_row_names_all_three_squares() {
    let err = grid_with(1, &["E9", "E2", "E5"]).check().unwrap_err();
    assert_eq!(
        err.to_string(),
        "digit 1 appears 3 times in row E (E2, E5, E9)"
    );
}

#[test]
fn every_broken_rule_is_listed_rows_then_columns_then_boxes() {
    let grid = grid_with(4, &["A1", "A9", "B2", "I9"]);
    let units: Vec<String> = grid
        .conflicts()
        .iter()
        .map(|c| c.unit.to_string())
        .collect();
    assert_eq!(units, ["row A", "column 9", "box 1"]);
}

#[test]
fn conflicting_givens_have_no_candidates_and_no_solution() {
    let grid = grid_with(9, &["D4", "F6"]);
    assert!(candidates(&grid).is_none());
    let out = Solver::new().solve(&grid).expect("no deadline was set");
    assert_eq!(out.verdict, Verdict::None);
    assert!(out.solutions.is_empty());
}

#[test]
fn a_grid_without_conflicts_checks_clean() {
    let grid: Grid = GRID2.parse().expect("grid2 parses");
    assert_eq!(grid.check(), Ok(()));
    assert!(grid.conflicts().is_empty());
}
