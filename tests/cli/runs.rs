//! The `sudoku` command, run as a real process: output lines, summaries and exit codes.

use crate::cli::{stderr, stdout, sudoku};
use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_service::engine::{Grid, Solver};
use sudoku_service::http::error::{ApiError, ConflictJson};
use sudoku_service::limits::{THREADS, TIMEOUT_MS};

/// A forum-hardest puzzle with one wrong given: no solution, and its search walks about 850 nodes.
const SLOW_NO_SOLUTION: &str =
    "........1.....2.....3.4..5........6...46.35.7.5..7...4..583..7...7.6..4.8.....9..";
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";
const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

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
fn one_job_answers_every_kind_of_line_as_the_pool_does() {
    // One job solves on the reading thread, more on the pool: the same lines, summary and status.
    let input = format!(
        "{GRID2}\n4.....8.5.3\n{IMPOSSIBLE}\n{HARD1}\n55{}\n",
        ".".repeat(79)
    );
    for flags in [&[][..], &["--strict"][..]] {
        let run = |jobs: &str| {
            let args: Vec<&str> = ["solve", "--jobs", jobs]
                .iter()
                .chain(flags)
                .copied()
                .collect();
            sudoku(&args, &input)
        };
        let (one, two) = (run("1"), run("2"));
        assert_eq!(one.status.code(), Some(2), "{flags:?}");
        assert_eq!(one.status.code(), two.status.code(), "{flags:?}");
        assert_eq!(one.stdout, two.stdout, "{flags:?}");
        let summary = |out: &std::process::Output| {
            // The summary's times differ from run to run; its counts do not.
            stderr(out).split(" (avg").next().unwrap().to_string()
        };
        assert_eq!(summary(&one), summary(&two), "{flags:?}");
    }
    let lines = stdout(&sudoku(&["solve", "--jobs", "1"], &input));
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[1], "error: <stdin>:2: expected 81 cells, found 11");
    assert_eq!(lines[2], "no solution");
    assert!(lines[3].ends_with(" multiple"), "{}", lines[3]);
    assert!(lines[4].starts_with("the givens conflict"), "{}", lines[4]);
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
    // No shortcut refutes this one: its search walks about 850 nodes, far more than a millisecond
    // in a test build.
    let out = sudoku(&["solve", "--timeout-ms", "1"], SLOW_NO_SOLUTION);
    assert_eq!(stdout(&out), ["timeout"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn solve_with_one_job_prints_timeout_when_the_time_limit_passes() {
    // One job times its puzzles itself and sets the deadline from its own clock reading.
    let input = format!("{GRID2}\n{SLOW_NO_SOLUTION}\n{GRID2}\n");
    let out = sudoku(&["solve", "--jobs", "1", "--timeout-ms", "1"], &input);
    let lines = stdout(&out);
    assert_eq!(lines[1], "timeout");
    assert!(Grid::parse(&lines[2])
        .unwrap()
        .solves(&Grid::parse(GRID2).unwrap()));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn solve_with_one_job_still_times_its_puzzles() {
    // With one job the command reads the clock once per puzzle instead of the search reading it
    // twice: the summary's figures must still be times, not zeros.
    let out = sudoku(&["solve", "--jobs", "1", "puzzles/top95.txt"], "");
    let summary = stderr(&out);
    let number = |after: &str| -> f64 {
        let rest = &summary[summary.find(after).expect("in the summary") + after.len()..];
        let end = rest
            .find(|c: char| c != '.' && !c.is_ascii_digit())
            .unwrap();
        rest[..end].parse().unwrap()
    };
    let (avg, hz, max) = (number("(avg "), number("secs ("), number("max "));
    assert!(avg > 0.0 && hz > 0.0, "{summary}");
    assert!(max >= avg, "{summary}");
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
fn solve_answers_a_bad_line_with_an_error_naming_it_and_exits_2() {
    let out = sudoku(&["solve"], &format!("{GRID2}\n# fine\n4.....8.5.3\n"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out)[1],
        "error: <stdin>:3: expected 81 cells, found 11"
    );
    let strict = sudoku(
        &["solve", "--strict"],
        &format!("{GRID2}\n# fine\n4.....8.5.3\n"),
    );
    assert_eq!(strict.status.code(), Some(2));
    assert!(
        stderr(&strict).contains("<stdin>:3: expected 81 cells, found 11"),
        "{}",
        stderr(&strict)
    );
    let missing = sudoku(&["solve", "no/such/file.txt"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no/such/file.txt"));
}

#[test]
fn candidates_prints_norvigs_81_sets_or_no_solution() {
    let out = sudoku(
        &["candidates"],
        // A1 can only be 9 (row A holds 1-8), but B1 is 9: a dead end without a conflict.
        &format!("{GRID2}\n.123456789{}\n", ".".repeat(71)),
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

/// Norvig's grid2 with a second 4 in row A: a conflict the solver would only call `no solution`.
fn conflicting_grid2() -> String {
    format!("44{}", &GRID2[2..])
}

/// The API's `detail` for a `conflicting_givens` problem about `puzzle`.
fn api_conflict_detail(puzzle: &str) -> String {
    ApiError::ConflictingGivens(
        Grid::parse(puzzle)
            .unwrap()
            .conflicts()
            .iter()
            .map(ConflictJson::from)
            .collect(),
    )
    .to_string()
}

#[test]
fn solve_names_conflicting_givens_in_the_apis_words() {
    let out = sudoku(&["solve"], &format!("{GRID2}\n{}\n", conflicting_grid2()));
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout(&out);
    assert_eq!(lines[1], api_conflict_detail(&conflicting_grid2()));
    assert!(lines[1].contains("row A (A1, A2)"), "{}", lines[1]);
    assert!(stderr(&out).starts_with("Solved 1 of 2 puzzles"));
}

#[test]
fn candidates_names_conflicting_givens_in_the_apis_words() {
    let out = sudoku(&["candidates"], &conflicting_grid2());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), [api_conflict_detail(&conflicting_grid2())]);
}

#[test]
fn solve_refuses_zero_jobs_and_a_zero_timeout_as_the_api_does() {
    let out = sudoku(&["solve", "--jobs", "0"], GRID2);
    assert_eq!(out.status.code(), Some(2));
    let api = ApiError::OutOfRange {
        field: "jobs",
        minimum: THREADS.minimum,
        maximum: THREADS.maximum,
        value: 0,
    };
    assert!(stderr(&out).contains(&api.to_string()), "{}", stderr(&out));

    let out = sudoku(&["solve", "--timeout-ms", "0"], GRID2);
    assert_eq!(out.status.code(), Some(2));
    let api = ApiError::OutOfRange {
        field: "timeout_ms",
        minimum: TIMEOUT_MS.minimum,
        maximum: TIMEOUT_MS.maximum,
        value: 0,
    };
    assert!(stderr(&out).contains(&api.to_string()), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "nothing is solved");
}

#[test]
fn solve_refuses_signed_and_oversized_numbers() {
    for args in [
        ["--jobs", "+2"],
        ["--jobs", "1025"],
        ["--timeout-ms", "99999999999999999999"],
    ] {
        let out = sudoku(&["solve", args[0], args[1]], GRID2);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn validate_says_valid_or_names_every_conflict_and_exits_accordingly() {
    let solution = Solver::new()
        .solve(&Grid::parse(GRID2).unwrap())
        .unwrap()
        .solutions[0]
        .to_line();
    let out = sudoku(&["validate"], &format!("{GRID2}\n{solution}\n"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), ["valid", "valid complete"]);

    let fives = format!("55.......5{}", ".".repeat(71));
    let out = sudoku(&["validate"], &format!("{GRID2}\n{fives}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out)[1],
        "invalid: digit 5 appears 2 times in row A (A1, A2); \
         digit 5 appears 2 times in column 1 (A1, B1); \
         digit 5 appears 3 times in box 1 (A1, A2, B1)"
    );

    let bad = sudoku(&["validate"], "1234\n");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn validate_does_not_solve_so_a_dead_end_is_still_valid() {
    let out = sudoku(&["validate"], IMPOSSIBLE);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), ["valid"]);
}

#[test]
fn each_subcommands_help_opens_with_its_own_description_and_lists_its_flags() {
    // Subcommands are built lazily (`defer`), and a flattened flag struct's doc comment would
    // then win over the subcommand's own: every help must still open with the text `sudoku help`
    // lists for it, and the long help must list the flags.
    let listing = stdout(&sudoku(&["help"], ""));
    let commands: Vec<(String, String)> = listing
        .iter()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| {
            let (name, about) = l.trim().split_once(' ')?;
            (name != "help").then(|| (name.to_string(), about.trim().to_string()))
        })
        .collect();
    assert_eq!(commands.len(), 13, "{listing:?}");
    for (name, about) in &commands {
        let short = stdout(&sudoku(&[name, "-h"], ""));
        assert_eq!(short.first(), Some(about), "sudoku {name} -h");
        let long = stdout(&sudoku(&[name, "--help"], ""));
        let first = about.trim_end_matches('.');
        assert!(long[0].starts_with(first), "sudoku {name} --help: {long:?}");
        assert!(
            long.iter().any(|l| l.trim().starts_with("-h, --help")),
            "sudoku {name} --help lists its flags: {long:?}"
        );
    }
}
