//! Simple colouring on any shape: the conjugate pairs of one value (its only two places in a unit
//! of the shape that lacks it), followed cell to cell, split a cluster into two colours that
//! alternate; exactly one colour holds the value. A cell that sees both colours loses it (colour
//! trap), and a colour with two cells in one unit is false, so all its cells lose it (colour wrap).
//! It reasons only about units, so it is sound on every shape.

use super::cell_bits::{fits_u128, CellBits, Wide};
use super::geometry::Geometry;
use super::links::Links;
use super::position::{bit, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;

/// A colour wrap or a colour trap, values ascending, clusters from their first cell; within a
/// cluster the wrap is tried first, as HoDoKu does.
pub fn simple_coloring(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    if fits_u128(geo.shape) {
        coloring_on::<u128>(geo, pos)
    } else {
        coloring_on::<Wide>(geo, pos)
    }
}

fn coloring_on<S: CellBits>(geo: &Geometry, pos: &ShapePosition) -> Option<ShapeStep> {
    let links = Links::<S>::new(geo, pos);
    let cells = geo.shape.cell_count();
    (1..=geo.shape.size() as u8).find_map(|value| {
        // 0: not in a cluster yet; 1 and 2: the colours of the cluster being grown; older
        // clusters keep their marks 3, 4 and so on, two per cluster.
        let mut colour = vec![0u32; cells];
        let mut next = 1;
        (0..cells).find_map(|seed| {
            if colour[seed] != 0 || links.conjugates(seed, value).is_empty() {
                return None;
            }
            let cluster = Cluster::grow(&links, value, seed, next, &mut colour);
            next += 2;
            cluster
                .wrap(&links, pos)
                .or_else(|| cluster.trap(&links, pos))
        })
    })
}

/// The cells of one cluster of conjugate pairs, in two colours.
struct Cluster {
    value: u8,
    colours: [Vec<usize>; 2],
}

impl Cluster {
    /// Colours every cell reachable from `seed` along conjugate pairs with `first` and `first + 1`.
    fn grow<S: CellBits>(
        links: &Links<S>,
        value: u8,
        seed: usize,
        first: u32,
        colour: &mut [u32],
    ) -> Cluster {
        let mut colours = [vec![seed], Vec::new()];
        colour[seed] = first;
        let mut stack = vec![seed];
        while let Some(cell) = stack.pop() {
            let other = if colour[cell] == first { 1 } else { 0 };
            for partner in links.conjugates(cell, value).cells() {
                if colour[partner] != 0 {
                    continue;
                }
                colour[partner] = first + other as u32;
                colours[other].push(partner);
                stack.push(partner);
            }
        }
        for c in &mut colours {
            c.sort_unstable();
        }
        Cluster { value, colours }
    }

    fn contains(&self, cell: usize) -> bool {
        self.colours.iter().any(|c| c.binary_search(&cell).is_ok())
    }

    /// A colour with two cells sharing a unit cannot hold the value.
    fn wrap<S: CellBits>(&self, links: &Links<S>, pos: &ShapePosition) -> Option<ShapeStep> {
        let geo = links.geo;
        let (index, a, b) = (0..2).find_map(|i| {
            let colour = &self.colours[i];
            colour.iter().enumerate().find_map(|(k, &a)| {
                let b = colour[k + 1..].iter().copied().find(|&b| geo.sees(a, b))?;
                Some((i, a, b))
            })
        })?;
        let shape = geo.shape;
        let unit = geo.common_units(&[a, b])[0];
        let v = shape.symbol(self.value);
        let (name, other) = if index == 0 {
            ("first", "second")
        } else {
            ("second", "first")
        };
        let false_colour = self.colours[index].clone();
        let explanation = format!(
            "{}. {} and {}, both of the {name} colour, share {}, so the {name} colour cannot be {v} \
             and the {other} colour is: {v} can be removed from {}.",
            self.describe(links, pos),
            shape.cell_name(a),
            shape.cell_name(b),
            shape.unit_name(unit),
            words::cells(shape, false_colour.iter().copied())
        );
        let mut step = self.step(links, pos, false_colour, explanation);
        if !step.pattern.units.contains(&unit) {
            step.pattern.units.push(unit);
        }
        Some(step)
    }

    /// A cell seeing a cell of each colour cannot hold the value.
    fn trap<S: CellBits>(&self, links: &Links<S>, pos: &ShapePosition) -> Option<ShapeStep> {
        let geo = links.geo;
        let shape = geo.shape;
        let sees_colour =
            |cell: usize, i: usize| self.colours[i].iter().any(|&c| geo.sees(cell, c));
        let targets: Vec<usize> = (0..shape.cell_count())
            .filter(|&c| pos.candidates(c) & bit(self.value) != 0 && !self.contains(c))
            .filter(|&c| sees_colour(c, 0) && sees_colour(c, 1))
            .collect();
        if targets.is_empty() {
            return None;
        }
        let explanation = format!(
            "{}. {} can be removed from the squares that see both colours: {}.",
            self.describe(links, pos),
            shape.symbol(self.value),
            words::cells(shape, targets.iter().copied())
        );
        Some(self.step(links, pos, targets, explanation))
    }

    /// The units whose two places of the value are both in the cluster: its links.
    fn links<S: CellBits>(&self, links: &Links<S>, pos: &ShapePosition) -> Vec<usize> {
        let shape = links.geo.shape;
        (0..shape.unit_count())
            .filter(|&u| pos.placed(shape, u) & bit(self.value) == 0)
            .filter(|&u| {
                let places: Vec<usize> = shape
                    .unit(u)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| links.has(c, self.value))
                    .collect();
                places.len() == 2 && places.iter().all(|&c| self.contains(c))
            })
            .collect()
    }

    fn describe<S: CellBits>(&self, links: &Links<S>, pos: &ShapePosition) -> String {
        let shape = links.geo.shape;
        let v = shape.symbol(self.value);
        let units = self.links(links, pos);
        let each = if units.len() > 1 { "each of " } else { "" };
        let verb = if self.colours[0].len() == 1 {
            "takes"
        } else {
            "take"
        };
        format!(
            "{v} has only two places in {each}{}; following these pairs, {} {verb} one colour and \
             {} the other, and exactly one colour is {v}",
            words::units(shape, units),
            words::cells(shape, self.colours[0].iter().copied()),
            words::cells(shape, self.colours[1].iter().copied()),
        )
    }

    fn step<S: CellBits>(
        &self,
        links: &Links<S>,
        pos: &ShapePosition,
        targets: Vec<usize>,
        explanation: String,
    ) -> ShapeStep {
        let pattern = Pattern {
            cells: self.colours[0]
                .iter()
                .chain(&self.colours[1])
                .copied()
                .collect(),
            units: self.links(links, pos),
            values: vec![self.value],
        };
        let eliminations = targets
            .into_iter()
            .map(|c| Mark::new(c, self.value))
            .collect();
        ShapeStep::elimination(
            Technique::SimpleColoring,
            eliminations,
            pattern,
            explanation,
        )
    }
}
