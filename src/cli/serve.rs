//! The flags of `sudoku serve` and `sudoku healthcheck`, each with an environment fallback, and how
//! they become a [`ServerConfig`]. Serving itself is [`crate::server`]; the probe is [`crate::probe`].

use std::collections::HashMap;
use std::process::ExitCode;
use std::time::Duration;

use crate::clients::budget::{
    BudgetLimits, DEFAULT_CLIENT_MAX_HEAVY, DEFAULT_CLIENT_WORKER_SECONDS,
};
use crate::clients::{ClientRules, IpRange};
use crate::config::default_max_connections;
use crate::config::{
    default_workers, BatchLimits, Fairness, LogFormat, ServerConfig, SpoolLimits,
    DEFAULT_LIGHT_BUDGET, DEFAULT_MAX_BATCHES, DEFAULT_QUEUE, DEFAULT_SPOOL_DISK_BYTES,
    DEFAULT_SPOOL_MEMORY_BYTES,
};
use crate::probe::probe;

// The flags of `sudoku serve`, each with an environment fallback.
// Not a doc comment: with deferred subcommands clap would make it the subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on: HOST:PORT, where HOST is an IP address (IPv6 in brackets) or a name
    /// such as `localhost` (the first address it resolves to is used).
    #[arg(long, env = "SUDOKU_ADDR", default_value = "0.0.0.0:8080", value_parser = host_and_port)]
    pub addr: String,
    /// Solver threads for light work (light jobs running at once; heavy work has one thread fewer,
    /// at least one) [default: available cores].
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
    /// Connections open at once; when full, the longest-idle connection is closed to make room
    /// [default: the open-file limit (RLIMIT_NOFILE) less 64, at most 10000].
    #[arg(long, env = "SUDOKU_MAX_CONNECTIONS", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: Option<u32>,
    /// After SIGTERM, how long to keep accepting and answering (with /readyz at 503) before
    /// closing the listener and draining, in milliseconds.
    #[arg(long, env = "SUDOKU_SHUTDOWN_GRACE_MS", default_value_t = 2000)]
    pub shutdown_grace_ms: u64,
    /// `POST /solve/batch` streams at once; beyond that the server answers 503 with Retry-After.
    #[arg(long, env = "SUDOKU_MAX_BATCHES", default_value_t = DEFAULT_MAX_BATCHES as u32,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_batches: u32,
    /// Unread input of one batch held in memory, in bytes, before the rest goes to disk (a client
    /// may send a whole batch before it reads an answer).
    #[arg(long, env = "SUDOKU_BATCH_SPOOL_MEMORY_BYTES", default_value_t = DEFAULT_SPOOL_MEMORY_BYTES)]
    pub batch_spool_memory_bytes: usize,
    /// Unread input of one batch held on disk, in bytes; past it the server stops reading that
    /// batch until its answers are read.
    #[arg(long, env = "SUDOKU_BATCH_SPOOL_DISK_BYTES", default_value_t = DEFAULT_SPOOL_DISK_BYTES)]
    pub batch_spool_disk_bytes: u64,
    /// Where batch input beyond the memory bound is held, in an unnamed file [default: the
    /// system's temporary directory, TMPDIR or /tmp].
    #[arg(long, env = "SUDOKU_BATCH_SPOOL_DIR")]
    pub batch_spool_dir: Option<std::path::PathBuf>,
    /// Worker time, in milliseconds, a request's job may take in the light lane before it is
    /// stopped and run again as heavy work (heavy work has workers - 1 threads of its own, at a lower
    /// priority).
    #[arg(long, env = "SUDOKU_LIGHT_BUDGET_MS", default_value_t = DEFAULT_LIGHT_BUDGET.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub light_budget_ms: u64,
    /// Heavy worker-seconds each client may use a minute; over it, 429 with Retry-After.
    #[arg(long, env = "SUDOKU_CLIENT_WORKER_SECONDS", default_value_t = DEFAULT_CLIENT_WORKER_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub client_worker_seconds: u64,
    /// Heavy jobs each client may have running or waiting at once; over it, 429 with Retry-After.
    #[arg(long, env = "SUDOKU_CLIENT_MAX_HEAVY", default_value_t = DEFAULT_CLIENT_MAX_HEAVY,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub client_max_heavy: u32,
    /// A proxy (an address or CIDR range) whose `Forwarded` or `X-Forwarded-For` header names the
    /// client (repeat, or comma-separate in the variable) [default: none, the peer is the client].
    #[arg(
        long = "trusted-proxy",
        env = "SUDOKU_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<IpRange>,
    /// A file of API keys, one a line: a request with `Authorization: Bearer KEY` is the client KEY,
    /// with a budget of its own, wherever it comes from [default: no keys].
    #[arg(long, env = "SUDOKU_API_KEYS_FILE")]
    pub api_keys_file: Option<std::path::PathBuf>,
    /// Log format; the level comes from RUST_LOG (default `info`).
    #[arg(long, env = "SUDOKU_LOG_FORMAT", value_enum, default_value_t = LogFormat::Pretty)]
    pub log_format: LogFormat,
}

impl From<&ServeArgs> for ServerConfig {
    fn from(args: &ServeArgs) -> Self {
        ServerConfig {
            addr: args.addr.clone(),
            workers: args.workers.map_or_else(default_workers, |w| w as usize),
            queue: args.queue,
            solve_timeout: Duration::from_millis(args.solve_timeout_ms),
            max_body_bytes: args.max_body_bytes,
            cors_origins: args.cors_origins.clone(),
            log_format: args.log_format,
            max_connections: args
                .max_connections
                .map_or_else(default_max_connections, |n| n as usize),
            shutdown_grace: Duration::from_millis(args.shutdown_grace_ms),
            batch: BatchLimits {
                max_batches: args.max_batches as usize,
                spool: SpoolLimits {
                    memory_bytes: args.batch_spool_memory_bytes,
                    disk_bytes: args.batch_spool_disk_bytes,
                    dir: args.batch_spool_dir.clone(),
                },
                ..BatchLimits::default()
            },
            fairness: Fairness {
                light_budget: Duration::from_millis(args.light_budget_ms),
                budget: BudgetLimits {
                    worker_ms_per_minute: args.client_worker_seconds.saturating_mul(1000),
                    max_in_flight: args.client_max_heavy,
                },
                clients: ClientRules {
                    trusted_proxies: args.trusted_proxies.clone(),
                    keys: HashMap::new(),
                },
            },
            ..ServerConfig::default()
        }
    }
}

impl ServeArgs {
    /// The configuration these flags give, with the API keys read from `--api-keys-file`.
    pub fn config(&self) -> Result<ServerConfig, String> {
        let mut config = ServerConfig::from(self);
        if let Some(path) = &self.api_keys_file {
            config.fairness.clients.keys = read_keys(path)?;
        }
        Ok(config)
    }
}

/// The keys of an API keys file: one a line, blank lines and `#` comments skipped.
fn read_keys(path: &std::path::Path) -> Result<HashMap<String, usize>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the API keys file {}: {e}", path.display()))?;
    let keys: HashMap<String, usize> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .enumerate()
        .map(|(n, key)| (key.to_string(), n))
        .collect();
    if keys.is_empty() {
        return Err(format!("the API keys file {} holds no key", path.display()));
    }
    Ok(keys)
}

/// Checks the form `HOST:PORT` (resolving the name is left to binding, which reports failure with
/// the address).
fn host_and_port(text: &str) -> Result<String, String> {
    let expected =
        || format!("expected HOST:PORT (such as 0.0.0.0:8080 or localhost:8080), not {text:?}");
    let (host, port) = text.rsplit_once(':').ok_or_else(expected)?;
    if host.is_empty() || port.parse::<u16>().is_err() {
        return Err(expected());
    }
    let bracketed = host.starts_with('[') && host.ends_with(']');
    if host.contains(':') && !bracketed {
        return Err(format!(
            "put an IPv6 address in brackets, as in [::1]:8080, not {text:?}"
        ));
    }
    Ok(text.to_string())
}

// The flags of `sudoku healthcheck`.
// Not a doc comment: with deferred subcommands clap would make it the subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, clap::Args)]
pub struct HealthcheckArgs {
    /// The URL to probe (plain http) [default: /healthz at --addr].
    #[arg(long, env = "SUDOKU_HEALTHCHECK_URL")]
    pub url: Option<String>,
    /// The address the service listens on, as `serve --addr` takes it (so the same SUDOKU_ADDR
    /// serves both); an unspecified host (`0.0.0.0`, `[::]`) is probed on loopback.
    #[arg(long, env = "SUDOKU_ADDR", default_value = "0.0.0.0:8080", value_parser = host_and_port)]
    pub addr: String,
}

impl HealthcheckArgs {
    /// The URL probed: `--url`, else `/healthz` at `--addr`.
    pub fn url(&self) -> String {
        self.url.clone().unwrap_or_else(|| healthz_url(&self.addr))
    }
}

/// `http://HOST:PORT/healthz` for a listen address checked by [`host_and_port`], with the
/// addresses that mean "every interface" replaced by loopback, which a client can connect to.
fn healthz_url(addr: &str) -> String {
    let (host, port) = addr.rsplit_once(':').unwrap_or((addr, "8080"));
    let host = match host {
        "0.0.0.0" => "127.0.0.1",
        "[::]" | "[0:0:0:0:0:0:0:0]" => "[::1]",
        other => other,
    };
    format!("http://{host}:{port}/healthz")
}

/// `sudoku healthcheck`: exit 0 when the URL answers 200 within 2 seconds, else 1.
pub fn healthcheck(args: &HealthcheckArgs) -> ExitCode {
    let url = args.url();
    match probe(&url, Duration::from_secs(2)) {
        Ok(200) => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!("unhealthy: {url} answered {status}");
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("unhealthy: {url}: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct ServeCli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    #[derive(Parser)]
    struct HealthcheckCli {
        #[command(flatten)]
        healthcheck: HealthcheckArgs,
    }

    fn serve_args(args: &[&str]) -> Result<ServeArgs, clap::Error> {
        let mut argv = vec!["sudoku"];
        argv.extend(args);
        ServeCli::try_parse_from(argv).map(|cli| cli.serve)
    }

    #[test]
    fn the_budget_flags_fill_the_fairness_config_and_bad_ranges_are_refused() {
        let args = serve_args(&[
            "--light-budget-ms=40",
            "--client-worker-seconds=30",
            "--client-max-heavy=3",
            "--trusted-proxy=10.0.0.0/8,192.0.2.1",
        ])
        .unwrap();
        let config = args.config().unwrap();
        let fairness = &config.fairness;
        assert_eq!(fairness.light_budget, Duration::from_millis(40));
        assert_eq!(fairness.budget.worker_ms_per_minute, 30_000);
        assert_eq!(fairness.budget.max_in_flight, 3);
        let proxies: Vec<String> = fairness
            .clients
            .trusted_proxies
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(proxies, ["10.0.0.0/8", "192.0.2.1/32"]);
        let refused = serve_args(&["--trusted-proxy=10.0.0.0/40"]).unwrap_err();
        assert!(refused.to_string().contains("0 to 32"), "{refused}");
        assert!(serve_args(&["--client-max-heavy=0"]).is_err());
        let defaults = serve_args(&[]).unwrap().config().unwrap().fairness;
        assert_eq!(defaults.light_budget, DEFAULT_LIGHT_BUDGET);
        assert_eq!(defaults.budget, BudgetLimits::default());
        assert!(defaults.clients.keys.is_empty());
    }

    #[test]
    fn an_api_keys_file_gives_one_client_a_key_and_a_missing_or_empty_one_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys");
        std::fs::write(&path, "# the demo's keys\nalpha\n\n  beta  \n").unwrap();
        let flag = format!("--api-keys-file={}", path.display());
        let keys = serve_args(&[&flag])
            .unwrap()
            .config()
            .unwrap()
            .fairness
            .clients
            .keys;
        assert_eq!(keys.len(), 2);
        assert!(keys.contains_key("alpha") && keys.contains_key("beta"));
        std::fs::write(&path, "# nothing but comments\n").unwrap();
        let empty = serve_args(&[&flag]).unwrap().config().unwrap_err();
        assert!(empty.contains("holds no key"), "{empty}");
        let missing = format!("--api-keys-file={}", dir.path().join("none").display());
        let error = serve_args(&[&missing]).unwrap().config().unwrap_err();
        assert!(error.contains("cannot read the API keys file"), "{error}");
    }

    #[test]
    fn the_healthcheck_probes_healthz_where_serve_listens() {
        let url = |args: &[&str]| {
            let mut argv = vec!["sudoku"];
            argv.extend(args);
            HealthcheckCli::try_parse_from(argv)
                .unwrap()
                .healthcheck
                .url()
        };
        assert_eq!(
            url(&["--addr=0.0.0.0:9000"]),
            "http://127.0.0.1:9000/healthz"
        );
        assert_eq!(url(&["--addr=[::]:9000"]), "http://[::1]:9000/healthz");
        assert_eq!(url(&["--addr=localhost:81"]), "http://localhost:81/healthz");
        assert_eq!(url(&["--addr=[::1]:81"]), "http://[::1]:81/healthz");
        assert_eq!(
            url(&["--addr=localhost:81", "--url=http://a.example/readyz"]),
            "http://a.example/readyz"
        );
        assert!(HealthcheckCli::try_parse_from(["sudoku", "--addr=nowhere"]).is_err());
    }

    #[test]
    fn serve_flags_default_to_the_documented_values() {
        let args = ServeCli::try_parse_from(["sudoku"]).unwrap().serve;
        let config = ServerConfig::from(&args);
        assert_eq!(config.addr, "0.0.0.0:8080");
        assert_eq!(config.workers, default_workers());
        assert_eq!(config.queue, DEFAULT_QUEUE);
        assert_eq!(config.solve_timeout, Duration::from_millis(2000));
        assert_eq!(config.max_body_bytes, 65536);
        assert!(config.cors_origins.is_empty());
        assert_eq!(config.log_format, LogFormat::Pretty);
        assert_eq!(config.max_solutions, 100);
        assert_eq!(config.max_connections, default_max_connections());
        assert_eq!(config.shutdown_grace, Duration::from_secs(2));
    }

    #[test]
    fn serve_flags_override_and_reject_nonsense() {
        let args = ServeCli::try_parse_from([
            "sudoku",
            "--workers=3",
            "--queue=0",
            "--cors-origin=https://a.example,https://b.example",
            "--log-format=json",
            "--max-connections=50",
            "--shutdown-grace-ms=0",
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
        assert_eq!(config.max_connections, 50);
        assert_eq!(config.shutdown_grace, Duration::ZERO);
        for good in [
            "localhost:8080",
            "127.0.0.1:0",
            "[::1]:8080",
            "sudoku.internal:80",
        ] {
            let parsed = ServeCli::try_parse_from(["sudoku", &format!("--addr={good}")]);
            assert_eq!(parsed.map(|c| c.serve.addr).ok().as_deref(), Some(good));
        }
        for bad in [
            "--max-connections=0",
            "--shutdown-grace-ms=-1",
            "--workers=0",
            "--solve-timeout-ms=0",
            "--log-format=xml",
            "--addr=nowhere",
            "--addr=localhost:http",
            "--addr=:8080",
            "--addr=::1:8080",
        ] {
            assert!(ServeCli::try_parse_from(["sudoku", bad]).is_err(), "{bad}");
        }
    }
}
