//! Operational routes: liveness (`/healthz`), readiness (`/readyz`), Prometheus metrics (`/metrics`)
//! and the API contract itself (`/openapi.yaml`).

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use super::AppState;

/// The OpenAPI document, served as written.
pub const OPENAPI_YAML: &str = include_str!("../../openapi.yaml");

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route("/openapi.yaml", get(openapi))
}

async fn healthz() -> impl IntoResponse {
    Json(json!({ "status": "ok" }))
}

/// 503 once shutdown has begun, so a load balancer stops sending new work while in-flight requests
/// finish.
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    if state.is_shutting_down() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "shutting_down" })),
        );
    }
    (StatusCode::OK, Json(json!({ "status": "ready" })))
}

async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        state.metrics().render(state.pool()),
    )
}

async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/yaml")], OPENAPI_YAML)
}
