//! The logic commands run as a real process: `sudoku grade`, `hint`, `explain` and
//! `random --difficulty`, held to what the library says about the same puzzles.

use crate::cli::{lines, sudoku};
use sudoku_service::engine::general::logic::ShapeHint;
use sudoku_service::engine::logic::{Difficulty, Grade};
use sudoku_service::engine::shape::{Cells, Shape};
use sudoku_service::engine::{Grid, Solver, Verdict};
use sudoku_service::engine::{Interrupt, Puzzle};
use sudoku_service::http::error::ApiError;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

/// A classic puzzle's grade, as the library gives it.
fn grade(puzzle: Grid) -> Grade {
    Puzzle::Classic(puzzle).grade(Interrupt::NEVER).unwrap()
}

#[test]
fn grade_prints_level_score_and_hardest_technique_per_puzzle_in_order() {
    let input = format!("{EASY}\n# a comment\n{GRID2}\n{IMPOSSIBLE}\n{HARD1}\n");
    let out = sudoku(&["grade", "--jobs", "2"], &input);
    assert_eq!(out.status.code(), Some(1), "some puzzles are not gradable");
    let printed = lines(&out.stdout);
    assert_eq!(printed.len(), 4);
    for (line, puzzle) in printed.iter().zip([EASY, GRID2]) {
        let grade = grade(puzzle.parse().unwrap());
        let expected = format!(
            "{} {} {}",
            grade.difficulty,
            grade.score,
            grade.hardest.unwrap().id()
        );
        assert_eq!(line, &expected);
    }
    assert_eq!(printed[2], "no solution");
    assert_eq!(printed[3], "multiple solutions");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains("graded 4 puzzles"), "{summary}");
    assert!(summary.contains("easy 1"), "{summary}");
    assert!(summary.contains("not gradable 2"), "{summary}");
}

#[test]
fn grade_of_a_file_of_easy_puzzles_exits_zero() {
    let out = sudoku(&["grade"], &format!("{EASY}\n{EASY}\n"));
    assert_eq!(out.status.code(), Some(0));
    assert!(lines(&out.stdout).iter().all(|l| l.starts_with("easy ")));
}

#[test]
fn hint_names_the_technique_and_explains_it() {
    let out = sudoku(&["hint", EASY], "");
    assert_eq!(out.status.code(), Some(0));
    let printed = lines(&out.stdout);
    assert_eq!(printed.len(), 1);
    assert!(
        printed[0].starts_with("Naked Single: ") || printed[0].starts_with("Hidden Single: "),
        "{printed:?}"
    );
}

#[test]
fn hint_reads_a_pasted_grid_over_several_lines_from_standard_input() {
    let pasted: String = EASY
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let from_stdin = sudoku(&["hint"], &pasted);
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(from_stdin.stdout, sudoku(&["hint", EASY], "").stdout);
}

#[test]
fn hint_refuses_puzzles_without_one_solution() {
    let out = sudoku(&["hint", HARD1], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than one solution"));
    let out = sudoku(&["hint", "12"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn explain_numbers_every_step_and_ends_with_the_solution_and_grade() {
    let out = sudoku(&["explain", GRID2], "");
    assert_eq!(out.status.code(), Some(0));
    let printed = lines(&out.stdout);
    let explained = Puzzle::Classic(GRID2.parse().unwrap())
        .explain(Interrupt::NEVER)
        .unwrap();
    assert_eq!(printed.len(), explained.steps.len() + 2);
    for (i, (line, step)) in printed.iter().zip(&explained.steps).enumerate() {
        assert_eq!(
            line,
            &format!("{}. {}: {}", i + 1, step.technique, step.explanation)
        );
    }
    let solution: Grid = printed[printed.len() - 2]
        .trim_start_matches("solution ")
        .parse()
        .unwrap();
    assert!(solution.solves(&GRID2.parse().unwrap()));
    assert!(printed
        .last()
        .unwrap()
        .starts_with(explained.grade.difficulty.name()));
}

#[test]
fn random_with_a_difficulty_prints_unique_puzzles_of_that_level() {
    let args = [
        "random",
        "--difficulty",
        "easy",
        "--seed",
        "4",
        "--count",
        "2",
    ];
    let out = sudoku(&args, "");
    assert_eq!(out.status.code(), Some(0));
    let printed = lines(&out.stdout);
    assert_eq!(printed.len(), 2);
    for line in &printed {
        let puzzle: Grid = line.parse().unwrap();
        assert_eq!(
            Solver::new().solve(&puzzle).unwrap().verdict,
            Verdict::Unique
        );
        let grade = grade(puzzle);
        assert_eq!(grade.difficulty, Difficulty::Easy);
    }
    let again = sudoku(&args, "");
    assert_eq!(
        again.stdout, out.stdout,
        "the same seed gives the same puzzles"
    );
}

#[test]
fn random_refuses_an_unknown_difficulty() {
    let out = sudoku(&["random", "--difficulty", "unfair"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected easy, medium, hard"));
}

/// The `POST /hint` example of docs/logic.md: the givens, and a player's grid with a wrong 1 at A1.
const LEVEL_GIVENS: &str =
    ".9...87.6.2.3..........9.21.51.3.2....76.....8....5.............851...49..69.4...";
const WRONG_AT_A1: &str =
    "19...87.6.2.3..........9.21.51.3.2....76.....8....5.............851...49..69.4...";

#[test]
fn hint_with_progress_names_the_wrong_squares_as_the_api_does() {
    let out = sudoku(&["hint", LEVEL_GIVENS, "--progress", WRONG_AT_A1], "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shape = Shape::classic_ref();
    let progress = Cells::from(&WRONG_AT_A1.parse::<Grid>().unwrap());
    let Ok(ShapeHint::Mistakes(cells)) =
        Puzzle::Classic(LEVEL_GIVENS.parse().unwrap()).hint(&progress, None, Interrupt::NEVER)
    else {
        panic!("the library finds the mistake");
    };
    let names: Vec<String> = cells.iter().map(|&c| shape.cell_name(c)).collect();
    assert_eq!(names, ["A1"]);
    assert_eq!(
        lines(&out.stdout),
        [format!("mistakes: {}", names.join(" "))]
    );
}

#[test]
fn hint_with_progress_explains_the_next_step_from_the_players_grid() {
    let givens =
        "...2.3..527.5........6.7...1......4.9.3...7...8....56...9........49...313....52..";
    let progress =
        ".9.2.3.7527.5......3.6.7.2.1..7...4.943856712782...56...9....57..497..313.7..52..";
    let out = sudoku(&["hint", givens, "--progress", progress], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        lines(&out.stdout),
        lines(&sudoku(&["hint", progress], "").stdout)
    );
    assert!(lines(&out.stdout)[0].starts_with("Locked Candidates (Pointing): "));
}

#[test]
fn hint_refuses_progress_that_changes_a_given_in_the_apis_words() {
    let changed = format!(".8{}", &LEVEL_GIVENS[2..]);
    let out = sudoku(&["hint", LEVEL_GIVENS, "--progress", &changed], "");
    assert_eq!(out.status.code(), Some(2));
    let api = ApiError::ProgressMismatch {
        square: "A2".into(),
        given: '9',
        found: '8',
        given_value: 9,
        found_value: 8,
    };
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&api.to_string()),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn hint_of_a_players_grid_without_a_solution_points_to_progress() {
    let out = sudoku(&["hint", WRONG_AT_A1], "");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no solution"), "{stderr}");
    assert!(stderr.contains("--progress"), "{stderr}");
    assert!(
        stderr.contains(
            "sudoku: if the grid holds your own digits, give the givens as PUZZLE and your grid \
             with --progress to find the wrong squares"
        ),
        "{stderr}"
    );
}
