//! `sudoku solve` never loses or misaligns a row: every data line gets one output line in its place,
//! a bad line an `error: …` record, and the exit status says whether any line failed.

use crate::cli::{stderr, stdout, sudoku};
use sudoku_service::engine::{Grid, Solver};
use sudoku_service::http::error::{ApiError, ConflictJson};

const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A puzzle as the Kaggle CSV writes it: digits, `0` for blanks.
fn digits(grid: &str) -> String {
    grid.replace('.', "0")
}

fn solution(puzzle: &str) -> String {
    Solver::new()
        .solve(&Grid::parse(puzzle).unwrap())
        .unwrap()
        .solutions[0]
        .to_line()
}

/// `solution` with its last two cells swapped: a complete grid that is not the solution.
fn spoiled(solution: &str) -> String {
    let mut cells: Vec<char> = solution.chars().collect();
    cells.swap(79, 80);
    cells.into_iter().collect()
}

/// Grid 2 with a second 4 in row A.
fn conflicting() -> String {
    format!("44{}", &GRID2[2..])
}

/// What `solve` prints for the bad rows of [`csv_with_bad_rows`] and [`lines_with_bad_rows`].
fn expected_bad_row_output(source: &str, first_bad: usize, in_column: &str) -> Vec<String> {
    let stray = "'x' at character 1 is not a cell (1-9, or 0 or . for a blank)";
    vec![
        solution(GRID2),
        format!("error: {source}:{first_bad}: {in_column}{stray}"),
        solution(EASY),
        format!(
            "error: {source}:{}: {in_column}expected 81 cells, found 40",
            first_bad + 2
        ),
        format!("{} mismatch", solution(GRID2)),
        ApiError::ConflictingGivens(
            Grid::parse(&conflicting())
                .unwrap()
                .conflicts()
                .iter()
                .map(ConflictJson::from)
                .collect(),
        )
        .to_string(),
        solution(EASY),
    ]
}

/// A Kaggle CSV with, in the middle, a letter-led row, a short row, a wrong solution and
/// conflicting givens.
fn csv_with_bad_rows() -> String {
    let g = digits(GRID2);
    let e = digits(EASY);
    [
        "quizzes,solutions".to_string(),
        format!("{g},{}", solution(GRID2)),
        format!("x{},{}", &g[1..], solution(GRID2)),
        format!("{e},{}", solution(EASY)),
        format!("{},{}", &g[..40], solution(GRID2)),
        format!("{g},{}", spoiled(&solution(GRID2))),
        format!("{},", digits(&conflicting())),
        format!("{e},"),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn a_csv_with_bad_rows_in_the_middle_gets_one_line_per_row_in_order() {
    let out = sudoku(&["solve", "-"], &csv_with_bad_rows());
    assert_eq!(
        stdout(&out),
        expected_bad_row_output("<stdin>", 3, "puzzle column: ")
    );
    assert_eq!(out.status.code(), Some(2), "a bad line makes exit status 2");
    assert!(
        stderr(&out).starts_with("Solved 3 of 7 puzzles (avg "),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).trim_end().ends_with("; 2 errors."),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_puzzle_per_line_file_with_bad_lines_in_the_middle_gets_one_line_per_line() {
    let lines = [
        "# a comment is not a data line".to_string(),
        GRID2.to_string(),
        format!("x{}", &GRID2[1..]),
        EASY.to_string(),
        GRID2[..40].to_string(),
        format!("{GRID2},{}", spoiled(&solution(GRID2))),
        conflicting(),
        EASY.to_string(),
    ];
    let out = sudoku(&["solve"], &(lines.join("\n") + "\n"));
    assert_eq!(stdout(&out), expected_bad_row_output("<stdin>", 3, ""));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn only_errors_change_the_exit_status_to_2() {
    let out = sudoku(&["solve"], &format!("{GRID2}\n{}\n", conflicting()));
    assert_eq!(out.status.code(), Some(1), "unsolved but well formed: 1");
    assert!(!stderr(&out).contains("error"), "{}", stderr(&out));
}

#[test]
fn strict_stops_at_the_first_bad_line_after_answering_the_lines_before_it() {
    let out = sudoku(&["solve", "--strict", "-"], &csv_with_bad_rows());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), [solution(GRID2)]);
    assert_eq!(
        stderr(&out),
        "sudoku: <stdin>:3: puzzle column: 'x' at character 1 is not a cell (1-9, or 0 or . for a blank)\n"
    );
}

#[test]
fn dash_reads_standard_input_among_files() {
    let out = sudoku(
        &[
            "solve",
            "puzzles/examples/grid2.txt",
            "-",
            "puzzles/examples/grid2.txt",
        ],
        &format!("{EASY}\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        [solution(GRID2), solution(EASY), solution(GRID2)]
    );
}

#[test]
fn the_five_column_kaggle_layout_is_read_by_its_header_names() {
    let g = digits(GRID2);
    let e = digits(EASY);
    let csv = format!(
        "id,puzzle,solution,clues,difficulty\n\
         0,{g},{},17,2.5\n\
         1,{e},{},36,0.0\n\
         2,{e},,36,0.0\n",
        solution(GRID2),
        spoiled(&solution(EASY)),
    );
    let out = sudoku(&["solve"], &csv);
    assert_eq!(
        stdout(&out),
        [
            solution(GRID2),
            format!("{} mismatch", solution(EASY)),
            solution(EASY)
        ]
    );
    assert_eq!(out.status.code(), Some(1), "the mismatch is unsolved");
}

#[test]
fn the_two_column_kaggle_layout_with_a_bad_row_keeps_its_place() {
    let csv = std::fs::read_to_string(format!(
        "{}/puzzles/examples/kaggle.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut rows: Vec<String> = csv.lines().map(str::to_string).collect();
    let good = sudoku(&["solve"], &csv);
    rows[2].replace_range(0..1, "x");
    let out = sudoku(&["solve"], &(rows.join("\n") + "\n"));
    let mut expected = stdout(&good);
    expected[1] = "error: <stdin>:3: puzzle column: 'x' at character 1 is not a cell (1-9, or 0 or . for a blank)".into();
    assert_eq!(stdout(&out), expected);
}

#[test]
fn validate_candidates_and_grade_keep_their_lines_in_place_too() {
    let input = format!("{EASY}\nx{}\n{EASY}\n", &EASY[1..]);
    let error = "error: <stdin>:2: 'x' at character 1 is not a cell (1-9, or 0 or . for a blank)";
    for command in ["validate", "candidates", "grade"] {
        let out = sudoku(&[command], &input);
        let lines = stdout(&out);
        assert_eq!(lines.len(), 3, "{command}: {lines:?}");
        assert_eq!(lines[1], error, "{command}");
        assert_eq!(lines[0], lines[2], "{command}");
        assert_eq!(out.status.code(), Some(2), "{command}");
    }
}

#[test]
fn the_help_of_solve_documents_what_is_read() {
    let out = sudoku(&["solve", "--help"], "");
    let help = String::from_utf8_lossy(&out.stdout);
    for promise in [
        "`-`, or no file, reads standard input",
        "a Project Euler title: `Grid` and a number",
        "`id,puzzle,solution,clues,difficulty`",
        "`error: FILE:LINE: reason`",
        "--strict",
    ] {
        assert!(help.contains(promise), "{promise}: {help}");
    }
}

/// `--format jsonl` and `--format csv`: one record a puzzle and one a bad line, each keyed by its
/// input line and a Kaggle row's id, so answers join back to their input by key; blank, comment and
/// header lines get none, which the keys show.
#[test]
fn keyed_formats_answer_every_record_with_its_line_and_id() {
    let good = solution(EASY);
    let input = format!(
        "id,puzzle,solution,clues,difficulty\n\
         a-1,{},{good},32,0.0\n\
         # a comment\n\
         \n\
         \"b 2\",\"{}\",{},32,0.0\n\
         c3,not a puzzle,,0,0\n",
        digits(EASY),
        digits(EASY),
        spoiled(&good),
    );
    for jobs in ["1", "2"] {
        let out = sudoku(&["solve", "--jobs", jobs, "--format", "jsonl"], &input);
        let lines: Vec<serde_json::Value> = stdout(&out)
            .iter()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(
            (&lines[0]["line"], &lines[0]["id"]),
            (&2.into(), &"a-1".into())
        );
        assert_eq!(lines[0]["verdict"], "unique");
        assert_eq!(lines[0]["matches"], true);
        assert_eq!(
            (&lines[1]["line"], &lines[1]["id"]),
            (&5.into(), &"b 2".into())
        );
        assert_eq!(lines[1]["matches"], false, "the given solution is spoiled");
        assert_eq!(lines[2]["line"], 6);
        assert_eq!(lines[2]["error"]["code"], "invalid_csv");
        let summary = stderr(&out);
        assert!(summary.contains("1 mismatch"), "{summary}");
        assert!(summary.contains("1 error"), "{summary}");
    }
    let out = sudoku(&["solve", "--format", "csv"], &input);
    let rows = stdout(&out);
    assert_eq!(
        rows[0],
        "line,id,verdict,solution,matches,conflict,time_us,error,detail"
    );
    assert!(
        rows[1].starts_with(&format!("2,a-1,unique,{good},true,,")),
        "{}",
        rows[1]
    );
    assert!(rows[2].starts_with("5,b 2,unique,"), "{}", rows[2]);
    assert!(rows[3].starts_with("6,,,,,,,invalid_csv,"), "{}", rows[3]);
    // The plain text stays what it was.
    let text = sudoku(&["solve", "--jobs", "1"], &input);
    assert_eq!(stdout(&text)[0], good);
}

/// `grade` and `validate` take the same keyed formats: a record a puzzle with its line and id.
#[test]
fn grade_and_validate_records_carry_the_line_and_id_too() {
    let input = format!(
        "id,puzzle\nk1,{}\n\nk2,{}\nk3,nonsense\n",
        digits(EASY),
        conflicting()
    );
    let graded = sudoku(&["grade", "--format", "jsonl"], &input);
    let records: Vec<serde_json::Value> = stdout(&graded)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(
        (&records[0]["line"], &records[0]["id"]),
        (&2.into(), &"k1".into())
    );
    assert_eq!(records[0]["difficulty"], "easy");
    assert_eq!(
        (&records[1]["line"], &records[1]["id"]),
        (&4.into(), &"k2".into())
    );
    assert_eq!(records[1]["error"]["code"], "no_solution");
    assert_eq!(records[2]["line"], 5);
    assert_eq!(records[2]["error"]["code"], "invalid_csv");
    let checked = sudoku(&["validate", "--format", "csv"], &input);
    let rows = stdout(&checked);
    assert_eq!(rows[0], "line,id,valid,complete,conflicts,error,detail");
    assert_eq!(rows[1], "2,k1,true,false,,,");
    assert!(
        rows[2].starts_with("4,k2,false,false,\"digit 4 appears 2 times in row A (A1, A2); "),
        "{}",
        rows[2]
    );
    assert!(rows[3].starts_with("5,,,,,invalid_csv,"), "{}", rows[3]);
}

/// `--shard I/N` splits a run into N parts that together make the whole, each record once: the
/// keyed records of three shards are the unsharded run's, and so are `random`'s puzzles.
#[test]
fn shards_partition_the_input_and_the_seeds_with_no_overlap() {
    let mut input = String::from("# three puzzles, a blank, a comment and a bad line\n");
    for k in 0..7 {
        input.push_str(&format!("{}\n", if k == 3 { "not a puzzle" } else { EASY }));
        if k == 4 {
            input.push_str("\n# between\n");
        }
    }
    let keyed = |args: &[&str]| -> Vec<String> {
        let out = sudoku(args, &input);
        let mut lines: Vec<String> = stdout(&out)
            .iter()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v.as_object_mut().unwrap().remove("time_us");
                v.to_string()
            })
            .collect();
        lines.sort();
        lines
    };
    let whole = keyed(&["validate", "--format", "jsonl"]);
    assert_eq!(whole.len(), 7);
    let mut parts = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let part = keyed(&["validate", "--format", "jsonl", "--shard", &shard]);
        assert!(part.len() < whole.len(), "{shard}: {part:?}");
        parts.extend(part);
    }
    parts.sort();
    assert_eq!(parts, whole);

    let made = |extra: &[&str]| {
        let mut args = vec!["random", "--count", "7", "--seed", "11", "--format", "csv"];
        args.extend_from_slice(extra);
        let mut rows: Vec<String> = stdout(&sudoku(&args, "")).into_iter().skip(1).collect();
        rows.sort();
        rows
    };
    let all = made(&[]);
    let mut shards: Vec<String> = (0..2)
        .flat_map(|i| made(&["--shard", &format!("{i}/2")]))
        .collect();
    shards.sort();
    assert_eq!(shards, all);
    let bad = sudoku(&["solve", "--shard", "3/3"], EASY);
    assert_eq!(bad.status.code(), Some(2));
}
