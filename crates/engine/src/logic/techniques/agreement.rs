//! How far each classic finder is from its general twin (issue 32): on every position of the
//! classic paths of the golden puzzles, each pair of finders is asked for its step in the classic
//! order, as the classic walk asks them (up to the first finder that finds one), and the positions
//! where they answer differently are counted, technique by technique. A technique that
//! agrees everywhere can be borrowed ([`super::borrowed`]) and its classic code deleted. A tool,
//! not a guard (the golden files are the guard):
//!
//!     cargo test --release -p sudoku-engine finder_agreement -- --ignored --nocapture
//!
//! `SHOW=technique_id` prints the first few differing pairs of that technique.

use std::collections::BTreeMap;

use super::borrowed::Handed;
use super::{Context, FINDERS};
use crate::general::logic::{Assumes, FINDERS as SHAPE_FINDERS};
use crate::grid::Grid;
use crate::logic::position::Position;
use crate::logic::LogicSolver;

/// The classic puzzles of the golden file (`tests/golden/logic.tsv`: its rows' first column;
/// the seeded generators' rows are no puzzles).
fn golden_puzzles() -> Vec<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden/logic.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|row| row.split('\t').next()?.parse().ok())
        .collect()
}

#[test]
#[ignore = "a measuring tool: cargo test --release -p sudoku-engine finder_agreement -- --ignored --nocapture"]
fn finder_agreement() {
    let twins: Vec<_> = SHAPE_FINDERS
        .iter()
        .filter(|f| !matches!(f.assumes, Assumes::Cages | Assumes::Constraints))
        .collect();
    assert_eq!(twins.len(), FINDERS.len());
    let show = std::env::var("SHOW").unwrap_or_default();
    let mut asked: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut shown = 0;
    for puzzle in golden_puzzles() {
        let Ok(explained) = LogicSolver::new().explain(&puzzle) else {
            continue;
        };
        let context = Context::unique(explained.solution);
        let mut position = Position::new(&puzzle);
        for step in &explained.steps {
            let handed = Handed::new(&position, &context);
            for (classic, twin) in FINDERS.iter().zip(&twins) {
                let id = twin.technique.id();
                let a = classic.find(&position, &context, &mut None);
                let b = handed.find(twin.find);
                let entry = asked.entry(id).or_default();
                entry.0 += 1;
                if a != b {
                    entry.1 += 1;
                    if show == id && shown < 5 {
                        shown += 1;
                        eprintln!("{puzzle}\n{position:?}\nC {a:?}\nG {b:?}\n");
                    }
                }
                if a.is_some() {
                    break;
                }
            }
            position.apply(step);
        }
    }
    println!("technique: positions where the classic walk asks it, where the twins differ");
    for (id, (n, differ)) in asked {
        println!("{id:>28} {n:>7} {differ:>7}");
    }
}
