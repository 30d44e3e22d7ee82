//! `/hint`, `/explain`, `/grade` and `/random?difficulty=`: steps that agree with the solution, a walk
//! of hints that reaches it, grades that agree with the path, and the refusals for puzzles without
//! exactly one solution.

use serde_json::{json, Value};
use sudoku_service::engine::{Digit, Grid, Solver, Square, Verdict};

use crate::helpers::*;

/// Project Euler's first easy puzzle (singles only).
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Norvig's grid2: needs more than singles.
const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

fn solution_of(puzzle: &str) -> Grid {
    Solver::new().solve(&grid(puzzle)).unwrap().solutions[0]
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

/// Holds a step's JSON to the solution: placements are the solution's digits, eliminations never are.
fn assert_step_agrees(step: &Value, solution: &Grid) {
    for key in ["technique", "name", "difficulty", "explanation"] {
        assert!(step[key].is_string(), "{key} in {step}");
    }
    assert!(!step["explanation"].as_str().unwrap().is_empty());
    let changes = step["placements"].as_array().unwrap().len()
        + step["eliminations"].as_array().unwrap().len();
    assert!(changes > 0, "a step that changes nothing: {step}");
    for p in step["placements"].as_array().unwrap() {
        let s = square(p["square"].as_str().unwrap());
        assert_eq!(
            solution.get(s).map(Digit::get),
            p["digit"].as_u64().map(|d| d as u8)
        );
    }
    for e in step["eliminations"].as_array().unwrap() {
        let s = square(e["square"].as_str().unwrap());
        assert_ne!(
            solution.get(s).map(Digit::get),
            e["digit"].as_u64().map(|d| d as u8)
        );
    }
    for s in step["pattern"]["squares"].as_array().unwrap() {
        assert!(s.as_str().unwrap().parse::<Square>().is_ok(), "{s}");
    }
}

#[tokio::test]
async fn a_hint_on_a_fresh_puzzle_is_a_single_that_agrees_with_the_solution() {
    let r = post_json("/hint", json!({ "puzzle": EASY })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["status"], "step");
    let step = &body["step"];
    assert!(
        ["full_house", "naked_single", "hidden_single"]
            .contains(&step["technique"].as_str().unwrap()),
        "{step}"
    );
    assert_eq!(step["difficulty"], "easy");
    assert_step_agrees(step, &solution_of(EASY));
}

#[tokio::test]
async fn walking_hint_by_hint_reaches_the_solution() {
    let solution = solution_of(GRID2);
    let mut progress = grid(GRID2);
    let mut marks: Option<Vec<String>> = None;
    for _ in 0..729 {
        let mut body = json!({ "puzzle": GRID2, "progress": progress.to_line() });
        if let Some(m) = &marks {
            body["candidates"] = json!(m);
        }
        let r = post_json("/hint", body).await;
        assert_eq!(r.status, 200, "{}", r.text);
        let answer = r.json();
        if answer["status"] == "solved" {
            assert_eq!(progress, solution);
            return;
        }
        assert_eq!(answer["status"], "step", "{answer}");
        let step = &answer["step"];
        assert_step_agrees(step, &solution);
        // Keep the marks the player would keep: start from what the digits leave, apply the step.
        let mut sets: Vec<String> = match &marks {
            Some(m) => m.clone(),
            None => candidates_left(&progress),
        };
        for p in step["placements"].as_array().unwrap() {
            let s = square(p["square"].as_str().unwrap());
            let d = Digit::new(p["digit"].as_u64().unwrap() as u8).unwrap();
            progress.set(s, Some(d));
            sets[s.index()].clear();
            for peer in s.peers() {
                sets[peer.index()].retain(|c| c != char::from(b'0' + d.get()));
            }
        }
        for e in step["eliminations"].as_array().unwrap() {
            let s = square(e["square"].as_str().unwrap());
            let d = char::from(b'0' + e["digit"].as_u64().unwrap() as u8);
            sets[s.index()].retain(|c| c != d);
        }
        marks = Some(sets);
    }
    panic!("the hints never reached the solution");
}

/// Each empty square's digits not seen in its row, column or box.
fn candidates_left(grid: &Grid) -> Vec<String> {
    Square::all()
        .map(|s| {
            if grid.get(s).is_some() {
                return String::new();
            }
            Digit::all()
                .filter(|&d| s.peers().iter().all(|p| grid.get(*p) != Some(d)))
                .map(|d| char::from(b'0' + d.get()))
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn a_wrong_digit_in_progress_is_reported_as_a_mistake() {
    let solution = solution_of(EASY);
    let mut progress = grid(EASY);
    let a1 = square("A1");
    let wrong = Digit::all().find(|&d| solution.get(a1) != Some(d)).unwrap();
    progress.set(a1, Some(wrong));
    let r = post_json(
        "/hint",
        json!({ "puzzle": EASY, "progress": progress.to_line() }),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json(), json!({ "status": "mistakes", "squares": ["A1"] }));
}

#[tokio::test]
async fn pencil_marks_without_the_solutions_digit_are_a_mistake() {
    let solution = solution_of(EASY);
    let mut marks = candidates_left(&grid(EASY));
    let b1 = square("B2");
    let digit = char::from(b'0' + solution.get(b1).unwrap().get());
    marks[b1.index()].retain(|c| c != digit);
    let r = post_json("/hint", json!({ "puzzle": EASY, "candidates": marks })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json(), json!({ "status": "mistakes", "squares": ["B2"] }));
}

#[tokio::test]
async fn a_hint_on_the_finished_grid_says_solved() {
    let solution = solution_of(EASY);
    let r = post_json(
        "/hint",
        json!({ "puzzle": EASY, "progress": solution.to_line() }),
    )
    .await;
    assert_eq!(r.json(), json!({ "status": "solved" }));
}

#[tokio::test]
async fn progress_that_changes_a_given_is_refused_naming_the_square() {
    let mut progress = grid(EASY);
    let c3 = square("A3"); // a given 3
    progress.set(c3, Digit::new(4));
    let r = post_json(
        "/hint",
        json!({ "puzzle": EASY, "progress": progress.to_line() }),
    )
    .await;
    let problem = assert_problem(&r, 422, "progress_mismatch");
    assert_eq!(problem["square"], "A3");
    assert_eq!(problem["given"], 3);
    assert_eq!(problem["found"], 4);
    assert_eq!(problem["field"], "progress");
}

#[tokio::test]
async fn malformed_pencil_marks_name_the_square() {
    let mut marks = candidates_left(&grid(EASY));
    marks[10] = "1x".into();
    let r = post_json("/hint", json!({ "puzzle": EASY, "candidates": marks })).await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "candidates[10]");
    assert!(problem["detail"].as_str().unwrap().contains("B2"));
    let r = post_json("/hint", json!({ "puzzle": EASY, "candidates": ["1"] })).await;
    assert_eq!(
        assert_problem(&r, 400, "invalid_field")["field"],
        "candidates"
    );
}

#[tokio::test]
async fn explain_walks_the_whole_path_to_the_solution() {
    let r = post_json("/explain", json!({ "puzzle": GRID2 })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    let solution = solution_of(GRID2);
    assert_eq!(grid_of(&body["solution"]), solution);
    assert!(solution.solves(&grid(GRID2)));
    let steps = body["steps"].as_array().unwrap();
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, 81 - grid(GRID2).givens());
    for step in steps {
        assert_step_agrees(step, &solution);
    }
    assert!(body["score"].as_u64().unwrap() > 0);
    assert!(body["solved_by_logic"].is_boolean());
    let grade = post_json("/grade", json!({ "puzzle": GRID2 })).await.json();
    assert_eq!(grade["difficulty"], body["difficulty"]);
    assert_eq!(grade["score"], body["score"]);
    assert_eq!(grade["steps"], steps.len());
}

#[tokio::test]
async fn explain_answers_the_solution_in_the_requested_format() {
    let body = post_json("/explain", json!({ "puzzle": EASY, "format": "rows" }))
        .await
        .json();
    assert!(body["solution"].is_array());
    assert_eq!(grid_of(&body["solution"]), solution_of(EASY));
}

#[tokio::test]
async fn an_easy_puzzle_grades_easy_with_singles_only() {
    let r = post_json("/grade", json!({ "puzzle": rows_of(EASY) })).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["difficulty"], "easy");
    assert_eq!(body["solved_by_logic"], true);
    let techniques = body["techniques"].as_object().unwrap();
    let total: u64 = techniques.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(total, body["steps"].as_u64().unwrap());
    assert_eq!(total as usize, 81 - grid(EASY).givens());
    for id in techniques.keys() {
        assert!(["full_house", "naked_single", "hidden_single"].contains(&id.as_str()));
    }
    assert!(techniques.contains_key(body["hardest_technique"].as_str().unwrap()));
}

#[tokio::test]
async fn puzzles_without_one_solution_cannot_be_graded_hinted_or_explained() {
    for path in ["/grade", "/hint", "/explain"] {
        let r = post_json(path, json!({ "puzzle": IMPOSSIBLE })).await;
        assert_problem(&r, 422, "no_solution");
        let r = post_json(path, json!({ "puzzle": HARD1 })).await;
        let problem = assert_problem(&r, 422, "multiple_solutions");
        let proofs = problem["solutions"].as_array().unwrap();
        assert_eq!(proofs.len(), 2);
        assert_ne!(proofs[0], proofs[1]);
        for p in proofs {
            assert!(grid_of(p).solves(&grid(HARD1)), "{path}: {p}");
        }
    }
}

#[tokio::test]
async fn conflicting_givens_are_named_before_any_logic() {
    let conflicting = format!("11{}", &EASY[2..]);
    for path in ["/grade", "/hint", "/explain"] {
        let r = post_json(path, json!({ "puzzle": conflicting })).await;
        assert_problem(&r, 422, "conflicting_givens");
    }
}

#[tokio::test]
async fn random_with_a_difficulty_gives_a_unique_puzzle_graded_at_that_level() {
    for level in ["easy", "medium", "hard"] {
        let r = get(&format!("/random?difficulty={level}&seed=3")).await;
        assert_eq!(r.status, 200, "{level}: {}", r.text);
        let body = r.json();
        assert_eq!(body["difficulty"], level);
        let puzzle = grid_of(&body["puzzle"]);
        let outcome = Solver::new().solve(&puzzle).unwrap();
        assert_eq!(outcome.verdict, Verdict::Unique);
        assert_eq!(grid_of(&body["solution"]), outcome.solutions[0]);
        let grade = post_json("/grade", json!({ "puzzle": body["puzzle"] }))
            .await
            .json();
        assert_eq!(grade["difficulty"], level);
        assert_eq!(grade["score"], body["score"]);
    }
}

#[tokio::test]
async fn random_with_a_difficulty_is_reproducible_from_its_seed() {
    let a = get("/random?difficulty=medium&seed=9").await.json();
    let b = get("/random?difficulty=medium&seed=9").await.json();
    assert_eq!(a, b);
}

#[tokio::test]
async fn an_unknown_difficulty_is_refused() {
    let r = get("/random?difficulty=unfair").await;
    let problem = assert_problem(&r, 400, "invalid_field");
    assert_eq!(problem["field"], "difficulty");
}

#[tokio::test]
async fn a_difficulty_gives_a_unique_puzzle_even_with_unique_false() {
    // Schema-valid (schemathesis' positive_data_acceptance sends it), and uniqueness is allowed
    // by unique=false, which only does not require it: the same puzzle as without it.
    let r = get("/random?difficulty=easy&unique=false&seed=3").await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json()["unique"], true);
    assert_eq!(r.json(), get("/random?difficulty=easy&seed=3").await.json());
}
