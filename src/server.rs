//! Binding, serving and graceful shutdown.
//!
//! [`run`] serves the router on a listener, each connection under the deadlines and cap of
//! [`crate::connections`], until a shutdown future resolves; then it keeps accepting for the
//! shutdown grace with `/readyz` at 503, stops accepting, and lets in-flight requests finish; tests
//! call it on `127.0.0.1:0`. [`serve`] is the `sudoku serve` command: it builds the runtime (an
//! async worker per core; CPU work runs on the [`crate::pool`]'s own bounded threads, and tokio's
//! blocking threads only read and write the batch spool's files), sets up logging and waits for
//! SIGTERM or Ctrl-C.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder as ConnectionBuilder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::convert::Infallible;
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::access_log::Throttle;
use crate::connections::{Admission, Closed, Deadlines, Registry, Tracked, Watched};

use crate::http::{self, AppState};

// Re-exported where they lived before they had their own module, so embedders and tests keep working.
pub use crate::config::{LogFormat, ServerConfig, DEFAULT_QUEUE, HEADER_READ_TIMEOUT};
pub use crate::probe::probe;

/// `sudoku serve`: runs the service until SIGTERM or Ctrl-C, then drains and exits 0.
pub fn serve(config: ServerConfig) -> ExitCode {
    init_tracing(config.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build();
    // A failure to start (no runtime, the address taken) is the command's error, said once on
    // standard error; once the server is up, a failure is a log event like every other.
    let started = runtime.and_then(|rt| {
        let listener = rt
            .block_on(TcpListener::bind(&config.addr))
            .map_err(|error| {
                io::Error::new(
                    error.kind(),
                    format!("cannot listen on {}: {error}", config.addr),
                )
            })?;
        Ok((rt, listener))
    });
    let (rt, listener) = match started {
        Ok(started) => started,
        Err(err) => {
            eprintln!("sudoku serve: {err}");
            return ExitCode::FAILURE;
        }
    };
    let result = rt.block_on(async {
        tracing::info!(addr = %listener.local_addr()?, workers = config.workers,
            queue = config.queue, max_connections = config.max_connections, "listening");
        run(listener, config, shutdown_signal()).await
    });
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(err) if tracing::enabled!(tracing::Level::ERROR) => {
            tracing::error!(error = %err, "server failed");
            ExitCode::FAILURE
        }
        Err(err) => {
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

/// Serves the API on `listener` until `shutdown` resolves. Then the server is marked not ready
/// (`/readyz` answers 503) but keeps accepting and answering for `config.shutdown_grace`, so that
/// load balancers see it leave and clients already in the accept queue are served rather than
/// reset; then it closes the listener and waits for in-flight requests to finish, for at most
/// [`drain_deadline`]: a client that never completes its request must not keep the process alive.
///
/// The accept loop is written out (rather than `axum::serve`) to give every connection its
/// deadlines and a place under the connection cap ([`crate::connections`]).
pub async fn run(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let state = AppState::new(&config);
    let server = Server::new(&config, http::router(state.clone()));
    let mut shutdown = std::pin::pin!(shutdown);
    tokio::select! {
        () = server.accept_until(&listener) => {},
        () = &mut shutdown => {},
    }
    state.begin_shutdown();
    tracing::info!(grace = ?config.shutdown_grace,
        "shutdown requested: not ready, still accepting during the grace period");
    let grace = tokio::time::sleep(config.shutdown_grace);
    tokio::select! {
        () = server.accept_until(&listener) => {},
        () = grace => {},
    }
    drop(listener);
    tracing::info!("listener closed: finishing in-flight requests");
    let drain = drain_deadline(&config);
    if tokio::time::timeout(drain, server.graceful.shutdown())
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

/// The accept loop's state: how connections are served, the open ones, and their deadlines.
struct Server {
    app: axum::Router,
    connections: ConnectionBuilder<TokioExecutor>,
    graceful: GracefulShutdown,
    registry: Arc<Registry>,
    deadlines: Deadlines,
    full_warnings: Throttle,
}

impl Server {
    fn new(config: &ServerConfig, app: axum::Router) -> Server {
        let mut connections = ConnectionBuilder::new(TokioExecutor::new());
        connections
            .http1()
            .timer(TokioTimer::new())
            // Off: hyper's timer runs from the end of one request, so it would close a kept-alive
            // connection before the idle timeout. The watchdog keeps the head deadline instead,
            // from a head's first byte ([`crate::connections`]).
            .header_read_timeout(None);
        // Pings find peers that vanished without closing; the watchdog closes idle ones.
        connections
            .http2()
            .timer(TokioTimer::new())
            .keep_alive_interval(HTTP2_KEEP_ALIVE_INTERVAL)
            .keep_alive_timeout(HTTP2_KEEP_ALIVE_TIMEOUT)
            .max_concurrent_streams(HTTP2_MAX_STREAMS);
        Server {
            app,
            connections,
            graceful: GracefulShutdown::new(),
            registry: Registry::new(config.max_connections),
            deadlines: Deadlines {
                first_request: config.header_read_timeout,
                idle: config.idle_timeout,
                write: config.write_timeout,
            },
            full_warnings: Throttle::new(Duration::from_secs(1)),
        }
    }

    /// Accepts and serves connections until the future is dropped.
    async fn accept_until(&self, listener: &TcpListener) {
        loop {
            match listener.accept().await {
                Ok((stream, peer)) => self.serve(stream, peer),
                Err(error) => {
                    // Out of file descriptors, say: back off rather than spin.
                    tracing::warn!(%error, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    }

    /// Serves one connection on its own task, under its watchdog.
    fn serve(&self, stream: TcpStream, peer: SocketAddr) {
        let slot = match self.registry.admit() {
            Admission::Admitted(slot) | Admission::Evicted(slot) => slot,
            Admission::Full => {
                if let Some(refused) = self.full_warnings.tick() {
                    tracing::warn!(
                        refused,
                        max = self.registry.len(),
                        "every connection has a request in flight; refusing new connections"
                    );
                }
                return;
            }
        };
        let _ = stream.set_nodelay(true);
        let conn = slot.conn().clone();
        let app = self.app.clone();
        let service = tower::service_fn(move |mut request: axum::http::Request<Incoming>| {
            // Who sent it, for the budgets of heavy work ([`crate::http::caller`]).
            request.extensions_mut().insert(ConnectInfo(peer));
            let in_flight = conn.begin_request();
            let answer = app.clone().oneshot(request);
            let conn = conn.clone();
            async move {
                let response = answer.await?;
                if let Some(id) = response.headers().get("x-request-id") {
                    conn.note_request_id(id);
                }
                Ok::<_, Infallible>(response.map(|body| Tracked::new(body, in_flight)))
            }
        });
        let io = TokioIo::new(Watched::new(stream, slot.conn().clone()));
        let connection = self
            .connections
            .serve_connection_with_upgrades(io, TowerToHyperService::new(service));
        let connection = self.graceful.watch(connection.into_owned());
        let deadlines = self.deadlines;
        tokio::spawn(async move {
            tokio::select! {
                ended = connection => if let Err(error) = ended {
                    tracing::debug!(%error, "connection ended with an error");
                },
                reason = slot.conn().watch(deadlines) => {
                    if reason == Closed::WriteStalled {
                        let request_id = slot.conn().request_id().unwrap_or_default();
                        tracing::warn!(request_id, write_timeout = ?deadlines.write,
                            "closing a connection whose client stopped reading its answer");
                    } else {
                        tracing::debug!(?reason, "connection closed by the server");
                    }
                },
            }
            drop(slot);
        });
    }
}

/// How often an HTTP/2 connection is pinged, and how long the answer may take.
const HTTP2_KEEP_ALIVE_INTERVAL: Duration = Duration::from_secs(20);
const HTTP2_KEEP_ALIVE_TIMEOUT: Duration = Duration::from_secs(10);
/// Requests one HTTP/2 connection may have in flight; the pool's queue bounds the work anyway.
const HTTP2_MAX_STREAMS: u32 = 128;

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
