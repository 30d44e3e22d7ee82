//! Operational routes and cross-cutting layers: health, readiness, metrics, the spec, request ids,
//! CORS and compression.

use axum::body::Body;
use axum::http::Request;
use serde_json::json;
use sudoku_service::access_log::LogLine;
use sudoku_service::http::{router, AppState};

use crate::helpers::*;

#[tokio::test]
async fn healthz_says_ok() {
    let r = get("/healthz").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json(), json!({ "status": "ok" }));
}

#[tokio::test]
async fn readyz_is_ready_until_shutdown_begins() {
    let state = AppState::new(&test_config());
    let r = get_on(router(state.clone()), "/readyz").await;
    assert_eq!(
        (r.status.as_u16(), r.json()),
        (200, json!({ "status": "ready" }))
    );
    state.begin_shutdown();
    let r = get_on(router(state.clone()), "/readyz").await;
    assert_eq!(r.status, 503);
    // What the access log sees: the draining probe, not load shedding.
    let request = Request::get("/readyz").body(Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(router(state), request)
        .await
        .unwrap();
    assert_eq!(LogLine::of(&response), LogLine::Draining);
}

#[tokio::test]
async fn openapi_yaml_is_served_as_written() {
    let r = get("/openapi.yaml").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/yaml"));
    let on_disk =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.yaml")).unwrap();
    assert_eq!(r.text, on_disk);
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status_and_solves_by_verdict() {
    let app = app();
    post_json_on(app.clone(), "/solve", json!({ "puzzle": EASY })).await;
    post_json_on(app.clone(), "/solve", json!({ "puzzle": HARD1 })).await;
    post_json_on(app.clone(), "/solve", json!({ "puzzle": DEAD_END })).await;
    post_json_on(app.clone(), "/solve", json!({ "puzzle": "1" })).await;
    get_on(app.clone(), "/nowhere").await;
    let r = get_on(app, "/metrics").await;
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-type")
        .unwrap()
        .starts_with("text/plain; version=0.0.4"));
    for line in [
        "sudoku_http_requests_total{route=\"/solve\",status=\"200\"} 3",
        "sudoku_http_requests_total{route=\"/solve\",status=\"422\"} 1",
        "sudoku_http_requests_total{route=\"unmatched\",status=\"404\"} 1",
        "sudoku_solves_total{verdict=\"unique\"} 1",
        "sudoku_solves_total{verdict=\"multiple\"} 1",
        "sudoku_solves_total{verdict=\"none\"} 1",
        "sudoku_http_request_duration_seconds_count 5",
        "sudoku_queue_depth 0",
        "sudoku_workers_busy 0",
        "sudoku_workers 2",
        "sudoku_solve_timeouts_total 0",
        "sudoku_solve_cancellations_total 0",
        "sudoku_lane_queue_depth{lane=\"heavy\"} 0",
        "sudoku_escalations_total 0",
        "sudoku_rate_limited_total{reason=\"budget\"} 0",
    ] {
        assert!(
            r.text.lines().any(|l| l == line),
            "missing {line:?} in\n{}",
            r.text
        );
    }
}

#[tokio::test]
async fn every_response_carries_a_request_id_and_keeps_the_callers() {
    let r = get("/healthz").await;
    assert!(r.header("x-request-id").is_some_and(|id| id.len() >= 32));
    let request = Request::get("/healthz")
        .header("x-request-id", "abc-123")
        .body(Body::empty())
        .unwrap();
    let r = send(app(), request).await;
    assert_eq!(r.header("x-request-id"), Some("abc-123"));
    let r = get("/nowhere").await;
    assert!(r.header("x-request-id").is_some(), "errors too");
}

#[tokio::test]
async fn cors_allows_any_origin_by_default_and_only_configured_ones_otherwise() {
    let preflight = |origin: &'static str| {
        Request::options("/solve")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .body(Body::empty())
            .unwrap()
    };
    let r = send(app(), preflight("https://game.example")).await;
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    let restricted = sudoku_service::config::ServerConfig {
        cors_origins: vec!["https://ok.example".into()],
        ..test_config()
    };
    let r = send(
        app_with(restricted.clone()),
        preflight("https://ok.example"),
    )
    .await;
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("https://ok.example")
    );
    let r = send(app_with(restricted), preflight("https://evil.example")).await;
    assert_eq!(r.header("access-control-allow-origin"), None);
}

#[tokio::test]
async fn large_responses_are_gzipped_when_the_client_accepts_it() {
    let request = Request::get("/puzzles/top95?limit=1000")
        .header("accept-encoding", "gzip")
        .body(Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(app(), request).await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn cors_lets_browsers_send_a_request_id_read_retry_after_and_cache_the_preflight() {
    let preflight = Request::options("/solve")
        .header("origin", "https://game.example")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "content-type,x-request-id",
        )
        .body(Body::empty())
        .unwrap();
    let r = send(app(), preflight).await;
    assert_eq!(
        r.header("access-control-max-age"),
        Some("7200"),
        "browsers may cache the preflight for two hours (Chromium's cap)"
    );
    let allowed = r
        .header("access-control-allow-headers")
        .unwrap_or("")
        .to_ascii_lowercase();
    assert!(allowed.contains("x-request-id"), "{allowed}");
    let simple = Request::get("/healthz")
        .header("origin", "https://game.example")
        .body(Body::empty())
        .unwrap();
    let r = send(app(), simple).await;
    let exposed = r
        .header("access-control-expose-headers")
        .unwrap_or("")
        .to_ascii_lowercase();
    assert!(
        exposed.contains("retry-after") && exposed.contains("x-request-id"),
        "{exposed}"
    );
}

#[tokio::test]
async fn metrics_count_the_solves_of_every_shape_and_of_killers() {
    let app = app();
    let six = json!({ "puzzle": "1...4..63..1..6.......15.2.......5.3", "rules": { "size": 6 } });
    post_json_on(app.clone(), "/solve", six).await;
    let killer = json!({ "puzzle": "................", "rules": { "size": 4, "cages": [
        { "sum": 3, "cells": ["A1", "A2"] }, { "sum": 7, "cells": ["A3", "A4"] },
    ] } });
    let r = post_json_on(app.clone(), "/solve", killer).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let verdict = r.json()["status"].as_str().unwrap().to_string();
    let r = get_on(app, "/metrics").await;
    let count = |v: &str| {
        let prefix = format!("sudoku_solves_total{{verdict=\"{v}\"}} ");
        r.text
            .lines()
            .find_map(|l| l.strip_prefix(&prefix))
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    assert_eq!(
        count("unique") + count("multiple") + count("none"),
        2,
        "{}",
        r.text
    );
    assert!(count(&verdict) >= 1);
}

#[tokio::test]
async fn a_request_id_too_long_or_unprintable_is_replaced_not_echoed() {
    let with_id = |id: String| {
        Request::get("/healthz")
            .header("x-request-id", id)
            .body(Body::empty())
            .unwrap()
    };
    let longest = "a".repeat(128);
    let r = send(app(), with_id(longest.clone())).await;
    assert_eq!(r.header("x-request-id"), Some(longest.as_str()));
    let r = send(app(), with_id("a".repeat(400_000))).await;
    let id = r.header("x-request-id").unwrap();
    assert!(id.len() < 64 && !id.starts_with("aaaa"), "a fresh id: {id}");
    let r = send(app(), with_id("two words".into())).await;
    assert_ne!(r.header("x-request-id"), Some("two words"));
}

#[tokio::test]
async fn metrics_are_not_exposed_to_other_origins() {
    let from_elsewhere = |method: &str| {
        let request = Request::builder()
            .method(method)
            .uri("/metrics")
            .header("origin", "https://elsewhere.example")
            .header("access-control-request-method", "GET");
        request.body(Body::empty()).unwrap()
    };
    let r = send(app(), from_elsewhere("GET")).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("access-control-allow-origin"), None);
    let r = send(app(), from_elsewhere("OPTIONS")).await;
    assert_eq!(r.header("access-control-allow-origin"), None);
    // Other routes still answer any origin by default.
    let request = Request::get("/healthz")
        .header("origin", "https://elsewhere.example")
        .body(Body::empty())
        .unwrap();
    assert_eq!(
        send(app(), request)
            .await
            .header("access-control-allow-origin"),
        Some("*")
    );
}
