//! `POST /solve`: verdicts, every input shape, output formats, limits and deadlines.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sudoku_service::config::ServerConfig;

use crate::helpers::*;

fn solutions_of(body: &Value) -> Vec<sudoku_service::engine::Grid> {
    body["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(grid_of)
        .collect()
}

#[tokio::test]
async fn solve_returns_the_unique_solution_of_an_easy_puzzle() {
    let r = post_json("/solve", json!({ "puzzle": EASY })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["status"], "unique");
    let solution = grid_of(&body["solution"]);
    assert!(solution.solves(&grid(EASY)));
    assert_eq!(solutions_of(&body), vec![solution]);
    for counter in ["nodes", "guesses", "max_depth", "elapsed_us"] {
        assert!(body["stats"][counter].is_u64(), "{counter}: {body}");
    }
    assert!(body["stats"]["nodes"].as_u64().unwrap() >= 1);
}

#[tokio::test]
async fn solve_accepts_rows_flat_arrays_and_null_blanks_alike() {
    let mut with_nulls = rows_of(GRID2);
    for row in with_nulls.as_array_mut().unwrap() {
        for cell in row.as_array_mut().unwrap() {
            if cell == 0 {
                *cell = Value::Null;
            }
        }
    }
    let shapes = [
        json!(GRID2),
        rows_of(GRID2),
        flat_of(GRID2),
        with_nulls,
        json!(grid(GRID2).display()),
    ];
    for puzzle in shapes {
        let r = post_json("/solve", json!({ "puzzle": puzzle })).await;
        assert_eq!(r.status, 200, "{puzzle}: {}", r.text);
        let body = r.json();
        assert_eq!(body["status"], "unique", "{puzzle}");
        assert!(grid_of(&body["solution"]).solves(&grid(GRID2)));
    }
}

#[tokio::test]
async fn solve_answers_rows_when_asked() {
    let r = post_json("/solve", json!({ "puzzle": EASY, "format": "rows" })).await;
    let body = r.json();
    let rows = body["solution"].as_array().expect("9 rows");
    assert_eq!(rows.len(), 9);
    assert!(rows.iter().all(|row| row.as_array().unwrap().len() == 9));
    assert!(grid_of(&body["solution"]).solves(&grid(EASY)));
    assert_eq!(body["solutions"][0], body["solution"]);
}

#[tokio::test]
async fn solve_proves_norvigs_impossible_puzzle_has_no_solution_in_few_nodes() {
    let r = post_json("/solve", json!({ "puzzle": IMPOSSIBLE })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["status"], "none");
    assert!(body.get("solution").is_none(), "{body}");
    assert_eq!(body["solutions"], json!([]));
    // Norvig's program took 1439 s; this search is deterministic and visits 51,893 nodes.
    let nodes = body["stats"]["nodes"].as_u64().unwrap();
    assert!(nodes < 100_000, "{body}");
}

#[tokio::test]
async fn solve_returns_two_different_valid_solutions_for_a_puzzle_with_many() {
    let body = post_json("/solve", json!({ "puzzle": HARD1 })).await.json();
    assert_eq!(body["status"], "multiple");
    let solutions = solutions_of(&body);
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    assert!(solutions.iter().all(|s| s.solves(&grid(HARD1))));
    assert_eq!(grid_of(&body["solution"]), solutions[0]);
}

#[tokio::test]
async fn solve_returns_as_many_solutions_as_max_solutions_asks() {
    let body = post_json("/solve", json!({ "puzzle": HARD1, "max_solutions": 5 }))
        .await
        .json();
    let solutions = solutions_of(&body);
    assert_eq!(solutions.len(), 5);
    let distinct: std::collections::HashSet<_> = solutions.iter().collect();
    assert_eq!(distinct.len(), 5);
    assert!(solutions.iter().all(|s| s.solves(&grid(HARD1))));
}

#[tokio::test]
async fn solve_still_decides_uniqueness_and_proves_multiple_when_one_solution_is_asked_for() {
    let body = post_json("/solve", json!({ "puzzle": HARD1, "max_solutions": 1 }))
        .await
        .json();
    assert_eq!(body["status"], "multiple");
    let solutions = solutions_of(&body);
    assert_eq!(
        solutions.len(),
        2,
        "multiple always comes with a second solution as proof"
    );
    assert_ne!(solutions[0], solutions[1]);
    assert!(solutions.iter().all(|s| s.solves(&grid(HARD1))));
    let unique = post_json("/solve", json!({ "puzzle": EASY, "max_solutions": 1 }))
        .await
        .json();
    assert_eq!(unique["status"], "unique");
}

#[tokio::test]
async fn solve_returns_422_for_conflicting_givens_naming_the_squares() {
    let puzzle = format!("55{}", &EASY[2..]);
    let r = post_json("/solve", json!({ "puzzle": puzzle })).await;
    let body = assert_problem(&r, 422, "conflicting_givens");
    assert_eq!(body["field"], "puzzle");
    assert_eq!(body["digit"], 5);
    assert_eq!(body["unit"], "row A");
    assert_eq!(body["squares"], json!(["A1", "A2"]));
    let conflicts = body["conflicts"].as_array().unwrap();
    assert!(conflicts.iter().any(|c| c["unit"] == "box 1"), "{body}");
}

#[tokio::test]
async fn solve_rejects_max_solutions_outside_1_to_100() {
    for bad in [0, 101] {
        let r = post_json("/solve", json!({ "puzzle": EASY, "max_solutions": bad })).await;
        let body = assert_problem(&r, 422, "out_of_range");
        assert_eq!(body["field"], "max_solutions");
        assert_eq!(body["minimum"], 1);
        assert_eq!(body["maximum"], 100);
    }
}

#[tokio::test]
async fn solve_rejects_a_zero_timeout_and_one_above_the_cap_naming_the_cap() {
    let r = post_json("/solve", json!({ "puzzle": EASY, "timeout_ms": 0 })).await;
    let body = assert_problem(&r, 422, "out_of_range");
    assert_eq!(body["field"], "timeout_ms");
    let r = post_json(
        "/solve",
        json!({ "puzzle": EASY, "timeout_ms": 1u64 << 60 }),
    )
    .await;
    let body = assert_problem(&r, 422, "out_of_range");
    assert_eq!(body["maximum"], SOLVE_CAP.as_millis() as u64);
    let at_cap = json!({ "puzzle": EASY, "timeout_ms": SOLVE_CAP.as_millis() as u64 });
    assert_eq!(post_json("/solve", at_cap).await.status, 200);
}

#[tokio::test]
async fn solve_answers_504_with_stats_when_the_deadline_passes() {
    let config = ServerConfig {
        max_solutions: usize::MAX,
        ..test_config()
    };
    let request =
        json!({ "puzzle": ".".repeat(81), "max_solutions": 100_000_000u64, "timeout_ms": 50 });
    let started = Instant::now();
    let r = post_json_on(app_with(config), "/solve", request).await;
    // Never early; how late depends on the machine, and the harness guards against a hang.
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(50), "{took:?}");
    let body = assert_problem(&r, 504, "deadline_exceeded");
    let detail = body["detail"].as_str().unwrap();
    assert!(
        detail.starts_with("the deadline of 50 ms passed before the work finished: ask again"),
        "{detail}"
    );
    assert!(detail.contains("longer timeout_ms") && detail.contains("command line"));
    assert!(body["stats"]["nodes"].as_u64().unwrap() > 0, "{body}");
    assert!(body["stats"]["elapsed_us"].as_u64().unwrap() > 0, "{body}");
}

#[tokio::test]
async fn solve_rejects_unknown_members_and_wrong_types_naming_the_field() {
    let cases = [
        (json!({ "puzzle": EASY, "max_solution": 3 }), "max_solution"),
        (
            json!({ "puzzle": EASY, "max_solutions": "3" }),
            "max_solutions",
        ),
        (
            json!({ "puzzle": EASY, "max_solutions": -1 }),
            "max_solutions",
        ),
        (json!({ "puzzle": EASY, "format": "grid" }), "format"),
        (json!({ "puzzle": EASY, "timeout_ms": 1.5 }), "timeout_ms"),
        (json!({ "max_solutions": 3 }), "puzzle"),
        (json!({ "puzzle": null }), "puzzle"),
        (json!({ "puzzle": 7 }), "puzzle"),
        (json!({ "puzzle": { "rows": [] } }), "puzzle"),
        (json!([EASY]), "body"),
    ];
    for (request, field) in cases {
        let r = post_json("/solve", request.clone()).await;
        let body = assert_problem(&r, 400, "invalid_field");
        assert_eq!(body["field"], field, "{request}: {body}");
    }
}
