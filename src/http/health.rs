//! The probes an orchestrator polls: liveness (`/healthz`) and readiness (`/readyz`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::AppState;
use crate::access_log::Draining;

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
/// The 503 is marked [`Draining`] so the access log tells it from load shedding.
async fn readyz(State(state): State<AppState>) -> Response {
    if state.is_shutting_down() {
        let mut response = (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(ProbeStatus {
                status: "shutting_down",
            }),
        )
            .into_response();
        response.extensions_mut().insert(Draining);
        return response;
    }
    (StatusCode::OK, Json(ProbeStatus { status: "ready" })).into_response()
}
