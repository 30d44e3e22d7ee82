//! Cage Splitting: when the cells a group leaves over (its innies, or its outies) are all in one
//! cage, the rule of 45 gives that part's sum, so the rest of the cage is a sub-cage with the rest
//! of the cage's sum: one open cell takes it, several keep the values of its combinations.

use super::super::geometry::killer::KillerGeometry;
use super::super::geometry::Geometry;
use super::super::position::{values_of, ShapePosition};
use super::super::step::{Pattern, ShapeStep};
use super::super::words;
use super::cage_unit;
use super::innies_outies::{fill, leftovers, open_part, placed_words, removals, Leftover, Open};
use crate::shape::{Cells, Shape};
use crate::technique::Technique;

/// A cage split by a group's boundary: the part left over, and the other part with its sum.
struct Split<'g> {
    left: Leftover<'g>,
    cage: usize,
    other: Vec<usize>,
    other_sum: u32,
}

/// The splits: leftovers lying in one cage that has cells on the other side too.
fn splits<'a>(kg: &'a KillerGeometry, shape: &'a Shape) -> impl Iterator<Item = Split<'a>> + 'a {
    leftovers(&kg.groups).filter_map(move |left| {
        let cage = kg.cage_of[*left.cells.first()?]?;
        if left.cells.iter().any(|&c| kg.cage_of[c] != Some(cage)) {
            return None;
        }
        let whole = &shape.cages()[cage];
        let other: Vec<usize> = whole
            .cells
            .iter()
            .map(|&c| usize::from(c))
            .filter(|c| !left.cells.contains(c))
            .collect();
        let other_sum = whole.sum.checked_sub(left.sum)?;
        (!other.is_empty()).then_some(Split {
            left,
            cage,
            other,
            other_sum,
        })
    })
}

impl Split<'_> {
    /// `..., sum to 7, and they are the part of cage 4 (A8+A9+B9, sum 15) inside row A, so its
    /// other cells, B9, sum to 15 - 7 = 8`.
    fn words(&self, shape: &Shape, open: usize) -> String {
        let side = if self.left.outies {
            "outside"
        } else {
            "inside"
        };
        let verb = if self.other.len() == 1 && open == 1 {
            "is"
        } else {
            "sum to"
        };
        format!(
            "{}, and they are the part of {} {side} {}, so its other cells, {}, {verb} {} - {} = {}",
            self.left.premise(shape),
            words::cage(shape, self.cage),
            self.left.group.name,
            words::cells(shape, self.other.iter().copied()),
            shape.cages()[self.cage].sum,
            self.left.sum,
            self.other_sum
        )
    }
}

/// The other part of a split cage: one open cell is placed, several keep their combinations.
pub fn cage_splitting(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let (shape, kg) = (geo.shape, geo.killer.as_ref()?);
    splits(kg, shape).find_map(|split| {
        let Open {
            placed,
            cells: open,
            rest,
        } = open_part(&split.other, split.other_sum, pos)?;
        let pattern = |values: Vec<u8>| Pattern {
            cells: shape.cages()[split.cage]
                .cells
                .iter()
                .map(|&c| usize::from(c))
                .collect(),
            units: split
                .left
                .group
                .units
                .iter()
                .copied()
                .chain([cage_unit(shape, split.cage)])
                .collect(),
            values,
        };
        let premise = format!(
            "{}{}",
            split.words(shape, open.len()),
            placed_words(shape, &placed, &open, split.other_sum, rest)
        );
        match open[..] {
            [] => None,
            [cell] => {
                let value = u8::try_from(rest)
                    .ok()
                    .filter(|&v| v >= 1 && pos.has(cell, v))?;
                Some(ShapeStep::placement(
                    Technique::CageSplitting,
                    cell,
                    value,
                    pattern(vec![value]),
                    format!("{premise}."),
                ))
            }
            _ => {
                let (fillings, _) = fill(kg, shape, pos, &open, rest)?;
                let removed = removals(pos, &open, &fillings);
                if removed.is_empty() {
                    return None;
                }
                let values = values_of(fillings.possible.iter().fold(0, |a, &m| a | m)).collect();
                let ways: Vec<String> =
                    fillings.ways.iter().map(|w| super::sums::plus(w)).collect();
                let ways = if fillings.count <= super::sums::SHOWN {
                    crate::prose::or_list(ways)
                } else {
                    format!(
                        "one of {} combinations ({}, ...)",
                        fillings.count,
                        ways.join(", ")
                    )
                };
                Some(ShapeStep::elimination(
                    Technique::CageSplitting,
                    removed.clone(),
                    pattern(values),
                    format!(
                        "{premise}: they can only be {ways}, so these can be removed: {}.",
                        words::removal_sets(shape, &removed)
                    ),
                ))
            }
        }
    })
}
