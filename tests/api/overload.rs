//! A live server under overload: turning requests away is counted and logged without flooding the
//! log, and a job that never left the queue is answered at its deadline.

use std::io;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::*;
use crate::live::{held_pool, hold_every_thread, metric, start, wait_for_metric};
use crate::wire::{exchange, post};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_still_in_the_queue_is_answered_at_its_deadline_without_the_running_grace() {
    let live = start(held_pool(1)).await;
    let long = hold_every_thread(live.addr).await;
    let timeout_ms = 300;
    let started = Instant::now();
    let r = exchange(
        live.addr,
        &post(
            "/solve",
            &json!({ "puzzle": EASY, "timeout_ms": timeout_ms }).to_string(),
        ),
    )
    .await;
    let elapsed = started.elapsed();
    assert_eq!(r.status, 504, "{}", r.body);
    assert_eq!(r.json()["stats"]["nodes"], 0, "it never reached a worker");
    // A running job gets 100 ms past its deadline to report; a queued one has nothing to report.
    assert!(
        elapsed < Duration::from_millis(timeout_ms + 90),
        "answered {elapsed:?} after asking, for a deadline of {timeout_ms} ms"
    );
    drop(long);
    live.shutdown.send(()).unwrap();
}

/// A log sink shared with a test.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The server, its client and its log on this one thread, so a thread-local subscriber sees all.
#[tokio::test(flavor = "current_thread")]
async fn turning_requests_away_is_counted_and_logged_as_one_throttled_warning_not_an_error_each() {
    let log = Captured::default();
    let sink = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .with_writer(move || sink.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let live = start(held_pool(0)).await;
    let long = hold_every_thread(live.addr).await;
    let turned_away = 40;
    for _ in 0..turned_away {
        let r = exchange(
            live.addr,
            &post("/solve", &json!({ "puzzle": EASY }).to_string()),
        )
        .await;
        assert_eq!(r.status, 503, "{}", r.body);
    }
    assert_eq!(
        metric(live.addr, "sudoku_queue_rejections_total").await,
        turned_away
    );
    drop(long);
    wait_for_metric(live.addr, "sudoku_workers_busy", 0, Duration::from_secs(5)).await;
    live.shutdown.send(()).unwrap();
    let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    let lines = |level: &str| text.lines().filter(|l| l.contains(level)).count();
    assert_eq!(lines(" ERROR "), 0, "{text}");
    assert!(
        text.lines()
            .all(|l| !(l.contains(" INFO ") && l.contains("status=503"))),
        "no line per 503: {text}"
    );
    let warnings = text
        .lines()
        .filter(|l| l.contains(" WARN ") && l.contains("shed"))
        .count();
    // One at the first 503, and at most a few more, one per second of the test.
    assert!((1..=3).contains(&warnings), "{warnings} warnings: {text}");
}
