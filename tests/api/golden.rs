//! The classic wire format, frozen: requests without `rules` on every endpoint, answered byte for
//! byte as the service answered them before shapes existed (recorded from that build in
//! `tests/golden/classic.json`; the last six cases, puzzles with several solutions, Norvig's
//! impossible puzzle transposed, `/solve/batch` and `/puzzles/{name}`, were recorded from commit
//! 806af97's build). Only the search counters and timings (`elapsed_us`, `nodes`, `guesses`,
//! `max_depth`, and the batch's `time_us`, `mean_us`, `max_us`, `elapsed_ms`,
//! `puzzles_per_second`) may differ, since the solver may get faster.

use serde_json::Value;

use crate::helpers::*;

/// `text` with every search counter's and timing's value (digits, and a decimal point) set to 0.
pub(crate) fn without_counters(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        for key in [
            "\"elapsed_us\":",
            "\"nodes\":",
            "\"guesses\":",
            "\"max_depth\":",
            "\"time_us\":",
            "\"mean_us\":",
            "\"max_us\":",
            "\"elapsed_ms\":",
            "\"puzzles_per_second\":",
        ] {
            let Some(after) = rest.strip_prefix(key) else {
                continue;
            };
            let digits = after.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if digits.len() < after.len() {
                out.push_str(key);
                out.push('0');
                rest = digits;
                continue 'scan;
            }
        }
        let c = rest.chars().next().expect("rest is not empty");
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[tokio::test]
async fn classic_requests_without_rules_answer_byte_for_byte_as_before_shapes() {
    let cases: Vec<Value> =
        serde_json::from_str(include_str!("../golden/classic.json")).expect("golden file");
    assert!(cases.len() >= 20);
    let mut endpoints = std::collections::BTreeSet::new();
    for case in cases {
        let path = case["path"].as_str().unwrap();
        let response = match case["method"].as_str().unwrap() {
            "GET" => get(path).await,
            _ => post_json(path, case["body"].clone()).await,
        };
        assert_eq!(
            response.status.as_u16(),
            case["status"].as_u64().unwrap() as u16,
            "{path}"
        );
        assert_eq!(
            without_counters(&response.text),
            without_counters(case["response"].as_str().unwrap()),
            "{} {path} {}",
            case["method"],
            case["body"]
        );
        endpoints.insert(path.split('?').next().unwrap().to_string());
    }
    for endpoint in [
        "/solve",
        "/candidates",
        "/validate",
        "/hint",
        "/explain",
        "/grade",
        "/random",
        "/puzzles",
        "/puzzles/hardest",
        "/solve/batch",
    ] {
        assert!(
            endpoints.contains(endpoint),
            "{endpoint} has no golden case"
        );
    }
}

#[test]
fn counters_are_masked_and_nothing_else() {
    assert_eq!(
        without_counters(r#"{"stats":{"elapsed_us":42,"nodes":7},"x":"nodes":}"#),
        r#"{"stats":{"elapsed_us":0,"nodes":0},"x":"nodes":}"#
    );
    assert_eq!(
        without_counters(r#"{"time_us":5,"count":3,"mean_us":2.597,"line":4}"#),
        r#"{"time_us":0,"count":3,"mean_us":0,"line":4}"#
    );
}
