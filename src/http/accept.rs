//! Content negotiation for the routes that draw: which of the types a route offers the `Accept`
//! header prefers, and the drawn answers themselves (SVG or PDF bytes with their headers).
//!
//! Media ranges are weighed by `q` (RFC 9110 section 12.5.1); a range of `q=0` refuses its types;
//! among equal weights the route's own order decides, so `*/*` and an absent header take the
//! route's first type.

use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use crate::render::{self, Sheet};

/// A type a drawing route can answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Media {
    /// `application/json`.
    Json,
    /// `image/svg+xml`.
    Svg,
    /// `application/pdf`.
    Pdf,
}

impl Media {
    /// The media type.
    pub fn mime(self) -> &'static str {
        match self {
            Media::Json => "application/json",
            Media::Svg => "image/svg+xml",
            Media::Pdf => "application/pdf",
        }
    }

    /// The answer for `sheet` in this type (JSON has no drawing: it answers SVG).
    pub fn draw(self, sheet: &Sheet) -> Response {
        match self {
            Media::Pdf => bytes(Media::Pdf, render::to_pdf(sheet), None),
            Media::Json | Media::Svg => bytes(Media::Svg, render::to_svg(sheet).into_bytes(), None),
        }
    }
}

/// `body` as a 200 of type `media`, varying by `Accept`, with `filename` as an attachment's name.
pub fn bytes(media: Media, body: Vec<u8>, filename: Option<&str>) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(media.mime()));
    headers.insert(header::VARY, HeaderValue::from_static("accept"));
    if let Some(name) =
        filename.and_then(|n| HeaderValue::from_str(&format!("attachment; filename=\"{n}\"")).ok())
    {
        headers.insert(header::CONTENT_DISPOSITION, name);
    }
    response
}

/// The type of `offered` that `Accept` prefers; 406 `not_acceptable` when it takes none of them.
pub fn negotiate(headers: &HeaderMap, offered: &'static [Media]) -> Result<Media, ApiError> {
    let Some(accept) = accept_header(headers) else {
        return Ok(offered[0]);
    };
    let ranges = ranges(&accept);
    let weight = |m: Media| -> f32 {
        let (kind, sub) = m.mime().split_once('/').unwrap_or_default();
        // The most specific range that matches decides (RFC 9110: `image/svg+xml` over `image/*`).
        ranges
            .iter()
            .filter(|r| (r.kind == "*" || r.kind == kind) && (r.sub == "*" || r.sub == sub))
            .max_by_key(|r| u8::from(r.kind != "*") + u8::from(r.sub != "*"))
            .map_or(0.0, |r| r.q)
    };
    let mut best: Option<(Media, f32)> = None;
    for &m in offered {
        let q = weight(m);
        if q > 0.0 && best.is_none_or(|(_, bq)| q > bq) {
            best = Some((m, q));
        }
    }
    best.map(|(m, _)| m).ok_or_else(|| ApiError::NotAcceptable {
        accept,
        offered: offered_list(offered),
    })
}

/// The header's text, or `None` when it is absent or blank (both take the route's first type).
fn accept_header(headers: &HeaderMap) -> Option<String> {
    let values: Vec<&str> = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let joined = values.join(", ");
    (!joined.trim().is_empty()).then_some(joined)
}

fn offered_list(offered: &[Media]) -> &'static str {
    match offered {
        [Media::Svg, Media::Pdf] => "image/svg+xml, application/pdf",
        [Media::Pdf] => "application/pdf",
        _ => "application/json, image/svg+xml, application/pdf",
    }
}

struct Range {
    kind: String,
    sub: String,
    q: f32,
}

fn ranges(accept: &str) -> Vec<Range> {
    accept
        .split(',')
        .filter_map(|part| {
            let mut params = part.split(';');
            let (kind, sub) = params.next()?.trim().split_once('/')?;
            let q = params
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0)
                .clamp(0.0, 1.0);
            Some(Range {
                kind: kind.trim().to_ascii_lowercase(),
                sub: sub.trim().to_ascii_lowercase(),
                q,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DRAWN: &[Media] = &[Media::Svg, Media::Pdf];
    const ALL: &[Media] = &[Media::Json, Media::Svg, Media::Pdf];

    fn with(accept: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT, HeaderValue::from_str(accept).unwrap());
        h
    }

    #[test]
    fn absent_or_any_takes_the_first_offer() {
        assert_eq!(negotiate(&HeaderMap::new(), DRAWN).unwrap(), Media::Svg);
        assert_eq!(negotiate(&with("*/*"), DRAWN).unwrap(), Media::Svg);
        assert_eq!(negotiate(&with("*/*"), ALL).unwrap(), Media::Json);
    }

    #[test]
    fn weights_and_specific_ranges_decide() {
        assert_eq!(
            negotiate(&with("application/pdf"), DRAWN).unwrap(),
            Media::Pdf
        );
        let h = with("image/svg+xml;q=0.5, application/pdf");
        assert_eq!(negotiate(&h, DRAWN).unwrap(), Media::Pdf);
        assert_eq!(negotiate(&with("image/*"), ALL).unwrap(), Media::Svg);
        let h = with("*/*;q=0.1, application/json;q=0");
        assert_eq!(negotiate(&h, ALL).unwrap(), Media::Svg);
    }

    #[test]
    fn nothing_acceptable_is_406() {
        let err = negotiate(&with("text/html"), DRAWN).unwrap_err();
        assert_eq!(err.kind().status, 406);
        assert!(negotiate(&with("application/pdf;q=0"), &[Media::Pdf]).is_err());
    }
}
