//! The probes an orchestrator polls: liveness (`/healthz`) and readiness (`/readyz`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::AppState;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

/// The body of both probes: `{"status": ...}`.
#[derive(Debug, Serialize)]
pub struct ProbeStatus {
    /// `ok` (liveness), `ready` or `shutting_down` (readiness).
    pub status: &'static str,
}

async fn healthz() -> Json<ProbeStatus> {
    Json(ProbeStatus { status: "ok" })
}

/// 503 once shutdown has begun, so a load balancer stops sending new work while in-flight requests
/// finish.
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    if state.is_shutting_down() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(ProbeStatus {
                status: "shutting_down",
            }),
        );
    }
    (StatusCode::OK, Json(ProbeStatus { status: "ready" }))
}
