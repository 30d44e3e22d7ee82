//! Requests hyper refuses before the router (a huge URI, too many headers, a bad `Content-Length`,
//! `HTTP/9.9`, a NUL in a header) are answered with problem+json like every other error, on a live
//! server since only the connection sees them.

use std::collections::HashMap;

use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use crate::helpers::*;
use crate::live::{no_grace, start};
use crate::wire::read_response;

fn too_many_headers() -> Vec<u8> {
    let mut head = b"GET /healthz HTTP/1.1\r\nHost: test\r\n".to_vec();
    for i in 0..200 {
        head.extend(format!("X-{i}: 1\r\n").into_bytes());
    }
    head.extend(b"\r\n");
    head
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_refused_before_the_router_get_problem_bodies() {
    let live = start(no_grace(test_config())).await;
    let long_query = format!(
        "GET /puzzles?{} HTTP/1.1\r\nHost: test\r\n\r\n",
        "a".repeat(100_000)
    );
    let long_path = format!("GET /{} HTTP/1.1\r\nHost: test\r\n\r\n", "p".repeat(70_000));
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("100 KB query", long_query.into_bytes(), 414, "uri_too_long"),
        ("70 KB path", long_path.into_bytes(), 414, "uri_too_long"),
        ("200 headers", too_many_headers(), 431, "headers_too_large"),
        (
            "negative length",
            b"POST /solve HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n".to_vec(),
            400,
            "malformed_request",
        ),
        (
            "oversized length",
            b"POST /solve HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999999999999999\r\n\r\n"
                .to_vec(),
            400,
            "malformed_request",
        ),
        (
            "doubled length",
            b"POST /solve HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n"
                .to_vec(),
            400,
            "malformed_request",
        ),
        (
            "HTTP/9.9",
            b"GET /healthz HTTP/9.9\r\nHost: t\r\n\r\n".to_vec(),
            400,
            "malformed_request",
        ),
        (
            "NUL in a header",
            b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: a\x00b\r\n\r\n".to_vec(),
            400,
            "malformed_request",
        ),
    ];
    for (what, request, status, code) in cases {
        let mut stream = TcpStream::connect(live.addr).await.unwrap();
        // The server may answer and close before it has read all of a long request.
        let _ = stream.write_all(&request).await;
        let raw = read_response(stream).await;
        assert_eq!(raw.status, status, "{what}: {}", raw.body);
        let headers: &HashMap<String, String> = &raw.headers;
        assert_eq!(
            headers.get("content-type").map(String::as_str),
            Some("application/problem+json"),
            "{what}"
        );
        assert_eq!(
            headers.get("content-length"),
            Some(&raw.body.len().to_string()),
            "{what}"
        );
        let body = raw.json();
        assert_eq!(
            (body["code"].as_str(), body["status"].as_u64()),
            (Some(code), Some(u64::from(status))),
            "{what}: {body}"
        );
        assert_eq!(
            body["type"],
            format!("https://sudoku.example/problems/{code}")
        );
        assert!(
            body["detail"].as_str().is_some_and(|d| !d.is_empty()),
            "{what}"
        );
    }
    live.shutdown.send(()).unwrap();
}
