//! The logic layer and the seeded generators, frozen before the two engines become one (issue 32):
//! `/hint`, `/explain` and `/grade` of 2,156 classic puzzles (Norvig's three sets and 2,000
//! newspaper puzzles, `puzzles/golden/newspaper-2000.txt`), and the puzzles `/random` makes from
//! fixed seeds at every level, technique and symmetry and on other shapes (with their `/solve` and
//! `/candidates`), each answer's bytes kept as a 64-bit FNV-1a hash in `tests/golden/logic.tsv`.
//! Search counters and timings are left out of the hash, as in the classic golden file.
//!
//! Recorded from the build of 2026-11-28 (before the unification) with
//! `SUDOKU_RECORD_GOLDEN=1 cargo test --test api golden_logic`; without the variable, every answer
//! must hash as recorded.

use serde_json::{json, Value};

use crate::golden::without_counters;
use crate::helpers::*;

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/logic.tsv");

/// FNV-1a, 64 bits: enough to tell any change of an answer's bytes.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The classic puzzles: Norvig's sets and the newspaper sample, in file order.
fn puzzles() -> Vec<String> {
    [
        "easy50.txt",
        "top95.txt",
        "hardest.txt",
        "golden/newspaper-2000.txt",
    ]
    .iter()
    .flat_map(|name| {
        let path = format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.chars().take(81).collect::<String>())
            .collect::<Vec<_>>()
    })
    .collect()
}

/// The seeded requests: every level, some techniques and every symmetry of classic puzzles, and
/// other shapes and variants, at fixed seeds.
fn generator_queries() -> Vec<String> {
    let mut queries = Vec::new();
    for level in ["easy", "medium", "hard", "expert", "extreme"] {
        for seed in 0..8 {
            queries.push(format!("/random?difficulty={level}&seed={seed}"));
        }
    }
    for technique in [
        "hidden_pair",
        "x_wing",
        "xy_wing",
        "swordfish",
        "unique_rectangle_1",
    ] {
        for seed in 0..2 {
            queries.push(format!("/random?technique={technique}&seed={seed}"));
        }
    }
    for symmetry in ["rotational", "rotational90", "mirror", "diagonal"] {
        queries.push(format!("/random?symmetry={symmetry}&seed=3"));
    }
    for seed in 0..4 {
        queries.push(format!("/random?seed={seed}"));
        queries.push(format!("/random?seed={seed}&unique=false"));
        queries.push(format!("/random?size=6&seed={seed}"));
        queries.push(format!(
            "/random?size=6&box=3x2&difficulty=medium&seed={seed}"
        ));
        queries.push(format!("/random?size=4&seed={seed}"));
        queries.push(format!("/random?size=8&seed={seed}"));
        queries.push(format!("/random?variant=x&seed={seed}"));
        queries.push(format!("/random?variant=hyper&seed={seed}"));
        queries.push(format!("/random?variant=jigsaw&seed={seed}"));
        queries.push(format!(
            "/random?variant=x,hyper&difficulty=hard&seed={seed}"
        ));
        queries.push(format!("/random?size=6&variant=killer&seed={seed}"));
        queries.push(format!("/random?size=4&variant=killer&seed={seed}"));
    }
    queries.push("/random?count=5&seed=100".into());
    queries.push("/random?size=12&seed=1".into());
    queries.push("/random?size=16&seed=1".into());
    queries
}

/// A golden row: what was asked, and `status:hash` of each answer.
fn row(key: &str, answers: &[(u16, String)]) -> String {
    let hashes: Vec<String> = answers
        .iter()
        .map(|(status, text)| {
            let hash = fnv1a(without_counters(text).as_bytes());
            format!("{status}:{hash:016x}")
        })
        .collect();
    format!("{key}\t{}", hashes.join("\t"))
}

async fn answer(path: &str, body: Option<Value>) -> (u16, String) {
    let response = match body {
        Some(body) => post_json(path, body).await,
        None => get(path).await,
    };
    (response.status.as_u16(), response.text)
}

/// Every row, as this build answers it.
async fn rows() -> Vec<String> {
    let mut rows = Vec::new();
    for puzzle in puzzles() {
        let mut answers = Vec::new();
        for path in ["/hint", "/explain", "/grade"] {
            answers.push(answer(path, Some(json!({ "puzzle": puzzle }))).await);
        }
        rows.push(row(&puzzle, &answers));
    }
    for query in generator_queries() {
        let made = answer(&query, None).await;
        let mut answers = vec![made.clone()];
        // A puzzle of another shape: its solve and candidates too, on its own rules.
        if let Ok(body) = serde_json::from_str::<Value>(&made.1) {
            if let Some(rules) = body.get("rules").filter(|r| !r.is_null()) {
                let request = json!({ "puzzle": body["puzzle"], "rules": rules });
                answers.push(answer("/solve", Some(request.clone())).await);
                answers.push(answer("/candidates", Some(request)).await);
            }
        }
        rows.push(row(&query, &answers));
    }
    rows
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_logic_layer_and_the_seeded_generators_answer_byte_for_byte_as_recorded() {
    let now = rows().await;
    if std::env::var_os("SUDOKU_RECORD_GOLDEN").is_some() {
        std::fs::write(GOLDEN, now.join("\n") + "\n").unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(GOLDEN).expect("the golden file; record it first");
    let recorded: Vec<&str> = recorded.lines().collect();
    assert!(recorded.len() >= 2_200, "{} rows", recorded.len());
    assert_eq!(now.len(), recorded.len(), "the same requests");
    let differing: Vec<String> = now
        .iter()
        .zip(&recorded)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("now      {a}\nrecorded {b}"))
        .collect();
    assert!(
        differing.is_empty(),
        "{} of {} answers differ from the recording:\n{}",
        differing.len(),
        now.len(),
        differing
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
