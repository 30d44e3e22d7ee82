//! Shapes as data: the cells, symbols, units and peers of any grid the engine plays, from 4x4 to 25x25,
//! with boxes or jigsaw regions, and the diagonals and windows of the X and hyper variants.
//!
//! Norvig's program never mentions 9: squares, units and peers are tables, and propagation and search
//! read whatever the tables say. A [`Shape`] is those tables, built and checked once from a
//! [`Rules`] description; every algorithm other than the classic band solver reads it instead of
//! assuming 9x9. A unit always has exactly N cells, so an N x N grid filled by the rules holds each
//! symbol once in every unit.

mod build;
mod cages;
mod cells;
pub mod constraints;
mod error;
mod rules;
mod tables;

use std::fmt;
use std::sync::{Arc, OnceLock};

pub use cages::{sum_range, Cage, CageRule};
pub use cells::{display, Cells, UnitConflict};
pub use constraints::{Constraint, ConstraintRule, RuleConflict, RuleRef};
pub use error::{CellsError, ShapeError};
pub use rules::{Regions, Rules, Variant};

/// The cells edge-adjacent to `cell`.
pub(crate) fn neighbours(cell: usize, size: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    [
        (r > 0).then(|| cell - size),
        (r + 1 < size).then(|| cell + size),
        (c > 0).then(|| cell - 1),
        (c + 1 < size).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// The largest N.
pub const MAX_SIZE: usize = 25;
/// The smallest N.
pub const MIN_SIZE: usize = 4;
/// The default symbols, cut to N.
pub const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOP";

/// What a unit is, for naming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// A row, 0-based.
    Row(u8),
    /// A column, 0-based.
    Column(u8),
    /// A box, 0-based, row-major.
    Box(u8),
    /// A jigsaw region, 0-based in order of first appearance.
    Region(u8),
    /// The diagonal from the top-left corner.
    Diagonal,
    /// The diagonal from the top-right corner.
    AntiDiagonal,
    /// A hyper window, 0-based, row-major.
    Window(u8),
    /// A disjoint group (one position in every box), 0-based, row-major within the box.
    DisjointGroup(u8),
    /// An extra region: the constraint of this 0-based index in `rules.constraints`.
    ExtraRegion(u16),
}

/// A grid's geometry: N, the symbols, every unit and every cell's units and peers. Built once by
/// [`Shape::new`] and shared (it is immutable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    rules: Rules,
    size: usize,
    box_shape: Option<(usize, usize)>,
    region_of: Option<Vec<u8>>,
    symbols: Vec<char>,
    /// The units and peers, shared by every shape of the same regular layout.
    tables: Arc<tables::UnitTables>,
    /// Killer cages, in the order given.
    cages: Vec<Cage>,
    /// Constraints, in the order given.
    constraints: Vec<Constraint>,
}

impl Shape {
    /// Checks `rules` and builds the shape's tables.
    pub fn new(rules: &Rules) -> Result<Shape, ShapeError> {
        build::build(rules)
    }

    /// The classic 9x9 shape, built once.
    pub fn classic() -> Arc<Shape> {
        Shape::classic_arc().clone()
    }

    /// The classic shape, borrowed for as long as the program runs.
    pub fn classic_ref() -> &'static Shape {
        Shape::classic_arc()
    }

    fn classic_arc() -> &'static Arc<Shape> {
        static CLASSIC: OnceLock<Arc<Shape>> = OnceLock::new();
        CLASSIC.get_or_init(|| Arc::new(Shape::new(&Rules::classic()).expect("classic rules")))
    }

    /// The rules as given, normalised: the shape's own description.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether this is plain classic Sudoku (9x9, 3x3 boxes, no variant, digits 1-9): the shape the
    /// classic band solver and logic are made for.
    pub fn is_classic(&self) -> bool {
        self.size == 9
            && self.box_shape == Some((3, 3))
            && self.tables.kinds.len() == 27
            && self.cages.is_empty()
            && !self.has_constraints()
            && self.symbols.iter().copied().eq("123456789".chars())
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// N*N.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The box as (rows, columns), unless jigsaw regions replace the boxes.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.box_shape
    }

    /// Whether the grid has jigsaw regions instead of boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.region_of.is_some()
    }

    /// The symbol of value `v` (1..=N).
    pub fn symbol(&self, v: u8) -> char {
        self.symbols[usize::from(v) - 1]
    }

    /// The symbols, in value order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// How many units there are.
    pub fn unit_count(&self) -> usize {
        self.tables.kinds.len()
    }

    /// The cells of unit `u`, N of them.
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.tables.unit_cells[u * self.size..(u + 1) * self.size]
    }

    /// What unit `u` is.
    pub fn unit_kind(&self, u: usize) -> UnitKind {
        self.tables.kinds[u]
    }

    /// The units of `cell`.
    pub fn units_of(&self, cell: usize) -> &[u16] {
        &self.tables.cell_units[cell]
    }

    /// The peers of `cell`: every other cell sharing a unit with it.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.tables.peers[cell]
    }

    /// Where `cell` is, as (row, column), 0-based.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.size, cell % self.size)
    }

    /// `cell`'s name as in Norvig's essay, grown past 9x9: rows `A`.., columns `1`..N (`A1`, `P16`).
    pub fn cell_name(&self, cell: usize) -> String {
        let (r, c) = self.row_col(cell);
        format!("{}{}", char::from(b'A' + r as u8), c + 1)
    }

    /// The cell named `name` (case-insensitive row letter), if it is on the grid.
    pub fn cell_named(&self, name: &str) -> Option<usize> {
        let mut chars = name.chars();
        let row = chars.next()?.to_ascii_uppercase();
        let col: usize = chars.as_str().parse().ok()?;
        let r = (row as usize).checked_sub('A' as usize)?;
        (r < self.size && (1..=self.size).contains(&col)).then(|| r * self.size + col - 1)
    }

    /// Unit `u`'s name: `row A`, `column 12`, `box 4`, `region 3`, `diagonal A1-I9`, `window 2`.
    /// Past the last unit, `cage k` names the killer cage of index `u - unit_count() + 1`.
    pub fn unit_name(&self, u: usize) -> String {
        let n = self.size;
        let Some(&kind) = self.tables.kinds.get(u) else {
            return format!("cage {}", u - self.tables.kinds.len() + 1);
        };
        match kind {
            UnitKind::Row(r) => format!("row {}", char::from(b'A' + r)),
            UnitKind::Column(c) => format!("column {}", c + 1),
            UnitKind::Box(b) => format!("box {}", b + 1),
            UnitKind::Region(g) => format!("region {}", g + 1),
            UnitKind::Diagonal => {
                format!(
                    "diagonal {}-{}",
                    self.cell_name(0),
                    self.cell_name(n * n - 1)
                )
            }
            UnitKind::AntiDiagonal => {
                format!(
                    "diagonal {}-{}",
                    self.cell_name(n - 1),
                    self.cell_name(n * (n - 1))
                )
            }
            UnitKind::Window(w) => format!("window {}", w + 1),
            UnitKind::DisjointGroup(g) => format!("disjoint group {}", g + 1),
            UnitKind::ExtraRegion(i) => self.rule_name(RuleRef::Constraint(usize::from(i))),
        }
    }

    /// The constraints, in the order the rules gave them.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Whether the rules include the global rule `variant`.
    pub fn has_variant(&self, variant: Variant) -> bool {
        self.rules.variants.contains(&variant)
    }

    /// Whether any rule besides units and cages holds: a constraint other than an extra region,
    /// anti-knight, anti-king, non-consecutive or a negative constraint. Techniques that reason
    /// from units and cages alone about what a solution may swap do not hold then.
    pub fn has_constraints(&self) -> bool {
        self.constraints
            .iter()
            .any(|c| !matches!(c, Constraint::ExtraRegion { .. }))
            || !self.rules.negative.is_empty()
            || [
                Variant::AntiKnight,
                Variant::AntiKing,
                Variant::NonConsecutive,
            ]
            .iter()
            .any(|&v| self.has_variant(v))
    }

    /// A rule's name: `constraint 3 (thermo)` (1-based, in the order given), `anti_knight`,
    /// `negative kropki`.
    pub fn rule_name(&self, rule: RuleRef) -> String {
        match rule {
            RuleRef::Constraint(i) => {
                format!("constraint {} ({})", i + 1, self.constraints[i].type_name())
            }
            RuleRef::Variant(v) => v.name().to_string(),
            RuleRef::Negative(n) => format!("negative {}", n.name()),
        }
    }

    /// The region (box or jigsaw region) of `cell`, 0-based: what thick borders are drawn around.
    pub fn region_of(&self, cell: usize) -> usize {
        match (&self.region_of, self.box_shape) {
            (Some(regions), _) => usize::from(regions[cell]),
            (None, Some((br, bc))) => {
                let (r, c) = self.row_col(cell);
                (r / br) * (self.size / bc) + c / bc
            }
            (None, None) => unreachable!("a shape has boxes or regions"),
        }
    }

    /// The killer cages, in the order the rules gave them (empty when this is no killer).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Each cell's cage, as an index into [`Shape::cages`] (`None` outside every cage).
    pub fn cage_of(&self) -> Vec<Option<usize>> {
        let mut cage_of = vec![None; self.cell_count()];
        for (k, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[usize::from(c)] = Some(k);
            }
        }
        cage_of
    }

    /// Whether the grid has killer cages.
    pub fn is_killer(&self) -> bool {
        !self.cages.is_empty()
    }

    /// Every value's bit: the candidates of an empty cell.
    pub fn all_values(&self) -> u32 {
        (1u32 << self.size) - 1
    }
}

impl fmt::Display for Shape {
    /// `9x9`, `16x16 (4x4 boxes)`, `9x9 jigsaw x`, ... for captions and logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.size)?;
        if let Some((r, c)) = self.box_shape.filter(|_| !self.is_classic()) {
            write!(f, " ({r}x{c} boxes)")?;
        }
        if self.is_jigsaw() {
            write!(f, " jigsaw")?;
        }
        for v in &self.rules.variants {
            write!(f, " {}", v.name())?;
        }
        if self.is_killer() {
            write!(f, " killer")?;
        }
        if !self.constraints.is_empty() || !self.rules.negative.is_empty() {
            write!(f, " with constraints")?;
        }
        Ok(())
    }
}
