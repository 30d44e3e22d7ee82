//! Every example in `openapi.yaml` is a real answer: each is replayed through the real router and
//! must be exactly what the service answers (timings aside, see `support/json_match.rs`).
//!
//! How an example is replayed:
//!
//! - A request example of an operation is sent to it. Its answer must equal the response example of
//!   the same name under the status it gets; where no response example has that name, the answer must
//!   be a 2xx valid against the documented schema.
//! - Every other response example says how to get it in an `x-request` member (a specification
//!   extension, which OpenAPI allows on Example objects and tools ignore):
//!   - `path` (required), with its query; `method` (the operation's by default; required in
//!     `components/responses`, which must then be a response that operation documents);
//!   - `body`, sent as JSON, or `raw`, sent as text; `content_type` (default `application/json`
//!     when there is a body) and `headers`; `pad_to`, trailing spaces that make the body that many
//!     bytes long; `stall`: the body never ends;
//!   - `busy_pool: {queue: N}`: the server's two threads are busy with long searches (light work
//!     under a long light budget), and it has N waiting places; `shutting_down: true`: the server has begun its shutdown; `busy_batches: {max: N}`:
//!     the server allows N batches at once, and N are streaming; `spent_budget: true`: the client
//!     (the in-process one, with no address) has spent its share of heavy work, by a minute's worth.
//!
//! The default configuration serves every replay, so limits in the examples are the defaults.

use std::collections::BTreeSet;
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{header, Method, Request};
use http_body::Frame;
use serde_json::{json, Value};
use sudoku_service::clients::ClientId;
use sudoku_service::config::ServerConfig;
use sudoku_service::http::{router, AppState};
use tower::ServiceExt;

use crate::harness::TestResponse as Answer;
use crate::json_match::same_but_timings;
use crate::spec::Spec;
use crate::spec::{assert_documented, template_of};

/// The operations whose 200 bodies were typed from the start and keep their declared member order;
/// every other JSON answer keeps the sorted order the service has always written.
const DECLARED_ORDER: [&str; 3] = ["/hint", "/explain", "/grade"];

/// One response example and where it is documented.
struct ResponseExample {
    /// Where, for messages: the operation or the `components/responses` entry.
    at: String,
    status: u16,
    media: String,
    name: String,
    example: Value,
}

/// A request body that never ends, as from a client that stalls mid-body.
struct Stalled;

impl http_body::Body for Stalled {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Pending
    }
}

/// The request an `x-request` (or a request example on `method` `path`) describes.
fn request_of(method: &str, spec: &Value) -> Request<Body> {
    let method = spec["method"].as_str().unwrap_or(method);
    let path = spec["path"].as_str().expect("x-request has a path");
    let mut text = match (&spec["body"], &spec["raw"]) {
        (Value::Null, Value::Null) => None,
        (Value::Null, raw) => Some(raw.as_str().expect("raw is a string").to_string()),
        (body, _) => Some(body.to_string()),
    };
    if let (Some(body), Some(size)) = (&mut text, spec["pad_to"].as_u64()) {
        let padding = (size as usize).saturating_sub(body.len());
        body.push_str(&" ".repeat(padding));
    }
    let mut request = Request::builder()
        .method(Method::from_bytes(method.as_bytes()).expect("a method"))
        .uri(path);
    let content_type = spec["content_type"]
        .as_str()
        .or(text.as_ref().map(|_| "application/json"));
    if let Some(content_type) = content_type {
        request = request.header(header::CONTENT_TYPE, content_type);
    }
    for (name, value) in spec["headers"].as_object().into_iter().flatten() {
        request = request.header(name, value.as_str().expect("header values are strings"));
    }
    let body = match (spec["stall"].as_bool(), text) {
        (Some(true), _) => Body::new(Stalled),
        (_, text) => Body::from(text.unwrap_or_default()),
    };
    request.body(body).expect("a valid request")
}

/// Sends `request` to a fresh server set up as `spec` says.
async fn replay(spec: &Value, request: Request<Body>) -> Answer {
    let busy_queue = spec["busy_pool"]["queue"].as_u64();
    let mut config = match busy_queue {
        Some(queue) => {
            let mut config = ServerConfig {
                // Two threads, both held by long searches that stay light work.
                workers: 2,
                queue: queue as usize,
                // Lets the blocking search ask for more solutions than there is time to count.
                max_solutions: usize::MAX,
                ..ServerConfig::default()
            };
            config.fairness.light_budget = Duration::from_secs(60);
            config
        }
        None => ServerConfig::default(),
    };
    let busy_batches = spec["busy_batches"]["max"].as_u64();
    if let Some(max) = busy_batches {
        config.batch.max_batches = max as usize;
    }
    let state = AppState::new(&config);
    // The batches streaming meanwhile: their places, held until the answer is in.
    let _streaming: Vec<_> = (0..busy_batches.unwrap_or(0))
        .map(|_| state.batch_permit().expect("a place for each batch"))
        .collect();
    if spec["shutting_down"] == true {
        state.begin_shutdown();
    }
    if spec["spent_budget"] == true {
        let spent = Duration::from_secs(3600);
        state.budgets().charge(&ClientId::Unknown, spent);
    }
    let mut blockers = Vec::new();
    if busy_queue.is_some() {
        for held in 1..=2 {
            blockers.push(occupy_a_thread(&state, held).await);
        }
    }
    let answer = crate::harness::send(router(state), request).await;
    for blocker in blockers {
        // Dropping the request raises its cancel flag, which ends the search.
        blocker.abort();
    }
    answer
}

/// Starts a search of the empty grid for more solutions than it can count in its deadline, and
/// waits until `held` threads are busy.
async fn occupy_a_thread(state: &AppState, held: usize) -> tokio::task::JoinHandle<()> {
    let body = json!({ "puzzle": ".".repeat(81), "max_solutions": 1u64 << 40 });
    let request = request_of("POST", &json!({ "path": "/solve", "body": body }));
    let app = router(state.clone());
    let blocker = tokio::spawn(async move {
        let _ = app.oneshot(request).await;
    });
    for _ in 0..500 {
        if state.pool().busy() == held {
            return blocker;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the long search never reached the worker");
}

/// The examples of a media type object, `$ref`s followed, by name.
fn examples_of<'a>(spec: &'a Spec, media: &'a Value) -> Vec<(&'a String, &'a Value)> {
    media["examples"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, example)| (name, spec.resolve(example)))
        .collect()
}

/// Every response example of a response object.
fn response_examples(spec: &Spec, at: &str, status: u16, response: &Value) -> Vec<ResponseExample> {
    let mut found = Vec::new();
    for (media, content) in response["content"].as_object().into_iter().flatten() {
        for (name, example) in examples_of(spec, content) {
            found.push(ResponseExample {
                at: at.to_string(),
                status,
                media: media.clone(),
                name: name.clone(),
                example: example.clone(),
            });
        }
    }
    found
}

/// How `answer` differs from the response example, in status, media type or body; `None` if it is
/// the example.
fn mismatch(expected: &ResponseExample, answer: &Answer, sent: &str) -> Option<String> {
    let what = format!(
        "{}: example {:?} ({} {}), replayed as {sent}",
        expected.at, expected.name, expected.status, expected.media
    );
    if (answer.status.as_u16(), answer.media_type().as_str())
        != (expected.status, expected.media.as_str())
    {
        return Some(format!(
            "{what}\nanswered {} {}: {}",
            answer.status,
            answer.media_type(),
            answer.text
        ));
    }
    let real = match expected.media.as_str() {
        "application/x-ndjson" => Value::Array(crate::spec::ndjson_lines(&answer.text)),
        _ => answer.json(),
    };
    let shown = &expected.example["value"];
    if same_but_timings(shown, &real, None) {
        return None;
    }
    Some(format!("{what}\nshown: {shown}\nreal:  {real}"))
}

/// Whether a JSON body lists every object's members in sorted order.
fn has_sorted_members(answer: &Answer) -> bool {
    serde_json::to_string(&answer.json()).is_ok_and(|resorted| resorted == answer.text)
}

/// The operation (`METHOD /template`) an `x-request` in `components/responses` is sent to.
fn operation_of(x_request: &Value, at: &str) -> (String, String) {
    let method = x_request["method"]
        .as_str()
        .unwrap_or_else(|| panic!("{at}: x-request needs a method here"));
    let path = x_request["path"].as_str().expect("x-request has a path");
    (method.to_string(), template_of(path))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_example_in_the_spec_is_what_the_service_answers() {
    let spec = Spec::load();
    let mut failures = Vec::new();
    let mut replayed = 0;
    for (method, path) in spec.operations() {
        let operation = spec.operation(&method, &path);
        let at = format!("{method} {path}");
        let mut inline = Vec::new();
        for (status, response) in operation["responses"].as_object().into_iter().flatten() {
            let status: u16 = status.parse().expect("a numeric status");
            // Shared responses are replayed once each, below.
            if response.get("$ref").is_none() {
                inline.extend(response_examples(&spec, &at, status, response));
            }
        }
        let request_media = &operation["requestBody"]["content"]["application/json"];
        let mut covered = BTreeSet::new();
        for (name, example) in examples_of(&spec, request_media) {
            let sent = json!({ "path": path, "body": example["value"] });
            let answer = replay(&sent, request_of(&method, &sent)).await;
            let documented = assert_documented(&spec, &method, &path, &answer);
            let matching = inline
                .iter()
                .find(|e| &e.name == name && e.status == answer.status.as_u16());
            match matching {
                Some(expected) => {
                    failures.extend(mismatch(
                        expected,
                        &answer,
                        &format!("request example {name:?}"),
                    ));
                    covered.insert(name.clone());
                }
                None if answer.status.is_success() => {}
                None => failures.push(format!(
                    "{at}: request example {name:?} answered {}: {documented}",
                    answer.status
                )),
            }
            failures.extend(order_fault(
                &path,
                &answer,
                &format!("{at} request example {name:?}"),
            ));
            replayed += 1;
        }
        for expected in inline.iter().filter(|e| !covered.contains(&e.name)) {
            let x_request = &expected.example["x-request"];
            if !x_request.is_object() {
                failures.push(format!(
                    "{at}: response example {:?} has no request example of its name and no x-request",
                    expected.name
                ));
                continue;
            }
            let answer = replay(x_request, request_of(&method, x_request)).await;
            failures.extend(mismatch(expected, &answer, &x_request.to_string()));
            failures.extend(order_fault(
                &path,
                &answer,
                &format!("{at} example {:?}", expected.name),
            ));
            replayed += 1;
        }
    }
    replayed += replay_shared_responses(&spec, &mut failures).await;
    assert!(
        failures.is_empty(),
        "{} examples are not what the service answers:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // A floor, so that a walk that stops finding examples fails (40 when this was written).
    assert!(replayed >= 40, "only {replayed} examples replayed");
}

/// Replays the examples of `components/responses`, each through an operation that documents it.
async fn replay_shared_responses(spec: &Spec, failures: &mut Vec<String>) -> usize {
    let mut replayed = 0;
    let shared = spec.doc()["components"]["responses"]
        .as_object()
        .expect("components/responses");
    for (component, response) in shared {
        let at = format!("components/responses/{component}");
        for expected in response_examples(spec, &at, 0, response) {
            let x_request = &expected.example["x-request"].clone();
            if !x_request.is_object() {
                failures.push(format!(
                    "{at}: example {:?} has no x-request",
                    expected.name
                ));
                continue;
            }
            let (method, template) = operation_of(x_request, &at);
            let answer = replay(x_request, request_of(&method, x_request)).await;
            let reference = json!({ "$ref": format!("#/components/responses/{component}") });
            let status = answer.status.as_u16();
            if spec.operation(&method, &template)["responses"][status.to_string()] != reference {
                failures.push(format!(
                    "{at}: example {:?} is replayed on {method} {template}, which does not \
                     document this response for {status}",
                    expected.name
                ));
                continue;
            }
            let expected = ResponseExample { status, ..expected };
            failures.extend(mismatch(&expected, &answer, &x_request.to_string()));
            failures.extend(order_fault(
                &template,
                &answer,
                &format!("{at} example {:?}", expected.name),
            ));
            replayed += 1;
        }
    }
    replayed
}

/// JSON bodies keep the member order they have always had on the wire.
fn order_fault(path: &str, answer: &Answer, what: &str) -> Option<String> {
    let declared = answer.status.is_success() && DECLARED_ORDER.contains(&path);
    // A batch's lines lead with their line number, as the command line's answers do.
    let lines = answer.media_type() == "application/x-ndjson";
    if !answer.media_type().ends_with("json") || declared || lines || has_sorted_members(answer) {
        return None;
    }
    Some(format!(
        "{what}: members are not in sorted order: {}",
        answer.text
    ))
}
