//! Every constraint between two cells as one relation on their values: the dots and letters, a
//! thermometer's steps, a whisper's neighbours, a palindrome's mirrored cells, and the global rules
//! over all orthogonal neighbours (non-consecutive, negative constraints). The propagator turns each
//! relation into a truth table; conflicts read the same relations, so both agree on what a rule is.
//!
//! Anti-knight and anti-king pairs are not relations here but peers: the shape's tables hold them,
//! so every technique that reads peers honours them.

use super::{Constraint, Negative};
use crate::shape::{Shape, Variant};

/// A relation two values must satisfy, `a` the first cell's and `b` the second's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// They differ by one (a white dot).
    Consecutive,
    /// One is twice the other (a black dot).
    Double,
    /// They sum to this (X or V).
    Sum(u8),
    /// The first is smaller (a thermometer's step).
    Less,
    /// They are equal (a palindrome's mirrored cells).
    Equal,
    /// They differ by at least this (a whisper's neighbours).
    Apart(u8),
    /// They do not differ by one (non-consecutive).
    NotConsecutive,
    /// Neither consecutive nor one twice the other (negative kropki).
    NotKropki,
    /// Summing to neither 10 nor 5 (negative XV).
    NotXv,
}

impl Relation {
    /// Whether values `a` and `b` (1..=N) satisfy the relation.
    pub fn holds(self, a: u8, b: u8) -> bool {
        let double = a == 2 * b || b == 2 * a;
        match self {
            Relation::Consecutive => a.abs_diff(b) == 1,
            Relation::Double => double,
            Relation::Sum(s) => a + b == s,
            Relation::Less => a < b,
            Relation::Equal => a == b,
            Relation::Apart(d) => a.abs_diff(b) >= d,
            Relation::NotConsecutive => a.abs_diff(b) != 1,
            Relation::NotKropki => a.abs_diff(b) != 1 && !double,
            Relation::NotXv => a + b != 10 && a + b != 5,
        }
    }
}

/// Which rule a relation or a conflict comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleRef {
    /// The constraint of this 0-based index in `rules.constraints`.
    Constraint(usize),
    /// A global rule of `rules.variants`.
    Variant(Variant),
    /// A rule of `rules.negative`.
    Negative(Negative),
}

/// Two cells and the relation their values keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRule {
    /// The cells, in the relation's order.
    pub cells: [u16; 2],
    /// The relation.
    pub relation: Relation,
    /// Where it comes from.
    pub rule: RuleRef,
}

/// Every pair relation of `shape`: the constraints' in order, then the global rules'.
pub fn pair_rules(shape: &Shape) -> Vec<PairRule> {
    let mut out = Vec::new();
    for (i, constraint) in shape.constraints().iter().enumerate() {
        let rule = RuleRef::Constraint(i);
        let mut push = |a: u16, b: u16, relation| {
            out.push(PairRule {
                cells: [a, b],
                relation,
                rule,
            })
        };
        match constraint {
            Constraint::Kropki { black, cells } => {
                let relation = if *black {
                    Relation::Double
                } else {
                    Relation::Consecutive
                };
                push(cells[0], cells[1], relation);
            }
            Constraint::Xv { sum, cells } => push(cells[0], cells[1], Relation::Sum(*sum)),
            Constraint::Thermo { cells } => {
                for w in cells.windows(2) {
                    push(w[0], w[1], Relation::Less);
                }
            }
            Constraint::Whisper { cells, difference } => {
                for w in cells.windows(2) {
                    push(w[0], w[1], Relation::Apart(*difference));
                }
            }
            Constraint::Palindrome { cells } => {
                for k in 0..cells.len() / 2 {
                    push(cells[k], cells[cells.len() - 1 - k], Relation::Equal);
                }
            }
            _ => {}
        }
    }
    let marked = |pick: fn(&Constraint) -> bool| -> Vec<[u16; 2]> {
        shape
            .constraints()
            .iter()
            .filter(|c| pick(c))
            .filter_map(|c| match c {
                Constraint::Kropki { cells, .. } | Constraint::Xv { cells, .. } => {
                    Some([cells[0].min(cells[1]), cells[0].max(cells[1])])
                }
                _ => None,
            })
            .collect()
    };
    let globals = [
        (
            shape.has_variant(Variant::NonConsecutive),
            RuleRef::Variant(Variant::NonConsecutive),
            Relation::NotConsecutive,
            Vec::new(),
        ),
        (
            shape.rules().negative.contains(&Negative::Kropki),
            RuleRef::Negative(Negative::Kropki),
            Relation::NotKropki,
            marked(|c| matches!(c, Constraint::Kropki { .. })),
        ),
        (
            shape.rules().negative.contains(&Negative::Xv),
            RuleRef::Negative(Negative::Xv),
            Relation::NotXv,
            marked(|c| matches!(c, Constraint::Xv { .. })),
        ),
    ];
    for (on, rule, relation, marked) in globals {
        if !on {
            continue;
        }
        for cells in orthogonal_pairs(shape.size()) {
            if !marked.contains(&cells) {
                out.push(PairRule {
                    cells,
                    relation,
                    rule,
                });
            }
        }
    }
    out
}

/// Every pair of edge-adjacent cells, the smaller index first.
fn orthogonal_pairs(size: usize) -> impl Iterator<Item = [u16; 2]> {
    (0..size * size).flat_map(move |cell| {
        let (r, c) = (cell / size, cell % size);
        [
            (c + 1 < size).then_some(cell + 1),
            (r + 1 < size).then_some(cell + size),
        ]
        .into_iter()
        .flatten()
        .map(move |other| [cell as u16, other as u16])
    })
}

/// The pairs of cells a chess piece's move apart that `variant` makes peers (anti-knight: a
/// knight's move; anti-king: a diagonal step, the king's orthogonal steps already sharing a row or
/// column), the smaller index first; none for other variants.
pub fn move_pairs(size: usize, variant: Variant) -> Vec<[u16; 2]> {
    let steps: &[(i64, i64)] = match variant {
        Variant::AntiKnight => &[(1, 2), (2, 1), (1, -2), (2, -1)],
        Variant::AntiKing => &[(1, 1), (1, -1)],
        _ => &[],
    };
    let n = size as i64;
    let mut pairs = Vec::new();
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        for &(dr, dc) in steps {
            let (r2, c2) = (r + dr, c + dc);
            if (0..n).contains(&r2) && (0..n).contains(&c2) {
                pairs.push([cell as u16, (r2 * n + c2) as u16]);
            }
        }
    }
    pairs
}
