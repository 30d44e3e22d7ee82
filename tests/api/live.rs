//! A real server on a loopback port: graceful shutdown with a request in flight, cancellation of a
//! search whose client disconnects, 503 when the queue is full, the body limit before reading, and
//! the container's healthcheck probe.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::json;
use sudoku_service::server::{self, ServerConfig};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::helpers::*;
use crate::wire::{exchange, get_request, post, read_response};

/// A running server and the means to stop it.
pub(crate) struct Live {
    pub(crate) addr: SocketAddr,
    pub(crate) shutdown: oneshot::Sender<()>,
    pub(crate) task: JoinHandle<std::io::Result<()>>,
}

pub(crate) async fn start(config: ServerConfig) -> Live {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (shutdown, stop) = oneshot::channel::<()>();
    let task = tokio::spawn(server::run(listener, config, async {
        let _ = stop.await;
    }));
    Live {
        addr,
        shutdown,
        task,
    }
}

/// `config` without the grace period after a shutdown request, for tests that wait for the end.
pub(crate) fn no_grace(config: ServerConfig) -> ServerConfig {
    ServerConfig {
        shutdown_grace: Duration::ZERO,
        ..config
    }
}

/// One worker, long searches allowed: an empty grid with a huge `max_solutions` runs until its
/// deadline (5 s) or until it is cancelled.
/// A server whose threads the long searches of [`hold_every_thread`] can all hold, with `queue`
/// waiting places: two workers (so two threads, one of them for light work only), and a light
/// budget long enough that a long search stays light work, in the lane whose queue is tested.
pub(crate) fn held_pool(queue: usize) -> ServerConfig {
    let mut config = ServerConfig {
        workers: 2,
        queue,
        solve_timeout: Duration::from_secs(5),
        max_solutions: usize::MAX,
        ..ServerConfig::default()
    };
    config.fairness.light_budget = Duration::from_secs(60);
    config
}

pub(crate) fn long_search() -> String {
    json!({ "puzzle": ".".repeat(81), "max_solutions": 1u64 << 40 }).to_string()
}

/// A value of an unlabelled metric.
pub(crate) async fn metric(addr: SocketAddr, name: &str) -> u64 {
    let text = exchange(addr, &get_request("/metrics")).await.body;
    text.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|v| v.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("{name} missing"))
        .parse()
        .unwrap()
}

/// Waits until `name` reads `value`, failing after `within`.
pub(crate) async fn wait_for_metric(addr: SocketAddr, name: &str, value: u64, within: Duration) {
    let started = Instant::now();
    loop {
        let now = metric(addr, name).await;
        if now == value {
            return;
        }
        assert!(
            started.elapsed() < within,
            "{name} is {now}, not {value}, after {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Waits until `name` reads the same twice `every` apart and answers that value, failing after
/// `within`: a count that has stopped moving.
pub(crate) async fn settled_metric(
    addr: SocketAddr,
    name: &str,
    every: Duration,
    within: Duration,
) -> u64 {
    let started = Instant::now();
    let mut last = metric(addr, name).await;
    loop {
        tokio::time::sleep(every).await;
        let now = metric(addr, name).await;
        if now == last {
            return now;
        }
        last = now;
        assert!(
            started.elapsed() < within,
            "{name} still moving after {within:?}"
        );
    }
}

/// Starts a long search on its own connection and returns that connection once a worker runs it.
/// Starts a long search on each thread of a [`held_pool`] server and waits until they all run;
/// dropping the streams ends them.
pub(crate) async fn hold_every_thread(addr: SocketAddr) -> Vec<TcpStream> {
    let mut streams = Vec::new();
    for _ in 0..2 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(post("/solve", &long_search()).as_bytes())
            .await
            .unwrap();
        streams.push(stream);
    }
    wait_for_metric(addr, "sudoku_workers_busy", 2, Duration::from_secs(5)).await;
    streams
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn graceful_shutdown_finishes_the_request_in_flight_then_returns_ok() {
    let live = start(no_grace(test_config())).await;
    let body = json!({ "puzzle": EASY }).to_string();
    let request = post("/solve", &body);
    let (first_half, second_half) = request.split_at(request.len() - 20);
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    stream.write_all(first_half.as_bytes()).await.unwrap();
    // Let the server read the head, so the request is in flight when shutdown begins.
    tokio::time::sleep(Duration::from_millis(500)).await;
    live.shutdown.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    stream.write_all(second_half.as_bytes()).await.unwrap();
    let response = read_response(stream).await;
    assert_eq!(response.status, 200, "{}", response.body);
    assert!(grid_of(&response.json()["solution"]).solves(&grid(EASY)));
    let result = tokio::time::timeout(Duration::from_secs(5), live.task).await;
    assert!(matches!(result, Ok(Ok(Ok(())))), "{result:?}");
    assert!(
        TcpStream::connect(live.addr).await.is_err(),
        "no longer accepting"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_cancels_its_search_and_frees_the_worker() {
    let live = start(held_pool(4)).await;
    let stream = hold_every_thread(live.addr).await;
    drop(stream);
    // Counted as a cancellation, and no timeout below: the search stopped because its client
    // left, before its 5 s deadline.
    wait_for_metric(
        live.addr,
        "sudoku_solve_cancellations_total",
        2,
        Duration::from_secs(4),
    )
    .await;
    wait_for_metric(live.addr, "sudoku_workers_busy", 0, Duration::from_secs(4)).await;
    let r = exchange(
        live.addr,
        &post("/solve", &json!({ "puzzle": EASY }).to_string()),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(metric(live.addr, "sudoku_solve_timeouts_total").await, 0);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_answers_503_with_retry_after() {
    let live = start(held_pool(0)).await;
    let stream = hold_every_thread(live.addr).await;
    let r = exchange(
        live.addr,
        &post("/solve", &json!({ "puzzle": EASY }).to_string()),
    )
    .await;
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.headers.get("retry-after").map(String::as_str), Some("1"));
    assert_eq!(r.headers["content-type"], "application/problem+json");
    assert_eq!(r.json()["code"], "queue_full");
    assert_eq!(metric(live.addr, "sudoku_queue_rejections_total").await, 1);
    drop(stream);
    wait_for_metric(live.addr, "sudoku_workers_busy", 0, Duration::from_secs(2)).await;
    let r = exchange(
        live.addr,
        &post("/solve", &json!({ "puzzle": EASY }).to_string()),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_solve_waits_for_a_worker_but_not_past_its_deadline() {
    let live = start(held_pool(1)).await;
    let addr = live.addr;
    let long = hold_every_thread(addr).await;
    let started = Instant::now();
    let r = exchange(
        addr,
        &post(
            "/solve",
            &json!({ "puzzle": EASY, "timeout_ms": 150 }).to_string(),
        ),
    )
    .await;
    assert!(started.elapsed() >= Duration::from_millis(150));
    assert_eq!(r.status, 504, "{}", r.body);
    assert_eq!(r.json()["stats"]["nodes"], 0, "it never reached a worker");
    let queued = tokio::spawn(async move {
        exchange(
            addr,
            &post("/solve", &json!({ "puzzle": EASY }).to_string()),
        )
        .await
    });
    wait_for_metric(addr, "sudoku_queue_depth", 1, Duration::from_secs(5)).await;
    let r = exchange(
        addr,
        &post("/solve", &json!({ "puzzle": EASY }).to_string()),
    )
    .await;
    assert_eq!(r.status, 503, "the one waiting place is taken: {}", r.body);
    drop(long);
    let r = queued.await.unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(grid_of(&r.json()["solution"]).solves(&grid(EASY)));
    assert_eq!(metric(addr, "sudoku_queue_depth").await, 0);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declared_body_over_the_limit_is_refused_with_413_before_it_is_read() {
    let config = ServerConfig {
        max_body_bytes: 1024,
        ..test_config()
    };
    let live = start(config).await;
    let head = "POST /solve HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n";
    let r = exchange(live.addr, head).await;
    assert_eq!(r.status, 413, "{}", r.body);
    assert_eq!(r.json()["code"], "payload_too_large");
    assert_eq!(r.json()["limit_bytes"], 1024);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_healthcheck_probe_reads_the_status_of_a_live_server() {
    let live = start(no_grace(test_config())).await;
    let base = format!("http://{}", live.addr);
    let probe = move |path: &'static str| {
        let url = format!("{base}{path}");
        tokio::task::spawn_blocking(move || server::probe(&url, Duration::from_secs(2)))
    };
    assert_eq!(probe("/healthz").await.unwrap().unwrap(), 200);
    assert_eq!(probe("/nowhere").await.unwrap().unwrap(), 404);
    live.shutdown.send(()).unwrap();
    live.task.await.unwrap().unwrap();
    assert!(
        probe("/healthz").await.unwrap().is_err(),
        "nothing listens any more"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_does_not_wait_forever_for_a_client_that_never_finishes_its_request() {
    let config = ServerConfig {
        solve_timeout: Duration::from_millis(200),
        ..no_grace(test_config())
    };
    let drain = server::drain_deadline(&config);
    let live = start(config).await;
    let mut stalled = TcpStream::connect(live.addr).await.unwrap();
    stalled
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let asked = Instant::now();
    live.shutdown.send(()).unwrap();
    let result = tokio::time::timeout(drain + Duration::from_secs(3), live.task).await;
    assert!(matches!(result, Ok(Ok(Ok(())))), "{result:?}");
    assert!(
        asked.elapsed() >= drain,
        "in-flight work had its full drain time"
    );
    drop(stalled);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_sent_too_slowly_is_a_408_not_a_server_error() {
    let config = ServerConfig {
        solve_timeout: Duration::from_millis(200),
        ..test_config()
    };
    let live = start(config).await;
    let request = post("/solve", &json!({ "puzzle": EASY }).to_string());
    let (head_and_some, _rest) = request.split_at(request.len() - 10);
    let mut stream = TcpStream::connect(live.addr).await.unwrap();
    stream.write_all(head_and_some.as_bytes()).await.unwrap();
    let response = tokio::time::timeout(Duration::from_secs(5), read_response(stream))
        .await
        .expect("the server answers a stalled body");
    assert_eq!(response.status, 408, "{}", response.body);
    assert_eq!(response.json()["code"], "request_timeout");
    assert_eq!(response.json()["limit_ms"], 1200);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stalls_its_request_head_is_disconnected() {
    use tokio::io::AsyncReadExt;
    let config = ServerConfig {
        header_read_timeout: Duration::from_millis(300),
        ..test_config()
    };
    let live = start(config).await;
    let mut slow = TcpStream::connect(live.addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut rest)).await;
    assert!(
        read.is_ok(),
        "the server closes the connection instead of waiting forever"
    );
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(
        !String::from_utf8_lossy(&rest).contains("200 OK"),
        "no answer to half a request"
    );
    live.shutdown.send(()).unwrap();
}
