//! How far the two logic layers are apart on classic 9x9: the map for making them one (issue 32).
//! Explains each classic puzzle with the classic layer (`engine::logic`) and with the general one
//! (`engine::general::logic`) on the classic shape, and counts where the paths first part: the same
//! steps (technique, placements, eliminations) with the same words, the same steps in other words,
//! another step, or another grade.
//!
//!     cargo run --release --example logic_agreement -- puzzles/top95.txt [more files]
//!
//! Prints one line per file, then, for the first step where the paths part, which classic
//! technique met which general one (the scan order and the techniques the general layer lacks).
//! With `SHOW=1`, each path that parts also prints, on standard error, its first reworded pair of
//! explanations (classic, then general) or, where the steps differ, the puzzle and the first pair
//! of differing steps; `SHOW=xy_wing` does so only where the classic step is that technique.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use sudoku_service::engine::general::logic::{ShapeLogic, ShapeStep};
use sudoku_service::engine::puzzle::Puzzle;
use sudoku_service::engine::shape::{Cells, Shape};
use sudoku_service::engine::{Grid, Interrupt};

/// A step's technique id, placements and eliminations: what makes two paths the same.
type Plain<'a> = (
    &'static str,
    &'a [sudoku_service::engine::general::logic::Mark],
    &'a [sudoku_service::engine::general::logic::Mark],
);

fn plain(step: &ShapeStep) -> Plain<'_> {
    (step.technique.id(), &step.placements, &step.eliminations)
}

/// Whether `SHOW` asks for the pairs of this technique: `SHOW=1` for all, `SHOW=xy_wing` for one.
fn shown(technique: &str) -> bool {
    std::env::var("SHOW").is_ok_and(|want| want == "1" || want == technique)
}

#[derive(Default)]
struct Tally {
    puzzles: usize,
    identical: usize,
    same_steps_other_words: usize,
    other_path: usize,
    other_grade: usize,
    failed: usize,
    classic_time: Duration,
    general_time: Duration,
}

fn main() {
    let shape = Shape::classic();
    let mut parted: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut words: BTreeMap<&'static str, usize> = BTreeMap::new();
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).expect("a readable file");
        let mut tally = Tally::default();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Ok(grid) = line.chars().take(81).collect::<String>().parse::<Grid>() else {
                continue;
            };
            let cells = Cells::parse(&shape, &grid.to_line()).expect("a classic line");
            tally.puzzles += 1;
            let started = Instant::now();
            let a = Puzzle::Classic(grid).explain(Interrupt::NEVER);
            tally.classic_time += started.elapsed();
            let started = Instant::now();
            let b = ShapeLogic::new().explain(&shape, &cells);
            tally.general_time += started.elapsed();
            let (Ok(a), Ok(b)) = (a, b) else {
                tally.failed += 1;
                continue;
            };
            if (a.grade.difficulty, a.grade.score) != (b.grade.difficulty, b.grade.score) {
                tally.other_grade += 1;
            }
            let first = a
                .steps
                .iter()
                .zip(&b.steps)
                .position(|(x, y)| plain(x) != plain(y));
            match first {
                None if a.steps.len() == b.steps.len() => {
                    let reworded = a.steps.iter().zip(&b.steps).find(|(x, y)| x != y);
                    match reworded {
                        None => tally.identical += 1,
                        Some((x, y)) => {
                            if shown(x.technique.id()) {
                                eprintln!(
                                    "C {}\n  {:?}\nG {}\n  {:?}\n",
                                    x.explanation, x.pattern, y.explanation, y.pattern
                                );
                            }
                            tally.same_steps_other_words += 1;
                            *words.entry(x.technique.id()).or_default() += 1;
                        }
                    }
                }
                _ => {
                    tally.other_path += 1;
                    let i = first.unwrap_or(a.steps.len().min(b.steps.len()));
                    let name = |s: Option<&'static str>| s.unwrap_or("(end)").to_string();
                    let key = (
                        name(a.steps.get(i).map(|s| s.technique.id())),
                        name(b.steps.get(i).map(|s| s.technique.id())),
                    );
                    if shown(&key.0) {
                        let say = |s: Option<&str>| s.unwrap_or("(end)").to_string();
                        eprintln!(
                            "{line}\nC {}\nG {}\n",
                            say(a.steps.get(i).map(|s| s.explanation.as_str())),
                            say(b.steps.get(i).map(|s| s.explanation.as_str()))
                        );
                    }
                    *parted.entry(key).or_default() += 1;
                }
            }
        }
        println!(
            "{file}: {} puzzles; identical paths, words and patterns {}, same steps in other words or patterns {}, \
             another path {}, another grade {}, not explained {}; explaining took {:.0} ms \
             (classic) and {:.0} ms (general)",
            tally.puzzles,
            tally.identical,
            tally.same_steps_other_words,
            tally.other_path,
            tally.other_grade,
            tally.failed,
            tally.classic_time.as_secs_f64() * 1e3,
            tally.general_time.as_secs_f64() * 1e3
        );
    }
    println!("\nfirst reworded or repatterned technique (same steps): {words:?}");
    println!("\nwhere paths part (classic step, general step): count");
    let mut parted: Vec<_> = parted.into_iter().collect();
    parted.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    for ((c, g), n) in parted {
        println!("  {c:>28} / {g:<28} {n}");
    }
}
