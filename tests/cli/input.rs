//! What `sudoku solve` reads as a puzzle: standard input with comments and blank lines, cells
//! separated by commas, a grid pasted in Norvig's display or in Project Euler's blocks of nine
//! rows, a name after the grid; and how it names the lines of input that are not a puzzle.

use crate::cli::{stderr, stdout, sudoku};
use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_service::engine::Grid;

const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";
const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn solve_reads_standard_input_skipping_comments_and_blank_lines() {
    let out = sudoku(&["solve"], &format!("# Norvig's grid2\n\n{GRID2}\n"));
    assert_eq!(out.status.code(), Some(0));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 1);
    assert!(Grid::parse(&lines[0])
        .unwrap()
        .solves(&Grid::parse(GRID2).unwrap()));
}

#[test]
fn solve_reads_cells_separated_by_commas_as_one_puzzle() {
    let line = GRID2
        .replace('.', "0")
        .chars()
        .map(String::from)
        .collect::<Vec<_>>()
        .join(",");
    let out = sudoku(&["solve"], &line);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(Grid::parse(&stdout(&out)[0])
        .unwrap()
        .solves(&Grid::parse(GRID2).unwrap()));
}

#[test]
fn solve_names_the_line_of_input_that_is_not_text() {
    let mut input = format!("{GRID2}\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out)[1],
        "error: <stdin>:2: the line is not UTF-8 text"
    );
}

#[test]
fn solve_reads_a_grid_pasted_in_norvigs_display() {
    let display = Grid::parse(GRID2).unwrap().display();
    let out = sudoku(&["solve"], &format!("{display}\n{HARD1}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 2);
    assert!(Grid::parse(&lines[0])
        .unwrap()
        .solves(&Grid::parse(GRID2).unwrap()));
}

#[test]
fn solve_reads_project_euler_blocks_of_nine_rows() {
    let rows: Vec<String> = GRID2
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    let input = format!("Grid 01\n{0}\nGrid 02\n{0}\n", rows.join("\n"));
    let out = sudoku(&["solve"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).len(), 2);
}

#[test]
fn solve_names_the_lines_of_a_grid_cut_short() {
    let display = Grid::parse(GRID2).unwrap().display();
    let cut: Vec<&str> = display.lines().take(7).collect();
    let out = sudoku(&["solve"], &format!("{}\n{GRID2}\n", cut.join("\n")));
    assert_eq!(out.status.code(), Some(2));
    let lines = stdout(&out);
    assert_eq!(lines[0], "error: <stdin>:1-7: expected 81 cells, found 54");
    assert!(Grid::parse(&lines[1])
        .unwrap()
        .solves(&Grid::parse(GRID2).unwrap()));
}

#[test]
fn a_name_after_the_grid_is_a_name_even_with_digits() {
    let input = format!("{GRID2} grid 2\n{HARD1} hard1 (188 s in 2006)\n");
    let out = sudoku(&["solve"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).len(), 2);
    let validated = sudoku(&["validate"], &input);
    assert_eq!(stdout(&validated), ["valid", "valid"]);
}
