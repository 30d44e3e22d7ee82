//! The server's configuration: what `sudoku serve` runs with, and its defaults.
//!
//! It lives apart from [`crate::server`] (which binds and serves) and from the command line (which
//! fills it from flags), so that the HTTP layer can read the configuration without depending on
//! either.

use std::path::PathBuf;
use std::time::Duration;

use crate::clients::budget::BudgetLimits;
use crate::clients::ClientRules;

/// Solves allowed to wait for a worker before the server answers 503 (`--queue`).
pub const DEFAULT_QUEUE: usize = 64;

/// How long a client may take to send a request head: from connecting to its first head, and from
/// the first byte of a later head to its end (between requests, the idle timeout applies instead).
/// Past it the connection is closed, so a client that trickles or stalls its headers (slowloris)
/// cannot hold a connection open.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a connection may stay open with no request in flight (keep-alive HTTP/1.1 or HTTP/2).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a write to a client may make no progress (a client that stopped reading) before its
/// connection is closed.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the server keeps accepting and answering after SIGTERM, with `/readyz` at 503, before
/// it closes its listener (`--shutdown-grace-ms`): time for load balancers to see it leave.
pub const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

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
    /// Where to listen: `HOST:PORT`, the host an IP address or a name.
    pub addr: String,
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
    /// Connections open at once (`--max-connections`); when full, the longest-idle one gives way
    /// to a new one. Default: from the file-descriptor limit
    /// ([`default_max_connections`]).
    pub max_connections: usize,
    /// How long a connection may have no request in flight before it is closed ([`IDLE_TIMEOUT`];
    /// not a flag, tests shorten it).
    pub idle_timeout: Duration,
    /// How long a write may make no progress before the connection is closed ([`WRITE_TIMEOUT`];
    /// not a flag, tests shorten it).
    pub write_timeout: Duration,
    /// How long the server keeps accepting after a shutdown request, answering `/readyz` with 503
    /// ([`DEFAULT_SHUTDOWN_GRACE`]; `--shutdown-grace-ms`).
    pub shutdown_grace: Duration,
    /// The largest `max_solutions` a request may ask for. The API documents 100; this is not a flag,
    /// and tests raise it to get searches that run until they are cancelled.
    pub max_solutions: usize,
    /// The limits of `POST /solve/batch` ([`BatchLimits`]; not flags, tests shorten them).
    pub batch: BatchLimits,
    /// How worker time is shared: the light lane's budget and each client's share of heavy work.
    pub fairness: Fairness,
}

/// How worker time is shared between light and heavy work, and between clients.
#[derive(Clone, Debug)]
pub struct Fairness {
    /// Worker time a job in the light lane may take before it is stopped and run again as heavy
    /// work (`--light-budget-ms`).
    pub light_budget: Duration,
    /// Each client's share of heavy work (`--client-worker-seconds`, `--client-max-heavy`).
    pub budget: BudgetLimits,
    /// How clients are told apart (`--trusted-proxy`, `--api-keys-file`).
    pub clients: ClientRules,
}

/// Worker time a light job may take by default before it is run again as heavy work: far above a
/// classic solve, hint or grade (a millisecond or less), far below what heavy work takes.
pub const DEFAULT_LIGHT_BUDGET: Duration = Duration::from_millis(25);

impl Default for Fairness {
    fn default() -> Self {
        Fairness {
            light_budget: DEFAULT_LIGHT_BUDGET,
            budget: BudgetLimits::default(),
            clients: ClientRules::default(),
        }
    }
}

/// The limits of `POST /solve/batch`, which streams and so has its own in place of the body cap and
/// the request deadline of the other routes (docs/api.md, "`POST /solve/batch`").
#[derive(Clone, Debug)]
pub struct BatchLimits {
    /// Each puzzle's deadline: a puzzle still searching at it is answered `timeout`.
    pub puzzle_timeout: Duration,
    /// The most input lines read; a longer input ends with a `too_many_lines` record.
    pub max_lines: usize,
    /// How long the server waits for the next piece of the body; past it the input ends with an
    /// `idle_timeout` record.
    pub idle_timeout: Duration,
    /// Batch streams at once (`--max-batches`); past it, 503 `too_many_batches`.
    pub max_batches: usize,
    /// How much of a body that arrives faster than its answers are read is held, and where.
    pub spool: SpoolLimits,
}

/// How much unread input of one batch the server holds, and where (`POST /solve/batch` reads a
/// body as fast as it is sent, whether or not the client reads its answers).
#[derive(Clone, Debug)]
pub struct SpoolLimits {
    /// Unread input held in memory before it goes to disk.
    pub memory_bytes: usize,
    /// Unread input held on disk; past it the server stops reading until the answers catch up.
    pub disk_bytes: u64,
    /// Where the spool's file is made (unnamed: it never appears in a listing and is gone when the
    /// batch ends, however it ends). `None`: the system's temporary directory.
    pub dir: Option<PathBuf>,
}

/// Batch streams at once by default.
pub const DEFAULT_MAX_BATCHES: usize = 16;

/// Unread batch input held in memory per batch by default, before it goes to disk.
pub const DEFAULT_SPOOL_MEMORY_BYTES: usize = 1024 * 1024;

/// Unread batch input held on disk per batch by default: room for the most lines a batch may have
/// (10,000,000) as 81-cell lines with a solution beside each (about 1.7 GB).
pub const DEFAULT_SPOOL_DISK_BYTES: u64 = 2 * 1024 * 1024 * 1024;

impl Default for BatchLimits {
    fn default() -> Self {
        BatchLimits {
            puzzle_timeout: Duration::from_secs(1),
            max_lines: 10_000_000,
            idle_timeout: Duration::from_secs(30),
            max_batches: DEFAULT_MAX_BATCHES,
            spool: SpoolLimits {
                memory_bytes: DEFAULT_SPOOL_MEMORY_BYTES,
                disk_bytes: DEFAULT_SPOOL_DISK_BYTES,
                dir: None,
            },
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: "0.0.0.0:8080".to_string(),
            workers: default_workers(),
            queue: DEFAULT_QUEUE,
            solve_timeout: Duration::from_millis(2000),
            max_body_bytes: 64 * 1024,
            cors_origins: Vec::new(),
            log_format: LogFormat::Pretty,
            max_solutions: 100,
            header_read_timeout: HEADER_READ_TIMEOUT,
            max_connections: default_max_connections(),
            idle_timeout: IDLE_TIMEOUT,
            write_timeout: WRITE_TIMEOUT,
            shutdown_grace: DEFAULT_SHUTDOWN_GRACE,
            batch: BatchLimits::default(),
            fairness: Fairness::default(),
        }
    }
}

/// One worker per available core.
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// File descriptors kept back from the connection cap: the listener, the runtime's epoll and
/// wake-up descriptors, standard streams, signal handling, and the short overlap while an evicted
/// connection closes.
pub const RESERVED_FDS: u64 = 64;

/// The highest default cap, whatever the descriptor limit: each connection costs buffers, and past
/// this many a single instance should be scaled out rather than up.
pub const MAX_DEFAULT_CONNECTIONS: u64 = 10_000;

/// The default connection cap for a process allowed `fd_limit` open files: what is left after
/// [`RESERVED_FDS`], at least 1 and at most [`MAX_DEFAULT_CONNECTIONS`].
pub fn cap_for_fd_limit(fd_limit: u64) -> usize {
    let cap = fd_limit
        .saturating_sub(RESERVED_FDS)
        .clamp(1, MAX_DEFAULT_CONNECTIONS);
    usize::try_from(cap).unwrap_or(1)
}

/// The default connection cap for this process, from its soft `RLIMIT_NOFILE` (accept fails with
/// "Too many open files" past it). Where the limit cannot be read, the highest default.
pub fn default_max_connections() -> usize {
    let soft = rlimit::Resource::NOFILE
        .get()
        .map_or(MAX_DEFAULT_CONNECTIONS, |(soft, _hard)| soft);
    cap_for_fd_limit(soft)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_cap_leaves_descriptors_for_the_server_and_stays_sane() {
        assert_eq!(cap_for_fd_limit(1024), 960);
        assert_eq!(cap_for_fd_limit(10), 1);
        assert_eq!(cap_for_fd_limit(1 << 20), 10_000);
        assert!(default_max_connections() >= 1);
    }
}
