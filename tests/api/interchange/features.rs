//! Each f-puzzles feature read: solved, and every solution checked against the rule.

use serde_json::json;

use super::*;

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
