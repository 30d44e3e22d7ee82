//! Export: links that read back, ipuz, what a format cannot carry; batches of links; hyper written as extra regions.

use serde_json::json;

use super::*;

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
