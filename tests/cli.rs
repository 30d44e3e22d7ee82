//! The `sudoku` command, run as a real process: output lines, summaries and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use sudoku_service::engine::{Grid, Solver, Verdict};

const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";
const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn sudoku(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn puzzles(file: &str) -> Vec<Grid> {
    std::fs::read_to_string(format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse(l).unwrap())
        .collect()
}

#[test]
fn solve_prints_one_valid_solution_per_puzzle_in_input_order() {
    let out = sudoku(&["solve", "puzzles/top95.txt", "puzzles/hardest.txt"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let expected: Vec<Grid> = [puzzles("top95.txt"), puzzles("hardest.txt")].concat();
    let lines = stdout(&out);
    assert_eq!(lines.len(), expected.len());
    for (line, puzzle) in lines.iter().zip(&expected) {
        let solution = Grid::parse(line).unwrap();
        assert!(solution.solves(puzzle), "{line} does not solve {puzzle}");
    }
    assert!(
        stderr(&out).starts_with("Solved 106 of 106 puzzles (avg "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn solve_output_does_not_depend_on_the_number_of_jobs() {
    let one = sudoku(&["solve", "--jobs", "1", "puzzles/top95.txt"], "");
    let three = sudoku(&["solve", "--jobs", "3", "puzzles/top95.txt"], "");
    assert_eq!(one.stdout, three.stdout);
}

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
fn solve_says_no_solution_and_exits_1_for_the_impossible_puzzle() {
    let out = sudoku(&["solve"], &format!("{GRID2}\n{IMPOSSIBLE}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out)[1], "no solution");
    assert!(
        stderr(&out).starts_with("Solved 1 of 2 puzzles"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn solve_appends_multiple_when_a_puzzle_is_not_unique() {
    let out = sudoku(&["solve"], HARD1);
    assert_eq!(out.status.code(), Some(0));
    let line = &stdout(&out)[0];
    let (solution, tag) = line.split_once(' ').unwrap();
    assert_eq!(tag, "multiple");
    assert!(Grid::parse(solution)
        .unwrap()
        .solves(&Grid::parse(HARD1).unwrap()));
}

#[test]
fn solve_prints_timeout_when_the_time_limit_passes() {
    let out = sudoku(&["solve", "--timeout-ms", "0"], IMPOSSIBLE);
    assert_eq!(stdout(&out), ["timeout"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn solve_checks_the_solution_column_of_a_kaggle_csv() {
    let puzzle = Grid::parse(GRID2).unwrap();
    let solution = Solver::new().solve(&puzzle).unwrap().solutions[0];
    let as_digits = |g: &Grid| g.values().iter().map(|v| v.to_string()).collect::<String>();
    let good = format!(
        "quizzes,solutions\n{},{}\n",
        as_digits(&puzzle),
        as_digits(&solution)
    );
    let out = sudoku(&["solve"], &good);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), [solution.to_line()]);

    let mut wrong = as_digits(&solution);
    wrong.replace_range(80..81, if wrong.ends_with('1') { "2" } else { "1" });
    let out = sudoku(
        &["solve"],
        &format!("quizzes,solutions\n{},{wrong}\n", as_digits(&puzzle)),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), [format!("{} mismatch", solution.to_line())]);
}

#[test]
fn solve_exits_2_naming_the_line_of_bad_input() {
    let out = sudoku(&["solve"], &format!("{GRID2}\n# fine\n4.....8.5.3\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("<stdin>:3: expected 81 cells, found 11"),
        "{}",
        stderr(&out)
    );
    let missing = sudoku(&["solve", "no/such/file.txt"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no/such/file.txt"));
}

#[test]
fn candidates_prints_norvigs_81_sets_or_no_solution() {
    let out = sudoku(
        &["candidates"],
        &format!("{GRID2}\n{}\n", "11".to_string() + &".".repeat(79)),
    );
    let lines = stdout(&out);
    let sets: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(sets.len(), 81);
    assert_eq!(
        sets[..9],
        ["4", "1679", "12679", "139", "2369", "269", "8", "1239", "5"]
    );
    assert_eq!(lines[1], "no solution");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn candidates_display_draws_norvigs_grid() {
    let out = sudoku(&["candidates", "--display"], GRID2);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("   4      1679   12679  |"), "{text}");
    assert_eq!(text.matches("+").count(), 4);
    assert_eq!(out.status.code(), Some(0));
}

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
fn solve_stops_quietly_when_its_reader_goes_away() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "--jobs", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before anything is written
    let input = format!("{GRID2}\n").repeat(20_000);
    // The child may stop reading before all of it is written.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "",
        "no error message and no summary for a closed pipe"
    );
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
    assert!(stderr(&out).contains("<stdin>:2:"), "{}", stderr(&out));
}

#[test]
fn random_refuses_seeds_past_the_largest_instead_of_wrapping() {
    let out = sudoku(
        &["random", "--seed", "9007199254740991", "--count", "2"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("largest seed"), "{}", stderr(&out));
    let last = sudoku(&["random", "--seed", "9007199254740991"], "");
    assert_eq!(last.status.code(), Some(0));
}
