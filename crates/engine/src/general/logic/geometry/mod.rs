//! What the finders need to know about a shape beyond its units, worked out once per puzzle: which
//! pairs of units cross in two cells or more (for intersections), which units are the rows and the
//! columns (for fish), each cell's units as a bit set (for subsets whose cells share units), and on a
//! killer its cages and the rule of 45's groups.

pub mod constraints;
pub mod killer;

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::shape::{Shape, UnitKind};
use constraints::ConstraintGeometry;
use killer::KillerGeometry;

/// A shape's crossings, lines and unit sets.
#[derive(Clone, Debug)]
pub struct Geometry<'s> {
    /// The shape.
    pub shape: &'s Shape,
    /// Ordered pairs `(from, to)` of distinct units sharing at least two cells, `from` not a line
    /// first (pointing), then `from` a line (claiming).
    pub crossings: Vec<(usize, usize)>,
    /// The unit of each row, top to bottom.
    pub rows: Vec<usize>,
    /// The unit of each column, left to right.
    pub columns: Vec<usize>,
    /// The box or jigsaw region of each cell, as a unit (every shape has one per cell).
    pub regions: Vec<usize>,
    /// Each cell's units, one bit per unit (a shape has at most 128 units).
    unit_sets: Vec<u128>,
    /// Whether the finders look in HoDoKu's order (the classic shape): boxes before
    /// rows and columns, and in an intersection a unit, then each value, then where its places
    /// lie. Every other shape keeps the order its paths and seeded puzzles were made in.
    pub classic_order: bool,
    /// Every unit, in the order the singles and subsets scan them: with the classic order boxes,
    /// then rows, then columns; otherwise the shape's own unit order.
    pub scan: Vec<usize>,
    /// The units that are not rows or columns (boxes, regions, diagonals, windows), ascending:
    /// where a finned fish's fins may lie.
    pub non_lines: Vec<usize>,
    /// Where each line crosses each of [`Geometry::non_lines`], as bits over the crossing lines:
    /// `line_in[0][r * non_lines.len() + i]` holds the columns of row `r`'s cells in unit
    /// `non_lines[i]`, and `line_in[1]` the same for the columns (bits over rows).
    pub line_in: [Vec<u32>; 2],
    /// Each unit's cells and each cell's peers as `u128` bit sets, on a shape of at most 128 cells
    /// (see `cell_bits`: the finders that intersect many cell sets read them).
    pub small_sets: Option<(Vec<u128>, Vec<u128>)>,
    /// The cages and the rule of 45's groups, on a shape with cages.
    pub killer: Option<KillerGeometry>,
    /// The relations between two cells, on a shape with constraints.
    pub constraints: Option<ConstraintGeometry>,
    /// Whether steps carry their explanation: grading reads only the techniques, and the
    /// singles (most steps of most paths) then skip their words ([`Geometry::say`]).
    pub explain: bool,
}

impl<'s> Geometry<'s> {
    /// `shape`'s geometry: plain classic 9x9's worked out once for the process (grading during
    /// generation walks thousands of classic puzzles), every other shape's now. A shape that
    /// [`Shape::is_classic`] gets the geometry of [`Shape::classic_ref`]: the same units, cells,
    /// names and symbols, so the finders cannot tell the two apart.
    pub fn of(shape: &'s Shape) -> Cow<'s, Geometry<'s>> {
        static CLASSIC: OnceLock<Geometry<'static>> = OnceLock::new();
        Geometry::cached(&CLASSIC, shape, true)
    }

    /// [`Geometry::of`] for a walk whose steps need no words (grading).
    pub fn quiet(shape: &'s Shape) -> Cow<'s, Geometry<'s>> {
        static CLASSIC: OnceLock<Geometry<'static>> = OnceLock::new();
        Geometry::cached(&CLASSIC, shape, false)
    }

    fn cached(
        classic: &'static OnceLock<Geometry<'static>>,
        shape: &'s Shape,
        explain: bool,
    ) -> Cow<'s, Geometry<'s>> {
        if shape.is_classic() {
            Cow::Borrowed(classic.get_or_init(|| Geometry {
                explain,
                ..Geometry::new(Shape::classic_ref())
            }))
        } else {
            Cow::Owned(Geometry {
                explain,
                ..Geometry::new(shape)
            })
        }
    }

    /// The explanation `words` give, when this walk explains its steps; else nothing.
    pub fn say(&self, words: impl FnOnce() -> String) -> String {
        if self.explain {
            words()
        } else {
            String::new()
        }
    }

    /// Works out `shape`'s crossings and lines.
    pub fn new(shape: &'s Shape) -> Geometry<'s> {
        let n = shape.size();
        let units = shape.unit_count();
        assert!(units <= 128, "a shape has at most 3 * 25 + 2 + 16 units");
        let unit_sets: Vec<u128> = (0..shape.cell_count())
            .map(|c| shape.units_of(c).iter().fold(0u128, |acc, &u| acc | 1 << u))
            .collect();
        let (mut rows, mut columns) = (vec![0; n], vec![0; n]);
        for u in 0..units {
            match shape.unit_kind(u) {
                UnitKind::Row(r) => rows[usize::from(r)] = u,
                UnitKind::Column(c) => columns[usize::from(c)] = u,
                _ => {}
            }
        }
        let regions: Vec<usize> = (0..shape.cell_count())
            .map(|c| {
                let unit = shape
                    .units_of(c)
                    .iter()
                    .map(|&u| usize::from(u))
                    .find(|&u| {
                        matches!(shape.unit_kind(u), UnitKind::Box(_) | UnitKind::Region(_))
                    });
                unit.expect("a shape has boxes or regions")
            })
            .collect();
        let mut pointing = Vec::new();
        let mut claiming = Vec::new();
        for from in 0..units {
            for to in 0..units {
                let shared = shape
                    .unit(from)
                    .iter()
                    .filter(|&&c| unit_sets[usize::from(c)] & 1 << to != 0)
                    .count();
                if from == to || shared < 2 {
                    continue;
                }
                if is_line(shape.unit_kind(from)) {
                    claiming.push((from, to));
                } else {
                    pointing.push((from, to));
                }
            }
        }
        pointing.extend(claiming);
        let classic_order = shape.is_classic();
        let mut scan: Vec<usize> = (0..units).collect();
        if classic_order {
            let order = |u: &usize| match shape.unit_kind(*u) {
                UnitKind::Box(_) => 0,
                UnitKind::Row(_) => 1,
                _ => 2,
            };
            scan.sort_by_key(order);
        }
        let non_lines: Vec<usize> = (0..units)
            .filter(|&u| !is_line(shape.unit_kind(u)))
            .collect();
        let mut line_in = [
            vec![0u32; n * non_lines.len()],
            vec![0u32; n * non_lines.len()],
        ];
        for (i, &u) in non_lines.iter().enumerate() {
            for &c in shape.unit(u) {
                let (r, c) = shape.row_col(usize::from(c));
                line_in[0][r * non_lines.len() + i] |= 1 << c;
                line_in[1][c * non_lines.len() + i] |= 1 << r;
            }
        }
        let small_sets = (shape.cell_count() <= 128).then(|| {
            let bits = |cells: &[u16]| cells.iter().fold(0u128, |acc, &c| acc | 1 << c);
            let units = (0..units).map(|u| bits(shape.unit(u))).collect();
            let peers = (0..shape.cell_count())
                .map(|c| bits(shape.peers(c)))
                .collect();
            (units, peers)
        });
        Geometry {
            shape,
            small_sets,
            crossings: pointing,
            non_lines,
            line_in,
            rows,
            columns,
            regions,
            unit_sets,
            classic_order,
            explain: true,
            scan,
            killer: KillerGeometry::new(shape),
            constraints: ConstraintGeometry::new(shape),
        }
    }

    /// Whether `cell` is in `unit`.
    pub fn contains(&self, unit: usize, cell: usize) -> bool {
        self.unit_sets[cell] & 1 << unit != 0
    }

    /// Whether two distinct cells share a unit (see each other).
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.unit_sets[a] & self.unit_sets[b] != 0
    }

    /// The units every one of `cells` lies in, one bit per unit.
    pub fn common_unit_set(&self, cells: impl IntoIterator<Item = usize>) -> u128 {
        cells
            .into_iter()
            .fold(u128::MAX, |acc, c| acc & self.unit_sets[c])
    }

    /// The units every one of `cells` lies in, ascending.
    pub fn common_units(&self, cells: &[usize]) -> Vec<usize> {
        units_in(self.common_unit_set(cells.iter().copied())).collect()
    }
}

/// The units of a unit set (one bit per unit), ascending.
pub fn units_in(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let u = set.trailing_zeros() as usize;
            set &= set - 1;
            u
        })
    })
}

/// Whether a unit is a row or a column.
pub fn is_line(kind: UnitKind) -> bool {
    matches!(kind, UnitKind::Row(_) | UnitKind::Column(_))
}
