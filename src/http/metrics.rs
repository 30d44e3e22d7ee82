//! `GET /metrics` and the counters behind it: Prometheus text exposition written by hand from
//! atomics (requests by route and status, a latency histogram, solves by verdict, timeouts,
//! cancellations, queue depth and busy workers), and the middleware that counts requests.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::AppState;
use crate::clients::budget::Refusal;
use crate::engine::{Interrupted, Outcome, StopReason, Verdict};
use crate::pool::{Lane, Pool};

/// Upper bounds of the latency histogram's buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// The service's counters. Shared by every request; all updates are lock-free except the
/// route/status table, whose short critical section only bumps one entry.
#[derive(Debug, Default)]
pub struct Metrics {
    requests: Mutex<BTreeMap<String, BTreeMap<u16, u64>>>,
    buckets: [AtomicU64; BUCKETS.len()],
    latency_count: AtomicU64,
    latency_sum_us: AtomicU64,
    unique: AtomicU64,
    multiple: AtomicU64,
    none: AtomicU64,
    timeouts: AtomicU64,
    batch_puzzles: AtomicU64,
    /// 429s by reason: budget, in flight.
    refused: [AtomicU64; 2],
}

impl Metrics {
    /// Counts one answered request.
    pub fn observe_request(&self, route: &str, status: u16, latency: Duration) {
        if let Ok(mut table) = self.requests.lock() {
            // Look up before inserting, so the common case allocates nothing.
            match table.get_mut(route) {
                Some(by_status) => *by_status.entry(status).or_default() += 1,
                None => {
                    table.insert(route.to_string(), BTreeMap::from([(status, 1)]));
                }
            }
        }
        let secs = latency.as_secs_f64();
        if let Some(i) = BUCKETS.iter().position(|&b| secs <= b) {
            self.buckets[i].fetch_add(1, Ordering::Relaxed);
        }
        self.latency_count.fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        self.latency_sum_us.fetch_add(micros, Ordering::Relaxed);
    }

    /// Counts the end of one search by its verdict, or a timeout (a search stopped by its flag is
    /// the pool's to count: it knows a client gone from a job moved to the heavy lane).
    pub fn observe_solve(&self, result: &Result<Outcome, Interrupted>) {
        self.observe_search(
            result
                .as_ref()
                .map(|out| out.verdict)
                .map_err(|stop| stop.reason),
        );
    }

    /// Counts the end of one search of any shape (the general solver's outcome, say), by its
    /// verdict or the reason it stopped.
    pub fn observe_search(&self, ended: Result<Verdict, StopReason>) {
        let counter = match ended {
            Ok(Verdict::Unique | Verdict::Solved) => &self.unique,
            Ok(Verdict::Multiple) => &self.multiple,
            Ok(Verdict::None) => &self.none,
            Err(StopReason::Deadline) => &self.timeouts,
            // Counted by the pool, which knows a caller that left from a job stopped at the light
            // budget to be run again as heavy work.
            Err(StopReason::Cancelled) => return,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts the lines of a `POST /solve/batch` chunk answered on a worker (a chunk whose client
    /// left is counted as a cancellation by the pool).
    pub fn observe_batch(&self, lines: u64) {
        self.batch_puzzles.fetch_add(lines, Ordering::Relaxed);
    }

    /// Counts a 429 by its reason.
    pub fn observe_refusal(&self, refusal: Refusal) {
        let i = match refusal {
            Refusal::Budget { .. } => 0,
            Refusal::InFlight { .. } => 1,
        };
        self.refused[i].fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a deadline that passed before a search could start.
    pub fn observe_timeout(&self) {
        self.timeouts.fetch_add(1, Ordering::Relaxed);
    }

    /// The exposition text, with the pool's gauges.
    pub fn render(&self, pool: &Pool) -> String {
        let mut out = String::new();
        self.render_requests(&mut out);
        self.render_latency(&mut out);
        let load = |c: &AtomicU64| c.load(Ordering::Relaxed);
        metric(
            &mut out,
            "sudoku_solves_total",
            "counter",
            "Searches finished, by verdict.",
        );
        for (verdict, c) in [
            ("unique", &self.unique),
            ("multiple", &self.multiple),
            ("none", &self.none),
        ] {
            let _ = writeln!(
                out,
                "sudoku_solves_total{{verdict=\"{verdict}\"}} {}",
                load(c)
            );
        }
        let rows = [
            (
                "sudoku_solve_timeouts_total",
                "counter",
                "Jobs whose deadline passed, while searching or while waiting for a worker.",
                load(&self.timeouts),
            ),
            (
                "sudoku_solve_cancellations_total",
                "counter",
                "Jobs (searches, logic, generation, batch chunks) stopped because their request ended.",
                pool.cancelled(),
            ),
            (
                "sudoku_batch_lines_total",
                "counter",
                "Lines of POST /solve/batch answered (puzzles and lines in error).",
                load(&self.batch_puzzles),
            ),
            (
                "sudoku_queue_rejections_total",
                "counter",
                "Jobs refused with 503 because the queue was full.",
                pool.rejected(),
            ),
            (
                "sudoku_queue_depth",
                "gauge",
                "Jobs waiting for a worker.",
                pool.waiting() as u64,
            ),
            (
                "sudoku_workers_busy",
                "gauge",
                "Workers running a job.",
                pool.busy() as u64,
            ),
            (
                "sudoku_workers",
                "gauge",
                "Size of the worker pool.",
                pool.workers() as u64,
            ),
            (
                "sudoku_heavy_workers_max",
                "gauge",
                "Heavy jobs allowed to run at once.",
                pool.heavy_limit() as u64,
            ),
            (
                "sudoku_escalations_total",
                "counter",
                "Light jobs stopped at the light budget and run again as heavy work.",
                pool.escalated(),
            ),
        ];
        for (name, kind, help, value) in rows {
            metric(&mut out, name, kind, help);
            let _ = writeln!(out, "{name} {value}");
        }
        self.render_lanes(&mut out, pool);
        out
    }

    /// The lanes and the budgets: per lane, queue depth, busy workers and worker seconds; 429s by
    /// reason. No per-client labels, which would be unbounded.
    fn render_lanes(&self, out: &mut String, pool: &Pool) {
        let by_lane: [(&str, &str, &str, LaneValue); 3] = [
            (
                "sudoku_lane_queue_depth",
                "gauge",
                "Jobs waiting for a worker, by lane.",
                |p, l| p.waiting_in(l).to_string(),
            ),
            (
                "sudoku_lane_workers_busy",
                "gauge",
                "Workers running a job, by lane.",
                |p, l| p.busy_in(l).to_string(),
            ),
            (
                "sudoku_lane_worker_seconds_total",
                "counter",
                "Worker time spent on the jobs of each lane, in seconds.",
                |p, l| format!("{:.6}", p.worker_time(l).as_secs_f64()),
            ),
        ];
        for (name, kind, help, value) in by_lane {
            metric(out, name, kind, help);
            for lane in Lane::ALL {
                let _ = writeln!(
                    out,
                    "{name}{{lane=\"{}\"}} {}",
                    lane.name(),
                    value(pool, lane)
                );
            }
        }
        let name = "sudoku_rate_limited_total";
        metric(
            out,
            name,
            "counter",
            "Requests refused with 429, by reason.",
        );
        for (reason, count) in ["budget", "in_flight"].iter().zip(&self.refused) {
            let _ = writeln!(
                out,
                "{name}{{reason=\"{reason}\"}} {}",
                count.load(Ordering::Relaxed)
            );
        }
    }

    fn render_requests(&self, out: &mut String) {
        let name = "sudoku_http_requests_total";
        metric(
            out,
            name,
            "counter",
            "HTTP requests answered, by matched route and status.",
        );
        if let Ok(table) = self.requests.lock() {
            for (route, by_status) in table.iter() {
                for (status, n) in by_status {
                    let _ = writeln!(out, "{name}{{route=\"{route}\",status=\"{status}\"}} {n}");
                }
            }
        }
    }

    fn render_latency(&self, out: &mut String) {
        let name = "sudoku_http_request_duration_seconds";
        metric(
            out,
            name,
            "histogram",
            "Time from request to response head.",
        );
        let mut cumulative = 0;
        for (bound, count) in BUCKETS.iter().zip(&self.buckets) {
            cumulative += count.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {cumulative}");
        }
        let count = self.latency_count.load(Ordering::Relaxed);
        let sum = self.latency_sum_us.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(out, "{name}_sum {sum}");
        let _ = writeln!(out, "{name}_count {count}");
    }
}

/// A per-lane value of the pool, as exposition text.
type LaneValue = fn(&Pool, Lane) -> String;

fn metric(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/metrics", get(exposition))
}

async fn exposition(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        state.metrics().render(state.pool()),
    )
}

/// Middleware counting every response by the route it matched (`unmatched` for the fallback).
pub async fn track(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let matched = req.extensions().get::<MatchedPath>().cloned();
    let route = matched.as_ref().map_or("unmatched", MatchedPath::as_str);
    let started = std::time::Instant::now();
    let response = next.run(req).await;
    state
        .metrics()
        .observe_request(route, response.status().as_u16(), started.elapsed());
    response
}
