//! Extractors whose every rejection is an [`ApiError`], so a malformed body or query string gets the
//! same problem+json as any other fault: [`ApiJson`] for bodies and [`QueryParams`] for query strings.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, request::Parts, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::AppState;

/// A JSON body deserialised into `T`. Rejections: 415 `unsupported_content_encoding` for a
/// compressed body (read as it is, it would be garbage or, worse, JSON that is not what was sent),
/// 415 without a JSON content type, 413 over the
/// body limit, 400 `invalid_json` for bad syntax, 400 `invalid_field` (naming the field) for a
/// missing, unknown or mistyped member.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        if let Some(encoding) = content_encoding(req.headers()) {
            return Err(ApiError::UnsupportedContentEncoding { encoding });
        }
        if !is_json(req.headers()) {
            return Err(ApiError::UnsupportedMediaType {
                expected: "application/json",
            });
        }
        if let Some(charset) = foreign_charset(req.headers()) {
            return Err(ApiError::UnsupportedCharset { charset });
        }
        let limit_bytes = state.config().max_body_bytes;
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|rejection| body_error(&rejection, limit_bytes))?;
        // serde would read a struct from an array too; every request body here is an object.
        if bytes.trim_ascii_start().starts_with(b"[") {
            return Err(ApiError::InvalidField {
                field: "body".into(),
                detail: "the body must be a JSON object, not an array".into(),
            });
        }
        parse_json(&bytes).map(ApiJson)
    }
}

/// The declared `Content-Encoding`, unless absent or `identity` (no encoding at all).
fn content_encoding(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::CONTENT_ENCODING)?;
    let text = String::from_utf8_lossy(value.as_bytes()).trim().to_string();
    (!text.eq_ignore_ascii_case("identity") && !text.is_empty()).then_some(text)
}

/// `application/json` or any `application/*+json`, parameters (charset) ignored.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim();
    let essence = essence.to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The declared `charset` parameter of the content type, unless absent or UTF-8 (JSON has no other
/// encoding on the wire: RFC 8259 section 8.1).
fn foreign_charset(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let charset = value.split(';').skip(1).find_map(|param| {
        let (name, value) = param.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| value.trim().trim_matches('"').to_string())
    })?;
    let utf8 = charset.eq_ignore_ascii_case("utf-8") || charset.eq_ignore_ascii_case("utf8");
    (!utf8).then_some(charset)
}

fn body_error(rejection: &BytesRejection, limit_bytes: usize) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return ApiError::PayloadTooLarge { limit_bytes };
    }
    ApiError::InvalidJson(rejection.body_text())
}

/// Deserialises `bytes`, telling syntax errors from data errors and naming the offending field.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // serde_json checks UTF-8 only inside strings, and a bad key then has no name to report.
    if let Err(error) = std::str::from_utf8(bytes) {
        return Err(ApiError::InvalidJson(format!(
            "the body is not valid UTF-8 (byte {} is not part of a UTF-8 character); JSON must be sent as UTF-8",
            error.valid_up_to()
        )));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        // Skipping a string does not check its escapes, so this must come before the test below.
        if let Some(message) = surrogate_message(&inner) {
            return ApiError::InvalidJson(message);
        }
        if inner.is_data() {
            let detail = plain_words(without_position(&inner.to_string()));
            let field = field_name(&path, &detail);
            let detail = match cage_of(&field) {
                Some(cage) => format!("cage {cage}: {detail}"),
                None => detail,
            };
            return ApiError::InvalidField { field, detail };
        }
        // serde_json reports some faults of valid JSON as syntax (`1e400` out of range, a number
        // where an enum's string belongs): when the document itself parses, the fault is the field's.
        if serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok() {
            let field = field_name(&path, "");
            let reason = inner.to_string();
            let reason = without_position(&reason);
            return ApiError::InvalidField {
                detail: format!("{field} does not accept this value ({reason})"),
                field,
            };
        }
        ApiError::InvalidJson(inner.to_string())
    })?;
    // Trailing characters after the value are a syntax error, as in `serde_json::from_slice`.
    de.end().map_err(|e| ApiError::InvalidJson(e.to_string()))?;
    Ok(value)
}

/// A message in words for a `\\u` escape of half a UTF-16 surrogate pair (`\\ud800` alone), which
/// serde_json reports as "unexpected end of hex escape"; `None` for any other error.
fn surrogate_message(error: &serde_json::Error) -> Option<String> {
    let message = error.to_string();
    let reason = without_position(&message);
    let surrogate = reason == "unexpected end of hex escape"
        || reason == "lone leading surrogate in hex escape";
    if !surrogate {
        return None;
    }
    Some(format!(
        "a \\u escape at line {} column {} is half of a UTF-16 surrogate pair (\\ud800-\\udfff) without \
         its other half; a string must hold whole Unicode characters (write one beyond U+FFFF as a \
         pair, such as \\ud83d\\ude00, or as itself in UTF-8)",
        error.line(),
        error.column()
    ))
}

/// serde_json's message without its ` at line 1 column 104`: a field's fault is located by `field`,
/// and the position of a one-line body is noise (only `invalid_json` needs it).
fn without_position(message: &str) -> &str {
    message.split(" at line ").next().unwrap_or_default()
}

/// serde's message with the names of Rust's integer types put in words a client can act on.
fn plain_words(detail: &str) -> String {
    detail
        .replace("expected u64", "expected a non-negative integer")
        .replace("expected u32", "expected a non-negative integer")
        .replace("expected usize", "expected a non-negative integer")
        .replace("expected i64", "expected an integer")
}

/// The field a data error is about: serde's path, except that a missing member is reported at the
/// enclosing object, so its name is taken from the message serde quotes it in.
/// The 1-based number of the cage a field path is in (`rules.cages[0].sum` is in cage 1).
fn cage_of(field: &str) -> Option<usize> {
    let rest = field.strip_prefix("rules.cages[")?;
    let index: usize = rest.split(']').next()?.parse().ok()?;
    Some(index + 1)
}

fn field_name(path: &str, detail: &str) -> String {
    let missing = detail
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next());
    match (path, missing) {
        (".", Some(name)) => name.to_string(),
        (_, Some(name)) => format!("{path}.{name}"),
        (".", None) => "body".to_string(),
        (_, None) => path.to_string(),
    }
}

/// The query string as `(name, value)` pairs in order, percent-decoded. Parameters are interpreted by
/// each handler so that every bad value becomes an `invalid_field` or `out_of_range` problem.
#[derive(Clone, Debug, Default)]
pub struct QueryParams(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequestParts<S> for QueryParams {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)
            .map(|q| QueryParams(q.0))
            .map_err(|_| bad_query())
    }
}

fn bad_query() -> ApiError {
    ApiError::InvalidField {
        field: "query".into(),
        detail: "the query string could not be decoded".into(),
    }
}

impl QueryParams {
    /// The one rule of every `GET` that takes parameters: fails on any parameter not in `known`
    /// (400 `invalid_field`), so a misspelt option is reported, not ignored, and on any given twice
    /// (400 `duplicate_parameter`), so that which one counts is never a guess.
    pub fn only(&self, known: &[&str]) -> Result<(), ApiError> {
        if let Some((name, _)) = self.0.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            let detail = match known {
                [] => format!("unknown query parameter `{name}`; this route takes none"),
                _ => format!("unknown query parameter `{name}`; expected one of {known:?}"),
            };
            return Err(ApiError::InvalidField {
                field: name.clone(),
                detail,
            });
        }
        for (i, (name, _)) in self.0.iter().enumerate() {
            let count = self.0.iter().filter(|(k, _)| k == name).count();
            let first = self.0.iter().position(|(k, _)| k == name) == Some(i);
            if count > 1 && first {
                return Err(ApiError::DuplicateParameter {
                    field: name.clone(),
                    count,
                });
            }
        }
        Ok(())
    }

    /// The value given for `name` (after [`QueryParams::only`], there is at most one).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// `name` as an integer in `minimum..=maximum`, or `default` when absent.
    pub fn integer(
        &self,
        name: &'static str,
        default: u64,
        minimum: u64,
        maximum: u64,
    ) -> Result<u64, ApiError> {
        let Some(text) = self.get(name) else {
            return Ok(default);
        };
        // Digits only: `u64::from_str` would also take a sign (`+20`), and spaces are not digits.
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        if !digits {
            return Err(ApiError::InvalidField {
                field: name.into(),
                detail: format!("{name} must be a non-negative integer, got {text:?}"),
            });
        }
        // All digits but too long for u64: a whole number above any maximum, so out of range.
        let value = text.parse().unwrap_or(u64::MAX);
        check_range(name, value, minimum, maximum)
    }

    /// `name` as `true` or `false`, or `default` when absent.
    pub fn boolean(&self, name: &'static str, default: bool) -> Result<bool, ApiError> {
        match self.get(name) {
            None => Ok(default),
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(other) => Err(ApiError::InvalidField {
                field: name.into(),
                detail: format!("{name} must be true or false, got {other:?}"),
            }),
        }
    }
}

/// `value` if within `minimum..=maximum`, else `out_of_range` naming `field`.
pub fn check_range(
    field: &'static str,
    value: u64,
    minimum: u64,
    maximum: u64,
) -> Result<u64, ApiError> {
    if (minimum..=maximum).contains(&value) {
        return Ok(value);
    }
    Err(ApiError::OutOfRange {
        field,
        minimum,
        maximum,
        value,
    })
}
