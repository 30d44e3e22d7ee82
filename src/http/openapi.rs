//! `GET /openapi.yaml`: the API's contract, compiled in and served as written.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use super::AppState;

/// The OpenAPI document, served as written.
pub const OPENAPI_YAML: &str = include_str!("../../openapi.yaml");

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.yaml", get(openapi))
}

async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/yaml")], OPENAPI_YAML)
}
