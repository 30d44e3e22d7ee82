//! Interchange (issue 33, section 3): f-puzzles and SudokuPad links and f-puzzles documents read by
//! `POST /import` and in place of `puzzle` on every puzzle-taking route; `POST /export` writing
//! links and ipuz. Each f-puzzles feature read is solved and its solutions checked against the
//! rule; each feature refused is named; links are read raw and URL-encoded; bombs are refused fast.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::helpers::*;

/// A blank f-puzzles grid of `n` x `n`.
fn blank(n: usize) -> Value {
    json!(vec![vec![json!({}); n]; n])
}

/// An f-puzzles 9x9 document with `extra` members.
fn doc(extra: Value) -> Value {
    let mut doc = json!({"size": 9, "grid": blank(9)});
    for (k, v) in extra.as_object().unwrap() {
        doc[k] = v.clone();
    }
    doc
}

fn link_of(doc: &Value) -> String {
    format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(doc.to_string().as_str())
    )
}

/// The value at f-puzzles cell `R3C4` of a solution string of `n` x `n`.
fn at(solution: &str, name: &str, n: usize) -> i64 {
    let (r, c) = name[1..].split_once('C').unwrap();
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let ch = solution.as_bytes()[(r - 1) * n + c - 1] as char;
    ch.to_digit(17).unwrap() as i64
}

/// Solves `doc` through `/solve` with `{"fpuzzles": doc}` and through a link, checks both agree and
/// every solution returned passes `check`; returns the rules `/import` reads.
async fn solved(doc: Value, check: impl Fn(&str) -> bool) -> Value {
    let by_doc = post_json("/solve", json!({"fpuzzles": doc, "max_solutions": 5})).await;
    assert_eq!(by_doc.status, 200, "{}", by_doc.text);
    let by_link = post_json("/solve", json!({"link": link_of(&doc), "max_solutions": 5})).await;
    assert_eq!(by_link.json()["solutions"], by_doc.json()["solutions"]);
    let body = by_doc.json();
    let solutions = body["solutions"].as_array().unwrap();
    assert!(!solutions.is_empty(), "{body}");
    for s in solutions {
        let s = s.as_str().unwrap();
        assert!(check(s), "{s} breaks the rule of {doc}");
    }
    let imported = post_json("/import", json!({"fpuzzles": doc})).await;
    assert_eq!(imported.status, 200, "{}", imported.text);
    imported.json()["rules"].clone()
}

mod export;
mod features;
mod links;
mod refusals;
