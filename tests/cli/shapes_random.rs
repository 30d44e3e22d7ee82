//! `sudoku random` on every shape, run as a real process: sizes, boxes, jigsaw regions it draws
//! and prints, symmetry, and what only classic puzzles take.

use crate::cli::{assert_solved, ok, shape, sized, stderr, stdout, sudoku};
use serde_json::Value;
use sudoku_service::engine::shape::{Cells, Rules, Shape};

#[test]
fn a_16x16_with_rotational_symmetry_is_printed_with_its_rules_and_solved() {
    let args = [
        "random",
        "--size",
        "16",
        "--symmetry",
        "rotational",
        "--seed",
        "3",
    ];
    let puzzle = ok(&args, "").remove(0);
    let cells: Vec<char> = puzzle.chars().collect();
    assert_eq!(cells.len(), 256);
    for (i, c) in cells.iter().enumerate() {
        assert_eq!(*c == '.', cells[255 - i] == '.', "{puzzle} at {i}");
    }
    let json = ok(&[&args[..], &["--format", "json"]].concat(), "");
    let line: Value = serde_json::from_str(&json[0]).unwrap();
    assert_eq!(line["puzzle"], puzzle.as_str());
    assert_eq!(line["rules"]["size"], 16);
    assert_eq!(line["rules"]["box"], serde_json::json!([4, 4]));
    assert_eq!(line["unique"], true);
    // The JSON line reads back as it is, its solution checked; the flags solve the bare line.
    let sixteen = sized(16, &[]);
    assert_solved(
        &sixteen,
        std::slice::from_ref(&puzzle),
        &ok(&["solve"], &json[0]),
    );
    let answers = ok(&["solve", "--size", "16"], &puzzle);
    assert_solved(&sixteen, &[puzzle], &answers);
}

#[test]
fn random_jigsaw_prints_the_regions_it_drew() {
    let json = ok(
        &[
            "random",
            "--size",
            "6",
            "--variant",
            "jigsaw",
            "--seed",
            "2",
            "--format",
            "json",
        ],
        "",
    );
    let line: Value = serde_json::from_str(&json[0]).unwrap();
    let rules: Rules = serde_json::from_value(line["rules"].clone()).unwrap();
    assert!(
        rules.regions.is_some() && rules.box_shape.is_none(),
        "{rules:?}"
    );
    let drawn = shape(rules);
    let puzzle = line["puzzle"].as_str().unwrap().to_string();
    // Read back without flags, the line's own regions solve it.
    assert_solved(&drawn, &[puzzle], &ok(&["solve"], &json[0]));
}

#[test]
fn random_jigsaw_regions_are_not_the_rows() {
    let json = ok(
        &[
            "random",
            "--variant",
            "jigsaw",
            "--seed",
            "1",
            "--format",
            "json",
        ],
        "",
    );
    let line: Value = serde_json::from_str(&json[0]).unwrap();
    let regions = line["rules"]["regions"].as_str().unwrap().to_string();
    let rows: String = (0..81).map(|i| char::from(b'A' + i / 9)).collect();
    assert_ne!(regions, rows);
}

#[test]
fn random_symmetry_on_classic_is_symmetric_and_graded() {
    let json = ok(
        &[
            "random",
            "--symmetry",
            "mirror",
            "--seed",
            "7",
            "--format",
            "json",
        ],
        "",
    );
    let line: Value = serde_json::from_str(&json[0]).unwrap();
    let puzzle: Vec<char> = line["puzzle"].as_str().unwrap().chars().collect();
    for r in 0..9 {
        for c in 0..9 {
            assert_eq!(puzzle[r * 9 + c] == '.', puzzle[r * 9 + 8 - c] == '.');
        }
    }
    assert!(line["difficulty"].is_string(), "{line}");
    let solution = Cells::parse(&Shape::classic(), line["solution"].as_str().unwrap()).unwrap();
    let given = Cells::parse(&Shape::classic(), line["puzzle"].as_str().unwrap()).unwrap();
    assert!(solution.solves(&Shape::classic(), &given));
}

#[test]
fn random_refuses_what_only_classic_puzzles_take() {
    for (args, message) in [
        (
            &["random", "--size", "4", "--difficulty", "hard"][..],
            "the only level they reach is easy",
        ),
        (
            &[
                "random",
                "--size",
                "4",
                "--variant",
                "x",
                "--difficulty",
                "medium",
            ],
            "solved by singles alone",
        ),
        (
            &["random", "--size", "6", "--variant", "x,hyper"],
            "has no complete grid",
        ),
        (&["random", "--size", "6", "--givens", "20"], "--givens"),
        (
            &["random", "--variant", "jigsaw", "--box", "3x3"],
            "jigsaw regions replace",
        ),
        (&["random", "--symmetry", "spiral"], "unknown symmetry"),
    ] {
        let out = sudoku(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn random_difficulty_on_a_shape_prints_puzzles_graded_at_that_level() {
    let out = sudoku(
        &[
            "random",
            "--size",
            "6",
            "--difficulty",
            "easy",
            "--seed",
            "1",
            "--count",
            "2",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 2);
    for line in lines {
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["difficulty"], "easy", "{line}");
        let rules: sudoku_service::engine::shape::Rules =
            serde_json::from_value(v["rules"].clone()).unwrap();
        let shape = sudoku_service::engine::shape::Shape::new(&rules).unwrap();
        let puzzle =
            sudoku_service::engine::shape::Cells::parse(&shape, v["puzzle"].as_str().unwrap())
                .unwrap();
        let grade = sudoku_service::engine::general::logic::ShapeLogic::new()
            .grade(&shape, &puzzle)
            .unwrap();
        assert_eq!(grade.difficulty.name(), "easy");
        assert_eq!(v["score"], grade.score);
    }
}

#[test]
fn random_jigsaw_works_on_sizes_without_a_box_shape() {
    for size in ["5", "7"] {
        let json = ok(
            &[
                "random",
                "--size",
                size,
                "--variant",
                "jigsaw",
                "--seed",
                "4",
                "--format",
                "json",
            ],
            "",
        );
        let line: Value = serde_json::from_str(&json[0]).unwrap();
        let rules: Rules = serde_json::from_value(line["rules"].clone()).unwrap();
        assert_eq!(rules.size, Some(size.parse().unwrap()));
        assert!(rules.regions.is_some() && rules.box_shape.is_none());
        let drawn = shape(rules);
        let puzzle = line["puzzle"].as_str().unwrap().to_string();
        assert_solved(&drawn, &[puzzle], &ok(&["solve"], &json[0]));
    }
}
