//! What the tests of the `sudoku` command share (`tests/cli/`, `tests/readme/`): running the real binary as a
//! process with some standard input, reading its output lines, and checking answers on a shape by
//! the rules.
//!
//! Each suite includes this file with `#[path]` and uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use sudoku_service::engine::shape::{Cells, Rules, Shape, Variant};

/// A classic puzzle of Norvig's essay.
pub const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs `sudoku` with `args` in the crate's directory, `stdin` written to its standard input.
pub fn sudoku(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command refused for its arguments, or one that stops early, may not read all its input.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// The lines of `bytes`.
pub fn lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The lines of standard output.
pub fn stdout(out: &Output) -> Vec<String> {
    lines(&out.stdout)
}

/// Standard error, whole.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a command that must succeed, returning its output lines.
pub fn ok(args: &[&str], stdin: &str) -> Vec<String> {
    let out = sudoku(args, stdin);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// The shape `rules` describe.
pub fn shape(rules: Rules) -> Shape {
    Shape::new(&rules).unwrap()
}

/// N x N with the usual boxes and `variants`.
pub fn sized(size: usize, variants: &[Variant]) -> Shape {
    shape(Rules {
        size: Some(size),
        variants: variants.to_vec(),
        ..Rules::default()
    })
}

/// Asserts every answer solves its puzzle on `shape`, by the rules.
pub fn assert_solved(shape: &Shape, puzzles: &[String], answers: &[String]) {
    assert_eq!(answers.len(), puzzles.len(), "{answers:?}");
    for (puzzle, answer) in puzzles.iter().zip(answers) {
        let puzzle = Cells::parse(shape, puzzle).unwrap();
        let solution = Cells::parse(shape, answer).unwrap_or_else(|e| panic!("{answer}: {e}"));
        assert!(solution.solves(shape, &puzzle), "{answer} does not solve");
    }
}
