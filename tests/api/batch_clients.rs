//! `POST /solve/batch` with every kind of client: one that sends its whole body before it reads a
//! byte (Python's `http.client`, Java's `HttpURLConnection`), one that waits for
//! `100 Continue` (curl past 1 MB), a server that shuts down mid-batch, and more batches at once
//! than the server allows.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sudoku_service::config::{BatchLimits, ServerConfig, SpoolLimits};
use sudoku_service::engine::Grid;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::batch::{config, quick, summary, Answers, Batch, PADDING};
use crate::live::start;
use crate::wire::exchange;

/// Long enough that only a hang reaches it.
const PATIENCE: Duration = Duration::from_secs(120);

/// A body of `lines` near-complete puzzles, each padded with a comment so that the body is far
/// larger than every socket buffer between the two ends.
fn padded_body(lines: usize) -> String {
    let mut body = String::with_capacity(lines * 300);
    for k in 0..lines {
        body.push_str(&quick(k));
        body.push_str(PADDING);
        body.push('\n');
    }
    body
}

/// Checks that `answers` (a whole response's lines) answer the `lines` of [`padded_body`] in
/// order, each with a solution that solves its puzzle, and end with the summary.
fn assert_every_line_answered(answers: &[Value], lines: usize) {
    assert_eq!(
        answers.len(),
        lines + 1,
        "an answer per line and the summary"
    );
    for (k, answer) in answers[..lines].iter().enumerate() {
        assert_eq!(answer["line"], k + 1, "{answer}");
        let solution = Grid::parse(answer["solution"].as_str().unwrap()).unwrap();
        assert!(
            solution.solves(&Grid::parse(&quick(k)).unwrap()),
            "{answer}"
        );
    }
    assert_eq!(summary(answers)["count"], lines);
    assert_eq!(summary(answers)["solved"], lines);
}

/// A spool small enough that a test's body goes to disk.
fn small_spool() -> BatchLimits {
    BatchLimits {
        spool: SpoolLimits {
            memory_bytes: 64 * 1024,
            disk_bytes: 1 << 30,
            dir: None,
        },
        ..BatchLimits::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_sends_the_whole_body_before_reading_gets_every_answer_in_order() {
    const LINES: usize = 40_000;
    // A write timeout shorter than the upload: a client still sending has not stopped reading.
    let live = start(ServerConfig {
        batch: small_spool(),
        write_timeout: Duration::from_millis(500),
        ..config(2)
    })
    .await;
    let body = padded_body(LINES);
    assert!(body.len() > 10_000_000, "{} bytes", body.len());
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    let head = format!(
        "POST /solve/batch HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    // Everything is written before a byte is read, as a half-duplex client does.
    tokio::time::timeout(PATIENCE, async {
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(body.as_bytes()).await.unwrap();
    })
    .await
    .expect("the server reads the whole body while its answers wait");
    let (read, _write) = stream.into_split();
    let answers = Answers::new(read).all().await;
    assert_every_line_answered(&answers, LINES);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_expects_100_continue_is_told_to_send_at_once() {
    let live = start(config(2)).await;
    let body = padded_body(50);
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    let head = format!(
        "POST /solve/batch HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // curl waits a second for this before it sends anyway; the server answers well within that.
    let mut interim = [0u8; 25];
    tokio::time::timeout(Duration::from_millis(900), stream.read_exact(&mut interim))
        .await
        .expect("100 Continue before the client gives up waiting")
        .unwrap();
    assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
    stream.write_all(body.as_bytes()).await.unwrap();
    let (read, _write) = stream.into_split();
    let answers = Answers::new(read).all().await;
    assert_every_line_answered(&answers, 50);
    live.shutdown.send(()).unwrap();
}

/// Mathemagic's first killer as a JSON line: seconds to solve, so under a short deadline each one
/// takes the whole deadline.
pub(crate) fn slow_killer() -> String {
    crate::killers::mathemagic_first().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_mid_batch_sends_what_was_answered_and_a_record_naming_the_first_line_not() {
    let limits = BatchLimits {
        puzzle_timeout: Duration::from_millis(300),
        ..BatchLimits::default()
    };
    let live = start(ServerConfig {
        batch: limits,
        ..config(1)
    })
    .await;
    let mut batch = Batch::start(live.addr, "application/x-ndjson").await;
    let mut body = String::new();
    for k in 0..3 {
        body.push_str(&json!(quick(k)).to_string());
        body.push('\n');
    }
    let killer = slow_killer();
    for _ in 0..40 {
        body.push_str(&killer);
        body.push('\n');
    }
    batch.send(&body).await;
    batch.finish().await;
    for n in 1..=3 {
        assert_eq!(batch.answers.line().await.unwrap()["line"], n);
    }
    // 40 killers at 0.3 s each: 12 s unless the shutdown cuts them short.
    let asked = Instant::now();
    live.shutdown.send(()).unwrap();
    let rest = batch.answers.all().await;
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    let (record, answered) = rest[..rest.len() - 1]
        .split_last()
        .expect("a closing record");
    assert!(
        answered.iter().all(|a| a["verdict"] == "timeout"),
        "{answered:?}"
    );
    assert!(answered.len() < 40, "{} killers answered", answered.len());
    // Chunks run side by side (one worker has a second thread for light work), so a later chunk
    // may have answered lines after the first one not answered: the record names that first one.
    let lines: Vec<u64> = answered
        .iter()
        .map(|a| a["line"].as_u64().unwrap())
        .collect();
    let first_not_answered = (4..).find(|n| !lines.contains(n)).unwrap();
    assert_eq!(record["error"]["code"], "shutting_down", "{record}");
    assert_eq!(
        record["line"], first_not_answered,
        "{record} after {answered:?}"
    );
    assert!(record["error"]["detail"]
        .as_str()
        .unwrap()
        .contains(&format!("from {first_not_answered} on")));
    assert_eq!(summary(&rest)["count"], 3 + answered.len() + 1);
    live.task.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_most_batches_at_once_a_batch_is_refused_with_503_and_retry_after() {
    let limits = BatchLimits {
        max_batches: 1,
        ..BatchLimits::default()
    };
    let live = start(ServerConfig {
        batch: limits,
        ..config(2)
    })
    .await;
    let mut first = Batch::start(live.addr, "text/plain").await;
    first.send(&format!("{}\n", quick(0))).await;
    assert_eq!(first.answers.line().await.unwrap()["line"], 1);
    let request = format!(
        "POST /solve/batch HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: 82\r\nConnection: close\r\n\r\n{}\n",
        quick(1)
    );
    let refused = exchange(live.addr, &request).await;
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.json()["code"], "too_many_batches");
    assert_eq!(refused.headers["retry-after"], "1");
    // The first batch's end frees its place.
    first.finish().await;
    let rest = first.answers.all().await;
    assert_eq!(summary(&rest)["count"], 1);
    let accepted = exchange(live.addr, &request).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    live.shutdown.send(()).unwrap();
}
