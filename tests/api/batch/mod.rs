//! `POST /solve/batch` on a live server, and the client the batch tests drive it with (a body
//! sent in HTTP chunks while the answers are read line by line): the body formats and their
//! answers in input order ([`formats`]), and the flow of a stream: answers while the body is still
//! being sent, a slow reader and a large request with bounded read-ahead, a client that leaves
//! freeing the workers, and the route's own limits ([`flow`]).

use std::time::Duration;

use serde_json::{json, Value};
use sudoku_service::config::{BatchLimits, ServerConfig, SpoolLimits};
use sudoku_service::engine::Grid;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

use crate::helpers::*;
use crate::live::{settled_metric, start, wait_for_metric};
use crate::wire::{exchange, get_request};

mod flow;
mod formats;

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
