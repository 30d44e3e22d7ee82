//! The server's configuration: what `sudoku serve` runs with, and its defaults.
//!
//! It lives apart from [`crate::server`] (which binds and serves) and from the command line (which
//! fills it from flags), so that the HTTP layer can read the configuration without depending on
//! either.

use std::time::Duration;

/// Solves allowed to wait for a worker before the server answers 503 (`--queue`).
pub const DEFAULT_QUEUE: usize = 64;

/// How long a client may take to send a request head. Past it the connection is closed, so a client
/// that trickles or stalls its headers (slowloris) cannot hold a connection open.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

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
    pub addr: std::net::SocketAddr,
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
            addr: std::net::SocketAddr::from(([0, 0, 0, 0], 8080)),
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
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The layers point one way: the server serves the HTTP API, so the API must not reach back.
    #[test]
    fn the_http_layer_does_not_import_the_server() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let source = std::fs::read_to_string(&path).unwrap();
            assert!(
                !source.contains("crate::server"),
                "{} imports crate::server",
                path.display()
            );
        }
    }
}
