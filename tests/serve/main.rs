//! `sudoku serve` as a real process on loopback: what only the binary shows, such as its own
//! file-descriptor limit (set with util-linux's `prlimit`), the address it is given by name, and
//! how it says an address is taken; batches from clients that send before they read (`batch`); and
//! the fairness of the lanes and budgets under heavy load (`fairness`).

mod batch;
mod fairness;
#[path = "../support/killers.rs"]
mod killers;

use std::io::Read;
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
