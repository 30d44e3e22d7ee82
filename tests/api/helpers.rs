//! Shared test helpers: an app built from the real router, typed request helpers, puzzle constants,
//! and checks for problem+json answers and grids.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use sudoku_service::config::ServerConfig;
use sudoku_service::engine::Grid;
use sudoku_service::http::{router, AppState};
use tower::ServiceExt;

/// Grid 1 of Norvig's essay (easy, unique).
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Grid 2 of the essay (hard, unique).
pub const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Norvig's "impossible" puzzle: no solution.
pub const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
/// hard1 of the essay: many solutions.
pub const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

/// A puzzle without a solution that propagation alone refutes: A1 sees 1-8 in its row and 9 in its
/// column, though no two givens clash.
pub const DEAD_END: &str =
    ".123456789.......................................................................";

/// A small configuration for tests: two workers, a short queue, the documented limits, and a
/// generous solve cap so that unoptimised test builds on a busy machine still finish the hard
/// searches (the deadline path has its own tests with explicit `timeout_ms`).
pub fn test_config() -> ServerConfig {
    ServerConfig {
        workers: 2,
        queue: 8,
        solve_timeout: Duration::from_secs(60),
        ..ServerConfig::default()
    }
}

/// The router with [`test_config`].
pub fn app() -> Router {
    app_with(test_config())
}

/// The router with `config`.
pub fn app_with(config: ServerConfig) -> Router {
    router(AppState::new(&config))
}

/// A response with its body read.
#[derive(Debug)]
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl TestResponse {
    /// The body as JSON (panics with the body when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.text))
    }

    /// A header as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// Sends `request` through a fresh copy of `app`.
pub async fn send(app: Router, request: Request<Body>) -> TestResponse {
    let response = tokio::time::timeout(Duration::from_secs(20), app.oneshot(request))
        .await
        .expect("the request finished within 20 s")
        .expect("the router is infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).expect("a UTF-8 body");
    TestResponse {
        status,
        headers,
        text,
    }
}

/// `GET path` on the default app.
pub async fn get(path: &str) -> TestResponse {
    get_on(app(), path).await
}

/// `GET path` on `app`.
pub async fn get_on(app: Router, path: &str) -> TestResponse {
    let request = Request::get(path).body(Body::empty()).unwrap();
    send(app, request).await
}

/// `POST path` with a JSON body on the default app.
pub async fn post_json(path: &str, body: Value) -> TestResponse {
    post_json_on(app(), path, body).await
}

/// `POST path` with a JSON body on `app`.
pub async fn post_json_on(app: Router, path: &str, body: Value) -> TestResponse {
    post_raw_on(app, path, Some("application/json"), body.to_string()).await
}

/// `POST path` with any body and content type on the default app.
pub async fn post_raw(
    path: &str,
    content_type: Option<&str>,
    body: impl Into<Body>,
) -> TestResponse {
    post_raw_on(app(), path, content_type, body).await
}

/// `POST path` with any body and content type on `app`.
pub async fn post_raw_on(
    app: Router,
    path: &str,
    content_type: Option<&str>,
    body: impl Into<Body>,
) -> TestResponse {
    let mut request = Request::post(path);
    if let Some(ct) = content_type {
        request = request.header(header::CONTENT_TYPE, ct);
    }
    send(app, request.body(body.into()).unwrap()).await
}

/// Checks an RFC 9457 answer with `status` and `code`, and returns its body.
#[track_caller]
pub fn assert_problem(response: &TestResponse, status: u16, code: &str) -> Value {
    assert_eq!(response.status.as_u16(), status, "body: {}", response.text);
    assert_eq!(
        response.header("content-type"),
        Some("application/problem+json"),
        "body: {}",
        response.text
    );
    let body = response.json();
    assert_eq!(body["code"], code, "body: {body}");
    assert_eq!(body["status"], status, "body: {body}");
    assert_eq!(
        body["type"],
        format!("https://sudoku.example/problems/{code}")
    );
    assert!(body["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(body["detail"].as_str().is_some_and(|d| !d.is_empty()));
    body
}

/// A grid from its 81-character text (panics on anything else).
pub fn grid(text: &str) -> Grid {
    Grid::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// A grid from a response value: an 81-character string or 9 rows of 9 integers.
#[track_caller]
pub fn grid_of(value: &Value) -> Grid {
    if let Some(text) = value.as_str() {
        assert_eq!(text.len(), 81, "{text:?}");
        return grid(text);
    }
    let rows: Vec<Vec<Option<i64>>> =
        serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{value}: {e}"));
    Grid::from_rows(&rows).unwrap()
}

/// The puzzle as 9 rows of integers, 0 for blanks.
pub fn rows_of(text: &str) -> Value {
    serde_json::to_value(grid(text).rows()).unwrap()
}

/// The puzzle as 81 integers, 0 for blanks.
pub fn flat_of(text: &str) -> Value {
    serde_json::to_value(grid(text).values().to_vec()).unwrap()
}
