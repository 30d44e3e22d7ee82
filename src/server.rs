//! Binding, serving and graceful shutdown.
//!
//! [`run`] serves the router on a listener until a shutdown future resolves, then stops accepting
//! and lets in-flight requests finish; tests call it on `127.0.0.1:0`. [`serve`] is the `sudoku
//! serve` command: it builds the runtime (blocking threads capped at the worker count, so CPU work is
//! bounded), sets up logging and waits for SIGTERM or Ctrl-C.

use std::future::Future;
use std::io;
use std::process::ExitCode;
use std::time::Duration;

use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder as ConnectionBuilder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

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
