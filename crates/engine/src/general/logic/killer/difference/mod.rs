//! Innie-Outie Difference: the rule of 45 with the cages crossing a group's boundary counted on
//! either side. A group of units sums to its total; the cages inside it take their sums, and each
//! cage crossing the boundary is counted either by its cells inside (innies) or by its whole sum
//! less its cells outside (outies). Counting each crossing cage on the side with fewer open cells
//! leaves an equation like `A5 - C4 - C7 = 1` over a few cells: they keep the values some filling
//! of that equation allows (cells that see each other differ).
//!
//! The plain rule of 45 and innies and outies are the cases where every crossing cage is counted on
//! the same side; this step is tried after them, and only when both sides are left.

mod words;

use super::super::geometry::killer::Boundary;
use super::super::geometry::Geometry;
use super::super::position::{bit, values_of, ShapePosition};
use super::super::step::{Mark, Pattern, ShapeStep};
use super::super::words as cell_words;
use super::{cage_unit, sees};
use crate::shape::{Cells, Shape};
use crate::technique::Technique;
use words::{fillings_words, premise};

/// Largest number of open cells an equation may have: a player weighs a few cells at once, and
/// filling them every way stays cheap (five cells of nine values, four of more).
fn max_open(shape: &Shape) -> usize {
    if shape.size() <= 9 {
        5
    } else {
        4
    }
}

/// Crossing cages with open cells on both sides whose side is tried both ways (2^3 equations per
/// group at most).
const MAX_CHOICES: usize = 3;

/// One cell of an equation: `+1` for an innie, `-1` for an outie.
#[derive(Clone, Copy, Debug)]
pub(super) struct Term {
    pub(super) cell: usize,
    pub(super) sign: i64,
}

/// A group's equation as it stands: its open innies minus its open outies make `value`.
pub(super) struct Equation<'b> {
    pub(super) boundary: &'b Boundary,
    /// The crossing cages counted by their whole sum (their outies are in the equation).
    pub(super) counted: Vec<usize>,
    /// The cells of the equation, placed ones included, innies first.
    pub(super) terms: Vec<Term>,
    /// What the terms make: the total less the cages inside and the counted cages.
    pub(super) value: i64,
}

impl<'b> Equation<'b> {
    /// The equations of `boundary` worth showing: each crossing cage counted on its side with
    /// fewer open cells, and, for up to [`MAX_CHOICES`] cages with open cells on both sides, on
    /// the other side too. Only equations with open cells on both sides and at most
    /// `max_open` of them are kept.
    fn all(boundary: &'b Boundary, shape: &Shape, pos: &ShapePosition) -> Vec<Equation<'b>> {
        let open = |cells: &[usize]| cells.iter().filter(|&&c| pos.value(c) == 0).count();
        // Cages whose side is open to choice (open cells on both sides), the fewer-open side first.
        let choices: Vec<usize> = (0..boundary.crossing.len())
            .filter(|&i| {
                let x = &boundary.crossing[i];
                open(&x.inside) > 0 && open(&x.outside) > 0
            })
            .collect();
        let flips = if choices.len() <= MAX_CHOICES {
            1usize << choices.len()
        } else {
            1
        };
        (0..flips)
            .filter_map(|flip| {
                let counted = |i: usize| {
                    let x = &boundary.crossing[i];
                    let fewer_outside = open(&x.outside) < open(&x.inside);
                    let flipped = choices
                        .iter()
                        .position(|&j| j == i)
                        .is_some_and(|b| flip >> b & 1 == 1);
                    fewer_outside != flipped
                };
                Equation::counting(boundary, shape, pos, counted)
            })
            .collect()
    }

    /// The equation of `boundary` counting whole the crossing cages `counted` picks (by index).
    fn counting(
        boundary: &'b Boundary,
        shape: &Shape,
        pos: &ShapePosition,
        counted: impl Fn(usize) -> bool,
    ) -> Option<Equation<'b>> {
        let open = |cells: &[usize]| cells.iter().filter(|&&c| pos.value(c) == 0).count();
        let g = &boundary.group;
        let mut value = i64::from(g.total) - i64::from(g.inside_sum);
        let (mut innies, mut outies, mut whole) = (boundary.uncaged.clone(), vec![], vec![]);
        for (i, x) in boundary.crossing.iter().enumerate() {
            if counted(i) {
                value -= i64::from(shape.cages()[x.cage].sum);
                whole.push(x.cage);
                outies.extend_from_slice(&x.outside);
            } else {
                innies.extend_from_slice(&x.inside);
            }
        }
        let (open_in, open_out) = (open(&innies), open(&outies));
        if open_in == 0 || open_out == 0 || open_in + open_out > max_open(shape) {
            return None;
        }
        innies.sort_unstable();
        outies.sort_unstable();
        let terms = (innies.iter().map(|&cell| Term { cell, sign: 1 }))
            .chain(outies.iter().map(|&cell| Term { cell, sign: -1 }))
            .collect();
        Some(Equation {
            boundary,
            counted: whole,
            terms,
            value,
        })
    }

    /// The open terms and what they make once the placed values are taken off.
    fn open(&self, pos: &ShapePosition) -> (Vec<Term>, i64) {
        let mut rest = self.value;
        let mut open = Vec::new();
        for &t in &self.terms {
            match pos.value(t.cell) {
                0 => open.push(t),
                v => rest -= t.sign * i64::from(v),
            }
        }
        (open, rest)
    }
}

/// For each open term, the values some filling of the equation puts there (cells that see each
/// other differ).
fn possible(shape: &Shape, pos: &ShapePosition, open: &[Term], value: i64) -> Vec<u32> {
    let cands: Vec<u32> = open.iter().map(|t| pos.candidates(t.cell)).collect();
    let mut out = vec![0; open.len()];
    let mut chosen = Vec::with_capacity(open.len());
    fill(shape, open, &cands, value, &mut chosen, &mut out);
    out
}

/// Every filling of the terms after `chosen`, cut when the value is out of reach.
fn fill(
    shape: &Shape,
    open: &[Term],
    cands: &[u32],
    value: i64,
    chosen: &mut Vec<u8>,
    out: &mut [u32],
) {
    let i = chosen.len();
    if i == open.len() {
        if value == 0 {
            for (j, &v) in chosen.iter().enumerate() {
                out[j] |= bit(v);
            }
        }
        return;
    }
    // What the remaining terms can still make, lowest and highest.
    let (mut low, mut high) = (0i64, 0i64);
    for (t, &m) in open[i + 1..].iter().zip(&cands[i + 1..]) {
        let (a, b) = (
            i64::from(m.trailing_zeros()) + 1,
            32 - i64::from(m.leading_zeros()),
        );
        if t.sign > 0 {
            (low, high) = (low + a, high + b);
        } else {
            (low, high) = (low - b, high - a);
        }
    }
    for v in values_of(cands[i]) {
        let left = value - open[i].sign * i64::from(v);
        if left < low || left > high {
            continue;
        }
        let clash = chosen
            .iter()
            .enumerate()
            .any(|(j, &w)| w == v && sees(shape, open[i].cell, open[j].cell));
        if clash {
            continue;
        }
        chosen.push(v);
        fill(shape, open, cands, left, chosen, out);
        chosen.pop();
    }
}

/// A group's innies and outies tied by an equation keep the values its fillings allow.
pub fn innie_outie_difference(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    let equations = kg
        .boundaries
        .iter()
        .flat_map(|b| Equation::all(b, shape, pos));
    equations.into_iter().find_map(|eq| {
        let (open, rest) = eq.open(pos);
        let keep = possible(shape, pos, &open, rest);
        // No filling at all is a contradiction other steps meet; nothing to say here.
        if keep.iter().all(|&m| m == 0) {
            return None;
        }
        let removed: Vec<Mark> = open
            .iter()
            .zip(&keep)
            .flat_map(|(t, &k)| {
                values_of(pos.candidates(t.cell) & !k).map(|v| Mark::new(t.cell, v))
            })
            .collect();
        if removed.is_empty() {
            return None;
        }
        Some(step(shape, pos, &eq, &open, rest, removed))
    })
}

fn step(
    shape: &Shape,
    pos: &ShapePosition,
    eq: &Equation,
    open: &[Term],
    rest: i64,
    removed: Vec<Mark>,
) -> ShapeStep {
    let explanation = format!(
        "{} {}, so these can be removed: {}.",
        premise(shape, pos, eq, open, rest),
        fillings_words(open),
        cell_words::removal_sets(shape, &removed)
    );
    let g = &eq.boundary.group;
    let values = removed.iter().fold(0, |a, m| a | bit(m.value));
    ShapeStep::elimination(
        Technique::InnieOutieDifference,
        removed,
        Pattern {
            cells: eq.terms.iter().map(|t| t.cell).collect(),
            units: (g.units.iter().copied())
                .chain(eq.counted.iter().map(|&k| cage_unit(shape, k)))
                .collect(),
            values: values_of(values).collect(),
        },
        explanation,
    )
}
