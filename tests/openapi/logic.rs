//! The logic endpoints against the contract: every outcome of `/hint`, `/explain`, `/grade` and
//! `/random?difficulty=` validates, and the spec's hint example is the service's real answer.

use axum::http::StatusCode;
use serde_json::json;

use crate::harness::{request, request_json};
use crate::spec::assert_documented;
use crate::spec::Spec;
use crate::GRID2;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[tokio::test]
async fn hint_answers_validate_in_every_outcome() {
    let spec = Spec::load();
    let wrong_a1 = format!("1{}", &EASY[1..]);
    let cases = [
        (json!({ "puzzle": EASY }), "step"),
        (json!({ "puzzle": GRID2, "format": null }), ""),
        (json!({ "puzzle": EASY, "progress": wrong_a1 }), "mistakes"),
        (
            json!({ "puzzle": EASY, "progress": EASY_SOLUTION }),
            "solved",
        ),
    ];
    for (request, status) in cases {
        let answer = request_json("POST", "/hint", &request).await;
        if status.is_empty() {
            // An unknown member is refused as documented.
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{request}");
            assert_documented(&spec, "POST", "/hint", &answer);
            continue;
        }
        assert_eq!(answer.status, StatusCode::OK, "{request}");
        let body = assert_documented(&spec, "POST", "/hint", &answer);
        assert_eq!(body["status"], status, "{request}");
    }
}

#[tokio::test]
async fn explain_grade_and_leveled_random_answers_validate() {
    let spec = Spec::load();
    for puzzle in [EASY, GRID2] {
        for path in ["/explain", "/grade"] {
            let answer = request_json("POST", path, &json!({ "puzzle": puzzle })).await;
            assert_eq!(answer.status, StatusCode::OK, "{path} {puzzle}");
            assert_documented(&spec, "POST", path, &answer);
        }
    }
    for uri in [
        "/random?difficulty=easy&seed=1",
        "/random?difficulty=extreme&seed=2&format=rows",
    ] {
        let answer = request("GET", uri, None, Vec::new()).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}");
        let body = assert_documented(&spec, "GET", "/random", &answer);
        assert!(
            body["difficulty"].is_string() && body["score"].is_u64(),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn logic_refusals_validate_with_their_code() {
    let spec = Spec::load();
    let impossible =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
    let mut changed = EASY.to_string();
    changed.replace_range(2..3, "4");
    let cases = [
        (json!({ "puzzle": impossible }), "no_solution"),
        (json!({ "puzzle": ".".repeat(81) }), "multiple_solutions"),
        (
            json!({ "puzzle": EASY, "progress": changed }),
            "progress_mismatch",
        ),
    ];
    for (request, code) in cases {
        let answer = request_json("POST", "/hint", &request).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{request}");
        let body = assert_documented(&spec, "POST", "/hint", &answer);
        assert_eq!(body["code"], code);
    }
}

#[tokio::test]
async fn shaped_logic_answers_validate() {
    let spec = Spec::load();
    let rules = json!({ "size": 4, "variants": ["x"], "symbols": "WXYZ" });
    let solution = "WXYZYZWXZYXWXWZY";
    let puzzle = "W..Z..W...XW...Y";
    for (path, request) in [
        ("/hint", json!({ "puzzle": puzzle, "rules": rules })),
        (
            "/hint",
            json!({ "puzzle": puzzle, "rules": rules, "progress": solution }),
        ),
        (
            "/explain",
            json!({ "puzzle": puzzle, "rules": rules, "format": "rows" }),
        ),
        ("/grade", json!({ "puzzle": puzzle, "rules": rules })),
    ] {
        let answer = request_json("POST", path, &request).await;
        assert_eq!(answer.status, StatusCode::OK, "{path} {request}");
        assert_documented(&spec, "POST", path, &answer);
    }
    let two = json!({ "puzzle": ".".repeat(16), "rules": { "size": 4 } });
    let answer = request_json("POST", "/explain", &two).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        assert_documented(&spec, "POST", "/explain", &answer)["code"],
        "multiple_solutions"
    );
}
