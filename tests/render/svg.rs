//! SVGs parse as XML and hold what the drawing promises: a title and description, one cell per
//! square, bold givens, the solution told apart, candidates, highlights, shading and cages.

use roxmltree::{Document, Node};

use super::samples;
use sudoku_service::engine::general;
use sudoku_service::render::{self, Sheet};

/// The elements of `class` (and `tag`).
fn class<'a>(doc: &'a Document, tag: &str, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class))
        .collect()
}

fn check(sheet: &Sheet, f: impl FnOnce(&Document)) {
    let svg = render::to_svg(sheet);
    let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
    f(&doc);
}

#[test]
fn every_shape_has_its_cells_title_and_bold_givens() {
    for name in samples::NAMES {
        let sheet = samples::sheet(name);
        let n = sheet.shape.size();
        check(&sheet, |doc| {
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            assert_eq!(root.attribute("role"), Some("img"));
            let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
            assert_eq!(title.text(), Some(sheet.title().as_str()), "{name}");
            let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
            assert!(
                desc.text().unwrap().contains(&format!("{n} by {n} grid")),
                "{name}"
            );
            assert_eq!(class(doc, "rect", "cell").len(), n * n, "{name}");
            let givens = class(doc, "text", "given");
            assert_eq!(givens.len(), sheet.puzzle.givens(), "{name}");
            assert!(
                givens
                    .iter()
                    .all(|g| g.attribute("font-weight") == Some("bold")),
                "{name}"
            );
            let shown: String = givens.iter().map(|g| g.text().unwrap()).collect();
            let expected: String = sheet
                .puzzle
                .values()
                .iter()
                .filter(|&&v| v != 0)
                .map(|&v| sheet.shape.symbol(v))
                .collect();
            assert_eq!(shown, expected, "{name}: givens in reading order");
        });
    }
}

#[test]
fn symbols_above_nine_are_letters() {
    let mut sheet = samples::sheet("16x16");
    sheet.solution = Some(samples::solution("16x16"));
    check(&sheet, |doc| {
        let texts: String = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        for letter in ['A', 'D', 'G'] {
            assert!(texts.contains(letter), "{letter} missing");
        }
    });
}

#[test]
fn region_borders_follow_boxes_and_jigsaw_regions() {
    let count = |name: &str| {
        let svg = render::to_svg(&samples::sheet(name));
        svg.matches("class=\"border\"").count()
    };
    // 9x9 boxes: two runs each way plus the four sides of the frame.
    assert_eq!(count("classic"), 8);
    // 6x6 with 2x3 boxes: two horizontal runs, one vertical, and the frame.
    assert_eq!(count("6x6"), 7);
    // Jigsaw regions need many short runs.
    assert!(count("jigsaw") > 12);
}

#[test]
fn variants_shade_their_extra_units() {
    // Any fill but the paper's white.
    let shaded = |name: &str| {
        let svg = render::to_svg(&samples::sheet(name));
        let doc = Document::parse(&svg).unwrap();
        class(&doc, "rect", "cell")
            .iter()
            .filter(|c| c.attribute("fill") != Some("#ffffff"))
            .count()
    };
    assert_eq!(shaded("classic"), 0);
    assert_eq!(shaded("x"), 17, "two diagonals share the centre");
    assert_eq!(shaded("hyper"), 36, "four windows of nine");
}

#[test]
fn the_solution_is_told_apart_from_the_givens() {
    let mut sheet = samples::sheet("classic");
    sheet.solution = Some(samples::solution("classic"));
    check(&sheet, |doc| {
        let solved = class(doc, "text", "solved");
        assert_eq!(solved.len(), 81 - sheet.puzzle.givens());
        assert!(solved.iter().all(|s| s.attribute("font-weight").is_none()));
        let given = class(doc, "text", "given")[0].attribute("fill");
        assert_ne!(solved[0].attribute("fill"), given);
    });
}

#[test]
fn candidates_fill_the_blank_cells_mini_grids() {
    let mut sheet = samples::sheet("classic");
    let cand = general::candidates(&sheet.shape, &sheet.puzzle).unwrap();
    let blanks: u32 = (0..81)
        .filter(|&i| sheet.puzzle.get(i) == 0)
        .map(|i| cand[i].count_ones())
        .sum();
    sheet.candidates = Some(cand);
    check(&sheet, |doc| {
        assert_eq!(class(doc, "text", "candidate").len(), blanks as usize);
    });
}

#[test]
fn a_hints_cells_are_highlighted() {
    let mut sheet = samples::sheet("classic");
    sheet.highlight = vec![0, 40, 80];
    check(&sheet, |doc| {
        let lit: Vec<_> = class(doc, "rect", "cell")
            .into_iter()
            .enumerate()
            .filter(|(_, c)| c.attribute("fill") == Some("#ffe680"))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(lit, vec![0, 40, 80]);
    });
}

#[test]
fn killer_cages_are_dashed_outlines_with_their_sums() {
    let sheet = samples::killer();
    check(&sheet, |doc| {
        let cages = class(doc, "line", "cage");
        assert!(cages
            .iter()
            .all(|l| l.attribute("stroke-dasharray").is_some()));
        // One segment per cell edge on a cage's boundary: eight for an L of three and for a row.
        assert_eq!(cages.len(), 27 * 8);
        let sums: Vec<u32> = class(doc, "text", "sum")
            .iter()
            .map(|s| s.text().unwrap().parse().unwrap())
            .collect();
        assert_eq!(sums, sheet.cages.iter().map(|c| c.sum).collect::<Vec<_>>());
        // Outlines sit inside the cells: none touches the grid's frame at 18 points.
        for line in cages {
            for attr in ["x1", "y1", "x2", "y2"] {
                let v: f32 = line.attribute(attr).unwrap().parse().unwrap();
                assert!(v > 18.0 && v < 342.0, "{attr}={v}");
            }
        }
    });
}

/// X + hyper: the diagonals' cells, the windows' cells and the cells on both are each shaded their
/// own way, so a printed grid says which extra unit a cell is in.
#[test]
fn diagonals_and_windows_are_shaded_apart() {
    use sudoku_service::engine::shape::{Cells, Rules, Shape, UnitKind, Variant};
    let shape = Shape::new(&Rules {
        variants: vec![Variant::X, Variant::Hyper],
        ..Rules::default()
    })
    .unwrap();
    let cells_of = |kinds: &[fn(UnitKind) -> bool]| -> std::collections::HashSet<usize> {
        (0..shape.unit_count())
            .filter(|&u| kinds.iter().any(|k| k(shape.unit_kind(u))))
            .flat_map(|u| shape.unit(u).iter().map(|&c| usize::from(c)))
            .collect()
    };
    let diagonal = cells_of(&[|k| matches!(k, UnitKind::Diagonal | UnitKind::AntiDiagonal)]);
    let window = cells_of(&[|k| matches!(k, UnitKind::Window(_))]);
    let sheet = Sheet::new(shape.clone(), Cells::empty(81));
    check(&sheet, |doc| {
        let fills: Vec<&str> = class(doc, "rect", "cell")
            .iter()
            .map(|c| c.attribute("fill").unwrap())
            .collect();
        let fill_of = |i: usize| fills[i];
        let kind = |i: usize| (diagonal.contains(&i), window.contains(&i));
        for i in 0..81 {
            for j in 0..81 {
                assert_eq!(
                    fill_of(i) == fill_of(j),
                    kind(i) == kind(j),
                    "{i} and {j}: {} {}",
                    fill_of(i),
                    fill_of(j)
                );
            }
        }
    });
}
