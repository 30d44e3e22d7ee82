//! Golden SVG bytes for a few shapes: the drawing may not change by accident. After a deliberate
//! change, `UPDATE_GOLDEN=1 cargo test --test render golden` rewrites them; review them as images
//! (`scripts/render-pictures.sh` draws each as PNG into target/golden-png) before committing.

use std::path::PathBuf;

use super::samples;
use sudoku_service::render;

/// Shapes with golden files: boxes of three sizes, jigsaw regions, shaded diagonals, cages, and
/// every constraint type on 9x9 and 6x6 (outside clues in bands around the grid).
const GOLDEN: [&str; 7] = [
    "classic",
    "6x6",
    "jigsaw",
    "x",
    "killer",
    "constraints",
    "constraints-6x6",
];

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/render/{name}.svg"))
}

#[test]
fn svg_bytes_match_the_golden_files() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for name in GOLDEN {
        let sheet = if samples::CONSTRAINED.contains(&name) {
            samples::constrained(name)
        } else {
            samples::sheet(name)
        };
        let svg = render::to_svg(&sheet);
        let file = path(name);
        if update {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &svg).unwrap();
            continue;
        }
        let golden =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(
            svg == golden,
            "{name}: the SVG differs from {}",
            file.display()
        );
    }
}

#[test]
fn the_same_sheet_gives_the_same_bytes() {
    for name in samples::NAMES {
        let sheet = samples::sheet(name);
        assert_eq!(render::to_svg(&sheet), render::to_svg(&sheet), "{name}");
        assert_eq!(render::to_pdf(&sheet), render::to_pdf(&sheet), "{name}");
    }
}
