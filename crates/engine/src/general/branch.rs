//! What the search guesses on: the open cell with the fewest candidates, or, when some unit has a
//! value with fewer places than that, the value's places in the unit. Both are lists of
//! assignments of which exactly one holds, so the search treats them alike.
//!
//! Solving a killer or a puzzle with constraints, of up to 12x12, guesses by conflicts instead ([`ConflictWeights`], dom/wdeg:
//! Boussemart, Hemery, Lecoutre and Sais, "Boosting systematic search by weighting constraints",
//! 2004): every contradiction the search meets bumps the weight of the cells of the rule that found
//! it (a cell left without candidates, a unit without a place for a value, a cage or rule-of-45
//! group that cannot reach its sum, a constraint that empties a cell), and the search guesses on the open cell with the most weight
//! per candidate. The hard killers' contradictions keep coming from the same few cages and units;
//! guessing there first finds the refutations high in the tree.

use super::propagate::{places_at_least, ConflictSite};
use super::tables::Tables;
use crate::shape::Shape;

/// The assignments one of which must hold: (cell, value bit) pairs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Branch {
    cells: [u16; 32],
    bits: [u32; 32],
    len: usize,
}

impl Branch {
    /// The options, as (cell, bit).
    pub(crate) fn options(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        (0..self.len).map(|i| (usize::from(self.cells[i]), self.bits[i]))
    }

    /// How many options there are.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Reorders the options by `order` (a permutation of `0..len`).
    pub(crate) fn shuffled(&self, order: &[usize]) -> Branch {
        let mut out = *self;
        for (i, &j) in order.iter().enumerate() {
            out.cells[i] = self.cells[j];
            out.bits[i] = self.bits[j];
        }
        out
    }

    /// The same options with the first that satisfies `wanted` moved to the front.
    pub(crate) fn first_where(&self, wanted: impl Fn(usize, u32) -> bool) -> Branch {
        let mut out = *self;
        if let Some(i) = self.options().position(|(c, b)| wanted(c, b)) {
            out.cells[..=i].rotate_right(1);
            out.bits[..=i].rotate_right(1);
        }
        out
    }

    pub(crate) fn cell(cell: usize, mut options: u32) -> Branch {
        let mut branch = Branch {
            cells: [cell as u16; 32],
            bits: [0; 32],
            len: 0,
        };
        while options != 0 {
            branch.bits[branch.len] = options & options.wrapping_neg();
            options &= options - 1;
            branch.len += 1;
        }
        branch
    }

    pub(crate) fn places(unit: &[u16], cand: &[u32], bit: u32) -> Branch {
        let mut branch = Branch {
            cells: [0; 32],
            bits: [bit; 32],
            len: 0,
        };
        for &c in unit.iter().filter(|&&c| cand[usize::from(c)] & bit != 0) {
            branch.cells[branch.len] = c;
            branch.len += 1;
        }
        branch
    }
}

/// The branch with the fewest options on an open board (one not solved and without contradiction).
pub(crate) fn choose(shape: &Shape, cand: &[u32]) -> Branch {
    let (cell, options) = fewest_candidates(cand);
    let count = options.count_ones();
    if count <= 2 {
        return Branch::cell(cell, options);
    }
    let mut best: Option<(usize, u32, u32)> = None;
    for u in 0..shape.unit_count() {
        let unit = shape.unit(u);
        let [_, two, three, four] = places_at_least(unit, cand);
        let exactly_two = two & !three;
        if exactly_two != 0 {
            return Branch::places(unit, cand, exactly_two & exactly_two.wrapping_neg());
        }
        let exactly_three = three & !four;
        if count > 3 && exactly_three != 0 && best.is_none() {
            best = Some((u, exactly_three & exactly_three.wrapping_neg(), 3));
        }
    }
    match best {
        Some((u, bit, _)) => Branch::places(shape.unit(u), cand, bit),
        None => Branch::cell(cell, options),
    }
}

/// The open cell with the fewest candidates (the first of equals) and its candidates.
fn fewest_candidates(cand: &[u32]) -> (usize, u32) {
    let mut best = (usize::MAX, 0u32, u32::MAX);
    for (cell, &m) in cand.iter().enumerate() {
        let n = m.count_ones();
        if n > 1 && n < best.2 {
            best = (cell, m, n);
            if n == 2 {
                break;
            }
        }
    }
    (best.0, best.1)
}

/// Per cell, how many contradictions the search met in a rule over it (one search's memory).
#[derive(Clone, Debug, Default)]
pub(crate) struct ConflictWeights {
    cells: Vec<u32>,
}

impl ConflictWeights {
    /// Counts a contradiction against every cell of the rule that found it.
    pub(crate) fn bump(&mut self, shape: &Shape, tables: &Tables, conflict: ConflictSite) {
        self.cells.resize(shape.cell_count(), 0);
        let cells: &[u16] = match conflict {
            ConflictSite::Unknown => &[],
            ConflictSite::Cell(c) => &[c][..],
            ConflictSite::Unit(u) => shape.unit(usize::from(u)),
            ConflictSite::Group(g) => tables
                .cages
                .as_ref()
                .map_or(&[][..], |cages| cages.group_cells(usize::from(g))),
            ConflictSite::Constraint(p) => tables
                .constraints
                .as_ref()
                .map_or(&[][..], |constraints| constraints.cells(usize::from(p))),
        };
        for &c in cells {
            self.cells[usize::from(c)] += 1;
        }
    }

    /// The contradictions counted against `cell`.
    pub(crate) fn of(&self, cell: usize) -> u32 {
        self.cells.get(cell).copied().unwrap_or(0)
    }

    /// The open cell with the most weight per candidate, one plus its count over its candidates
    /// (the first of equals), branched on all its candidates, on an open board. With no
    /// contradiction met yet, that is the first cell with the fewest candidates.
    pub(crate) fn choose(&self, cand: &[u32]) -> Branch {
        let mut best: Option<(usize, u64, u64)> = None;
        for (cell, &m) in cand.iter().enumerate() {
            let n = u64::from(m.count_ones());
            if n < 2 {
                continue;
            }
            let w = 1 + u64::from(self.of(cell));
            // w / n > best_w / best_n, without division.
            if best.is_none_or(|(_, bw, bn)| w * bn > bw * n) {
                best = Some((cell, w, n));
            }
        }
        let (cell, _, _) = best.expect("an open board has a cell with two or more candidates");
        Branch::cell(cell, cand[cell])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general::propagate::{initial, Propagator, Settled};
    use crate::general::tables::Tables;
    use crate::shape::{CageRule, ConstraintRule, Rules};

    /// A 4x4 killer with one cage, A1 + A2 = 3 (so 1 and 2), and its tables.
    fn one_cage() -> (Shape, Tables) {
        let rules = Rules {
            size: Some(4),
            cages: vec![CageRule {
                sum: 3,
                cells: vec!["A1".into(), "A2".into()],
            }],
            ..Rules::default()
        };
        let shape = Shape::new(&rules).unwrap();
        let tables = Tables::new(&shape);
        (shape, tables)
    }

    /// Settles `board` (which must be a contradiction) and returns the rule that found it.
    fn conflict_of(shape: &Shape, tables: &Tables, mut board: Vec<u32>) -> ConflictSite {
        let mut propagator = Propagator::new(tables, true);
        propagator.start(&board);
        assert_eq!(propagator.settle(shape, &mut board), Settled::Contradiction);
        propagator.conflict()
    }

    /// The weights each cell got from one contradiction on `board`.
    fn bumped(shape: &Shape, tables: &Tables, board: Vec<u32>) -> Vec<u32> {
        let mut weights = ConflictWeights::default();
        let conflict = conflict_of(shape, tables, board);
        weights.bump(shape, tables, conflict);
        (0..shape.cell_count()).map(|c| weights.of(c)).collect()
    }

    #[test]
    fn a_cage_that_cannot_reach_its_sum_weighs_on_its_cells_alone() {
        let (shape, tables) = one_cage();
        let mut board = initial(&shape, &[0; 16]);
        // A1 keeps 3 and 4: no pair with A2 sums to 3.
        board[0] = 0b1100;
        assert_eq!(
            conflict_of(&shape, &tables, board.clone()),
            ConflictSite::Group(0)
        );
        let weights = bumped(&shape, &tables, board);
        assert_eq!(&weights[..3], &[1, 1, 0]);
        assert_eq!(weights.iter().sum::<u32>(), 2);
    }

    #[test]
    fn a_unit_without_a_place_for_a_value_weighs_on_each_of_its_cells() {
        let (shape, tables) = one_cage();
        let mut board = initial(&shape, &[0; 16]);
        // Column 4 (A4, B4, C4, D4) loses the 4 everywhere.
        for c in [3, 7, 11, 15] {
            board[c] &= !0b1000;
        }
        let ConflictSite::Unit(u) = conflict_of(&shape, &tables, board.clone()) else {
            panic!("a unit's conflict");
        };
        assert_eq!(shape.unit(usize::from(u)), &[3, 7, 11, 15]);
        let weights = bumped(&shape, &tables, board);
        let heavy: Vec<usize> = (0..16).filter(|&c| weights[c] == 1).collect();
        assert_eq!(heavy, [3, 7, 11, 15]);
    }

    #[test]
    fn a_cell_left_without_candidates_weighs_on_itself() {
        let (shape, tables) = one_cage();
        let mut board = initial(&shape, &[0; 16]);
        // C3 and D3 (a column and a box) both hold only 4.
        board[10] = 0b1000;
        board[14] = 0b1000;
        let ConflictSite::Cell(c) = conflict_of(&shape, &tables, board.clone()) else {
            panic!("a cell's conflict");
        };
        assert!(c == 10 || c == 14, "{c}");
        let weights = bumped(&shape, &tables, board);
        assert_eq!(weights.iter().sum::<u32>(), 1);
        assert_eq!(weights[usize::from(c)], 1);
    }

    #[test]
    fn a_constraint_that_empties_a_cell_weighs_on_its_cells_alone() {
        let rules = Rules {
            size: Some(4),
            constraints: vec![ConstraintRule::Thermo {
                cells: vec!["A1".into(), "B2".into(), "C3".into()],
            }],
            ..Rules::default()
        };
        let shape = Shape::new(&rules).unwrap();
        let tables = Tables::new(&shape);
        let mut board = initial(&shape, &[0; 16]);
        // The bulb A1 keeps 3 and 4 alone: B2 must be 4 and C3 more than 4, past the 4x4's values.
        board[0] = 0b1100;
        let conflict = conflict_of(&shape, &tables, board.clone());
        assert!(
            matches!(conflict, ConflictSite::Constraint(_)),
            "{conflict:?}"
        );
        let weights = bumped(&shape, &tables, board);
        let weighed: Vec<usize> = (0..16).filter(|&c| weights[c] > 0).collect();
        assert!(!weighed.is_empty() && weighed.iter().all(|c| [0, 5, 10].contains(c)));
    }

    #[test]
    fn the_guess_is_the_cell_with_the_most_weight_per_candidate() {
        let (shape, tables) = one_cage();
        let mut board = vec![0b1111; 16];
        board[5] = 0b0011;
        let mut weights = ConflictWeights::default();
        // No weight yet: the first cell with the fewest candidates.
        assert_eq!(weights.choose(&board).options().next(), Some((5, 1)));
        // Two contradictions on D4's 4 candidates: 3/4 beats B2's 1/2.
        weights.bump(&shape, &tables, ConflictSite::Cell(15));
        weights.bump(&shape, &tables, ConflictSite::Cell(15));
        let branch = weights.choose(&board);
        assert_eq!(branch.len(), 4);
        assert!(branch.options().all(|(c, _)| c == 15));
        // A solved cell is never chosen, whatever its weight.
        board[15] = 0b0100;
        assert_eq!(weights.choose(&board).options().next(), Some((5, 1)));
    }
}
