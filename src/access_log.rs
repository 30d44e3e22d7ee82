//! How answered requests are logged: one INFO line per request, except when the server sheds load.
//!
//! A 503 is the server protecting itself (queue full, not ready): normal operation under overload,
//! counted in `/metrics`. Logging each one would bury the log (and spend the CPU the shedding was
//! meant to save), so 503s are summed into at most one WARN line per second. A 504 is a caller's
//! own deadline and gets its ordinary INFO line; only real server failures are ERRORs.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{Response, StatusCode};
use tower_http::classify::ServerErrorsFailureClass;

/// Counts events and lets at most one through per period, with the number since the last one.
#[derive(Debug)]
pub struct Throttle {
    period: Duration,
    state: Mutex<ThrottleState>,
}

#[derive(Debug, Default)]
struct ThrottleState {
    last: Option<Instant>,
    pending: u64,
}

impl Throttle {
    /// At most one event through per `period`.
    pub fn new(period: Duration) -> Throttle {
        Throttle {
            period,
            state: Mutex::new(ThrottleState::default()),
        }
    }

    /// Counts an event; `Some(n)` when it is time to report, with the `n` events since the last
    /// report (this one included).
    pub fn tick(&self) -> Option<u64> {
        let mut state = self.state.lock().ok()?;
        state.pending += 1;
        let now = Instant::now();
        if state.last.is_some_and(|last| now - last < self.period) {
            return None;
        }
        state.last = Some(now);
        Some(std::mem::take(&mut state.pending))
    }
}

/// Marks a response as the readiness probe's 503 while the server drains (set by `/readyz`), so
/// that it is logged as what it is rather than as load shedding.
#[derive(Clone, Copy, Debug)]
pub struct Draining;

/// Marks a response whose body is a stream that logs its own end (`POST /solve/batch`): its head
/// going out is logged as the stream starting, not as the request finished, so a stream cut short
/// is never logged as a plain 200.
#[derive(Clone, Copy, Debug)]
pub struct Streamed;

/// How an answered request is logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogLine {
    /// An INFO line of its own.
    Answered,
    /// A 503 refusing work: summed into the throttled WARN.
    Shed,
    /// `/readyz` saying the server is draining: an INFO line saying so.
    Draining,
    /// A stream whose end is logged by the stream: an INFO line saying it started.
    Streaming,
}

impl LogLine {
    /// The line `response` gets.
    pub fn of<B>(response: &Response<B>) -> LogLine {
        if response.extensions().get::<Streamed>().is_some() {
            return LogLine::Streaming;
        }
        if response.status() != StatusCode::SERVICE_UNAVAILABLE {
            return LogLine::Answered;
        }
        if response.extensions().get::<Draining>().is_some() {
            return LogLine::Draining;
        }
        LogLine::Shed
    }
}

/// The per-request log lines of the trace layer.
#[derive(Clone, Debug)]
pub struct AccessLog {
    shed: Arc<Throttle>,
}

impl Default for AccessLog {
    fn default() -> Self {
        AccessLog {
            shed: Arc::new(Throttle::new(Duration::from_secs(1))),
        }
    }
}

impl AccessLog {
    /// Logs an answered request: INFO, or a throttled WARN for a 503 that refuses work.
    pub fn on_response<B>(&self, response: &Response<B>, latency: Duration) {
        let status = response.status().as_u16();
        let latency_us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        match LogLine::of(response) {
            LogLine::Answered => {
                tracing::info!(status, latency_us, "finished processing request");
            }
            LogLine::Streaming => {
                tracing::info!(
                    status,
                    latency_us,
                    "streaming the response; its end is logged when it comes"
                );
            }
            LogLine::Draining => {
                tracing::info!(
                    status,
                    latency_us,
                    "not ready: shutting down, so /readyz answered 503"
                );
            }
            LogLine::Shed => {
                if let Some(shed) = self.shed.tick() {
                    tracing::warn!(
                        shed,
                        "shedding load: answered 503 (see /metrics); at most one such line per second"
                    );
                }
            }
        }
    }

    /// Logs a failure at ERROR, unless it is load shedding (503) or a caller's deadline (504).
    pub fn on_failure(failure: &ServerErrorsFailureClass, latency: Duration) {
        if let ServerErrorsFailureClass::StatusCode(status) = failure {
            if matches!(
                *status,
                StatusCode::SERVICE_UNAVAILABLE | StatusCode::GATEWAY_TIMEOUT
            ) {
                return;
            }
        }
        let latency_us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        tracing::error!(classification = %failure, latency_us, "response failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draining_readiness_probe_is_not_logged_as_shedding_load() {
        let response = |status: StatusCode, draining: bool| {
            let mut response = Response::builder().status(status).body(()).unwrap();
            if draining {
                response.extensions_mut().insert(Draining);
            }
            response
        };
        assert_eq!(
            LogLine::of(&response(StatusCode::OK, false)),
            LogLine::Answered
        );
        assert_eq!(
            LogLine::of(&response(StatusCode::SERVICE_UNAVAILABLE, false)),
            LogLine::Shed
        );
        assert_eq!(
            LogLine::of(&response(StatusCode::SERVICE_UNAVAILABLE, true)),
            LogLine::Draining
        );
        let mut streamed = response(StatusCode::OK, false);
        streamed.extensions_mut().insert(Streamed);
        assert_eq!(LogLine::of(&streamed), LogLine::Streaming);
    }

    #[test]
    fn a_throttle_reports_the_first_event_then_sums_the_rest_of_its_period() {
        let throttle = Throttle::new(Duration::from_secs(3600));
        assert_eq!(throttle.tick(), Some(1));
        assert_eq!((0..99).filter_map(|_| throttle.tick()).count(), 0);
        let throttle = Throttle::new(Duration::ZERO);
        assert_eq!(throttle.tick(), Some(1));
        assert_eq!(
            throttle.tick(),
            Some(1),
            "a period over lets the next one through"
        );
    }
}
