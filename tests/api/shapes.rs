//! Every shape through the API: the `rules` member on the puzzle endpoints and the shape parameters
//! of `GET /random`. Solutions are checked by the rules of their shape; faults name the rule.

use serde_json::{json, Value};
use sudoku_service::engine::shape::{Cells, Rules, Shape};

use crate::helpers::*;

fn shape_of(rules: &Value) -> Shape {
    let rules: Rules = serde_json::from_value(rules.clone()).unwrap();
    Shape::new(&rules).unwrap()
}

fn cells(shape: &Shape, text: &Value) -> Cells {
    Cells::parse(shape, text.as_str().unwrap()).unwrap()
}

async fn random(query: &str) -> Value {
    let r = get(&format!("/random?{query}")).await;
    assert_eq!(r.status, 200, "{query}: {}", r.text);
    r.json()
}

#[tokio::test]
async fn random_puzzles_of_every_shape_solve_back_to_their_solution() {
    for query in [
        "size=4&seed=1",
        "size=6&seed=2",
        "size=6&box=3x2&seed=2",
        "size=9&variant=x&seed=3",
        "size=9&variant=hyper&seed=4",
        "size=9&variant=jigsaw&seed=5",
        "size=9&variant=jigsaw,x&seed=6",
        "size=12&seed=7",
        "size=16&seed=8",
    ] {
        let body = random(query).await;
        assert_eq!(body["unique"], true, "{query}");
        let rules = body["rules"].clone();
        let shape = shape_of(&rules);
        let puzzle = cells(&shape, &body["puzzle"]);
        let solution = cells(&shape, &body["solution"]);
        assert!(solution.solves(&shape, &puzzle), "{query}");
        assert_eq!(body["givens"], puzzle.givens());
        let solved = post_json(
            "/solve",
            json!({ "puzzle": body["puzzle"], "rules": rules }),
        )
        .await;
        assert_eq!(solved.status, 200, "{query}: {}", solved.text);
        let solved = solved.json();
        assert_eq!(solved["status"], "unique", "{query}");
        assert_eq!(solved["solution"], body["solution"], "{query}");
    }
}

#[tokio::test]
async fn random_is_reproducible_and_symmetric_on_request() {
    let a = random("size=9&variant=jigsaw&symmetry=rotational&seed=9").await;
    let b = random("size=9&variant=jigsaw&symmetry=rotational&seed=9").await;
    assert_eq!(a, b);
    let text: Vec<char> = a["puzzle"].as_str().unwrap().chars().collect();
    for i in 0..81 {
        assert_eq!(
            text[i] == '.',
            text[80 - i] == '.',
            "cell {i} breaks the half turn"
        );
    }
    assert!(a["rules"]["regions"].is_string());
}

#[tokio::test]
async fn classic_random_keeps_its_seeds_and_shape_parameters_that_say_classic_change_nothing() {
    let plain = get("/random?seed=42").await;
    let spelled = get("/random?seed=42&size=9&box=3x3&symmetry=none").await;
    assert_eq!(plain.text, spelled.text);
    assert!(plain.json().get("rules").is_none());
}

#[tokio::test]
async fn rows_format_writes_values_one_to_n() {
    let body = random("size=6&seed=3&format=rows").await;
    let rows = body["solution"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let mut first: Vec<u64> = rows[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    first.sort_unstable();
    assert_eq!(first, [1, 2, 3, 4, 5, 6]);
}

#[tokio::test]
async fn a_sixteen_by_sixteen_puzzle_in_hexadoku_symbols_is_solved_in_them() {
    let body = random("size=16&seed=11").await;
    let hex = "0123456789ABCDEF";
    let default = "123456789ABCDEFG";
    let translated: String = body["puzzle"]
        .as_str()
        .unwrap()
        .chars()
        .map(|c| default.find(c).map_or(c, |i| hex.as_bytes()[i] as char))
        .collect();
    let rules = json!({ "size": 16, "symbols": hex });
    let r = post_json("/solve", json!({ "puzzle": translated, "rules": rules })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let shape = shape_of(&rules);
    let solution = cells(&shape, &r.json()["solution"]);
    assert!(solution.solves(&shape, &Cells::parse(&shape, &translated).unwrap()));
}

#[tokio::test]
async fn candidates_and_validate_work_on_other_shapes() {
    let rules = json!({ "size": 4, "variants": ["x"] });
    let r = post_json(
        "/candidates",
        json!({ "puzzle": "1...............", "rules": rules }),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    // A1 is 1, so the diagonal's other cells lose 1 too (B2, C3, D4).
    assert_eq!(body["candidates"][0], "1");
    assert_eq!(body["candidates"][5], "234");
    assert_eq!(body["candidates"][1], "234");
    assert_eq!(body["candidates"][6], "1234");
    // A1 and D4 share only the diagonal.
    let r = post_json(
        "/validate",
        json!({ "puzzle": "1..............1", "rules": rules }),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["valid"], false);
    assert_eq!(body["conflicts"][0]["unit"], "diagonal A1-D4");
    assert_eq!(body["conflicts"][0]["squares"], json!(["A1", "D4"]));
}

#[tokio::test]
async fn rules_that_describe_classic_answer_as_classic_does() {
    for path in [
        "/solve",
        "/candidates",
        "/validate",
        "/grade",
        "/explain",
        "/hint",
    ] {
        let plain = post_json(path, json!({ "puzzle": GRID2 })).await;
        let ruled = post_json(path, json!({ "puzzle": GRID2, "rules": { "size": 9 } })).await;
        assert_eq!(plain.status, ruled.status, "{path}");
        let (mut a, mut b) = (plain.json(), ruled.json());
        for body in [&mut a, &mut b] {
            if let Some(stats) = body.get_mut("stats") {
                stats["elapsed_us"] = json!(0);
            }
        }
        assert_eq!(a, b, "{path}");
    }
}

#[tokio::test]
async fn bad_rules_and_bad_cells_name_what_is_wrong() {
    let cases = [
        (
            json!({ "size": 3 }),
            ".".repeat(9),
            "invalid_rules",
            "rules.size",
        ),
        (
            json!({ "size": 16, "box": [3, 5] }),
            ".".repeat(256),
            "invalid_rules",
            "rules.box",
        ),
        (
            json!({ "size": 4, "regions": "ABBAABBACCDDCCDD" }),
            ".".repeat(16),
            "invalid_rules",
            "rules.regions",
        ),
        (
            json!({ "size": 16 }),
            ".".repeat(250),
            "wrong_cell_count",
            "puzzle",
        ),
        (
            json!({ "size": 4 }),
            "1..Z............".into(),
            "unknown_symbol",
            "puzzle",
        ),
        (
            json!({ "size": 4 }),
            "11..............".into(),
            "conflicting_givens",
            "puzzle",
        ),
    ];
    for (rules, puzzle, code, field) in cases {
        let r = post_json("/solve", json!({ "puzzle": puzzle, "rules": rules })).await;
        let problem = assert_problem(&r, 422, code);
        assert_eq!(problem["field"], field, "{problem}");
    }
    let r = post_json(
        "/solve",
        json!({ "puzzle": "1..Z............", "rules": { "size": 4 } }),
    )
    .await;
    let problem = r.json();
    assert_eq!(problem["position"], 4);
    let r = post_json(
        "/solve",
        json!({ "puzzle": ".".repeat(16), "rules": { "size": 4, "colour": 1 } }),
    )
    .await;
    assert!(r.status.is_client_error(), "{}", r.text);
    for query in [
        "size=7",
        "size=9&box=2x4",
        "size=9&variant=diagonalz",
        "size=9&symmetry=spiral",
        "size=26",
    ] {
        let r = get(&format!("/random?{query}")).await;
        assert!(r.status.is_client_error(), "{query}: {}", r.text);
        assert!(r.json()["field"].is_string(), "{query}");
    }
}

#[tokio::test]
async fn a_string_of_256_cells_without_rules_is_the_classic_422_it_always_was() {
    let r = post_json("/solve", json!({ "puzzle": ".".repeat(256) })).await;
    let problem = assert_problem(&r, 422, "wrong_cell_count");
    assert_eq!(problem["found_cells"], 256);
}
