//! The `sudoku` command on every shape, run as a real process: the shape flags, lines of N*N
//! symbols, JSON lines with their own rules, and classic input and classic flags answered exactly
//! as before. Solutions are checked by the rules (every unit, the givens kept), not by string
//! equality. `random` on shapes is in `shapes_random`, the logic commands in
//! `shapes_logic`.

use crate::cli::{assert_solved, ok, shape, sized, stderr, stdout, sudoku, GRID2};
use sudoku_service::engine::shape::{Regions, Rules, Variant};

/// A 6x6 jigsaw layout that some grid fills (not all layouts do), one row a word.
const JIGSAW6: &str = "AACEEE AACEED FACEBD FACBBD FCCBDD FFFBBD";
/// The same labels with two cells swapped, so that region `F` (the first) is cut in two.
const JIGSAW6_CUT: &str = "FACEEE AACEED FACEBD FACBBD FCCBDD FFABBD";

#[test]
fn six_by_six_puzzles_are_made_and_solved_with_size_or_box() {
    let puzzles = ok(
        &["random", "--size", "6", "--seed", "1", "--count", "4"],
        "",
    );
    assert!(
        puzzles.iter().all(|p| p.chars().count() == 36),
        "{puzzles:?}"
    );
    // The box alone says the size: 2x3 is the usual box of 6.
    let by_box = ok(
        &["random", "--box", "2x3", "--seed", "1", "--count", "4"],
        "",
    );
    assert_eq!(by_box, puzzles);
    let answers = ok(&["solve", "--size", "6"], &puzzles.join("\n"));
    assert_solved(&sized(6, &[]), &puzzles, &answers);
    // 3x2 boxes are another shape: its puzzles are solved by its own boxes.
    let tall = ok(
        &["random", "--box", "3x2", "--seed", "1", "--count", "2"],
        "",
    );
    let answers = ok(&["solve", "--box", "3x2"], &tall.join("\n"));
    let three_by_two = shape(Rules {
        size: Some(6),
        box_shape: Some([3, 2]),
        ..Rules::default()
    });
    assert_solved(&three_by_two, &tall, &answers);
}

#[test]
fn symbols_name_the_text_form() {
    let hex = "0123456789ABCDEF";
    let puzzle = ok(&["random", "--symbols", hex, "--seed", "9"], "").remove(0);
    assert_eq!(puzzle.chars().count(), 256);
    assert!(puzzle.contains('0'), "{puzzle}");
    let hexadoku = shape(Rules {
        size: Some(16),
        symbols: Some(hex.to_string()),
        ..Rules::default()
    });
    let answers = ok(&["solve", "--symbols", hex], &puzzle);
    assert_solved(&hexadoku, &[puzzle], &answers);
    assert!(!answers[0].contains('G'), "{answers:?}");
}

#[test]
fn a_jigsaw_is_read_with_the_regions_flag_and_from_json_lines() {
    let regions = JIGSAW6.replace(' ', "");
    let jigsaw = shape(Rules {
        size: Some(6),
        regions: Some(Regions::Text(regions.clone())),
        ..Rules::default()
    });
    let puzzles = ok(
        &[
            "random",
            "--regions",
            JIGSAW6,
            "--seed",
            "4",
            "--count",
            "3",
        ],
        "",
    );
    let answers = ok(&["solve", "--regions", &regions], &puzzles.join("\n"));
    assert_solved(&jigsaw, &puzzles, &answers);
    // The same puzzles as JSON lines, without flags: each carries its rules.
    let lines: Vec<String> = puzzles
        .iter()
        .map(|p| format!(r#"{{"puzzle": "{p}", "rules": {{"size": 6, "regions": "{regions}"}}}}"#))
        .collect();
    let answers = ok(&["solve"], &lines.join("\n"));
    assert_solved(&jigsaw, &puzzles, &answers);
    // By the boxes instead of the regions, the first puzzle is a different one.
    let boxed = sudoku(&["solve", "--size", "6"], &puzzles[0]);
    assert_ne!(stdout(&boxed), answers[..1], "{}", stderr(&boxed));
}

#[test]
fn an_x_puzzle_is_solved_by_its_diagonals() {
    let puzzle = ok(&["random", "--variant", "x", "--seed", "5"], "").remove(0);
    let answers = ok(&["solve", "--variant", "x"], &puzzle);
    let x = sized(9, &[Variant::X]);
    assert_solved(&x, std::slice::from_ref(&puzzle), &answers);
    // The diagonals are what makes it unique: without them it is a classic puzzle with more.
    let classic = ok(&["solve"], &puzzle);
    assert!(classic[0].ends_with(" multiple"), "{classic:?}");
    let hyper = ok(&["random", "--variant", "hyper,x", "--seed", "6"], "");
    let answers = ok(&["solve", "--variant", "x,hyper"], &hyper[0]);
    assert_solved(&sized(9, &[Variant::X, Variant::Hyper]), &hyper, &answers);
}

#[test]
fn candidates_and_validate_name_the_shapes_units_and_symbols() {
    let four = "1...|..2.|.3..|...4";
    let line = ok(&["candidates", "--size", "4"], four).remove(0);
    let strings: Vec<&str> = line.split(' ').collect();
    assert_eq!(strings.len(), 16);
    assert_eq!(strings[0], "1");
    assert!(strings
        .iter()
        .all(|s| s.chars().all(|c| "1234".contains(c))));
    let display = ok(&["candidates", "--size", "4", "--display"], four);
    assert_eq!(display[2], "----+----", "{display:?}");
    // Two 1s on the long diagonal conflict only in an X puzzle.
    let diagonal = format!("1{}1", ".".repeat(79));
    assert_eq!(ok(&["validate"], &diagonal), ["valid"]);
    let out = sudoku(&["validate", "--variant", "x"], &diagonal);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        ["invalid: 1 appears 2 times in diagonal A1-I9 (A1, I9)"]
    );
    let out = sudoku(&["solve", "--variant", "x"], &diagonal);
    assert_eq!(
        stdout(&out),
        ["the givens conflict: 1 appears 2 times in diagonal A1-I9 (A1, I9)"]
    );
}

#[test]
fn bad_shape_flags_name_what_is_wrong() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--size", "6", "--box", "2x4"],
            "--box: box 2x4 does not tile a 6x6 grid",
        ),
        (&["--box", "2by3"], "expected ROWSxCOLUMNS, such as 2x3"),
        (&["--size", "30"], "--size: size 30 is out of range"),
        (
            &["--variant", "sandwich"],
            "expected x, hyper, jigsaw or killer",
        ),
        (
            &["--regions", JIGSAW6_CUT],
            "--regions: region 1 ('F') is not connected",
        ),
        (
            &["--size", "6", "--regions", "AAABBB"],
            "--regions: expected 36 region labels (one per cell), found 6",
        ),
    ];
    for (flags, message) in cases {
        for command in ["solve", "candidates", "validate"] {
            let out = sudoku(&[&[command][..], flags].concat(), "");
            assert_eq!(out.status.code(), Some(2), "{command} {flags:?}");
            assert!(
                stderr(&out).contains(message),
                "{flags:?}: {}",
                stderr(&out)
            );
            assert!(out.stdout.is_empty());
        }
    }
    let out = sudoku(&["solve", "--variant", "jigsaw"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--regions LABELS"),
        "{}",
        stderr(&out)
    );
    let out = sudoku(
        &[
            "random",
            "--regions",
            "AAABBBAABBCCADDBCCDDEECCDFEEEEDFFFFF",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no grid fills these regions"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn every_line_is_answered_in_its_place_with_errors_there() {
    let puzzles = ok(
        &["random", "--size", "6", "--seed", "8", "--count", "2"],
        "",
    );
    let input = [
        "# two 6x6 puzzles and what is not one",
        &puzzles[0],
        &puzzles[0][..35],
        "",
        &format!("{}G", &puzzles[1][..35]),
        &format!(r#"{{"puzzle": "{GRID2}", "rules": {{}}}}"#),
        r#"{"puzzle": "1234", "rules": {"size": 4, "box": [1, 4]}}"#,
        &puzzles[1],
    ]
    .join("\n");
    let out = sudoku(&["solve", "--size", "6"], &input);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 6, "{lines:?}");
    let six = sized(6, &[]);
    assert_solved(&six, &puzzles[..1], &lines[..1]);
    assert_eq!(lines[1], "error: <stdin>:3: expected 36 cells, found 35");
    assert!(
        lines[2].starts_with("error: <stdin>:5: character 'G' at position 36 is not a symbol"),
        "{}",
        lines[2]
    );
    // A JSON line with classic rules (`{}`) among them goes to the classic solver.
    assert_eq!(
        lines[3],
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    );
    assert!(
        lines[4].starts_with("error: <stdin>:7: rules.box: box 1x4 does not tile"),
        "{}",
        lines[4]
    );
    assert_solved(&six, &puzzles[1..], &lines[5..]);
    assert!(
        stderr(&out).starts_with("Solved 3 of 6 puzzles"),
        "{}",
        stderr(&out)
    );
    let strict = sudoku(&["solve", "--size", "6", "--strict"], &input);
    assert_eq!(strict.status.code(), Some(2));
    assert_eq!(stdout(&strict).len(), 1);
    assert!(stderr(&strict).contains("<stdin>:3: expected 36 cells, found 35"));
}

#[test]
fn classic_flags_read_and_solve_as_without_them() {
    // The notebook's lines carry names after the cells, which only the classic reader takes.
    for file in ["puzzles/notebook.txt", "puzzles/examples/essay.txt"] {
        let plain = sudoku(&["solve", file], "");
        let flagged = sudoku(&["solve", "--size", "9", file], "");
        assert_eq!(flagged.stdout, plain.stdout, "{file}");
        assert_eq!(flagged.status.code(), plain.status.code());
    }
    let plain = ok(
        &["random", "--seed", "7", "--count", "2", "--format", "json"],
        "",
    );
    let none = ok(
        &[
            "random",
            "--seed",
            "7",
            "--count",
            "2",
            "--format",
            "json",
            "--symmetry",
            "none",
        ],
        "",
    );
    assert_eq!(none, plain);
}
