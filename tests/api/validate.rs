//! `POST /validate`: conflicts are the answer, shape errors are 422.

use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn validate_accepts_a_consistent_partial_puzzle() {
    let r = post_json("/validate", json!({ "puzzle": EASY })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.json(),
        json!({ "valid": true, "complete": false, "conflicts": [] })
    );
}

#[tokio::test]
async fn validate_calls_a_solved_grid_valid_and_complete() {
    let solved = post_json("/solve", json!({ "puzzle": EASY })).await.json()["solution"].clone();
    let body = post_json("/validate", json!({ "puzzle": solved }))
        .await
        .json();
    assert_eq!(body["valid"], true);
    assert_eq!(body["complete"], true);
}

#[tokio::test]
async fn validate_lists_every_conflict_with_its_unit_and_squares() {
    let mut flat = flat_of(EASY);
    // A1 and A5 both 2 (A5 already holds 2): one conflict in row A only.
    flat[0] = json!(2);
    let r = post_json("/validate", json!({ "puzzle": flat })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["valid"], false);
    assert_eq!(
        body["conflicts"],
        json!([{ "digit": 2, "unit": "row A", "squares": ["A1", "A5"] }])
    );
}

#[tokio::test]
async fn validate_still_rejects_malformed_grids_with_their_location() {
    let mut rows = rows_of(EASY);
    rows[3][4] = json!(10);
    let r = post_json("/validate", json!({ "puzzle": rows })).await;
    let body = assert_problem(&r, 422, "value_out_of_range");
    assert_eq!(body["square"], "D5");
    assert_eq!(
        (body["row"].clone(), body["column"].clone()),
        (json!(4), json!(5))
    );
    assert_eq!(body["value"], 10);
    // The engine says 0-9; JSON's null is a blank too, and the API says so.
    assert_eq!(
        body["detail"],
        "square D5 (row 4, column 5) holds 10; expected 0-9 or null"
    );

    let mut short_row = rows_of(EASY);
    short_row[2].as_array_mut().unwrap().pop();
    let body = assert_problem(
        &post_json("/validate", json!({ "puzzle": short_row })).await,
        422,
        "wrong_row_length",
    );
    assert_eq!(
        (body["row"].clone(), body["found"].clone()),
        (json!(3), json!(8))
    );

    let mut eight_rows = rows_of(EASY);
    eight_rows.as_array_mut().unwrap().pop();
    let body = assert_problem(
        &post_json("/validate", json!({ "puzzle": eight_rows })).await,
        422,
        "wrong_row_count",
    );
    assert_eq!(body["found_rows"], 8);

    let mut negative = flat_of(EASY);
    negative[80] = json!(-1);
    let body = assert_problem(
        &post_json("/validate", json!({ "puzzle": negative })).await,
        422,
        "value_out_of_range",
    );
    assert_eq!(
        (body["square"].clone(), body["value"].clone()),
        (json!("I9"), json!(-1))
    );

    let body = assert_problem(
        &post_json("/validate", json!({ "puzzle": vec![0; 80] })).await,
        422,
        "wrong_cell_count",
    );
    assert_eq!(body["found_cells"], 80);
}

#[tokio::test]
async fn validate_names_a_cell_of_the_wrong_type() {
    let mut flat = flat_of(EASY);
    flat[5] = json!("3");
    let r = post_json("/validate", json!({ "puzzle": flat })).await;
    let body = assert_problem(&r, 400, "invalid_field");
    assert_eq!(body["field"], "puzzle[5]");
}
