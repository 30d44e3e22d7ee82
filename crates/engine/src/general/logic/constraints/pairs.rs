//! Dot Pair: two cells a rule ties together (a kropki dot, an X or a V, a whisper's neighbours, a
//! palindrome's mirrored cells, or neighbours under a global rule: non-consecutive, negative
//! kropki or XV) keep only digits with a partner left in the other cell: the arc consistency of
//! the rule's truth table, the two cells' sharing a unit or a move of anti-knight or anti-king
//! counted too (they then cannot repeat a digit). Once no pair narrows, a whisper or palindrome is
//! read whole: a digit no filling of its line keeps (every pair kept, no digit repeated between two
//! cells that see each other) goes, within the search's budget (`fill`).

use super::super::geometry::Geometry;
use super::super::position::{bit, values_of, ShapePosition};
use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words;
use super::fill::{seeing, Budget, FillSearch};
use super::{masks, removals, title};
use crate::prose::or_list;
use crate::shape::constraints::{Negative, PairRule, Relation, RuleRef};
use crate::shape::{Cells, Constraint, Shape, Variant};
use crate::technique::Technique;

/// The pairs of digits listed in full up to this many; past it, the step names the digits that
/// have no partner.
const MAX_LISTED: usize = 6;

/// The first pair of cells whose rule leaves a digit without a partner.
pub fn dot_pair(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, cg) = (geo.shape, geo.constraints.as_ref()?);
    let masks = masks(shape, pos);
    cg.pairs
        .iter()
        .find_map(|pair| narrow(shape, pos, &masks, pair))
        .or_else(|| {
            let budget = Budget::per_call();
            (0..shape.constraints().len()).find_map(|i| whole_line(shape, pos, &masks, i, &budget))
        })
}

/// A whisper or palindrome read whole once its pairs are settled: a digit that no filling of the
/// line's candidates keeping every pair, and no digit repeated between two cells that see each
/// other, puts in its cell goes.
fn whole_line(
    shape: &Shape,
    pos: &ShapePosition,
    masks: &[u32],
    i: usize,
    budget: &Budget,
) -> Option<ShapeStep> {
    let (cells, rule) = match &shape.constraints()[i] {
        Constraint::Whisper { cells, difference } => (cells, Relation::Apart(*difference)),
        Constraint::Palindrome { cells } => (cells, Relation::Equal),
        _ => return None,
    };
    let all: Vec<usize> = cells.iter().map(|&c| usize::from(c)).collect();
    let m: Vec<u32> = all.iter().map(|&c| masks[c]).collect();
    if m.contains(&0) || all.iter().all(|&c| pos.candidates(c) == 0) {
        return None;
    }
    let len = all.len();
    let hopeful = |vals: &[u8]| {
        let j = vals.len() - 1;
        match rule {
            // The second half meets its mirror, already filled.
            Relation::Equal => 2 * j < len || rule.holds(vals[j], vals[len - 1 - j]),
            _ => j == 0 || rule.holds(vals[j - 1], vals[j]),
        }
    };
    let yes = |_: &[u8]| true;
    let kept = FillSearch {
        masks: m.clone(),
        differ: seeing(shape, &all),
        hopeful: &hopeful,
        fits: &yes,
        budget,
    }
    .kept()?;
    let out: Vec<(u16, u32)> = cells
        .iter()
        .zip(m.iter().zip(&kept))
        .map(|(&c, (&mask, &k))| (c, mask & !k))
        .collect();
    let removed = removals(pos, &out);
    if removed.is_empty() {
        return None;
    }
    let keeps = match rule {
        Relation::Apart(d) => format!("keeps neighbours at least {d} apart"),
        _ => "reads the same both ways".to_string(),
    };
    let explanation = format!(
        "{} {keeps}, and cells that see each other cannot repeat a digit: no filling of its cells' \
         candidates that does both holds these, so they can be removed: {}.",
        title(shape, i),
        words::removal_sets(shape, &removed)
    );
    let mut involved: Vec<u8> = removed.iter().map(|m| m.value).collect();
    involved.sort_unstable();
    involved.dedup();
    Some(ShapeStep::elimination(
        Technique::DotPair,
        removed,
        Pattern {
            cells: all,
            units: Vec::new(),
            values: involved,
        },
        explanation,
    ))
}

fn narrow(shape: &Shape, pos: &ShapePosition, masks: &[u32], pair: &PairRule) -> Option<ShapeStep> {
    let [a, b] = pair.cells.map(usize::from);
    let (ma, mb) = (masks[a], masks[b]);
    if ma == 0 || mb == 0 || (pos.candidates(a) == 0 && pos.candidates(b) == 0) {
        return None;
    }
    let apart = shape.peers(a).binary_search(&(b as u16)).is_ok();
    let fits = |v: u8, w: u8| pair.relation.holds(v, w) && !(apart && v == w);
    let keep_a = values_of(ma)
        .filter(|&v| values_of(mb).any(|w| fits(v, w)))
        .fold(0, |acc, v| acc | bit(v));
    let keep_b = values_of(mb)
        .filter(|&w| values_of(ma).any(|v| fits(v, w)))
        .fold(0, |acc, w| acc | bit(w));
    let gone_a = pos.candidates(a) & !keep_a;
    let gone_b = pos.candidates(b) & !keep_b;
    if gone_a | gone_b == 0 {
        return None;
    }
    let removed: Vec<Mark> = values_of(gone_a)
        .map(|v| Mark::new(a, v))
        .chain(values_of(gone_b).map(|w| Mark::new(b, w)))
        .collect();
    let (an, bn) = (shape.cell_name(a), shape.cell_name(b));
    let removal = words::removal_sets(shape, &{
        let mut sorted = removed.clone();
        sorted.sort();
        sorted
    });
    let explanation = if pair.relation == Relation::Equal {
        format!(
            "{} mirrors {an} and {bn}, so they hold the same digit, which can only be {}; these \
             can be removed: {removal}.",
            rule_noun(shape, pair.rule, &an, &bn),
            or_list(values_of(keep_a & keep_b).map(|v| shape.symbol(v)))
        )
    } else {
        let mut found: Vec<(u8, u8)> = Vec::new();
        for v in values_of(ma) {
            for w in values_of(mb).filter(|&w| fits(v, w)) {
                found.push((v.min(w), v.max(w)));
            }
        }
        found.sort_unstable();
        found.dedup();
        let needs = format!(
            "{} needs {}",
            rule_noun(shape, pair.rule, &an, &bn),
            rule_needs(shape, pair.rule, &an, &bn)
        );
        if found.len() <= MAX_LISTED {
            let listed = or_list(
                found
                    .iter()
                    .map(|&(v, w)| format!("{{{},{}}}", shape.symbol(v), shape.symbol(w))),
            );
            format!(
                "{needs}: with their candidates that is {listed}, so these can be removed: \
                 {removal}."
            )
        } else {
            let mut clauses = Vec::new();
            for (gone, cell, other, m) in [(gone_a, &an, &bn, mb), (gone_b, &bn, &an, ma)] {
                if gone != 0 {
                    clauses.push(format!(
                        "no digit of {other} ({}) fits {} in {cell}",
                        or_list(values_of(m).map(|v| shape.symbol(v))),
                        or_list(values_of(gone).map(|v| shape.symbol(v)))
                    ));
                }
            }
            format!(
                "{needs}: {}, so these can be removed: {removal}.",
                clauses.join(", and ")
            )
        }
    };
    let mut involved: Vec<u8> = values_of(keep_a | keep_b).collect();
    involved.dedup();
    Some(ShapeStep::elimination(
        Technique::DotPair,
        removed,
        Pattern {
            cells: vec![a, b],
            units: Vec::new(),
            values: involved,
        },
        explanation,
    ))
}

/// What ties the two cells, to open a sentence: `The black dot between E5 and E6`, `Whisper 3
/// (A1-A2-A3)`, `The non-consecutive rule`.
fn rule_noun(shape: &Shape, rule: RuleRef, a: &str, b: &str) -> String {
    match rule {
        RuleRef::Constraint(i) => match &shape.constraints()[i] {
            Constraint::Kropki { black, .. } => format!(
                "The {} dot between {a} and {b}",
                if *black { "black" } else { "white" }
            ),
            Constraint::Xv { sum, .. } => format!(
                "The {} between {a} and {b}",
                if *sum == 10 { "X" } else { "V" }
            ),
            _ => title(shape, i),
        },
        RuleRef::Variant(Variant::NonConsecutive) => "The non-consecutive rule".to_string(),
        RuleRef::Variant(v) => format!("The {} rule", v.name()),
        RuleRef::Negative(Negative::Kropki) => "Negative kropki".to_string(),
        RuleRef::Negative(Negative::Xv) => "Negative XV".to_string(),
    }
}

/// What the rule asks of the two cells: `one digit twice the other`, `neighbours A1 and A2 at
/// least 5 apart`.
fn rule_needs(shape: &Shape, rule: RuleRef, a: &str, b: &str) -> String {
    match rule {
        RuleRef::Constraint(i) => match &shape.constraints()[i] {
            Constraint::Kropki { black: true, .. } => "one digit twice the other".to_string(),
            Constraint::Kropki { black: false, .. } => "consecutive digits".to_string(),
            Constraint::Xv { sum, .. } => format!("digits summing to {sum}"),
            Constraint::Whisper { difference, .. } => {
                format!("neighbours {a} and {b} at least {difference} apart")
            }
            _ => format!("{a} and {b} to agree"),
        },
        RuleRef::Variant(_) => format!("neighbours {a} and {b} not consecutive"),
        RuleRef::Negative(Negative::Kropki) => format!(
            "{a} and {b}, with no dot between them, neither consecutive nor one twice the other"
        ),
        RuleRef::Negative(Negative::Xv) => {
            format!("{a} and {b}, with no X or V between them, summing to neither 10 nor 5")
        }
    }
}
