//! `GET /puzzles` and `GET /puzzles/{name}`: the bundled sets.

use serde_json::Value;

use crate::helpers::*;

#[tokio::test]
async fn puzzles_lists_the_bundled_sets_with_counts() {
    let r = get("/puzzles").await;
    assert_eq!(r.status, 200, "{}", r.text);
    let sets = r.json()["sets"].as_array().unwrap().clone();
    let names: Vec<&str> = sets.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "easy50", "top95", "hardest", "notebook", "six", "twelve", "sixteen", "jigsaw9", "x9",
            "hyper9"
        ]
    );
    let counts: Vec<u64> = sets.iter().map(|s| s["count"].as_u64().unwrap()).collect();
    assert_eq!(counts, [50, 95, 11, 5, 10, 5, 5, 5, 5, 5]);
    assert!(sets
        .iter()
        .all(|s| s["description"].as_str().is_some_and(|d| !d.is_empty())));
}

#[tokio::test]
async fn a_set_pages_with_offset_and_limit() {
    let body = get("/puzzles/top95?offset=90&limit=10").await.json();
    assert_eq!(
        (body["name"].as_str(), body["count"].as_u64()),
        (Some("top95"), Some(95))
    );
    assert_eq!(
        (body["offset"].as_u64(), body["limit"].as_u64()),
        (Some(90), Some(10))
    );
    let puzzles = body["puzzles"].as_array().unwrap();
    let indexes: Vec<u64> = puzzles
        .iter()
        .map(|p| p["index"].as_u64().unwrap())
        .collect();
    assert_eq!(indexes, [90, 91, 92, 93, 94]);
    let default_page = get("/puzzles/easy50").await.json();
    assert_eq!(default_page["limit"], 100);
    assert_eq!(default_page["puzzles"].as_array().unwrap().len(), 50);
}

#[tokio::test]
async fn every_bundled_puzzle_is_solvable_and_notebook_puzzles_are_named() {
    for set in ["easy50", "top95", "hardest", "notebook"] {
        let body = get(&format!("/puzzles/{set}?limit=1000")).await.json();
        for entry in body["puzzles"].as_array().unwrap() {
            let puzzle = grid_of(&entry["puzzle"]);
            let r = post_json("/solve", serde_json::json!({ "puzzle": entry["puzzle"] })).await;
            assert_eq!(r.json()["status"], "unique", "{set} {entry}");
            assert!(grid_of(&r.json()["solution"]).solves(&puzzle));
            assert_eq!(entry.get("name").is_some(), set == "notebook", "{entry}");
        }
    }
}

#[tokio::test]
async fn an_unknown_set_is_404_and_bad_paging_is_named() {
    assert_problem(&get("/puzzles/nope").await, 404, "not_found");
    let body: Value = assert_problem(&get("/puzzles/top95?limit=5000").await, 422, "out_of_range");
    assert_eq!(body["field"], "limit");
    assert_eq!(body["maximum"], 1000);
    let body = assert_problem(&get("/puzzles/top95?limit=0").await, 422, "out_of_range");
    assert_eq!(body["minimum"], 1);
    let body = assert_problem(&get("/puzzles/top95?offset=-1").await, 400, "invalid_field");
    assert_eq!(body["field"], "offset");
}

/// Every puzzle of the sets of other shapes comes with its rules, and under them has exactly one
/// solution: `/solve` with those rules (the general solver counting to two) says so.
#[tokio::test]
async fn every_bundled_puzzle_of_another_shape_is_unique_under_its_rules() {
    for (name, size) in [
        ("six", 6),
        ("twelve", 12),
        ("sixteen", 16),
        ("jigsaw9", 9),
        ("x9", 9),
        ("hyper9", 9),
    ] {
        let page = get(&format!("/puzzles/{name}")).await.json();
        let puzzles = page["puzzles"].as_array().unwrap();
        assert!(puzzles.len() >= 5, "{name}");
        for entry in puzzles {
            let rules = &entry["rules"];
            assert_eq!(rules["size"], size, "{name}: {entry}");
            let body = serde_json::json!({"puzzle": entry["puzzle"], "rules": rules});
            let r = post_json("/solve", body).await;
            assert_eq!(r.status, 200, "{name}: {}", r.text);
            assert_eq!(r.json()["status"], "unique", "{name}: {entry}");
        }
    }
    // The classic sets keep their lines as they were: no rules member.
    let classic = get("/puzzles/top95?limit=1").await.json();
    assert!(classic["puzzles"][0].get("rules").is_none());
}
