//! The examples of the README and of the docs pages (`PAGES`) are real answers: every `curl` command
//! in a `sh` block that is followed by a `json` block (or an `ndjson` block, compared a line at a
//! time) is sent to the real router, and the JSON shown must be what the service answers.
//!
//! What a page shows may be shortened, never changed: an object may leave out members, an array
//! may stop at a `"…"` element, and a string may stop at `…`. Timings (`elapsed_us`) are the only
//! values that may differ.
//!
//! The API reference's error table (`ERROR_TABLE_PAGE`) is held to `PROBLEM_KINDS`: every code the
//! API can answer has a row.
//!
//! The command-line examples are real output too: every `$ sudoku …` line of a `console` block is
//! run as a real process, and what it prints must be the lines shown under it.
//!
//! A page with examples that is not in `PAGES` fails, so a new page cannot hold examples that no
//! test runs; the README must link every page under `docs/`; and every relative link of the README
//! and the docs pages must lead to a file that exists, and to a heading of it where it names one.

#[path = "support/cli.rs"]
mod cli;
#[path = "support/json_match.rs"]
mod json_match;

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request};
use http_body_util::BodyExt;
use serde_json::Value;
use sudoku_service::config::ServerConfig;
use sudoku_service::http::{router, AppState};
use tower::ServiceExt;

use cli::{stderr, stdout, sudoku};
use json_match::shortens;

/// The pages whose examples are run: the README and every docs page that has `curl` or `console`
/// examples (`every_page_with_examples_is_listed` fails for one left out).
const PAGES: [&str; 7] = [
    "README.md",
    "docs/api.md",
    "docs/shapes.md",
    "docs/logic.md",
    "docs/printing.md",
    "docs/cli.md",
    "docs/batch-on-a-cluster.md",
];

/// The page that holds the API's error table.
const ERROR_TABLE_PAGE: &str = "docs/api.md";

/// The text of `page`, a path from the crate's root.
fn read(page: &str) -> String {
    std::fs::read_to_string(format!("{}/{page}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// The README and every Markdown page under `docs/`.
fn every_page() -> Vec<String> {
    let docs = format!("{}/docs", env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<String> = std::fs::read_dir(docs)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    pages.insert(0, "README.md".to_string());
    pages
}

/// One example: the request and the JSON a page shows for it.
#[derive(Debug)]
struct Example {
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
fn examples_of(page: &str, text: &str) -> Vec<Example> {
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

/// Every `$ sudoku …` line in the `console` blocks of every page in `PAGES`, with the output shown
/// under it (lines without trailing spaces, trailing blank lines dropped).
fn console_examples() -> Vec<(String, Vec<String>)> {
    PAGES
        .iter()
        .flat_map(|page| console_examples_of(&read(page)))
        .collect()
}

/// The `$ sudoku …` lines of one page's `console` blocks, with the output shown under each.
fn console_examples_of(text: &str) -> Vec<(String, Vec<String>)> {
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        match (in_console, line.trim_end()) {
            (false, "```console") => in_console = true,
            (false, _) => {}
            (true, "```") => in_console = false,
            (true, text) => match text.strip_prefix("$ ") {
                Some(command) => examples.push((command.to_string(), Vec::new())),
                None => examples
                    .last_mut()
                    .expect("a console block starts with a command")
                    .1
                    .push(text.to_string()),
            },
        }
    }
    for (_, shown) in &mut examples {
        trim_trailing_blank_lines(shown);
    }
    examples
}

fn trim_trailing_blank_lines(lines: &mut Vec<String>) {
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
}

#[test]
fn command_line_examples_print_what_the_pages_show() {
    let examples = console_examples();
    assert!(examples.len() >= 9, "found only {examples:?}");
    for (command, shown) in examples {
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[0], "sudoku", "{command}");
        let (args, stdin) = match words.iter().position(|&w| w == "<") {
            Some(at) => {
                let file = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), words[at + 1]);
                (&words[1..at], std::fs::read_to_string(file).unwrap())
            }
            None => (&words[1..], String::new()),
        };
        let out = sudoku(args, &stdin);
        // 2 is bad input: only an example showing error lines (or records) may exit with it.
        let shows_errors = stdout(&out)
            .iter()
            .any(|l| l.starts_with("error: ") || l.contains("\"error\":{"));
        assert!(
            matches!(out.status.code(), Some(0 | 1))
                || (shows_errors && out.status.code() == Some(2)),
            "{command}: {}",
            stderr(&out)
        );
        let mut printed: Vec<String> = stdout(&out)
            .iter()
            .map(|l| l.trim_end().to_string())
            .collect();
        trim_trailing_blank_lines(&mut printed);
        assert_eq!(printed, shown, "{command}");
    }
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
fn saving_examples_of(text: &str) -> Vec<Saving> {
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

#[test]
fn every_page_with_examples_is_listed() {
    for page in every_page() {
        if PAGES.contains(&page.as_str()) {
            continue;
        }
        let text = read(&page);
        assert!(
            examples_of(&page, &text).is_empty()
                && console_examples_of(&text).is_empty()
                && saving_examples_of(&text).is_empty(),
            "{page} has curl or console examples: add it to PAGES in tests/readme.rs so they are run"
        );
    }
    for page in PAGES {
        assert!(every_page().iter().any(|p| p == page), "{page} is gone");
    }
}

#[test]
fn the_readme_links_every_docs_page() {
    let readme = read("README.md");
    for page in every_page().iter().filter(|page| page.starts_with("docs/")) {
        assert!(
            readme.contains(&format!("]({page})")),
            "README.md's list of pages does not link {page}"
        );
    }
}

/// The anchors of a page's headings, as GitHub makes them: lowercase, spaces to `-`, punctuation
/// other than `-` and `_` dropped, and `-1`, `-2`, ... after a repeated one.
fn anchors(text: &str) -> std::collections::BTreeSet<String> {
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    let mut anchors = std::collections::BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').trim();
        let slug: String = heading
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let count = seen.entry(slug.clone()).or_insert(0);
        anchors.insert(match *count {
            0 => slug.clone(),
            n => format!("{slug}-{n}"),
        });
        *count += 1;
    }
    anchors
}

/// The relative link targets of a page outside its code blocks: Markdown `](TARGET)` and HTML
/// `src="TARGET"` / `href="TARGET"`, with the line each is on.
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        for opener in ["](", "src=\"", "href=\""] {
            let closer = if opener == "](" { ')' } else { '"' };
            for (at, _) in line.match_indices(opener) {
                let rest = &line[at + opener.len()..];
                let Some(end) = rest.find(closer) else {
                    continue;
                };
                let target = &rest[..end];
                if !target.contains("://") && !target.starts_with("mailto:") {
                    links.push((i + 1, target.to_string()));
                }
            }
        }
    }
    links
}

#[test]
fn every_relative_link_of_the_pages_leads_somewhere() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    for page in every_page() {
        let text = read(&page);
        let dir = root.join(&page).parent().unwrap().to_path_buf();
        for (line, target) in relative_links(&text) {
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = match path {
                "" => root.join(&page),
                path => dir.join(path),
            };
            if !file.exists() {
                broken.push(format!("{page}:{line}: {target}: no such file"));
                continue;
            }
            let is_page = file.extension().is_some_and(|e| e == "md");
            if !anchor.is_empty() && is_page {
                let target_text = std::fs::read_to_string(&file).unwrap();
                if !anchors(&target_text).contains(anchor) {
                    broken.push(format!("{page}:{line}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# A title\n## `POST /solve`\n```\n# not a heading\n```\n### Speed\n### Speed\n## Printing: SVG, PDF and puzzle books\n";
    let found: Vec<String> = anchors(text).into_iter().collect();
    assert_eq!(
        found,
        [
            "a-title",
            "post-solve",
            "printing-svg-pdf-and-puzzle-books",
            "speed",
            "speed-1"
        ]
    );
}
