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
    /// Logs an answered request: INFO, or a throttled WARN for a 503.
    pub fn on_response<B>(&self, response: &Response<B>, latency: Duration) {
        let status = response.status();
        if status != StatusCode::SERVICE_UNAVAILABLE {
            let latency_us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
            tracing::info!(
                status = status.as_u16(),
                latency_us,
                "finished processing request"
            );
            return;
        }
        if let Some(shed) = self.shed.tick() {
            tracing::warn!(
                shed,
                "shedding load: answered 503 (see /metrics); at most one such line per second"
            );
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
