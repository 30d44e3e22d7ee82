//! `POST /solve/batch` on a live server: answers in input order with errors in their places, every
//! body format, answers while the body is still being sent, a slow reader and a large request with
//! bounded read-ahead, a client that leaves freeing the workers, and the route's own limits.

use std::time::Duration;

use serde_json::{json, Value};
use sudoku_service::config::{BatchLimits, ServerConfig, SpoolLimits};
use sudoku_service::engine::Grid;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

use crate::helpers::*;
use crate::live::{metric, start, wait_for_metric};
use crate::wire::{exchange, get_request};

/// Long enough that only a hang reaches it.
const PATIENCE: Duration = Duration::from_secs(120);

pub(crate) const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// A batch request in progress: the body is sent in HTTP chunks, the answer read line by line.
pub(crate) struct Batch {
    pub(crate) send: OwnedWriteHalf,
    pub(crate) answers: Answers,
}

impl Batch {
    pub(crate) async fn start(addr: std::net::SocketAddr, content_type: &str) -> Batch {
        let stream = TcpStream::connect(addr).await.unwrap();
        let (read, mut send) = stream.into_split();
        let head = format!(
            "POST /solve/batch HTTP/1.1\r\nHost: test\r\nContent-Type: {content_type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        );
        send.write_all(head.as_bytes()).await.unwrap();
        Batch {
            send,
            answers: Answers::new(read),
        }
    }

    pub(crate) async fn send(&mut self, text: &str) {
        send_chunk(&mut self.send, text).await;
    }

    pub(crate) async fn finish(&mut self) {
        self.send.write_all(b"0\r\n\r\n").await.unwrap();
    }
}

async fn send_chunk(send: &mut OwnedWriteHalf, text: &str) {
    let framed = format!("{:x}\r\n{text}\r\n", text.len());
    send.write_all(framed.as_bytes()).await.unwrap();
}

/// The response read as it comes: its head, then one NDJSON line at a time out of the chunks.
pub(crate) struct Answers {
    read: OwnedReadHalf,
    raw: Vec<u8>,
    body: Vec<u8>,
    status: Option<u16>,
    content_type: String,
}

impl Answers {
    pub(crate) fn new(read: OwnedReadHalf) -> Answers {
        Answers {
            read,
            raw: Vec::new(),
            body: Vec::new(),
            status: None,
            content_type: String::new(),
        }
    }

    /// Reads more bytes from the socket; false at its end.
    async fn fill(&mut self) -> bool {
        let mut buffer = [0u8; 16 * 1024];
        let n = tokio::time::timeout(PATIENCE, self.read.read(&mut buffer))
            .await
            .expect("the server answers")
            .unwrap();
        self.raw.extend_from_slice(&buffer[..n]);
        n > 0
    }

    pub(crate) async fn status(&mut self) -> u16 {
        while self.status.is_none() {
            if let Some(end) = find(&self.raw, b"\r\n\r\n") {
                let head = String::from_utf8(self.raw[..end].to_vec()).unwrap();
                self.status = Some(head.split(' ').nth(1).unwrap().parse().unwrap());
                self.content_type = head
                    .lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase()
                            .strip_prefix("content-type:")
                            .map(str::trim)
                            .map(String::from)
                    })
                    .unwrap_or_default();
                self.raw.drain(..end + 4);
            } else {
                assert!(self.fill().await, "the connection closed before the head");
            }
        }
        self.status.unwrap()
    }

    /// The next answer line, or `None` at the end of the body.
    pub(crate) async fn line(&mut self) -> Option<Value> {
        assert_eq!(
            self.status().await,
            200,
            "{:?}",
            String::from_utf8_lossy(&self.raw)
        );
        loop {
            if let Some(at) = self.body.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.body.drain(..=at).collect();
                return Some(serde_json::from_slice(&line).unwrap());
            }
            // One whole chunk: its size line, the data, and its CRLF.
            if let Some(size_end) = find(&self.raw, b"\r\n") {
                let size_text = std::str::from_utf8(&self.raw[..size_end]).unwrap();
                let size = usize::from_str_radix(size_text.trim(), 16).unwrap();
                if size == 0 {
                    return None;
                }
                if self.raw.len() >= size_end + 2 + size + 2 {
                    self.body
                        .extend_from_slice(&self.raw[size_end + 2..size_end + 2 + size]);
                    self.raw.drain(..size_end + 2 + size + 2);
                    continue;
                }
            }
            assert!(self.fill().await, "the connection closed mid-body");
        }
    }

    pub(crate) async fn all(&mut self) -> Vec<Value> {
        let mut lines = Vec::new();
        while let Some(line) = self.line().await {
            lines.push(line);
        }
        lines
    }
}

fn find(bytes: &[u8], needle: &[u8]) -> Option<usize> {
    bytes.windows(needle.len()).position(|w| w == needle)
}

/// Sends `body` whole and reads every answer line.
async fn batch(addr: std::net::SocketAddr, content_type: &str, body: &str) -> Vec<Value> {
    let mut batch = Batch::start(addr, content_type).await;
    batch.send(body).await;
    batch.finish().await;
    batch.answers.all().await
}

pub(crate) fn config(workers: usize) -> ServerConfig {
    ServerConfig {
        workers,
        queue: 8,
        ..ServerConfig::default()
    }
}

/// The summary line, checked to be last.
pub(crate) fn summary(lines: &[Value]) -> &Value {
    let last = lines.last().expect("a summary line");
    &last["summary"]
}

/// A comment to pad a line with.
pub(crate) const PADDING: &str = " # ------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------";

/// A near-complete puzzle: `EASY_SOLUTION` with cell `k % 81` blank. It solves at once, even in an
/// unoptimised build, so a test can send hundreds of thousands.
pub(crate) fn quick(k: usize) -> String {
    let mut cells = EASY_SOLUTION.as_bytes().to_vec();
    cells[k % 81] = b'.';
    String::from_utf8(cells).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ndjson_answers_come_in_input_order_with_errors_in_their_places_and_a_summary() {
    let live = start(config(2)).await;
    let wrong = EASY_SOLUTION.replace("483", "843");
    let body = [
        json!(EASY).to_string(),
        "not a puzzle".to_string(),
        json!({ "puzzle": EASY, "solution": EASY_SOLUTION }).to_string(),
        json!({ "puzzle": EASY, "solution": wrong }).to_string(),
        String::new(),
        json!({ "puzzle": "1..." , "rules": { "size": 4 } }).to_string(),
        json!({ "puzzle": "12..34..........", "rules": { "size": 4 } }).to_string(),
        json!(format!("55{}", ".".repeat(79))).to_string(),
        json!(".".repeat(81)).to_string(),
        "\"unterminated".to_string(),
    ]
    .join("\n");
    let lines = batch(live.addr, "application/x-ndjson", &body).await;
    let numbers: Vec<u64> = lines[..lines.len() - 1]
        .iter()
        .map(|l| l["line"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4, 6, 7, 8, 9, 10], "{lines:#?}");
    assert_eq!(lines[0]["verdict"], "unique");
    assert_eq!(lines[0]["solution"], EASY_SOLUTION);
    assert!(lines[0].get("matches").is_none());
    assert_eq!(lines[1]["error"]["code"], "invalid_puzzle");
    assert_eq!(lines[2]["matches"], true);
    assert_eq!(lines[3]["matches"], false);
    assert_eq!(lines[3]["solution"], EASY_SOLUTION);
    assert_eq!(lines[4]["error"]["code"], "invalid_puzzle", "{}", lines[4]);
    assert!(lines[4]["error"]["detail"]
        .as_str()
        .unwrap()
        .starts_with("puzzle: "));
    assert!(["unique", "multiple"].contains(&lines[5]["verdict"].as_str().unwrap()));
    assert_eq!(lines[5]["solution"].as_str().unwrap().len(), 16);
    assert_eq!(lines[6]["verdict"], "none");
    assert!(lines[6]["conflict"].as_str().unwrap().contains("digit 5"));
    assert_eq!(lines[7]["verdict"], "multiple");
    assert_eq!(lines[8]["error"]["code"], "invalid_json");
    let summary = summary(&lines);
    assert_eq!(summary["count"], 9);
    assert_eq!(summary["solved"], 4);
    assert_eq!(summary["errors"], 3);
    assert!(summary["puzzles_per_second"].as_f64().unwrap() > 0.0);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_kaggle_csv_layouts_are_read_by_their_header_names() {
    let live = start(config(2)).await;
    let wrong = EASY_SOLUTION.replace("483", "843");
    let layouts = [
        format!("quizzes,solutions\n{EASY},{EASY_SOLUTION}\n{EASY},{wrong}\n"),
        format!("id,puzzle,solution,clues,difficulty\n1,{EASY},{EASY_SOLUTION},32,0.0\n2,{EASY},{wrong},32,0.0\n"),
        // RFC 4180: quoted fields, a comma and a newline inside one, a doubled quote.
        format!("\"id\",\"note\",\"puzzle\",\"solution\"\n\"1\",\"a, b\",\"{EASY}\",\"{EASY_SOLUTION}\"\n2,\"two\nlines \"\"quoted\"\"\",{EASY},{wrong}\n"),
    ];
    for csv in layouts {
        let lines = batch(live.addr, "text/csv", &csv).await;
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(
            (&lines[0]["line"], &lines[0]["matches"]),
            (&json!(2), &json!(true))
        );
        assert_eq!(
            (&lines[1]["line"], &lines[1]["matches"]),
            (&json!(3), &json!(false))
        );
        assert_eq!(summary(&lines)["solved"], 1);
    }
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_json_array_is_answered_as_the_same_stream_and_bounded_in_count() {
    let live = start(config(2)).await;
    let body = json!([EASY, { "puzzle": EASY }, 7]).to_string();
    let lines = batch(live.addr, "application/json", &body).await;
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[1]["verdict"], "unique");
    assert_eq!(lines[2]["error"]["code"], "invalid_json");
    assert_eq!(summary(&lines)["count"], 3);
    let too_many = json!(vec![EASY; 10_001]).to_string();
    let mut over = Batch::start(live.addr, "application/json").await;
    over.send(&too_many).await;
    over.finish().await;
    assert_eq!(over.answers.status().await, 400);
    let mut object = Batch::start(live.addr, "application/json").await;
    object.send(&json!({ "puzzle": EASY }).to_string()).await;
    object.finish().await;
    assert_eq!(object.answers.status().await, 400);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_media_types_and_methods_are_refused_with_problems() {
    let live = start(config(2)).await;
    let mut xml = Batch::start(live.addr, "application/xml").await;
    xml.finish().await;
    assert_eq!(xml.answers.status().await, 415);
    let get = exchange(live.addr, &get_request("/solve/batch")).await;
    assert_eq!(get.status, 405);
    assert_eq!(get.json()["code"], "method_not_allowed");
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_arrive_while_the_body_is_still_being_sent() {
    let live = start(config(2)).await;
    let mut batch = Batch::start(live.addr, "application/x-ndjson").await;
    for n in 1..=3u64 {
        batch.send(&format!("\"{EASY}\"\n")).await;
        // The body is not finished: this answer can only come from streaming.
        let answer = batch.answers.line().await.unwrap();
        assert_eq!(answer["line"], n);
        assert_eq!(answer["solution"], EASY_SOLUTION);
    }
    batch.finish().await;
    let rest = batch.answers.all().await;
    assert_eq!(summary(&rest)["count"], 3);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_request_read_slowly_is_back_pressured_and_answered_whole_in_order() {
    const LINES: usize = 200_000;
    // The body is read ahead into the spool, 256 KiB in memory and 4 MiB on disk, and no further.
    let spool = SpoolLimits {
        memory_bytes: 256 * 1024,
        disk_bytes: 4 * 1024 * 1024,
        dir: None,
    };
    let batch_limits = BatchLimits {
        spool,
        ..BatchLimits::default()
    };
    let live = start(ServerConfig {
        batch: batch_limits,
        ..config(2)
    })
    .await;
    let mut batch = Batch::start(live.addr, "text/plain").await;
    let mut send = batch.send;
    let writer = tokio::spawn(async move {
        let mut block = String::new();
        for k in 0..LINES {
            // A comment after each puzzle makes the body far larger than every buffer between the
            // two ends, so only back-pressure can stop the writer.
            block.push_str(&quick(k));
            block.push_str(PADDING);
            block.push('\n');
            if block.len() > 60_000 {
                send_chunk(&mut send, &block).await;
                block.clear();
            }
        }
        send_chunk(&mut send, &block).await;
        send.write_all(b"0\r\n\r\n").await.unwrap();
        send
    });
    // Read one answer, then stop reading: the server may answer only what the socket buffers and
    // its window hold, and may read only what its spool holds, so the writer stalls too.
    assert_eq!(batch.answers.line().await.unwrap()["line"], 1);
    let mut answered = metric(live.addr, "sudoku_batch_lines_total").await;
    loop {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let now = metric(live.addr, "sudoku_batch_lines_total").await;
        if now == answered {
            break;
        }
        answered = now;
    }
    assert!(
        (answered as usize) < LINES,
        "the server read and answered all {answered} lines while the client read none"
    );
    assert!(
        !writer.is_finished(),
        "the body was read whole without back-pressure"
    );
    // Reading again, every answer comes, in order.
    let mut next = 2;
    while let Some(line) = batch.answers.line().await {
        if line.get("summary").is_some() {
            assert_eq!(line["summary"]["count"], LINES);
            assert_eq!(line["summary"]["solved"], LINES);
            break;
        }
        assert_eq!(line["line"], next);
        let solution = Grid::parse(line["solution"].as_str().unwrap()).unwrap();
        assert!(solution.solves(&Grid::parse(&quick(next as usize - 1)).unwrap()));
        next += 1;
    }
    assert_eq!(next as usize, LINES + 1);
    batch.send = writer.await.unwrap();
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_leaves_mid_stream_frees_the_workers() {
    const LINES: usize = 20_000;
    let live = start(config(1)).await;
    let mut batch = Batch::start(live.addr, "text/plain").await;
    let mut send = batch.send;
    let writer = tokio::spawn(async move {
        let block = format!("{HARD1}\n").repeat(500);
        for _ in 0..LINES / 500 {
            send_chunk(&mut send, &block).await;
        }
    });
    assert_eq!(batch.answers.line().await.unwrap()["line"], 1);
    writer.abort();
    let _ = writer.await;
    drop(batch.answers);
    // The server notices within a few lines (how many depends on the machine's load; a busy
    // gauge of 0 can be read between two of them): the count of answered lines stops, far short
    // of what was sent, and the worker is idle.
    let started = std::time::Instant::now();
    let mut answered = metric(live.addr, "sudoku_batch_lines_total").await;
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let now = metric(live.addr, "sudoku_batch_lines_total").await;
        if now == answered {
            break;
        }
        answered = now;
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "still answering"
        );
    }
    assert!((answered as usize) < LINES, "{answered} lines answered");
    wait_for_metric(live.addr, "sudoku_workers_busy", 0, Duration::from_secs(30)).await;
    // The worker is free for others at once.
    let r = exchange(
        live.addr,
        &crate::wire::post("/solve", &json!({ "puzzle": EASY }).to_string()),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_line_limit_and_the_idle_timeout_end_the_input_with_a_record_in_place() {
    let limits = BatchLimits {
        max_lines: 3,
        idle_timeout: Duration::from_millis(300),
        ..BatchLimits::default()
    };
    let live = start(ServerConfig {
        batch: limits,
        ..config(2)
    })
    .await;
    let five = format!("{EASY}\n").repeat(5);
    let lines = batch(live.addr, "text/plain", &five).await;
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines[3]["line"], 4);
    assert_eq!(lines[3]["error"]["code"], "too_many_lines");
    assert_eq!(summary(&lines)["errors"], 1);

    let mut idle = Batch::start(live.addr, "text/plain").await;
    idle.send(&format!("{EASY}\n")).await;
    let lines = idle.answers.all().await;
    assert_eq!(lines[0]["verdict"], "unique");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["error"]["code"], "idle_timeout");
    assert_eq!(summary(&lines)["count"], 2);
    live.shutdown.send(()).unwrap();
}
