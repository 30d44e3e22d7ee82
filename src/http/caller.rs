//! The client of each request, for the budgets of heavy work: found once, by a middleware, from the
//! connection's address, a trusted proxy's forwarding header or an API key ([`crate::clients`]);
//! held in a task-local for the request's handler, so that every job it runs on the pool is charged
//! to it without each handler passing it along; and answered in the `RateLimit` headers of the
//! IETF draft (`RateLimit-Policy` and `RateLimit`) on every response that used heavy work or was
//! refused for it.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use super::AppState;
use crate::clients::budget::Budgets;
use crate::clients::ClientId;

tokio::task_local! {
    static CALLER: Arc<Caller>;
}

/// The client a request is charged to, and whether it used heavy work.
#[derive(Debug)]
pub struct Caller {
    /// Who it is.
    pub id: ClientId,
    used_heavy: AtomicBool,
}

impl Caller {
    /// A caller for `id` that has not used heavy work yet.
    pub fn new(id: ClientId) -> Caller {
        Caller {
            id,
            used_heavy: AtomicBool::new(false),
        }
    }

    /// The caller of the request being handled on this task (an unknown client outside one).
    pub fn current() -> Arc<Caller> {
        CALLER
            .try_with(Arc::clone)
            .unwrap_or_else(|_| Arc::new(Caller::new(ClientId::Unknown)))
    }

    /// Notes that the request ran heavy work, so its answer tells what is left of the budget.
    pub fn note_heavy(&self) {
        self.used_heavy.store(true, Ordering::Relaxed);
    }
}

/// Middleware: finds the request's client and runs the rest of the request as that client.
pub async fn identify(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let id = state
        .config()
        .fairness
        .clients
        .identify(peer, req.headers());
    let caller = Arc::new(Caller::new(id));
    let mut response = CALLER.scope(caller.clone(), next.run(req)).await;
    let refused = response.status() == StatusCode::TOO_MANY_REQUESTS;
    if refused || caller.used_heavy.load(Ordering::Relaxed) {
        add_rate_limit_headers(&mut response, state.budgets(), &caller.id);
    }
    response
}

/// `RateLimit-Policy` names the share (worker milliseconds a 60 s window, and heavy jobs at
/// once); `RateLimit` says what is left of it and in how many seconds it is whole again.
fn add_rate_limit_headers(response: &mut Response, budgets: &Budgets, id: &ClientId) {
    let limits = budgets.limits();
    let left = budgets.left(id);
    let policy = format!(
        "\"heavy\";q={};w=60, \"heavy-in-flight\";q={};qu=\"concurrent-requests\"",
        limits.worker_ms_per_minute, limits.max_in_flight
    );
    let now = format!("\"heavy\";r={};t={}", left.remaining_ms, left.full_in);
    let headers = response.headers_mut();
    for (name, value) in [("ratelimit-policy", policy), ("ratelimit", now)] {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(HeaderName::from_static(name), value);
        }
    }
}
