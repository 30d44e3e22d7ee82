//! Killer sudoku through the API: `rules.cages` on every endpoint through the one dispatch,
//! `GET /random?variant=killer`, and bad cages as 422 `invalid_rules` naming the cage.

use serde_json::{json, Value};
use sudoku_service::config::ServerConfig;
use sudoku_service::engine::shape::{Cells, Rules, Shape};

use crate::helpers::*;

fn shape_of(rules: &Value) -> Shape {
    let rules: Rules = serde_json::from_value(rules.clone()).unwrap();
    Shape::new(&rules).unwrap()
}

async fn ok(path: &str, body: Value) -> Value {
    let r = post_json(path, body).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.json()
}

async fn random(query: &str) -> Value {
    let r = get(&format!("/random?{query}")).await;
    assert_eq!(r.status, 200, "{query}: {}", r.text);
    r.json()
}

/// A 4x4 killer with a unique solution (1234/3412/2143/4321), cages of 1 to 3 cells.
fn small() -> Value {
    json!({"size": 4, "cages": [
        {"sum": 3, "cells": ["A1", "A2"]}, {"sum": 7, "cells": ["A3", "A4"]},
        {"sum": 5, "cells": ["B1", "C1"]}, {"sum": 5, "cells": ["B2", "B3"]},
        {"sum": 2, "cells": ["B4"]}, {"sum": 5, "cells": ["C2", "C3"]},
        {"sum": 4, "cells": ["C4", "D4"]}, {"sum": 4, "cells": ["D1"]},
        {"sum": 5, "cells": ["D2", "D3"]}
    ]})
}

#[tokio::test]
async fn random_killers_have_cages_no_givens_a_grade_and_solve_back() {
    for query in [
        "variant=killer&seed=1",
        "variant=killer&size=6&seed=2",
        "variant=killer,x&seed=3",
        "variant=killer,jigsaw&size=6&seed=4",
    ] {
        let body = random(query).await;
        let rules = body["rules"].clone();
        assert!(!rules["cages"].as_array().unwrap().is_empty(), "{query}");
        assert_eq!(body["givens"], 0, "{query}");
        assert!(
            body["difficulty"].is_string() && body["score"].is_u64(),
            "{query}"
        );
        let shape = shape_of(&rules);
        let puzzle = Cells::parse(&shape, body["puzzle"].as_str().unwrap()).unwrap();
        let solution = Cells::parse(&shape, body["solution"].as_str().unwrap()).unwrap();
        assert!(solution.solves(&shape, &puzzle), "{query}");
        let solved = ok("/solve", json!({"puzzle": body["puzzle"], "rules": rules})).await;
        assert_eq!(solved["status"], "unique", "{query}");
        assert_eq!(solved["solution"], body["solution"], "{query}");
    }
    let again = random("variant=killer&size=6&seed=2").await;
    assert_eq!(again, random("variant=killer&size=6&seed=2").await);
}

#[tokio::test]
async fn random_killers_take_givens_in_a_symmetric_pattern() {
    let body = random("variant=killer&givens=8&symmetry=rotational&seed=5").await;
    let givens = body["givens"].as_u64().unwrap();
    assert!(givens >= 8, "{body}");
    let puzzle = body["puzzle"].as_str().unwrap().as_bytes();
    for c in 0..81 {
        assert_eq!(puzzle[c] == b'.', puzzle[80 - c] == b'.');
    }
    let r = get("/random?variant=killer&unique=false").await;
    assert_eq!(r.status, 400, "{}", r.text);
    let r = get("/random?variant=killer&givens=82").await;
    assert_eq!(r.status, 422, "{}", r.text);
}

#[tokio::test]
async fn every_endpoint_takes_cages() {
    let rules = small();
    let blank = "................";
    let solved = ok("/solve", json!({"puzzle": blank, "rules": rules})).await;
    assert_eq!(solved["status"], "unique");
    assert_eq!(solved["solution"], "1234341221434321");
    // The cage of 3 in two cells holds only 1 and 2; the one-cell cage of 2 is placed.
    let cands = ok("/candidates", json!({"puzzle": blank, "rules": rules})).await;
    let cands = cands["candidates"].as_array().unwrap();
    assert_eq!(cands[0], "1");
    assert_eq!(cands[7], "2");
    let valid = ok(
        "/validate",
        json!({"puzzle": "1..........1....", "rules": rules}),
    )
    .await;
    assert_eq!(valid["valid"], true);
    let clash = ok(
        "/validate",
        json!({"puzzle": "....2...2.......", "rules": rules}),
    )
    .await;
    let units: Vec<&Value> = clash["conflicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["unit"])
        .collect();
    assert!(units.contains(&&json!("cage 3")), "{clash}");
    let graded = ok("/grade", json!({"puzzle": blank, "rules": rules})).await;
    assert!(graded["score"].is_u64());
    let explained = ok("/explain", json!({"puzzle": blank, "rules": rules})).await;
    assert_eq!(explained["solution"], "1234341221434321");
    let hinted = ok("/hint", json!({"puzzle": blank, "rules": rules})).await;
    assert_eq!(hinted["status"], "step");
    let solution = b"1234341221434321";
    for p in hinted["step"]["placements"].as_array().unwrap() {
        let square = p["square"].as_str().unwrap().as_bytes();
        let cell = usize::from(square[0] - b'A') * 4 + usize::from(square[1] - b'1');
        assert_eq!(p["digit"].as_u64().unwrap() as u8, solution[cell] - b'0');
    }
}

#[tokio::test]
async fn a_bad_cage_is_invalid_rules_naming_the_cage() {
    let cases = [
        (
            json!([{"sum": 3, "cells": ["A3", "A4"]}, {"sum": 10, "cells": ["A1", "C3"]}]),
            "cage 2: cells A1 and C3 are not connected",
            2,
        ),
        (
            json!([{"sum": 3, "cells": ["A3", "A4"]}, {"sum": 50, "cells": ["A1", "A2", "B1"]}]),
            "cage 2: sum 50 is impossible for 3 cells; expected 6 to 24",
            2,
        ),
        (
            json!([{"sum": 3, "cells": ["E5", "E6"]}, {"sum": 10, "cells": ["E4", "E5"]}]),
            "cages overlap at E5",
            2,
        ),
    ];
    for (cages, detail, cage) in cases {
        let r = post_json(
            "/solve",
            json!({"puzzle": ".".repeat(81), "rules": {"cages": cages}}),
        )
        .await;
        assert_eq!(r.status, 422, "{}", r.text);
        let body = r.json();
        assert_eq!(body["code"], "invalid_rules");
        assert_eq!(body["field"], "rules.cages");
        assert_eq!(body["cage"], cage);
        assert_eq!(body["detail"], detail);
    }
    let r = post_json(
        "/solve",
        json!({"puzzle": ".".repeat(81), "rules": {"cages": [{"sum": 3, "cells": ["A1"], "colour": 1}]}}),
    )
    .await;
    assert_eq!(
        r.status, 400,
        "unknown members of a cage are refused: {}",
        r.text
    );
}

#[tokio::test]
async fn random_killers_are_made_to_each_level() {
    for level in ["easy", "medium", "hard", "expert", "extreme"] {
        let query = format!("variant=killer&difficulty={level}&seed=1");
        let body = random(&query).await;
        assert_eq!(body["difficulty"], level, "{query}");
        let rules = body["rules"].clone();
        assert!(!rules["cages"].as_array().unwrap().is_empty(), "{query}");
        let shape = shape_of(&rules);
        let puzzle = Cells::parse(&shape, body["puzzle"].as_str().unwrap()).unwrap();
        let solution = Cells::parse(&shape, body["solution"].as_str().unwrap()).unwrap();
        // `solves` checks the cages' sums and distinct values as well as the units.
        assert!(solution.solves(&shape, &puzzle), "{query}");
        let graded = ok("/grade", json!({"puzzle": body["puzzle"], "rules": rules})).await;
        assert_eq!(graded["difficulty"], level, "{query}: {graded}");
        let solved = ok("/solve", json!({"puzzle": body["puzzle"], "rules": rules})).await;
        assert_eq!(solved["status"], "unique", "{query}");
        assert_eq!(
            random(&query).await,
            body,
            "{query}: same seed, same killer"
        );
    }
}

#[tokio::test]
async fn a_killer_level_on_16x16_answers_cleanly_and_givens_with_a_level_is_refused() {
    // A short cap: the level search on 16x16 is abandoned at the deadline, a clean 504 (or 422).
    let config = ServerConfig {
        solve_timeout: std::time::Duration::from_millis(300),
        ..test_config()
    };
    let r = get_on(
        app_with(config),
        "/random?variant=killer&size=16&difficulty=extreme&seed=1",
    )
    .await;
    assert!(
        [200, 422, 504].contains(&r.status.as_u16()),
        "{}: {}",
        r.status,
        r.text
    );
    let r = get("/random?variant=killer&difficulty=hard&givens=5&seed=1").await;
    assert_eq!(r.status, 400, "{}", r.text);
    assert_eq!(r.json()["field"], "givens", "{}", r.text);
}

/// A 16x16 killer with no givens takes about a second of a release core, many in a debug build: a
/// short cap stops it (generation checks honour the deadline) with a clean 504 giving the time.
#[tokio::test]
async fn a_16x16_killer_past_the_deadline_is_a_504_with_the_elapsed_time() {
    let config = ServerConfig {
        solve_timeout: std::time::Duration::from_millis(50),
        ..test_config()
    };
    let r = get_on(app_with(config), "/random?variant=killer&size=16&seed=1").await;
    let problem = assert_problem(&r, 504, "deadline_exceeded");
    assert!(
        problem["detail"].as_str().unwrap().contains("50 ms"),
        "{problem}"
    );
    let elapsed = problem["stats"]["elapsed_us"].as_u64().unwrap();
    assert!(elapsed >= 50_000, "the time spent is reported: {problem}");
}
