//! `POST /render`, `GET /random` with an image `Accept`, and `GET /book`: types chosen by `Accept`
//! (406 for one that cannot be made), options drawn, errors located, and the bounds of a book; one
//! book and one drawing fetched from a real server on a loopback port.

use std::time::Duration;

use serde_json::{json, Value};
use sudoku_service::server::ServerConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::*;
use crate::live::{no_grace, start};

async fn render(accept: Option<&str>, body: Value) -> TestResponse {
    let headers: Vec<(&str, &str)> = accept.map(|a| ("accept", a)).into_iter().collect();
    request_with("POST", "/render", &headers, &body).await
}

fn count(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}

#[tokio::test]
async fn render_answers_svg_without_accept_and_pdf_when_asked() {
    for accept in [None, Some("*/*"), Some("image/svg+xml")] {
        let r = render(accept, json!({ "puzzle": EASY })).await;
        assert_eq!(r.status, 200, "{accept:?}: {}", r.text);
        assert_eq!(r.media_type(), "image/svg+xml");
        assert_eq!(r.header("vary"), Some("accept"));
        assert!(r.text.starts_with("<svg"));
        assert!(r.text.contains("<title id=\"title\">Sudoku 9x9</title>"));
        assert_eq!(count(&r.text, "cell"), 81);
        assert_eq!(
            count(&r.text, "given"),
            EASY.chars().filter(|c| *c != '.').count()
        );
    }
    let r = render(Some("application/pdf"), json!({ "puzzle": EASY })).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.media_type(), "application/pdf");
    assert!(r.bytes.starts_with(b"%PDF-"));
    assert!(r.text.contains("/Lang (en)") && r.text.contains("/Title (Sudoku 9x9)"));
}

#[tokio::test]
async fn a_type_render_cannot_make_is_406_problem_json() {
    let r = render(Some("text/html"), json!({ "puzzle": EASY })).await;
    let problem = assert_problem(&r, 406, "not_acceptable");
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("image/svg+xml, application/pdf"));
    let r = render(
        Some("application/pdf;q=0, image/*;q=0"),
        json!({ "puzzle": EASY }),
    )
    .await;
    assert_problem(&r, 406, "not_acceptable");
}

#[tokio::test]
async fn render_draws_the_solution_candidates_highlight_and_caption() {
    let body = json!({
        "puzzle": EASY, "solution": true, "highlight": ["A1", "i9"],
        "number": 12, "level": "easy", "seed": 3
    });
    let r = render(None, body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let givens = EASY.chars().filter(|c| *c != '.').count();
    assert_eq!(count(&r.text, "solved"), 81 - givens);
    assert_eq!(r.text.matches("fill=\"#ffe680\"").count(), 2);
    assert!(
        r.text.contains(">#12 · easy · seed 3 · 9x9</text>"),
        "{}",
        r.text
    );
    let r = render(None, json!({ "puzzle": EASY, "candidates": true })).await;
    assert!(count(&r.text, "candidate") > 0);
}

#[tokio::test]
async fn render_takes_every_shape() {
    let six = "1.....\n......\n..3...\n...4..\n......\n.....6";
    let r = render(None, json!({ "puzzle": six, "rules": { "size": 6 } })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(count(&r.text, "cell"), 36);
    let x = json!({ "puzzle": ".".repeat(81), "rules": { "variants": ["x"] } });
    let r = render(None, x).await;
    assert_eq!(r.text.matches("fill=\"#dedede\"").count(), 17);
}

#[tokio::test]
async fn render_refuses_what_it_cannot_draw_with_located_problems() {
    let r = render(None, json!({ "puzzle": EASY, "highlight": ["Z1"] })).await;
    let p = assert_problem(&r, 400, "invalid_field");
    assert_eq!(p["field"], "highlight[0]");
    let r = render(None, json!({ "puzzle": HARD1, "solution": true })).await;
    assert_problem(&r, 422, "multiple_solutions");
    let r = render(None, json!({ "puzzle": IMPOSSIBLE, "solution": true })).await;
    assert_problem(&r, 422, "no_solution");
    let r = render(None, json!({ "puzzle": DEAD_END, "candidates": true })).await;
    assert_problem(&r, 422, "no_solution");
    let r = render(None, json!({ "puzzle": EASY, "number": 0 })).await;
    assert_problem(&r, 422, "out_of_range");
    let r = render(None, json!({ "puzzle": EASY, "level": "tricky" })).await;
    assert_problem(&r, 400, "invalid_field");
    for null in ["level", "number", "seed"] {
        let r = render(None, json!({ "puzzle": EASY, null: null })).await;
        let p = assert_problem(&r, 400, "invalid_field");
        assert_eq!(p["field"], null);
    }
    let r = render(None, json!({ "puzzle": EASY, "colour": "red" })).await;
    assert_problem(&r, 400, "invalid_field");
}

#[tokio::test]
async fn random_draws_when_accept_asks_and_keeps_json_otherwise() {
    let plain = get("/random?seed=5").await;
    let svg = request_with(
        "GET",
        "/random?seed=5",
        &[("accept", "image/svg+xml")],
        &Value::Null,
    )
    .await;
    assert_eq!(svg.status, 200);
    assert_eq!(svg.media_type(), "image/svg+xml");
    assert!(svg.text.contains("seed 5 · 9x9"), "{}", svg.text);
    let givens = plain.json()["givens"].as_u64().unwrap() as usize;
    assert_eq!(count(&svg.text, "given"), givens);
    let pdf = request_with(
        "GET",
        "/random?seed=5&size=6",
        &[("accept", "application/pdf")],
        &Value::Null,
    )
    .await;
    assert_eq!(pdf.media_type(), "application/pdf");
    assert!(pdf.bytes.starts_with(b"%PDF-"));
    // JSON stays the answer for no Accept, for JSON, and for types /random does not draw.
    for accept in ["application/json", "text/html", "*/*"] {
        let r = request_with("GET", "/random?seed=5", &[("accept", accept)], &Value::Null).await;
        assert_eq!(r.media_type(), "application/json", "{accept}");
        assert_eq!(r.text, plain.text);
    }
}

#[tokio::test]
async fn book_is_a_pdf_attachment_with_a_sensible_name() {
    let r = get("/book?count=4&per_page=2&page=letter&difficulty=easy&seed=1").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.media_type(), "application/pdf");
    assert_eq!(
        r.header("content-disposition"),
        Some("attachment; filename=\"sudoku-easy-4-seed1.pdf\"")
    );
    assert!(r.bytes.starts_with(b"%PDF-"));
    // Two pages of puzzles and one of solutions.
    assert!(r.text.contains("/Count 3"), "page count");
    let again = get("/book?count=4&per_page=2&page=letter&difficulty=easy&seed=1").await;
    assert_eq!(again.bytes, r.bytes, "reproducible from its seed");
    let r = get("/book?count=2&size=6&variant=jigsaw&seed=2&solutions=false").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r
        .header("content-disposition")
        .unwrap()
        .contains("sudoku-6x6-jigsaw-2-seed2.pdf"));
}

#[tokio::test]
async fn book_refuses_past_its_limits() {
    let r = get("/book?count=101").await;
    let p = assert_problem(&r, 422, "out_of_range");
    assert_eq!(p["maximum"], 100);
    assert_problem(&get("/book?count=0").await, 422, "out_of_range");
    let p = assert_problem(&get("/book?per_page=3").await, 400, "invalid_field");
    assert_eq!(p["field"], "per_page");
    let p = assert_problem(&get("/book?page=a5").await, 400, "invalid_field");
    assert_eq!(p["field"], "page");
    assert_problem(&get("/book?pages=2").await, 400, "invalid_field");
    let r = get("/book?count=1&size=4&difficulty=hard").await;
    let p = assert_problem(&r, 422, "unsupported_shape");
    assert!(
        p["detail"].as_str().unwrap().contains("singles alone"),
        "{p}"
    );
    let r = get("/book?count=2&size=6&difficulty=easy&seed=3").await;
    assert_eq!(
        r.status, 200,
        "a book of another shape at a level: {}",
        r.text
    );
    assert_eq!(r.media_type(), "application/pdf");
    let r = request_with(
        "GET",
        "/book?count=1",
        &[("accept", "application/json")],
        &Value::Null,
    )
    .await;
    assert_problem(&r, 406, "not_acceptable");
}

#[tokio::test]
async fn a_book_past_the_deadline_is_504() {
    // Long enough for the job to start on a loaded machine (a deadline that passes while the job
    // still waits for a thread is a 503, queue full), far too short for a hundred 16x16 puzzles.
    let config = ServerConfig {
        solve_timeout: Duration::from_millis(300),
        ..test_config()
    };
    let r = get_on(app_with(config), "/book?count=100&size=16&seed=1").await;
    assert_problem(&r, 504, "deadline_exceeded");
}

/// Reads a whole response from a real server, bytes and all.
async fn fetch(addr: std::net::SocketAddr, request: &str) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), stream.read_to_end(&mut bytes))
        .await
        .expect("an answer")
        .unwrap();
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8(bytes[..end].to_vec()).unwrap();
    (head, bytes[end + 4..].to_vec())
}

#[tokio::test]
async fn a_live_server_sends_books_and_drawings() {
    let live = start(no_grace(ServerConfig {
        solve_timeout: Duration::from_secs(60),
        ..test_config()
    }))
    .await;
    let (head, body) = fetch(
        live.addr,
        "GET /book?count=2&seed=3 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let lower = head.to_ascii_lowercase();
    assert!(lower.contains("content-type: application/pdf"));
    assert!(lower.contains("content-disposition: attachment; filename=\"sudoku-2-seed3.pdf\""));
    assert!(
        body.starts_with(b"%PDF-") && body.ends_with(b"%%EOF")
            || body.windows(5).any(|w| w == b"%%EOF")
    );
    let json = json!({ "puzzle": EASY }).to_string();
    let request = format!(
        "POST /render HTTP/1.1\r\nHost: t\r\nAccept: image/svg+xml\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
        json.len()
    );
    let (head, body) = fetch(live.addr, &request).await;
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: image/svg+xml"),
        "{head}"
    );
    assert!(String::from_utf8(body).unwrap().contains("</svg>"));
    live.shutdown.send(()).unwrap();
    live.task.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_killer_from_random_is_drawn_with_its_cages_and_sums() {
    let made = get("/random?variant=killer&size=4&seed=7").await;
    assert_eq!(made.status, 200, "{}", made.text);
    let made: Value = serde_json::from_str(&made.text).unwrap();
    let cages = made["rules"]["cages"].as_array().unwrap().clone();
    let body = json!({ "puzzle": made["puzzle"], "rules": made["rules"] });
    let r = render(Some("image/svg+xml"), body.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.text.contains("Killer Sudoku"), "{}", r.text);
    let sums: Vec<String> = cages.iter().map(|c| c["sum"].to_string()).collect();
    assert_eq!(count(&r.text, "sum"), sums.len(), "one sum per cage");
    for sum in &sums {
        assert!(r.text.contains(&format!(">{sum}</text>")), "sum {sum}");
    }
    assert!(
        count(&r.text, "cage") >= 4 * cages.len(),
        "every cage outlined"
    );
    let drawn = request_with(
        "GET",
        "/random?variant=killer&size=4&seed=7",
        &[("accept", "image/svg+xml")],
        &Value::Null,
    )
    .await;
    assert_eq!(drawn.status, 200);
    assert_eq!(count(&drawn.text, "sum"), sums.len());
}
