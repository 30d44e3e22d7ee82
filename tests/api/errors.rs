//! Cross-cutting error answers: malformed bodies, media types, size limits, unknown routes and
//! methods; all problem+json.

use axum::body::Body;
use axum::http::Request;
use serde_json::json;
use sudoku_service::config::ServerConfig;

use crate::helpers::*;

#[tokio::test]
async fn malformed_json_is_400_invalid_json_with_the_position() {
    for body in [
        "{\"puzzle\": ",
        "{puzzle: 1}",
        "{\"puzzle\": \"1\"} trailing",
        "",
    ] {
        let r = post_raw("/solve", Some("application/json"), body).await;
        let problem = assert_problem(&r, 400, "invalid_json");
        assert!(
            problem["detail"].as_str().unwrap().contains("line"),
            "{problem}"
        );
    }
}

#[tokio::test]
async fn a_body_not_declared_as_json_is_415() {
    for content_type in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let r = post_raw(
            "/solve",
            content_type,
            json!({ "puzzle": EASY }).to_string(),
        )
        .await;
        assert_problem(&r, 415, "unsupported_media_type");
    }
    let r = post_raw(
        "/solve",
        Some("application/json; charset=utf-8"),
        json!({ "puzzle": EASY }).to_string(),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_with_the_limit() {
    let config = ServerConfig {
        max_body_bytes: 1024,
        ..test_config()
    };
    let big = json!({ "puzzle": EASY, "padding": "x".repeat(2000) }).to_string();
    // Sent without a content-length, the limit is hit while reading; `live` sends one, which the
    // limit refuses before reading.
    let r = post_raw_on(app_with(config), "/solve", Some("application/json"), big).await;
    assert_eq!(
        assert_problem(&r, 413, "payload_too_large")["limit_bytes"],
        1024
    );
}

#[tokio::test]
async fn unknown_routes_are_404_and_wrong_methods_405_as_problems() {
    assert_problem(&get("/nowhere").await, 404, "not_found");
    let r = get("/solve").await;
    assert_problem(&r, 405, "method_not_allowed");
    let r = send(
        app(),
        Request::delete("/healthz").body(Body::empty()).unwrap(),
    )
    .await;
    assert_problem(&r, 405, "method_not_allowed");
}

#[tokio::test]
async fn a_valid_json_value_of_the_wrong_kind_is_invalid_field_not_invalid_json() {
    let r = post_raw(
        "/solve",
        Some("application/json"),
        format!(r#"{{"puzzle": "{EASY}", "format": 1}}"#),
    )
    .await;
    assert_eq!(assert_problem(&r, 400, "invalid_field")["field"], "format");
    let r = post_raw(
        "/solve",
        Some("application/json"),
        format!(r#"{{"puzzle": "{EASY}", "timeout_ms": 1e400}}"#),
    )
    .await;
    assert_eq!(
        assert_problem(&r, 400, "invalid_field")["field"],
        "timeout_ms"
    );
}

#[tokio::test]
async fn query_integers_are_digits_only_without_sign_or_spaces() {
    for query in ["givens=+20", "givens=%2020", "givens=20%20", "givens="] {
        let r = get(&format!("/random?{query}")).await;
        let problem = assert_problem(&r, 400, "invalid_field");
        assert_eq!(problem["field"], "givens", "{query}");
    }
    assert_eq!(get("/random?givens=20&seed=1").await.status, 200);
}

#[tokio::test]
async fn type_errors_speak_json_not_rust() {
    let r = post_json("/solve", json!({ "puzzle": EASY, "max_solutions": -1 })).await;
    let detail = assert_problem(&r, 400, "invalid_field")["detail"].to_string();
    assert!(!detail.contains("u64"), "{detail}");
    assert!(detail.contains("non-negative integer"), "{detail}");
    let r = post_json("/solve", json!({ "puzzle": 5 })).await;
    let detail = assert_problem(&r, 400, "invalid_field")["detail"].to_string();
    assert!(!detail.contains("64-bit"), "{detail}");
    let mut rows: Vec<serde_json::Value> = vec![json!(vec![0; 9]); 9];
    rows[3] = json!(7);
    let r = post_json("/solve", json!({ "puzzle": rows })).await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "puzzle[3]");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("every row is an array"),
        "{problem}"
    );
}

#[tokio::test]
async fn a_compressed_body_is_415_unsupported_content_encoding_not_read_as_json() {
    let body = json!({ "puzzle": EASY }).to_string();
    for encoding in ["gzip", "br", "deflate, gzip"] {
        let request = Request::post("/solve")
            .header("content-type", "application/json")
            .header("content-encoding", encoding)
            .body(Body::from(body.clone()))
            .unwrap();
        let r = send(app(), request).await;
        assert_problem(&r, 415, "unsupported_content_encoding");
    }
    let request = Request::post("/solve")
        .header("content-type", "application/json")
        .header("content-encoding", "identity")
        .body(Body::from(body))
        .unwrap();
    assert_eq!(send(app(), request).await.status, 200);
}

#[tokio::test]
async fn a_path_that_does_not_decode_is_a_404_problem() {
    assert_problem(&get("/puzzles/%ff%fe").await, 404, "not_found");
}

#[tokio::test]
async fn options_is_a_preflight_only_for_a_real_route_else_404_or_405() {
    let options = |uri: &str| Request::options(uri).body(Body::empty()).unwrap();
    assert_problem(&send(app(), options("/nope")).await, 404, "not_found");
    assert_problem(&send(app(), options("*")).await, 404, "not_found");
    let r = send(app(), options("/solve")).await;
    assert_problem(&r, 405, "method_not_allowed");
    assert_eq!(r.header("allow"), Some("POST"));
    let preflight = Request::options("/solve")
        .header("origin", "https://app.example")
        .header("access-control-request-method", "POST")
        .body(Body::empty())
        .unwrap();
    let r = send(app(), preflight).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.header("access-control-allow-methods").is_some());
}

#[tokio::test]
async fn a_type_error_inside_rules_names_the_member_and_the_cage() {
    let blank = ".".repeat(81);
    let r = post_json(
        "/solve",
        json!({ "puzzle": blank, "rules": { "cages": [
            { "sum": 3, "cells": ["A1", "A2"] },
            { "sum": "3", "cells": ["A3", "A4"] },
        ] } }),
    )
    .await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "rules.cages[1].sum");
    assert!(
        problem["detail"].as_str().unwrap().starts_with("cage 2: "),
        "{problem}"
    );
    let r = post_json(
        "/solve",
        json!({ "puzzle": blank, "rules": { "variants": ["diag"] } }),
    )
    .await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "rules.variants[0]");
    let r = post_json("/solve", json!({ "puzzle": blank, "rules": [null] })).await;
    assert_eq!(assert_problem(&r, 400, "invalid_field")["field"], "rules");
}

#[tokio::test]
async fn a_stray_character_in_a_classic_puzzle_is_named_with_its_position() {
    let mut text = EASY.to_string();
    text.replace_range(79..80, "x");
    let r = post_json("/solve", json!({ "puzzle": text })).await;
    let problem = assert_problem(&r, 422, "unknown_symbol");
    assert_eq!(problem["position"], 80);
    assert!(
        problem["detail"].as_str().unwrap().contains("'x'"),
        "{problem}"
    );
    // Layout between cells is still layout, and a short puzzle is still a count.
    let r = post_json("/solve", json!({ "puzzle": &EASY[..80] })).await;
    assert_problem(&r, 422, "wrong_cell_count");
}
