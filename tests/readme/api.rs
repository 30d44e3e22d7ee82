//! The API examples: every `curl` answer through the real router, the error table against the
//! codes the API can answer, and the examples that save a file.

use super::*;

/// One example: the request and the JSON a page shows for it.
#[derive(Debug)]
pub(crate) struct Example {
    page: String,
    line: usize,
    method: Method,
    path: String,
    body: Option<String>,
    shown: String,
    /// Whether the answer is NDJSON (an `ndjson` block), compared a line at a time.
    lines: bool,
}

/// The `curl` examples of every page in `PAGES`.
fn examples() -> Vec<Example> {
    PAGES
        .iter()
        .flat_map(|page| examples_of(page, &read(page)))
        .collect()
}

/// The `curl` examples of one page, each with the `json` block right after its `sh` block.
pub(crate) fn examples_of(page: &str, text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut examples = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```sh" {
            i += 1;
            continue;
        }
        let start = i + 1;
        let end = start
            + lines[start..]
                .iter()
                .position(|l| l.trim_end() == "```")
                .unwrap();
        let command = lines[start..end]
            .iter()
            .map(|l| l.trim_end().trim_end_matches('\\').trim())
            .collect::<Vec<_>>()
            .join(" ");
        i = end + 1;
        let block = lines.get(i).map(|l| l.trim_end());
        if !command.starts_with("curl ") || !matches!(block, Some("```json" | "```ndjson")) {
            continue;
        }
        let json_end = i
            + 1
            + lines[i + 1..]
                .iter()
                .position(|l| l.trim_end() == "```")
                .unwrap();
        let ndjson = block == Some("```ndjson");
        let shown = match ndjson {
            // The lines as one JSON array, compared with the answer's lines.
            true => format!("[{}]", lines[i + 1..json_end].join(",")),
            false => lines[i + 1..json_end].join("\n"),
        };
        let (method, path, body) = parse_curl(&command);
        examples.push(Example {
            page: page.to_string(),
            line: start,
            method,
            path,
            body,
            shown,
            lines: ndjson,
        });
        i = json_end + 1;
    }
    examples
}

/// The method, path and body of a page's `curl` command (`-d 'BODY'` makes it a POST).
fn parse_curl(command: &str) -> (Method, String, Option<String>) {
    let url = command
        .split_whitespace()
        .map(|w| w.trim_matches('\''))
        .find(|w| w.starts_with("localhost:8080"))
        .unwrap_or_else(|| panic!("no URL in {command}"));
    let path = url.trim_start_matches("localhost:8080").to_string();
    let body = command.split_once("-d '").map(|(_, rest)| {
        let end = rest.rfind('\'').expect("a closing quote");
        rest[..end].to_string()
    });
    let method = if body.is_some() {
        Method::POST
    } else {
        Method::GET
    };
    (method, path, body)
}

async fn answer(example: &Example) -> Value {
    let config = ServerConfig {
        workers: 2,
        solve_timeout: Duration::from_secs(60),
        ..ServerConfig::default()
    };
    let mut request = Request::builder()
        .method(example.method.clone())
        .uri(&example.path);
    if example.body.is_some() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let request = request
        .body(Body::from(example.body.clone().unwrap_or_default()))
        .unwrap();
    let response = router(AppState::new(&config))
        .oneshot(request)
        .await
        .unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    if example.lines {
        let text = String::from_utf8(bytes.to_vec()).unwrap();
        let lines = text.lines().map(|l| serde_json::from_str(l).unwrap());
        return Value::Array(lines.collect());
    }
    serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!(
            "{} line {}: {} {}: not JSON ({e})",
            example.page, example.line, example.method, example.path
        )
    })
}

#[tokio::test]
async fn every_api_example_of_the_pages_is_what_the_service_answers() {
    let examples = examples();
    assert!(examples.len() >= 8, "found only {examples:#?}");
    for example in &examples {
        let shown: Value = serde_json::from_str(&example.shown).unwrap_or_else(|e| {
            panic!(
                "{} line {}: the JSON shown does not parse ({e})",
                example.page, example.line
            )
        });
        let real = answer(example).await;
        assert!(
            shortens(&shown, &real, None),
            "{} line {}: {} {}\nshown: {shown}\nreal:  {real}",
            example.page,
            example.line,
            example.method,
            example.path
        );
    }
}

#[test]
fn a_shortened_example_must_still_agree_with_what_it_keeps() {
    let real: Value = serde_json::json!({"a": [1, 2, 3], "s": "abcdef", "n": 1});
    assert!(shortens(
        &serde_json::json!({"a": [1, "…"], "s": "abc…"}),
        &real,
        None
    ));
    assert!(!shortens(&serde_json::json!({"a": [2, "…"]}), &real, None));
    assert!(!shortens(&serde_json::json!({"a": [1, 2]}), &real, None));
    assert!(!shortens(&serde_json::json!({"s": "abd…"}), &real, None));
    assert!(!shortens(&serde_json::json!({"n": 2}), &real, None));
    assert!(!shortens(&serde_json::json!({"missing": 1}), &real, None));
}

/// The codes in the first column of the error table (`a` / `b` rows name two).
fn documented_error_codes() -> std::collections::BTreeSet<String> {
    let text = read(ERROR_TABLE_PAGE);
    let table = text
        .split("| code | status | when | locating members |")
        .nth(1)
        .unwrap_or_else(|| panic!("{ERROR_TABLE_PAGE} has no error table"));
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .flat_map(|line| {
            let first = line.split('|').nth(1).unwrap_or_default().to_string();
            first
                .split('/')
                .map(|code| code.trim().trim_matches('`').to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_error_table_lists_every_code_the_api_can_answer() {
    let table = documented_error_codes();
    let codes: std::collections::BTreeSet<String> = sudoku_service::http::error::PROBLEM_KINDS
        .iter()
        .map(|kind| kind.code.to_string())
        .collect();
    assert_eq!(table, codes);
}

/// A `curl` command, its `-H` headers, and the file it saves to.
type Saving = (String, Vec<(String, String)>, String);

/// The `curl` commands of the `sh` blocks of every page in `PAGES` that save the answer to a file.
fn saving_examples() -> Vec<Saving> {
    PAGES
        .iter()
        .flat_map(|page| saving_examples_of(&read(page)))
        .collect()
}

/// The `curl` commands of one page's `sh` blocks that save the answer to a file (`> FILE`), with
/// their `-H` headers: such an example shows no JSON to compare, so what it saves is checked.
pub(crate) fn saving_examples_of(text: &str) -> Vec<Saving> {
    let mut found = Vec::new();
    let mut command = String::new();
    let mut in_sh = false;
    for line in text.lines() {
        match line.trim_end() {
            "```sh" => in_sh = true,
            "```" => in_sh = false,
            text if in_sh => {
                command.push_str(text.trim_end_matches('\\').trim());
                command.push(' ');
                if text.ends_with('\\') {
                    continue;
                }
                let full = std::mem::take(&mut command);
                let Some((request, file)) = full.trim().rsplit_once(" > ") else {
                    continue;
                };
                if !request.starts_with("curl ") {
                    continue;
                }
                let headers = request
                    .split(" -H '")
                    .skip(1)
                    .filter_map(|h| h.split('\'').next()?.split_once(": "))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect();
                found.push((request.to_string(), headers, file.trim().to_string()));
            }
            _ => {}
        }
    }
    found
}

#[tokio::test]
async fn every_curl_example_that_saves_a_file_saves_what_its_name_says() {
    let examples = saving_examples();
    assert!(examples.len() >= 2, "{examples:?}");
    for (command, headers, file) in examples {
        let (method, path, body) = parse_curl(&command);
        let mut request = Request::builder().method(method).uri(&path);
        for (name, value) in &headers {
            request = request.header(name.as_str(), value.as_str());
        }
        let request = request.body(Body::from(body.unwrap_or_default())).unwrap();
        let config = ServerConfig {
            workers: 2,
            solve_timeout: Duration::from_secs(60),
            ..ServerConfig::default()
        };
        let response = router(AppState::new(&config))
            .oneshot(request)
            .await
            .unwrap();
        let status = response.status();
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        assert!(
            status.is_success(),
            "{command} > {file}: {status} {}",
            String::from_utf8_lossy(&bytes)
        );
        let expected = match file.rsplit('.').next() {
            Some("pdf") => "application/pdf",
            Some("svg") => "image/svg+xml",
            Some("json") => "application/json",
            other => panic!("{file}: no type known for {other:?}"),
        };
        assert!(content_type.starts_with(expected), "{file}: {content_type}");
    }
}
