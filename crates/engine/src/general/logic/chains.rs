//! Chains on any shape: alternating strong and weak links between candidates. If the first
//! candidate of a chain is false, its strong link makes the next true, whose weak link makes the
//! next false, and so on, so either the first or the last candidate is true. Links come from the
//! shape's own units, so every finder here is sound on any set of units.
//!
//! - [`x_chain`]: one value, links between cells only, five or more (three are a turbot fish, found
//!   with the single-value patterns in [`super::single_digit`]);
//! - [`xy_chain`]: bivalue cells joined by a shared value, five links or more;
//! - [`aic`]: any values, any links, with nice loops: a chain that returns to its start cell
//!   (continuous: every weak link becomes strong; discontinuous: the start is fixed or loses a
//!   value).
//!
//! Each finder searches breadth first from every start (so each chain is the shortest between its
//! ends), capped at [`search::MAX_LINKS`] links and, past nine values, in work, and offers the
//! chain HoDoKu would: the one that removes the most, the shortest among equals. On the classic
//! shape its steps are HoDoKu's, in the classic words.

use super::cell_bits::{fits_u128, CellBits, Wide};
use super::geometry::Geometry;
use super::links::Links;
use super::position::{values_of, ShapePosition};
use super::step::ShapeStep;
use crate::shape::Cells;
use crate::technique::Technique;
use found::{best, judge_aic, same_value_ends};
use search::Scope;

mod found;
mod rank;
mod search;
mod step;

/// The fewest links of an X-chain or XY-chain: shorter ones are turbot fish and XY-wings.
const MIN_LONG_CHAIN: usize = 5;

/// An X-chain: on one value, a chain of at least five links from one cell to another, both ends
/// holding the value; one of them does, so cells seeing both lose it.
pub fn x_chain(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    chain(geo, pos, Technique::XChain)
}

/// An XY-chain: bivalue cells, each joined to the next by a shared value, starting and ending on
/// the same value; one end holds it, so cells seeing both ends lose it.
pub fn xy_chain(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    chain(geo, pos, Technique::XYChain)
}

/// An alternating inference chain over any values and links, or a nice loop.
pub fn aic(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    chain(geo, pos, Technique::Aic)
}

fn chain(geo: &Geometry, pos: &ShapePosition, technique: Technique) -> Option<ShapeStep> {
    if fits_u128(geo.shape) {
        chain_on::<u128>(geo, pos, technique)
    } else {
        chain_on::<Wide>(geo, pos, technique)
    }
}

/// The best chain of `technique`'s kind, on cell sets of type `S`. A start without a strong link
/// reaches nothing, so only the others are searched from.
fn chain_on<S: CellBits>(
    geo: &Geometry,
    pos: &ShapePosition,
    technique: Technique,
) -> Option<ShapeStep> {
    let links = Links::<S>::new(geo, pos);
    let g = &links;
    let cells = 0..g.cells();
    let found = match technique {
        Technique::XChain => {
            let starts = (1..=g.size as u8).flat_map(|v| {
                cells
                    .clone()
                    .filter(move |&c| !g.conjugates(c, v).is_empty())
                    .map(move |c| g.state(c, v, false))
            });
            best(g, Scope::OneValue, starts, &mut |search, reach| {
                same_value_ends(search, reach, MIN_LONG_CHAIN)
            })
        }
        Technique::XYChain => {
            let starts = cells
                .filter(|&c| g.candidates(c).count_ones() == 2)
                .flat_map(|c| values_of(g.candidates(c)).map(move |v| g.state(c, v, false)));
            best(g, Scope::Bivalue, starts, &mut |search, reach| {
                same_value_ends(search, reach, MIN_LONG_CHAIN)
            })
        }
        _ => {
            let starts = cells.flat_map(|c| {
                values_of(g.candidates(c))
                    .filter(move |&v| g.is_strong(c, v))
                    .map(move |v| g.state(c, v, false))
            });
            best(g, Scope::All, starts, &mut judge_aic)
        }
    }?;
    Some(step::build(g, technique, found))
}
