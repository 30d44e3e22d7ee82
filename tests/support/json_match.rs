//! Comparing JSON a document shows (the `curl` examples of the README and docs/, openapi.yaml's
//! examples) with what the service really answers. Timings (`elapsed_us`, and the times and rates
//! of a batch's lines) are the only values that may differ: shown anywhere, they only need the real
//! one to be a non-negative number.

use serde_json::Value;

/// The members whose values are wall-clock timings, so never the same twice.
const TIMINGS: [&str; 6] = [
    "elapsed_us",
    "time_us",
    "mean_us",
    "max_us",
    "elapsed_ms",
    "puzzles_per_second",
];

/// Whether `shown` is `real`, possibly shortened: an object may leave out members, an array may stop
/// at a `"…"` element, and a string may stop at `…`. `key` is the member `shown` is the value of.
#[allow(dead_code)] // Each test crate that includes this module uses one of the two comparisons.
pub fn shortens(shown: &Value, real: &Value, key: Option<&str>) -> bool {
    if is_timing(key) {
        return real.as_f64().is_some_and(|x| x >= 0.0);
    }
    match (shown, real) {
        (Value::Object(s), Value::Object(r)) => s
            .iter()
            .all(|(k, v)| r.get(k).is_some_and(|rv| shortens(v, rv, Some(k)))),
        (Value::Array(s), Value::Array(r)) => {
            let cut = s.last() == Some(&Value::String("…".into()));
            let kept = if cut { &s[..s.len() - 1] } else { &s[..] };
            (if cut {
                r.len() >= kept.len()
            } else {
                r.len() == kept.len()
            }) && kept.iter().zip(r).all(|(a, b)| shortens(a, b, None))
        }
        (Value::String(s), Value::String(r)) => match s.strip_suffix('…') {
            Some(prefix) => r.starts_with(prefix),
            None => s == r,
        },
        _ => shown == real,
    }
}

/// Whether `shown` is exactly `real`: the same members, items and values, timings aside.
#[allow(dead_code)] // Each test crate that includes this module uses one of the two comparisons.
pub fn same_but_timings(shown: &Value, real: &Value, key: Option<&str>) -> bool {
    if is_timing(key) {
        return real.as_f64().is_some_and(|x| x >= 0.0);
    }
    match (shown, real) {
        (Value::Object(s), Value::Object(r)) => {
            s.len() == r.len()
                && s.iter()
                    .all(|(k, v)| r.get(k).is_some_and(|rv| same_but_timings(v, rv, Some(k))))
        }
        (Value::Array(s), Value::Array(r)) => {
            s.len() == r.len() && s.iter().zip(r).all(|(a, b)| same_but_timings(a, b, None))
        }
        _ => shown == real,
    }
}

fn is_timing(key: Option<&str>) -> bool {
    key.is_some_and(|k| TIMINGS.contains(&k))
}
