//! The in-process HTTP harness of the integration suites (`tests/api`, `tests/openapi.rs`): the real
//! router built from a test configuration, driven with `oneshot`, and the answers read back whole.
//! Every request sent here fails its test on a 500, which no request may cause; a test that needs
//! a 500 renders `ApiError::Internal` itself and reads it with [`TestResponse::of`].
//!
//! Each suite includes this file with `#[path]` and uses only part of it.
#![allow(dead_code)]

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use sudoku_service::config::ServerConfig;
use sudoku_service::engine::Grid;
use sudoku_service::http::{router, AppState};
use tower::ServiceExt;

/// The solve cap of [`test_config`]: generous, so that unoptimised test builds on a busy machine
/// still finish the hard searches (the deadline path has its own tests with explicit `timeout_ms`).
pub const SOLVE_CAP: Duration = Duration::from_secs(60);

/// Long enough that only a hang reaches it: every job the router runs ends by [`SOLVE_CAP`].
const HANG_GUARD: Duration = Duration::from_secs(300);

/// A small configuration for tests: two workers, a short queue, the documented limits, and the
/// generous [`SOLVE_CAP`].
/// The tests' server: two workers, and budgets wide enough that the suites' own requests (one
/// client, many heavy ones at once) are never refused; the budgets have tests of their own.
pub fn test_config() -> ServerConfig {
    let mut config = ServerConfig {
        workers: 2,
        queue: 8,
        solve_timeout: SOLVE_CAP,
        ..ServerConfig::default()
    };
    config.fairness.budget.max_in_flight = 64;
    config.fairness.budget.worker_ms_per_minute = 3_600_000;
    config
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
    /// The status.
    pub status: StatusCode,
    /// Every header.
    pub headers: HeaderMap,
    /// The body as text (a binary body, such as a PDF, read lossily: see `bytes`).
    pub text: String,
    /// The body's bytes.
    pub bytes: Vec<u8>,
}

impl TestResponse {
    /// Reads `response` whole.
    pub async fn of(response: Response) -> TestResponse {
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        TestResponse {
            status,
            headers,
            text,
            bytes: bytes.to_vec(),
        }
    }

    /// The body as JSON (panics with the body when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.text))
    }

    /// A header as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The media type without parameters (`text/plain; version=0.0.4` is `text/plain`).
    pub fn media_type(&self) -> String {
        let raw = self.header(header::CONTENT_TYPE.as_str()).unwrap_or("");
        raw.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    }
}

/// Sends `request` through `app`; fails on a 500 and on a hang.
pub async fn send(app: Router, request: Request<Body>) -> TestResponse {
    let what = format!("{} {}", request.method(), request.uri());
    let response = tokio::time::timeout(HANG_GUARD, app.oneshot(request))
        .await
        .unwrap_or_else(|_| panic!("{what} hung for {HANG_GUARD:?}"))
        .expect("the router is infallible");
    let answer = TestResponse::of(response).await;
    assert_ne!(
        answer.status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{what}: {}",
        answer.text
    );
    answer
}

/// `method uri` with extra `headers` (an `Accept`, say) and a JSON body unless it is null.
pub async fn request_with(
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &Value,
) -> TestResponse {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let body = if body.is_null() {
        Body::empty()
    } else {
        request = request.header(header::CONTENT_TYPE, "application/json");
        Body::from(body.to_string())
    };
    send(app(), request.body(body).expect("a valid request")).await
}

/// `method uri` with `body` and, if given, a content type, on the default app.
pub async fn request(
    method: &str,
    uri: &str,
    content_type: Option<&str>,
    body: impl Into<Body>,
) -> TestResponse {
    request_on(app(), method, uri, content_type, body).await
}

/// `method uri` with `body` and, if given, a content type, on `app`.
pub async fn request_on(
    app: Router,
    method: &str,
    uri: &str,
    content_type: Option<&str>,
    body: impl Into<Body>,
) -> TestResponse {
    let mut request = Request::builder().method(method).uri(uri);
    if let Some(ct) = content_type {
        request = request.header(header::CONTENT_TYPE, ct);
    }
    send(app, request.body(body.into()).expect("a valid request")).await
}

/// `method uri` with a JSON body on the default app; `Value::Null` sends no body.
pub async fn request_json(method: &str, uri: &str, body: &Value) -> TestResponse {
    let bytes = match body {
        Value::Null => Vec::new(),
        _ => body.to_string().into_bytes(),
    };
    request(method, uri, Some("application/json"), bytes).await
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
    request_on(app, "POST", path, content_type, body).await
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
