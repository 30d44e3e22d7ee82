//! Issue 17's contract details: which member a grid fault names, one rule for query parameters on
//! every `GET`, bodies that are not UTF-8 JSON, level names, `null` pencil marks, and the bounds on
//! `givens` per level that keep `/random?difficulty=` from searching until its deadline.

use std::time::Duration;

use serde_json::{json, Value};
use sudoku_service::config::ServerConfig;

use crate::helpers::*;

#[tokio::test]
async fn a_short_progress_or_candidates_names_itself_not_the_puzzle() {
    let r = post_json("/hint", json!({ "puzzle": EASY, "progress": &EASY[..80] })).await;
    let problem = assert_problem(&r, 422, "wrong_cell_count");
    assert_eq!(
        (problem["field"].as_str(), problem["found_cells"].as_u64()),
        (Some("progress"), Some(80))
    );
    let rows = json!({ "puzzle": EASY, "progress": vec![vec![0; 9]; 8] });
    let problem = assert_problem(&post_json("/hint", rows).await, 422, "wrong_row_count");
    assert_eq!(problem["field"], "progress");
    let mut flat = flat_of(EASY);
    flat[5] = json!(12);
    let r = post_json("/hint", json!({ "puzzle": EASY, "progress": flat })).await;
    let problem = assert_problem(&r, 422, "value_out_of_range");
    assert_eq!(problem["field"], "progress");
    let marks = vec![Value::Null; 80];
    let r = post_json("/hint", json!({ "puzzle": EASY, "candidates": marks })).await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "candidates");
}

#[tokio::test]
async fn null_pencil_marks_are_not_marked_and_empty_ones_are_mistakes() {
    let unmarked = post_json(
        "/hint",
        json!({ "puzzle": EASY, "candidates": vec![Value::Null; 81] }),
    )
    .await;
    assert_eq!(unmarked.status, 200, "{}", unmarked.text);
    let plain = post_json("/hint", json!({ "puzzle": EASY })).await;
    assert_eq!(
        unmarked.json(),
        plain.json(),
        "null everywhere is no marks at all"
    );
    assert_eq!(unmarked.json()["status"], "step");
    let crossed_out = post_json(
        "/hint",
        json!({ "puzzle": EASY, "candidates": vec![""; 81] }),
    )
    .await;
    let body = crossed_out.json();
    assert_eq!(body["status"], "mistakes", "{body}");
    let blanks = EASY.bytes().filter(|&b| b == b'.').count();
    assert_eq!(body["squares"].as_array().map(Vec::len), Some(blanks));
    let wrong = post_json(
        "/hint",
        json!({ "puzzle": EASY, "candidates": vec![json!(5); 81] }),
    )
    .await;
    let problem = assert_problem(&wrong, 400, "invalid_field");
    assert!(
        problem["detail"].as_str().unwrap().contains("null"),
        "{problem}"
    );
}

#[tokio::test]
async fn every_get_with_parameters_refuses_unknown_and_repeated_ones_alike() {
    for path in [
        "/puzzles?offset=-1",
        "/puzzles?limit=abc",
        "/puzzles?x=1",
        "/puzzles/top95?x=1",
        "/random?x=1",
    ] {
        let problem = assert_problem(&get(path).await, 400, "invalid_field");
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("unknown query parameter"),
            "{path}: {problem}"
        );
    }
    for path in [
        "/random?seed=abc&seed=2",
        "/random?seed=2&seed=abc",
        "/puzzles/top95?limit=1&limit=2",
    ] {
        let problem = assert_problem(&get(path).await, 400, "duplicate_parameter");
        assert!(
            problem["field"] == "seed" || problem["field"] == "limit",
            "{path}: {problem}"
        );
        assert!(
            problem["detail"].as_str().unwrap().contains("2 times"),
            "{problem}"
        );
    }
    assert_eq!(get("/puzzles").await.status, 200);
}

#[tokio::test]
async fn a_body_that_is_not_utf8_json_gets_a_clear_problem() {
    let mut bad_key = b"{\"puz".to_vec();
    bad_key.extend([0xff, 0xfe]);
    bad_key.extend(b"zle\": 1}");
    let r = post_raw("/solve", Some("application/json"), bad_key).await;
    let problem = assert_problem(&r, 400, "invalid_json");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("not valid UTF-8"),
        "{problem}"
    );
    assert!(problem.get("field").is_none(), "{problem}");
    for surrogate in [r#"{"puzzle": "\ud800"}"#, r#"{"puzzle": "\ud800\u0041"}"#] {
        let r = post_raw("/solve", Some("application/json"), surrogate).await;
        let problem = assert_problem(&r, 400, "invalid_json");
        assert!(
            problem["detail"].as_str().unwrap().contains("surrogate"),
            "{surrogate}: {problem}"
        );
    }
    let utf16: Vec<u8> = r#"{"puzzle": "1"}"#.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let r = post_raw("/solve", Some("application/json; charset=utf-16"), utf16).await;
    let problem = assert_problem(&r, 415, "unsupported_charset");
    assert!(
        problem["detail"].as_str().unwrap().contains("utf-16"),
        "{problem}"
    );
    let utf8 = json!({ "puzzle": EASY }).to_string();
    let r = post_raw("/solve", Some("application/json; charset=\"UTF-8\""), utf8).await;
    assert_eq!(r.status, 200, "{}", r.text);
}

#[tokio::test]
async fn a_level_in_the_wrong_case_is_refused_with_the_name_to_use() {
    let problem = assert_problem(&get("/random?difficulty=Hard").await, 400, "invalid_field");
    let detail = problem["detail"].as_str().unwrap();
    assert!(
        detail.contains("easy, medium, hard, expert or extreme"),
        "{detail}"
    );
    assert!(detail.contains("write \"hard\""), "{detail}");
}

#[tokio::test]
async fn more_givens_than_a_level_can_have_is_out_of_range_naming_the_range() {
    for (level, maximum) in [
        ("medium", 31),
        ("hard", 34),
        ("expert", 29),
        ("extreme", 28),
    ] {
        for givens in [maximum + 1, 81] {
            let r = get(&format!("/random?difficulty={level}&givens={givens}")).await;
            let problem = assert_problem(&r, 422, "out_of_range");
            assert_eq!(problem["field"], "givens");
            assert_eq!(
                (problem["minimum"].as_u64(), problem["maximum"].as_u64()),
                (Some(17), Some(maximum))
            );
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains(&format!("difficulty={level}")), "{detail}");
        }
    }
    let full = get("/random?difficulty=easy&givens=81&seed=1").await;
    assert_eq!(full.status, 200, "{}", full.text);
    let at_most = get("/random?difficulty=extreme&givens=28&seed=1").await;
    assert_eq!(at_most.status, 200, "{}", at_most.text);
    assert_eq!(at_most.json()["difficulty"], "extreme");
}

#[tokio::test]
async fn a_level_not_found_in_time_reports_the_time_it_spent() {
    let config = ServerConfig {
        solve_timeout: Duration::from_millis(1),
        ..test_config()
    };
    let r = get_on(app_with(config), "/random?difficulty=extreme&seed=5").await;
    let problem = assert_problem(&r, 504, "deadline_exceeded");
    let elapsed_us = problem["stats"]["elapsed_us"].as_u64().unwrap();
    assert!(elapsed_us >= 1000, "at least the 1 ms deadline: {problem}");
}

/// The top95 puzzle with the longest path (score 22,816: forcing chains, many of them): walking it
/// takes tens of milliseconds in a release build, far past the 1 ms deadline in any build (grid2's
/// singles and subsets no longer do once grading skips the words).
const NEEDS_CHAINS: &str =
    ".......4...2..4..1.7..5..9...3..7....4..6....6..1..8...2....1..85.9...6.....8...3";

#[tokio::test]
async fn logic_work_stopped_by_its_deadline_reports_the_time_it_spent() {
    let config = ServerConfig {
        solve_timeout: Duration::from_millis(1),
        ..test_config()
    };
    for path in ["/explain", "/grade"] {
        let r = post_json_on(
            app_with(config.clone()),
            path,
            json!({ "puzzle": NEEDS_CHAINS }),
        )
        .await;
        let problem = assert_problem(&r, 504, "deadline_exceeded");
        assert!(
            problem["stats"]["elapsed_us"].as_u64().unwrap() >= 1000,
            "{path}: {problem}"
        );
    }
}
