//! The HTTP JSON API: shared state and the router, one module per resource merged here, wrapped in
//! the tower-http layers of [`layers`].

pub mod accept;
pub mod batch;
pub mod before_router;
pub mod book;
pub mod caller;
pub mod candidates;
pub mod error;
pub mod explain;
pub mod extract;
pub mod grade;
pub mod grid_json;
pub mod health;
pub mod hint;
pub mod interchange;
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
pub mod solve;
pub mod submitted;
pub mod validate;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

pub use error::ApiError;

use crate::clients::budget::{Budgets, Refusal};
use crate::config::ServerConfig;
use crate::engine::Stats;
use crate::pool::{Lane, Pool, PoolError};
use caller::Caller;
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
    /// Each client's share of heavy work.
    budgets: Arc<Budgets>,
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
            budgets: Arc::new(Budgets::new(config.fairness.budget)),
        }))
    }

    /// Each client's share of heavy work.
    pub fn budgets(&self) -> &Arc<Budgets> {
        &self.0.budgets
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

    /// Runs `job` on the pool with a deadline `timeout_ms` from now, as the current request's
    /// client ([`Caller`]). It starts in the light lane; past the light budget it is stopped and run
    /// again from the start as heavy work, if the client's budget allows (429 if not), charged to
    /// it. A client whose budget is spent is refused at once. The pool's refusals become 503
    /// `queue_full` or 504 `deadline_exceeded`. `job` may be called twice, so it takes `&self`.
    pub async fn run_job<T, F>(&self, timeout_ms: u64, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn(Instant, &AtomicBool) -> T + Send + Sync + 'static,
    {
        let caller = Caller::current();
        self.budgets()
            .check(&caller.id)
            .map_err(|refusal| self.refuse(refusal))?;
        let started = Instant::now();
        let deadline = started + Duration::from_millis(timeout_ms);
        let job = Arc::new(job);
        let light = {
            let job = job.clone();
            move |flag: &AtomicBool| job(deadline, flag)
        };
        let budget = Some(self.config().fairness.light_budget);
        match self.pool().run(Lane::Light, budget, deadline, light).await {
            Ok(ran) => Ok(ran.value),
            Err(PoolError::Escalated { worker_time }) => {
                // The light attempt is heavy work too: its time is the client's.
                self.budgets().charge(&caller.id, worker_time);
                let heavy = move |flag: &AtomicBool| job(deadline, flag);
                self.run_heavy_as(&caller, started, timeout_ms, heavy).await
            }
            Err(error) => Err(self.pool_error(error, started, timeout_ms, Lane::Light)),
        }
    }

    /// Runs `job` in the heavy lane from the start (work known to be long: books, counts,
    /// technique searches), charged to the current request's client; see [`AppState::run_job`].
    pub async fn run_heavy<T, F>(&self, timeout_ms: u64, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Instant, &AtomicBool) -> T + Send + 'static,
    {
        let caller = Caller::current();
        let started = Instant::now();
        let deadline = started + Duration::from_millis(timeout_ms);
        self.run_heavy_as(&caller, started, timeout_ms, move |flag| {
            job(deadline, flag)
        })
        .await
    }

    /// Runs `job` in the light lane with no budget: work bounded by its input and known to be
    /// short (candidates, drawing one sheet, generating a 4x4 or 6x6), which does not watch its
    /// flag. Its deadline, handed to it, is the cap; a client whose budget is spent is refused, as
    /// for every job.
    pub async fn run_small<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Instant) -> T + Send + 'static,
    {
        let caller = Caller::current();
        self.budgets()
            .check(&caller.id)
            .map_err(|refusal| self.refuse(refusal))?;
        let started = Instant::now();
        let timeout_ms = self.solve_cap_ms();
        let deadline = started + Duration::from_millis(timeout_ms);
        match self
            .pool()
            .run(Lane::Light, None, deadline, move |_| job(deadline))
            .await
        {
            Ok(ran) => Ok(ran.value),
            Err(error) => Err(self.pool_error(error, started, timeout_ms, Lane::Light)),
        }
    }

    /// Heavy work for `caller`: admitted by its budget, run in the heavy lane, charged its time.
    async fn run_heavy_as<T, F>(
        &self,
        caller: &Caller,
        started: Instant,
        timeout_ms: u64,
        job: F,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
    {
        let permit = self
            .budgets()
            .admit(&caller.id)
            .map_err(|refusal| self.refuse(refusal))?;
        caller.note_heavy();
        let deadline = started + Duration::from_millis(timeout_ms);
        let ran = self.pool().run(Lane::Heavy, None, deadline, job).await;
        drop(permit);
        match ran {
            Ok(ran) => {
                self.budgets().charge(&caller.id, ran.worker_time);
                Ok(ran.value)
            }
            Err(error) => {
                if error == PoolError::Deadline {
                    // It ran to its deadline and past the grace: the whole time is the client's.
                    self.budgets().charge(&caller.id, started.elapsed());
                }
                Err(self.pool_error(error, started, timeout_ms, Lane::Heavy))
            }
        }
    }

    /// A 429 for `refusal`, counted.
    pub fn refuse(&self, refusal: Refusal) -> ApiError {
        self.metrics().observe_refusal(refusal);
        ApiError::TooManyRequests {
            refusal,
            limits: self.budgets().limits(),
        }
    }

    /// The answer for a job the pool did not finish: 503 when it never got a worker (heavy work
    /// that waited its whole deadline is shed like a full queue: none of it ran, and the client
    /// should come back), 504 with zero counters when a light job's deadline passed unrun or any
    /// job overran.
    fn pool_error(
        &self,
        error: PoolError,
        started: Instant,
        timeout_ms: u64,
        lane: Lane,
    ) -> ApiError {
        match (error, lane) {
            (PoolError::QueueFull, _) | (PoolError::Expired, Lane::Heavy) => ApiError::QueueFull,
            (PoolError::Expired | PoolError::Deadline | PoolError::Escalated { .. }, _) => {
                self.metrics().observe_timeout();
                let stats = Stats {
                    elapsed: started.elapsed(),
                    ..Stats::default()
                };
                ApiError::DeadlineExceeded { timeout_ms, stats }
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
    ("POST", "/import"),
    ("POST", "/export"),
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
        .merge(interchange::router())
        .merge(puzzles::router())
        .merge(playground::router());
    layers::with_layers(routes, batch::router(), state)
}
