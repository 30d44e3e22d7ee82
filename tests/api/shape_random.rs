//! `GET /random` on other shapes: levels (graded by the general grader, checked here by `/grade`),
//! levels out of a shape's reach and shapes without a complete grid refused at once, and the same
//! seed giving the same puzzle on a live server, whatever else it is doing.

use std::time::Duration;

use serde_json::{json, Value};
use sudoku_service::engine::general::logic::ShapeLogic;
use sudoku_service::engine::shape::{Cells, Rules, Shape};
use sudoku_service::server::ServerConfig;

use crate::helpers::*;
use crate::live::start;
use crate::wire::{exchange, get_request};

#[tokio::test]
async fn difficulty_levels_generate_other_shapes_at_that_level() {
    for query in [
        "size=6&difficulty=easy&seed=1",
        "size=9&variant=hyper&difficulty=medium&seed=2",
        "size=9&variant=x&difficulty=extreme&seed=3",
        "size=9&variant=x&difficulty=expert&seed=1",
        "size=9&variant=jigsaw&difficulty=hard&seed=1",
        "size=7&variant=jigsaw&difficulty=expert&seed=2",
    ] {
        let r = get(&format!("/random?{query}")).await;
        assert_eq!(r.status, 200, "{query}: {}", r.text);
        let body = r.json();
        let level = query
            .split("difficulty=")
            .nth(1)
            .unwrap()
            .split('&')
            .next()
            .unwrap();
        assert_eq!(body["difficulty"], level, "{query}");
        // The grader, asked directly, agrees with the answer's level and score.
        let rules: Rules = serde_json::from_value(body["rules"].clone()).unwrap();
        let shape = Shape::new(&rules).unwrap();
        let puzzle = Cells::parse(&shape, body["puzzle"].as_str().unwrap()).unwrap();
        let grade = ShapeLogic::new().grade(&shape, &puzzle).unwrap();
        assert_eq!(grade.difficulty.name(), level, "{query}");
        assert_eq!(body["score"], grade.score, "{query}");
        // And so does the API's own /grade.
        let graded = post_json(
            "/grade",
            json!({"puzzle": body["puzzle"], "rules": body["rules"]}),
        )
        .await;
        assert_eq!(graded.status, 200, "{}", graded.text);
        assert_eq!(graded.json()["difficulty"], level, "{query}");
    }
}

#[tokio::test]
async fn levels_out_of_a_shapes_reach_are_a_422_naming_why() {
    for (query, names) in [
        (
            "size=4&difficulty=medium",
            ["medium", "4x4", "singles alone"],
        ),
        (
            "size=4&variant=x&difficulty=expert",
            ["expert", "4x4 x", "singles alone"],
        ),
    ] {
        let r = get(&format!("/random?{query}")).await;
        let problem = assert_problem(&r, 422, "unsupported_shape");
        let detail = problem["detail"].as_str().unwrap();
        for name in names {
            assert!(detail.contains(name), "{query}: {detail}");
        }
    }
}

#[tokio::test]
async fn shapes_without_a_complete_grid_are_a_422_at_once() {
    for (query, field) in [
        ("size=6&variant=x,hyper", "rules.variants"),
        ("size=6&box=3x2&variant=x,hyper", "rules.variants"),
        ("size=6&variant=jigsaw,x", "rules.variants"),
        ("size=10&variant=jigsaw,hyper", "rules.variants"),
    ] {
        let r = get(&format!("/random?{query}&seed=1")).await;
        let problem = assert_problem(&r, 422, "invalid_rules");
        assert_eq!(problem["field"], field, "{query}");
        assert_eq!(problem["status"], 422);
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("no complete grid"),
            "{problem}"
        );
    }
    let r = post_json(
        "/solve",
        json!({"puzzle": ".".repeat(36), "rules": {"size": 6, "variants": ["x", "hyper"]}}),
    )
    .await;
    let problem = assert_problem(&r, 422, "invalid_rules");
    assert_eq!(problem["field"], "rules.variants");
}

/// The same seed on a live server gives the same puzzle, also while other requests keep its
/// workers busy: digging is bounded by node budgets, not by the clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_seed_gives_the_same_puzzle_on_a_busy_live_server() {
    let live = start(test_config()).await;
    let path = "/random?size=10&seed=21";
    let alone = exchange(live.addr, &get_request(path)).await;
    assert_eq!(alone.status, 200, "{}", alone.body);
    let busy: Vec<_> = (0..3)
        .map(|k| {
            let addr = live.addr;
            tokio::spawn(async move {
                exchange(
                    addr,
                    &get_request(&format!("/random?size=9&variant=x&seed={k}")),
                )
                .await
            })
        })
        .collect();
    let loaded = exchange(live.addr, &get_request(path)).await;
    for other in busy {
        other.await.unwrap();
    }
    assert_eq!(loaded.status, 200, "{}", loaded.body);
    let (a, b): (Value, Value) = (alone.json(), loaded.json());
    assert_eq!(a, b);
    let _ = live.shutdown.send(());
}

/// Jigsaw is valid for any N from 4 to 25: sizes with no box shape (primes) generate too, on regions
/// drawn for them, and the answer solves uniquely under its own rules; without jigsaw such a size is
/// refused naming the size and the way out, and hyper (whose windows need boxes) naming the variant.
#[tokio::test]
async fn jigsaw_generates_on_sizes_without_a_box_shape() {
    for size in [5usize, 7, 11] {
        let r = get(&format!("/random?size={size}&variant=jigsaw&seed=3")).await;
        assert_eq!(r.status, 200, "{size}: {}", r.text);
        let body = r.json();
        let rules: Rules = serde_json::from_value(body["rules"].clone()).unwrap();
        assert_eq!(rules.size, Some(size));
        assert_eq!(rules.box_shape, None);
        let shape = Shape::new(&rules).unwrap();
        assert!(shape.is_jigsaw(), "{size}");
        let rows: String = (0..size * size)
            .map(|i| char::from(b'A' + (i / size) as u8))
            .collect();
        assert_ne!(
            body["rules"]["regions"],
            rows.as_str(),
            "{size}: drawn, not the rows"
        );
        let solved = post_json(
            "/solve",
            json!({"puzzle": body["puzzle"], "rules": body["rules"]}),
        )
        .await;
        assert_eq!(solved.status, 200, "{}", solved.text);
        assert_eq!(solved.json()["status"], "unique", "{size}");
        assert_eq!(solved.json()["solution"], body["solution"], "{size}");
    }
    let leveled = get("/random?size=7&variant=jigsaw&difficulty=easy&seed=1").await;
    assert_eq!(leveled.status, 200, "{}", leveled.text);
    assert_eq!(leveled.json()["difficulty"], "easy");
    for (query, field, words) in [
        ("size=7", "size", "jigsaw"),
        ("size=7&variant=jigsaw,hyper", "variant", "box shape"),
    ] {
        let r = get(&format!("/random?{query}&seed=1")).await;
        let problem = assert_problem(&r, 400, "invalid_field");
        assert_eq!(problem["field"], field, "{query}");
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains(words), "{query}: {detail}");
    }
}

/// A level on a big shape is bounded work: draws (`level_attempts`) times node budgets, under the
/// server's deadline. Asked of a live server whose one worker has a short cap, a 25x25 at a level
/// answers 504 `deadline_exceeded` (a 25x25 at a level takes about 0.65 s in a release build, three
/// times the cap, and far longer in a test build), the
/// worker is free again for the next request, and a level out of reach is a 422 before any work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_on_a_big_shape_is_bounded_by_the_deadline_on_a_live_server() {
    let live = start(ServerConfig {
        workers: 1,
        solve_timeout: Duration::from_millis(200),
        ..test_config()
    })
    .await;
    let slow = exchange(
        live.addr,
        &get_request("/random?size=25&difficulty=hard&seed=1"),
    )
    .await;
    assert_eq!(slow.status, 504, "{}", slow.body);
    assert_eq!(slow.json()["code"], "deadline_exceeded", "{}", slow.body);
    // The one worker let the 25x25 go: a small shape's level comes back from it.
    let next = exchange(
        live.addr,
        &get_request("/random?size=6&difficulty=easy&seed=1"),
    )
    .await;
    assert_eq!(next.status, 200, "{}", next.body);
    assert_eq!(next.json()["difficulty"], "easy");
    let refused = exchange(
        live.addr,
        &get_request("/random?size=25&difficulty=hard&variant=jigsaw,hyper"),
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let _ = live.shutdown.send(());
}

/// `count` works for every shape, variant and symmetry: the k-th puzzle is the one `seed` + k makes
/// alone, as a JSON array or as NDJSON; classic counts are unchanged.
#[tokio::test]
async fn a_count_of_other_shapes_gives_each_seeds_own_puzzle() {
    for query in ["size=6", "size=4&variant=killer", "symmetry=rotational"] {
        let many = get(&format!("/random?{query}&count=3&seed=20")).await;
        assert_eq!(many.status, 200, "{query}: {}", many.text);
        let puzzles = many.json();
        let puzzles = puzzles.as_array().unwrap();
        assert_eq!(puzzles.len(), 3, "{query}");
        for (k, puzzle) in puzzles.iter().enumerate() {
            let alone = get(&format!("/random?{query}&seed={}", 20 + k))
                .await
                .json();
            assert_eq!(puzzle, &alone, "{query}, seed {}", 20 + k);
        }
    }
    let request = axum::http::Request::get("/random?size=6&count=2&seed=7")
        .header("accept", "application/x-ndjson")
        .body(axum::body::Body::empty())
        .unwrap();
    let streamed = send(app(), request).await;
    assert_eq!(streamed.media_type(), "application/x-ndjson");
    let seeds: Vec<u64> = streamed
        .text
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["seed"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(seeds, [7, 8]);
}
