//! `sudoku render` and `sudoku book` run as real processes: puzzles from an argument, a file and
//! standard input, SVG and PDF chosen by flag or extension, shapes, errors with exit status 2, and
//! books checked by `pdfinfo` where poppler-utils is installed (required when CI sets
//! `SUDOKU_REQUIRE_PDF_TOOLS`).

use crate::cli::sudoku;
use std::path::PathBuf;
use std::process::Command;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn temp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-print");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn pdf_tools() -> bool {
    let found = Command::new("pdfinfo").arg("-v").output().is_ok();
    assert!(
        found || std::env::var_os("SUDOKU_REQUIRE_PDF_TOOLS").is_none(),
        "SUDOKU_REQUIRE_PDF_TOOLS is set but pdfinfo is missing: install poppler-utils"
    );
    found
}

fn pdfinfo(file: &std::path::Path) -> String {
    let out = Command::new("pdfinfo").arg(file).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn render_writes_svg_to_standard_output_from_an_argument_or_stdin() {
    let from_arg = sudoku(&["render", EASY], "");
    assert!(
        from_arg.status.success(),
        "{}",
        String::from_utf8_lossy(&from_arg.stderr)
    );
    let svg = String::from_utf8(from_arg.stdout).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"given\"").count(), 32);
    let from_stdin = sudoku(&["render"], EASY);
    assert_eq!(String::from_utf8(from_stdin.stdout).unwrap(), svg);
    let file = temp("easy.txt");
    std::fs::write(&file, EASY).unwrap();
    let from_file = sudoku(&["render", file.to_str().unwrap()], "");
    assert_eq!(String::from_utf8(from_file.stdout).unwrap(), svg);
}

#[test]
fn render_writes_pdf_by_extension_or_flag_with_the_solution() {
    let file = temp("easy.pdf");
    let out = sudoku(
        &["render", EASY, "--solution", "-o", file.to_str().unwrap()],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let piped = sudoku(&["render", EASY, "--solution", "--format", "pdf"], "");
    assert_eq!(piped.stdout, bytes, "the same bytes either way");
    if pdf_tools() {
        assert!(pdfinfo(&file).contains("Pages:           1"));
        let text = Command::new("pdftotext")
            .args(["-layout"])
            .arg(&file)
            .arg("-")
            .output()
            .unwrap();
        let digits: String = String::from_utf8(text.stdout)
            .unwrap()
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        assert_eq!(digits.len(), 81);
        assert!(digits.starts_with("483921657"), "{digits}");
    }
}

#[test]
fn render_takes_shapes_highlights_and_captions() {
    let six = "1.....\n......\n..3...\n...4..\n......\n.....6";
    let out = sudoku(
        &[
            "render",
            "--size",
            "6",
            "--highlight",
            "A1,F6",
            "--number",
            "3",
            "--level",
            "easy",
        ],
        six,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 36);
    assert_eq!(svg.matches("#ffe680").count(), 2);
    assert!(svg.contains("#3 · easy · 6x6 (2x3 boxes)"), "{svg}");
}

#[test]
fn render_refuses_bad_input_with_status_2() {
    for (args, stdin, says) in [
        (vec!["render", "1234"], "", "expected 81 cells"),
        (
            vec!["render", "11.", "--size", "4"],
            "",
            "expected 16 cells",
        ),
        (vec!["render", EASY, "--highlight", "Z9"], "", "--highlight"),
    ] {
        let out = sudoku(&args, stdin);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let conflict = format!("11{}", &EASY[2..]);
    let out = sudoku(&["render", &conflict], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("conflict"));
}

#[test]
fn book_writes_a_reproducible_pdf_and_reports_it() {
    let a = temp("book-a.pdf");
    let b = temp("book-b.pdf");
    for file in [&a, &b] {
        let out = sudoku(
            &[
                "book",
                "-o",
                file.to_str().unwrap(),
                "--count",
                "6",
                "--per-page",
                "6",
                "--difficulty",
                "easy",
                "--seed",
                "9",
                "--page",
                "letter",
                "--title",
                "Six",
            ],
            "",
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("6 puzzles, seed 9, 3 pages"), "{err}");
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    if pdf_tools() {
        let info = pdfinfo(&a);
        assert!(info.contains("Pages:           3"), "{info}");
        assert!(info.contains("612 x 792 pts (letter)"), "{info}");
        assert!(info.contains("Title:           Six"), "{info}");
    }
}

#[test]
fn book_refuses_bad_flags_with_status_2() {
    let file = temp("never.pdf");
    let f = file.to_str().unwrap();
    for (args, says) in [
        (vec!["book", "-o", f, "--per-page", "3"], "1, 2, 4 or 6"),
        (vec!["book", "-o", f, "--page", "a5"], "a4 or letter"),
        (
            vec!["book", "-o", f, "--count", "0"],
            "count must be between 1 and 10000",
        ),
        (
            vec!["book", "-o", f, "--size", "4", "--difficulty", "hard"],
            "the only level they reach is easy",
        ),
        (
            vec!["book", "-o", f, "--size", "6", "--box", "2x4"],
            "--box",
        ),
    ] {
        let out = sudoku(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!file.exists());
}

/// `sudoku random --format json | sudoku render` used to fail on the `{`: render reads the JSON
/// lines every other command reads, on their own rules (a killer's cages drawn).
#[test]
fn render_reads_the_json_lines_random_prints() {
    let made = sudoku(
        &[
            "random",
            "--variant",
            "killer",
            "--seed",
            "3",
            "--format",
            "json",
        ],
        "",
    );
    assert!(made.status.success());
    let line = String::from_utf8(made.stdout).unwrap();
    let cages = serde_json::from_str::<serde_json::Value>(&line).unwrap()["rules"]["cages"]
        .as_array()
        .unwrap()
        .len();
    let drawn = sudoku(&["render"], &line);
    assert!(
        drawn.status.success(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    let svg = String::from_utf8(drawn.stdout).unwrap();
    assert_eq!(
        svg.matches("class=\"sum\"").count(),
        cages,
        "one sum a cage"
    );
    let classic = sudoku(&["render"], &format!("{{\"puzzle\": \"{EASY}\"}}"));
    assert_eq!(
        String::from_utf8(classic.stdout).unwrap(),
        String::from_utf8(sudoku(&["render", EASY], "").stdout).unwrap()
    );
    let bad = sudoku(&["render"], "{\"puzzle\": \"12\"}");
    assert_eq!(bad.status.code(), Some(2));
}

/// A JSON line whose rules hold constraints is drawn with them, as SVG and as PDF (its outside
/// clues and letters extractable text).
#[test]
fn render_draws_the_constraints_of_a_json_line() {
    let line = serde_json::json!({
        "puzzle": "3.............5........2..........6.",
        "rules": {"size": 6, "constraints": [
            {"type": "thermo", "cells": ["A2", "B3", "C2"]},
            {"type": "arrow", "circle": ["C4"], "cells": ["D4", "E4"]},
            {"type": "kropki", "color": "black", "cells": ["F2", "F3"]},
            {"type": "xv", "value": "X", "cells": ["D3", "D4"]},
            {"type": "sandwich", "row": "A", "sum": 11},
            {"type": "little_killer", "cells": ["E6", "F5"], "sum": 10},
            {"type": "renban", "cells": ["C5", "C6", "D6"]},
            {"type": "even", "cells": ["B1"]}
        ]}
    })
    .to_string();
    let out = sudoku(&["render"], &line);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).unwrap();
    for (figure, count) in [
        ("<polyline class=\"thermo\"", 1),
        ("<polyline class=\"arrow-head\"", 1),
        ("<circle class=\"kropki\"", 1),
        ("<text class=\"xv\"", 1),
        ("<text class=\"sandwich\"", 1),
        ("<text class=\"little_killer\"", 1),
        ("<polyline class=\"renban\"", 1),
        ("<rect class=\"even\"", 1),
    ] {
        assert_eq!(svg.matches(figure).count(), count, "{figure}");
    }
    let file = temp("constraints.pdf");
    let out = sudoku(&["render", "-o", file.to_str().unwrap()], &line);
    assert!(out.status.success());
    if pdf_tools() {
        let text = Command::new("pdftotext")
            .args([file.to_str().unwrap(), "-"])
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        for clue in ["11", "10", "X"] {
            assert!(text.split_whitespace().any(|w| w == clue), "{clue}: {text}");
        }
    }
}
