//! Parsing, rendering and the rules of a 9x9 grid, as specifications.

use super::*;

const GRID1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

#[test]
fn text_format_ignores_everything_but_digits_dots_and_zeros() {
    let pasted = "
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .";
    let grid = Grid::parse(pasted).unwrap();
    assert_eq!(
        grid.to_line(),
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    );
    assert_eq!(grid.givens(), 17);
}

#[test]
fn text_with_the_wrong_number_of_cells_says_how_many_were_found() {
    assert_eq!(Grid::parse("123"), Err(GridError::CellCount { found: 3 }));
    let long = ".".repeat(82);
    let err = Grid::parse(&long).unwrap_err();
    assert_eq!(err, GridError::CellCount { found: 82 });
    assert!(err.to_string().contains("82"), "{err}");
}

#[test]
fn rows_and_flat_arrays_parse_with_zero_and_none_as_blanks() {
    let g = Grid::parse(GRID1).unwrap();
    let rows: Vec<Vec<Option<i64>>> = g
        .rows()
        .iter()
        .map(|r| r.iter().map(|&v| Some(v as i64)).collect())
        .collect();
    assert_eq!(Grid::from_rows(&rows).unwrap(), g);
    let mut flat: Vec<Option<i64>> = g.values().iter().map(|&v| Some(v as i64)).collect();
    flat[0] = None;
    assert_eq!(Grid::from_flat(&flat).unwrap(), g);
}

#[test]
fn array_errors_name_the_row_column_and_value() {
    let mut rows = vec![vec![Some(0i64); 9]; 9];
    rows[1][2] = Some(10);
    let err = Grid::from_rows(&rows).unwrap_err();
    let square = Square::at(1, 2).unwrap();
    assert_eq!(err, GridError::OutOfRange { square, value: 10 });
    assert_eq!(
        err.to_string(),
        "square B3 (row 2, column 3) holds 10; expected 0-9 (0 for a blank)"
    );
    rows[1][2] = Some(-1);
    assert!(matches!(
        Grid::from_rows(&rows),
        Err(GridError::OutOfRange { value: -1, .. })
    ));
    rows.pop();
    assert_eq!(
        Grid::from_rows(&rows),
        Err(GridError::RowCount { found: 8 })
    );
    let mut short = vec![vec![Some(0i64); 9]; 9];
    short[4].pop();
    assert_eq!(
        Grid::from_rows(&short),
        Err(GridError::RowLength { row: 5, found: 8 })
    );
    assert_eq!(
        Grid::from_flat(&[None; 80]),
        Err(GridError::CellCount { found: 80 })
    );
}

#[test]
fn conflicting_givens_name_digit_unit_and_squares() {
    let mut text = ".".repeat(81);
    text.replace_range(0..1, "5");
    text.replace_range(4..5, "5");
    let grid = Grid::parse(&text).unwrap();
    let err = grid.check().unwrap_err();
    let GridError::Conflict(c) = &err else {
        panic!("{err:?}")
    };
    assert_eq!(c.digit.get(), 5);
    assert_eq!(c.unit, Unit::Row(0));
    assert_eq!(
        c.squares
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["A1", "A5"]
    );
    assert_eq!(err.to_string(), "digit 5 appears 2 times in row A (A1, A5)");
}

proptest::proptest! {
    #[test]
    fn a_grid_is_consistent_exactly_when_no_unit_repeats_a_digit(
        cells in proptest::collection::vec(
            proptest::prop_oneof![6 => proptest::strategy::Just(0u8), 1 => 1u8..=9],
            81,
        )
    ) {
        let grid = Grid::from_cells(&cells.try_into().unwrap());
        let repeats = Unit::all().any(|unit| !grid.repeated_digits(unit).is_empty());
        proptest::prop_assert_eq!(grid.is_consistent(), !repeats);
        proptest::prop_assert_eq!(grid.conflicts().is_empty(), !repeats);
    }
}

#[test]
fn conflicts_in_columns_and_boxes_are_found_too() {
    let mut g = Grid::EMPTY;
    let d = Digit::new(7);
    g.set("A1".parse().unwrap(), d);
    g.set("B2".parse().unwrap(), d);
    g.set("I2".parse().unwrap(), d);
    let units: Vec<String> = g.conflicts().iter().map(|c| c.unit.to_string()).collect();
    assert_eq!(units, ["column 2", "box 1"]);
}

#[test]
fn display_matches_norvigs() {
    let grid = Grid::parse(GRID1).unwrap();
    let expected = "\
. . 3 |. 2 . |6 . . 
9 . . |3 . 5 |. . 1 
. . 1 |8 . 6 |4 . . 
------+------+------
. . 8 |1 . 2 |9 . . 
7 . . |. . . |. . 8 
. . 6 |7 . 8 |2 . . 
------+------+------
. . 2 |6 . 9 |5 . . 
8 . . |2 . 3 |. . 9 
. . 5 |. 1 . |3 . . 
";
    assert_eq!(grid.display(), expected);
}

#[test]
fn python_center_puts_odd_padding_right_unless_width_is_odd() {
    assert_eq!(center("4", 2), "4 ");
    assert_eq!(center("4", 6), "  4   ");
    assert_eq!(center("12", 5), "  12 ");
    assert_eq!(center("1679", 7), "  1679 ");
}

#[test]
fn a_solution_must_keep_givens_and_fill_every_unit() {
    let solved = Grid::parse(
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
    )
    .unwrap();
    let puzzle = Grid::parse(GRID1).unwrap();
    assert!(solved.solves(&puzzle));
    let other = Grid::parse(&GRID1.replace("003020600", "503020600")).unwrap();
    assert!(
        !solved.solves(&other),
        "a changed given must not be accepted"
    );
    let mut broken = solved;
    broken.set(Square::new(0).unwrap(), Digit::new(9));
    assert!(!broken.solves(&Grid::EMPTY));
    assert!(!puzzle.solves(&puzzle), "an incomplete grid is no solution");
}
