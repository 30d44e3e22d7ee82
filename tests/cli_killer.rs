//! `sudoku` on killer puzzles, run as a real process: `random --variant killer` writes JSON lines
//! whose rules carry the cages, `solve` reads them back (no flags), the compact form (`--cages`
//! ids and `--sums`) reads a killer from flags, and bad cages are refused naming the flag and cage.

#[path = "support/cli.rs"]
mod cli;

use cli::sudoku;

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
