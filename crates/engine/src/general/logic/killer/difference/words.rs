//! The words of an innie-outie difference: the group, the cages counted whole, and the equation
//! they leave (`A5 - C4 = 90 - 62 - 12 = 16`).

use super::super::super::position::ShapePosition;
use super::super::super::words;
use super::{Equation, Term};
use crate::prose::and_list;
use crate::shape::Shape;

/// `A5 + B2 - C4 - C7`.
pub(super) fn expression(shape: &Shape, terms: &[Term]) -> String {
    let mut out = String::new();
    for (i, t) in terms.iter().enumerate() {
        match (i, t.sign > 0) {
            (0, true) => {}
            (0, false) => out.push('-'),
            (_, true) => out.push_str(" + "),
            (_, false) => out.push_str(" - "),
        }
        out.push_str(&shape.cell_name(t.cell));
    }
    out
}

/// `Rows A and B hold 2 x 45 = 90. The cages inside them sum to 62, and cage 3 (B4+C4, sum 12)
/// reaches outside them: counted whole, it adds its cells outside, C4. So the rest of rows A and
/// B, A5, less C4 make 90 - 62 - 12 = 16: A5 - C4 = 16.`
pub(super) fn premise(
    shape: &Shape,
    pos: &ShapePosition,
    eq: &Equation,
    open: &[Term],
    rest: i64,
) -> String {
    let g = &eq.boundary.group;
    let (holds, them) = if g.units.len() == 1 {
        ("holds", "it")
    } else {
        ("hold", "them")
    };
    let cages = and_list(eq.counted.iter().map(|&k| words::cage(shape, k)));
    let (reach, adds) = if eq.counted.len() == 1 {
        ("reaches", "it adds its")
    } else {
        ("reach", "they add their")
    };
    let counted_sum: u32 = eq.counted.iter().map(|&k| shape.cages()[k].sum).sum();
    let side = |sign: i64| {
        words::cells(
            shape,
            (eq.terms.iter())
                .filter(move |t| t.sign == sign)
                .map(|t| t.cell),
        )
    };
    let (innies, outies) = (side(1), side(-1));
    let makes = if eq.terms.iter().filter(|t| t.sign > 0).count() == 1 {
        "makes"
    } else {
        "make"
    };
    let mut text = format!(
        "{} {holds} {}. The cages inside {them} sum to {}, and {cages} {reach} outside {them}: \
         counted whole, {adds} cells outside, {outies}. So the rest of {}, {innies}, less \
         {outies}, {makes} {} - {} - {counted_sum} = {}: {} = {}.",
        g.title(),
        g.total_words(),
        g.inside_sum,
        g.name,
        g.total,
        g.inside_sum,
        eq.value,
        expression(shape, &eq.terms),
        eq.value
    );
    let placed: Vec<(usize, u8)> = (eq.terms.iter())
        .map(|t| (t.cell, pos.value(t.cell)))
        .filter(|&(_, v)| v != 0)
        .collect();
    if !placed.is_empty() {
        let held = and_list(
            placed
                .iter()
                .map(|&(c, v)| format!("{} is {}", shape.cell_name(c), shape.symbol(v))),
        );
        text.push_str(&format!(
            " {}, so {} = {rest}.",
            capitalised(&held),
            expression(shape, open)
        ));
    }
    text
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|f| f.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Why some candidates go: no filling of the equation uses them.
pub(super) fn fillings_words(open: &[Term]) -> &'static str {
    if open.len() == 2 {
        "Only some pairs of their candidates make that"
    } else {
        "Only some fillings of their candidates make that (cells that see each other differ)"
    }
}
