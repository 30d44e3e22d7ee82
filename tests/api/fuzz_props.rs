//! The fuzz targets' properties on the stable toolchain: the same checks (`fuzz/src/props.rs`,
//! included here) fed by proptest with inputs shaped like the real ones (grids, rules, puzzle
//! files, request bodies) and with arbitrary text, so `cargo test` keeps them honest without nightly.
//! Case counts are small enough for a debug build to run the file in a few seconds.

#[allow(dead_code)]
#[path = "../../fuzz/src/props/mod.rs"]
mod props;

use std::sync::OnceLock;

use proptest::prelude::*;
use serde_json::{json, Value};
use sudoku_service::engine::shape::{CageRule, Regions, Rules, Variant};
use sudoku_service::engine::Grid;

const CASES: u32 = 96;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Any classic grid: 81 cells, each blank or a digit.
fn grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(0u8..=9, 81).prop_map(|cells| {
        let line: String = cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect();
        Grid::parse(&line).expect("81 cells")
    })
}

/// Text of the characters grids are written with, and some that they are not.
fn grid_like_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(vec!['.', '0', '1', '5', '9']),
            1 => prop::sample::select(vec![' ', '\n', '|', '-', '+', ',', 'a', 'Z', '#', 'é', '\u{feff}']),
        ],
        0..120,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// Symbols for a shape: often the default, sometimes a mix that includes the characters the text
/// form treats specially (`0`, `.`, layout, lower-case letters).
fn symbols(size: usize) -> impl Strategy<Value = Option<String>> {
    let pool: Vec<char> = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH|-+.* é✓"
        .chars()
        .collect();
    prop_oneof![
        3 => Just(None),
        2 => Just(pool).prop_shuffle().prop_map(move |p| Some(p.into_iter().take(size).collect())),
        1 => "[a-c0-3. ]{0,8}".prop_map(Some),
    ]
}

/// Jigsaw regions: the rows as regions (valid), the boxes relabelled (valid when there are boxes),
/// or any labels (almost always invalid).
fn regions(size: usize) -> impl Strategy<Value = Option<Regions>> {
    let stripes: Vec<i64> = (0..size * size).map(|i| (i / size) as i64 + 7).collect();
    let letters: String = (0..size * size)
        .map(|i| char::from(b'A' + ((i % size) as u8 % 26)))
        .collect();
    prop_oneof![
        4 => Just(None),
        1 => Just(Some(Regions::Labels(stripes))),
        1 => Just(Some(Regions::Text(letters))),
        1 => prop::collection::vec(0i64..4, 0..40).prop_map(|l| Some(Regions::Labels(l))),
    ]
}

/// Killer cages: none mostly; else dominoes along the rows with sums two distinct values reach (a
/// valid killer, but where a domino wraps from one row to the next: not connected), or any names
/// and sums (mostly invalid: unknown cells, overlaps, gaps).
fn cages(size: usize) -> impl Strategy<Value = Vec<CageRule>> {
    let name = |i: usize| {
        format!(
            "{}{}",
            char::from(b'A' + (i / size) as u8 % 26),
            i % size + 1
        )
    };
    let dominoes: Vec<Vec<String>> = (0..size * size / 2)
        .map(|k| vec![name(2 * k), name(2 * k + 1)])
        .collect();
    let cell = "[A-Z][0-9]{1,2}|[a-z][0-9]|[A-Z]0[0-9]";
    prop_oneof![
        4 => Just(Vec::new()),
        1 => prop::collection::vec(3u32..=(2 * size as u32).max(4) - 1, dominoes.len()).prop_map(move |sums| {
            sums.into_iter()
                .zip(dominoes.clone())
                .map(|(sum, cells)| CageRule { sum, cells })
                .collect()
        }),
        1 => prop::collection::vec(
            (0u32..80, prop::collection::vec(cell, 0..5))
                .prop_map(|(sum, cells)| CageRule { sum, cells }),
            1..6,
        ),
    ]
}

/// Rules of every kind: valid sizes and boxes mostly, and out-of-range ones.
fn rules() -> impl Strategy<Value = Rules> {
    (2usize..=27).prop_flat_map(|size| {
        let box_shape = prop_oneof![
            3 => Just(None),
            1 => (1usize..=6, 1usize..=6).prop_map(|(r, c)| Some([r, c])),
        ];
        let variants =
            prop::collection::vec(prop::sample::select(vec![Variant::X, Variant::Hyper]), 0..3);
        let size_member = prop_oneof![Just(Some(size)), Just(None)];
        (
            size_member,
            box_shape,
            variants,
            regions(size),
            symbols(size),
            cages(size),
        )
            .prop_map(
                |(size, box_shape, variants, regions, symbols, cages)| Rules {
                    size,
                    box_shape,
                    variants,
                    regions,
                    symbols,
                    cages,
                    ..Rules::default()
                },
            )
    })
}

/// A line of a puzzle file: every kind the reader knows, and some it does not.
fn file_line() -> impl Strategy<Value = Vec<u8>> {
    let kinds = prop_oneof![
        3 => grid().prop_map(|g| g.to_line()),
        1 => (grid(), "[a-z ]{0,6}[0-9]{0,3}").prop_map(|(g, name)| format!("{} {name}", g.to_line())),
        1 => (grid(), grid()).prop_map(|(p, s)| format!("{},{}", p.to_line(), s.to_line())),
        1 => grid().prop_map(|g| format!("{},", g.to_line().replace('.', "0"))),
        3 => "[0-9.]{9}",
        1 => "[0-9.]{3} [0-9.]{3} \\| [0-9.]{3}",
        1 => Just(String::new()),
        1 => Just("# a comment".to_string()),
        1 => Just("------+------+------".to_string()),
        1 => "Grid 0[0-9]",
        1 => "[A-Za-z][a-z ,]{0,10}",
        1 => "[0-9.]{0,12}",
        1 => "[0-9., |a#-]{0,90}",
        1 => "\\PC{0,20}",
    ];
    prop_oneof![
        12 => kinds.prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..12)
            .prop_map(|bytes| bytes.into_iter().filter(|&b| b != b'\n').collect()),
    ]
}

/// A puzzle file: its lines, joined with `\n` or `\r\n`, with a final newline or not.
fn puzzle_file() -> impl Strategy<Value = Vec<u8>> {
    let header = prop_oneof![
        4 => Just(None),
        1 => prop::sample::select(vec!["quizzes,solutions", "id,puzzle,solution,clues,difficulty", "\u{feff}puzzle", "name,title"]).prop_map(Some),
    ];
    (
        header,
        prop::collection::vec(file_line(), 0..30),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(header, lines, crlf, last_newline)| {
            let mut text = Vec::new();
            for line in header
                .map(|h| h.as_bytes().to_vec())
                .into_iter()
                .chain(lines)
            {
                text.extend_from_slice(&line);
                text.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
            }
            if !last_newline && text.last() == Some(&b'\n') {
                text.pop();
            }
            text
        })
}

/// A `puzzle` member: a string, rows, flat cells, or something that is none of these.
fn puzzle_member() -> impl Strategy<Value = Value> {
    let cell = prop_oneof![
        (0i64..=9).prop_map(Value::from),
        Just(Value::Null),
        (-3i64..30).prop_map(Value::from),
        Just(json!(1.5)),
        Just(json!("5")),
    ];
    prop_oneof![
        3 => grid().prop_map(|g| json!(g.to_line())),
        1 => grid_like_text().prop_map(Value::from),
        1 => prop::collection::vec(prop::collection::vec(cell.clone(), 0..11), 0..11).prop_map(|rows| json!(rows)),
        1 => prop::collection::vec(cell, 0..100).prop_map(|cells| json!(cells)),
        1 => prop::sample::select(vec![json!(null), json!(true), json!({}), json!(7)]),
    ]
}

/// A request body: a puzzle and maybe rules, and the optional members of the endpoints.
fn request_body() -> impl Strategy<Value = Vec<u8>> {
    let extra = prop::sample::select(vec![
        json!({}),
        json!({"max_solutions": 1}),
        json!({"timeout_ms": 50}),
        json!({"format": "rows"}),
        json!({"format": "nonsense"}),
        json!({"progress": "."}),
        json!({"unknown": 1}),
    ]);
    let body =
        (puzzle_member(), prop::option::of(rules()), extra).prop_map(|(puzzle, rules, extra)| {
            let mut body = json!({ "puzzle": puzzle });
            if let Some(rules) = rules {
                body["rules"] = serde_json::to_value(rules).expect("rules serialise");
            }
            for (k, v) in extra.as_object().expect("an object") {
                body[k] = v.clone();
            }
            serde_json::to_vec(&body).expect("JSON")
        });
    prop_oneof![
        8 => body,
        1 => "\\PC{0,40}".prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..40),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_text_is_a_grid_that_reads_back_or_an_error(text in grid_like_text()) {
        props::grid_text(&text);
    }

    #[test]
    fn any_grid_reads_back_from_its_line(grid in grid()) {
        prop_assert_eq!(Grid::parse(&grid.to_line()).ok(), Some(grid));
        props::grid_text(&grid.display());
    }

    #[test]
    fn rules_build_a_sound_shape_or_name_their_member(rules in rules()) {
        props::shape_of(&rules);
    }

    #[test]
    fn any_cells_on_any_shape_read_back_from_their_text(
        rules in rules(),
        bytes in prop::collection::vec(any::<u8>(), 0..700),
        text in "[0-9a-hA-H.|+ -]{0,100}",
    ) {
        if let Some(shape) = props::shape_of(&rules) {
            props::cells_round_trip(&shape, &props::cells_from_bytes(&shape, &bytes));
            props::cells_text(&shape, &text);
        }
    }

    #[test]
    fn json_puzzle_members_are_read_back_or_refused_with_a_4xx(body in request_body()) {
        props::json_puzzle(&body);
    }

    #[test]
    fn the_batch_reader_gives_one_record_per_data_line(file in puzzle_file()) {
        props::batch_records(&file);
    }

    #[test]
    fn request_bodies_through_the_router_never_answer_a_fault(
        path in prop::sample::select(props::ENDPOINTS.to_vec()),
        body in request_body(),
    ) {
        let (runtime, app) = world();
        runtime.block_on(props::post_body(app.clone(), path, &body));
    }
}

/// One runtime and router for every case: the harness's test configuration (a generous cap, since
/// debug builds on a busy machine are slow) with one worker.
fn world() -> &'static (tokio::runtime::Runtime, axum::Router) {
    static WORLD: OnceLock<(tokio::runtime::Runtime, axum::Router)> = OnceLock::new();
    WORLD.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime");
        let config = sudoku_service::config::ServerConfig {
            workers: 1,
            ..sudoku_service::config::ServerConfig::default()
        };
        let app = runtime.block_on(async {
            sudoku_service::http::router(sudoku_service::http::AppState::new(&config))
        });
        (runtime, app)
    })
}

/// Examples the properties must hold on, kept whatever proptest happens to draw.
#[test]
fn known_files_give_one_record_per_data_line() {
    let grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let rows: String = grid
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let files = [
        format!("{grid}\nbad line\n{grid} name 7\n\n# c\n{rows}Grid 02\n123456789\n{grid}\n"),
        format!("quizzes,solutions\n{grid},\n\nx\n#\n{grid}\n"),
        format!("\u{feff}{grid}\r\n12345\r\n------+------+------\r\n{rows}"),
        "name,title\n1,2\n".to_string(),
    ];
    for file in files {
        props::batch_records(file.as_bytes());
    }
    assert_eq!(props::read_records(files_first().as_bytes()).len(), 3);
}

/// A puzzle, a line that is not one, and a grid over 9 lines: 3 records.
fn files_first() -> String {
    let grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let rows: String = grid
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    format!("{grid}\nnot a puzzle\n{rows}")
}
