//! Driving the real router in-process and checking its answers against the spec.

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::Response;
use http_body_util::BodyExt;
use serde_json::Value;
use sudoku_service::config::ServerConfig;
use sudoku_service::engine::Grid;
use sudoku_service::http::{router, AppState};
use tower::ServiceExt;

use crate::spec::{assert_valid, Spec};

/// A response as the tests see it.
pub struct Answer {
    /// The status.
    pub status: StatusCode,
    /// The media type, without parameters.
    pub content_type: String,
    /// `Retry-After`, if sent.
    pub retry_after: Option<HeaderValue>,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// Collects a response.
    pub async fn of(response: Response) -> Answer {
        let status = response.status();
        let content_type = media_type(response.headers().get(header::CONTENT_TYPE));
        let retry_after = response.headers().get(header::RETRY_AFTER).cloned();
        let body = response.into_body().collect().await.expect("a body");
        Answer {
            status,
            content_type,
            retry_after,
            body: body.to_bytes().to_vec(),
        }
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
}

/// One request through a fresh router built with the default configuration.
pub async fn send(method: &str, uri: &str, content_type: Option<&str>, body: Vec<u8>) -> Answer {
    let app = router(AppState::new(&ServerConfig::default()));
    let mut request = Request::builder().method(method).uri(uri);
    if let Some(ct) = content_type {
        request = request.header(header::CONTENT_TYPE, ct);
    }
    let request = request.body(Body::from(body)).expect("a valid request");
    Answer::of(
        app.oneshot(request)
            .await
            .expect("the router is infallible"),
    )
    .await
}

/// A JSON request; `Value::Null` sends no body.
pub async fn send_json(method: &str, uri: &str, body: &Value) -> Answer {
    let bytes = match body {
        Value::Null => Vec::new(),
        _ => body.to_string().into_bytes(),
    };
    send(method, uri, Some("application/json"), bytes).await
}

/// The media type without parameters (`text/plain; version=0.0.4` → `text/plain`).
fn media_type(value: Option<&HeaderValue>) -> String {
    let raw = value.and_then(|v| v.to_str().ok()).unwrap_or("");
    raw.split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// The spec's path template a request path belongs to (`/puzzles/easy50` → `/puzzles/{name}`).
pub fn template_of(uri: &str) -> String {
    let path = uri.split('?').next().unwrap_or(uri);
    match path.strip_prefix("/puzzles/") {
        Some(_) => "/puzzles/{name}".to_string(),
        None => path.to_string(),
    }
}

/// Asserts that the operation documents `answer`'s status and media type and that its body
/// validates against that schema; returns the body as JSON (YAML parsed; other text as a string).
pub fn assert_documented(spec: &Spec, method: &str, uri: &str, answer: &Answer) -> Value {
    let template = template_of(uri);
    let response = spec.response(method, &template, answer.status.as_u16());
    let media = &response["content"][&answer.content_type];
    let what = format!("{method} {uri} {}", answer.status);
    assert!(
        media.is_object(),
        "{what} is not documented as {:?}",
        answer.content_type
    );
    let text = String::from_utf8(answer.body.clone()).expect("a UTF-8 body");
    let value = match answer.content_type.as_str() {
        t if t.ends_with("json") => answer.json(),
        t if t.ends_with("yaml") => serde_norway::from_str(&text).expect("a YAML body"),
        _ => Value::String(text),
    };
    assert_valid(&spec.validator(&media["schema"]), &value, &what);
    value
}

/// A grid from a response's string or rows.
pub fn grid_of(value: &Value) -> Grid {
    if let Some(text) = value.as_str() {
        return Grid::parse(text).expect("a valid grid string");
    }
    let rows: Vec<Vec<Option<i64>>> =
        serde_json::from_value(value.clone()).expect("rows of integers");
    Grid::from_rows(&rows).expect("a valid grid in rows")
}
