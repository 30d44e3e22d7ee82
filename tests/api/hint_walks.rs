//! `/hint` as the only teacher: a client that knows nothing of the rules walks a puzzle to the end by
//! applying each hint's own placements and eliminations, and nothing else. It starts from every mark
//! a player might pencil in at first (every symbol in every square, as stale as marks can be),
//! never crosses out a placed value itself, and sends its digits and marks back each time. Every
//! placement must be the unique solution's value, no elimination may remove it, and the walk must
//! reach `solved`: the clean-up step tidies the stale marks, so no technique reads one as a place.

use std::path::Path;

use axum::Router;
use serde_json::{json, Value};
use sudoku_service::engine::general::logic::ShapeLogic;
use sudoku_service::engine::shape::{Cells, Rules, Shape};
use sudoku_service::engine::Solver;

use crate::helpers::*;

/// A puzzle as the client holds it: the text it sends, the rules of its shape (none for classic
/// 9x9), its symbols, and the unique solution the hints are held to.
struct Game {
    name: String,
    puzzle: String,
    rules: Option<Value>,
    symbols: Vec<char>,
    solution: Vec<u8>,
}

impl Game {
    fn classic(name: String, puzzle: &str) -> Game {
        let solution = Solver::new().solve(&grid(puzzle)).unwrap().solutions[0];
        Game {
            name,
            puzzle: puzzle.to_string(),
            rules: None,
            symbols: "123456789".chars().collect(),
            solution: solution.values().to_vec(),
        }
    }

    fn shaped(name: &str, puzzle: &str, rules: Value) -> Game {
        let shape = Shape::new(&serde_json::from_value::<Rules>(rules.clone()).unwrap()).unwrap();
        let cells = Cells::parse(&shape, puzzle).unwrap();
        let solution = ShapeLogic::new().solution(&shape, &cells).unwrap();
        Game {
            name: name.to_string(),
            puzzle: puzzle.to_string(),
            rules: Some(rules),
            symbols: shape.symbols().to_vec(),
            solution: solution.values().to_vec(),
        }
    }

    /// The square named `name` (`A1`, `P16`), row-major.
    fn cell(&self, name: &str) -> usize {
        let n = self.symbols.len();
        let row = usize::from(name.as_bytes()[0] - b'A');
        let col: usize = name[1..].parse().unwrap();
        row * n + col - 1
    }

    /// The values of a grid's text (`.` for a blank).
    fn values(&self, text: &str) -> Vec<u8> {
        text.chars()
            .map(|ch| {
                self.symbols
                    .iter()
                    .position(|&s| s == ch)
                    .map_or(0, |i| i as u8 + 1)
            })
            .collect()
    }

    fn text(&self, values: &[u8]) -> String {
        values
            .iter()
            .map(|&v| {
                if v == 0 {
                    '.'
                } else {
                    self.symbols[usize::from(v) - 1]
                }
            })
            .collect()
    }
}

/// Walks `game` from every symbol pencilled everywhere to `solved`, holding each step to the
/// solution; returns how many of its steps were clean-ups.
async fn walk(app: &Router, game: &Game) -> usize {
    let cells = game.solution.len();
    let all: String = game.symbols.iter().collect();
    let mut progress = game.values(&game.puzzle);
    let mut marks = vec![all; cells];
    let mut clean_ups = 0;
    // Each step places a value or removes a mark, so the walk ends within this many.
    for _ in 0..=cells * (game.symbols.len() + 1) {
        let mut body = json!({
            "puzzle": game.puzzle,
            "progress": game.text(&progress),
            "candidates": marks,
        });
        if let Some(rules) = &game.rules {
            body["rules"] = rules.clone();
        }
        let r = post_json_on(app.clone(), "/hint", body).await;
        assert_eq!(r.status, 200, "{}: {}", game.name, r.text);
        let answer = r.json();
        match answer["status"].as_str().unwrap() {
            "solved" => {
                assert_eq!(progress, game.solution, "{}", game.name);
                return clean_ups;
            }
            "step" => {
                let step = &answer["step"];
                if step["technique"] == "clean_up" {
                    clean_ups += 1;
                }
                apply(game, step, &mut progress, &mut marks);
            }
            _ => panic!(
                "{}: {answer} on a walk that applied only the hints",
                game.name
            ),
        }
    }
    panic!("{}: the hints never reached the solution", game.name);
}

/// Applies one step as a client that knows nothing else would: its placements to the digits, its
/// eliminations to the marks, each held to the solution first.
fn apply(game: &Game, step: &Value, progress: &mut [u8], marks: &mut [String]) {
    let mut changed = false;
    for p in step["placements"].as_array().unwrap() {
        let cell = game.cell(p["square"].as_str().unwrap());
        let value = p["digit"].as_u64().unwrap() as u8;
        assert_eq!(value, game.solution[cell], "{}: {step}", game.name);
        changed |= progress[cell] == 0;
        progress[cell] = value;
    }
    for e in step["eliminations"].as_array().unwrap() {
        let cell = game.cell(e["square"].as_str().unwrap());
        let value = e["digit"].as_u64().unwrap() as u8;
        assert_ne!(
            value, game.solution[cell],
            "{}: removes the solution's value: {step}",
            game.name
        );
        let symbol = game.symbols[usize::from(value) - 1];
        changed |= marks[cell].contains(symbol);
        marks[cell].retain(|s| s != symbol);
    }
    assert!(
        changed,
        "{}: a step that changes nothing: {step}",
        game.name
    );
}

/// Every `every`-th puzzle of the bundled set `file` (`puzzles/{file}.txt`), from the first.
fn bundled(file: &str, every: usize) -> Vec<Game> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("puzzles/{file}.txt"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .step_by(every)
        .map(|(i, line)| Game::classic(format!("{file} #{}", i + 1), line))
        .collect()
}

async fn walk_all(games: &[Game]) {
    let app = app();
    for game in games {
        // The client never crosses out a placed value, so the hints must have done it.
        let clean_ups = walk(&app, game).await;
        assert!(clean_ups > 0, "{}: no clean-up on stale marks", game.name);
    }
}

#[tokio::test]
async fn classic_puzzles_are_walked_to_the_end_by_the_hints_alone() {
    let mut games = bundled("easy50", 17);
    games.extend(bundled("top95", 47));
    walk_all(&games).await;
}

/// Every puzzle of easy50 and top95: about half a minute in a debug build, a few seconds in a
/// release one. Run it with `cargo test --release --test api hint_walks -- --ignored`.
#[tokio::test]
#[ignore = "every bundled classic puzzle: run with --release --ignored"]
async fn every_bundled_classic_puzzle_is_walked_to_the_end_by_the_hints_alone() {
    let mut games = bundled("easy50", 1);
    games.extend(bundled("top95", 1));
    walk_all(&games).await;
}

async fn random_game(query: &str) -> Game {
    let r = get(&format!("/random?{query}")).await;
    assert_eq!(r.status, 200, "{query}: {}", r.text);
    let body = r.json();
    let game = Game::shaped(
        query,
        body["puzzle"].as_str().unwrap(),
        body["rules"].clone(),
    );
    assert_eq!(game.text(&game.solution), body["solution"], "{query}");
    game
}

#[tokio::test]
async fn other_shapes_and_killers_are_walked_to_the_end_by_the_hints_alone() {
    let mut games = Vec::new();
    for query in [
        "size=4&seed=3",
        "size=6&seed=1",
        "size=9&variant=x&seed=2",
        "variant=killer&size=6&seed=2",
    ] {
        games.push(random_game(query).await);
    }
    // A 4x4 killer with no givens: only the cages start it, and every placed value must leave its
    // cage as well as its row, column and box.
    let killer = json!({"size": 4, "cages": [
        {"sum": 3, "cells": ["A1", "A2"]}, {"sum": 7, "cells": ["A3", "A4"]},
        {"sum": 5, "cells": ["B1", "C1"]}, {"sum": 5, "cells": ["B2", "B3"]},
        {"sum": 2, "cells": ["B4"]}, {"sum": 5, "cells": ["C2", "C3"]},
        {"sum": 4, "cells": ["C4", "D4"]}, {"sum": 4, "cells": ["D1"]},
        {"sum": 5, "cells": ["D2", "D3"]}
    ]});
    games.push(Game::shaped("4x4 killer", &".".repeat(16), killer));
    walk_all(&games).await;
}
