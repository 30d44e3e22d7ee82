//! A live server on loopback against clients that try to hold a connection: one that sends nothing,
//! a partial or bare HTTP/2 preface, idle keep-alive (HTTP/1.1 and HTTP/2), a client that stops
//! reading, more connections than the cap; and the grace period after a shutdown request. Deadlines
//! are shortened to a few hundred milliseconds so each test takes about a second.

use std::io;
use std::time::{Duration, Instant};

use serde_json::json;
use sudoku_service::config::ServerConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::helpers::*;
use crate::live::{no_grace, start};
use crate::wire::{exchange, get_request, post};

/// Short deadlines for the connection's watchdog.
fn short_deadlines() -> ServerConfig {
    ServerConfig {
        header_read_timeout: Duration::from_millis(300),
        idle_timeout: Duration::from_millis(300),
        write_timeout: Duration::from_millis(300),
        ..no_grace(test_config())
    }
}

/// Reads until the server closes `stream` (a reset counts as closed), failing if it is still open
/// after `within`. Returns what was read.
async fn closed_by_server(stream: &mut TcpStream, within: Duration) -> Vec<u8> {
    let mut bytes = Vec::new();
    let read = tokio::time::timeout(within, stream.read_to_end(&mut bytes)).await;
    match read {
        Ok(Ok(_)) => {}
        Ok(Err(error)) => assert_eq!(error.kind(), io::ErrorKind::ConnectionReset, "{error}"),
        Err(_) => panic!("the connection is still open after {within:?}"),
    }
    bytes
}

const HTTP2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// An HTTP/2 frame: 24-bit length, type, flags, stream id.
fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let len = payload.len() as u32;
    let mut out = vec![(len >> 16) as u8, (len >> 8) as u8, len as u8, kind, flags];
    out.extend_from_slice(&stream.to_be_bytes());
    out.extend_from_slice(payload);
    out
}

/// `GET /healthz` as an HTTP/2 HEADERS frame on stream 1 (HPACK: indexed `:method GET` and
/// `:scheme http`, literal `:path` and `:authority` with indexed names), ending the stream.
fn http2_get_healthz() -> Vec<u8> {
    let mut block = vec![0x82, 0x86, 0x04, 8];
    block.extend_from_slice(b"/healthz");
    block.extend_from_slice(&[0x01, 4]);
    block.extend_from_slice(b"test");
    frame(0x1, 0x4 | 0x1, 1, &block)
}

/// The (type, stream) of each whole frame in `bytes`.
fn frames(mut bytes: &[u8]) -> Vec<(u8, u32)> {
    let mut out = Vec::new();
    while bytes.len() >= 9 {
        let len =
            (usize::from(bytes[0]) << 16) | (usize::from(bytes[1]) << 8) | usize::from(bytes[2]);
        let stream = u32::from_be_bytes([bytes[5], bytes[6], bytes[7], bytes[8]]) & 0x7fff_ffff;
        out.push((bytes[3], stream));
        bytes = &bytes[(9 + len).min(bytes.len())..];
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_nothing_is_closed_at_the_head_deadline() {
    let live = start(short_deadlines()).await;
    let mut silent = TcpStream::connect(live.addr).await.unwrap();
    let bytes = closed_by_server(&mut silent, Duration::from_secs(5)).await;
    assert!(bytes.is_empty(), "no answer to nothing");
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partial_or_bare_http2_preface_is_closed_at_the_head_deadline() {
    let live = start(short_deadlines()).await;
    let mut partial = TcpStream::connect(live.addr).await.unwrap();
    partial.write_all(&HTTP2_PREFACE[..16]).await.unwrap();
    let mut bare = TcpStream::connect(live.addr).await.unwrap();
    bare.write_all(HTTP2_PREFACE).await.unwrap();
    bare.write_all(&frame(0x4, 0, 0, &[])).await.unwrap();
    closed_by_server(&mut partial, Duration::from_secs(5)).await;
    closed_by_server(&mut bare, Duration::from_secs(5)).await;
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() {
    let config = ServerConfig {
        // hyper's own head deadline also ends a keep-alive wait; keep it out of the way.
        header_read_timeout: Duration::from_secs(30),
        ..short_deadlines()
    };
    let live = start(config).await;
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        .await
        .unwrap();
    let bytes = closed_by_server(&mut stream, Duration::from_secs(5)).await;
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(
        !text.contains("connection: close"),
        "kept alive, then closed as idle: {text}"
    );
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_http2_connection_is_closed_after_the_idle_timeout() {
    let config = ServerConfig {
        // The request is served, so only the idle deadline can close the connection.
        header_read_timeout: Duration::from_secs(30),
        ..short_deadlines()
    };
    let live = start(config).await;
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    let mut hello = HTTP2_PREFACE.to_vec();
    hello.extend(frame(0x4, 0, 0, &[]));
    hello.extend(http2_get_healthz());
    stream.write_all(&hello).await.unwrap();
    let bytes = closed_by_server(&mut stream, Duration::from_secs(5)).await;
    assert!(
        frames(&bytes).contains(&(0x1, 1)),
        "the request was answered with a HEADERS frame on stream 1: {:?}",
        frames(&bytes)
    );
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_disconnected_and_does_not_hold_the_drain() {
    let config = ServerConfig {
        // A drain deadline of 7 s: the stalled writer must be gone long before it.
        solve_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(30),
        ..short_deadlines()
    };
    let live = start(config).await;
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(live.addr).await.unwrap();
    // Far more than the kernel buffers of both ends hold (the spec is over 50 KB).
    let one = "GET /openapi.yaml HTTP/1.1\r\nHost: test\r\n\r\n";
    stream.write_all(one.repeat(300).as_bytes()).await.unwrap();
    // Never read: the server's writes stall, and its watchdog closes the connection.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let asked = Instant::now();
    live.shutdown.send(()).unwrap();
    let ended = tokio::time::timeout(Duration::from_secs(5), live.task).await;
    assert!(matches!(ended, Ok(Ok(Ok(())))), "{ended:?}");
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "the drain did not wait for the stalled client: {:?}",
        asked.elapsed()
    );
    let bytes = closed_by_server(&mut stream, Duration::from_secs(5)).await;
    let answered = String::from_utf8_lossy(&bytes)
        .matches("HTTP/1.1 200")
        .count();
    assert!(answered < 300, "cut off, not served in full: {answered}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_closes_its_longest_idle_connection_to_answer_a_new_one() {
    let config = ServerConfig {
        max_connections: 4,
        header_read_timeout: Duration::from_secs(30),
        ..no_grace(test_config())
    };
    let live = start(config).await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(live.addr).await.unwrap());
        // Accepted in order, so the first is the longest idle.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let health = tokio::time::timeout(
        Duration::from_secs(5),
        exchange(live.addr, &get_request("/healthz")),
    )
    .await
    .expect("/healthz answers while the server is full of idle connections");
    assert_eq!(health.status, 200, "{}", health.body);
    closed_by_server(&mut idle[0], Duration::from_secs(2)).await;
    for (n, open) in idle.iter_mut().enumerate().skip(1) {
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(Duration::from_millis(100), open.read(&mut byte)).await;
        assert!(read.is_err(), "connection {n} was left open");
    }
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_shutdown_request_the_server_still_accepts_and_says_not_ready_for_the_grace() {
    let config = ServerConfig {
        shutdown_grace: Duration::from_millis(800),
        ..test_config()
    };
    let live = start(config).await;
    let addr = live.addr;
    assert_eq!(exchange(addr, &get_request("/readyz")).await.status, 200);
    let asked = Instant::now();
    live.shutdown.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let ready = exchange(addr, &get_request("/readyz")).await;
    assert_eq!(ready.status, 503, "{}", ready.body);
    let solved = exchange(
        addr,
        &post("/solve", &json!({ "puzzle": EASY }).to_string()),
    )
    .await;
    assert_eq!(solved.status, 200, "still serving: {}", solved.body);
    assert!(
        asked.elapsed() < Duration::from_millis(800),
        "within the grace"
    );
    let ended = tokio::time::timeout(Duration::from_secs(5), live.task).await;
    assert!(matches!(ended, Ok(Ok(Ok(())))), "{ended:?}");
    assert!(
        asked.elapsed() >= Duration::from_millis(800),
        "the grace was kept"
    );
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "then the listener closed"
    );
}

/// Sends `request` on `stream` (kept alive) and reads one response with a `content-length`.
async fn keep_alive_exchange(stream: &mut TcpStream, request: &str) -> String {
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut chunk))
            .await
            .expect("an answer")
            .unwrap();
        assert!(
            n > 0,
            "closed before answering: {:?}",
            String::from_utf8_lossy(&bytes)
        );
        bytes.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&bytes).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(str::to_string)
                })
                .and_then(|v| v.trim().parse::<usize>().ok())
                .expect("a content-length");
            if body.len() >= length {
                return text;
            }
        }
    }
}

const KEEP_ALIVE_HEALTHZ: &str = "GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_alive_connection_is_reused_after_20_s_with_the_default_deadlines() {
    // The documented deadlines: a 10 s head deadline and a 30 s idle timeout. hyper's header-read
    // timer used to run between requests and close the connection at 10 s.
    let live = start(no_grace(test_config())).await;
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    let first = keep_alive_exchange(&mut stream, KEEP_ALIVE_HEALTHZ).await;
    assert!(first.starts_with("HTTP/1.1 200"), "{first}");
    tokio::time::sleep(Duration::from_secs(20)).await;
    let body = json!({ "puzzle": EASY }).to_string();
    let post = format!(
        "POST /solve HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let second = keep_alive_exchange(&mut stream, &post).await;
    assert!(second.starts_with("HTTP/1.1 200"), "{second}");
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn between_requests_the_idle_timeout_applies_and_a_trickled_next_head_gets_the_head_deadline()
{
    let config = ServerConfig {
        idle_timeout: Duration::from_secs(30),
        ..short_deadlines()
    };
    let live = start(config).await;
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    keep_alive_exchange(&mut stream, KEEP_ALIVE_HEALTHZ).await;
    // Three head deadlines of quiet: still open, since the idle timeout is what applies.
    tokio::time::sleep(Duration::from_millis(900)).await;
    let again = keep_alive_exchange(&mut stream, KEEP_ALIVE_HEALTHZ).await;
    assert!(again.starts_with("HTTP/1.1 200"), "{again}");
    // Part of a head, then nothing: closed at the head deadline, not after the idle timeout.
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHo")
        .await
        .unwrap();
    closed_by_server(&mut stream, Duration::from_secs(5)).await;
    live.shutdown.send(()).unwrap();
}
