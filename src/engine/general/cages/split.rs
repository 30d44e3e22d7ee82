//! Branching on a cage's combinations: on a hard killer a cage may have two or three digit sets
//! left while every cell has three or more candidates, and guessing the set decides several cells
//! at once.

use super::distinct::Open;
use super::{CageTables, Inference};
use crate::engine::shape::Shape;

/// A given cage's open cells and the digit sets they may still take, one of which holds.
#[derive(Clone, Debug, Default)]
pub(crate) struct CageSplit {
    /// The cage's open cells.
    pub(crate) cells: Vec<u16>,
    /// The remaining combinations, as masks of the open cells' values.
    pub(crate) combos: Vec<u32>,
}

impl CageTables {
    /// The given cage with the fewest remaining combinations (at least two), when it has fewer
    /// than `below`; only when solving ([`Inference::Full`]), so generation's searches and thus
    /// its puzzles never see it.
    pub(crate) fn fewest_combinations(
        &self,
        shape: &Shape,
        cand: &[u32],
        below: usize,
        out: &mut CageSplit,
    ) -> bool {
        if self.inference != Inference::Full {
            return false;
        }
        let mut best = below;
        let mut found = false;
        let mut combos = Vec::new();
        // The given cages come first among the groups.
        for group in &self.groups[..shape.cages().len()] {
            let cells = Open::of(group, cand);
            let open = cells.open();
            let k = open.len();
            if k < 2 || cells.placed_sum > group.sum {
                continue;
            }
            combos.clear();
            self.combos
                .each(k, group.sum - cells.placed_sum, cells.allowed(), |m| {
                    if open.iter().all(|&c| cand[usize::from(c)] & m != 0) {
                        combos.push(m);
                    }
                    combos.len() < best
                });
            if combos.len() >= 2 && combos.len() < best {
                best = combos.len();
                found = true;
                out.cells.clear();
                out.cells.extend_from_slice(open);
                out.combos.clone_from(&combos);
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::general::{generated_killer, Solver};
    use crate::engine::shape::{CageRule, Cells, Rules, Shape};

    /// A generated killer of `size` with every other cage dropped (so many have several
    /// solutions) and a few givens of its solution.
    fn loosened(size: usize, seed: u64) -> (Shape, Cells) {
        let k = generated_killer(size, seed, false);
        let name = |c: u16| {
            let c = usize::from(c);
            format!("{}{}", char::from(b'A' + (c / size) as u8), c % size + 1)
        };
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

    #[test]
    fn splitting_on_cages_at_every_guess_finds_the_same_solutions() {
        let (mut several, mut differed) = (0, 0);
        let small = (0..12).map(|s| (4, s)).chain((0..12).map(|s| (6, s)));
        for (size, seed) in small.chain((0..8).map(|s| (9, s))) {
            let (shape, puzzle) = loosened(size, seed);
            let plain = Solver::new().limit(LIMIT).solve(&shape, &puzzle).unwrap();
            let split = Solver::new().limit(LIMIT).always_split_cages();
            let split = split.solve(&shape, &puzzle).unwrap();
            let sorted = |out: &crate::engine::general::Outcome| {
                let mut all: Vec<Vec<u8>> =
                    out.solutions.iter().map(|s| s.values().to_vec()).collect();
                all.sort();
                all
            };
            assert_eq!(plain.verdict, split.verdict, "size {size} seed {seed}");
            if plain.solutions.len() < LIMIT {
                // Every solution was found both ways (past the limit each finds its own first).
                assert_eq!(sorted(&plain), sorted(&split), "size {size} seed {seed}");
            } else {
                assert_eq!(split.solutions.len(), LIMIT, "size {size} seed {seed}");
            }
            several += usize::from(plain.solutions.len() > 1);
            differed += usize::from(plain.stats.nodes != split.stats.nodes);
        }
        // The sample has several solutions to find, and the splits changed the searches.
        assert!(several >= 6, "{several} with several solutions");
        assert!(differed >= 5, "{differed} searches changed");
    }
}
