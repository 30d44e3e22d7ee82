//! `candidates()` against the independent transcription of Norvig's `parse_grid` in `norvig_ref`,
//! square for square, on every puzzle file, slices of the large sets, Norvig's random puzzles, and
//! puzzles given extra (often contradictory) digits.

use sudoku_service::engine::{candidates, random_puzzle, Grid, Rng};

use crate::data::{all_puzzle_files, dataset_sample, grid, Puzzle, GRID2, HARD1, IMPOSSIBLE};
use crate::norvig_ref::Norvig;

/// The essay's `display(parse_grid(grid2))`, as the notebook in the seeds prints it.
const ESSAY_GRID2_CANDIDATES: &str = "
   4      1679   12679  |  139     2369    269   |   8      1239     5
 26789     3    1256789 | 14589   24569   245689 | 12679    1249   124679
  2689   15689   125689 |   7     234569  245689 | 12369   12349   123469
------------------------+------------------------+------------------------
  3789     2     15789  |  3459   34579    4579  | 13579     6     13789
  3679   15679   15679  |  359      8     25679  |   4     12359   12379
 36789     4     56789  |  359      1     25679  | 23579   23589   23789
------------------------+------------------------+------------------------
  289      89     289   |   6      459      3    |  1259     7     12489
   5      6789     3    |   2      479      1    |   69     489     4689
   1      6789     4    |  589     579     5789  | 23569   23589   23689";

/// How the comparisons came out, so a test can insist both kinds of result were exercised.
#[derive(Debug, Default)]
struct Tally {
    candidates: usize,
    contradictions: usize,
}

impl Tally {
    /// Compares the engine with the reference on `text`, panicking on the first difference.
    fn compare(&mut self, norvig: &Norvig, text: &str, origin: &str) {
        let expected = norvig.parse_grid(text);
        let actual = candidates(&grid(text)).map(|c| c.strings());
        match (expected, actual) {
            (None, None) => self.contradictions += 1,
            (Some(expected), Some(actual)) => {
                for (s, name) in norvig.squares().iter().enumerate() {
                    assert_eq!(actual[s], expected[s], "{origin}: square {name} of {text}");
                }
                self.candidates += 1;
            }
            (expected, actual) => {
                panic!("{origin}: {text}: Norvig gives {expected:?}, the engine {actual:?}")
            }
        }
    }

    fn compare_all(&mut self, norvig: &Norvig, puzzles: &[Puzzle]) {
        for p in puzzles {
            self.compare(norvig, &p.grid.to_line(), &p.origin);
        }
    }
}

/// Every 50th puzzle of the large sets (every one of the short lists): about 3,700 puzzles.
fn large_set_slice() -> Vec<Puzzle> {
    [
        ("puzzles2_17_clue", 50),
        ("puzzles3_magictour_top1465", 5),
        ("puzzles5_forum_hardest_1905_11+", 50),
        ("puzzles6_forum_hardest_1106", 1),
        ("puzzles7_serg_benchmark", 20),
    ]
    .into_iter()
    .filter_map(|(name, step)| dataset_sample(name, step))
    .flatten()
    .collect()
}

#[test]
fn the_reference_has_the_essays_geometry() {
    let norvig = Norvig::new();
    assert_eq!(norvig.squares().len(), 81);
    assert_eq!(norvig.squares()[0], "A1");
    assert_eq!(norvig.squares()[80], "I9");
    assert!(norvig.peer_counts().iter().all(|&n| n == 20));
}

#[test]
fn grid2_candidates_match_the_essay_square_for_square() {
    let essay: Vec<&str> = ESSAY_GRID2_CANDIDATES
        .split_whitespace()
        .filter(|t| t.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(essay.len(), 81);
    let reference = Norvig::new()
        .parse_grid(GRID2)
        .expect("grid2 has candidates");
    assert_eq!(reference, essay, "the reference must reproduce the essay");
    let engine = candidates(&grid(GRID2)).expect("grid2 has candidates");
    assert_eq!(engine.strings(), essay);
    assert_eq!(
        engine.strings()[..9].join(" "),
        "4 1679 12679 139 2369 269 8 1239 5"
    );
}

#[test]
fn every_puzzle_file_has_norvigs_candidates() {
    let norvig = Norvig::new();
    let mut tally = Tally::default();
    tally.compare_all(&norvig, &all_puzzle_files());
    assert_eq!(tally.candidates, 161, "{tally:?}");
}

#[test]
fn thousands_of_large_set_puzzles_have_norvigs_candidates() {
    let norvig = Norvig::new();
    let puzzles = large_set_slice();
    if puzzles.is_empty() {
        return;
    }
    let mut tally = Tally::default();
    tally.compare_all(&norvig, &puzzles);
    assert!(tally.candidates >= 3000, "{tally:?}");
}

#[test]
fn norvigs_random_puzzles_have_norvigs_candidates() {
    let norvig = Norvig::new();
    let mut tally = Tally::default();
    for seed in 0..1500u64 {
        let givens = 17 + (seed % 14) as usize;
        let puzzle = random_puzzle(&mut Rng::seeded(seed), givens);
        tally.compare(
            &norvig,
            &puzzle.to_line(),
            &format!("seed {seed}, {givens} givens"),
        );
    }
    assert_eq!(
        tally.candidates, 1500,
        "random puzzles are never contradictory: {tally:?}"
    );
}

/// `line` with `digit` written at square index `at`.
fn with_given(line: &str, at: usize, digit: u8) -> String {
    let mut bytes = line.as_bytes().to_vec();
    bytes[at] = b'0' + digit;
    String::from_utf8(bytes).unwrap_or_default()
}

#[test]
fn puzzles_with_random_extra_givens_agree_including_contradictions() {
    let norvig = Norvig::new();
    let mut rng = Rng::seeded(2024);
    let mut puzzles = all_puzzle_files();
    puzzles.extend(dataset_sample("puzzles2_17_clue", 100).unwrap_or_default());
    let mut tally = Tally::default();
    for p in &puzzles {
        let line = p.grid.to_line();
        let blanks: Vec<usize> = line.match_indices('.').map(|(i, _)| i).collect();
        for _ in 0..4 {
            let at = blanks[rng.below(blanks.len() as u64) as usize];
            let digit = 1 + rng.below(9) as u8;
            tally.compare(&norvig, &with_given(&line, at, digit), &p.origin);
        }
    }
    assert!(tally.contradictions >= 100, "{tally:?}");
    assert!(tally.candidates >= 100, "{tally:?}");
}

#[test]
fn a_given_repeated_in_its_row_column_or_box_is_a_contradiction_for_both() {
    let norvig = Norvig::new();
    for p in all_puzzle_files() {
        let line = p.grid.to_line();
        let (at, digit) = line
            .bytes()
            .enumerate()
            .find(|&(_, b)| b != b'.')
            .map(|(i, b)| (i, b - b'0'))
            .expect("a puzzle has a given");
        let (row, col) = (at / 9, at % 9);
        let same_row = (0..9).map(|c| row * 9 + c);
        let same_col = (0..9).map(|r| r * 9 + col);
        let same_box = (0..9).map(|k| (row / 3 * 3 + k / 3) * 9 + col / 3 * 3 + k % 3);
        for unit in [
            same_row.collect::<Vec<_>>(),
            same_col.collect(),
            same_box.collect(),
        ] {
            let Some(&blank) = unit.iter().find(|&&s| line.as_bytes()[s] == b'.') else {
                continue;
            };
            let text = with_given(&line, blank, digit);
            assert_eq!(norvig.parse_grid(&text), None, "{}: {text}", p.origin);
            assert_eq!(candidates(&grid(&text)), None, "{}: {text}", p.origin);
        }
    }
}

#[test]
fn the_empty_grid_leaves_every_digit_everywhere() {
    let c = candidates(&Grid::EMPTY).expect("the empty grid is no contradiction");
    assert!(c.strings().iter().all(|s| s == "123456789"));
    let mut tally = Tally::default();
    tally.compare(&Norvig::new(), &".".repeat(81), "empty");
    assert_eq!(tally.candidates, 1);
}

#[test]
fn norvigs_impossible_puzzle_has_his_candidates() {
    let mut tally = Tally::default();
    tally.compare(&Norvig::new(), IMPOSSIBLE, "impossible");
    assert_eq!(
        tally.candidates, 1,
        "propagation alone does not see the contradiction"
    );
}

#[test]
fn norvigs_hard1_has_his_candidates() {
    let mut tally = Tally::default();
    tally.compare(&Norvig::new(), HARD1, "hard1");
    assert_eq!(tally.candidates, 1);
}
