//! Requests on the edges of openapi.yaml's JSON Schema, where schemathesis with every check found the
//! server and the schema disagreeing: what the schema allows is served, what it forbids is refused.

use serde_json::{json, Value};
use sudoku_service::limits::OFFSET;

use crate::helpers::*;

/// `value` with every integer written as a float (`7` as `7.0`).
fn as_floats(value: &Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64().unwrap()),
        Value::Array(items) => Value::Array(items.iter().map(as_floats).collect()),
        other => other.clone(),
    }
}

#[tokio::test]
async fn integral_floats_are_integers_in_puzzle_arrays_and_integer_members() {
    let rows = as_floats(&rows_of(GRID2));
    assert!(rows.to_string().contains("4.0"), "{rows}");
    let request = json!({ "puzzle": rows, "max_solutions": 1.0, "timeout_ms": 29408.0 });
    let r = post_json("/solve", request).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json()["status"], "unique");
    assert!(grid_of(&r.json()["solution"]).solves(&grid(GRID2)));

    let r = post_json("/validate", json!({ "puzzle": as_floats(&flat_of(EASY)) })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json()["valid"], true);
}

#[tokio::test]
async fn a_fractional_cell_is_invalid_field_and_a_float_above_nine_out_of_range() {
    let mut cells = flat_of(EASY);
    cells[3] = json!(7.5);
    let r = post_json("/validate", json!({ "puzzle": cells })).await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "puzzle[3]");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("not a whole number"),
        "{problem}"
    );
    cells[3] = json!(10.0);
    let r = post_json("/validate", json!({ "puzzle": cells })).await;
    assert_eq!(assert_problem(&r, 422, "value_out_of_range")["value"], 10);
}

#[tokio::test]
async fn a_whole_number_too_large_for_the_server_is_a_range_question_not_a_type_error() {
    // Above the server's cap like any other too long deadline.
    let r = post_json("/solve", json!({ "puzzle": EASY, "timeout_ms": 1e20 })).await;
    assert_eq!(
        assert_problem(&r, 422, "out_of_range")["field"],
        "timeout_ms"
    );
    let r = post_json("/solve", json!({ "puzzle": EASY, "max_solutions": 1e20 })).await;
    assert_eq!(
        assert_problem(&r, 422, "out_of_range")["field"],
        "max_solutions"
    );
}

#[tokio::test]
async fn null_is_refused_where_the_schema_does_not_allow_it() {
    let cases = [
        (
            "/solve",
            json!({ "puzzle": EASY, "timeout_ms": null }),
            "timeout_ms",
        ),
        (
            "/solve",
            json!({ "puzzle": EASY, "max_solutions": null }),
            "max_solutions",
        ),
        (
            "/solve",
            json!({ "puzzle": EASY, "format": null }),
            "format",
        ),
        (
            "/hint",
            json!({ "puzzle": EASY, "progress": null }),
            "progress",
        ),
        (
            "/hint",
            json!({ "puzzle": EASY, "candidates": null }),
            "candidates",
        ),
    ];
    for (path, request, field) in cases {
        let r = post_json(path, request.clone()).await;
        let problem = assert_problem(&r, 400, "invalid_field");
        assert_eq!(problem["field"], field, "{request}: {problem}");
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains("null"), "{request}: {problem}");
        assert!(!detail.contains(" at line "), "{request}: {problem}");
    }
}

#[tokio::test]
async fn empty_pencil_marks_are_allowed_by_the_schema_and_served() {
    // Every empty square without a candidate contradicts the solution: all are mistakes.
    let marks = vec![""; 81];
    let r = post_json("/hint", json!({ "puzzle": EASY, "candidates": marks })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json()["status"], "mistakes");
}

#[tokio::test]
async fn offset_up_to_its_documented_maximum_pages_and_above_it_is_out_of_range() {
    let r = get(&format!("/puzzles/top95?offset={}", OFFSET.maximum)).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json()["offset"], OFFSET.maximum);
    assert_eq!(r.json()["puzzles"], json!([]));
    for offset in [
        (OFFSET.maximum + 1).to_string(),
        "18446744073709551616".to_string(),
    ] {
        let r = get(&format!("/puzzles/top95?offset={offset}")).await;
        let problem = assert_problem(&r, 422, "out_of_range");
        assert_eq!(problem["field"], "offset", "{offset}");
        assert_eq!(problem["maximum"], OFFSET.maximum, "{offset}");
    }
}
