//! Constraints broken by the values already placed, read from the rules directly: what `/validate`
//! reports beside repeated values, and what a complete grid must be free of to solve its puzzle.
//!
//! Only what the placed values alone contradict counts: two placed cells of a thermometer out of
//! order, a dot between two placed values that do not fit it, a sum whose cells are all placed and
//! miss it (or whose placed part already passes it). Deeper impossibilities are the solver's.

use super::pairs::{move_pairs, pair_rules, RuleRef};
use super::Constraint;
use crate::shape::{Shape, Variant};

/// A rule that the placed values break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleConflict {
    /// The rule.
    pub rule: RuleRef,
    /// The cells that break it, ascending.
    pub cells: Vec<usize>,
    /// The value repeated, when the rule forbids a repeat (anti-knight, anti-king, renban).
    pub value: Option<u8>,
}

/// Every rule beyond units and cages that `values` (0 for a blank) break: constraints in order,
/// then the global rules.
pub fn broken_rules(shape: &Shape, values: &[u8]) -> Vec<RuleConflict> {
    let mut found = Vec::new();
    for (i, constraint) in shape.constraints().iter().enumerate() {
        if let Some((cells, value)) = broken(constraint, values, shape.size()) {
            found.push(conflict(RuleRef::Constraint(i), cells, value));
        }
    }
    for pair in pair_rules(shape) {
        let [a, b] = pair.cells.map(|c| values[usize::from(c)]);
        if !matches!(pair.rule, RuleRef::Constraint(_))
            && a != 0
            && b != 0
            && !pair.relation.holds(a, b)
        {
            found.push(conflict(pair.rule, pair.cells.to_vec(), None));
        }
    }
    for variant in [Variant::AntiKnight, Variant::AntiKing] {
        if !shape.has_variant(variant) {
            continue;
        }
        for [a, b] in move_pairs(shape.size(), variant) {
            let v = values[usize::from(a)];
            if v != 0 && v == values[usize::from(b)] {
                found.push(conflict(RuleRef::Variant(variant), vec![a, b], Some(v)));
            }
        }
    }
    found
}

impl RuleConflict {
    /// The conflict in words: `constraint 3 (thermo) is broken at B2, B3`, `anti_knight: 4
    /// appears at A1 and B3`.
    pub fn describe(&self, shape: &Shape) -> String {
        let names: Vec<String> = self.cells.iter().map(|&c| shape.cell_name(c)).collect();
        match self.value {
            Some(v) => format!(
                "{}: {} appears at {}",
                shape.rule_name(self.rule),
                shape.symbol(v),
                names.join(" and ")
            ),
            None => format!(
                "{} is broken at {}",
                shape.rule_name(self.rule),
                names.join(", ")
            ),
        }
    }
}

fn conflict(rule: RuleRef, cells: Vec<u16>, value: Option<u8>) -> RuleConflict {
    let mut cells: Vec<usize> = cells.into_iter().map(usize::from).collect();
    cells.sort_unstable();
    RuleConflict { rule, cells, value }
}

/// The cells (and a repeated value) that break `constraint`, if the placed values do.
fn broken(constraint: &Constraint, values: &[u8], size: usize) -> Option<(Vec<u16>, Option<u8>)> {
    let v = |c: u16| values[usize::from(c)];
    let placed =
        |cells: &[u16]| -> Vec<u16> { cells.iter().copied().filter(|&c| v(c) != 0).collect() };
    let sum = |cells: &[u16]| -> u32 { cells.iter().map(|&c| u32::from(v(c))).sum() };
    match constraint {
        Constraint::Thermo { cells } => {
            let on = placed(cells);
            on.windows(2)
                .find(|w| v(w[0]) >= v(w[1]))
                .map(|w| (w.to_vec(), None))
        }
        Constraint::Kropki { .. } | Constraint::Xv { .. } => None,
        Constraint::Whisper { .. } | Constraint::Palindrome { .. } => None,
        Constraint::Arrow { circle, cells } => {
            let all = constraint.cells();
            if placed(&all).len() != all.len() {
                return None;
            }
            let target = circle.iter().fold(0, |acc, &c| acc * 10 + u32::from(v(c)));
            (sum(cells) != target).then_some((all, None))
        }
        Constraint::LittleKiller { cells, sum: target } => {
            let on = placed(cells);
            let total = sum(&on);
            (total > *target || (on.len() == cells.len() && total != *target)).then_some((on, None))
        }
        Constraint::Sandwich { cells, sum: target } => {
            let crust = |x: u8| x == 1 || usize::from(x) == size;
            let ends: Vec<usize> = (0..cells.len()).filter(|&k| crust(v(cells[k]))).collect();
            let &[first, last] = ends.as_slice() else {
                // A third crust repeats a value in the line, which the line's unit reports.
                return None;
            };
            let inside = &cells[first + 1..last];
            (placed(inside).len() == inside.len() && sum(inside) != *target)
                .then(|| (cells[first..=last].to_vec(), None))
        }
        Constraint::Renban { cells } => {
            let on = placed(cells);
            for (k, &a) in on.iter().enumerate() {
                if let Some(&b) = on[k + 1..].iter().find(|&&b| v(b) == v(a)) {
                    return Some((vec![a, b], Some(v(a))));
                }
            }
            let lo = on.iter().map(|&c| v(c)).min()?;
            let hi = on.iter().map(|&c| v(c)).max()?;
            (usize::from(hi - lo) >= cells.len()).then_some((on, None))
        }
        Constraint::Parity { odd, cells } => {
            let wrong: Vec<u16> = placed(cells)
                .into_iter()
                .filter(|&c| (v(c) % 2 == 1) != *odd)
                .collect();
            (!wrong.is_empty()).then_some((wrong, None))
        }
        // An extra region is a unit: repeated values in it are the units' conflicts.
        Constraint::ExtraRegion { .. } => None,
    }
    .or_else(|| pair_broken(constraint, values))
}

/// The first pair of placed cells of a dot, letter, whisper or palindrome that breaks it.
fn pair_broken(constraint: &Constraint, values: &[u8]) -> Option<(Vec<u16>, Option<u8>)> {
    use super::pairs::Relation;
    let v = |c: u16| values[usize::from(c)];
    let pairs: Vec<([u16; 2], Relation)> = match constraint {
        Constraint::Kropki { black, cells } => vec![(
            *cells,
            if *black {
                Relation::Double
            } else {
                Relation::Consecutive
            },
        )],
        Constraint::Xv { sum, cells } => vec![(*cells, Relation::Sum(*sum))],
        Constraint::Whisper { cells, difference } => cells
            .windows(2)
            .map(|w| ([w[0], w[1]], Relation::Apart(*difference)))
            .collect(),
        Constraint::Palindrome { cells } => (0..cells.len() / 2)
            .map(|k| ([cells[k], cells[cells.len() - 1 - k]], Relation::Equal))
            .collect(),
        _ => return None,
    };
    pairs
        .into_iter()
        .find(|([a, b], relation)| v(*a) != 0 && v(*b) != 0 && !relation.holds(v(*a), v(*b)))
        .map(|(cells, _)| (cells.to_vec(), None))
}
