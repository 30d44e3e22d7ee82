//! `GET /random?technique=`: unique puzzles whose logical path uses the technique and nothing
//! harder, reproducible from the seed, and clear refusals of unknown or unsupported names.

use serde_json::Value;
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::targeted::shows;
use sudoku_service::engine::{Interrupt, Puzzle};
use sudoku_service::engine::{Solver, Verdict};

use crate::helpers::*;

async fn random(query: &str) -> Value {
    let r = get(&format!("/random{query}")).await;
    assert_eq!(r.status, 200, "{query}: {}", r.text);
    r.json()
}

/// Unique (by the solver), with its solution, and graded by a path that uses `technique` and
/// nothing harder.
fn assert_shows(body: &Value, technique: Technique) {
    let puzzle = grid_of(&body["puzzle"]);
    let outcome = Solver::new().solve(&puzzle).unwrap();
    assert_eq!(outcome.verdict, Verdict::Unique, "{technique}");
    assert_eq!(grid_of(&body["solution"]), outcome.solutions[0]);
    assert_eq!(body["unique"], true);
    let grade = Puzzle::Classic(puzzle).grade(Interrupt::NEVER).unwrap();
    assert!(shows(&grade, technique), "{technique}: {grade:?}");
    assert_eq!(body["difficulty"], grade.difficulty.name());
    assert_eq!(body["score"], grade.score);
}

#[tokio::test]
async fn a_technique_gives_a_unique_puzzle_whose_path_needs_it_and_nothing_harder() {
    let common = [
        Technique::NakedPair,
        Technique::LockedCandidatesPointing,
        Technique::XWing,
        Technique::XYWing,
    ];
    for technique in common {
        for seed in [3, 11] {
            let body = random(&format!("?technique={}&seed={seed}", technique.id())).await;
            assert_eq!(body["seed"], seed);
            assert_shows(&body, technique);
        }
    }
}

#[tokio::test]
async fn the_same_seed_and_technique_give_the_same_puzzle() {
    let a = random("?technique=x_wing&seed=5").await;
    let b = random("?technique=x_wing&seed=5").await;
    assert_eq!(a, b);
    let other = random("?technique=x_wing&seed=6").await;
    assert_ne!(a["puzzle"], other["puzzle"]);
}

#[tokio::test]
async fn a_count_of_a_technique_is_that_many_puzzles_from_consecutive_seeds() {
    let body = random("?technique=naked_pair&count=3&seed=20").await;
    let puzzles = body.as_array().expect("an array");
    assert_eq!(puzzles.len(), 3);
    for (k, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(puzzle["seed"], 20 + k as u64);
        assert_shows(puzzle, Technique::NakedPair);
        let single = random(&format!("?technique=naked_pair&seed={}", 20 + k)).await;
        assert_eq!(*puzzle, single);
    }
}

#[tokio::test]
async fn unknown_and_unoffered_techniques_are_422_naming_the_value_and_the_accepted_ids() {
    let accepted: Vec<Value> = sudoku_service::engine::targeted::supported_techniques()
        .map(|t| Value::from(t.id()))
        .collect();
    for (name, says) in [
        ("x_wingg", "unknown technique \"x_wingg\""),
        ("X_WING", "unknown technique \"X_WING\""),
        ("brute_force", "technique \"brute_force\" is not offered"),
        ("clean_up", "technique \"clean_up\" is not offered"),
        ("hidden_quad", "technique \"hidden_quad\" is not offered"),
        ("rule_of_45", "technique \"rule_of_45\" is not offered"),
        ("thermometer", "technique \"thermometer\" is not offered"),
    ] {
        let r = get(&format!("/random?technique={name}")).await;
        assert_problem(&r, 422, "unsupported_value");
        let problem = r.json();
        assert_eq!(problem["field"], "technique", "{problem}");
        assert_eq!(problem["received"], name, "{problem}");
        assert_eq!(problem["expected"], Value::Array(accepted.clone()));
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.starts_with(says), "{detail}");
        assert!(
            detail.ends_with("expected one of: full_house, naked_single, hidden_single, locked_pair, locked_triple, locked_candidates_pointing, locked_candidates_claiming, naked_pair, naked_triple, hidden_pair, hidden_triple, naked_quad, x_wing, swordfish, jellyfish, bug_plus_1, skyscraper, two_string_kite, turbot_fish, empty_rectangle, w_wing, xy_wing, xyz_wing, unique_rectangle_1, unique_rectangle_2, unique_rectangle_4, hidden_rectangle, finned_x_wing, sashimi_x_wing, finned_swordfish, sashimi_swordfish, simple_coloring, x_chain, xy_chain, aic, als_xz, forcing_chain"),
            "{detail}"
        );
    }
    // With count too, before any puzzle is made.
    let r = get("/random?technique=nope&count=3").await;
    assert_problem(&r, 422, "unsupported_value");
}

#[tokio::test]
async fn the_rare_techniques_give_mended_puzzles_whose_path_needs_them() {
    // Seeds whose searches find the technique quickly
    // (`engine::targeted::measure::quick_near_miss_seeds`).
    let rare = [
        (Technique::NakedQuad, 286),
        (Technique::Jellyfish, 338),
        (Technique::UniqueRectangle2, 195),
        (Technique::HiddenRectangle, 341),
        (Technique::SimpleColoring, 87),
    ];
    for (technique, seed) in rare {
        let body = random(&format!("?technique={}&seed={seed}", technique.id())).await;
        assert_eq!(body["seed"], seed);
        assert_shows(&body, technique);
    }
}

#[tokio::test]
async fn a_technique_does_not_combine_with_a_level_a_shape_or_added_givens() {
    for query in [
        "?technique=x_wing&difficulty=hard",
        "?technique=x_wing&size=4",
        "?technique=x_wing&symmetry=rotational",
        "?technique=x_wing&givens=30",
    ] {
        let r = get(&format!("/random{query}")).await;
        assert_problem(&r, 400, "invalid_field");
    }
}

#[test]
fn the_command_line_gives_the_api_s_puzzle_for_a_technique() {
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args([
            "random",
            "--technique",
            "xy_wing",
            "--seed",
            "8",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(cli.status.success());
    let line: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let api = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(random("?technique=xy_wing&seed=8"));
    assert_eq!(line, api);
    for (name, says) in [
        ("x_wingg", "unknown technique \"x_wingg\""),
        ("brute_force", "technique \"brute_force\" is not offered"),
    ] {
        let bad = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["random", "--technique", name])
            .output()
            .unwrap();
        // As any other bad value of an option: clap's usage error, exit code 2, nothing on stdout.
        assert_eq!(bad.status.code(), Some(2));
        assert!(bad.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&bad.stderr);
        assert!(
            stderr.contains(&format!(
                "invalid value '{name}' for '--technique <TECHNIQUE>'"
            )),
            "{stderr}"
        );
        assert!(stderr.contains(says), "{stderr}");
        assert!(
            stderr.contains("expected one of: full_house, naked_single,"),
            "{stderr}"
        );
    }
}
