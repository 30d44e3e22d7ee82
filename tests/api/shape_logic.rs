//! `/hint`, `/explain` and `/grade` on shapes other than classic 9x9: the classic JSON, squares named
//! past 9x9, values 1..N, explanations in the shape's symbols and unit names, mistakes checked
//! against the unique solution, and the classic refusals (several solutions, a changed given, bad
//! pencil marks) in the shape's terms.

use serde_json::{json, Value};
use sudoku_service::engine::shape::{Cells, Rules, Shape};

use crate::helpers::*;

fn shape_of(rules: &Value) -> Shape {
    let rules: Rules = serde_json::from_value(rules.clone()).unwrap();
    Shape::new(&rules).unwrap()
}

async fn random(query: &str) -> Value {
    let r = get(&format!("/random?{query}")).await;
    assert_eq!(r.status, 200, "{query}: {}", r.text);
    r.json()
}

async fn ok(path: &str, body: Value) -> Value {
    let r = post_json(path, body).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.json()
}

/// Replays explained steps on the puzzle: every placement is the solution's value, no elimination
/// removes it, and the placements fill the grid.
fn replay(shape: &Shape, puzzle: &Cells, solution: &Cells, steps: &[Value]) {
    let mut grid = puzzle.clone();
    for step in steps {
        for p in step["placements"].as_array().unwrap() {
            let cell = shape.cell_named(p["square"].as_str().unwrap()).unwrap();
            let value = p["digit"].as_u64().unwrap() as u8;
            assert_eq!(value, solution.get(cell), "{step}");
            grid.set(cell, value);
        }
        for e in step["eliminations"].as_array().unwrap() {
            let cell = shape.cell_named(e["square"].as_str().unwrap()).unwrap();
            assert_ne!(
                e["digit"].as_u64().unwrap() as u8,
                solution.get(cell),
                "{step}"
            );
        }
    }
    assert_eq!(&grid, solution);
}

#[tokio::test]
async fn a_6x6_is_hinted_explained_and_graded() {
    let body = random("size=6&seed=1").await;
    let (puzzle, rules) = (body["puzzle"].clone(), body["rules"].clone());
    let shape = shape_of(&rules);
    let cells = Cells::parse(&shape, puzzle.as_str().unwrap()).unwrap();
    let solution = Cells::parse(&shape, body["solution"].as_str().unwrap()).unwrap();

    let explained = ok("/explain", json!({ "puzzle": puzzle, "rules": rules })).await;
    assert_eq!(explained["solution"], body["solution"]);
    let steps = explained["steps"].as_array().unwrap();
    replay(&shape, &cells, &solution, steps);
    let units: Vec<&str> = steps
        .iter()
        .flat_map(|s| s["pattern"]["units"].as_array().unwrap())
        .map(|u| u.as_str().unwrap())
        .collect();
    assert!(units.iter().all(|u| shape_has_unit(&shape, u)), "{units:?}");

    let graded = ok("/grade", json!({ "puzzle": puzzle, "rules": rules })).await;
    assert_eq!(graded["difficulty"], explained["difficulty"]);
    assert_eq!(graded["score"], explained["score"]);
    assert_eq!(graded["steps"].as_u64(), Some(steps.len() as u64));
    assert!(["easy", "medium", "hard", "expert", "extreme"]
        .contains(&graded["difficulty"].as_str().unwrap()));

    let hinted = ok("/hint", json!({ "puzzle": puzzle, "rules": rules })).await;
    assert_eq!(hinted["status"], "step");
    assert_eq!(
        hinted["step"], steps[0],
        "the first hint is the path's first step"
    );
}

fn shape_has_unit(shape: &Shape, name: &str) -> bool {
    (0..shape.unit_count()).any(|u| shape.unit_name(u) == name)
}

#[tokio::test]
async fn explanations_use_the_shapes_symbols_and_unit_names() {
    // A 4x4 X in the symbols WXYZ with one blank: a full house in its row, named in W..Z.
    let rules = json!({ "size": 4, "variants": ["x"], "symbols": "WXYZ" });
    let solution = "WXYZYZWXZYXWXWZY";
    let shape = shape_of(&rules);
    assert!(Cells::parse(&shape, solution)
        .unwrap()
        .solves(&shape, &Cells::empty(16)));
    let puzzle = format!(".{}", &solution[1..]);
    let hinted = ok("/hint", json!({ "puzzle": puzzle, "rules": rules })).await;
    let step = &hinted["step"];
    assert_eq!(step["technique"], "full_house");
    assert_eq!(step["placements"], json!([{ "square": "A1", "digit": 1 }]));
    assert_eq!(
        step["explanation"],
        "A1 is the last empty square in row A, so it takes the symbol row A lacks: W."
    );
    // On a 9x9 X, the diagonals are named in the path.
    let x = random("size=9&variant=x&seed=3").await;
    let explained = ok(
        "/explain",
        json!({ "puzzle": x["puzzle"], "rules": x["rules"] }),
    )
    .await;
    let text = explained.to_string();
    assert!(
        text.contains("diagonal A1-I9") || text.contains("diagonal I1-A9"),
        "{text}"
    );
}

#[tokio::test]
async fn a_hint_on_a_6x6_finds_mistakes_in_values_and_in_symbol_marks() {
    let body = random("size=6&seed=4").await;
    let (puzzle, rules) = (body["puzzle"].as_str().unwrap(), body["rules"].clone());
    let solution = body["solution"].as_str().unwrap();
    let blank = puzzle.find('.').unwrap();
    let right = solution.as_bytes()[blank] as char;
    let wrong = if right == '1' { '2' } else { '1' };
    let mut progress = puzzle.to_string();
    progress.replace_range(blank..=blank, &wrong.to_string());
    let shape = shape_of(&rules);
    let name = shape.cell_name(blank);
    let hinted = ok(
        "/hint",
        json!({ "puzzle": puzzle, "rules": rules, "progress": progress }),
    )
    .await;
    assert_eq!(hinted, json!({ "status": "mistakes", "squares": [name] }));

    // Marks that drop the solution's symbol from the blank are a mistake; null keeps the rest.
    let mut marks = vec![Value::Null; 36];
    marks[blank] = json!("123456".replace(right, ""));
    let hinted = ok(
        "/hint",
        json!({ "puzzle": puzzle, "rules": rules, "candidates": marks }),
    )
    .await;
    assert_eq!(hinted, json!({ "status": "mistakes", "squares": [name] }));

    let solved = ok(
        "/hint",
        json!({ "puzzle": puzzle, "rules": rules, "progress": solution }),
    )
    .await;
    assert_eq!(solved, json!({ "status": "solved" }));
}

#[tokio::test]
async fn shaped_logic_refusals_name_what_is_wrong() {
    let body = random("size=6&seed=5").await;
    let (puzzle, rules) = (body["puzzle"].as_str().unwrap(), body["rules"].clone());
    let given = puzzle.find(|c| c != '.').unwrap();
    let mut changed = puzzle.to_string();
    changed.replace_range(given..=given, ".");
    let r = post_json(
        "/hint",
        json!({ "puzzle": puzzle, "rules": rules, "progress": changed }),
    )
    .await;
    let problem = assert_problem(&r, 422, "progress_mismatch");
    assert_eq!(problem["field"], "progress");
    assert_eq!(problem["square"], shape_of(&rules).cell_name(given));
    assert_eq!(problem["found"], 0);

    let mut marks = vec![Value::Null; 36];
    marks[7] = json!("17");
    let r = post_json(
        "/hint",
        json!({ "puzzle": puzzle, "rules": rules, "candidates": marks }),
    )
    .await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "candidates[7]");
    assert!(
        problem["detail"].as_str().unwrap().contains("123456"),
        "{problem}"
    );
    let r = post_json(
        "/hint",
        json!({ "puzzle": puzzle, "rules": rules, "candidates": vec![Value::Null; 81] }),
    )
    .await;
    assert_eq!(
        assert_problem(&r, 400, "invalid_field")["field"],
        "candidates"
    );

    // An empty 4x4 has many solutions: two come back, in the shape's symbols.
    for path in ["/hint", "/explain", "/grade"] {
        let r = post_json(
            path,
            json!({ "puzzle": ".".repeat(16), "rules": { "size": 4 } }),
        )
        .await;
        let problem = assert_problem(&r, 422, "multiple_solutions");
        let shape = shape_of(&json!({ "size": 4 }));
        for s in problem["solutions"].as_array().unwrap() {
            let s = Cells::parse(&shape, s.as_str().unwrap()).unwrap();
            assert!(s.solves(&shape, &Cells::empty(16)), "{path}");
        }
    }
    // Givens that clash are the 422 conflicting_givens they are for /solve.
    let r = post_json(
        "/grade",
        json!({ "puzzle": format!("11{}", ".".repeat(14)), "rules": { "size": 4 } }),
    )
    .await;
    assert_problem(&r, 422, "conflicting_givens");
}

#[tokio::test]
async fn a_16x16_hint_in_hexadoku_symbols_names_squares_past_nine() {
    // The pattern solution of 4x4 boxes, in hexadoku symbols, with column 10 blank: every row is a
    // full house, and row A's comes first.
    let symbols = "0123456789ABCDEF";
    let rules = json!({ "size": 16, "symbols": symbols });
    let shape = shape_of(&rules);
    let value = |r: usize, c: usize| ((r % 4) * 4 + r / 4 + c) % 16;
    let solution: String = (0..256)
        .map(|i| symbols.as_bytes()[value(i / 16, i % 16)] as char)
        .collect();
    assert!(Cells::parse(&shape, &solution)
        .unwrap()
        .solves(&shape, &Cells::empty(256)));
    let puzzle: String = solution
        .chars()
        .enumerate()
        .map(|(i, ch)| if i % 16 == 9 { '.' } else { ch })
        .collect();
    let hinted = ok("/hint", json!({ "puzzle": puzzle, "rules": rules })).await;
    let step = &hinted["step"];
    assert_eq!(step["technique"], "full_house", "{hinted}");
    // A10 holds value(0, 9) = 9, the symbol '9', which is value 10.
    assert_eq!(
        step["placements"],
        json!([{ "square": "A10", "digit": 10 }])
    );
    assert_eq!(
        step["explanation"],
        "A10 is the last empty square in row A, so it takes the symbol row A lacks: 9."
    );
    let graded = ok("/grade", json!({ "puzzle": puzzle, "rules": rules })).await;
    assert_eq!(graded["techniques"], json!({ "full_house": 16 }));
    assert_eq!(graded["difficulty"], "easy");
}
