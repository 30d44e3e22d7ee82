//! Batches on the real binary: a million lines sent whole before an answer is read, and a client
//! that stops reading.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_service::probe::probe;

use super::{alone, free_port, serve, Server};

/// A puzzle that solves at once even in a debug build: a solution with one cell blank, its digits
/// relabelled by `k` so that the lines differ.
fn quick(k: usize) -> (String, String) {
    const SOLUTION: &[u8] =
        b"483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let shift = (k / 81) % 9;
    let relabel = |b: u8| b'1' + (b - b'1' + shift as u8) % 9;
    let solution: Vec<u8> = SOLUTION.iter().map(|&b| relabel(b)).collect();
    let mut puzzle = solution.clone();
    puzzle[k % 81] = b'.';
    (
        String::from_utf8(puzzle).unwrap(),
        String::from_utf8(solution).unwrap(),
    )
}

/// The server's peak resident memory, in KiB.
fn peak_rss_kib(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.0.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// What a half-duplex client (Python's `http.client`, Java's `HttpURLConnection`) does: a million
/// lines (82 MB) written whole before a byte of the answer is read. Every line is answered, in
/// order, with a solution that solves it, and the server's memory stays far below the body's size:
/// what waits is held on disk.
#[test]
fn a_million_lines_sent_before_any_answer_is_read_are_all_answered_in_order_in_bounded_memory() {
    let _alone = alone();
    const LINES: usize = 1_000_000;
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let server = serve(&[], port, &["--addr", &addr, "--workers=2"]);
    let mut body = Vec::with_capacity(LINES * 82);
    for k in 0..LINES {
        body.extend_from_slice(quick(k).0.as_bytes());
        body.push(b'\n');
    }
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(300)))
        .unwrap();
    let head = format!(
        "POST /solve/batch HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&body).unwrap();
    drop(body);

    let mut reader = BufReader::with_capacity(1 << 20, stream);
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).unwrap();
        if header == "\r\n" {
            break;
        }
    }
    // The chunked body, one answer line at a time.
    let (mut pending, mut next, mut summary) = (Vec::new(), 1, None);
    loop {
        let mut size = String::new();
        reader.read_line(&mut size).unwrap();
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            break;
        }
        let mut data = vec![0; size + 2];
        reader.read_exact(&mut data).unwrap();
        pending.extend_from_slice(&data[..size]);
        let mut start = 0;
        while let Some(at) = pending[start..].iter().position(|&b| b == b'\n') {
            let answer: serde_json::Value =
                serde_json::from_slice(&pending[start..start + at]).unwrap();
            start += at + 1;
            if answer.get("summary").is_some() {
                summary = Some(answer);
                continue;
            }
            assert_eq!(answer["line"], next, "{answer}");
            let (puzzle, solution) = quick(next - 1);
            let found = answer["solution"].as_str().unwrap();
            let (found, puzzle) = (
                sudoku_service::engine::Grid::parse(found).unwrap(),
                sudoku_service::engine::Grid::parse(&puzzle).unwrap(),
            );
            assert!(found.solves(&puzzle), "line {next}: {answer}");
            assert_eq!(found.to_line(), solution);
            next += 1;
        }
        pending.drain(..start);
    }
    assert_eq!(next, LINES + 1, "every line answered");
    let summary = summary.expect("a summary line");
    assert_eq!(summary["summary"]["count"], LINES);
    assert_eq!(summary["summary"]["solved"], LINES);
    let peak = peak_rss_kib(&server);
    assert!(
        peak < 64 * 1024,
        "the server peaked at {peak} KiB for an 82 MB body"
    );
}

/// A client that sends a batch and never reads its answer: after the write timeout (10 s) the
/// connection is closed, and the log says so at WARN with the request's id; the stream is logged as
/// cut, never as a request finished with 200.
#[test]
fn a_batch_whose_client_stops_reading_is_logged_as_cut_with_its_request_id() {
    let _alone = alone();
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let log = std::env::temp_dir().join(format!("sudoku-stalled-{}.log", std::process::id()));
    let child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args([
            "serve",
            "--workers=1",
            "--shutdown-grace-ms=0",
            "--log-format=json",
        ])
        .args(["--addr", &addr])
        .env("RUST_LOG", "info")
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let server = Server(child);
    let started = Instant::now();
    while probe(&format!("http://{addr}/healthz"), Duration::from_secs(1)).ok() != Some(200) {
        assert!(started.elapsed() < Duration::from_secs(20));
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut body = Vec::new();
    for k in 0..200_000 {
        body.extend_from_slice(quick(k).0.as_bytes());
        body.push(b'\n');
    }
    let mut stream = TcpStream::connect(&addr).unwrap();
    let head = format!(
        "POST /solve/batch HTTP/1.1\r\nHost: test\r\nX-Request-Id: stalled-client-1\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&body).unwrap();
    // Never read: the server's writes stop going through.
    let lines = || std::fs::read_to_string(&log).unwrap_or_default();
    let waited = Instant::now();
    while !lines().contains("stopped reading its answer") {
        assert!(waited.elapsed() < Duration::from_secs(60), "{}", lines());
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_millis(300));
    drop(server);
    let events: Vec<serde_json::Value> = lines()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let has = |level: &str, message: &str| {
        events.iter().any(|e| {
            e["level"] == level
                && e["fields"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains(message))
                && e.to_string().contains("stalled-client-1")
        })
    };
    assert!(has("WARN", "stopped reading its answer"), "{}", lines());
    assert!(has("WARN", "answer stream was cut"), "{}", lines());
    assert!(
        !events
            .iter()
            .any(|e| e["fields"]["message"] == "finished processing request"
                && e.to_string().contains("stalled-client-1")),
        "a cut stream is not logged as finished"
    );
    drop(stream);
    let _ = std::fs::remove_file(&log);
}
