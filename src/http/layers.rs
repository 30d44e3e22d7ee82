//! The tower-http layers every request passes through, outermost first: request id
//! (`x-request-id`, set if absent and echoed back), tracing (method, matched path, status, latency,
//! request id), metrics, CORS, gzip, turning bare error responses of inner layers into
//! problem+json, panic catching (a logged 500 `internal`), a request timeout a little above the
//! solve cap, and the body limit.

use std::any::Any;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower::ServiceBuilder;
use tower_http::body::Limited;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::classify::ServerErrorsFailureClass;
use tower_http::compression::predicate::{
    DefaultPredicate, NotForContentType, Predicate, SizeAbove,
};
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, Any as AnyOrigin, CorsLayer};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use super::error::{self, ApiError};
use super::{metrics, AppState};
use crate::access_log::AccessLog;

/// Extra time the request timeout allows beyond the solve cap, so that a search's own deadline
/// (which answers with its counters) always fires first.
const TIMEOUT_MARGIN: Duration = Duration::from_secs(1);

/// Bodies smaller than this go out as they are, even to a client that accepts gzip: they fit in
/// one TCP segment either way, and setting up a deflate stream per response (tower-http's default
/// threshold is 32 bytes, so every `/solve` answer) costs more CPU than the bytes it saves.
const COMPRESS_ABOVE_BYTES: u64 = 1024;

/// Adds the fallbacks and every layer to `routes`, and to `streamed` every layer but the body cap:
/// their bodies stream under limits of their own (`POST /solve/batch`).
pub(crate) fn with_layers(
    routes: Router<AppState>,
    streamed: Router<AppState>,
    state: AppState,
) -> Router {
    let config = state.config().clone();
    let access_log = AccessLog::default();
    let request_timeout = config.solve_timeout + TIMEOUT_MARGIN;
    let body_limit = ServiceBuilder::new()
        .layer(RequestBodyLimitLayer::new(config.max_body_bytes))
        // The limit wraps the body in its own type; routes take axum's.
        .map_request(|req: Request<Limited<Body>>| req.map(Body::new));
    // Each `layer` call wraps everything before it, so the last one added runs first.
    routes
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .fallback(|| async { ApiError::NotFound("no such route".into()) })
        .layer(DefaultBodyLimit::max(config.max_body_bytes))
        .layer(body_limit)
        .merge(streamed)
        // Every request is charged to its client: the jobs it runs, and the headers it gets back.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            super::caller::identify,
        ))
        // Handlers answer by their job's deadline first, so what this catches is a client still
        // sending its request: a 408, the client's fault, not a 5xx.
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            request_timeout,
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(axum::middleware::map_response_with_state(
            state.clone(),
            problem_for_bare_errors,
        ))
        .layer(CompressionLayer::new().compress_when(worth_compressing()))
        .layer(cors(&config.cors_origins))
        // Outside CORS, which answers every OPTIONS as a preflight, even for routes that do not exist.
        .layer(axum::middleware::from_fn(only_real_preflights))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            metrics::track,
        ))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_response(move |response: &Response, latency, _: &tracing::Span| {
                    access_log.on_response(response, latency);
                })
                .on_failure(
                    |failure: ServerErrorsFailureClass, latency, _: &tracing::Span| {
                        AccessLog::on_failure(&failure, latency);
                    },
                ),
        )
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .layer(tower::util::MapRequestLayer::new(sane_request_id))
        .with_state(state)
}

/// The longest `x-request-id` taken from a client; a longer one is replaced by a fresh id.
pub const MAX_REQUEST_ID_BYTES: usize = 128;

/// Drops a client's `x-request-id` that is longer than [`MAX_REQUEST_ID_BYTES`] or holds anything
/// but visible ASCII, so that a fresh one is made in its place: the id is echoed in every answer
/// and written in every log line of the request, and a client must not make either large. A plain
/// map of the request, not a middleware: every request passes here.
fn sane_request_id<B>(mut req: axum::http::Request<B>) -> axum::http::Request<B> {
    let unfit = req.headers().get("x-request-id").is_some_and(|id| {
        id.len() > MAX_REQUEST_ID_BYTES || !id.as_bytes().iter().all(u8::is_ascii_graphic)
    });
    if unfit {
        req.headers_mut().remove("x-request-id");
    }
    req
}

/// Routes that no other origin may read, whatever `--cors-origin` allows: `/metrics` is for the
/// operator's scraper, not for pages on other sites.
const PRIVATE_ROUTES: [&str; 1] = ["/metrics"];

/// Takes the CORS headers off `response`, so that a browser keeps it from other origins.
fn without_cors(mut response: Response) -> Response {
    let names: Vec<header::HeaderName> = response
        .headers()
        .keys()
        .filter(|name| name.as_str().starts_with("access-control-"))
        .cloned()
        .collect();
    for name in names {
        response.headers_mut().remove(name);
    }
    response
}

/// tower-http's default predicate with a higher size threshold.
fn worth_compressing() -> impl Predicate {
    // A stream of NDJSON lines is written as it is made; a compressor would hold the lines back
    // until it had a block's worth.
    DefaultPredicate::new()
        .and(SizeAbove::new(COMPRESS_ABOVE_BYTES))
        .and(NotForContentType::const_new("application/x-ndjson"))
}

fn request_span(req: &Request) -> tracing::Span {
    let path = req
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str);
    let request_id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    tracing::info_span!("request", method = %req.method(), path, request_id)
}

/// How long a browser may cache a preflight answer: the allowed methods and headers change only
/// with a release. Two hours is the most Chromium honours (Firefox allows a day).
const PREFLIGHT_MAX_AGE: Duration = Duration::from_secs(2 * 60 * 60);

/// Any origin by default; otherwise exactly the configured ones (invalid entries are skipped).
fn cors(origins: &[String]) -> CorsLayer {
    let layer = CorsLayer::new()
        .allow_methods([Method::GET, Method::POST])
        // A browser client may send its own request id, and must be able to read when to retry.
        .allow_headers([
            header::CONTENT_TYPE,
            header::HeaderName::from_static("x-request-id"),
        ])
        .expose_headers([
            header::HeaderName::from_static("x-request-id"),
            header::RETRY_AFTER,
        ])
        .max_age(PREFLIGHT_MAX_AGE);
    if origins.is_empty() || origins.iter().any(|o| o == "*") {
        return layer.allow_origin(AnyOrigin);
    }
    let list: Vec<HeaderValue> = origins
        .iter()
        .filter_map(|o| {
            let value = o.parse().ok();
            if value.is_none() {
                tracing::warn!(origin = %o, "ignoring a CORS origin that is not a valid header value");
            }
            value
        })
        .collect();
    layer.allow_origin(AllowOrigin::list(list))
}

/// Error responses made by tower-http layers (413 from the body limit, 408 from the timeout) have
/// plain bodies; this gives them the same problem+json as the handlers' errors.
async fn problem_for_bare_errors(State(state): State<AppState>, response: Response) -> Response {
    let status = response.status();
    let is_problem = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(error::PROBLEM_JSON.as_bytes()));
    if is_problem || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let config = state.config();
    let error = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge {
            limit_bytes: config.max_body_bytes,
        },
        StatusCode::REQUEST_TIMEOUT => ApiError::RequestTimeout {
            limit_ms: state
                .solve_cap_ms()
                .saturating_add(TIMEOUT_MARGIN.as_millis() as u64),
        },
        StatusCode::NOT_FOUND => ApiError::NotFound("no such resource".into()),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType {
            expected: "application/json",
        },
        _ => return response,
    };
    let mut fixed = error.into_response();
    if let Some(allow) = response.headers().get(header::ALLOW) {
        fixed.headers_mut().insert(header::ALLOW, allow.clone());
    }
    fixed
}

/// Lets an `OPTIONS` request through to CORS only when it is a browser's preflight (it names the
/// method it wants) for a routed path; any other `OPTIONS` gets the router's answer: 404 for an
/// unknown path (`*` included), 405 for a known one. Answers of [`PRIVATE_ROUTES`], preflights
/// included, leave without CORS headers.
async fn only_real_preflights(req: Request, next: axum::middleware::Next) -> Response {
    if PRIVATE_ROUTES.contains(&req.uri().path()) {
        return without_cors(preflight_or(req, next).await);
    }
    preflight_or(req, next).await
}

/// [`only_real_preflights`] for any route.
async fn preflight_or(req: Request, next: axum::middleware::Next) -> Response {
    if req.method() != Method::OPTIONS {
        return next.run(req).await;
    }
    let path = req.uri().path();
    let methods: Vec<&str> = super::ROUTES
        .iter()
        .filter(|(_, template)| matches_template(template, path))
        .map(|(method, _)| *method)
        .collect();
    if methods.is_empty() {
        return ApiError::NotFound("no such route".into()).into_response();
    }
    if req
        .headers()
        .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
    {
        return next.run(req).await;
    }
    let mut response = ApiError::MethodNotAllowed.into_response();
    if let Ok(allow) = HeaderValue::from_str(&methods.join(",")) {
        response.headers_mut().insert(header::ALLOW, allow);
    }
    response
}

/// Whether `path` is an instance of a route template such as `/puzzles/{name}`.
fn matches_template(template: &str, path: &str) -> bool {
    let mut wanted = template.split('/');
    let mut given = path.split('/');
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(w), Some(g)) if w.starts_with('{') && !g.is_empty() => continue,
            (Some(w), Some(g)) if w == g => continue,
            _ => return false,
        }
    }
}

fn panic_response(err: Box<dyn Any + Send + 'static>) -> Response {
    let message = err
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| err.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!(panic = message, "a handler panicked");
    ApiError::Internal.into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ServerConfig;
    use axum::routing::get;
    use serde_json::Value;
    use tower::ServiceExt;

    async fn call(routes: Router<AppState>, config: ServerConfig) -> (StatusCode, Value) {
        let app = with_layers(routes, Router::new(), AppState::new(&config));
        let request = Request::get("/slow").body(Body::empty()).unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            error::PROBLEM_JSON
        );
        let body = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .unwrap();
        (status, serde_json::from_slice(&body).unwrap())
    }

    #[tokio::test]
    async fn only_bodies_above_the_threshold_are_gzipped() {
        let size = usize::try_from(COMPRESS_ABOVE_BYTES).unwrap();
        let routes = Router::new()
            .route("/small", get(move || async move { "x".repeat(size - 1) }))
            .route("/large", get(move || async move { "x".repeat(size + 1) }));
        let app = with_layers(
            routes,
            Router::new(),
            AppState::new(&ServerConfig::default()),
        );
        for (path, gzipped) in [("/small", false), ("/large", true)] {
            let request = Request::get(path)
                .header(header::ACCEPT_ENCODING, "gzip")
                .body(Body::empty())
                .unwrap();
            let response = app.clone().oneshot(request).await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let encoding = response.headers().get(header::CONTENT_ENCODING);
            assert_eq!(encoding.is_some_and(|e| e == "gzip"), gzipped, "{path}");
        }
    }

    #[tokio::test]
    async fn a_panicking_handler_becomes_a_500_problem_not_a_dropped_connection() {
        async fn boom() -> &'static str {
            panic!("deliberate")
        }
        let routes = Router::new().route("/slow", get(boom));
        let (status, body) = call(routes, ServerConfig::default()).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            (body["code"].as_str(), body["status"].as_u64()),
            (Some("internal"), Some(500))
        );
    }

    #[tokio::test]
    async fn a_request_outliving_the_timeout_becomes_a_408_problem() {
        async fn slow() -> &'static str {
            tokio::time::sleep(Duration::from_secs(30)).await;
            "late"
        }
        let config = ServerConfig {
            solve_timeout: Duration::from_millis(10),
            ..ServerConfig::default()
        };
        let routes = Router::new().route("/slow", get(slow));
        let started = std::time::Instant::now();
        let (status, body) = call(routes, config).await;
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(status, StatusCode::REQUEST_TIMEOUT);
        assert_eq!(body["code"], "request_timeout");
        assert_eq!(body["limit_ms"], 1010);
    }
}
