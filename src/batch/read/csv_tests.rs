//! The reader on CSV: the Kaggle layouts found by their header, rows that are errors in their
//! place, and RFC 4180 rows whose quoted fields hold newlines.
use super::line::{parse_line, Line};
use super::tests::{outline, GRID2};

#[test]
fn a_letter_led_csv_row_is_an_error_in_its_place_with_or_without_a_header() {
    let row = format!("x{},{GRID2}", &GRID2[1..]);
    let stray = "'x' at character 1 is not a cell (1-9, or 0 or . for a blank)";
    assert_eq!(
        outline(&format!("quizzes,solutions\n{GRID2},\n{row}\n{GRID2},\n")),
        [
            "ok 2".to_string(),
            format!("3: puzzle column: {stray}"),
            "ok 4".into()
        ]
    );
    assert_eq!(
        outline(&format!("{GRID2},\n{row}\n{GRID2},\n")),
        ["ok 1".to_string(), format!("2: {stray}"), "ok 3".into()]
    );
}

#[test]
fn the_five_column_kaggle_layout_is_read_by_its_header() {
    let text = format!("id,puzzle,solution,clues,difficulty\n0,{GRID2},,17,2.5\n1,{GRID2}\n");
    assert_eq!(
        outline(&text),
        ["ok 2", "3: expected 5 columns, as the header has, found 2"]
    );
}

#[test]
fn a_header_is_only_a_header_on_the_first_line() {
    assert_eq!(
        outline(&format!("{GRID2}\nquizzes,solutions\n")),
        [
            "ok 1",
            "2: 'q' at character 1 is not a cell (1-9, or 0 or . for a blank)"
        ]
    );
    assert_eq!(
        outline("\u{feff}id,grid\n"),
        ["1: a CSV header names its puzzle column puzzle or quizzes; found id,grid"]
    );
}

#[test]
fn a_puzzle_with_commas_between_cells_is_not_mistaken_for_csv() {
    let line = vec!["0"; 81].join(",");
    assert!(matches!(parse_line(&line, 4), Line::Entry(e) if e.puzzle.cells().givens() == 0));
}

#[test]
fn a_csv_row_with_a_broken_solution_is_an_error_and_reading_goes_on() {
    assert_eq!(
        outline(&format!("{GRID2}\n{GRID2},123\n{GRID2}\n")),
        [
            "ok 1",
            "2: solution column: expected 81 cells, found 3",
            "ok 3"
        ]
    );
}

#[test]
fn a_csv_row_with_a_quoted_newline_is_one_record_numbered_by_its_first_line() {
    let text = format!(
        "id,puzzle,note\n1,{GRID2},\"one line\"\n2,\"{GRID2}\",\"two\nlines, and a comma\"\n3,{GRID2},\"\"\n"
    );
    assert_eq!(outline(&text), ["ok 2", "ok 3", "ok 5"]);
}

#[test]
fn a_csv_row_whose_quote_never_closes_is_an_error_naming_its_lines() {
    let text = format!("id,puzzle,note\n1,{GRID2},\"open\n2,{GRID2},x\n");
    assert_eq!(outline(&text), ["2-3: a quoted field is not closed"]);
}
