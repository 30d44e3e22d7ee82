//! Keeps `openapi.yaml` true to the router: the same routes on both sides, every route served, and
//! real responses — successes and each error kind — validating against the schema documented for
//! their operation, status and media type. Also checks the spec's own examples, and that its
//! schemas are strict enough to reject wrong answers. Requests go through the harness both suites
//! share (`tests/support/http.rs`), which fails any test whose request gets a 500.

#[path = "openapi/errors.rs"]
mod errors;
#[path = "openapi/examples.rs"]
mod examples;
#[path = "support/http.rs"]
mod harness;
#[path = "support/json_match.rs"]
mod json_match;
#[path = "openapi/logic.rs"]
mod logic;
#[path = "openapi/spec.rs"]
mod spec;
#[path = "openapi/strictness.rs"]
mod strictness;

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use sudoku_service::engine::Grid;
use sudoku_service::http::ROUTES;

use harness::{grid_of, request, request_json};
use spec::assert_documented;
use spec::Spec;

pub(crate) const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub(crate) const GRID2_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// No conflicting givens, but propagation empties A9: row A holds 1-8 and B9 holds the 9.
const DEAD_END: &str = "12345678.........9";

/// `prefix` followed by blanks up to 81 cells.
pub(crate) fn padded(prefix: &str) -> String {
    format!("{prefix}{}", ".".repeat(81 - prefix.len()))
}

#[test]
fn router_and_spec_have_the_same_routes() {
    let documented = Spec::load().operations();
    let served: BTreeSet<(String, String)> = ROUTES
        .iter()
        .map(|(m, p)| (m.to_string(), p.to_string()))
        .collect();
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let unserved: Vec<_> = documented.difference(&served).collect();
    assert!(
        undocumented.is_empty(),
        "not in openapi.yaml: {undocumented:?}"
    );
    assert!(
        unserved.is_empty(),
        "in openapi.yaml but not routed: {unserved:?}"
    );
}

#[test]
fn every_operation_with_a_body_documents_413_and_schemathesis_counts_it_as_a_rejection() {
    let spec = Spec::load();
    let paths = spec.doc()["paths"].as_object().unwrap();
    let with_body: Vec<(&String, &str)> = paths
        .iter()
        .flat_map(|(path, item)| {
            let item = item.as_object().unwrap();
            item.iter()
                .filter(|(_, op)| op.get("requestBody").is_some())
                .map(move |(method, op)| (path, method.as_str(), op))
        })
        .inspect(|(path, method, op)| {
            assert!(
                op["responses"].get("413").is_some(),
                "{method} {path} lacks 413"
            );
        })
        .map(|(path, method, _)| (path, method))
        .collect();
    assert!(with_body.len() >= 6, "{with_body:?}");
    let config = include_str!("../schemathesis.toml");
    let section = config
        .split("[checks.negative_data_rejection]")
        .nth(1)
        .expect("schemathesis.toml configures negative_data_rejection");
    let statuses = section
        .lines()
        .find(|l| l.starts_with("expected-statuses"))
        .expect("with its expected statuses");
    assert!(statuses.contains("\"413\""), "{statuses}");
}

#[tokio::test]
async fn every_route_is_served_without_404_405_or_a_server_error() {
    for &(method, template) in ROUTES {
        let body = match method {
            "POST" => json!({ "puzzle": GRID2 }),
            _ => Value::Null,
        };
        let answer = request_json(method, &template.replace("{name}", "easy50"), &body).await;
        let status = answer.status;
        let missing = [StatusCode::NOT_FOUND, StatusCode::METHOD_NOT_ALLOWED];
        assert!(
            !missing.contains(&status) && !status.is_server_error(),
            "{method} {template} answered {status}: {}",
            answer.text
        );
    }
}

#[tokio::test]
#[should_panic(expected = "GET /broken")]
async fn a_request_that_gets_a_500_fails_its_test() {
    let broken = Router::new().route(
        "/broken",
        get(|| async { StatusCode::INTERNAL_SERVER_ERROR }),
    );
    let request = Request::get("/broken").body(Body::empty()).unwrap();
    harness::send(broken, request).await;
}

#[tokio::test]
async fn get_routes_answer_200_as_documented() {
    let spec = Spec::load();
    let uris = [
        "/healthz",
        "/readyz",
        "/metrics",
        "/openapi.yaml",
        "/random?seed=42",
        "/random?unique=false&givens=30&seed=7&format=rows",
        "/random?givens=25&format=string",
        "/puzzles",
        "/puzzles/notebook?limit=2",
        "/puzzles/top95?offset=90&limit=1000",
    ];
    for uri in uris {
        let answer = request("GET", uri, None, Vec::new()).await;
        assert_eq!(answer.status, StatusCode::OK, "GET {uri}");
        assert_documented(&spec, "GET", uri, &answer);
    }
}

#[tokio::test]
async fn served_openapi_yaml_is_the_file_in_the_repository() {
    let answer = request("GET", "/openapi.yaml", None, Vec::new()).await;
    let served = answer.text;
    assert_eq!(served, include_str!("../openapi.yaml"));
}

#[tokio::test]
async fn solve_answers_validate_for_every_verdict_and_format() {
    let spec = Spec::load();
    let cases = [
        (json!({ "puzzle": GRID2 }), "unique"),
        (
            json!({ "puzzle": GRID2, "format": "rows", "max_solutions": 1 }),
            "unique",
        ),
        (
            json!({ "puzzle": padded(""), "max_solutions": 3 }),
            "multiple",
        ),
        (json!({ "puzzle": padded(DEAD_END) }), "none"),
    ];
    for (request, verdict) in cases {
        let answer = request_json("POST", "/solve", &request).await;
        assert_eq!(answer.status, StatusCode::OK, "{request}");
        let body = assert_documented(&spec, "POST", "/solve", &answer);
        assert_eq!(body["status"], verdict, "{request}");
        let puzzle = Grid::parse(request["puzzle"].as_str().expect("text")).expect("a puzzle");
        for solution in body["solutions"].as_array().expect("solutions") {
            assert!(
                grid_of(solution).solves(&puzzle),
                "{solution} does not solve {request}"
            );
        }
    }
}

#[tokio::test]
async fn candidates_and_validate_answers_validate_in_every_outcome() {
    let spec = Spec::load();
    let dead_end = padded(DEAD_END);
    let candidates = [(GRID2, "ok"), (dead_end.as_str(), "none")];
    for (puzzle, status) in candidates {
        let answer = request_json("POST", "/candidates", &json!({ "puzzle": puzzle })).await;
        assert_eq!(answer.status, StatusCode::OK, "{puzzle}");
        let body = assert_documented(&spec, "POST", "/candidates", &answer);
        assert_eq!(body["status"], status, "{puzzle}");
    }
    let clash = padded("11");
    for (puzzle, valid) in [
        (clash.as_str(), false),
        (GRID2_SOLUTION, true),
        (GRID2, true),
    ] {
        let answer = request_json("POST", "/validate", &json!({ "puzzle": puzzle })).await;
        assert_eq!(answer.status, StatusCode::OK, "{puzzle}");
        let body = assert_documented(&spec, "POST", "/validate", &answer);
        assert_eq!(body["valid"], valid, "{puzzle}");
    }
}
