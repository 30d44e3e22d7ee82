//! PDFs read back by poppler's own tools: `pdfinfo` (pages, size, title), `pdftotext` (the digits
//! in reading order, so the text is real and extractable) and `pdftoppm` (it renders).
//!
//! The tools come from Debian's poppler-utils, which `.ci/run` installs. Where they are missing the
//! tests say so and pass, unless `SUDOKU_REQUIRE_PDF_TOOLS` is set (CI sets it): then they fail.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::samples;
use sudoku_service::render::{self, Sheet};

/// Whether poppler's tools can run here; panics when they cannot and CI requires them.
pub fn tools() -> bool {
    let found = Command::new("pdfinfo").arg("-v").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("SUDOKU_REQUIRE_PDF_TOOLS").is_none(),
            "SUDOKU_REQUIRE_PDF_TOOLS is set but pdfinfo is missing: install poppler-utils"
        );
        eprintln!(
            "poppler-utils missing: PDF checks skipped (set SUDOKU_REQUIRE_PDF_TOOLS to fail)"
        );
    }
    found
}

/// Writes `bytes` to a fresh file named `name` under the test temp dir.
pub fn save(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, bytes).unwrap();
    file
}

/// A tool's standard output, failing the test when it fails.
pub fn run(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `pdfinfo`'s value for `key`.
pub fn info(file: &Path, key: &str) -> String {
    let text = run("pdfinfo", &[file.to_str().unwrap()]);
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no {key} in {text}"))
        .trim()
        .to_string()
}

/// The text inside the rectangle (points), as `pdftotext` reads it, whitespace removed.
pub fn text_in(file: &Path, page: usize, rect: [f32; 4]) -> String {
    let [x, y, w, h] = rect.map(|v| (v.round() as i64).to_string());
    let page = page.to_string();
    let args = [
        "-layout",
        "-f",
        &page,
        "-l",
        &page,
        "-x",
        &x,
        "-y",
        &y,
        "-W",
        &w,
        "-H",
        &h,
        file.to_str().unwrap(),
        "-",
    ];
    run("pdftotext", &args)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The symbols of `cells` that are not blank, row-major.
fn symbols(sheet: &Sheet, values: &[u8]) -> String {
    values
        .iter()
        .filter(|&&v| v != 0)
        .map(|&v| sheet.shape.symbol(v))
        .collect()
}

/// The grid's square on a single sheet's page: 18 points in, sized by the cell size.
fn grid_rect(sheet: &Sheet) -> [f32; 4] {
    let n = sheet.shape.size();
    let cell = match n {
        0..=9 => 36.0,
        10..=16 => 28.0,
        _ => 24.0,
    };
    [18.0, 18.0, cell * n as f32, cell * n as f32]
}

#[test]
fn every_shape_is_one_titled_page_with_its_givens_in_reading_order() {
    if !tools() {
        return;
    }
    for name in ["classic", "6x6", "16x16", "jigsaw", "x", "hyper"] {
        let sheet = samples::sheet(name);
        let file = save(&format!("{name}.pdf"), &render::to_pdf(&sheet));
        assert_eq!(info(&file, "Pages"), "1", "{name}");
        assert_eq!(info(&file, "Title"), sheet.title(), "{name}");
        let page = render::layout::single(&sheet);
        let size = info(&file, "Page size");
        assert!(
            size.starts_with(&format!("{} x {} pts", page.width, page.height)),
            "{name}: {size}"
        );
        let text = text_in(&file, 1, grid_rect(&sheet));
        assert_eq!(text, symbols(&sheet, sheet.puzzle.values()), "{name}");
        // The caption is text too, under the grid.
        let all = run("pdftotext", &[file.to_str().unwrap(), "-"]);
        assert!(all.contains("seed 7"), "{name}: {all}");
    }
}

#[test]
fn a_solved_sheet_reads_as_its_solution() {
    if !tools() {
        return;
    }
    for name in ["classic", "16x16"] {
        let mut sheet = samples::sheet(name);
        let solution = samples::solution(name);
        sheet.solution = Some(solution.clone());
        let file = save(&format!("{name}-solved.pdf"), &render::to_pdf(&sheet));
        let text = text_in(&file, 1, grid_rect(&sheet));
        assert_eq!(text, symbols(&sheet, solution.values()), "{name}");
    }
}

#[test]
fn killer_sums_and_givens_are_text() {
    if !tools() {
        return;
    }
    let sheet = samples::killer();
    let file = save("killer.pdf", &render::to_pdf(&sheet));
    assert_eq!(info(&file, "Title"), "Killer Sudoku 9x9 #1");
    // The first cage's top-left cell holds its sum and nothing else.
    let sum = sheet.cages[0].sum.to_string();
    assert_eq!(text_in(&file, 1, [18.0, 18.0, 36.0, 36.0]), sum);
    // Every sum and given is there: 27 sums and 4 givens.
    let all = text_in(&file, 1, grid_rect(&sheet));
    let expected: usize = sheet
        .cages
        .iter()
        .map(|c| c.sum.to_string().len())
        .sum::<usize>()
        + sheet.puzzle.givens();
    assert_eq!(all.len(), expected, "{all}");
}

#[test]
fn pdftoppm_renders_every_shape() {
    if !tools() {
        return;
    }
    for name in samples::NAMES {
        let file = save(
            &format!("{name}-render.pdf"),
            &render::to_pdf(&samples::sheet(name)),
        );
        let stem = file.with_extension("");
        run(
            "pdftoppm",
            &[
                "-png",
                "-r",
                "40",
                "-singlefile",
                file.to_str().unwrap(),
                stem.to_str().unwrap(),
            ],
        );
        let png = std::fs::read(stem.with_extension("png")).unwrap();
        assert!(png.starts_with(b"\x89PNG") && png.len() > 1000, "{name}");
    }
}
