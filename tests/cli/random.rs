//! `sudoku random` on classic puzzles, run as a real process: seeds, uniqueness, levels, the bounds
//! it refuses, and its JSON and CSV forms as the API shapes them.

use crate::cli::{stderr, stdout, sudoku};
use sudoku_service::engine::{generate, Grid, Request, Solver, Verdict};
use sudoku_service::engine::{Interrupt, Puzzle};

#[test]
fn random_is_reproducible_from_its_seed() {
    let a = sudoku(&["random", "--seed", "11", "--count", "3"], "");
    let b = sudoku(&["random", "--seed", "11", "--count", "3"], "");
    assert_eq!(a.stdout, b.stdout);
    let lines = stdout(&a);
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let g = Grid::parse(line).unwrap();
        assert!(g.givens() >= 17 && g.conflicts().is_empty(), "{line}");
    }
    let unseeded = sudoku(&["random"], "");
    assert!(
        stderr(&unseeded).starts_with("# seed "),
        "the drawn seed is reported"
    );
}

#[test]
fn random_unique_puzzles_have_exactly_one_solution() {
    let out = sudoku(&["random", "--unique", "--seed", "3", "--count", "5"], "");
    for line in stdout(&out) {
        let verdict = Solver::new()
            .solve(&Grid::parse(&line).unwrap())
            .unwrap()
            .verdict;
        assert_eq!(verdict, Verdict::Unique, "{line}");
    }
}

#[test]
fn random_rejects_givens_out_of_range() {
    let out = sudoku(&["random", "--givens", "200"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--givens"));
}

#[test]
fn random_puzzles_are_unique_by_default_as_in_the_api() {
    let out = sudoku(&["random", "--seed", "3", "--count", "5"], "");
    assert_eq!(out.status.code(), Some(0));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 5);
    for (k, line) in lines.iter().enumerate() {
        let expected = generate(&Request {
            givens: 17,
            unique: true,
            seed: 3 + k as u64,
        });
        assert_eq!(line, &expected.puzzle.to_line());
    }
}

#[test]
fn random_unique_false_gives_norvigs_puzzles() {
    let out = sudoku(
        &["random", "--unique=false", "--givens", "20", "--seed", "42"],
        "",
    );
    let norvig = generate(&Request {
        givens: 20,
        unique: false,
        seed: 42,
    });
    assert_eq!(stdout(&out), [norvig.puzzle.to_line()]);
    let spaced = sudoku(
        &[
            "random", "--unique", "false", "--givens", "20", "--seed", "42",
        ],
        "",
    );
    assert_eq!(spaced.stdout, out.stdout);
}

#[test]
fn random_json_lines_carry_the_solution_grade_and_seed_as_the_api_shapes_them() {
    let plain = sudoku(&["random", "--seed", "5", "--count", "2"], "");
    let out = sudoku(
        &["random", "--seed", "5", "--count", "2", "--format", "json"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 2);
    for (k, (line, puzzle)) in lines.iter().zip(stdout(&plain)).enumerate() {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            json["puzzle"],
            puzzle.as_str(),
            "the same puzzle as without --format"
        );
        assert_eq!(json["seed"], 5 + k as u64);
        assert_eq!(json["unique"], true);
        let grid = Grid::parse(&puzzle).unwrap();
        let solution = Grid::parse(json["solution"].as_str().unwrap()).unwrap();
        assert!(solution.solves(&grid));
        let grade = Puzzle::Classic(grid).grade(Interrupt::NEVER).unwrap();
        assert_eq!(json["difficulty"], grade.difficulty.name());
        assert_eq!(json["score"], grade.score);
        let mut keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "difficulty",
                "givens",
                "minimal",
                "puzzle",
                "score",
                "seed",
                "solution",
                "unique"
            ]
        );
    }
}

#[test]
fn random_csv_columns_are_read_back_by_solve_which_checks_the_solutions() {
    let out = sudoku(
        &[
            "random", "--seed", "9", "--count", "3", "--format", "columns",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines[0], "puzzle,solution,difficulty,score,seed");
    assert_eq!(lines.len(), 4);
    let fields: Vec<&str> = lines[3].split(',').collect();
    assert_eq!(fields.len(), 5);
    assert_eq!(fields[4], "11");
    let solved = sudoku(&["solve"], &String::from_utf8_lossy(&out.stdout));
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    let solutions: Vec<String> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(stdout(&solved), solutions);
}

#[test]
fn random_json_of_a_level_names_it_and_of_norvigs_puzzles_says_whether_unique() {
    let out = sudoku(
        &[
            "random",
            "--difficulty",
            "easy",
            "--seed",
            "4",
            "--format",
            "json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)[0]).unwrap();
    assert_eq!(json["difficulty"], "easy");
    let out = sudoku(
        &[
            "random",
            "--unique=false",
            "--givens",
            "17",
            "--seed",
            "42",
            "--format",
            "json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)[0]).unwrap();
    let puzzle = Grid::parse(json["puzzle"].as_str().unwrap()).unwrap();
    let unique = Solver::new().solve(&puzzle).unwrap().verdict == Verdict::Unique;
    assert_eq!(json["unique"], unique);
    assert_eq!(json.get("solution").is_some(), unique);
}

#[test]
fn random_refuses_more_givens_than_its_level_has_instead_of_searching_for_ever() {
    let out = sudoku(&["random", "--difficulty", "extreme", "--givens", "40"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("--givens 40 is more than extreme puzzles have; expected 17-28"),
        "{}",
        stderr(&out)
    );
}

/// The Indexed Job of `deploy/batch/` runs as written: each pod's arguments (the index in place of
/// `$(JOB_COMPLETION_INDEX)`, the volume a temporary folder, and a small 6x6 easy run in place of a
/// million hard 16x16s) write one shard each, and the shards merged by seed are the run unsharded.
#[test]
fn the_indexed_jobs_pods_write_shards_that_merge_into_the_whole_run() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/deploy/batch/generate-job.yaml"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let job: serde_json::Value = serde_norway::Deserializer::from_str(&text)
        .map(|doc| serde::Deserialize::deserialize(doc).unwrap())
        .find(|doc: &serde_json::Value| doc["kind"] == "Job")
        .unwrap();
    let pods = job["spec"]["completions"].as_u64().unwrap();
    let container = &job["spec"]["template"]["spec"]["containers"][0];
    let mount = container["volumeMounts"][0]["mountPath"].as_str().unwrap();
    let volume = std::env::temp_dir().join(format!("sudoku-job-{}", std::process::id()));
    std::fs::create_dir_all(&volume).unwrap();
    let small = |arg: &str| match arg.split_once('=') {
        Some(("--size", _)) => "--size=6".to_string(),
        Some(("--difficulty", _)) => "--difficulty=easy".to_string(),
        Some(("--count", _)) => format!("--count={}", pods * 2),
        _ => arg.replace(mount, volume.to_str().unwrap()),
    };
    for index in 0..pods {
        let args: Vec<String> = container["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                small(a.as_str().unwrap()).replace("$(JOB_COMPLETION_INDEX)", &index.to_string())
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = sudoku(&args, "");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut merged: Vec<serde_json::Value> = std::fs::read_dir(&volume)
        .unwrap()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
            text.lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect::<Vec<_>>()
        })
        .collect();
    merged.sort_by_key(|p: &serde_json::Value| p["seed"].as_u64());
    let count = (pods * 2).to_string();
    let whole = sudoku(
        &[
            "random",
            "--size=6",
            "--difficulty=easy",
            "--seed=1",
            "--format=json",
            "--count",
            &count,
        ],
        "",
    );
    let whole: Vec<serde_json::Value> = String::from_utf8(whole.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    std::fs::remove_dir_all(&volume).unwrap();
    assert_eq!(merged.len(), whole.len());
    assert_eq!(merged, whole);
}
