//! `sudoku import`, `sudoku export`, `--link` and link lines: the puzzles of f-puzzles and
//! SudokuPad links on the command line, as the API reads them.

use serde_json::{json, Value};

use crate::cli::{ok, stderr, stdout, sudoku};

/// Nineteen givens and five thermometers, unique with them (docs/interchange.md's example).
const PUZZLE: &str =
    "2..9.6....5.3.....1.9.....5....1..5.......16......93..8....5......6...17.........";
const SOLUTION: &str =
    "283956741754321689169784235678213954932547168541869372826175493495632817317498526";

fn rules() -> Value {
    json!({"constraints": [
        {"type": "thermo", "cells": ["C8", "C9", "B8", "B9"]},
        {"type": "thermo", "cells": ["A3", "B3", "C4"]},
        {"type": "thermo", "cells": ["C6", "B7", "B8"]},
        {"type": "thermo", "cells": ["E2", "F2", "F1"]},
        {"type": "thermo", "cells": ["H6", "G5", "F4"]}
    ]})
}

fn json_line() -> String {
    json!({"puzzle": PUZZLE, "rules": rules()}).to_string()
}

/// The f-puzzles link `sudoku export` writes for the thermometer puzzle.
fn link() -> String {
    let out = ok(&["export", "--format", "fpuzzles"], &json_line());
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("https://f-puzzles.com/?load="),
        "{out:?}"
    );
    out[0].clone()
}

#[test]
fn export_then_import_gives_back_the_puzzle_and_its_rules() {
    let link = link();
    let back = ok(&["import", &link], "");
    let back: Value = serde_json::from_str(&back[0]).unwrap();
    assert_eq!(back["puzzle"], PUZZLE);
    assert_eq!(back["rules"], rules());
    // The same puzzle is always the same link; SudokuPad's carries the same data.
    assert_eq!(link, self::link());
    let pad = ok(&["export", "--format", "sudokupad", "-"], &json_line());
    assert_eq!(
        pad[0].strip_prefix("https://sudokupad.app/fpuzzles"),
        link.strip_prefix("https://f-puzzles.com/?load=")
    );
}

#[test]
fn imported_lines_and_links_are_solved_as_puzzles() {
    let link = link();
    let imported = ok(&["import", &link], "").join("\n");
    assert_eq!(ok(&["solve"], &imported), [SOLUTION]);
    assert_eq!(ok(&["solve", "--link", &link], ""), [SOLUTION]);
    // A file of links, one a line, among other puzzles; a bad link is an error in its place.
    let file = format!("{link}\nhttps://f-puzzles.com/?load=zz!\n{link}\n");
    let out = sudoku(&["solve"], &file);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines[0], SOLUTION);
    assert!(
        lines[1].starts_with("error: <stdin>:2: link: "),
        "{lines:?}"
    );
    assert_eq!(lines[2], SOLUTION);
    let graded = ok(&["grade", "--link", &link], "");
    assert_eq!(graded.len(), 1, "{graded:?}");
    assert!(ok(&["hint", "--link", &link], "")[0].contains("A9"));
    let explained = ok(&["explain", "--link", &link], "");
    assert!(
        explained.iter().any(|l| l.contains(SOLUTION)),
        "{explained:?}"
    );
    let svg = ok(&["render", "--link", &link], "");
    assert!(svg[0].starts_with("<svg"), "{svg:?}");
}

#[test]
fn what_cannot_be_read_or_written_is_refused_by_name() {
    let data = lz_str::compress_to_base64(r#"{"size":9,"minimum":[{"cell":"R1C1"}]}"#);
    let out = sudoku(
        &["import", &format!("https://f-puzzles.com/?load={data}")],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`minimum` is not read"),
        "{}",
        stderr(&out)
    );
    let out = sudoku(&["export", "--format", "ipuz"], &json_line());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("ipuz cannot carry thermo"),
        "{}",
        stderr(&out)
    );
    let classic = json!({"puzzle": PUZZLE}).to_string();
    let ipuz = ok(&["export", "--format", "ipuz"], &classic);
    let ipuz: Value = serde_json::from_str(&ipuz[0]).unwrap();
    assert_eq!(ipuz["version"], "http://ipuz.org/v2");
    // Without its thermometers the puzzle has many solutions: none is written.
    assert!(ipuz.get("solution").is_none(), "{ipuz}");
}
