//! `sudoku serve` as a real process on loopback: what only the binary shows, such as its own
//! file-descriptor limit (set with util-linux's `prlimit`), the address it is given by name, and
//! how it says an address is taken.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_service::probe::probe;

/// Held by every test of this file, so that they run one at a time: each starts a server, some load
/// the machine (a million lines, thousands of connections), and the fairness scenario times answers,
/// which must not share the cores with another test's load.
static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// This test's turn alone on the machine among the tests of this file.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ALONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A port free on loopback a moment ago.
fn free_port() -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    listener.local_addr().unwrap().port()
}

/// The server process, killed when the test ends however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `sudoku serve` (under `prefix`, such as `prlimit`) with `args`, and waits until
/// `http://127.0.0.1:port/healthz` answers.
fn serve(prefix: &[&str], port: u16, args: &[&str]) -> Server {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let (program, before) = match prefix.split_first() {
        Some((program, rest)) => (*program, [rest, &[bin]].concat()),
        None => (bin, Vec::new()),
    };
    let workers: &[&str] = if args.iter().any(|a| a.starts_with("--workers")) {
        &[]
    } else {
        &["--workers=1"]
    };
    let child = Command::new(program)
        .args(before)
        .args(["serve", "--shutdown-grace-ms=0"])
        .args(workers)
        .args(args)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    let server = Server(child);
    let url = format!("http://127.0.0.1:{port}/healthz");
    let started = Instant::now();
    while probe(&url, Duration::from_secs(1)).ok() != Some(200) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the server never answered"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

#[test]
fn healthz_answers_while_idle_connections_outnumber_the_file_descriptors() {
    let _alone = alone();
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let _server = serve(
        &["prlimit", "--nofile=128:128", "--"],
        port,
        &["--addr", &addr],
    );
    // More than the server has descriptors for; each sends nothing.
    let idle: Vec<TcpStream> = (0..200)
        .map(|_| TcpStream::connect(&addr).unwrap())
        .collect();
    let status = probe(&format!("http://{addr}/healthz"), Duration::from_secs(3));
    assert_eq!(status.as_ref().ok(), Some(&200), "{status:?}");
    drop(idle);
}

#[test]
fn a_host_name_is_accepted_as_the_address() {
    let _alone = alone();
    let port = free_port();
    let _server = serve(&[], port, &["--addr", &format!("localhost:{port}")]);
}

#[test]
fn an_address_in_use_is_named_in_the_error() {
    let _alone = alone();
    let taken = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["serve", "--addr", &addr])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success());
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.contains(&addr) && last.contains("in use"),
        "the error names {addr}: {stderr}"
    );
}

/// `sudoku healthcheck` with `SUDOKU_ADDR` set to `addr` (and no URL of its own).
fn healthcheck_at(addr: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("healthcheck")
        .env("SUDOKU_ADDR", addr)
        .env_remove("SUDOKU_HEALTHCHECK_URL")
        .output()
        .unwrap()
}

#[test]
fn healthcheck_probes_where_sudoku_addr_says_the_server_listens() {
    let _alone = alone();
    let port = free_port();
    let _server = serve(&[], port, &["--addr", &format!("127.0.0.1:{port}")]);
    for addr in [format!("127.0.0.1:{port}"), format!("0.0.0.0:{port}")] {
        let out = healthcheck_at(&addr);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{addr}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let elsewhere = free_port();
    let out = healthcheck_at(&format!("0.0.0.0:{elsewhere}"));
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("http://127.0.0.1:{elsewhere}/healthz")),
        "{stderr}"
    );
}

#[test]
fn an_address_in_use_is_said_once() {
    let _alone = alone();
    let taken = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["serve", "--addr", &addr])
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let everything = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(everything.matches("in use").count(), 1, "{everything}");
}

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

/// Mathemagic's first killer (`puzzles/killer/mathemagic.txt`) as a `/solve` body: seconds of
/// search, far past the light budget.
fn hard_killer() -> serde_json::Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/mathemagic.txt"
    ))
    .unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let fields: Vec<&str> = line.split(" | ").collect();
    let (ids, sums) = (fields[1].as_bytes(), fields[2]);
    let mut order: Vec<u8> = Vec::new();
    for &id in ids {
        if !order.contains(&id) {
            order.push(id);
        }
    }
    let cages: Vec<serde_json::Value> = order
        .iter()
        .zip(sums.split(','))
        .map(|(&id, sum)| {
            let cells: Vec<String> = (0..81)
                .filter(|&k| ids[k] == id)
                .map(|k| format!("{}{}", (b'A' + (k / 9) as u8) as char, k % 9 + 1))
                .collect();
            serde_json::json!({ "sum": sum.parse::<u32>().unwrap(), "cells": cells })
        })
        .collect();
    serde_json::json!({ "puzzle": ".".repeat(81), "rules": { "cages": cages } })
}

/// An answer read off the wire: status, headers (names in lower case) and body.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `request` (whole, with `Connection: close`) from the loopback address `from` and reads the
/// answer to its end.
async fn exchange_from(from: [u8; 4], port: u16, request: &[u8]) -> Reply {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(std::net::SocketAddr::from((from, 0))).unwrap();
    let mut stream = socket
        .connect(std::net::SocketAddr::from(([127, 0, 0, 1], port)))
        .await
        .unwrap();
    stream.write_all(request).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

fn http_request(method: &str, path: &str, content_type: &str, body: &str) -> Vec<u8> {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
         Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The heavy work of the scenario, in turn: a killer that takes seconds on `/solve`, a
/// 25x25 killer, a book of a hundred 16x16 puzzles, and a batch of ten such killers.
fn heavy_request(n: usize, killer: &serde_json::Value) -> Vec<u8> {
    match n % 4 {
        0 => http_request("POST", "/solve", "application/json", &killer.to_string()),
        1 => http_request(
            "GET",
            &format!("/random?size=25&variant=killer&seed={n}"),
            "text/plain",
            "",
        ),
        2 => http_request(
            "GET",
            &format!("/book?count=100&size=16&seed={n}"),
            "text/plain",
            "",
        ),
        _ => {
            let lines = vec![killer.to_string(); 10].join("\n") + "\n";
            http_request("POST", "/solve/batch", "application/x-ndjson", &lines)
        }
    }
}

/// Whether `solution` keeps the givens of `puzzle` and has each digit once in every row, column
/// and box.
fn solves(puzzle: &str, solution: &str) -> bool {
    let cells: Vec<u8> = solution.bytes().collect();
    let keeps = puzzle
        .bytes()
        .zip(&cells)
        .all(|(given, &cell)| !given.is_ascii_digit() || given == b'0' || given == cell);
    let unit_ok = |at: &dyn Fn(usize) -> usize| {
        let mut seen: Vec<u8> = (0..9).map(|k| cells[at(k)]).collect();
        seen.sort_unstable();
        seen == b"123456789"
    };
    cells.len() == 81
        && keeps
        && (0..9).all(|u| {
            unit_ok(&|k| u * 9 + k)
                && unit_ok(&|k| k * 9 + u)
                && unit_ok(&|k| (u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3)
        })
}

/// The `p`th percentile of `samples`.
fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    let rank = ((samples.len() as f64) * p).ceil() as usize;
    samples[rank.clamp(1, samples.len()) - 1]
}

/// The scenario on the real binary with two workers: one client (127.0.0.2) keeps eight
/// heavy requests in flight, another (127.0.0.1) solves a classic puzzle every 50 ms, a third
/// (127.0.0.3) asks `/healthz` every 50 ms. Every light answer is a 200 within 100 ms at the 99th
/// percentile, `/healthz` within 50 ms, and the heavy client gets its answers or a 429/503 with
/// `Retry-After` (or, for work that ran to the two-second cap, a 504 whose body says `timeout` with
/// its counters), nothing else.
#[test]
fn light_work_and_health_stay_fast_while_one_client_keeps_eight_heavy_requests_in_flight() {
    let _alone = alone();
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .unwrap()
        .block_on(fairness_scenario());
}

async fn fairness_scenario() {
    let port = free_port();
    let _server = serve(
        &[],
        port,
        &[&format!("--addr=127.0.0.1:{port}"), "--workers=2"],
    );
    let killer = std::sync::Arc::new(hard_killer());
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let heavy: Vec<_> = (0..8)
        .map(|k| {
            let (killer, stop) = (killer.clone(), stop.clone());
            tokio::spawn(async move {
                let mut seen = Vec::new();
                let mut n = k;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let reply =
                        exchange_from([127, 0, 0, 2], port, &heavy_request(n, &killer)).await;
                    n += 8;
                    let wait = match reply.status {
                        200 => None,
                        429 | 503 => {
                            let after = reply.header("retry-after").unwrap_or_else(|| {
                                panic!("{} without Retry-After: {}", reply.status, reply.body)
                            });
                            let after: u64 = after.parse().unwrap();
                            if reply.status == 429 {
                                assert!(reply.header("ratelimit").is_some(), "{}", reply.body);
                                assert!(reply.header("ratelimit-policy").is_some());
                            }
                            // A pushy client: it comes back within a second whatever it is told.
                            Some(Duration::from_secs(after).min(Duration::from_millis(500)))
                        }
                        504 => {
                            let problem: serde_json::Value =
                                serde_json::from_str(&reply.body).unwrap();
                            // Work that ran to the cap (heavy work still waiting at its deadline
                            // is a 503): its answer says so, with its counters.
                            assert_eq!(problem["verdict"], "timeout", "{}", reply.body);
                            // A search counts its nodes; a generator that ran to the cap, its time.
                            let stats = &problem["stats"];
                            let searched = stats["nodes"].as_u64().unwrap() > 0;
                            let ran = stats["elapsed_us"].as_u64().unwrap() >= 2_000_000;
                            assert!(searched || ran, "{}", reply.body);
                            None
                        }
                        other => panic!("the heavy client got {other}: {}", reply.body),
                    };
                    seen.push(reply.status);
                    if let Some(wait) = wait {
                        tokio::time::sleep(wait).await;
                    }
                }
                seen
            })
        })
        .collect();
    // The heavy work is under way before the light client starts.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let top95 = include_str!("../puzzles/top95.txt");
    let puzzles: Vec<&str> = top95.lines().collect();
    let health = tokio::spawn(async move {
        let mut times = Vec::new();
        for _ in 0..160 {
            let started = Instant::now();
            let reply = exchange_from(
                [127, 0, 0, 3],
                port,
                b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            times.push(started.elapsed());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        times
    });
    let mut light = Vec::new();
    for k in 0..160 {
        let body = serde_json::json!({ "puzzle": puzzles[k % puzzles.len()] }).to_string();
        let started = Instant::now();
        let reply = exchange_from(
            [127, 0, 0, 1],
            port,
            &http_request("POST", "/solve", "application/json", &body),
        )
        .await;
        light.push(started.elapsed());
        assert_eq!(reply.status, 200, "a light solve: {}", reply.body);
        let answer: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
        assert_eq!(answer["status"], "unique", "{}", reply.body);
        let solution = answer["solution"].as_str().unwrap();
        assert!(
            solves(puzzles[k % puzzles.len()], solution),
            "{}",
            reply.body
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut health = health.await.unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut statuses = Vec::new();
    for task in heavy {
        statuses.extend(task.await.unwrap());
    }
    let light_p99 = percentile(&mut light, 0.99);
    let health_p99 = percentile(&mut health, 0.99);
    eprintln!(
        "light p50 {:?} p99 {light_p99:?}; healthz p99 {health_p99:?}; heavy answers {statuses:?}",
        percentile(&mut light, 0.5)
    );
    assert!(
        light_p99 < Duration::from_millis(100),
        "light p99 {light_p99:?}"
    );
    assert!(
        health_p99 < Duration::from_millis(50),
        "healthz p99 {health_p99:?}"
    );
    assert!(
        statuses.contains(&200),
        "some heavy work is answered: {statuses:?}"
    );
    assert!(
        statuses.contains(&429),
        "a client over its share is told so: {statuses:?}"
    );
}
