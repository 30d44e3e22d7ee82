//! The answers hyper writes itself, before any request reaches the router: 400 for a head it
//! cannot parse (a bad or doubled `Content-Length`, `HTTP/9.9`, a NUL in a header), 414 for a
//! request target over its buffer, 431 for too many headers. hyper writes them with no body and no
//! content type, and offers no hook to change them; the connection's socket wrapper
//! ([`crate::connections`]) recognises them as they are written and writes these problem+json
//! answers in their place, so every error the service sends has the same shape.

use super::error::{ApiError, PROBLEM_JSON};

/// The problem+json response to write instead of `written`, when `written` is one of hyper's own
/// bodiless error responses (and never for an answer of the router: those always have a body and a
/// content type).
pub fn replacement(written: &[u8]) -> Option<Vec<u8>> {
    let error = bare_error(written)?;
    let problem = error.problem();
    let body = serde_json::to_vec(&problem).ok()?;
    let status = error.kind().status;
    let mut response = format!(
        "HTTP/1.1 {} {}\r\nconnection: close\r\ncontent-type: {PROBLEM_JSON}\r\ncontent-length: {}\r\n\r\n",
        status.as_str(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes();
    response.extend(body);
    Some(response)
}

/// The error behind a bodiless head hyper wrote for a request it refused.
fn bare_error(written: &[u8]) -> Option<ApiError> {
    // hyper writes the whole head in one go, and it is short.
    let head = std::str::from_utf8(written.get(..written.len().min(512))?).ok()?;
    let head = head.strip_suffix("\r\n\r\n")?;
    let error = match head.get(..12)? {
        "HTTP/1.1 400" => ApiError::MalformedRequest,
        "HTTP/1.1 414" => ApiError::UriTooLong,
        "HTTP/1.1 431" => ApiError::HeadersTooLarge,
        _ => return None,
    };
    let lower = head.to_ascii_lowercase();
    let bodiless = lower.contains("\r\ncontent-length: 0") && !lower.contains("\r\ncontent-type:");
    bodiless.then_some(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HYPERS_431: &[u8] = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: Tue, 24 Nov 2026 06:49:23 GMT\r\n\r\n";

    #[test]
    fn hypers_bare_answers_become_problems_and_the_routers_stay_as_they_are() {
        let written = replacement(HYPERS_431).expect("a bare 431 is replaced");
        let text = String::from_utf8(written).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(
            (body["code"].as_str(), body["status"].as_u64()),
            (Some("headers_too_large"), Some(431))
        );
        let routed = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/problem+json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(replacement(routed), None);
        assert_eq!(
            replacement(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"),
            None
        );
        assert_eq!(replacement(&HYPERS_431[..40]), None, "part of a head");
    }
}
