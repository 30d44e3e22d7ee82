//! Branching on a cage's combinations: on a hard killer a cage may have two or three digit sets
//! left while every cell has three or more candidates, and guessing the set decides several cells
//! at once.

use super::distinct::OpenCells;
use super::{CageTables, Group, Inference};
use crate::shape::Shape;

/// A given cage's open cells and the digit sets they may still take, one of which holds.
#[derive(Clone, Debug, Default)]
pub(crate) struct CageSplit {
    /// The cage's open cells.
    pub(crate) cells: Vec<u16>,
    /// The remaining combinations, as masks of the open cells' values.
    pub(crate) combos: Vec<u32>,
}

impl CageTables {
    /// Whether these tables are solving's ([`Inference::Full`]): the search's cage heuristics run
    /// only then, so generation's searches and thus its puzzles never see them.
    pub(crate) fn solving(&self) -> bool {
        self.inference == Inference::Full
    }

    /// The given cage with the fewest remaining combinations (at least two), when it has fewer
    /// than `below`; only when solving.
    pub(crate) fn fewest_combinations(
        &self,
        shape: &Shape,
        cand: &[u32],
        below: usize,
        out: &mut CageSplit,
    ) -> bool {
        if !self.solving() {
            return false;
        }
        let mut best = below;
        let mut found = false;
        let mut combos = Vec::new();
        // The given cages come first among the groups.
        for group in &self.groups[..shape.cages().len()] {
            let Some(open) = remaining_combos(self, group, cand, best, &mut combos) else {
                continue;
            };
            if combos.len() >= 2 && combos.len() < best {
                best = combos.len();
                found = true;
                out.cells.clear();
                out.cells.extend_from_slice(open.open());
                out.combos.clone_from(&combos);
            }
        }
        found
    }

    /// Every distinct group (given cage or rule-of-45 group whose cells see each other) with
    /// exactly two combinations left on `cand`, into `out` (its first `n` entries, `n` returned):
    /// each is a two-way choice the lookahead can try like a cell with two candidates. Only when
    /// solving.
    pub(crate) fn two_way_groups(&self, cand: &[u32], out: &mut Vec<CageSplit>) -> usize {
        if !self.solving() {
            return 0;
        }
        let mut n = 0;
        let mut combos = Vec::new();
        for group in self.groups.iter().filter(|g| g.distinct) {
            let Some(open) = remaining_combos(self, group, cand, 3, &mut combos) else {
                continue;
            };
            if combos.len() != 2 {
                continue;
            }
            if out.len() == n {
                out.push(CageSplit::default());
            }
            let split = &mut out[n];
            split.cells.clear();
            split.cells.extend_from_slice(open.open());
            split.combos.clone_from(&combos);
            n += 1;
        }
        n
    }
}

/// The combinations `group`'s open cells can still take on `cand` (each meeting every open cell),
/// into `combos`, stopping once there are `limit`; `None` when fewer than two cells are open or
/// the placed values overshoot the sum.
fn remaining_combos(
    tables: &CageTables,
    group: &Group,
    cand: &[u32],
    limit: usize,
    combos: &mut Vec<u32>,
) -> Option<OpenCells> {
    let cells = OpenCells::of(group, cand);
    let open = cells.open();
    let k = open.len();
    if k < 2 || cells.placed_sum > group.sum {
        return None;
    }
    combos.clear();
    tables
        .combos
        .each(k, group.sum - cells.placed_sum, cells.allowed(), |m| {
            if open.iter().all(|&c| cand[usize::from(c)] & m != 0) {
                combos.push(m);
            }
            combos.len() < limit
        });
    Some(cells)
}

#[cfg(test)]
mod tests {
    use crate::general::{generated_killer, ShapeSolver};
    use crate::shape::{CageRule, Cells, Rules, Shape};
    use crate::Outcome;

    /// A generated killer of `size` with every other cage dropped (so many have several
    /// solutions) and a few givens of its solution.
    fn loosened(size: usize, seed: u64) -> (Shape, Cells) {
        let k = generated_killer(size, seed, false);
        let name = |c: u16| k.shape.cell_name(usize::from(c));
        let cages = k
            .shape
            .cages()
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == 0);
        let cages = cages
            .map(|(_, c)| CageRule {
                sum: c.sum,
                cells: c.cells.iter().map(|&c| name(c)).collect(),
            })
            .collect();
        let rules = Rules {
            size: Some(size),
            cages,
            ..Rules::default()
        };
        let shape = Shape::new(&rules).unwrap();
        let mut values = vec![0; size * size];
        for c in (0..size * size).step_by(11 + seed as usize % 5) {
            values[c] = k.solution.values()[c];
        }
        (shape, Cells::from_values(values))
    }

    /// Solutions counted: most of the loosened killers have fewer.
    const LIMIT: usize = 60;

    /// Every loosened killer the soundness tests search: 4x4, 6x6 and 9x9.
    fn sample() -> impl Iterator<Item = (usize, u64)> {
        let small = (0..12).map(|s| (4, s)).chain((0..12).map(|s| (6, s)));
        small.chain((0..8).map(|s| (9, s)))
    }

    /// The solutions of `out`, sorted.
    fn sorted(out: &Outcome<Cells>) -> Vec<Vec<u8>> {
        let mut all: Vec<Vec<u8>> = out.solutions.iter().map(|s| s.values().to_vec()).collect();
        all.sort();
        all
    }

    /// Whether `a` and `b` (searches of the same puzzle) agree: the same verdict, and the same
    /// solutions when both found all of them.
    fn agree(a: &Outcome<Cells>, b: &Outcome<Cells>, what: &str) {
        assert_eq!(a.verdict, b.verdict, "{what}");
        if a.solutions.len() < LIMIT {
            // Every solution was found both ways (past the limit each finds its own first).
            assert_eq!(sorted(a), sorted(b), "{what}");
        } else {
            assert_eq!(b.solutions.len(), LIMIT, "{what}");
        }
    }

    #[test]
    fn splitting_on_cages_at_every_guess_finds_the_same_solutions() {
        let (mut several, mut differed) = (0, 0);
        for (size, seed) in sample() {
            let (shape, puzzle) = loosened(size, seed);
            // Without the lookahead's own group splits, which would take most of these guesses.
            let solver = ShapeSolver::new().limit(LIMIT).without_group_probes();
            let plain = solver.solve(&shape, &puzzle).unwrap();
            let split = solver.always_split_cages();
            let split = split.solve(&shape, &puzzle).unwrap();
            agree(&plain, &split, &format!("size {size} seed {seed}"));
            several += usize::from(plain.solutions.len() > 1);
            differed += usize::from(plain.stats.nodes != split.stats.nodes);
        }
        // The sample has several solutions to find, and the splits changed the searches.
        assert!(several >= 6, "{several} with several solutions");
        assert!(differed >= 5, "{differed} searches changed");
    }

    /// The lookahead's two-way groups (a refuted combination leaves the other on the board, a
    /// chosen group is branched on) keep every solution: the search finds the same ones as with
    /// cells and values alone, and the groups changed many of the searches.
    #[test]
    fn probing_groups_with_two_combinations_finds_the_same_solutions() {
        let mut differed = 0;
        for (size, seed) in sample() {
            let (shape, puzzle) = loosened(size, seed);
            let probed = ShapeSolver::new().limit(LIMIT).without_conflict_weights();
            let probed = probed.solve(&shape, &puzzle).unwrap();
            let before = ShapeSolver::new().limit(LIMIT).without_group_probes();
            let before = before.solve(&shape, &puzzle).unwrap();
            agree(&before, &probed, &format!("size {size} seed {seed}"));
            differed += usize::from(before.stats.nodes != probed.stats.nodes);
        }
        assert!(differed >= 5, "{differed} searches changed");
    }

    /// Guessing by conflict weights (the lookahead refuting with groups alone, no cage split)
    /// keeps every solution: the same ones as the search before it, and it changed the searches.
    #[test]
    fn guessing_by_conflict_weights_finds_the_same_solutions() {
        let mut differed = 0;
        for (size, seed) in sample() {
            let (shape, puzzle) = loosened(size, seed);
            let weighted = ShapeSolver::new()
                .limit(LIMIT)
                .solve(&shape, &puzzle)
                .unwrap();
            let before = ShapeSolver::new().limit(LIMIT).without_conflict_weights();
            let before = before.solve(&shape, &puzzle).unwrap();
            agree(&before, &weighted, &format!("size {size} seed {seed}"));
            differed += usize::from(before.stats.nodes != weighted.stats.nodes);
        }
        assert!(differed >= 5, "{differed} searches changed");
    }

    /// Killers over 12x12 keep the lookahead's best pair: the same search, node for node, with
    /// conflict weights allowed or not.
    #[test]
    fn killers_over_12x12_are_searched_without_conflict_weights() {
        let k = generated_killer(16, 0, false);
        let weighted = ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap();
        let before = ShapeSolver::new().without_conflict_weights();
        let before = before.solve(&k.shape, &k.puzzle).unwrap();
        assert_eq!(weighted.solutions, before.solutions);
        assert_eq!(weighted.stats.nodes, before.stats.nodes);
        assert_eq!(weighted.stats.guesses, before.stats.guesses);
        assert!(before.stats.guesses > 0, "the 16x16 killer needs a guess");
    }
}
