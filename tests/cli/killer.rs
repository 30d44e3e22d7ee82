//! `sudoku` on killer puzzles, run as a real process: `random --variant killer` writes JSON lines
//! whose rules carry the cages, `solve` reads them back (no flags), the compact form (`--cages`
//! ids and `--sums`) reads a killer from flags, and bad cages are refused naming the flag and cage.

use crate::cli::sudoku;

use serde_json::Value;
use sudoku_service::engine::shape::{Cells, Rules, Shape};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn random_killers_are_json_lines_that_solve_reads_back() {
    let out = sudoku(
        &[
            "random",
            "--variant",
            "killer",
            "--size",
            "6",
            "--seed",
            "4",
            "--count",
            "2",
            "--format",
            "json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    for line in lines.lines() {
        let json: Value = serde_json::from_str(line).unwrap();
        let rules: Rules = serde_json::from_value(json["rules"].clone()).unwrap();
        assert!(!rules.cages.is_empty());
        assert_eq!(json["givens"], 0);
        assert!(json["difficulty"].is_string());
        let shape = Shape::new(&rules).unwrap();
        let puzzle = Cells::parse(&shape, json["puzzle"].as_str().unwrap()).unwrap();
        let solution = Cells::parse(&shape, json["solution"].as_str().unwrap()).unwrap();
        assert!(solution.solves(&shape, &puzzle));
    }
    let solved = sudoku(&["solve"], &lines);
    assert!(solved.status.success(), "{}", text(&solved.stderr));
    let answers: Vec<String> = text(&solved.stdout).lines().map(str::to_string).collect();
    for (line, answer) in lines.lines().zip(&answers) {
        let json: Value = serde_json::from_str(line).unwrap();
        assert_eq!(answer, json["solution"].as_str().unwrap());
    }
}

#[test]
fn random_killers_at_a_level_grade_at_it_and_repeat_per_seed() {
    let args = [
        "random",
        "--variant",
        "killer",
        "--difficulty",
        "hard",
        "--seed",
        "3",
        "--format",
        "json",
    ];
    let out = sudoku(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(json["difficulty"], "hard");
    let rules: Rules = serde_json::from_value(json["rules"].clone()).unwrap();
    assert!(!rules.cages.is_empty());
    let shape = Shape::new(&rules).unwrap();
    let puzzle = Cells::parse(&shape, json["puzzle"].as_str().unwrap()).unwrap();
    let solution = Cells::parse(&shape, json["solution"].as_str().unwrap()).unwrap();
    assert!(solution.solves(&shape, &puzzle));
    assert_eq!(text(&sudoku(&args, "").stdout), text(&out.stdout));
}

#[test]
fn the_compact_form_reads_a_killer_from_flags() {
    let args = [
        "solve",
        "--variant",
        "killer",
        "--cages",
        "aabb cdde cffg hiig",
        "--sums",
        "3,7,5,5,2,5,4,4,5",
    ];
    let out = sudoku(&args, "................\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().next(), Some("1234341221434321"));
}

#[test]
fn bad_cages_and_a_killer_without_cages_are_refused_by_name() {
    let out = sudoku(
        &[
            "solve",
            "--cages",
            "aabb cdde cffg hiig",
            "--sums",
            "3,7,5,5,2,5,4,4,50",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--cages: cage 9: sum 50 is impossible for 2 cells"),
        "{}",
        text(&out.stderr)
    );
    let out = sudoku(&["solve", "--cages", "aabbc", "--sums", "3,7,1"], "");
    assert!(
        text(&out.stderr).contains("--cages: expected"),
        "{}",
        text(&out.stderr)
    );
    let out = sudoku(&["solve", "--variant", "killer"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--cages IDS --sums LIST"),
        "{}",
        text(&out.stderr)
    );
}

/// Conceptis Puzzles' published killer in the compact form: cage ids per cell, sums in order.
const CONCEPTIS_IDS: &str =
    "aabbccdde afbgchhde ifjgkkhle ifjjkmmln oppqqmrln oosqturvn wwsttuxvv wwyyyyxvv zzzzyAABB";
const CONCEPTIS_SUMS: &str =
    "15,19,16,8,19,15,4,18,7,16,16,12,17,17,17,10,20,7,6,9,7,26,23,12,26,21,12,10";

#[test]
fn hint_and_explain_a_killer_with_the_killer_techniques_and_its_grade() {
    let blank = ".".repeat(81);
    let flags = [
        "--variant",
        "killer",
        "--cages",
        CONCEPTIS_IDS,
        "--sums",
        CONCEPTIS_SUMS,
    ];
    let run = |command: &str| {
        let out = sudoku(&[&[command, blank.as_str()][..], &flags].concat(), "");
        assert!(out.status.success(), "{command}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    let hint = run("hint");
    assert!(
        hint.starts_with("Cage Combination: Cage ") && hint.contains(", sum "),
        "{hint}"
    );
    let explained = run("explain");
    assert!(explained.contains(". Rule of 45: "), "{explained}");
    // The last line is the grade: `difficulty score hardest (solved by logic: yes)`.
    let grade = explained.lines().last().unwrap();
    assert!(grade.ends_with("(solved by logic: yes)"), "{grade}");
    assert!(!grade.starts_with("extreme"), "{grade}");
}
