//! Constraints in propagation: the tier after the killer groups. Every rule of
//! [`crate::shape::constraints`] becomes one generic propagator:
//! - a relation between two cells (dots, XV, thermometer steps, whispers, palindromes,
//!   non-consecutive, negative constraints) is a truth table, narrowed to arc consistency: a value
//!   stays when some value of the other cell agrees with it. A thermometer is a chain of `<`, so
//!   arc consistency along it gives each cell its position's bounds;
//! - sums (arrows, pills, little killers), whose cells repeat values only where no unit or peer
//!   forbids it, read in cliques of mutual peers (distinct values within each), renban's window,
//!   and the sandwich's automaton read their cells together (in `clique_sums`, `small_sums` and
//!   `lines`);
//! - odd and even are unary: narrowed once, on the first pass of a board.
//!
//! Extra regions and disjoint groups are units, anti-knight and anti-king are peers: the shape's
//! tables hold them and every other rule reads them. A shape with none of these has no tables
//! here, and propagation costs nothing more.
//!
//! Like the killer groups, a propagator is narrowed only when one of its cells changed since it
//! last was (see [`ConstraintTables::mark`]).

mod clique_sums;
mod lines;
mod reach;
mod small_sums;
mod sums;

use std::collections::HashMap;

use crate::shape::constraints::{pair_rules, Relation};
use crate::shape::{Constraint, Shape};
// The logic layer's constraint techniques narrow with the same functions, then say why.
pub(crate) use clique_sums::{sum_to, SumScratch};
pub(crate) use lines::{arrow, renban_windows};
pub(crate) use reach::Reach;
pub(crate) use sums::Sums;

/// Removals, as the propagator applies them: `(cell, values to remove)`.
pub(crate) type Out = Vec<(u16, u32)>;

/// One propagator.
#[derive(Clone, Debug)]
enum Prop {
    /// Two cells and the index of their relation's table.
    Pair { cells: [u16; 2], table: usize },
    /// Cells keeping only the values of `allowed`.
    Unary { cells: Vec<u16>, allowed: u32 },
    /// An arrow, its cells in cliques (see [`cliques`]).
    Arrow {
        circle: Vec<u16>,
        cliques: Vec<Vec<u16>>,
    },
    /// A sum whose cells repeat values only between cliques.
    Sum { cliques: Vec<Vec<u16>>, sum: u32 },
    /// A renban.
    Renban { cells: Vec<u16> },
    /// A sandwich.
    Sandwich { cells: Vec<u16>, sum: u32 },
}

/// A relation's truth table: `forward[v - 1]`, the second cell's values allowed beside `v` in the
/// first; `backward[w - 1]`, the first cell's allowed beside `w` in the second.
#[derive(Clone, Debug)]
struct Table {
    forward: Vec<u32>,
    backward: Vec<u32>,
}

impl Table {
    /// The table of the values `holds(a, b)` accepts.
    fn of(holds: impl Fn(u8, u8) -> bool, size: usize) -> Table {
        let row = |of: &dyn Fn(usize) -> bool| {
            (1..=size)
                .filter(|&x| of(x))
                .fold(0, |acc, x| acc | 1 << (x - 1))
        };
        let forward = (1..=size)
            .map(|a| row(&|b| holds(a as u8, b as u8)))
            .collect();
        let backward = (1..=size)
            .map(|b| row(&|a| holds(a as u8, b as u8)))
            .collect();
        Table { forward, backward }
    }

    /// The table of `relations` joined on a `size` grid, and "differ" for `peers`.
    fn joined(size: usize, peers: bool, relations: &[(Relation, bool)]) -> Table {
        Table::of(
            |x, y| {
                (!peers || x != y)
                    && relations.iter().all(|&(relation, flipped)| {
                        if flipped {
                            relation.holds(y, x)
                        } else {
                            relation.holds(x, y)
                        }
                    })
            },
            size,
        )
    }
}

/// The joined tables of a shape's pairs, each built once: pairs joining the same relations the
/// same way (every pair of a non-consecutive grid, say) share one.
#[derive(Default)]
struct TableSet {
    tables: Vec<Table>,
    index: HashMap<(Vec<(Relation, bool)>, bool), usize>,
}

impl TableSet {
    /// The index of the table of `relations` on `cells`, "differ" included where they are peers.
    fn of(&mut self, shape: &Shape, cells: [u16; 2], relations: Vec<(Relation, bool)>) -> usize {
        let peers = (shape.peers(usize::from(cells[0])))
            .binary_search(&cells[1])
            .is_ok();
        let tables = &mut self.tables;
        *self
            .index
            .entry((relations, peers))
            .or_insert_with_key(|(relations, peers)| {
                tables.push(Table::joined(shape.size(), *peers, relations));
                tables.len() - 1
            })
    }
}

/// A shape's pair relations joined per pair of cells, each with the index of its table: built once
/// for a shape's tables, read by the pair propagators and by [`Reach`].
#[derive(Default)]
pub(crate) struct PairTables {
    pairs: Vec<([u16; 2], usize)>,
    tables: Vec<Table>,
}

impl PairTables {
    pub(crate) fn new(shape: &Shape) -> PairTables {
        let mut set = TableSet::default();
        let pairs = joined_pairs(shape)
            .into_iter()
            .map(|Joined { cells, relations }| (cells, set.of(shape, cells, relations)))
            .collect();
        PairTables {
            pairs,
            tables: set.tables,
        }
    }
}

/// Every relation on one pair of cells, oriented to `cells` (`true`: stated the other way round).
struct Joined {
    cells: [u16; 2],
    relations: Vec<(Relation, bool)>,
}

/// The pair relations of `shape` joined by their cells, in the order each pair first appears.
///
/// A pair narrows as one table: the conjunction of its relations, and "differ" where its cells are
/// peers. Arc consistency on the conjunction is stronger than on each relation apart: an X between
/// peers cannot be 5 and 5, and orthogonal neighbours of a non-consecutive puzzle (which always
/// share a row or a column) are at least two apart, so a neighbour of a cell left with {4, 5} loses
/// both 4 and 5.
fn joined_pairs(shape: &Shape) -> Vec<Joined> {
    let mut joined: Vec<Joined> = Vec::new();
    let mut index: HashMap<[u16; 2], usize> = HashMap::new();
    for pair in pair_rules(shape) {
        let [a, b] = pair.cells;
        let (cells, flipped) = if a <= b {
            ([a, b], false)
        } else {
            ([b, a], true)
        };
        let i = *index.entry(cells).or_insert_with(|| {
            joined.push(Joined {
                cells,
                relations: Vec::new(),
            });
            joined.len() - 1
        });
        joined[i].relations.push((pair.relation, flipped));
    }
    joined
}

/// The propagators of a shape's constraints and which cells send each back to narrowing.
#[derive(Clone, Debug)]
pub(crate) struct ConstraintTables {
    size: usize,
    props: Vec<Prop>,
    tables: Vec<Table>,
    /// The propagators reading each cell.
    of_cell: Vec<Vec<u32>>,
    /// The cells each propagator reads.
    cells: Vec<Vec<u16>>,
    /// Whether the search should guess by conflict weights (see [`ConstraintTables::weighted`]).
    weighted: bool,
}

impl ConstraintTables {
    /// The propagators of `shape`, its pairs' among them; `None` when it has no constraint to
    /// narrow.
    pub(crate) fn new(shape: &Shape, pairs: &PairTables) -> Option<ConstraintTables> {
        let size = shape.size();
        let mut props: Vec<Prop> = (pairs.pairs.iter())
            .map(|&(cells, table)| Prop::Pair { cells, table })
            .collect();
        let tables = pairs.tables.clone();
        for constraint in shape.constraints() {
            props.extend(match constraint {
                Constraint::Arrow { circle, cells } => Some(Prop::Arrow {
                    circle: circle.clone(),
                    cliques: cliques(shape, cells),
                }),
                Constraint::LittleKiller { cells, sum } => Some(Prop::Sum {
                    cliques: cliques(shape, cells),
                    sum: *sum,
                }),
                Constraint::Sandwich { cells, sum } => Some(Prop::Sandwich {
                    cells: cells.clone(),
                    sum: *sum,
                }),
                Constraint::Renban { cells } => Some(Prop::Renban {
                    cells: cells.clone(),
                }),
                Constraint::Parity { odd, cells } => Some(Prop::Unary {
                    cells: cells.clone(),
                    allowed: shape.all_values() & if *odd { 0x5555_5555 } else { 0xAAAA_AAAA },
                }),
                // Pairs above, or units of the shape.
                _ => None,
            });
        }
        if props.is_empty() {
            return None;
        }
        let cells: Vec<Vec<u16>> = props.iter().map(Prop::cells).collect();
        let mut of_cell = vec![Vec::new(); shape.cell_count()];
        for (i, read) in cells.iter().enumerate() {
            for &c in read {
                of_cell[usize::from(c)].push(i as u32);
            }
        }
        // Measured on the published puzzles (examples/variant_speed): dom/wdeg cuts the nodes of
        // every family by 3 to 3,000 times but multiplies those of thermometers alone, whose
        // contradictions come from everywhere at once (hard thermo 2: 0.46M nodes without, 3.8M
        // with).
        let weighted = !shape
            .constraints()
            .iter()
            .all(|c| matches!(c, Constraint::Thermo { .. }))
            || !shape.rules().variants.is_empty()
            || !shape.cages().is_empty();
        Some(ConstraintTables {
            size,
            props,
            tables,
            of_cell,
            cells,
            weighted,
        })
    }

    /// Whether a search should guess by conflict weights: on every mix of constraints but
    /// thermometers alone.
    pub(crate) fn weighted(&self) -> bool {
        self.weighted
    }

    /// The cells propagator `p` reads.
    pub(crate) fn cells(&self, p: usize) -> &[u16] {
        &self.cells[p]
    }

    /// Words of a set with one bit per propagator.
    pub(crate) fn words(&self) -> usize {
        self.props.len().div_ceil(64)
    }

    /// Marks, in `waiting`, the propagators reading `cell`.
    #[inline]
    pub(crate) fn mark(&self, cell: usize, waiting: &mut [u64]) {
        for &p in &self.of_cell[cell] {
            waiting[p as usize / 64] |= 1 << (p % 64);
        }
    }

    /// Narrows propagator `p` on `cand`, pushing `(cell, values to remove)` onto `out` (the sums'
    /// tables in `scratch`).
    pub(crate) fn narrow(&self, p: usize, cand: &[u32], scratch: &mut SumScratch, out: &mut Out) {
        match &self.props[p] {
            Prop::Pair {
                cells: [a, b],
                table,
            } => {
                let table = &self.tables[*table];
                let (a, b) = (usize::from(*a), usize::from(*b));
                let reach =
                    |mask: u32, rows: &[u32]| sums::bits(mask).fold(0, |acc, v| acc | rows[v - 1]);
                out.push((b as u16, cand[b] & !reach(cand[a], &table.forward)));
                out.push((a as u16, cand[a] & !reach(cand[b], &table.backward)));
            }
            Prop::Unary { cells, allowed } => {
                out.extend(cells.iter().map(|&c| (c, cand[usize::from(c)] & !allowed)));
            }
            Prop::Arrow { circle, cliques } => lines::arrow(circle, cliques, cand, scratch, out),
            Prop::Sum { cliques, sum } => {
                scratch.sum_to(cliques, cand, &sums::Sums::only(*sum as usize), out);
            }
            Prop::Renban { cells } => lines::renban(cells, cand, self.size, out),
            Prop::Sandwich { cells, sum } => lines::sandwich(cells, cand, self.size, *sum, out),
        }
    }
}

/// `cells` split into cliques of cells that are all peers of one another (in one row, box, cage,
/// or a knight's move apart...), so hold distinct values: each cell joins the first clique whose
/// every cell it sees, in the order given.
fn cliques(shape: &Shape, cells: &[u16]) -> Vec<Vec<u16>> {
    let mut cliques: Vec<Vec<u16>> = Vec::new();
    for &c in cells {
        let peers = shape.peers(usize::from(c));
        match cliques
            .iter_mut()
            // Sums and arrows have at most N cells, so a clique at most 25 (the walk holds 32).
            .find(|clique| {
                clique.len() < 32 && clique.iter().all(|m| peers.binary_search(m).is_ok())
            }) {
            Some(clique) => clique.push(c),
            None => cliques.push(vec![c]),
        }
    }
    cliques
}

impl Prop {
    fn cells(&self) -> Vec<u16> {
        match self {
            Prop::Pair { cells, .. } => cells.to_vec(),
            Prop::Arrow { circle, cliques } => circle
                .iter()
                .chain(cliques.iter().flatten())
                .copied()
                .collect(),
            Prop::Sum { cliques, .. } => cliques.iter().flatten().copied().collect(),
            Prop::Unary { cells, .. } | Prop::Renban { cells } | Prop::Sandwich { cells, .. } => {
                cells.clone()
            }
        }
    }
}
