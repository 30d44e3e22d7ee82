//! The rule of 45 (1 + 2 + ... + N on other sizes): a group of units sums to its total, so the
//! cells left over by the cages inside it (innies) sum to the total minus those cages, and the
//! cells the covering cages reach outside it (outies) sum to those cages minus the total. One open
//! cell left over takes the rest (Rule of 45); a few form a virtual cage whose sum restricts them
//! like a cage's (Innies and Outies), their values distinct when they all see each other.

use super::super::geometry::killer::{KillerGeometry, MAX_CELLS};
use super::super::geometry::Geometry;
use super::super::position::{values_of, ShapePosition};
use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words;
use super::sees;
use super::sums::{self, plus, Fillings, SHOWN};
use crate::general::cages::rule45::Rule45Group;
use crate::prose::{and_list, or_list};
use crate::shape::{Cells, Shape};
use crate::technique::Technique;

/// The cells a group leaves over, with their sum and why.
pub struct Leftover<'g> {
    /// The group.
    pub group: &'g Rule45Group,
    /// Whether these are the outies (else the innies).
    pub outies: bool,
    /// The cells, ascending.
    pub cells: &'g [usize],
    /// Their sum.
    pub sum: u32,
}

/// Every group's innies and outies.
pub fn leftovers(groups: &[Rule45Group]) -> impl Iterator<Item = Leftover<'_>> {
    groups.iter().flat_map(|group| {
        let innies = group.innies.as_deref().map(|cells| Leftover {
            group,
            outies: false,
            cells,
            sum: group.total - group.inside_sum,
        });
        let outies = group.outies.as_deref().map(|cells| Leftover {
            group,
            outies: true,
            cells,
            sum: group.covering_sum - group.total,
        });
        innies.into_iter().chain(outies)
    })
}

impl Leftover<'_> {
    /// Why the cells sum to what they do, ending `..., so the cells of row A outside them, A8 and
    /// A9, sum to 45 - 38 = 7` (or `..., so the one cell ..., A9, is 45 - 38 = 7`).
    pub fn premise(&self, shape: &Shape) -> String {
        let g = self.group;
        let (verb, what) = match self.cells.len() {
            1 => ("is", "the one cell"),
            _ => ("sum to", "the cells"),
        };
        let cells = words::cells(shape, self.cells.iter().copied());
        if self.outies {
            let holds = if g.units.len() == 1 { "holds" } else { "hold" };
            format!(
                "The cages covering {name} sum to {covering}, and {name} {holds} {total}, so {what} \
                 of those cages outside {name}, {cells}, {verb} {covering} - {t} = {sum}",
                name = g.name,
                covering = g.covering_sum,
                total = g.total_words(),
                t = g.total,
                sum = self.sum,
            )
        } else {
            let opening = if g.units.len() == 1 {
                format!("{}'s cages inside it sum to {}", g.title(), g.inside_sum)
            } else {
                format!(
                    "The cages inside {} sum to {} of their {}",
                    g.name,
                    g.inside_sum,
                    g.total_words()
                )
            };
            format!(
                "{opening}, so {what} of {} outside them, {cells}, {verb} {} - {} = {}",
                g.name, g.total, g.inside_sum, self.sum
            )
        }
    }

    /// The values placed among the cells, the open cells and what is left of the sum for them;
    /// `None` when more than [`MAX_CELLS`] are open (a player counts a few cells, not a dozen).
    pub fn open(&self, pos: &ShapePosition) -> Option<Open> {
        let open = self.cells.iter().filter(|&&c| pos.value(c) == 0).count();
        if open > MAX_CELLS {
            return None;
        }
        open_part(self.cells, self.sum, pos)
    }
}

/// Cells with a known sum as they stand.
pub struct Open {
    /// The values placed among them.
    pub placed: Vec<(usize, u8)>,
    /// The open ones.
    pub cells: Vec<usize>,
    /// What is left of the sum for the open ones.
    pub rest: u32,
}

/// `cells` with sum `sum` as they stand in `pos`; `None` when the placed values pass the sum.
pub fn open_part(cells: &[usize], sum: u32, pos: &ShapePosition) -> Option<Open> {
    let (mut placed, mut open) = (Vec::new(), Vec::new());
    for &c in cells {
        match pos.value(c) {
            0 => open.push(c),
            v => placed.push((c, v)),
        }
    }
    let placed_sum: u32 = placed.iter().map(|&(_, v)| u32::from(v)).sum();
    let rest = sum.checked_sub(placed_sum)?;
    Some(Open {
        placed,
        cells: open,
        rest,
    })
}

/// `; A8 holds 8, so A9 is 15 - 8 = 7`: the placed values taken off (empty when none are).
pub fn placed_words(
    shape: &Shape,
    placed: &[(usize, u8)],
    open: &[usize],
    sum: u32,
    rest: u32,
) -> String {
    if placed.is_empty() {
        return String::new();
    }
    let verb = if open.len() == 1 { "is" } else { "sum to" };
    let held: Vec<String> = placed.iter().map(|&(_, v)| v.to_string()).collect();
    let holds = if placed.len() == 1 { "holds" } else { "hold" };
    format!(
        "; {} {holds} {}, so {} {verb} {sum} - {} = {rest}",
        words::cells(shape, placed.iter().map(|&(c, _)| c)),
        and_list(placed.iter().map(|&(_, v)| shape.symbol(v))),
        words::cells(shape, open.iter().copied()),
        held.join(" - ")
    )
}

/// One open cell left over takes what is left of the sum.
pub fn rule_of_45(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    leftovers(&kg.wide).find_map(|left| {
        let Open {
            placed,
            cells: open,
            rest,
        } = left.open(pos)?;
        let [cell] = open[..] else { return None };
        let value = u8::try_from(rest)
            .ok()
            .filter(|&v| v >= 1 && pos.has(cell, v))?;
        let explanation = format!(
            "{}{}.",
            left.premise(shape),
            placed_words(shape, &placed, &open, left.sum, rest)
        );
        Some(ShapeStep::placement(
            Technique::RuleOf45,
            cell,
            value,
            Pattern {
                cells: left.cells.to_vec(),
                units: left.group.units.clone(),
                values: vec![value],
            },
            explanation,
        ))
    })
}

/// A few open cells left over form a virtual cage: they keep the values its fillings allow.
pub fn innies_outies(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    leftovers(&kg.wide).find_map(|left| {
        let Open {
            placed,
            cells: open,
            rest,
        } = left.open(pos)?;
        if open.len() < 2 {
            return None;
        }
        let (fillings, distinct) = fill(kg, shape, pos, &open, rest)?;
        let removed = removals(pos, &open, &fillings);
        if removed.is_empty() {
            return None;
        }
        let explanation = format!(
            "{}{}: {}, so these can be removed: {}.",
            left.premise(shape),
            placed_words(shape, &placed, &open, left.sum, rest),
            virtual_words(&fillings, distinct),
            words::removal_sets(shape, &removed)
        );
        Some(ShapeStep::elimination(
            Technique::InniesOuties,
            removed,
            Pattern {
                cells: left.cells.to_vec(),
                units: left.group.units.clone(),
                values: values_of(fillings.possible.iter().fold(0, |a, &m| a | m)).collect(),
            },
            explanation,
        ))
    })
}

/// The fillings of `open` summing to `rest`, and whether its values all differ (every two cells
/// see each other); `None` when there are too many to look at or none at all.
pub fn fill(
    kg: &KillerGeometry,
    shape: &Shape,
    pos: &ShapePosition,
    open: &[usize],
    rest: u32,
) -> Option<(Fillings, bool)> {
    let cands: Vec<u32> = open.iter().map(|&c| pos.candidates(c)).collect();
    let distinct = open
        .iter()
        .enumerate()
        .all(|(i, &a)| open[i + 1..].iter().all(|&b| sees(shape, a, b)));
    let fillings = if distinct {
        sums::distinct(&kg.combos, shape.size(), &cands, rest)?
    } else if shape.size() <= 16 {
        sums::free(&cands, rest, |i, j| sees(shape, open[i], open[j]))?
    } else {
        // Filling 25-value cells every way costs too much for one step.
        return None;
    };
    (fillings.count > 0).then_some((fillings, distinct))
}

/// The candidates of `open` no filling puts there.
pub fn removals(pos: &ShapePosition, open: &[usize], fillings: &Fillings) -> Vec<Mark> {
    open.iter()
        .zip(&fillings.possible)
        .flat_map(|(&c, &keep)| values_of(pos.candidates(c) & !keep).map(move |v| Mark::new(c, v)))
        .collect()
}

/// `as a virtual cage they can only be 1+6, 2+5 or 3+4`.
pub fn virtual_words(f: &Fillings, distinct: bool) -> String {
    let shown: Vec<String> = f.ways.iter().map(|w| plus(w)).collect();
    let ways = if f.count <= SHOWN {
        format!("can only be {}", or_list(shown))
    } else {
        format!(
            "can only be one of {} sets ({}, ...)",
            f.count,
            shown.join(", ")
        )
    };
    if distinct {
        format!("as a virtual cage they {ways}")
    } else {
        format!("not all sharing a unit, they {ways}")
    }
}
