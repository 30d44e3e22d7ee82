//! `POST /candidates`: Norvig's `parse_grid` over HTTP.

use serde_json::json;
use sudoku_service::engine::{candidates, Square};

use crate::helpers::*;

#[tokio::test]
async fn candidates_match_the_essay_for_grid2() {
    let r = post_json("/candidates", json!({ "puzzle": GRID2 })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["status"], "ok");
    let list: Vec<&str> = body["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(list.len(), 81);
    assert_eq!(
        &list[..9],
        ["4", "1679", "12679", "139", "2369", "269", "8", "1239", "5"]
    );
    let engine = candidates(&grid(GRID2)).unwrap();
    assert_eq!(list, engine.strings());
    assert_eq!(body["solved_squares"], engine.solved_squares());
    assert_eq!(body["display"], engine.display());
}

#[tokio::test]
async fn candidates_of_an_easy_puzzle_are_its_solution() {
    let body = post_json("/candidates", json!({ "puzzle": rows_of(EASY) }))
        .await
        .json();
    assert_eq!(body["solved_squares"], 81);
    let mut solved = sudoku_service::engine::Grid::EMPTY;
    for (s, digits) in Square::all().zip(body["candidates"].as_array().unwrap()) {
        let d: u8 = digits.as_str().unwrap().parse().unwrap();
        solved.set(s, sudoku_service::engine::Digit::new(d));
    }
    assert!(solved.solves(&grid(EASY)));
}

#[tokio::test]
async fn candidates_report_none_when_propagation_finds_a_contradiction() {
    assert!(grid(DEAD_END).conflicts().is_empty());
    let r = post_json("/candidates", json!({ "puzzle": DEAD_END })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json(), json!({ "status": "none" }));
}

#[tokio::test]
async fn candidates_reject_conflicting_givens_and_bad_shapes() {
    let conflicting = format!("11{}", ".".repeat(79));
    let r = post_json("/candidates", json!({ "puzzle": conflicting })).await;
    assert_problem(&r, 422, "conflicting_givens");
    let r = post_json("/candidates", json!({ "puzzle": "123" })).await;
    let body = assert_problem(&r, 422, "wrong_cell_count");
    assert_eq!(body["found_cells"], 3);
}
