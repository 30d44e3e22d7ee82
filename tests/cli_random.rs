//! `sudoku random` on classic puzzles, run as a real process: seeds, uniqueness, levels, the bounds
//! it refuses, and its JSON and CSV forms as the API shapes them.

#[path = "support/cli.rs"]
mod cli;

use cli::{stderr, stdout, sudoku};
use sudoku_service::engine::logic::LogicSolver;
use sudoku_service::engine::{generate, Grid, Request, Solver, Verdict};

#[test]
fn random_is_reproducible_from_its_seed() {
    let a = sudoku(&["random", "--seed", "11", "--count", "3"], "");
    let b = sudoku(&["random", "--seed", "11", "--count", "3"], "");
    assert_eq!(a.stdout, b.stdout);
    let lines = stdout(&a);
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let g = Grid::parse(line).unwrap();
        assert!(g.givens() >= 17 && g.conflicts().is_empty(), "{line}");
    }
    let unseeded = sudoku(&["random"], "");
    assert!(
        stderr(&unseeded).starts_with("# seed "),
        "the drawn seed is reported"
    );
}

#[test]
fn random_unique_puzzles_have_exactly_one_solution() {
    let out = sudoku(&["random", "--unique", "--seed", "3", "--count", "5"], "");
    for line in stdout(&out) {
        let verdict = Solver::new()
            .solve(&Grid::parse(&line).unwrap())
            .unwrap()
            .verdict;
        assert_eq!(verdict, Verdict::Unique, "{line}");
    }
}

#[test]
fn random_rejects_givens_out_of_range() {
    let out = sudoku(&["random", "--givens", "200"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--givens"));
}

#[test]
fn random_puzzles_are_unique_by_default_as_in_the_api() {
    let out = sudoku(&["random", "--seed", "3", "--count", "5"], "");
    assert_eq!(out.status.code(), Some(0));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 5);
    for (k, line) in lines.iter().enumerate() {
        let expected = generate(&Request {
            givens: 17,
            unique: true,
            seed: 3 + k as u64,
        });
        assert_eq!(line, &expected.puzzle.to_line());
    }
}

#[test]
fn random_unique_false_gives_norvigs_puzzles() {
    let out = sudoku(
        &["random", "--unique=false", "--givens", "20", "--seed", "42"],
        "",
    );
    let norvig = generate(&Request {
        givens: 20,
        unique: false,
        seed: 42,
    });
    assert_eq!(stdout(&out), [norvig.puzzle.to_line()]);
    let spaced = sudoku(
        &[
            "random", "--unique", "false", "--givens", "20", "--seed", "42",
        ],
        "",
    );
    assert_eq!(spaced.stdout, out.stdout);
}

#[test]
fn random_json_lines_carry_the_solution_grade_and_seed_as_the_api_shapes_them() {
    let plain = sudoku(&["random", "--seed", "5", "--count", "2"], "");
    let out = sudoku(
        &["random", "--seed", "5", "--count", "2", "--format", "json"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 2);
    for (k, (line, puzzle)) in lines.iter().zip(stdout(&plain)).enumerate() {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            json["puzzle"],
            puzzle.as_str(),
            "the same puzzle as without --format"
        );
        assert_eq!(json["seed"], 5 + k as u64);
        assert_eq!(json["unique"], true);
        let grid = Grid::parse(&puzzle).unwrap();
        let solution = Grid::parse(json["solution"].as_str().unwrap()).unwrap();
        assert!(solution.solves(&grid));
        let grade = LogicSolver::new().grade(&grid).unwrap();
        assert_eq!(json["difficulty"], grade.difficulty.name());
        assert_eq!(json["score"], grade.score);
        let mut keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "difficulty",
                "givens",
                "minimal",
                "puzzle",
                "score",
                "seed",
                "solution",
                "unique"
            ]
        );
    }
}

#[test]
fn random_csv_columns_are_read_back_by_solve_which_checks_the_solutions() {
    let out = sudoku(
        &[
            "random", "--seed", "9", "--count", "3", "--format", "columns",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines[0], "puzzle,solution,difficulty,score,seed");
    assert_eq!(lines.len(), 4);
    let fields: Vec<&str> = lines[3].split(',').collect();
    assert_eq!(fields.len(), 5);
    assert_eq!(fields[4], "11");
    let solved = sudoku(&["solve"], &String::from_utf8_lossy(&out.stdout));
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    let solutions: Vec<String> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(stdout(&solved), solutions);
}

#[test]
fn random_json_of_a_level_names_it_and_of_norvigs_puzzles_says_whether_unique() {
    let out = sudoku(
        &[
            "random",
            "--difficulty",
            "easy",
            "--seed",
            "4",
            "--format",
            "json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)[0]).unwrap();
    assert_eq!(json["difficulty"], "easy");
    let out = sudoku(
        &[
            "random",
            "--unique=false",
            "--givens",
            "17",
            "--seed",
            "42",
            "--format",
            "json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)[0]).unwrap();
    let puzzle = Grid::parse(json["puzzle"].as_str().unwrap()).unwrap();
    let unique = Solver::new().solve(&puzzle).unwrap().verdict == Verdict::Unique;
    assert_eq!(json["unique"], unique);
    assert_eq!(json.get("solution").is_some(), unique);
}

#[test]
fn random_refuses_more_givens_than_its_level_has_instead_of_searching_for_ever() {
    let out = sudoku(&["random", "--difficulty", "extreme", "--givens", "40"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("--givens 40 is more than extreme puzzles have; expected 17-28"),
        "{}",
        stderr(&out)
    );
}
