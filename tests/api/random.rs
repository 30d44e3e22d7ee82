//! `GET /random`: reproducible puzzles, unique ones verified by the engine, and strict parameters.

use serde_json::Value;
use sudoku_service::engine::{Solver, Verdict};
use sudoku_service::limits::MAX_SEED;

use crate::helpers::*;

async fn random(query: &str) -> Value {
    let r = get(&format!("/random{query}")).await;
    assert_eq!(r.status, 200, "{query}: {}", r.text);
    r.json()
}

#[tokio::test]
async fn random_puzzles_are_unique_minimal_and_carry_their_solution() {
    let body = random("?seed=42").await;
    assert_eq!(body["seed"], 42);
    assert_eq!(body["unique"], true);
    assert_eq!(body["minimal"], true);
    let puzzle = grid_of(&body["puzzle"]);
    assert_eq!(body["givens"], puzzle.givens());
    let outcome = Solver::new().solve(&puzzle).unwrap();
    assert_eq!(outcome.verdict, Verdict::Unique);
    assert_eq!(grid_of(&body["solution"]), outcome.solutions[0]);
    assert!(outcome.solutions[0].solves(&puzzle));
}

#[tokio::test]
async fn the_same_seed_and_options_give_the_same_puzzle() {
    for query in ["?seed=7", "?seed=7&unique=false&givens=30"] {
        assert_eq!(random(query).await, random(query).await, "{query}");
    }
    assert_ne!(
        random("?seed=7").await["puzzle"],
        random("?seed=8").await["puzzle"]
    );
}

#[tokio::test]
async fn without_a_seed_one_is_drawn_and_returned_so_the_puzzle_can_be_reproduced() {
    let first = random("").await;
    let seed = first["seed"].as_u64().expect("a seed");
    assert!(seed <= MAX_SEED);
    assert_eq!(random(&format!("?seed={seed}")).await, first);
}

#[tokio::test]
async fn norvig_style_puzzles_have_at_least_the_givens_asked_for() {
    let body = random("?unique=false&givens=25&seed=3").await;
    let puzzle = grid_of(&body["puzzle"]);
    assert!(puzzle.givens() >= 25, "{puzzle}");
    assert!(puzzle.conflicts().is_empty());
    // `unique` is claimed only when proved, and then the solution comes with it.
    let proved = Solver::new().solve(&puzzle).unwrap().verdict == Verdict::Unique;
    assert_eq!(body["unique"], proved);
    assert_eq!(body.get("solution").is_some(), proved);
}

#[tokio::test]
async fn random_with_more_givens_adds_them_and_is_not_minimal() {
    let body = random("?givens=40&seed=5").await;
    assert_eq!(body["givens"], 40);
    assert_eq!(body["minimal"], false);
    assert!(grid_of(&body["solution"]).solves(&grid_of(&body["puzzle"])));
}

#[tokio::test]
async fn random_answers_rows_when_asked() {
    let body = random("?seed=9&format=rows").await;
    assert_eq!(body["puzzle"].as_array().map(Vec::len), Some(9));
    assert!(grid_of(&body["solution"]).solves(&grid_of(&body["puzzle"])));
}

#[tokio::test]
async fn random_rejects_bad_parameters_naming_them() {
    let cases = [
        ("?unique=maybe", 400, "invalid_field", "unique"),
        ("?seed=-5", 400, "invalid_field", "seed"),
        ("?givens=abc", 400, "invalid_field", "givens"),
        ("?format=csv", 400, "invalid_field", "format"),
        ("?colour=blue", 400, "invalid_field", "colour"),
        ("?givens=200", 422, "out_of_range", "givens"),
        ("?givens=16", 422, "out_of_range", "givens"),
        ("?seed=9007199254740992", 422, "out_of_range", "seed"),
    ];
    for (query, status, code, field) in cases {
        let r = get(&format!("/random{query}")).await;
        let body = assert_problem(&r, status, code);
        assert_eq!(body["field"], field, "{query}");
    }
    let body = assert_problem(&get("/random?givens=200").await, 422, "out_of_range");
    assert_eq!(
        (body["minimum"].clone(), body["maximum"].clone()),
        (17.into(), 81.into())
    );
}

/// `GET /random?count=…` with NDJSON asked for, its lines.
async fn random_lines(query: &str) -> Vec<String> {
    let request = axum::http::Request::builder()
        .uri(format!("/random{query}"))
        .header("accept", "application/x-ndjson")
        .body(axum::body::Body::empty())
        .unwrap();
    let r = send(app(), request).await;
    assert_eq!(r.status, 200, "{query}: {}", r.text);
    assert_eq!(r.media_type(), "application/x-ndjson");
    r.text.lines().map(String::from).collect()
}

/// Each puzzle's uniqueness and solution checked by the engine, and its grade by the grader.
fn assert_unique_and_graded(puzzle: &Value) {
    let grid = grid_of(&puzzle["puzzle"]);
    let outcome = Solver::new().solve(&grid).unwrap();
    assert_eq!(outcome.verdict, Verdict::Unique, "{puzzle}");
    assert_eq!(grid_of(&puzzle["solution"]), outcome.solutions[0]);
    let grade = sudoku_service::engine::Puzzle::Classic(grid)
        .grade(sudoku_service::engine::Interrupt::NEVER)
        .unwrap();
    assert_eq!(puzzle["difficulty"], grade.difficulty.name());
    assert_eq!(puzzle["score"], grade.score);
}

#[tokio::test]
async fn a_count_gives_that_many_puzzles_from_consecutive_seeds_each_unique_and_graded() {
    let body = random("?count=4&seed=42").await;
    let puzzles = body.as_array().expect("an array");
    assert_eq!(puzzles.len(), 4);
    for (k, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(puzzle["seed"], 42 + k as u64);
        assert_unique_and_graded(puzzle);
    }
    // The first is the puzzle of its seed alone.
    let single = random("?seed=42").await;
    assert_eq!(puzzles[0]["puzzle"], single["puzzle"]);
    let leveled = random("?count=2&seed=7&difficulty=easy").await;
    for puzzle in leveled.as_array().unwrap() {
        assert_eq!(puzzle["difficulty"], "easy");
        assert_unique_and_graded(puzzle);
    }
}

#[tokio::test]
async fn ndjson_counts_are_the_array_a_line_and_agree_with_the_command_line() {
    let lines = random_lines("?count=3&seed=99").await;
    let array = random("?count=3&seed=99").await;
    let parsed: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(Value::Array(parsed), array);
    for query in ["?count=3&seed=99", "?count=2&seed=5&difficulty=medium"] {
        let mut args = vec!["random", "--format", "json"];
        let (count, seed) = if query.contains("medium") {
            args.extend(["--difficulty", "medium"]);
            ("2", "5")
        } else {
            ("3", "99")
        };
        args.extend(["--count", count, "--seed", seed]);
        let cli = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(&args)
            .output()
            .unwrap();
        assert!(cli.status.success());
        let cli_lines: Vec<String> = String::from_utf8(cli.stdout)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        assert_eq!(random_lines(query).await, cli_lines, "{query}");
    }
}

#[tokio::test]
async fn counts_are_bounded_on_every_shape() {
    let over = get("/random?count=101").await;
    assert_problem(&over, 422, "out_of_range");
    let zero = get("/random?count=0").await;
    assert_problem(&zero, 422, "out_of_range");
    let shaped = get("/random?count=101&size=4").await;
    assert_problem(&shaped, 422, "out_of_range");
    let past_shaped = get(&format!("/random?count=3&size=4&seed={}", MAX_SEED - 1)).await;
    assert_problem(&past_shaped, 400, "invalid_field");
    let past = get(&format!("/random?count=3&seed={}", MAX_SEED - 1)).await;
    assert_problem(&past, 400, "invalid_field");
    let last = random(&format!("?count=2&seed={}", MAX_SEED - 1)).await;
    assert_eq!(last[1]["seed"], MAX_SEED);
}

/// A count shares the request's one deadline: 100 leveled puzzles cannot buy 100 deadlines of work.
#[tokio::test]
async fn a_count_shares_one_deadline_for_the_whole_request() {
    // 100 extreme puzzles take about 0.35 s in a release build (ten times the deadline) and far
    // longer in a test build, so the deadline ends the request whichever build runs the test.
    let config = sudoku_service::server::ServerConfig {
        solve_timeout: std::time::Duration::from_millis(30),
        ..test_config()
    };
    let query = "/random?count=100&difficulty=extreme&seed=3";
    let r = get_on(app_with(config.clone()), query).await;
    let problem = assert_problem(&r, 504, "deadline_exceeded");
    assert!(
        problem["detail"].as_str().unwrap().contains("30 ms"),
        "{problem}"
    );
    let elapsed = problem["stats"]["elapsed_us"].as_u64().unwrap();
    assert!(
        elapsed >= 30_000,
        "the whole time spent is reported: {problem}"
    );

    let request = axum::http::Request::builder()
        .uri(query)
        .header("accept", "application/x-ndjson")
        .body(axum::body::Body::empty())
        .unwrap();
    let r = send(app_with(config), request).await;
    assert_eq!(r.status, 200);
    let lines: Vec<Value> = r
        .text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = lines.last().unwrap();
    assert_eq!(
        last["code"], "deadline_exceeded",
        "the stream ends at the deadline: {last}"
    );
    assert!(lines.len() < 100, "{} lines", lines.len());
    for puzzle in &lines[..lines.len() - 1] {
        assert_eq!(puzzle["difficulty"], "extreme");
    }
}
