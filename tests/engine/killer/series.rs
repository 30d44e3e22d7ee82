//! Series of hard published killers (`puzzles/killer/tarek.txt`, `puzzles/killer/mathemagic.txt`),
//! whose solutions were checked unique outside the repository by an independent SAT model: each
//! one obeys every cage and unit, and the engine proves it the only one.

use sudoku_service::engine::general::ShapeSolver;
use sudoku_service::engine::shape::{CageRule, Cells, Shape};
use sudoku_service::engine::Verdict;

use super::brute::obeys;
use super::{killer, read_killers};

/// A killer of a file: its name, cages and checked solution.
type Known = (String, Vec<CageRule>, Vec<u8>);

/// The killers of `puzzles/killer/NAME.txt`, which must hold at least `at_least`.
fn series(name: &str, at_least: usize) -> Vec<Known> {
    let path = format!("{}/puzzles/killer/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let all = read_killers(&path);
    assert!(all.len() >= at_least, "{} killers in {path}", all.len());
    all
}

/// Proves each killer unique with its checked solution; the nodes it took, in all.
fn prove(killers: &[Known]) -> u64 {
    let mut nodes = 0;
    for (name, cages, expected) in killers {
        assert!(obeys(9, (3, 3), cages, expected), "{name}");
        let shape = Shape::new(&killer(9, cages.clone())).unwrap();
        let out = ShapeSolver::new().solve(&shape, &Cells::empty(81)).unwrap();
        assert_eq!(out.verdict, Verdict::Unique, "{name}");
        assert_eq!(out.solutions[0].values(), &expected[..], "{name}");
        nodes += out.stats.nodes;
    }
    nodes
}

/// All 33 of tarek's series, within a node budget for the whole series (34,214 nodes when it was
/// set; 34,945 since killer groups are narrowed in tiers and a group that takes a cell's last
/// candidates counts as the rule that failed), so an inference or branching change that costs
/// nodes fails here, not only in a benchmark. A third of a second in a release build and several
/// in a debug one.
#[test]
fn tareks_series_is_unique_with_its_checked_solutions_within_a_node_budget() {
    let nodes = prove(&series("tarek", 33));
    assert!(nodes <= 36_000, "{nodes} nodes");
}

/// Mathemagic's fourteen hardest killers: seconds each in release, so opt-in:
/// `cargo test --release --test engine mathemagic -- --ignored`.
#[test]
#[ignore = "minutes in release"]
fn mathemagics_killers_are_unique_with_their_checked_solutions() {
    prove(&series("mathemagic", 14));
}
