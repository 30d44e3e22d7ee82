//! The playground page at `/` and its embedded assets: media types, caching and the
//! Content-Security-Policy that keeps the page to its own origin.

use axum::body::Body;
use axum::http::{header, Request};

use crate::helpers::*;

const ASSETS: [(&str, &str); 9] = [
    ("/playground/app.js", "text/javascript; charset=utf-8"),
    ("/playground/api.js", "text/javascript; charset=utf-8"),
    ("/playground/shape.js", "text/javascript; charset=utf-8"),
    ("/playground/board.js", "text/javascript; charset=utf-8"),
    (
        "/playground/constraints.js",
        "text/javascript; charset=utf-8",
    ),
    ("/playground/messages.js", "text/javascript; charset=utf-8"),
    ("/playground/picker.js", "text/javascript; charset=utf-8"),
    ("/playground/style.css", "text/css; charset=utf-8"),
    ("/playground/icon.svg", "image/svg+xml"),
];

#[tokio::test]
async fn root_serves_the_page_linking_its_script_and_style() {
    let r = get("/").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(r.text.starts_with("<!doctype html>"));
    assert!(r
        .text
        .contains(r#"<script type="module" src="/playground/app.js"></script>"#));
    assert!(r
        .text
        .contains(r#"<link rel="stylesheet" href="/playground/style.css">"#));
    assert!(r.text.contains(r#"role="grid""#));
}

#[tokio::test]
async fn the_page_has_no_inline_script_or_style_and_nothing_from_another_origin() {
    let page = get("/").await.text;
    let scripts: Vec<&str> = page.split("<script").skip(1).collect();
    assert!(!scripts.is_empty());
    for script in scripts {
        let tag = &script[..script.find('>').expect("a closed tag")];
        assert!(tag.contains(r#"src="/"#), "an inline script: <script{tag}>");
    }
    for forbidden in [
        "<style",
        " style=",
        " onclick=",
        "http://",
        "https://",
        "//cdn",
    ] {
        assert!(!page.contains(forbidden), "the page contains {forbidden:?}");
    }
}

#[tokio::test]
async fn every_asset_is_served_with_its_media_type() {
    for (path, content_type) in ASSETS {
        let r = get(path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("content-type"), Some(content_type), "{path}");
        assert!(!r.text.is_empty(), "{path}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    }
}

#[tokio::test]
async fn the_page_and_its_assets_carry_a_same_origin_content_security_policy() {
    for path in std::iter::once("/").chain(ASSETS.map(|(path, _)| path)) {
        let r = get(path).await;
        let csp = r.header("content-security-policy").expect("a CSP");
        for directive in [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(directive), "{path}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
    }
}

#[tokio::test]
async fn assets_revalidate_by_etag_and_a_current_copy_gets_304() {
    for path in ["/", ASSETS[0].0] {
        let r = get(path).await;
        assert_eq!(r.header("cache-control"), Some("no-cache"), "{path}");
        let etag = r.header("etag").expect("an ETag").to_string();
        let request = Request::get(path)
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap();
        let again = send(app(), request).await;
        assert_eq!(again.status, 304, "{path}");
        assert!(again.text.is_empty());
        let stale = Request::get(path)
            .header(header::IF_NONE_MATCH, "\"0000000000000000\"")
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(app(), stale).await.status, 200, "{path}");
    }
}

#[tokio::test]
async fn the_page_and_the_script_get_different_etags() {
    let page = get("/").await;
    let script = get(ASSETS[0].0).await;
    assert_ne!(page.header("etag"), script.header("etag"));
}

#[tokio::test]
async fn new_puzzle_comes_before_the_board_so_a_phone_shows_both_on_its_first_screen() {
    // The browser tests measure it on a phone (tests/browser/newcomer.test.js); this keeps the
    // order, which is also the order a keyboard and a screen reader meet them in.
    let page = get("/").await.text;
    let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("no {needle}"));
    assert!(at(r#"id="difficulty""#) < at(r#"id="board""#));
    assert!(at(r#"id="new""#) < at(r#"id="board""#));
}

#[tokio::test]
async fn every_module_the_script_imports_is_served_as_javascript() {
    // app.js loads its modules by absolute path; a module missing from the router is a blank page.
    let mut pending = vec!["/playground/app.js".to_string()];
    let mut seen = Vec::new();
    while let Some(path) = pending.pop() {
        let r = get(&path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(
            r.header("content-type"),
            Some("text/javascript; charset=utf-8"),
            "{path}"
        );
        for import in r.text.split("from \"").skip(1) {
            let target = &import[..import.find('"').expect("a closed string")];
            assert!(
                target.starts_with("/playground/"),
                "{path} imports {target}"
            );
            if !seen.iter().any(|s| s == target) {
                seen.push(target.to_string());
                pending.push(target.to_string());
            }
        }
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

#[tokio::test]
async fn the_shape_selectors_come_with_new_puzzle_before_the_board() {
    let page = get("/").await.text;
    let at = |needle: &str| page.find(needle).unwrap_or_else(|| panic!("no {needle}"));
    for id in [r#"id="size""#, r#"id="box""#, r#"id="variant""#] {
        assert!(at(r#"id="new""#) < at(id), "{id}");
        assert!(at(id) < at(r#"id="board""#), "{id}");
    }
    for variant in ["x", "hyper", "jigsaw"] {
        assert!(
            page.contains(&format!(r#"<option value="{variant}">"#)),
            "{variant}"
        );
    }
}
