//! Puzzle files for the tests: the crate's `puzzles/` and the large tdoku sets beside the crate.

use std::path::PathBuf;

use sudoku_service::engine::Grid;

/// Norvig's impossible puzzle: no solution (1439 s for his program).
pub const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

/// Norvig's `hard1`: many solutions.
pub const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

/// The essay's grid2, whose candidates the essay prints.
pub const GRID2: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The puzzle files of `puzzles/`.
pub const PUZZLE_FILES: [&str; 4] = ["easy50.txt", "top95.txt", "hardest.txt", "notebook.txt"];

/// A puzzle and where it came from, for failure messages.
pub struct Puzzle {
    /// `file:line`.
    pub origin: String,
    /// The puzzle.
    pub grid: Grid,
}

/// Parses a string the tests know to be a puzzle.
pub fn grid(text: &str) -> Grid {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} is no puzzle: {e}"))
}

/// Every puzzle of `puzzles/NAME`; a line is `<puzzle>` or `<puzzle> <name>`, `#` lines are comments.
pub fn puzzle_file(name: &str) -> Vec<Puzzle> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name);
    read(&path).unwrap_or_else(|| panic!("{} is missing", path.display()))
}

/// Every puzzle of all of `puzzles/`.
pub fn all_puzzle_files() -> Vec<Puzzle> {
    PUZZLE_FILES.iter().flat_map(|f| puzzle_file(f)).collect()
}

/// The tdoku set `NAME`, or `None` (with a note on standard error) when the datasets are not there.
pub fn dataset(name: &str) -> Option<Vec<Puzzle>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/datasets/tdoku")
        .join(name);
    let puzzles = read(&path);
    if puzzles.is_none() {
        eprintln!("note: {} is absent; skipping it", path.display());
    }
    puzzles
}

/// The puzzle file `REL` under `../shared/datasets/`, or `None` (with a note) when it is not there.
pub fn shared_file(rel: &str) -> Option<Vec<Puzzle>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/datasets")
        .join(rel);
    let puzzles = read(&path);
    if puzzles.is_none() {
        eprintln!("note: {} is absent; skipping it", path.display());
    }
    puzzles
}

/// Every `n`th puzzle of the tdoku set `NAME`, starting with the first.
pub fn dataset_sample(name: &str, n: usize) -> Option<Vec<Puzzle>> {
    let all = dataset(name)?;
    Some(all.into_iter().step_by(n).collect())
}

fn read(path: &PathBuf) -> Option<Vec<Puzzle>> {
    let text = std::fs::read_to_string(path).ok()?;
    let file = path
        .file_name()
        .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
    let puzzles = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| {
            let first = line.split_whitespace().next().unwrap_or_default();
            Puzzle {
                origin: format!("{file}:{}", i + 1),
                grid: grid(first),
            }
        })
        .collect();
    Some(puzzles)
}
