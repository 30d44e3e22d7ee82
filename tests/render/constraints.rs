//! Constraints drawn (issue 33): every type has its figure in the SVG, outside clues lie outside
//! the grid (and in the PDF's text), rules with no drawing are a line of words, and a sheet
//! without constraints draws none of it.

use roxmltree::{Document, Node};

use super::pdf::{run, save, tools};
use super::samples::{self, CONSTRAINED};
use sudoku_service::engine::shape::constraints::broken_rules;
use sudoku_service::engine::shape::{Cells, Constraint, Rules, Shape};
use sudoku_service::render::{self, Sheet};

/// The elements of `tag` and `class`.
fn class<'a>(doc: &'a Document, tag: &str, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class))
        .collect()
}

fn number(node: &Node, attribute: &str) -> f32 {
    node.attribute(attribute).unwrap().parse().unwrap()
}

/// How many of `sheet`'s constraints have `type`.
fn count(sheet: &Sheet, kind: &str) -> usize {
    let shape = &sheet.shape;
    shape
        .constraints()
        .iter()
        .filter(|c| c.type_name() == kind)
        .count()
}

/// How many cells `sheet`'s constraints of `type` hold together.
fn cells(sheet: &Sheet, kind: &str) -> usize {
    let shape = &sheet.shape;
    shape
        .constraints()
        .iter()
        .filter(|c| c.type_name() == kind)
        .map(|c| c.cells().len())
        .sum()
}

#[test]
fn the_samples_are_true_of_their_solutions() {
    for name in CONSTRAINED {
        let sheet = samples::constrained(name);
        let solution = samples::constrained_solution(name);
        assert!(
            broken_rules(&sheet.shape, solution.values()).is_empty(),
            "{name}"
        );
        let kinds: std::collections::BTreeSet<&str> = sheet
            .shape
            .constraints()
            .iter()
            .map(Constraint::type_name)
            .collect();
        assert_eq!(kinds.len(), 12, "{name}: all twelve types");
    }
}

#[test]
fn every_constraint_type_has_its_figure() {
    for name in CONSTRAINED {
        let sheet = samples::constrained(name);
        let svg = render::to_svg(&sheet);
        let doc = Document::parse(&svg).unwrap();
        // The description names them for screen readers.
        let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
        let desc = desc.text().unwrap();
        let total = sheet.shape.constraints().len();
        assert!(
            desc.contains(&format!(", {total} constraints (thermo, arrow, ")),
            "{desc}"
        );
        assert!(desc.contains(" and extra_region)"), "{desc}");
        // Lines: one polyline each, through every cell; a thermometer's bulb at its first cell.
        for (kind, stroke) in [
            ("thermo", "#c7c7c7"),
            ("renban", "#f066f0"),
            ("whisper", "#66db66"),
            ("palindrome", "#b3b3b3"),
        ] {
            let lines = class(&doc, "polyline", kind);
            assert_eq!(lines.len(), count(&sheet, kind), "{name} {kind}");
            let points: usize = lines
                .iter()
                .map(|l| l.attribute("points").unwrap().split(' ').count())
                .sum();
            assert_eq!(points, cells(&sheet, kind), "{name} {kind}");
            assert!(
                lines.iter().all(|l| l.attribute("stroke") == Some(stroke)),
                "{name} {kind}"
            );
        }
        let bulbs = class(&doc, "circle", "thermo");
        assert_eq!(bulbs.len(), count(&sheet, "thermo"), "{name}");
        for (bulb, line) in bulbs.iter().zip(class(&doc, "polyline", "thermo")) {
            let first = line.attribute("points").unwrap().split(' ').next().unwrap();
            let centre = format!(
                "{},{}",
                bulb.attribute("cx").unwrap(),
                bulb.attribute("cy").unwrap()
            );
            assert_eq!(first, centre, "{name}: the bulb is at the first cell");
        }
        // Arrows: a line from the circle, a head at its last cell's centre, a white circle or
        // pill.
        let arrows = count(&sheet, "arrow");
        let lines = class(&doc, "polyline", "arrow");
        let heads = class(&doc, "polyline", "arrow-head");
        assert_eq!((lines.len(), heads.len()), (arrows, arrows), "{name}");
        for (line, head) in lines.iter().zip(&heads) {
            let last = line
                .attribute("points")
                .unwrap()
                .split(' ')
                .next_back()
                .unwrap();
            let tip = head.attribute("points").unwrap().split(' ').nth(1).unwrap();
            assert_eq!(last, tip, "{name}: the head is at the arrow's end");
        }
        let rounds =
            class(&doc, "circle", "arrow-circle").len() + class(&doc, "rect", "arrow-circle").len();
        assert_eq!(rounds, arrows, "{name}");
        // Dots: white and black.
        let dots = class(&doc, "circle", "kropki");
        assert_eq!(dots.len(), count(&sheet, "kropki"), "{name}");
        assert!(dots.iter().any(|d| d.attribute("fill") == Some("#ffffff")));
        assert!(dots.iter().any(|d| d.attribute("fill") == Some("#000000")));
        // Letters.
        let letters: String = class(&doc, "text", "xv")
            .iter()
            .map(|t| t.text().unwrap())
            .collect();
        assert_eq!(letters.len(), count(&sheet, "xv"), "{name}");
        assert!(letters.contains('X') && letters.contains('V'), "{name}");
        // Parity: a circle per odd cell, a square per even cell.
        assert_eq!(
            class(&doc, "circle", "odd").len(),
            cells(&sheet, "odd"),
            "{name}"
        );
        assert_eq!(
            class(&doc, "rect", "even").len(),
            cells(&sheet, "even"),
            "{name}"
        );
        // Extra regions: their cells shaded.
        let shaded = class(&doc, "rect", "cell")
            .iter()
            .filter(|c| c.attribute("fill") == Some("#ccd9eb"))
            .count();
        assert_eq!(shaded, cells(&sheet, "extra_region"), "{name}");
        // Outside clues: a number each; a little killer's with two strokes of an arrow.
        assert_eq!(
            class(&doc, "text", "sandwich").len(),
            count(&sheet, "sandwich")
        );
        assert_eq!(
            class(&doc, "text", "little_killer").len(),
            count(&sheet, "little_killer")
        );
        assert_eq!(
            class(&doc, "polyline", "little_killer").len(),
            2 * count(&sheet, "little_killer")
        );
    }
}

/// The grid's square (left, top, right, bottom): the cells' extent.
fn grid_box(doc: &Document) -> [f32; 4] {
    let cells = class(doc, "rect", "cell");
    let xs = cells.iter().map(|c| number(c, "x"));
    let ys = cells.iter().map(|c| number(c, "y"));
    let size = number(&cells[0], "width");
    [
        xs.clone().fold(f32::MAX, f32::min),
        ys.clone().fold(f32::MAX, f32::min),
        xs.fold(f32::MIN, f32::max) + size,
        ys.fold(f32::MIN, f32::max) + size,
    ]
}

#[test]
fn outside_clues_lie_outside_the_grid_within_the_page() {
    for name in CONSTRAINED {
        let svg = render::to_svg(&samples::constrained(name));
        let doc = Document::parse(&svg).unwrap();
        let [left, top, right, bottom] = grid_box(&doc);
        let view = view_box(&doc);
        for role in ["sandwich", "little_killer"] {
            for text in class(&doc, "text", role) {
                let (x, y) = (number(&text, "x"), number(&text, "y"));
                let outside = x < left || x > right || y < top || y > bottom;
                assert!(outside, "{name}: {role} at ({x}, {y}) is inside the grid");
                assert!(x > 0.0 && x < view[2] && y > 0.0 && y < view[3], "{name}");
            }
        }
    }
    // The 6x6 sample has outside clues on every side: the page leaves room around the grid.
    let svg = render::to_svg(&samples::constrained("constraints-6x6"));
    let doc = Document::parse(&svg).unwrap();
    let [left, top, right, bottom] = grid_box(&doc);
    let view = view_box(&doc);
    assert!(left > 18.0 && top > 18.0, "bands at the left and the top");
    assert!(view[2] - right > 18.0, "a band at the right");
    // Below: the band, then the caption's 22 points.
    assert!(view[3] - bottom > 18.0 + 22.0, "a band at the bottom");
}

/// The `viewBox` numbers.
fn view_box(doc: &Document) -> Vec<f32> {
    doc.root_element()
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn sheets_without_constraints_draw_none_and_keep_their_size() {
    for name in samples::NAMES {
        let svg = render::to_svg(&samples::sheet(name));
        let doc = Document::parse(&svg).unwrap();
        for tag in ["circle", "polyline"] {
            assert_eq!(
                doc.descendants().filter(|n| n.has_tag_name(tag)).count(),
                0,
                "{name}: {tag}"
            );
        }
        assert!(class(&doc, "text", "rules").is_empty(), "{name}");
        let [left, top, ..] = grid_box(&doc);
        assert_eq!((left, top), (18.0, 18.0), "{name}: no band for clues");
    }
}

/// A 9x9 sheet, no givens, on `rules` (JSON).
fn blank(rules: serde_json::Value) -> Sheet {
    let rules: Rules = serde_json::from_value(rules).unwrap();
    let shape = Shape::new(&rules).unwrap();
    let cells = Cells::empty(shape.cell_count());
    Sheet::new(shape, cells)
}

#[test]
fn rules_with_no_drawing_are_a_line_of_words() {
    let sheet = blank(serde_json::json!({
        "variants": ["anti_knight", "anti_king", "non_consecutive", "disjoint_groups"],
        "negative": ["kropki", "xv"],
        "constraints": [{"type": "whisper", "cells": ["A1", "A2"], "difference": 4}]
    }));
    let svg = render::to_svg(&sheet);
    let doc = Document::parse(&svg).unwrap();
    let words: Vec<String> = class(&doc, "text", "rules")
        .iter()
        .map(|t| t.text().unwrap().to_string())
        .collect();
    let all = words.join(" · ");
    for rule in [
        "anti-knight",
        "anti-king",
        "non-consecutive",
        "disjoint groups",
        "negative kropki",
        "negative xv",
        "whispers differ by 4 or more",
    ] {
        assert!(all.contains(rule), "{rule} missing from {all}");
    }
    // Wrapped to the page: no line wider than the grid's 324 points at 10 points (about 6 a
    // character).
    assert!(words.len() > 1, "{words:?}");
    assert!(words.iter().all(|w| w.len() * 5 < 324), "{words:?}");
    // Drawn variants (x) and the usual whisper difference need no words.
    let plain = blank(serde_json::json!({
        "variants": ["x"],
        "constraints": [{"type": "whisper", "cells": ["A1", "A2"]}]
    }));
    assert!(!render::to_svg(&plain).contains("class=\"rules\""));
}

#[test]
fn a_small_constrained_grid_is_widened_to_fit_its_caption() {
    let mut sheet = blank(serde_json::json!({
        "size": 4,
        "variants": ["anti_knight", "non_consecutive"],
        "constraints": [{"type": "kropki", "color": "white", "cells": ["A1", "A2"]}]
    }));
    sheet.caption = Some(sudoku_service::render::Caption {
        number: Some(2),
        level: None,
        seed: None,
        shape: true,
    });
    let svg = render::to_svg(&sheet);
    let doc = Document::parse(&svg).unwrap();
    let caption = &class(&doc, "text", "caption")[0];
    let chars = caption.text().unwrap().chars().count() as f32;
    // DejaVu Sans averages well over half an em a character: 11 points, at least 5.5 each.
    let half = chars * 5.5 / 2.0;
    let x = number(caption, "x");
    let view = view_box(&doc);
    assert!(
        x - half > 0.0 && x + half < view[2],
        "{x} ± {half} in {}",
        view[2]
    );
    // The grid is centred on the wider page.
    let [left, _, right, _] = grid_box(&doc);
    assert!(
        (left - (view[2] - right)).abs() < 0.1,
        "{left} {right} {}",
        view[2]
    );
}

#[test]
fn sizes_from_4x4_to_25x25_draw_every_kind() {
    for n in [4usize, 9, 12, 16, 25] {
        let last = char::from(b'A' + (n - 1) as u8);
        let sheet = blank(serde_json::json!({
            "size": n,
            "constraints": [
                {"type": "thermo", "cells": ["A1", "B2"]},
                {"type": "arrow", "circle": ["C1"], "cells": ["C2", "D3"]},
                {"type": "kropki", "color": "black", "cells": ["A3", "A4"]},
                {"type": "xv", "value": "V", "cells": ["B3", "B4"]},
                {"type": "little_killer", "cells": [format!("{last}1")], "sum": 1},
                {"type": "sandwich", "column": n, "sum": 0},
                {"type": "renban", "cells": ["D1", "D2"]},
                {"type": "odd", "cells": ["A2"]}
            ]
        }));
        let svg = render::to_svg(&sheet);
        let doc = Document::parse(&svg).unwrap();
        assert_eq!(class(&doc, "text", "little_killer").len(), 1, "{n}");
        assert_eq!(class(&doc, "text", "sandwich").len(), 1, "{n}");
        assert_eq!(class(&doc, "polyline", "arrow-head").len(), 1, "{n}");
        assert_eq!(render::to_pdf(&sheet), render::to_pdf(&sheet), "{n}");
    }
}

#[test]
fn the_same_constrained_sheet_gives_the_same_bytes() {
    for name in CONSTRAINED {
        let sheet = samples::constrained(name);
        assert_eq!(render::to_svg(&sheet), render::to_svg(&sheet), "{name}");
        assert_eq!(render::to_pdf(&sheet), render::to_pdf(&sheet), "{name}");
    }
}

#[test]
fn the_pdf_has_the_outside_clues_and_letters_as_text_and_renders() {
    if !tools() {
        return;
    }
    for name in CONSTRAINED {
        let sheet = samples::constrained(name);
        let file = save(&format!("{name}.pdf"), &render::to_pdf(&sheet));
        let text = run("pdftotext", &[file.to_str().unwrap(), "-"]);
        let words: Vec<&str> = text.split_whitespace().collect();
        for c in sheet.shape.constraints() {
            let wanted = match c {
                Constraint::Sandwich { sum, .. } | Constraint::LittleKiller { sum, .. } => {
                    sum.to_string()
                }
                Constraint::Xv { sum: 10, .. } => "X".to_string(),
                Constraint::Xv { .. } => "V".to_string(),
                _ => continue,
            };
            assert!(
                words.iter().any(|w| w.contains(wanted.as_str())),
                "{name}: {wanted} missing from {text:?}"
            );
        }
        let png = file.with_extension("");
        run(
            "pdftoppm",
            &[
                "-png",
                "-r",
                "50",
                "-singlefile",
                file.to_str().unwrap(),
                png.to_str().unwrap(),
            ],
        );
        assert!(png.with_extension("png").exists(), "{name}");
    }
}
