//! Every error kind, as real responses of the router where a request can trigger it, validates
//! against the problem schema documented for its operation, with its own `code` and status.

use axum::http::StatusCode;
use axum::response::IntoResponse;
use serde_json::{json, Value};
use sudoku_service::engine::Stats;
use sudoku_service::http::ApiError;

use crate::harness::{request, request_json, TestResponse};
use crate::spec::assert_documented;
use crate::spec::{assert_valid, Spec};
use crate::{padded, GRID2};

#[tokio::test]
async fn every_error_a_request_can_trigger_validates_with_its_code() {
    let spec = Spec::load();
    let eight_rows = vec![vec![0; 9]; 8];
    let mut short_row = vec![vec![0; 9]; 9];
    short_row[2].pop();
    let mut flat = vec![0; 81];
    flat[12] = 12;
    let cases = [
        (
            "POST",
            "/solve",
            json!({ "puzzle": {} }),
            400,
            "invalid_field",
        ),
        ("POST", "/solve", json!({}), 400, "invalid_field"),
        (
            "POST",
            "/solve",
            json!({ "puzzle": GRID2, "colour": 1 }),
            400,
            "invalid_field",
        ),
        (
            "POST",
            "/solve",
            json!({ "puzzle": GRID2, "max_solutions": 0 }),
            422,
            "out_of_range",
        ),
        (
            "POST",
            "/solve",
            json!({ "puzzle": GRID2, "timeout_ms": 0 }),
            422,
            "out_of_range",
        ),
        (
            "POST",
            "/solve",
            json!({ "puzzle": "123" }),
            422,
            "wrong_cell_count",
        ),
        (
            "POST",
            "/candidates",
            json!({ "puzzle": eight_rows }),
            422,
            "wrong_row_count",
        ),
        (
            "POST",
            "/validate",
            json!({ "puzzle": short_row }),
            422,
            "wrong_row_length",
        ),
        (
            "POST",
            "/solve",
            json!({ "puzzle": flat }),
            422,
            "value_out_of_range",
        ),
        (
            "POST",
            "/solve",
            json!({ "puzzle": padded("11") }),
            422,
            "conflicting_givens",
        ),
        (
            "POST",
            "/candidates",
            json!({ "puzzle": padded("1........1") }),
            422,
            "conflicting_givens",
        ),
        (
            "GET",
            "/random?givens=200",
            Value::Null,
            422,
            "out_of_range",
        ),
        (
            "GET",
            "/random?unique=maybe",
            Value::Null,
            400,
            "invalid_field",
        ),
        ("GET", "/random?seed=-5", Value::Null, 400, "invalid_field"),
        (
            "GET",
            "/random?format=columns",
            Value::Null,
            400,
            "invalid_field",
        ),
        ("GET", "/puzzles/medium", Value::Null, 404, "not_found"),
        (
            "GET",
            "/puzzles/easy50?limit=5000",
            Value::Null,
            422,
            "out_of_range",
        ),
        (
            "GET",
            "/puzzles/easy50?offset=-1",
            Value::Null,
            400,
            "invalid_field",
        ),
    ];
    for (method, uri, body, status, code) in cases {
        let answer = request_json(method, uri, &body).await;
        assert_problem(&spec, method, uri, &answer, status, code);
    }
}

#[tokio::test]
async fn body_level_errors_validate_with_their_code() {
    let spec = Spec::load();
    let too_big = format!("{{\"puzzle\":\"{}\"}}", " ".repeat(70_000)).into_bytes();
    let cases = [
        (
            "application/json",
            b"{\"puzzle\":".to_vec(),
            400,
            "invalid_json",
        ),
        (
            "text/plain",
            GRID2.as_bytes().to_vec(),
            415,
            "unsupported_media_type",
        ),
        ("application/json", too_big, 413, "payload_too_large"),
    ];
    for (content_type, body, status, code) in cases {
        let answer = request("POST", "/solve", Some(content_type), body).await;
        assert_problem(&spec, "POST", "/solve", &answer, status, code);
    }
}

fn assert_problem(
    spec: &Spec,
    method: &str,
    uri: &str,
    answer: &TestResponse,
    status: u16,
    code: &str,
) {
    let text = &answer.text;
    assert_eq!(answer.status.as_u16(), status, "{method} {uri}: {text}");
    let problem = assert_documented(spec, method, uri, answer);
    assert_eq!(problem["code"], code, "{method} {uri}");
    assert_eq!(problem["status"], status, "{method} {uri}: body status");
}

#[tokio::test]
async fn unknown_routes_and_wrong_methods_are_problems_per_the_spec() {
    let problem = Spec::load().component("Problem");
    for (method, uri, status, code) in [
        ("GET", "/nowhere", 404, "not_found"),
        ("DELETE", "/solve", 405, "method_not_allowed"),
        ("POST", "/healthz", 405, "method_not_allowed"),
    ] {
        let answer = request(method, uri, None, Vec::new()).await;
        assert_eq!(answer.status.as_u16(), status, "{method} {uri}");
        assert_eq!(
            answer.media_type(),
            "application/problem+json",
            "{method} {uri}"
        );
        let body = answer.json();
        assert_valid(&problem, &body, &format!("{method} {uri}"));
        assert_eq!(body["code"], code, "{method} {uri}");
    }
}

#[tokio::test]
async fn errors_no_single_request_can_force_render_as_documented() {
    // A full queue, a passed deadline and a caught panic need load, a slow search or a bug to happen
    // through the router; the router renders them with this same code, so it is checked directly.
    let spec = Spec::load();
    let stats = Stats::default();
    let cases = [
        (ApiError::QueueFull, "/solve", "queue_full"),
        (
            ApiError::TooManyBatches { max: 16 },
            "/solve/batch",
            "too_many_batches",
        ),
        (
            ApiError::DeadlineExceeded {
                timeout_ms: 2000,
                stats,
            },
            "/candidates",
            "deadline_exceeded",
        ),
        (
            ApiError::RequestTimeout { limit_ms: 3000 },
            "/solve",
            "request_timeout",
        ),
        (ApiError::Internal, "/validate", "internal"),
    ];
    for (error, uri, code) in cases {
        let answer = TestResponse::of(error.into_response()).await;
        let problem = assert_documented(&spec, "POST", uri, &answer);
        assert_eq!(problem["code"], code);
        let needs_retry_after = answer.status == StatusCode::SERVICE_UNAVAILABLE;
        assert_eq!(
            answer.header("retry-after").is_some(),
            needs_retry_after,
            "{code}: Retry-After"
        );
    }
}
