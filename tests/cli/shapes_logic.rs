//! `sudoku grade`, `hint` and `explain` on every shape, run as a real process: shapes given by the
//! shape flags or by JSON lines with rules, answers held to what the general logic layer says about
//! the same puzzles and printed in the shape's symbols and cell names; classic input and flags that
//! describe classic 9x9 answered exactly as before.

use crate::cli::{ok, stderr, stdout, sudoku, GRID2};
use serde_json::Value;
use sudoku_service::engine::general::logic::{ShapeHint, ShapeLogic};
use sudoku_service::engine::logic::Grade;
use sudoku_service::engine::shape::{Cells, Rules, Shape};
use sudoku_service::engine::Grid;

/// `hard 1234 x_wing`, as `grade` prints a grade.
fn grade_line(grade: &Grade) -> String {
    format!(
        "{} {} {}",
        grade.difficulty,
        grade.score,
        grade.hardest.map_or("none", |t| t.id())
    )
}

/// The shape and puzzle of a `random --format json` line.
fn json_puzzle(line: &str) -> (Shape, Cells) {
    let json: Value = serde_json::from_str(line).unwrap();
    let rules: Rules = serde_json::from_value(json["rules"].clone()).unwrap();
    let shape = Shape::new(&rules).unwrap();
    let puzzle = Cells::parse(&shape, json["puzzle"].as_str().unwrap()).unwrap();
    (shape, puzzle)
}

#[test]
fn grade_takes_lines_of_a_shape_and_json_lines_of_any_shape_in_one_file() {
    let six = ok(
        &["random", "--size", "6", "--seed", "4", "--count", "6"],
        "",
    );
    let shape = Shape::new(&Rules {
        size: Some(6),
        ..Rules::default()
    })
    .unwrap();
    let graded = ok(&["grade", "--size", "6"], &six.join("\n"));
    assert_eq!(graded.len(), six.len());
    for (puzzle, line) in six.iter().zip(&graded) {
        let cells = Cells::parse(&shape, puzzle).unwrap();
        let grade = ShapeLogic::new().grade(&shape, &cells).unwrap();
        assert_eq!(line, &grade_line(&grade));
    }
    // A jigsaw and an X puzzle as JSON lines, among classic lines: each on its own shape.
    let jigsaw = ok(
        &[
            "random",
            "--variant",
            "jigsaw",
            "--seed",
            "3",
            "--format",
            "json",
        ],
        "",
    )
    .remove(0);
    let x = ok(
        &[
            "random",
            "--variant",
            "x",
            "--seed",
            "8",
            "--format",
            "json",
        ],
        "",
    )
    .remove(0);
    let input = format!("{GRID2}\n{jigsaw}\n{x}\n");
    let out = sudoku(&["grade"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout(&out);
    let classic = ShapeLogic::new()
        .grade(
            Shape::classic_ref(),
            &Cells::from(&Grid::parse(GRID2).unwrap()),
        )
        .unwrap();
    assert_eq!(lines[0], grade_line(&classic));
    for (line, json) in lines[1..].iter().zip([&jigsaw, &x]) {
        let (shape, puzzle) = json_puzzle(json);
        let grade = ShapeLogic::new().grade(&shape, &puzzle).unwrap();
        assert_eq!(line, &grade_line(&grade), "{json}");
    }
    assert!(
        stderr(&out).starts_with("graded 3 puzzles"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn grade_says_why_a_puzzle_of_another_shape_cannot_be_graded() {
    let empty = ".".repeat(36);
    let clash = format!("11{}", ".".repeat(34));
    let out = sudoku(&["grade", "--size", "6"], &format!("{empty}\n{clash}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), ["multiple solutions", "no solution"]);
}

#[test]
fn hint_on_a_16x16_speaks_its_symbols_and_cell_names() {
    let flags = ["--size", "16", "--symbols", "0123456789ABCDEF"];
    let puzzle = ok(&[&["random", "--seed", "2"][..], &flags].concat(), "").remove(0);
    let shape = Shape::new(&Rules {
        size: Some(16),
        symbols: Some("0123456789ABCDEF".to_string()),
        ..Rules::default()
    })
    .unwrap();
    let cells = Cells::parse(&shape, &puzzle).unwrap();
    let ShapeHint::Step(step) = ShapeLogic::new()
        .hint(&shape, &cells, &cells, None)
        .unwrap()
    else {
        panic!("a fresh puzzle has a step");
    };
    let hint = ok(&[&["hint", &puzzle][..], &flags].concat(), "");
    assert_eq!(hint, [format!("{}: {}", step.technique, step.explanation)]);
    // Its cell and its symbol, as the shape names them.
    let placed = step.placements.first().expect("a single first");
    assert!(hint[0].contains(&shape.cell_name(placed.cell)), "{hint:?}");
    assert!(hint[0].contains(shape.symbol(placed.value)), "{hint:?}");
}

#[test]
fn hint_of_a_players_grid_of_a_shape_without_a_solution_points_to_progress() {
    // Row 1's 3 has no place on the 4x4: its first two cells hold 1 and 2, and the 3 in row 2,
    // column 4 shares a box with its last two. Nothing conflicts: only the search finds no solution.
    let out = sudoku(&["hint", "12.....3........", "--size", "4"], "");
    assert_eq!(out.status.code(), Some(1));
    let stderr = stderr(&out);
    assert!(stderr.contains("no solution"), "{stderr}");
    assert!(
        stderr.contains(
            "sudoku: if the grid holds your own symbols, give the givens as PUZZLE and your grid \
             with --progress to find the wrong squares"
        ),
        "{stderr}"
    );
}

#[test]
fn hint_with_progress_names_the_wrong_cells_or_the_changed_given() {
    let puzzle = ok(&["random", "--size", "6", "--seed", "3"], "").remove(0);
    let shape = Shape::new(&Rules {
        size: Some(6),
        ..Rules::default()
    })
    .unwrap();
    let cells = Cells::parse(&shape, &puzzle).unwrap();
    let solution = ShapeLogic::new().solution(&shape, &cells).unwrap();
    let blank = puzzle.find('.').unwrap();
    let given = puzzle.find(|c| c != '.').unwrap();
    let mut wrong: Vec<char> = puzzle.chars().collect();
    wrong[blank] = shape.symbol(solution.get(blank) % 6 + 1);
    let wrong: String = wrong.into_iter().collect();
    let hint = ok(&["hint", "--size", "6", &puzzle, "--progress", &wrong], "");
    assert_eq!(hint, [format!("mistakes: {}", shape.cell_name(blank))]);
    let mut changed: Vec<char> = puzzle.chars().collect();
    changed[given] = '.';
    let changed: String = changed.into_iter().collect();
    let out = sudoku(
        &["hint", "--size", "6", &puzzle, "--progress", &changed],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!(
            "progress changes the given {} at {} to .",
            puzzle.chars().nth(given).unwrap(),
            shape.cell_name(given)
        )),
        "{}",
        stderr(&out)
    );
    // The solution as progress: nothing left to do.
    let solved = solution.to_text(&shape);
    assert_eq!(
        ok(&["hint", "--size", "6", &puzzle, "--progress", &solved], ""),
        ["solved"]
    );
}

#[test]
fn explain_reads_a_jigsaw_json_line_from_standard_input_and_names_its_regions() {
    let json = ok(
        &[
            "random",
            "--variant",
            "jigsaw",
            "--seed",
            "5",
            "--format",
            "json",
        ],
        "",
    )
    .remove(0);
    let (shape, puzzle) = json_puzzle(&json);
    let explanation = ShapeLogic::new().explain(&shape, &puzzle).unwrap();
    let lines = ok(&["explain"], &json);
    assert_eq!(lines.len(), explanation.steps.len() + 2);
    for (i, (line, step)) in lines.iter().zip(&explanation.steps).enumerate() {
        assert_eq!(
            line,
            &format!("{}. {}: {}", i + 1, step.technique, step.explanation)
        );
    }
    assert!(lines.iter().any(|l| l.contains("region ")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("box ")), "{lines:?}");
    let n = lines.len();
    assert_eq!(
        lines[n - 2],
        format!("solution {}", explanation.solution.to_text(&shape))
    );
    assert!(lines[n - 1].starts_with(&grade_line(&explanation.grade)));
}

#[test]
fn explain_of_an_x_puzzle_by_the_variant_flag_names_the_diagonals() {
    let puzzle = ok(&["random", "--variant", "x", "--seed", "5"], "").remove(0);
    let lines = ok(&["explain", "--variant", "x", &puzzle], "");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("diagonal A1-I9") || l.contains("diagonal I1-A9")),
        "{lines:?}"
    );
    // Without the diagonals the same givens are classic 9x9, and not unique.
    let without = sudoku(&["explain", &puzzle], "");
    assert_eq!(without.status.code(), Some(1));
    assert!(stderr(&without).contains("more than one solution"));
}

#[test]
fn logic_commands_refuse_bad_puzzles_of_a_shape_in_its_words() {
    let short = ".".repeat(35);
    for (args, code, message) in [
        (
            vec!["hint", "--size", "6", short.as_str()],
            2,
            "not a puzzle: expected 36 cells, found 35",
        ),
        (
            vec![
                "explain",
                "--size",
                "6",
                "11..................................",
            ],
            2,
            "the givens conflict: 1 appears 2 times in row A (A1, A2)",
        ),
        (
            vec![
                "explain",
                "--size",
                "6",
                "....................................",
            ],
            1,
            "more than one solution",
        ),
        (vec!["hint", "--size", "6", "--box", "2x4", "x"], 2, "--box"),
    ] {
        let out = sudoku(&args, "");
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn flags_that_describe_classic_9x9_change_nothing() {
    for args in [
        &["explain", GRID2][..],
        &["hint", GRID2],
        &["grade", "puzzles/hardest.txt"],
    ] {
        let plain = sudoku(args, "");
        let flagged = sudoku(&[args, &["--size", "9", "--box", "3x3"]].concat(), "");
        assert_eq!(plain.status.code(), Some(0), "{args:?}");
        assert_eq!(flagged.status.code(), plain.status.code());
        assert_eq!(flagged.stdout, plain.stdout, "{args:?}");
    }
}
