//! Killer logic through the router: `/hint`, `/explain` and `/grade` on the published Conceptis
//! killer use the killer techniques (cage combinations, the rule of 45), name cages by their cells
//! and sums, agree with the unique solution, and grade it without a guess.

use serde_json::{json, Value};
use sudoku_service::engine::general::logic::{ShapeLogic, ShapePosition};
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::shape::{Cells, Rules, Shape};

use crate::helpers::*;

/// Conceptis Puzzles' published killer (no givens, 28 cages), as docs/shapes.md solves it.
const CONCEPTIS: &str = r#"{"cages":[{"sum":15,"cells":["A1","A2","B1"]},{"sum":19,"cells":["A3","A4","B3"]},{"sum":16,"cells":["A5","A6","B5"]},{"sum":8,"cells":["A7","A8","B8"]},{"sum":19,"cells":["A9","B9","C9"]},{"sum":15,"cells":["B2","C2","D2"]},{"sum":4,"cells":["B4","C4"]},{"sum":18,"cells":["B6","B7","C7"]},{"sum":7,"cells":["C1","D1"]},{"sum":16,"cells":["C3","D3","D4"]},{"sum":16,"cells":["C5","C6","D5"]},{"sum":12,"cells":["C8","D8","E8"]},{"sum":17,"cells":["D6","D7","E6"]},{"sum":17,"cells":["D9","E9","F9"]},{"sum":17,"cells":["E1","F1","F2"]},{"sum":10,"cells":["E2","E3"]},{"sum":20,"cells":["E4","E5","F4"]},{"sum":7,"cells":["E7","F7"]},{"sum":6,"cells":["F3","G3"]},{"sum":9,"cells":["F5","G4","G5"]},{"sum":7,"cells":["F6","G6"]},{"sum":26,"cells":["F8","G8","G9","H8","H9"]},{"sum":23,"cells":["G1","G2","H1","H2"]},{"sum":12,"cells":["G7","H7"]},{"sum":26,"cells":["H3","H4","H5","H6","I5"]},{"sum":21,"cells":["I1","I2","I3","I4"]},{"sum":12,"cells":["I6","I7"]},{"sum":10,"cells":["I8","I9"]}]}"#;
const SOLUTION: &str =
    "863975214127346958459182367385261749746859123912734685294513876571698432638427591";
const BLANK: &str =
    ".................................................................................";

fn rules() -> Value {
    serde_json::from_str(CONCEPTIS).unwrap()
}

async fn ok(path: &str, body: Value) -> Value {
    let r = post_json(path, body).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.json()
}

/// The digit the solution has at square `name` (`A1`..`I9`).
fn solution_at(name: &str) -> u64 {
    let b = name.as_bytes();
    let cell = usize::from(b[0] - b'A') * 9 + usize::from(b[1] - b'1');
    u64::from(SOLUTION.as_bytes()[cell] - b'0')
}

/// Checks a step's placements and eliminations against the solution.
fn assert_sound(step: &Value) {
    for p in step["placements"].as_array().unwrap() {
        assert_eq!(
            p["digit"],
            solution_at(p["square"].as_str().unwrap()),
            "{step}"
        );
    }
    for e in step["eliminations"].as_array().unwrap() {
        assert_ne!(
            e["digit"],
            solution_at(e["square"].as_str().unwrap()),
            "{step}"
        );
    }
}

#[tokio::test]
async fn the_first_hint_on_a_killer_is_a_cage_combination_naming_the_cage() {
    let hinted = ok("/hint", json!({"puzzle": BLANK, "rules": rules()})).await;
    assert_eq!(hinted["status"], "step", "{hinted}");
    let step = &hinted["step"];
    assert_eq!(step["technique"], "cage_combination", "{step}");
    assert_eq!(step["difficulty"], "easy");
    assert_sound(step);
    // Named so a player finds it: its number, its cells and its sum.
    let explanation = step["explanation"].as_str().unwrap();
    assert!(explanation.starts_with("Cage "), "{explanation}");
    assert!(explanation.contains(", sum "), "{explanation}");
    let unit = step["pattern"]["units"][0].as_str().unwrap();
    assert!(unit.starts_with("cage "), "{step}");
    assert!(explanation.to_lowercase().contains(unit), "{step}");
}

#[tokio::test]
async fn explain_and_grade_solve_the_published_killer_by_logic() {
    let explained = ok("/explain", json!({"puzzle": BLANK, "rules": rules()})).await;
    assert_eq!(explained["solution"], SOLUTION);
    let steps = explained["steps"].as_array().unwrap();
    for step in steps {
        assert_sound(step);
        assert_ne!(step["technique"], "brute_force", "{step}");
    }
    assert!(steps.iter().any(|s| s["technique"] == "rule_of_45"));
    let graded = ok("/grade", json!({"puzzle": BLANK, "rules": rules()})).await;
    assert_eq!(graded["solved_by_logic"], true, "{graded}");
    assert_ne!(graded["difficulty"], "extreme", "{graded}");
    assert!(graded["techniques"]["cage_combination"].as_u64().unwrap() > 0);
    assert_eq!(graded["steps"].as_u64().unwrap() as usize, steps.len());
}

/// The player's position just before the path's first rule of 45 over one unit: their digits and
/// their pencil marks, as `/hint` takes them.
pub fn before_the_rule_of_45(rules: &Value) -> (String, Vec<String>) {
    let rules: Rules = serde_json::from_value(rules.clone()).unwrap();
    let shape = Shape::new(&rules).unwrap();
    let puzzle = Cells::from_values(vec![0; 81]);
    let explained = ShapeLogic::new().explain(&shape, &puzzle).unwrap();
    let mut position = ShapePosition::new(&shape, &puzzle);
    for step in &explained.steps {
        if step.technique == Technique::RuleOf45 && step.explanation.contains("'s cages inside it")
        {
            break;
        }
        position.apply(&shape, step);
    }
    let progress = position.cells().to_text(&shape);
    let marks = (0..81)
        .map(|c| {
            (1..=9u8)
                .filter(|&v| position.has(c, v))
                .map(|v| char::from(b'0' + v))
                .collect()
        })
        .collect();
    (progress, marks)
}

#[tokio::test]
async fn a_hint_from_the_players_marks_uses_the_rule_of_45_in_players_words() {
    let (progress, marks) = before_the_rule_of_45(&rules());
    let hinted = ok(
        "/hint",
        json!({"puzzle": BLANK, "rules": rules(), "progress": progress, "candidates": marks}),
    )
    .await;
    let step = &hinted["step"];
    assert_eq!(step["technique"], "rule_of_45", "{hinted}");
    assert_sound(step);
    // "Row A's cages inside it sum to 38, so the one cell of row A outside them, A9, is 45 - 38 = 7."
    let explanation = step["explanation"].as_str().unwrap();
    assert!(
        explanation.contains("'s cages inside it sum to "),
        "{explanation}"
    );
    assert!(explanation.contains(" is 45 - "), "{explanation}");
}

/// The rule-of-45 hint of docs/shapes.md asks with the marks this file computes (the request the
/// page's example sends, which tests/readme/ runs and compares with the page's answer): so the
/// page's request cannot drift from the position it claims to show.
#[test]
fn the_docs_rule_of_45_example_sends_the_marks_computed_here() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/shapes.md")).unwrap();
    let after = &page[page.find("A hint that uses the rule of 45").unwrap()..];
    let sent = after
        .lines()
        .find_map(|l| l.trim().strip_prefix("-d '"))
        .and_then(|l| l.strip_suffix('\''))
        .expect("the example's curl line sends a body");
    let sent: Value = serde_json::from_str(sent).unwrap();
    let (progress, marks) = before_the_rule_of_45(&rules());
    let computed =
        json!({"puzzle": BLANK, "rules": rules(), "progress": progress, "candidates": marks});
    assert_eq!(
        sent, computed,
        "docs/shapes.md's rule-of-45 request should be:\n{computed}"
    );
}
