//! Cross-cutting error answers: malformed bodies, media types, size limits, unknown routes and
//! methods; all problem+json.

use axum::body::Body;
use axum::http::Request;
use serde_json::json;
use sudoku_service::server::ServerConfig;

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
