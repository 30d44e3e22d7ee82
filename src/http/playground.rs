//! The playground: a page at `/` that plays Sudoku on the public API, with its script, style and
//! icon. Everything is embedded in the binary at build time, so the page works offline and in the
//! `FROM scratch` image, and its Content-Security-Policy lets it load nothing from another origin.

use std::sync::LazyLock;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::AppState;

/// Same origin only, no inline script or style, no framing, no plugins, no form posts elsewhere.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// One embedded file: its route, media type and bytes.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// An asset row of the table below.
const fn asset(path: &'static str, content_type: &'static str, body: &'static str) -> Asset {
    Asset {
        path,
        content_type,
        body,
    }
}

/// Every asset, each at its own route: the page, its script and the modules app.js imports (the
/// API client, the shape model, the board's drawing, its constraints' drawing, the messages beside
/// the controls and the shape picker), its style and icon.
const ASSETS: [Asset; 10] = [
    asset("/", HTML, include_str!("playground/index.html")),
    asset("/playground/app.js", JS, include_str!("playground/app.js")),
    asset("/playground/api.js", JS, include_str!("playground/api.js")),
    asset(
        "/playground/shape.js",
        JS,
        include_str!("playground/shape.js"),
    ),
    asset(
        "/playground/board.js",
        JS,
        include_str!("playground/board.js"),
    ),
    asset(
        "/playground/constraints.js",
        JS,
        include_str!("playground/constraints.js"),
    ),
    asset(
        "/playground/messages.js",
        JS,
        include_str!("playground/messages.js"),
    ),
    asset(
        "/playground/picker.js",
        JS,
        include_str!("playground/picker.js"),
    ),
    asset(
        "/playground/style.css",
        CSS,
        include_str!("playground/style.css"),
    ),
    asset(
        "/playground/icon.svg",
        SVG,
        include_str!("playground/icon.svg"),
    ),
];

/// The routes of the page and its assets.
pub fn router() -> Router<AppState> {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        router.route(
            asset.path,
            get(move |headers: HeaderMap| serve(asset, headers)),
        )
    })
}

/// The asset, or 304 when the client's copy is current. The asset names carry no fingerprint, so
/// every use revalidates (`no-cache`) against an ETag of the content: a new build is seen at once
/// and an unchanged file costs an empty answer.
async fn serve(asset: &'static Asset, headers: HeaderMap) -> Response {
    let etag = etag_of(asset);
    let common = [
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (header::ETAG, etag.clone()),
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ),
    ];
    if matches_etag(&headers, &etag) {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    (
        common,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        )],
        asset.body,
    )
        .into_response()
}

/// Whether `If-None-Match` names `etag` (or is `*`); weak and strong forms compare equal, as
/// RFC 9110 asks for this header.
fn matches_etag(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(wanted) = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let ours = etag.to_str().unwrap_or_default();
    wanted
        .split(',')
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == "*" || tag == ours)
}

/// The quoted ETag of an asset, computed once per asset.
fn etag_of(asset: &Asset) -> HeaderValue {
    static TAGS: LazyLock<[(&str, HeaderValue); ASSETS.len()]> = LazyLock::new(|| {
        ASSETS.each_ref().map(|a| {
            let tag = format!("\"{:016x}\"", fnv1a(a.body.as_bytes()));
            (a.path, HeaderValue::from_str(&tag).expect("hex digits"))
        })
    });
    TAGS.iter()
        .find(|(path, _)| *path == asset.path)
        .map(|(_, tag)| tag.clone())
        .expect("every asset has a tag")
}

/// FNV-1a, 64 bits: a content fingerprint for ETags (not a security boundary).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn different_contents_get_different_fingerprints() {
        assert_ne!(fnv1a(b"a"), fnv1a(b"b"));
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    }

    #[test]
    fn if_none_match_matches_a_listed_weak_or_strong_tag_or_a_star() {
        let ours = HeaderValue::from_static("\"00ff\"");
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static(value));
            matches_etag(&headers, &ours)
        };
        assert!(with("\"00ff\""));
        assert!(with("\"1\", W/\"00ff\""));
        assert!(with("*"));
        assert!(!with("\"00fe\""));
        assert!(!matches_etag(&HeaderMap::new(), &ours));
    }
}
