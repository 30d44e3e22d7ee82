//! What can be wrong with a shape's description, and with a grid given on a shape.

use thiserror::Error;

/// Why a [`Rules`](super::Rules) description does not make a shape. Each names the member at fault
/// ([`ShapeError::field`]) and says what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// N outside 4..=25.
    #[error("size {size} is out of range; expected 4 to 25")]
    SizeOutOfRange {
        /// The size asked for.
        size: usize,
    },
    /// N has no box shape of at least 2x2 (a prime, say) and no regions were given.
    #[error("size {size} has no box shape (no rows x columns = {size} with both at least 2); give jigsaw regions instead")]
    NoBoxShape {
        /// The size.
        size: usize,
    },
    /// A box whose rows times columns is not N, or with a side under 2.
    #[error("box {rows}x{cols} does not tile a {size}x{size} grid; expected rows x columns = {size}, each at least 2")]
    BadBox {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
        /// The grid's size.
        size: usize,
    },
    /// Both `box` and `regions` were given.
    #[error("give either box or regions, not both: jigsaw regions replace the boxes")]
    BoxAndRegions,
    /// Not N*N region labels.
    #[error("expected {expected} region labels (one per cell), found {found}")]
    RegionLabelCount {
        /// N*N.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// Not N distinct labels.
    #[error("expected {expected} regions, found {found}")]
    RegionCount {
        /// N.
        expected: usize,
        /// Distinct labels given.
        found: usize,
    },
    /// A region without N cells.
    #[error("region {region} ({label}) has {found} cells; expected {expected}")]
    RegionSize {
        /// 1-based, in order of first appearance.
        region: usize,
        /// The label as given.
        label: String,
        /// Its cells.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A region whose cells are not joined edge to edge.
    #[error("region {region} ({label}) is not connected")]
    RegionNotConnected {
        /// 1-based, in order of first appearance.
        region: usize,
        /// The label as given.
        label: String,
    },
    /// Not N symbols.
    #[error("expected {expected} symbols, found {found}")]
    SymbolCount {
        /// N.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// A symbol that is given twice, or that cannot be one (`.`, whitespace).
    #[error(
        "symbol {symbol:?} cannot be used: symbols must be distinct, and not '.' or whitespace"
    )]
    BadSymbol {
        /// The symbol.
        symbol: char,
    },
    /// `hyper` on a size without a box shape to place windows by.
    #[error("the hyper variant needs a box shape to place its windows; size {size} has none")]
    HyperWithoutBoxes {
        /// The size.
        size: usize,
    },
    /// Units that no complete grid can satisfy: every puzzle on them would have no solution, so the
    /// rules are refused before any search (which would only spend its deadline).
    #[error("{what} has no complete grid: {why}")]
    NoGrid {
        /// The combination refused, such as `6x6 with x and hyper`.
        what: String,
        /// How that is known (a search of the empty grid, or how often random jigsaw regions work).
        why: &'static str,
    },
    /// A cage with no cells.
    #[error("cage {cage}: no cells; a cage holds 1 to N cells")]
    CageEmpty {
        /// 1-based, in the order given.
        cage: usize,
    },
    /// A cage with more cells than a unit: it would repeat a value.
    #[error(
        "cage {cage}: {cells} cells is more than {size}, the most distinct values a cage can hold"
    )]
    CageTooLarge {
        /// 1-based, in the order given.
        cage: usize,
        /// Its cells.
        cells: usize,
        /// N.
        size: usize,
    },
    /// A cage naming a cell that is not on the grid.
    #[error(
        "cage {cage}: {cell:?} is not a cell of a {size}x{size} grid (rows A.., columns 1..{size})"
    )]
    CageUnknownCell {
        /// 1-based, in the order given.
        cage: usize,
        /// The name as given.
        cell: String,
        /// N.
        size: usize,
    },
    /// A cell in two cages (or twice in one).
    #[error("cages overlap at {cell}")]
    CagesOverlap {
        /// 1-based: the cage that lists the cell a second time.
        cage: usize,
        /// The cell's name.
        cell: String,
    },
    /// A cage whose cells are not joined by king moves (edge or corner).
    #[error("cage {cage}: cells {first} and {apart} are not connected")]
    CageNotConnected {
        /// 1-based, in the order given.
        cage: usize,
        /// The cage's first cell as given.
        first: String,
        /// A cell its first cell does not reach inside the cage.
        apart: String,
    },
    /// A sum no set of distinct values reaches in that many cells.
    #[error("cage {cage}: sum {sum} is impossible for {cells} cells; expected {min} to {max}")]
    CageSumImpossible {
        /// 1-based, in the order given.
        cage: usize,
        /// The sum given.
        sum: u32,
        /// Its cells.
        cells: usize,
        /// The smallest reachable sum.
        min: u32,
        /// The largest reachable sum.
        max: u32,
    },
    /// A constraint that does not fit the grid.
    #[error("constraint {constraint} ({kind}): {detail}")]
    Constraint {
        /// 1-based, in the order given.
        constraint: usize,
        /// Its type on the wire.
        kind: &'static str,
        /// What is wrong, in words.
        detail: String,
    },
    /// More constraints than [`MAX_CONSTRAINTS`](super::constraints::MAX_CONSTRAINTS).
    #[error("{found} constraints is more than {max}, the most one puzzle may carry")]
    TooManyConstraints {
        /// How many were given.
        found: usize,
        /// The most allowed.
        max: usize,
    },
    /// More units (rows, columns, boxes, variants' units, extra regions) than the engine's unit
    /// sets hold.
    #[error("{units} units (rows, columns, boxes, diagonals, windows, disjoint groups and extra regions) is more than {max}, the most a shape may have")]
    TooManyUnits {
        /// How many the rules make.
        units: usize,
        /// The most allowed.
        max: usize,
    },
    /// `disjoint_groups` on jigsaw regions, which have no positions in common.
    #[error("the disjoint_groups variant needs boxes: jigsaw regions have no common positions")]
    DisjointWithoutBoxes,
}

impl ShapeError {
    /// The member of `rules` at fault.
    pub fn field(&self) -> &'static str {
        match self {
            ShapeError::SizeOutOfRange { .. } | ShapeError::NoBoxShape { .. } => "rules.size",
            ShapeError::BadBox { .. } | ShapeError::BoxAndRegions => "rules.box",
            ShapeError::RegionLabelCount { .. }
            | ShapeError::RegionCount { .. }
            | ShapeError::RegionSize { .. }
            | ShapeError::RegionNotConnected { .. } => "rules.regions",
            ShapeError::SymbolCount { .. } | ShapeError::BadSymbol { .. } => "rules.symbols",
            ShapeError::HyperWithoutBoxes { .. }
            | ShapeError::NoGrid { .. }
            | ShapeError::DisjointWithoutBoxes => "rules.variants",
            ShapeError::Constraint { .. }
            | ShapeError::TooManyConstraints { .. }
            | ShapeError::TooManyUnits { .. } => "rules.constraints",
            ShapeError::CageEmpty { .. }
            | ShapeError::CageTooLarge { .. }
            | ShapeError::CageUnknownCell { .. }
            | ShapeError::CagesOverlap { .. }
            | ShapeError::CageNotConnected { .. }
            | ShapeError::CageSumImpossible { .. } => "rules.cages",
        }
    }

    /// The constraint at fault, 1-based in the order given, for errors about one constraint.
    pub fn constraint(&self) -> Option<usize> {
        match self {
            ShapeError::Constraint { constraint, .. } => Some(*constraint),
            _ => None,
        }
    }

    /// The cage at fault, 1-based in the order given, for errors about a cage.
    pub fn cage(&self) -> Option<usize> {
        match self {
            ShapeError::CageEmpty { cage }
            | ShapeError::CageTooLarge { cage, .. }
            | ShapeError::CageUnknownCell { cage, .. }
            | ShapeError::CagesOverlap { cage, .. }
            | ShapeError::CageNotConnected { cage, .. }
            | ShapeError::CageSumImpossible { cage, .. } => Some(*cage),
            _ => None,
        }
    }
}

/// Why cells given on a shape do not make a grid of it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CellsError {
    /// Text or a flat array without N*N cells.
    #[error("expected {expected} cells, found {found}")]
    CellCount {
        /// N*N.
        expected: usize,
        /// How many were found.
        found: usize,
    },
    /// An array of rows without N rows.
    #[error("expected {expected} rows, found {found}")]
    RowCount {
        /// N.
        expected: usize,
        /// How many were found.
        found: usize,
    },
    /// A row without N values.
    #[error("row {row} has {found} values; expected {expected}")]
    RowLength {
        /// 1-based.
        row: usize,
        /// How many it had.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A number outside 0..=N.
    #[error("square {square} holds {value}; expected 0-{max} (0 for a blank)")]
    OutOfRange {
        /// The square's name.
        square: String,
        /// The value.
        value: i64,
        /// N.
        max: usize,
    },
    /// A character in text that is neither a symbol, a blank, nor layout.
    #[error("character {character:?} at position {position} is not a symbol of this shape (symbols {symbols}, '.' for a blank)")]
    UnknownSymbol {
        /// The character.
        character: char,
        /// Its 1-based position among the text's characters.
        position: usize,
        /// The shape's symbols.
        symbols: String,
    },
    /// A symbol given twice in one unit.
    #[error("{symbol} appears {} times in {unit} ({})", .squares.len(), .squares.join(", "))]
    Conflict {
        /// The repeated symbol.
        symbol: char,
        /// The unit's name (`row A`, `region 3`, `diagonal A1-I9`).
        unit: String,
        /// The squares holding it, in row-major order.
        squares: Vec<String>,
    },
}
