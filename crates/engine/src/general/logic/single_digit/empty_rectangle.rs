//! The empty rectangle on any shape: see [`empty_rectangle`].

use super::Places;
use crate::general::logic::geometry::Geometry;
use crate::general::logic::places::UnitPlaces;
use crate::general::logic::position::ShapePosition;
use crate::general::logic::step::{Mark, Pattern, ShapeStep};
use crate::general::logic::words;
use crate::shape::Cells;
use crate::technique::Technique;

/// The value's places in a box or region all lie in one row and one column, some outside each; a
/// conjugate pair of the value starts in that row (or column) outside the region. If the pair's
/// near end holds the value, the region's value is in its column (row); if not, the far end holds
/// it. The cell in the far end's row (column) and the region's column (row) sees both cases.
pub fn empty_rectangle(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let by_unit = UnitPlaces::live(geo, pos);
    let all = Places::new(geo, pos, &by_unit);
    let shape = geo.shape;
    let mut regions: Vec<usize> = geo.regions.clone();
    regions.sort_unstable();
    regions.dedup();
    (1..=shape.size() as u8).find_map(|value| {
        let places = all.of(value);
        regions
            .iter()
            .find_map(|&region| empty_rectangle_in(&places, region))
    })
}

fn empty_rectangle_in(places: &Places, region: usize) -> Option<ShapeStep> {
    let n = places.shape().size();
    if places.count_in(region) < 3 {
        return None;
    }
    let in_region = places.in_unit(region);
    // The rows and columns its places lie in, as bits, each tried from the last.
    let (rows, cols) = (in_region.iter()).fold((0u32, 0u32), |(rows, cols), &c| {
        (rows | 1 << (c / n), cols | 1 << (c % n))
    });
    let last_first = |lines: u32| (0..n).rev().filter(move |&i| lines >> i & 1 == 1);
    for row in last_first(rows) {
        for col in last_first(cols) {
            let off_row = in_region.iter().any(|&c| c / n != row);
            let off_col = in_region.iter().any(|&c| c % n != col);
            let on_cross = in_region.iter().all(|&c| c / n == row || c % n == col);
            if !(on_cross && off_row && off_col) {
                continue;
            }
            let rectangle = EmptyRectangle {
                places,
                region,
                in_region: &in_region,
                row,
                col,
            };
            let step = rectangle.step(true).or_else(|| rectangle.step(false));
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// An empty rectangle: the value's places in `region` all lie in `row` or `col`.
struct EmptyRectangle<'p, 'g, 's> {
    places: &'p Places<'g, 's>,
    region: usize,
    in_region: &'p [usize],
    row: usize,
    col: usize,
}

impl EmptyRectangle<'_, '_, '_> {
    /// The first elimination through a conjugate pair crossing the region's row (`along_row`) or
    /// column outside the region.
    fn step(&self, along_row: bool) -> Option<ShapeStep> {
        let geo = self.places.geo;
        let n = geo.shape.size();
        let (near_line, far_line) = if along_row {
            (geo.rows[self.row], geo.columns[self.col])
        } else {
            (geo.columns[self.col], geo.rows[self.row])
        };
        let starts = self.places.cells_in(near_line);
        for near in starts.filter(|&c| !geo.contains(self.region, c)) {
            let pair_unit = if along_row {
                geo.columns[near % n]
            } else {
                geo.rows[near / n]
            };
            let Some(far) = self.places.partner(pair_unit, near) else {
                continue;
            };
            let target = if along_row {
                far / n * n + self.col
            } else {
                self.row * n + far % n
            };
            if geo.contains(self.region, target)
                || target == far
                || target == near
                || !self.places.is_live(target)
            {
                continue;
            }
            return Some(self.build([near, far], pair_unit, far_line, target));
        }
        None
    }

    fn build(
        &self,
        [near, far]: [usize; 2],
        pair_unit: usize,
        far_line: usize,
        target: usize,
    ) -> ShapeStep {
        let shape = self.places.shape();
        let geo = self.places.geo;
        let value = self.places.value;
        let v = shape.symbol(value);
        let name = |c: usize| shape.cell_name(c);
        let unit = |u: usize| shape.unit_name(u);
        let (row, col) = (geo.rows[self.row], geo.columns[self.col]);
        let mut cells = self.in_region.to_vec();
        cells.extend([near, far]);
        let explanation = format!(
            "In {}, {v} can only go in {} or {} ({}); in {}, {v} is only at {} and {}. If {} is \
             {v}, the {v} of {} is in {}; if not, {} is {v}. Either way {} cannot be {v}, so {v} \
             can be removed from {}.",
            unit(self.region),
            unit(row),
            unit(col),
            words::cells(shape, self.in_region.iter().copied()),
            unit(pair_unit),
            name(near),
            name(far),
            name(near),
            unit(self.region),
            unit(far_line),
            name(far),
            name(target),
            name(target),
        );
        ShapeStep::elimination(
            Technique::EmptyRectangle,
            vec![Mark::new(target, value)],
            Pattern {
                cells,
                units: vec![self.region, row, col, pair_unit],
                values: vec![value],
            },
            explanation,
        )
    }
}
