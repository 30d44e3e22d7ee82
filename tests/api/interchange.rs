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

#[tokio::test]
async fn givens_title_and_author_are_read() {
    let mut d = doc(json!({"title": "T", "author": "A", "ruleset": "Normal sudoku rules."}));
    d["grid"][0][0] = json!({"value": 5, "given": true});
    d["grid"][0][1] = json!({"value": 6, "centerPencilMarks": [1, 2]});
    let imported = post_json("/import", json!({"fpuzzles": d})).await.json();
    assert_eq!(imported["title"], "T");
    assert_eq!(imported["author"], "A");
    assert!(imported.get("rules").is_none(), "{imported}");
    assert_eq!(imported["puzzle"], format!("5{}", ".".repeat(80)));
    solved(d, |s| s.starts_with('5')).await;
}

#[tokio::test]
async fn jigsaw_regions_are_read() {
    let labels = [[0, 0, 0, 1], [2, 0, 1, 1], [2, 2, 3, 1], [2, 3, 3, 3]];
    let mut grid = blank(4);
    for r in 0..4 {
        for c in 0..4 {
            grid[r][c] = json!({"region": labels[r][c]});
        }
    }
    let d = json!({"size": 4, "grid": grid});
    let rules = solved(d, |s| {
        (0..4).all(|k| {
            let mut seen: Vec<char> = (0..16)
                .filter(|&i| labels[i / 4][i % 4] == k)
                .map(|i| s.as_bytes()[i] as char)
                .collect();
            seen.sort();
            seen.dedup();
            seen.len() == 4
        })
    })
    .await;
    assert_eq!(rules["size"], 4);
    assert_eq!(
        rules["regions"],
        json!([0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3])
    );
}

fn distinct(s: &str, cells: &[&str]) -> bool {
    let mut v: Vec<i64> = cells.iter().map(|c| at(s, c, 9)).collect();
    v.sort();
    v.dedup();
    v.len() == cells.len()
}

const MAIN: [&str; 9] = [
    "R1C1", "R2C2", "R3C3", "R4C4", "R5C5", "R6C6", "R7C7", "R8C8", "R9C9",
];
const ANTI: [&str; 9] = [
    "R1C9", "R2C8", "R3C7", "R4C6", "R5C5", "R6C4", "R7C3", "R8C2", "R9C1",
];

#[tokio::test]
async fn both_diagonals_are_x_and_one_diagonal_is_an_extra_region() {
    let both = solved(doc(json!({"diagonal+": true, "diagonal-": true})), |s| {
        distinct(s, &MAIN) && distinct(s, &ANTI)
    })
    .await;
    assert_eq!(both["variants"], json!(["x"]));
    let main = solved(doc(json!({"diagonal-": true})), |s| distinct(s, &MAIN)).await;
    assert_eq!(main["constraints"][0]["type"], "extra_region");
    assert_eq!(main["constraints"][0]["cells"][0], "A1");
    let anti = solved(doc(json!({"diagonal+": true})), |s| distinct(s, &ANTI)).await;
    assert_eq!(anti["constraints"][0]["cells"][0], "A9");
    assert_eq!(anti["constraints"][0]["cells"][8], "I1");
}

fn pairs(steps: &[(i64, i64)], s: &str, ok: impl Fn(i64, i64) -> bool) -> bool {
    (0..81i64).all(|i| {
        let (r, c) = (i / 9, i % 9);
        steps.iter().all(|&(dr, dc)| {
            let (rr, cc) = (r + dr, c + dc);
            !(0..9).contains(&rr)
                || !(0..9).contains(&cc)
                || ok(
                    i64::from(s.as_bytes()[i as usize] - b'0'),
                    i64::from(s.as_bytes()[(rr * 9 + cc) as usize] - b'0'),
                )
        })
    })
}

#[tokio::test]
async fn the_global_variants_are_read() {
    let knight = [(1, 2), (2, 1), (2, -1), (1, -2)];
    let rules = solved(doc(json!({"antiknight": true})), |s| {
        pairs(&knight, s, |a, b| a != b)
    })
    .await;
    assert_eq!(rules["variants"], json!(["anti_knight"]));
    let king = [(1, 1), (1, -1)];
    let rules = solved(doc(json!({"antiking": true})), |s| {
        pairs(&king, s, |a, b| a != b)
    })
    .await;
    assert_eq!(rules["variants"], json!(["anti_king"]));
    let orth = [(0, 1), (1, 0)];
    let rules = solved(doc(json!({"nonconsecutive": true})), |s| {
        pairs(&orth, s, |a, b| (a - b).abs() != 1)
    })
    .await;
    assert_eq!(rules["variants"], json!(["non_consecutive"]));
    let rules = solved(doc(json!({"disjointgroups": true})), |s| {
        (0..9).all(|k| {
            let cells: Vec<String> = (0..9)
                .map(|b| format!("R{}C{}", (b / 3) * 3 + k / 3 + 1, (b % 3) * 3 + k % 3 + 1))
                .collect();
            distinct(s, &cells.iter().map(String::as_str).collect::<Vec<_>>())
        })
    })
    .await;
    assert_eq!(rules["variants"], json!(["disjoint_groups"]));
}

#[tokio::test]
async fn killer_cages_are_read_diagonal_ones_included() {
    let cages = json!([
        {"cells": ["R1C1", "R2C2"], "value": "3"},
        {"cells": ["R1C2", "R1C3", "R2C4"], "value": 24}
    ]);
    let rules = solved(doc(json!({"killercage": cages})), |s| {
        at(s, "R1C1", 9) + at(s, "R2C2", 9) == 3
            && at(s, "R1C2", 9) + at(s, "R1C3", 9) + at(s, "R2C4", 9) == 24
            && distinct(s, &["R1C2", "R1C3", "R2C4"])
    })
    .await;
    assert_eq!(
        rules["cages"],
        json!([{"sum": 3, "cells": ["A1", "B2"]}, {"sum": 24, "cells": ["A2", "A3", "B4"]}])
    );
}

/// An f-puzzles 6x6 document with `extra` members: blank 6x6 grids solve at once with lines on them.
fn doc6(extra: Value) -> Value {
    let mut doc = json!({"size": 6, "grid": blank(6)});
    for (k, v) in extra.as_object().unwrap() {
        doc[k] = v.clone();
    }
    doc
}

#[tokio::test]
async fn thermometers_and_arrows_are_read() {
    let v = |s: &str, name: &str| at(s, name, 6);
    let thermo = json!([{"lines": [["R1C1", "R1C2", "R2C3", "R2C4"]]}]);
    let rules = solved(doc6(json!({"thermometer": thermo})), |s| {
        v(s, "R1C1") < v(s, "R1C2") && v(s, "R1C2") < v(s, "R2C3") && v(s, "R2C3") < v(s, "R2C4")
    })
    .await;
    assert_eq!(
        rules["constraints"],
        json!([{"type": "thermo", "cells": ["A1", "A2", "B3", "B4"]}])
    );
    let arrows = json!([
        {"cells": ["R4C4"], "lines": [["R4C4", "R4C5", "R4C6"], ["R4C4", "R3C3", "R2C2"]]},
        {"cells": ["R1C2", "R1C1"], "lines": [["R1C2", "R2C3", "R3C4", "R4C5", "R5C6"]]}
    ]);
    let rules = solved(doc6(json!({"arrow": arrows})), |s| {
        v(s, "R4C4") == v(s, "R4C5") + v(s, "R4C6")
            && v(s, "R4C4") == v(s, "R3C3") + v(s, "R2C2")
            && v(s, "R1C1") * 10 + v(s, "R1C2")
                == v(s, "R2C3") + v(s, "R3C4") + v(s, "R4C5") + v(s, "R5C6")
    })
    .await;
    assert_eq!(rules["constraints"][1]["circle"], json!(["D4"]));
    assert_eq!(rules["constraints"][1]["cells"], json!(["C3", "B2"]));
    assert_eq!(rules["constraints"][2]["circle"], json!(["A1", "A2"]));
    assert_eq!(
        rules["constraints"][2]["cells"],
        json!(["B3", "C4", "D5", "E6"])
    );
}

#[tokio::test]
async fn dots_and_letters_are_read() {
    let d = doc(json!({
        "difference": [{"cells": ["R1C1", "R1C2"]}],
        "ratio": [{"cells": ["R2C1", "R2C2"], "value": "2"}],
        "xv": [{"cells": ["R3C1", "R3C2"], "value": "X"}, {"cells": ["R4C1", "R4C2"], "value": "v"}]
    }));
    let rules = solved(d, |s| {
        (at(s, "R1C1", 9) - at(s, "R1C2", 9)).abs() == 1
            && {
                let (a, b) = (at(s, "R2C1", 9), at(s, "R2C2", 9));
                a == 2 * b || b == 2 * a
            }
            && at(s, "R3C1", 9) + at(s, "R3C2", 9) == 10
            && at(s, "R4C1", 9) + at(s, "R4C2", 9) == 5
    })
    .await;
    let types: Vec<&str> = rules["constraints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["kropki", "kropki", "xv", "xv"]);
}

#[tokio::test]
async fn negative_constraints_are_read_when_both_kropki_colours_are_negative() {
    // Every dot and letter of EASY's solution is drawn, so the negative rules hold of it.
    let solution = post_json("/solve", json!({"puzzle": EASY})).await.json()["solution"]
        .as_str()
        .unwrap()
        .to_string();
    let v = |i: usize| i64::from(solution.as_bytes()[i] - b'0');
    let (mut white, mut black, mut xv) = (vec![], vec![], vec![]);
    for i in 0..81 {
        for j in [i + 1, i + 9] {
            if j >= 81 || (j == i + 1 && i % 9 == 8) {
                continue;
            }
            let cells = json!([
                format!("R{}C{}", i / 9 + 1, i % 9 + 1),
                format!("R{}C{}", j / 9 + 1, j % 9 + 1)
            ]);
            let (a, b) = (v(i), v(j));
            if (a - b).abs() == 1 {
                white.push(json!({"cells": cells}));
            } else if a == 2 * b || b == 2 * a {
                black.push(json!({"cells": cells}));
            }
            if a + b == 10 || a + b == 5 {
                xv.push(json!({"cells": cells, "value": if a + b == 10 { "X" } else { "V" }}));
            }
        }
    }
    let mut d = doc(json!({"difference": white, "ratio": black, "xv": xv,
        "negative": ["ratio", "difference", "xv"]}));
    for (i, ch) in EASY.chars().enumerate() {
        if let Some(v) = ch.to_digit(10).filter(|&v| v > 0) {
            d["grid"][i / 9][i % 9] = json!({"value": v, "given": true});
        }
    }
    let want = solution.clone();
    let rules = solved(d, move |s| s == want).await;
    assert_eq!(rules["negative"], json!(["kropki", "xv"]));
}

#[tokio::test]
async fn little_killers_and_sandwiches_are_read() {
    let d = doc(json!({
        "littlekillersum": [
            {"cell": "R0C1", "direction": "DR", "value": "20", "cells": []},
            {"cell": "R10C3", "direction": "UL", "value": ""}
        ],
        "sandwichsum": [{"cell": "R0C4", "value": "0"}, {"cell": "R2C10", "value": 35}]
    }));
    let rules = solved(d, |s| {
        let diagonal: i64 = (0..8)
            .map(|i| at(s, &format!("R{}C{}", i + 1, i + 2), 9))
            .sum();
        let column: Vec<i64> = (1..=9).map(|r| at(s, &format!("R{r}C4"), 9)).collect();
        let row: Vec<i64> = (1..=9).map(|c| at(s, &format!("R2C{c}"), 9)).collect();
        let between = |line: &[i64]| {
            let (a, b) = (
                line.iter().position(|&v| v == 1).unwrap(),
                line.iter().position(|&v| v == 9).unwrap(),
            );
            line[a.min(b) + 1..a.max(b)].iter().sum::<i64>()
        };
        diagonal == 20 && between(&column) == 0 && between(&row) == 35
    })
    .await;
    assert_eq!(
        rules["constraints"],
        json!([
            {"type": "little_killer", "cells": ["A2", "B3", "C4", "D5", "E6", "F7", "G8", "H9"], "sum": 20},
            {"type": "sandwich", "column": 4, "sum": 0},
            {"type": "sandwich", "row": "B", "sum": 35}
        ])
    );
}

#[tokio::test]
async fn lines_are_read() {
    let v = |s: &str, name: &str| at(s, name, 6);
    let d = doc6(json!({
        "renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
        "whispers": [{"lines": [["R3C1", "R3C2", "R3C3"]], "value": 3}, {"lines": [["R5C1", "R5C2"]], "value": "4"}],
        "palindrome": [{"lines": [["R2C4", "R3C5", "R4C6"]]}]
    }));
    let rules = solved(d, |s| {
        let mut renban: Vec<i64> = (1..=3).map(|c| v(s, &format!("R1C{c}"))).collect();
        renban.sort();
        renban[2] - renban[0] == 2
            && (v(s, "R3C1") - v(s, "R3C2")).abs() >= 3
            && (v(s, "R3C2") - v(s, "R3C3")).abs() >= 3
            && (v(s, "R5C1") - v(s, "R5C2")).abs() >= 4
            && v(s, "R2C4") == v(s, "R4C6")
    })
    .await;
    let c = &rules["constraints"];
    assert_eq!(c[0]["type"], "palindrome");
    assert_eq!(c[1]["type"], "renban");
    // 3 is the default difference on 6x6 (N/2 rounded up), so it is left implicit.
    assert_eq!(
        c[2],
        json!({"type": "whisper", "cells": ["C1", "C2", "C3"]})
    );
    assert_eq!(
        c[3],
        json!({"type": "whisper", "cells": ["E1", "E2"], "difference": 4})
    );
    // Without a value, a whisper is German: a difference of at least 5.
    let german = doc(json!({"whispers": [{"lines": [["R1C1", "R1C2"]]}]}));
    let imported = post_json("/import", json!({"fpuzzles": german}))
        .await
        .json();
    assert_eq!(
        imported["rules"]["constraints"][0],
        json!({"type": "whisper", "cells": ["A1", "A2"]})
    );
}

#[tokio::test]
async fn parity_and_extra_regions_are_read() {
    let region = [
        "R1C4", "R1C5", "R1C6", "R2C4", "R2C5", "R2C6", "R4C1", "R5C1", "R6C1",
    ];
    let d = doc(json!({
        "odd": [{"cell": "R1C1"}, {"cell": "R9C9"}],
        "even": [{"cell": "R5C5"}],
        "extraregion": [{"cells": region}]
    }));
    let rules = solved(d, |s| {
        at(s, "R1C1", 9) % 2 == 1
            && at(s, "R9C9", 9) % 2 == 1
            && at(s, "R5C5", 9) % 2 == 0
            && distinct(s, &region)
    })
    .await;
    let c = &rules["constraints"];
    assert_eq!(c[0]["type"], "extra_region");
    assert_eq!(c[1], json!({"type": "odd", "cells": ["A1", "I9"]}));
    assert_eq!(c[2], json!({"type": "even", "cells": ["E5"]}));
}

#[tokio::test]
async fn every_feature_without_a_rule_here_is_refused_by_name() {
    let cell = json!([{"cell": "R1C1"}]);
    let cells = json!([{"cells": ["R1C1", "R1C2"], "value": "1"}]);
    let line = json!([{"lines": [["R1C1", "R1C2", "R1C3"]]}]);
    let cases = [
        ("minimum", json!({"minimum": cell}), "fpuzzles.minimum"),
        ("maximum", json!({"maximum": cell}), "fpuzzles.maximum"),
        (
            "clone",
            json!({"clone": [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}]}),
            "fpuzzles.clone",
        ),
        (
            "quadruple",
            json!({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1]}]}),
            "fpuzzles.quadruple",
        ),
        (
            "betweenline",
            json!({"betweenline": line}),
            "fpuzzles.betweenline",
        ),
        ("cage", json!({"cage": cells}), "fpuzzles.cage"),
        ("line", json!({"line": line}), "fpuzzles.line"),
        (
            "text",
            json!({"text": [{"cells": ["R1C1"], "value": "X"}]}),
            "fpuzzles.text",
        ),
        (
            "circle",
            json!({"circle": [{"cells": ["R1C1"]}]}),
            "fpuzzles.circle",
        ),
        (
            "rectangle",
            json!({"rectangle": [{"cells": ["R1C1"]}]}),
            "fpuzzles.rectangle",
        ),
        (
            "killercage",
            json!({"killercage": [{"cells": ["R1C1", "R1C2"]}]}),
            "fpuzzles.killercage",
        ),
        (
            "difference",
            json!({"difference": [{"cells": ["R1C1", "R1C2"], "value": "2"}]}),
            "fpuzzles.difference",
        ),
        (
            "ratio",
            json!({"ratio": [{"cells": ["R1C1", "R1C2"], "value": 3}]}),
            "fpuzzles.ratio",
        ),
        (
            "negative.ratio",
            json!({"negative": ["ratio"]}),
            "fpuzzles.negative.ratio",
        ),
        (
            "negative.difference",
            json!({"negative": ["difference"]}),
            "fpuzzles.negative.difference",
        ),
        (
            "extraregion",
            json!({"extraregion": [{"cells": ["R1C1", "R5C5"]}]}),
            "fpuzzles.extraregion",
        ),
        (
            "nonconsecutive",
            json!({"nonconsecutive": true, "difference": [{"cells": ["R1C1", "R1C2"]}]}),
            "fpuzzles.nonconsecutive",
        ),
        (
            "fogofwar",
            json!({"fogofwar": ["R1C1"]}),
            "fpuzzles.fogofwar",
        ),
    ];
    for (feature, extra, field) in cases {
        let r = post_json("/import", json!({"fpuzzles": doc(extra.clone())})).await;
        let body = assert_problem(&r, 422, "unsupported_value");
        assert_eq!(body["received"], feature, "{body}");
        assert_eq!(body["field"], field, "{body}");
        assert!(
            body["detail"]
                .as_str()
                .unwrap()
                .contains(feature.split('.').next().unwrap()),
            "{body}"
        );
        // The same through a link, and on a route that solves.
        let r = post_json("/solve", json!({"link": link_of(&doc(extra))})).await;
        let body = assert_problem(&r, 422, "unsupported_value");
        assert_eq!(body["received"], feature, "{body}");
        assert_eq!(body["field"], "link", "{body}");
    }
    // SudokuPad's success message, a cage with a `msgcorrect` value, carries no rule.
    let message = json!({"cage": [{"cells": ["R1C1"], "value": "msgcorrect: Well done!"}]});
    let r = post_json("/import", json!({"fpuzzles": doc(message)})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let mut pencil = doc(json!({}));
    pencil["grid"][2][2] = json!({"givenPencilMarks": [1, 2]});
    let r = post_json("/import", json!({"fpuzzles": pencil})).await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["received"], "grid.givenPencilMarks");
}

#[tokio::test]
async fn sizes_and_cells_off_the_grid_are_refused() {
    let r = post_json("/import", json!({"fpuzzles": {"size": 17}})).await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["field"], "fpuzzles.size");
    assert_eq!(body["received"], "17");
    let r = post_json(
        "/import",
        json!({"fpuzzles": {"size": 9, "grid": blank(4)}}),
    )
    .await;
    assert_problem(&r, 400, "invalid_field");
    let thermo = json!([{"lines": [["R1C1", "R10C1"]]}]);
    let r = post_json(
        "/import",
        json!({"fpuzzles": doc(json!({"thermometer": thermo}))}),
    )
    .await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["field"], "fpuzzles.thermometer[0].lines[0][1]");
    assert_eq!(body["received"], "R10C1");
    let mut bad = doc(json!({}));
    bad["grid"][0][0] = json!({"value": 10, "given": true});
    let r = post_json("/import", json!({"fpuzzles": bad})).await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["field"], "fpuzzles.grid[0][0].value");
}

#[tokio::test]
async fn links_are_read_raw_url_encoded_and_from_sudokupad() {
    let thermo = json!([{"lines": [["R1C1", "R1C2", "R1C3"]]}]);
    let d = doc(json!({"thermometer": thermo, "title": "a title with spaces + signs"}));
    let data = lz_str::compress_to_base64(d.to_string().as_str());
    assert!(
        data.contains('+') || data.contains('/') || data.contains('='),
        "{data}"
    );
    let encoded = data
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    let spaced = data.replace('+', " ");
    let want = post_json("/import", json!({"fpuzzles": d})).await.json();
    for link in [
        format!("https://f-puzzles.com/?load={data}"),
        format!("https://f-puzzles.com/?load={encoded}"),
        format!("https://www.f-puzzles.com/?load={spaced}"),
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!("https://sudokupad.app/fpuzzles{encoded}"),
        format!("https://sudokupad.app/sudoku/fpuzzles{data}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{encoded}"),
        format!("https://app.crackingthecryptic.com/fpuzzles{data}"),
    ] {
        let r = post_json("/import", json!({"link": link})).await;
        assert_eq!(r.status, 200, "{link}: {}", r.text);
        assert_eq!(r.json(), want, "{link}");
    }
}

#[tokio::test]
async fn unreadable_links_are_refused() {
    for (link, status, code) in [
        ("https://f-puzzles.com/?load=N4Ig!!", 400, "invalid_field"),
        ("https://f-puzzles.com/?id=abcdef", 400, "invalid_field"),
        ("https://example.com/?load=N4Ig", 400, "invalid_field"),
        ("https://sudokupad.app/sclN4Ig", 400, "invalid_field"),
        ("not a link", 400, "invalid_field"),
    ] {
        let r = post_json("/import", json!({"link": link})).await;
        let body = assert_problem(&r, status, code);
        assert_eq!(body["field"], "link", "{body}");
    }
    // Compressed text that is not JSON.
    let not_json = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64("this is no json")
    );
    let body = assert_problem(
        &post_json("/import", json!({"link": not_json})).await,
        400,
        "invalid_field",
    );
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("not f-puzzles JSON"),
        "{body}"
    );
    // JSON that is not an f-puzzles document.
    let not_doc = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64("[1,2]")
    );
    assert_problem(
        &post_json("/import", json!({"link": not_doc})).await,
        400,
        "invalid_field",
    );
    // A link longer than any puzzle's.
    let long = format!("https://f-puzzles.com/?load={}", "A".repeat(40_000));
    let body = assert_problem(
        &post_json("/import", json!({"link": long})).await,
        413,
        "payload_too_large",
    );
    assert_eq!(body["field"], "link");
}

/// lz-string data whose codes each name the entry being defined: every code emits one character
/// more than the last, so `codes` codes decode to about codes²/2 characters.
fn bomb(codes: usize) -> String {
    const KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let mut bits: Vec<bool> = Vec::new();
    let put = |value: usize, width: u32, bits: &mut Vec<bool>| {
        for i in 0..width {
            bits.push(value >> i & 1 == 1);
        }
    };
    put(0, 2, &mut bits);
    put(usize::from(b'x'), 8, &mut bits);
    let (mut width, mut enlarge_in, mut size) = (3u32, 4usize, 4usize);
    for _ in 0..codes {
        put(size, width, &mut bits);
        size += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
    put(2, width, &mut bits);
    bits.chunks(6)
        .map(|chunk| {
            let v = chunk
                .iter()
                .enumerate()
                .fold(0, |v, (i, &b)| v | usize::from(b) << (5 - i));
            KEY[v] as char
        })
        .collect()
}

#[tokio::test]
async fn a_decompression_bomb_is_refused_quickly() {
    // A small bomb decodes as lz-string decodes it.
    let small = bomb(100);
    let decoded = lz_str::decompress_from_base64(&small).unwrap();
    assert_eq!(decoded.len(), 1 + (2..=101).sum::<usize>());
    // 4,000 codes (under 8 KB of link) would decode to 8 million characters.
    let data = bomb(4_000);
    assert!(data.len() < 8_000, "{}", data.len());
    let started = Instant::now();
    let r = post_json(
        "/import",
        json!({"link": format!("https://f-puzzles.com/?load={data}")}),
    )
    .await;
    let body = assert_problem(&r, 413, "payload_too_large");
    assert_eq!(body["field"], "link");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let r = post_json(
        "/solve",
        json!({"link": format!("https://sudokupad.app/fpuzzles{data}")}),
    )
    .await;
    assert_problem(&r, 413, "payload_too_large");
}

#[tokio::test]
async fn exactly_one_source_of_the_puzzle_is_taken() {
    let link = link_of(&doc(json!({})));
    for path in [
        "/solve",
        "/candidates",
        "/validate",
        "/hint",
        "/explain",
        "/grade",
        "/render",
        "/export",
    ] {
        let mut both = json!({"puzzle": EASY, "link": link});
        let mut none = json!({});
        if path == "/export" {
            both["format"] = json!("fpuzzles");
            none["format"] = json!("fpuzzles");
        }
        let body = assert_problem(&post_json(path, both).await, 422, "unsupported_value");
        assert_eq!(body["field"], "link", "{path}");
        assert_eq!(body["received"], "puzzle and link", "{path}");
        assert_eq!(
            body["expected"],
            json!(["puzzle", "link", "fpuzzles"]),
            "{path}"
        );
        let body = assert_problem(&post_json(path, none).await, 400, "invalid_field");
        assert_eq!(body["field"], "puzzle", "{path}");
    }
    let r = post_json("/solve", json!({"link": link, "rules": {}})).await;
    assert_problem(&r, 400, "invalid_field");
}

#[tokio::test]
async fn every_puzzle_taking_route_reads_a_link() {
    let mut d = doc(json!({}));
    for (i, ch) in EASY.chars().enumerate() {
        if let Some(v) = ch.to_digit(10).filter(|&v| v > 0) {
            d["grid"][i / 9][i % 9] = json!({"value": v, "given": true});
        }
    }
    let link = link_of(&d);
    let solution = post_json("/solve", json!({"puzzle": EASY})).await.json()["solution"].clone();
    let solved = post_json("/solve", json!({"link": link})).await.json();
    assert_eq!(solved["solution"], solution);
    for path in ["/candidates", "/validate", "/hint", "/explain", "/grade"] {
        let ours = post_json(path, json!({"puzzle": EASY})).await.json();
        let theirs = post_json(path, json!({"fpuzzles": d})).await;
        assert_eq!(theirs.status, 200, "{path}: {}", theirs.text);
        let strip = |mut v: Value| {
            if let Some(o) = v.as_object_mut() {
                o.remove("stats");
                o.remove("elapsed_ms");
            }
            v
        };
        assert_eq!(strip(theirs.json()), strip(ours), "{path}");
    }
    let rendered = post_json("/render", json!({"link": link})).await;
    assert_eq!(rendered.status, 200, "{}", rendered.text);
}

#[tokio::test]
async fn export_writes_links_that_read_back_and_ipuz() {
    let rules = json!({"variants": ["anti_knight"], "cages": [{"sum": 3, "cells": ["A1", "B2"]}],
        "constraints": [{"type": "thermo", "cells": ["C1", "C2", "C3"]}]});
    for format in ["fpuzzles", "sudokupad"] {
        let r = post_json(
            "/export",
            json!({"puzzle": EASY, "rules": rules, "format": format}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text);
        let link = r.json()["link"].as_str().unwrap().to_string();
        assert!(link.starts_with(if format == "fpuzzles" {
            "https://f-puzzles.com/?load="
        } else {
            "https://sudokupad.app/fpuzzles"
        }));
        let again = post_json(
            "/export",
            json!({"puzzle": EASY, "rules": rules, "format": format}),
        )
        .await;
        assert_eq!(again.json()["link"], link.as_str(), "deterministic");
        let back = post_json("/import", json!({"link": link})).await.json();
        assert_eq!(back["puzzle"], EASY);
        assert_eq!(back["rules"], rules);
    }
    let ipuz = post_json("/export", json!({"puzzle": EASY, "format": "ipuz"}))
        .await
        .json();
    assert_eq!(ipuz["version"], "http://ipuz.org/v2");
    assert_eq!(ipuz["kind"], json!(["http://ipuz.org/sudoku#1"]));
    assert_eq!(ipuz["boxes"], true);
    assert_eq!(ipuz["puzzle"][0].as_array().unwrap().len(), 9);
    let solution = post_json("/solve", json!({"puzzle": EASY})).await.json()["solution"].clone();
    let written: String = ipuz["solution"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.to_string()))
        .collect();
    assert_eq!(json!(written), solution);
    // A killer jigsaw: cages and zones; no solution written when it is not unique.
    let killer = json!({"size": 4, "regions": [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3],
        "cages": [{"sum": 3, "cells": ["A1", "A2"]}]});
    let ipuz = post_json(
        "/export",
        json!({"puzzle": "................", "rules": killer, "format": "ipuz"}),
    )
    .await
    .json();
    assert_eq!(ipuz["boxes"], false);
    assert_eq!(ipuz["zones"].as_array().unwrap().len(), 4);
    assert_eq!(
        ipuz["cages"],
        json!([{"cells": [[1, 1], [2, 1]], "operator": "+", "value": 3}])
    );
    assert!(ipuz.get("solution").is_none(), "{ipuz}");
}

#[tokio::test]
async fn export_refuses_what_the_format_cannot_carry() {
    let thermo = json!({"constraints": [{"type": "thermo", "cells": ["C1", "C2", "C3"]}]});
    let r = post_json(
        "/export",
        json!({"puzzle": EASY, "rules": thermo, "format": "ipuz"}),
    )
    .await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["field"], "format");
    assert_eq!(body["received"], "thermo");
    let big = json!({"size": 25});
    let r = post_json(
        "/export",
        json!({"puzzle": ".".repeat(625), "rules": big, "format": "fpuzzles"}),
    )
    .await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["received"], "size 25");
    // A little killer along part of a diagonal has no f-puzzles clue outside the grid.
    let part = json!({"constraints": [{"type": "little_killer", "cells": ["B2", "C3"], "sum": 5}]});
    let r = post_json(
        "/export",
        json!({"puzzle": EASY, "rules": part, "format": "fpuzzles"}),
    )
    .await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["received"], "little_killer");
    let tall = json!({"size": 6, "box": [3, 2], "variants": ["disjoint_groups"]});
    let r = post_json(
        "/export",
        json!({"puzzle": ".".repeat(36), "rules": tall, "format": "sudokupad"}),
    )
    .await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["received"], "disjoint_groups");
    let r = post_json("/export", json!({"puzzle": EASY, "format": "penpa"})).await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["expected"], json!(["fpuzzles", "sudokupad", "ipuz"]));
}

#[tokio::test]
async fn a_batch_reads_links_in_place_of_puzzles() {
    let mut d = doc(json!({}));
    for (i, ch) in EASY.chars().enumerate() {
        if let Some(v) = ch.to_digit(10).filter(|&v| v > 0) {
            d["grid"][i / 9][i % 9] = json!({"value": v, "given": true});
        }
    }
    let solution = post_json("/solve", json!({"puzzle": EASY})).await.json()["solution"].clone();
    let r = post_json(
        "/solve/batch",
        json!([link_of(&d), "https://f-puzzles.com/?load=zz!"]),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let lines: Vec<Value> = r
        .text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["solution"], solution, "{}", r.text);
    assert_eq!(lines[1]["error"]["code"], "invalid_puzzle", "{}", r.text);
    assert!(lines[1]["error"]["detail"]
        .as_str()
        .unwrap()
        .starts_with("link: "));
}

#[tokio::test]
async fn hyper_windows_are_written_as_extra_regions_that_solve_the_same() {
    let rules = json!({"variants": ["hyper"]});
    let puzzle = ".".repeat(81);
    let ours = post_json("/solve", json!({"puzzle": puzzle, "rules": rules}))
        .await
        .json();
    let link = post_json(
        "/export",
        json!({"puzzle": puzzle, "rules": rules, "format": "sudokupad"}),
    )
    .await
    .json()["link"]
        .as_str()
        .unwrap()
        .to_string();
    let back = post_json("/import", json!({"link": link})).await.json();
    let regions = back["rules"]["constraints"].as_array().unwrap();
    assert_eq!(regions.len(), 4, "{back}");
    assert!(regions.iter().all(|r| r["type"] == "extra_region"));
    assert_eq!(regions[0]["cells"][0], "B2");
    let theirs = post_json("/solve", json!({"link": link})).await.json();
    assert_eq!(theirs["solution"], ours["solution"]);
}
