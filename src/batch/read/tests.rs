//! The reader: what each kind of line comes to, and that records keep their lines' places.
use super::line::{parse_line, plain_puzzle, Line};
use super::*;
use crate::engine::Grid;

pub(super) const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Every record in `text`, as the puzzle's line or the error's text.
pub(super) fn read_all(text: &[u8]) -> Vec<Result<Entry, String>> {
    let mut reader = PuzzleReader::new(text);
    let mut all = Vec::new();
    loop {
        let chunk = reader.read_chunk().expect("a slice never fails to read");
        if chunk.records.is_empty() {
            return all;
        }
        all.extend(chunk.records.into_iter().map(|r| match r {
            Ok(entry) if entry.puzzle.is_classic() => Ok(entry),
            Ok(entry) => Err(format!("shaped {}", entry.line)),
            Err(e) => Err(e.to_string()),
        }));
    }
}

/// The records of `text` as lines: `ok N` for a puzzle from line N, or the error.
pub(super) fn outline(text: &str) -> Vec<String> {
    read_all(text.as_bytes())
        .into_iter()
        .map(|r| r.map_or_else(|e| e, |entry| format!("ok {}", entry.line)))
        .collect()
}

fn euler_rows() -> String {
    let rows: Vec<String> = GRID2
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    rows.join("\n")
}

#[test]
fn comments_blanks_separators_titles_and_a_first_line_header_are_skipped() {
    for skipped in [
        "# a comment",
        "   ",
        "------+------+------",
        "Grid 01",
        "grid 7",
    ] {
        assert!(
            matches!(parse_line(skipped, 2), Line::Skip | Line::Title),
            "{skipped}"
        );
    }
    assert_eq!(outline(&format!("quizzes,solutions\n{GRID2},\n")), ["ok 2"]);
}

#[test]
fn a_letter_led_line_is_an_error_in_its_place_not_a_title() {
    let letter_led = format!("x{}", &GRID2[1..]);
    assert_eq!(
        outline(&format!("{GRID2}\n{letter_led}\n{GRID2}\n")),
        [
            "ok 1",
            "2: 'x' at character 1 is not a cell (1-9, or 0 or . for a blank)",
            "ok 3"
        ]
    );
    assert_eq!(
        outline(&format!("{GRID2}\nSome title\nGrid one\n")),
        [
            "ok 1",
            "2: 'S' at character 1 is not a cell (1-9, or 0 or . for a blank)",
            "3: 'G' at character 1 is not a cell (1-9, or 0 or . for a blank)",
        ]
    );
}

#[test]
fn an_endless_line_is_an_error_not_unbounded_memory_and_the_next_line_is_read() {
    let mut input = vec![b'.'; 10 * MAX_LINE_BYTES];
    input.extend_from_slice(format!("\n{GRID2}\n").as_bytes());
    let records = read_all(&input);
    assert_eq!(records.len(), 2);
    assert_eq!(
        records[0],
        Err("1: line longer than 65536 bytes".to_string())
    );
    assert_eq!(records[1].as_ref().map(|e| e.line), Ok(2));
}

#[test]
fn a_line_that_is_not_text_is_an_error_in_its_place() {
    let mut input = format!("{GRID2}\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe\n");
    input.extend_from_slice(format!("{GRID2}\n").as_bytes());
    let records = read_all(&input);
    assert_eq!(records[1], Err("2: the line is not UTF-8 text".to_string()));
    assert_eq!(records[2].as_ref().map(|e| e.line), Ok(3));
}

#[test]
fn digits_in_a_name_after_the_grid_are_not_cells() {
    for name in [
        "grid two",
        "grid 2",
        "Grid 02 (hard, 1439 s)",
        "# from line 2",
    ] {
        let records = read_all(format!("{GRID2} {name}\n").as_bytes());
        assert_eq!(records.len(), 1, "{name}");
        assert_eq!(records[0].as_ref().unwrap().puzzle.to_line(), GRID2);
    }
}

#[test]
fn a_grid_over_several_lines_is_one_puzzle_starting_at_its_first_line() {
    let display = Grid::parse(GRID2).unwrap().display();
    let text = format!("# Norvig's display\n{display}\n{GRID2}\n");
    assert_eq!(outline(&text), ["ok 2", "ok 14"]);
    assert_eq!(
        read_all(text.as_bytes())[0]
            .as_ref()
            .unwrap()
            .puzzle
            .to_line(),
        GRID2
    );
}

#[test]
fn project_euler_blocks_read_under_their_titles() {
    let block = format!("Grid 01\n{}\n", euler_rows());
    let records = read_all(block.repeat(2).as_bytes());
    assert_eq!(records.len(), 2);
    let second = records[1].as_ref().unwrap();
    assert_eq!((second.line, second.puzzle.to_line()), (12, GRID2.into()));
}

#[test]
fn a_short_or_long_line_is_an_error_naming_its_line() {
    assert_eq!(outline("1234\n"), ["1: expected 81 cells, found 4"]);
    assert_eq!(
        outline(&format!("{GRID2}\n# fine\n1234\n{GRID2}\n")),
        ["ok 1", "3: expected 81 cells, found 4", "ok 4"]
    );
    assert_eq!(
        outline(&format!("{GRID2}.\n")),
        ["1: expected 81 cells, found 82"]
    );
    assert_eq!(
        outline(&format!("{}x{}\n", &GRID2[..40], &GRID2[41..])),
        ["1: expected 81 cells, found 40 before 'x' at character 41"]
    );
}

#[test]
fn short_lines_in_a_row_are_an_error_each() {
    let short = &GRID2[..40];
    assert_eq!(
        outline(&format!("{short}\n{short}\n{short}\n")),
        [
            "1: expected 81 cells, found 40",
            "2: expected 81 cells, found 40",
            "3: expected 81 cells, found 40"
        ]
    );
}

#[test]
fn a_grid_cut_short_names_the_lines_it_spans_and_what_follows_is_read() {
    let display = Grid::parse(GRID2).unwrap().display();
    let cut: Vec<&str> = display.lines().take(5).collect();
    assert_eq!(
        outline(&format!("{}\n", cut.join("\n"))),
        ["1-5: expected 81 cells, found 36"]
    );
    assert_eq!(
        outline(&format!(
            "{}\n{GRID2}\nGrid 02\n{}\n",
            cut.join("\n"),
            euler_rows()
        )),
        ["1-5: expected 81 cells, found 36", "ok 6", "ok 8"]
    );
    let rows = euler_rows();
    let three: Vec<&str> = rows.lines().take(3).collect();
    assert_eq!(
        outline(&format!("Grid 01\n{}\nGrid 02\n{rows}\n", three.join("\n"))),
        ["2-4: expected 81 cells, found 27", "ok 6"]
    );
}

#[test]
fn a_whole_puzzle_line_is_one_entry_however_it_is_read() {
    let Line::Entry(entry) = parse_line(GRID2, 3) else {
        panic!("one entry expected");
    };
    assert_eq!(entry.line, 3);
    assert_eq!(entry.puzzle, Puzzle::Classic(GRID2.parse().unwrap()));
    assert_eq!(entry.expected, None);
    assert_eq!(
        outline(&format!("{GRID2} name\n{GRID2}\n")),
        ["ok 1", "ok 2"]
    );
}

#[test]
fn a_chunk_counts_the_lines_it_read() {
    let text = format!("# c\n{GRID2}\n\n");
    let mut reader = PuzzleReader::new(text.as_bytes());
    let chunk = reader.read_chunk().unwrap();
    assert_eq!((chunk.records.len(), chunk.lines), (1, 3));
}

#[test]
fn small_chunks_read_the_same_records_and_lines_as_one_large_chunk() {
    // `sudoku solve -j 1` reads a few dozen records at a time: a grid over several lines, a bad
    // line and a CSV-looking row read the same whether or not a chunk ends inside or beside them.
    let display = Grid::parse(GRID2).unwrap().display();
    let text = format!(
        "# c\n{GRID2}\n{display}\n4.....8.5.3\n\n{GRID2}\nGrid 01\n{}\n{GRID2}\n",
        euler_rows()
    );
    let whole = read_all(text.as_bytes());
    assert_eq!(whole.len(), 6);
    for size in [0, 1, 2, 3, 4] {
        let mut reader = PuzzleReader::new(text.as_bytes());
        let (mut records, mut lines) = (Vec::new(), 0);
        loop {
            let chunk = reader.read_chunk_of(size).unwrap();
            if chunk.records.is_empty() {
                break;
            }
            assert!(chunk.records.len() <= size.max(1), "size {size}");
            lines += chunk.lines;
            records.extend(chunk.records.into_iter().map(|r| match r {
                Ok(entry) if entry.puzzle.is_classic() => Ok(entry),
                Ok(entry) => Err(format!("shaped {}", entry.line)),
                Err(e) => Err(e.to_string()),
            }));
        }
        assert_eq!(records, whole, "size {size}");
        assert_eq!(lines, text.lines().count(), "size {size}");
    }
}

#[test]
fn json_lines_are_read_in_their_place_among_classic_lines() {
    let six = format!(
        r#"{{"puzzle": "{}", "rules": {{"size": 6}}}}"#,
        ".".repeat(36)
    );
    let classic = format!(r#"  {{"puzzle": "{GRID2}"}}"#);
    let text = format!("{GRID2}\n{six}\n{{\"puzzle\": 1}}\n{classic}\n");
    let outline = outline(&text);
    assert_eq!(outline[0], "ok 1");
    assert_eq!(outline[1], "shaped 2");
    assert!(
        outline[2].starts_with("3: not a JSON puzzle line: "),
        "{outline:?}"
    );
    assert_eq!(outline[3], "ok 4");
}

#[test]
fn a_broken_json_line_is_located_within_the_line_whatever_ends_it() {
    // Found by the batch_reader fuzz target: the line terminator was parsed with the JSON, so an
    // object cut short at the end of a line was placed on "line 2" of a one-line record.
    for text in ["{", "{\n", "{\r\n"] {
        let outline = outline(text);
        assert_eq!(
            outline,
            ["1: not a JSON puzzle line: EOF while parsing an object at line 1 column 1"],
            "{text:?}"
        );
    }
}

#[test]
fn a_reader_with_a_shape_reads_one_puzzle_of_its_symbols_a_line() {
    use crate::engine::shape::Rules;
    let shape = Shape::new(&Rules {
        size: Some(4),
        ..Rules::default()
    })
    .unwrap();
    let text = "# 4x4\n1...|....|....|...4\n\n1...\n12G.............\n";
    let mut reader = PuzzleReader::with_shape(text.as_bytes(), Arc::new(shape));
    let records: Vec<String> = reader
        .read_chunk()
        .unwrap()
        .records
        .into_iter()
        .map(|r| match r {
            Ok(e) if e.puzzle.is_classic() => "classic".to_string(),
            Ok(e) => format!("{} {}", e.line, e.puzzle.to_line()),
            Err(e) => e.to_string(),
        })
        .collect();
    assert_eq!(
        records,
        [
            "2 1..............4",
            "4: expected 16 cells, found 4",
            "5: character 'G' at position 3 is not a symbol of this shape (symbols 1234, '.' for a blank)",
        ]
    );
}

#[test]
fn a_plain_line_of_cells_reads_as_the_text_parser_reads_it() {
    let grid: Grid = GRID2.parse().unwrap();
    // Line endings, none at the end, the first line, and lines the plain path leaves to the text
    // parser (spaces around the cells, a name after them, an invalid byte).
    let text = format!(
        "{GRID2}\n{GRID2}\r\n  {GRID2}  \n{GRID2} grid 4\n{}\n{GRID2}",
        GRID2.replacen('.', "\u{e9}", 1)
    );
    let records = read_all(text.as_bytes());
    let lines: Vec<_> = records.iter().map(|r| r.as_ref().map(|e| e.line)).collect();
    assert_eq!(lines[..4], [Ok(1), Ok(2), Ok(3), Ok(4)]);
    assert!(
        lines[4].is_err(),
        "a line with a non-cell character is not a puzzle"
    );
    assert_eq!(lines[5], Ok(6));
    for entry in records.iter().flatten() {
        assert_eq!(entry.puzzle, Puzzle::Classic(grid), "line {}", entry.line);
    }
    // Byte for byte the same as the text parser's entry, on the lines the plain path takes.
    for (bytes, text) in [
        (format!("{GRID2}\n"), GRID2),
        (format!("{GRID2}\r\n"), GRID2),
    ] {
        let (Some(Line::Entry(plain)), Line::Entry(parsed)) =
            (plain_puzzle(bytes.as_bytes(), 7), parse_line(text, 7))
        else {
            panic!("both read {bytes:?} as a puzzle");
        };
        assert_eq!(plain, parsed);
    }
    assert!(plain_puzzle(format!(" {GRID2}\n").as_bytes(), 7).is_none());
    assert!(plain_puzzle(format!("{GRID2}\n\n").as_bytes(), 7).is_none());
}

#[test]
fn lines_read_in_place_or_copied_give_the_same_records_whatever_the_buffer() {
    // Plain lines with both endings, beside lines the in-place path leaves alone, read through
    // buffers that cut the lines at every kind of place.
    let bad = GRID2.replacen('.', "x", 1);
    let text =
        format!("# head\n{GRID2}\n{GRID2}\r\n{GRID2}\r\r\n{bad}\n{GRID2} name\n\n{GRID2}\n{GRID2}");
    let read = |capacity: usize| {
        let mut reader = PuzzleReader::new(io::BufReader::with_capacity(capacity, text.as_bytes()));
        let mut all = Vec::new();
        loop {
            let chunk = reader
                .read_chunk_of(3)
                .expect("a slice never fails to read");
            if chunk.records.is_empty() {
                return all;
            }
            all.extend(chunk.records.into_iter().map(|r| match r {
                Ok(entry) if entry.puzzle.is_classic() => Ok(entry),
                Ok(_) => Err("shaped".to_string()),
                Err(e) => Err(e.to_string()),
            }));
        }
    };
    let whole = read(1 << 16);
    let lines: Vec<_> = whole.iter().map(|r| r.as_ref().map(|e| e.line)).collect();
    assert_eq!(lines[..3], [Ok(2), Ok(3), Ok(4)], "{whole:?}");
    assert!(
        lines[3].is_err(),
        "a line with a stray letter is an error in its place"
    );
    assert_eq!(lines[4..], [Ok(6), Ok(8), Ok(9)]);
    for capacity in [1, 2, 7, 80, 81, 82, 83, 84, 100, 163, 164, 165] {
        assert_eq!(read(capacity), whole, "buffer of {capacity} bytes");
    }
}
