//! The HTTP JSON API: shared state and the router, one module per resource merged here, wrapped in
//! the tower-http layers of [`layers`].

pub mod accept;
pub mod batch;
pub mod before_router;
pub mod book;
pub mod candidates;
pub mod error;
pub mod explain;
pub mod extract;
pub mod grade;
pub mod grid_json;
pub mod health;
pub mod hint;
pub mod layers;
pub mod logic_json;
pub mod members;
pub mod metrics;
pub mod openapi;
pub mod playground;
pub mod puzzle_field;
pub mod puzzles;
pub mod random;
pub mod render;
pub mod shape_json;
pub mod shape_logic;
pub mod solve;
pub mod validate;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

pub use error::ApiError;

use crate::config::ServerConfig;
use crate::engine::Stats;
use crate::pool::{Pool, PoolError};
use metrics::Metrics;

/// What every handler shares: the configuration, the solver pool, the metrics and readiness.
#[derive(Clone, Debug)]
pub struct AppState(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    config: ServerConfig,
    pool: Pool,
    metrics: Metrics,
    shutting_down: AtomicBool,
    /// Raised with `shutting_down`, for the streams that end early when it is.
    shutdown: watch::Sender<bool>,
    /// Places for `POST /solve/batch` streams at once.
    batches: Arc<Semaphore>,
}

impl AppState {
    /// Fresh state for `config`: an idle pool of `config.workers` with `config.queue` waiting places.
    pub fn new(config: &ServerConfig) -> AppState {
        AppState(Arc::new(Inner {
            config: config.clone(),
            pool: Pool::new(config.workers, config.queue),
            metrics: Metrics::default(),
            shutting_down: AtomicBool::new(false),
            shutdown: watch::Sender::new(false),
            batches: Arc::new(Semaphore::new(config.batch.max_batches)),
        }))
    }

    /// A place for one more batch stream, or `None` when `max_batches` are running.
    pub fn batch_permit(&self) -> Option<OwnedSemaphorePermit> {
        self.0.batches.clone().try_acquire_owned().ok()
    }

    /// Batch streams running now.
    pub fn batches_running(&self) -> usize {
        self.config().batch.max_batches - self.0.batches.available_permits()
    }

    /// Changes to `true` when the server begins to shut down.
    pub fn shutdown_watch(&self) -> watch::Receiver<bool> {
        self.0.shutdown.subscribe()
    }

    /// The configuration the server runs with.
    pub fn config(&self) -> &ServerConfig {
        &self.0.config
    }

    /// The bounded pool of solver threads.
    pub fn pool(&self) -> &Pool {
        &self.0.pool
    }

    /// The counters behind `/metrics`.
    pub fn metrics(&self) -> &Metrics {
        &self.0.metrics
    }

    /// Marks the server as draining: `/readyz` answers 503 from now on.
    pub fn begin_shutdown(&self) {
        self.0.shutting_down.store(true, Ordering::SeqCst);
        self.0.shutdown.send_replace(true);
    }

    /// Whether the server is draining.
    pub fn is_shutting_down(&self) -> bool {
        self.0.shutting_down.load(Ordering::SeqCst)
    }

    /// The server's cap on one job, in milliseconds.
    pub fn solve_cap_ms(&self) -> u64 {
        u64::try_from(self.config().solve_timeout.as_millis()).unwrap_or(u64::MAX)
    }

    /// Runs `job` on the pool with a deadline `timeout_ms` from now; the pool's refusals become
    /// 503 `queue_full` or 504 `deadline_exceeded` (no search ran, so its counters are zero).
    pub async fn run_job<T, F>(&self, timeout_ms: u64, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Instant, &AtomicBool) -> T + Send + 'static,
    {
        let started = Instant::now();
        let deadline = started + Duration::from_millis(timeout_ms);
        match self
            .pool()
            .run(deadline, move |flag| job(deadline, flag))
            .await
        {
            Ok(value) => Ok(value),
            Err(PoolError::QueueFull) => Err(ApiError::QueueFull),
            Err(PoolError::Deadline) => {
                self.metrics().observe_timeout();
                let stats = Stats {
                    elapsed: started.elapsed(),
                    ..Stats::default()
                };
                Err(ApiError::DeadlineExceeded { timeout_ms, stats })
            }
        }
    }
}

/// Every route of [`router`] as `(method, path)`, kept beside it so the contract test can hold the
/// router and `openapi.yaml` to the same list (and proves each entry is really routed).
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/metrics"),
    ("GET", "/openapi.yaml"),
    ("POST", "/solve"),
    ("POST", "/solve/batch"),
    ("POST", "/candidates"),
    ("GET", "/random"),
    ("POST", "/render"),
    ("GET", "/book"),
    ("POST", "/validate"),
    ("POST", "/hint"),
    ("POST", "/explain"),
    ("POST", "/grade"),
    ("GET", "/puzzles"),
    ("GET", "/puzzles/{name}"),
    ("GET", "/"),
    ("GET", "/playground/app.js"),
    ("GET", "/playground/style.css"),
    ("GET", "/playground/icon.svg"),
];

/// The whole API with its layers, ready to serve.
pub fn router(state: AppState) -> Router {
    let routes = Router::new()
        .merge(health::router())
        .merge(metrics::router())
        .merge(openapi::router())
        .merge(solve::router())
        .merge(candidates::router())
        .merge(random::router())
        .merge(render::router())
        .merge(book::router())
        .merge(validate::router())
        .merge(hint::router())
        .merge(explain::router())
        .merge(grade::router())
        .merge(puzzles::router())
        .merge(playground::router());
    layers::with_layers(routes, batch::router(), state)
}
