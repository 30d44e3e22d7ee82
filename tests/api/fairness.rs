//! Lanes and budgets as a client sees them: work found heavy is moved to the heavy lane and
//! charged to its client, a client over its share is told when to come back (429 with
//! `Retry-After` and the `RateLimit` headers), clients are told apart by address, trusted proxy or
//! key, and a batch ends with a record when its client's budget does.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use serde_json::{json, Value};
use sudoku_service::clients::budget::BudgetLimits;
use sudoku_service::clients::{ClientId, ClientRules};
use sudoku_service::config::ServerConfig;
use sudoku_service::http::{router, AppState};

use crate::helpers::*;

/// A request from `peer` (as the server's accept loop marks it), with `headers` and a JSON body.
fn from_peer(peer: &str, path: &str, headers: &[(&str, &str)], body: &Value) -> Request<Body> {
    let mut request = Request::post(path).header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    from(peer, request.body(Body::from(body.to_string())).unwrap())
}

/// `request` as if it came from `peer`, as the server's accept loop marks it.
fn from(peer: &str, mut request: Request<Body>) -> Request<Body> {
    let peer: SocketAddr = format!("{peer}:40000").parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    request
}

fn config(limits: BudgetLimits) -> ServerConfig {
    let mut config = test_config();
    config.fairness.budget = limits;
    config.fairness.light_budget = Duration::from_millis(10);
    config
}

/// `RateLimit-Policy` and `RateLimit` as the IETF draft writes them.
fn assert_rate_limit_headers(r: &TestResponse, quota_ms: u64) {
    let policy = r.header("ratelimit-policy").expect("RateLimit-Policy");
    assert!(
        policy.starts_with(&format!(
            "\"heavy\";q={quota_ms};w=60, \"heavy-in-flight\";q="
        )),
        "{policy}"
    );
    let left = r.header("ratelimit").expect("RateLimit");
    let (r_part, t_part) = left
        .strip_prefix("\"heavy\";r=")
        .and_then(|rest| rest.split_once(";t="))
        .unwrap_or_else(|| panic!("{left}"));
    assert!(r_part.parse::<u64>().unwrap() <= quota_ms, "{left}");
    assert!(t_part.parse::<u64>().is_ok(), "{left}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_past_the_light_budget_runs_as_heavy_work_and_its_timeout_says_how_far_it_got() {
    let state = AppState::new(&config(BudgetLimits {
        worker_ms_per_minute: 60_000,
        max_in_flight: 2,
    }));
    let mut body = crate::killers::mathemagic_first();
    body["timeout_ms"] = json!(300);
    let r = send(
        router(state.clone()),
        from_peer("192.0.2.1", "/solve", &[], &body),
    )
    .await;
    let problem = assert_problem(&r, 504, "deadline_exceeded");
    assert_eq!(problem["verdict"], "timeout");
    assert!(problem["stats"]["nodes"].as_u64().unwrap() > 0, "{problem}");
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("longer timeout_ms"));
    assert_rate_limit_headers(&r, 60_000);
    assert_eq!(state.pool().escalated(), 1);
    let metrics = send(
        router(state.clone()),
        Request::get("/metrics").body(Body::empty()).unwrap(),
    )
    .await;
    assert!(
        metrics.text.contains("sudoku_escalations_total 1"),
        "{}",
        metrics.text
    );
    assert!(
        metrics.text.contains("sudoku_solve_cancellations_total 0"),
        "a light attempt stopped to be moved is no cancellation: {}",
        metrics.text
    );
    // A classic solve is light: no budget headers, nothing charged.
    let easy = json!({ "puzzle": EASY });
    let r = send(
        router(state.clone()),
        from_peer("192.0.2.1", "/solve", &[], &easy),
    )
    .await;
    assert_eq!(r.status, 200);
    assert!(r.header("ratelimit").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_at_its_most_heavy_jobs_is_refused_and_another_client_is_not() {
    let state = AppState::new(&config(BudgetLimits {
        worker_ms_per_minute: 60_000,
        max_in_flight: 1,
    }));
    let app = router(state.clone());
    let mut body = crate::killers::mathemagic_first();
    body["timeout_ms"] = json!(1500);
    let first = tokio::spawn(send(
        app.clone(),
        from_peer("192.0.2.1", "/solve", &[], &body),
    ));
    while state.pool().busy_in(sudoku_service::pool::Lane::Heavy) == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let r = send(app.clone(), from_peer("192.0.2.1", "/solve", &[], &body)).await;
    let problem = assert_problem(&r, 429, "too_many_requests");
    assert_eq!(problem["reason"], "in_flight");
    assert_eq!(problem["retry_after"], 1);
    assert_eq!(r.header("retry-after"), Some("1"));
    assert_rate_limit_headers(&r, 60_000);
    // Another address is another client; light work of the same client still runs.
    let easy = json!({ "puzzle": EASY });
    let other = send(app.clone(), from_peer("192.0.2.2", "/solve", &[], &easy)).await;
    assert_eq!(other.status, 200);
    let same = send(app.clone(), from_peer("192.0.2.1", "/solve", &[], &easy)).await;
    assert_eq!(same.status, 200);
    assert_eq!(first.await.unwrap().status, 504);
    let metrics = send(app, Request::get("/metrics").body(Body::empty()).unwrap()).await;
    assert!(
        metrics
            .text
            .contains("sudoku_rate_limited_total{reason=\"in_flight\"} 1"),
        "{}",
        metrics.text
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spent_budget_refuses_the_client_until_it_refills_and_names_when() {
    let state = AppState::new(&config(BudgetLimits {
        worker_ms_per_minute: 6_000,
        max_in_flight: 2,
    }));
    let client = ClientId::Address("192.0.2.1".parse().unwrap());
    state
        .budgets()
        .charge(&client, Duration::from_millis(6_100));
    let easy = json!({ "puzzle": EASY });
    let r = send(
        router(state.clone()),
        from_peer("192.0.2.1", "/solve", &[], &easy),
    )
    .await;
    let problem = assert_problem(&r, 429, "too_many_requests");
    assert_eq!(problem["reason"], "budget");
    // 100 ms of debt at 0.1 worker-seconds a second: one second.
    assert_eq!(r.header("retry-after"), Some("1"));
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("6 worker-seconds a minute"));
    let left = r.header("ratelimit").unwrap();
    assert!(left.starts_with("\"heavy\";r=0;t="), "{left}");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let r = send(router(state), from_peer("192.0.2.1", "/solve", &[], &easy)).await;
    assert_eq!(r.status, 200, "the bucket is above zero again: {}", r.text);
}

#[tokio::test]
async fn forwarded_addresses_count_only_from_trusted_proxies_and_keys_are_clients_of_their_own() {
    let mut config = config(BudgetLimits {
        worker_ms_per_minute: 6_000,
        max_in_flight: 2,
    });
    config.fairness.clients = ClientRules {
        trusted_proxies: vec!["10.0.0.0/8".parse().unwrap()],
        keys: [("k-1".to_string(), 0)].into_iter().collect(),
    };
    let state = AppState::new(&config);
    let spent = Duration::from_secs(60);
    state
        .budgets()
        .charge(&ClientId::Address("203.0.113.9".parse().unwrap()), spent);
    let easy = json!({ "puzzle": EASY });
    let app = router(state.clone());
    let forwarded = [("x-forwarded-for", "203.0.113.9, 10.0.0.7")];
    let via_proxy = send(
        app.clone(),
        from_peer("10.1.1.1", "/solve", &forwarded, &easy),
    )
    .await;
    assert_eq!(via_proxy.status, 429, "the proxy names the spent client");
    let spoofed = send(
        app.clone(),
        from_peer("198.51.100.4", "/solve", &forwarded, &easy),
    )
    .await;
    assert_eq!(
        spoofed.status, 200,
        "an untrusted peer cannot borrow a name"
    );
    let keyed = [
        ("x-forwarded-for", "203.0.113.9"),
        ("authorization", "Bearer k-1"),
    ];
    let with_key = send(app, from_peer("10.1.1.1", "/solve", &keyed, &easy)).await;
    assert_eq!(with_key.status, 200, "a key is its own client");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_keeps_its_answered_lines_and_ends_with_a_record_when_its_budget_does() {
    let mut config = config(BudgetLimits {
        worker_ms_per_minute: 400,
        max_in_flight: 2,
    });
    config.batch.puzzle_timeout = Duration::from_millis(300);
    let app: Router = router(AppState::new(&config));
    let killer = crate::batch_clients::slow_killer();
    let mut lines = vec![format!("\"{EASY}\"")];
    lines.extend(std::iter::repeat_n(killer, 6));
    lines.push(format!("\"{EASY}\""));
    let body = lines.join("\n") + "\n";
    let mut request = Request::post("/solve/batch")
        .header("content-type", "application/x-ndjson")
        .body(Body::from(body))
        .unwrap();
    let peer: SocketAddr = "192.0.2.1:40000".parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    let r = send(app, request).await;
    assert_eq!(r.status, 200);
    let records: Vec<Value> = r
        .text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["verdict"], "unique");
    let stop = records
        .iter()
        .find(|r| r["error"]["code"] == "too_many_requests")
        .unwrap_or_else(|| panic!("a budget record: {}", r.text));
    let line = stop["line"].as_u64().unwrap();
    assert!(
        (3..=7).contains(&line),
        "the first killer fits the budget: {stop}"
    );
    assert!(stop["error"]["detail"]
        .as_str()
        .unwrap()
        .contains(&format!("from {line} on again")));
    for record in &records {
        if let Some(answered) = record["line"].as_u64() {
            if record.get("verdict").is_some() {
                assert!(answered < line || answered == 8, "{record}");
            }
        }
    }
    assert!(records.last().unwrap().get("summary").is_some());
}

/// A GET request from `peer`.
fn get_from(peer: &str, path: &str) -> Request<Body> {
    from(peer, Request::get(path).body(Body::empty()).unwrap())
}

/// Generation of small shapes is light work (about a millisecond: nothing charged, no budget
/// headers); a 9x9 variant, like every larger shape and every killer, is heavy from the start, and
/// its answer says what is left of the client's budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_shapes_are_generated_as_light_work_and_9x9_variants_as_heavy() {
    let state = AppState::new(&test_config());
    for small in [
        "/random?size=8&seed=1",
        "/random?size=6&seed=2",
        "/random?size=4&seed=3",
    ] {
        let r = send(router(state.clone()), get_from("192.0.2.7", small)).await;
        assert_eq!(r.status, 200, "{small}: {}", r.text);
        assert!(r.header("ratelimit").is_none(), "{small} is light work");
    }
    let r = send(
        router(state.clone()),
        get_from("192.0.2.7", "/random?variant=x&seed=1"),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(
        r.header("ratelimit").is_some(),
        "a 9x9 variant is heavy work"
    );
}
