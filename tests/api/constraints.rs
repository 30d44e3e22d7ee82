//! Constraints through the API (issue 33): `rules.constraints`, the global variants and
//! `rules.negative` are read by `/solve`, `/candidates`, `/validate`, `/hint`, `/explain` and
//! `/grade` through the one dispatch (every logic step held to the solution);
//! a broken constraint is a conflict naming it; a bad constraint is 422 `invalid_rules` naming it;
//! `/render` draws them (SVG and PDF), refusing givens that break one as `/solve` does; a hint
//! names the thermometer or dot it reads.

use serde_json::{json, Value};

use crate::helpers::*;

/// Five thermometers on 9x9 with 19 givens: unique with them, open without (tests/engine's
/// constraints::nine recounts it by brute force).
fn thermos() -> Value {
    json!({"constraints": [
        {"type": "thermo", "cells": ["C8", "C9", "B8", "B9"]},
        {"type": "thermo", "cells": ["A3", "B3", "C4"]},
        {"type": "thermo", "cells": ["C6", "B7", "B8"]},
        {"type": "thermo", "cells": ["E2", "F2", "F1"]},
        {"type": "thermo", "cells": ["H6", "G5", "F4"]}
    ]})
}

const PUZZLE: &str =
    "2..9.6....5.3.....1.9.....5....1..5.......16......93..8....5......6...17.........";
const SOLUTION: &str =
    "283956741754321689169784235678213954932547168541869372826175493495632817317498526";

#[tokio::test]
async fn solve_proves_a_thermo_puzzle_unique() {
    let r = post_json("/solve", json!({"puzzle": PUZZLE, "rules": thermos()})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["status"], "unique", "{body}");
    assert_eq!(body["solution"], SOLUTION);
    let bare = post_json("/solve", json!({"puzzle": PUZZLE, "rules": {}})).await;
    assert_eq!(bare.json()["status"], "multiple", "{}", bare.text);
}

#[tokio::test]
async fn candidates_keep_a_thermometers_order() {
    let rules = json!({"size": 4, "constraints": [
        {"type": "thermo", "cells": ["A1", "A2", "A3"]}
    ]});
    let r = post_json(
        "/candidates",
        json!({"puzzle": "................", "rules": rules}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    // A1 < A2 < A3 on 1..4: the bulb is 1 or 2, the tip 3 or 4.
    assert_eq!(body["candidates"][0], "12");
    assert_eq!(body["candidates"][1], "23");
    assert_eq!(body["candidates"][2], "34");
    assert_eq!(body["candidates"][3], "1234");
}

#[tokio::test]
async fn validate_names_the_broken_constraint() {
    let rules = json!({"size": 4, "constraints": [
        {"type": "xv", "value": "V", "cells": ["A1", "B1"]},
        {"type": "thermo", "cells": ["A1", "A2"]}
    ]});
    let r = post_json(
        "/validate",
        json!({"puzzle": "31..............", "rules": rules}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["valid"], false);
    assert_eq!(
        body["conflicts"],
        json!([{"constraint": "constraint 2 (thermo)", "squares": ["A1", "A2"]}])
    );
    let anti = json!({"size": 4, "variants": ["anti_king"]});
    let r = post_json(
        "/validate",
        json!({"puzzle": ".1....1.........", "rules": anti}),
    )
    .await;
    assert_eq!(
        r.json()["conflicts"],
        json!([{"constraint": "anti_king", "digit": 1, "squares": ["A2", "B3"]}])
    );
}

#[tokio::test]
async fn solve_refuses_givens_that_break_a_constraint() {
    let rules = json!({"size": 4, "constraints": [{"type": "even", "cells": ["A1"]}]});
    let r = post_json(
        "/solve",
        json!({"puzzle": "1...............", "rules": rules}),
    )
    .await;
    assert_eq!(r.status, 422, "{}", r.text);
    let body = r.json();
    assert_eq!(
        body["detail"],
        "the givens conflict: constraint 1 (even) is broken at A1"
    );
    assert_eq!(body["conflicts"][0]["constraint"], "constraint 1 (even)");
}

#[tokio::test]
async fn a_bad_constraint_is_invalid_rules_naming_it() {
    let rules = json!({"constraints": [
        {"type": "kropki", "color": "white", "cells": ["A1", "A2"]},
        {"type": "thermo", "cells": ["B2", "D4"]}
    ]});
    let r = post_json("/solve", json!({"puzzle": PUZZLE, "rules": rules})).await;
    assert_eq!(r.status, 422, "{}", r.text);
    let body = r.json();
    assert_eq!(body["code"], "invalid_rules");
    assert_eq!(body["field"], "rules.constraints");
    assert_eq!(body["constraint"], 2);
    assert_eq!(
        body["detail"],
        "constraint 2 (thermo): cells B2 and D4 are not neighbours"
    );
}

#[tokio::test]
async fn render_draws_the_constraints_in_svg_and_pdf() {
    let body = json!({"puzzle": PUZZLE, "rules": thermos(), "solution": true});
    let svg = request_with("POST", "/render", &[], &body).await;
    assert_eq!(svg.status, 200, "{}", svg.text);
    assert_eq!(svg.media_type(), "image/svg+xml");
    // Five thermometers: a line and a bulb each; the solution (unique only with them) drawn.
    assert_eq!(svg.text.matches("<polyline class=\"thermo\"").count(), 5);
    assert_eq!(svg.text.matches("<circle class=\"thermo\"").count(), 5);
    assert_eq!(
        svg.text.matches("class=\"solved\"").count(),
        81 - PUZZLE.chars().filter(|c| c.is_ascii_digit()).count()
    );
    let pdf = request_with("POST", "/render", &[("accept", "application/pdf")], &body).await;
    assert_eq!(pdf.status, 200, "{}", pdf.text);
    assert_eq!(pdf.media_type(), "application/pdf");
    assert!(pdf.bytes.starts_with(b"%PDF-"));
    // Rules with no figure are words under the grid; outside clues are drawn outside it.
    for (rules, drawn) in [
        (json!({"negative": ["xv"]}), "negative xv"),
        (json!({"variants": ["anti_knight"]}), "anti-knight"),
        (
            json!({"constraints": [{"type": "sandwich", "row": "A", "sum": 0}]}),
            "class=\"sandwich\"",
        ),
    ] {
        let r = post_json("/render", json!({"puzzle": ".".repeat(81), "rules": rules})).await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert!(r.text.contains(drawn), "{drawn}: {}", r.text);
    }
}

#[tokio::test]
async fn render_refuses_givens_that_break_a_constraint() {
    let rules =
        json!({"constraints": [{"type": "kropki", "color": "black", "cells": ["A1", "A2"]}]});
    let r = post_json(
        "/render",
        json!({"puzzle": format!("13{}", ".".repeat(79)), "rules": rules}),
    )
    .await;
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(
        r.json()["conflicts"][0]["constraint"],
        "constraint 1 (kropki)",
        "{}",
        r.text
    );
}

/// The value of `square` (`"C8"`) in an 81-character solution line.
fn value_at(solution: &str, square: &str) -> u64 {
    let mut chars = square.chars();
    let row = chars.next().unwrap() as usize - 'A' as usize;
    let column: usize = chars.as_str().parse().unwrap();
    u64::from(solution.as_bytes()[row * 9 + column - 1] - b'0')
}

#[tokio::test]
async fn hint_explain_and_grade_read_the_constraints_and_every_step_is_sound() {
    let solved = post_json("/solve", json!({"puzzle": PUZZLE, "rules": thermos()})).await;
    let solution = solved.json()["solution"].as_str().unwrap().to_string();
    let r = post_json("/explain", json!({"puzzle": PUZZLE, "rules": thermos()})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["solution"], solution.as_str());
    let steps = body["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        // Uniqueness arguments rest on swaps a thermometer may forbid: never offered here.
        assert!(
            ![
                "unique_rectangle_1",
                "unique_rectangle_2",
                "unique_rectangle_4",
                "hidden_rectangle",
                "bug_plus_1"
            ]
            .contains(&step["technique"].as_str().unwrap()),
            "{step}"
        );
        for placed in step["placements"].as_array().unwrap() {
            let square = placed["square"].as_str().unwrap();
            assert_eq!(placed["digit"], value_at(&solution, square), "{step}");
        }
        for removed in step["eliminations"].as_array().unwrap() {
            let square = removed["square"].as_str().unwrap();
            assert_ne!(removed["digit"], value_at(&solution, square), "{step}");
        }
    }
    let hint = post_json("/hint", json!({"puzzle": PUZZLE, "rules": thermos()})).await;
    assert_eq!(hint.status, 200, "{}", hint.text);
    assert_eq!(
        hint.json()["step"],
        steps[0],
        "the hint is the path's first step"
    );
    let grade = post_json("/grade", json!({"puzzle": PUZZLE, "rules": thermos()})).await;
    assert_eq!(grade.status, 200, "{}", grade.text);
    assert_eq!(grade.json()["difficulty"], body["difficulty"]);
    assert_eq!(grade.json()["steps"], steps.len());
}

/// `PUZZLE` with the four hidden singles its path starts with (A9, A5, B6, F5): from there no
/// single is left, and the first thermometer narrows.
const AFTER_THE_SINGLES: &str =
    "2..956..1.5.3.1...1.9.....5....1..5.......16.....693..8....5......6...17.........";

#[tokio::test]
async fn a_hint_names_the_thermometer_it_reads() {
    let r = post_json(
        "/hint",
        json!({"puzzle": PUZZLE, "rules": thermos(), "progress": AFTER_THE_SINGLES}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let step = &r.json()["step"];
    assert_eq!(step["technique"], "thermometer", "{step}");
    let explanation = step["explanation"].as_str().unwrap();
    assert!(
        explanation.starts_with(
            "Digits rise along thermometer 1 (C8-C9-B8-B9) from its bulb C8: C8 cannot be 7 or \
             8, since it comes one cell before C9, which holds 5;"
        ),
        "{explanation}"
    );
    for removed in step["eliminations"].as_array().unwrap() {
        let square = removed["square"].as_str().unwrap();
        assert_ne!(removed["digit"], value_at(SOLUTION, square), "{step}");
    }
    assert_eq!(step["pattern"]["squares"], json!(["C8", "C9", "B8", "B9"]));
}

/// A 6x6 with four kropki dots (tests/engine's constraints::agree digs it from seed 11).
fn dots() -> Value {
    json!({"size": 6, "box": [2, 3], "constraints": [
        {"type": "kropki", "color": "black", "cells": ["E2", "F2"]},
        {"type": "kropki", "color": "white", "cells": ["F5", "E5"]},
        {"type": "kropki", "color": "white", "cells": ["D6", "E6"]},
        {"type": "kropki", "color": "black", "cells": ["F6", "F5"]}
    ]})
}

#[tokio::test]
async fn a_hint_names_the_dot_it_reads() {
    let puzzle = "....42...6....4...6...............2.";
    let r = post_json("/hint", json!({"puzzle": puzzle, "rules": dots()})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let step = &r.json()["step"];
    assert_eq!(step["technique"], "dot_pair", "{step}");
    assert_eq!(
        step["explanation"],
        "The black dot between E2 and F2 needs one digit twice the other: with their candidates \
         that is {1,2}, {2,4} or {3,6}, so these can be removed: 1, 4 and 5 from E2; 5 from F2."
    );
    assert_eq!(step["pattern"]["squares"], json!(["E2", "F2"]));
    let solved = post_json("/solve", json!({"puzzle": puzzle, "rules": dots()})).await;
    assert_eq!(solved.json()["status"], "unique", "{}", solved.text);
    let solution = solved.json()["solution"].as_str().unwrap().to_string();
    for removed in step["eliminations"].as_array().unwrap() {
        let square = removed["square"].as_str().unwrap();
        let (row, column) = (square.as_bytes()[0] - b'A', square.as_bytes()[1] - b'1');
        let digit = solution.as_bytes()[usize::from(row) * 6 + usize::from(column)] - b'0';
        assert_ne!(removed["digit"], u64::from(digit), "{step}");
    }
}
