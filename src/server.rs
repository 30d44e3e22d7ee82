//! Binding, serving and graceful shutdown, plus the container's `healthcheck` probe.
//!
//! [`run`] serves the router on a listener until a shutdown future resolves, then stops accepting
//! and lets in-flight requests finish; tests call it on `127.0.0.1:0`. [`serve`] is the `sudoku
//! serve` command: it builds the runtime (blocking threads capped at the worker count, so CPU work is
//! bounded), sets up logging and waits for SIGTERM or Ctrl-C.

use std::future::Future;
use std::io::{self, BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::time::Duration;

use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder as ConnectionBuilder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

use crate::http::{self, AppState};

/// Solves allowed to wait for a worker before the server answers 503 (`--queue`).
pub const DEFAULT_QUEUE: usize = 64;

/// How logs are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Pretty,
    /// One JSON object per line, for log collectors.
    Json,
}

/// Everything the server needs to run.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Solver threads: jobs running at once.
    pub workers: usize,
    /// Jobs allowed to wait for a worker; beyond that, 503 `queue_full`.
    pub queue: usize,
    /// The cap on one job's deadline (requests may ask for less).
    pub solve_timeout: Duration,
    /// The largest request body accepted.
    pub max_body_bytes: usize,
    /// Origins allowed by CORS; empty means any.
    pub cors_origins: Vec<String>,
    /// How logs are written.
    pub log_format: LogFormat,
    /// How long a client may take to send a request head before its connection is closed
    /// ([`HEADER_READ_TIMEOUT`]; not a flag, tests shorten it).
    pub header_read_timeout: Duration,
    /// The largest `max_solutions` a request may ask for. The API documents 100; this is not a flag,
    /// and tests raise it to get searches that run until they are cancelled.
    pub max_solutions: usize,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: SocketAddr::from(([0, 0, 0, 0], 8080)),
            workers: default_workers(),
            queue: DEFAULT_QUEUE,
            solve_timeout: Duration::from_millis(2000),
            max_body_bytes: 64 * 1024,
            cors_origins: Vec::new(),
            log_format: LogFormat::Pretty,
            max_solutions: 100,
            header_read_timeout: HEADER_READ_TIMEOUT,
        }
    }
}

/// One worker per available core.
fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The flags of `sudoku serve`, each with an environment fallback.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "SUDOKU_ADDR", default_value = "0.0.0.0:8080")]
    pub addr: SocketAddr,
    /// Solver threads (jobs running at once) [default: available cores].
    #[arg(long, env = "SUDOKU_WORKERS", value_parser = clap::value_parser!(u32).range(1..))]
    pub workers: Option<u32>,
    /// Jobs allowed to wait for a solver thread; beyond that the server answers 503 with Retry-After.
    #[arg(long, env = "SUDOKU_QUEUE", default_value_t = DEFAULT_QUEUE)]
    pub queue: usize,
    /// The cap on a solve's deadline, in milliseconds (requests may ask for less).
    #[arg(long, env = "SUDOKU_SOLVE_TIMEOUT_MS", default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub solve_timeout_ms: u64,
    /// The largest request body accepted, in bytes.
    #[arg(long, env = "SUDOKU_MAX_BODY_BYTES", default_value_t = 65536)]
    pub max_body_bytes: usize,
    /// An origin allowed by CORS (repeat, or comma-separate in the variable) [default: any origin].
    #[arg(
        long = "cors-origin",
        env = "SUDOKU_CORS_ORIGINS",
        value_delimiter = ','
    )]
    pub cors_origins: Vec<String>,
    /// Log format; the level comes from RUST_LOG (default `info`).
    #[arg(long, env = "SUDOKU_LOG_FORMAT", value_enum, default_value_t = LogFormat::Pretty)]
    pub log_format: LogFormat,
}

impl From<&ServeArgs> for ServerConfig {
    fn from(args: &ServeArgs) -> Self {
        ServerConfig {
            addr: args.addr,
            workers: args.workers.map_or_else(default_workers, |w| w as usize),
            queue: args.queue,
            solve_timeout: Duration::from_millis(args.solve_timeout_ms),
            max_body_bytes: args.max_body_bytes,
            cors_origins: args.cors_origins.clone(),
            log_format: args.log_format,
            ..ServerConfig::default()
        }
    }
}

/// `sudoku serve`: runs the service until SIGTERM or Ctrl-C, then drains and exits 0.
pub fn serve(args: ServeArgs) -> ExitCode {
    let config = ServerConfig::from(&args);
    init_tracing(config.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build();
    let result = runtime.and_then(|rt| {
        rt.block_on(async {
            let listener = TcpListener::bind(config.addr).await?;
            tracing::info!(addr = %listener.local_addr()?, workers = config.workers,
                queue = config.queue, "listening");
            run(listener, config, shutdown_signal()).await
        })
    });
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(err) => {
            tracing::error!(error = %err, "server failed");
            eprintln!("sudoku serve: {err}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(io::IsTerminal::is_terminal(&io::stdout()));
    // `try_init`: a second call (tests, embedding) keeps the first subscriber.
    let _ = match format {
        LogFormat::Pretty => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}

/// How long a client may take to send a request head. Past it the connection is closed, so a client
/// that trickles or stalls its headers (slowloris) cannot hold a connection open.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves the API on `listener` until `shutdown` resolves, then stops accepting, marks the server
/// not ready and waits for in-flight requests to finish, for at most [`drain_deadline`]: a client
/// that never completes its request must not keep the process from exiting.
///
/// The accept loop is written out (rather than `axum::serve`) to give each connection a timer, and
/// with it a deadline for reading the request head.
pub async fn run(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let state = AppState::new(&config);
    let app = http::router(state.clone());
    let mut connections = ConnectionBuilder::new(TokioExecutor::new());
    connections
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => stream,
                Err(error) => {
                    // Out of file descriptors, say: back off rather than spin.
                    tracing::warn!(%error, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let connection = connections.serve_connection_with_upgrades(TokioIo::new(stream), service);
        let connection = graceful.watch(connection.into_owned());
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "connection ended with an error");
            }
        });
    }
    drop(listener);
    state.begin_shutdown();
    tracing::info!("shutdown requested: finishing in-flight requests");
    let drain = drain_deadline(&config);
    if tokio::time::timeout(drain, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            ?drain,
            "connections still open after the drain deadline; closing them"
        );
    }
    Ok(())
}

/// How long shutdown waits for open connections: every request is answered or timed out within the
/// request timeout (the solve cap plus a second), so what is still open after a further second is a
/// client that stalled.
pub fn drain_deadline(config: &ServerConfig) -> Duration {
    config.solve_timeout + Duration::from_secs(2)
}

/// Resolves on Ctrl-C, or on SIGTERM on Unix (what container runtimes send).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut sigterm) => {
                sigterm.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

/// The flags of `sudoku healthcheck`.
#[derive(Clone, Debug, clap::Args)]
pub struct HealthcheckArgs {
    /// The URL to probe (plain http).
    #[arg(
        long,
        env = "SUDOKU_HEALTHCHECK_URL",
        default_value = "http://127.0.0.1:8080/healthz"
    )]
    pub url: String,
}

/// `sudoku healthcheck`: exit 0 when the URL answers 200 within 2 seconds, else 1. Plain TCP and
/// HTTP/1.1, so a `FROM scratch` image needs no curl.
pub fn healthcheck(args: HealthcheckArgs) -> ExitCode {
    match probe(&args.url, Duration::from_secs(2)) {
        Ok(200) => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!("unhealthy: {} answered {status}", args.url);
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("unhealthy: {}: {err}", args.url);
            ExitCode::FAILURE
        }
    }
}

/// The status code `url` answers a GET with.
pub fn probe(url: &str, timeout: Duration) -> io::Result<u16> {
    let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_string());
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| invalid("only http:// URLs are supported"))?;
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let with_port = if authority
        .rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
    {
        authority.to_string()
    } else {
        format!("{authority}:80")
    };
    let addr = with_port
        .to_socket_addrs()?
        .next()
        .ok_or_else(|| invalid("the host did not resolve"))?;
    let mut stream = TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nUser-Agent: sudoku-healthcheck\r\nConnection: close\r\n\r\n"
    )?;
    let mut status_line = String::new();
    BufReader::new(stream).read_line(&mut status_line)?;
    status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "not an HTTP response"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    #[test]
    fn serve_flags_default_to_the_documented_values() {
        let args = Cli::try_parse_from(["sudoku"]).unwrap().serve;
        let config = ServerConfig::from(&args);
        assert_eq!(config.addr, "0.0.0.0:8080".parse().unwrap());
        assert_eq!(config.workers, default_workers());
        assert_eq!(config.queue, DEFAULT_QUEUE);
        assert_eq!(config.solve_timeout, Duration::from_millis(2000));
        assert_eq!(config.max_body_bytes, 65536);
        assert!(config.cors_origins.is_empty());
        assert_eq!(config.log_format, LogFormat::Pretty);
        assert_eq!(config.max_solutions, 100);
    }

    #[test]
    fn serve_flags_override_and_reject_nonsense() {
        let args = Cli::try_parse_from([
            "sudoku",
            "--workers=3",
            "--queue=0",
            "--cors-origin=https://a.example,https://b.example",
            "--log-format=json",
        ])
        .unwrap()
        .serve;
        let config = ServerConfig::from(&args);
        assert_eq!((config.workers, config.queue), (3, 0));
        assert_eq!(
            config.cors_origins,
            ["https://a.example", "https://b.example"]
        );
        assert_eq!(config.log_format, LogFormat::Json);
        for bad in [
            "--workers=0",
            "--solve-timeout-ms=0",
            "--log-format=xml",
            "--addr=nowhere",
        ] {
            assert!(Cli::try_parse_from(["sudoku", bad]).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_probe_refuses_urls_it_cannot_speak_to() {
        let err = probe("https://127.0.0.1:1/healthz", Duration::from_millis(100)).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }
}
