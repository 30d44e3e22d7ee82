//! Building a [`Shape`] from [`Rules`]: every check a description must pass, then the unit and peer
//! tables. A shape that exists is valid.

use std::collections::HashMap;
use std::sync::Arc;

use super::tables::{self, Blocks, Layout, UnitTables};
use super::{cages, constraints, neighbours, Constraint};
use super::{
    Regions, Rules, Shape, ShapeError, UnitKind, Variant, DEFAULT_SYMBOLS, MAX_SIZE, MIN_SIZE,
};

/// The most units a shape may have: sets of units are one `u128`.
const MAX_UNITS: usize = 128;

pub(super) fn build(rules: &Rules) -> Result<Shape, ShapeError> {
    let size = rules.size.unwrap_or(9);
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(ShapeError::SizeOutOfRange { size });
    }
    let symbols = symbols(rules.symbols.as_deref(), size)?;
    let (box_shape, region_of) = match (&rules.regions, rules.box_shape) {
        (Some(_), Some(_)) => return Err(ShapeError::BoxAndRegions),
        (Some(regions), None) => (None, Some(jigsaw(regions, size)?)),
        (None, Some([rows, cols])) => {
            if rows.checked_mul(cols) != Some(size) || rows < 2 || cols < 2 {
                return Err(ShapeError::BadBox { rows, cols, size });
            }
            (Some((rows, cols)), None)
        }
        (None, None) => (
            Some(usual_box(size).ok_or(ShapeError::NoBoxShape { size })?),
            None,
        ),
    };
    let mut variants = rules.variants.clone();
    variants.sort();
    variants.dedup();
    if let Some(error) = blocks_needed(size, region_of.is_some(), &variants) {
        return Err(error);
    }
    if region_of.is_none() {
        if let Some(why) = no_grid(size, &variants) {
            return Err(ShapeError::NoGrid {
                what: format!("{size}x{size} with {}", names(&variants)),
                why,
            });
        }
    }
    let name = |cell: usize| {
        format!(
            "{}{}",
            char::from(b'A' + (cell / size) as u8),
            cell % size + 1
        )
    };
    let cages = cages::check(&rules.cages, size, |n| cell_named(n, size), name)?;
    let checked = constraints::check(&rules.constraints, size, &|n| cell_named(n, size), &name)?;
    let extra_regions: Vec<(usize, &[u16])> = checked
        .iter()
        .enumerate()
        .filter_map(|(i, constraint)| match constraint {
            Constraint::ExtraRegion { cells } => Some((i, cells.as_slice())),
            _ => None,
        })
        .collect();
    let layout = Layout {
        size,
        blocks: match (&region_of, box_shape) {
            (Some(regions), _) => Blocks::Regions(regions.clone()),
            (None, Some((rows, cols))) => Blocks::Boxes(rows, cols),
            (None, None) => unreachable!("boxes or regions were chosen above"),
        },
        variants: variants.clone(),
    };
    // A layout's units and peers follow from its size, blocks and variants, and are shared while
    // kept; cages and extra regions add the client's own, built for this shape alone.
    let tables = if cages.is_empty() && extra_regions.is_empty() {
        tables::shared(&layout, || {
            let (kinds, unit_cells) = units(&layout);
            debug_assert!(
                kinds.len() <= MAX_UNITS,
                "a layout alone has at most 118 units"
            );
            UnitTables::new(size, kinds, unit_cells, &[], &moves(size, &variants))
        })
    } else {
        let (mut kinds, mut unit_cells) = units(&layout);
        for &(i, cells) in &extra_regions {
            kinds.push(UnitKind::ExtraRegion(i as u16));
            unit_cells.extend_from_slice(cells);
        }
        // Propagation and logic keep a set of units in one u128.
        if kinds.len() > MAX_UNITS {
            return Err(ShapeError::TooManyUnits {
                units: kinds.len(),
                max: MAX_UNITS,
            });
        }
        let groups: Vec<&[u16]> = cages.iter().map(|cage| cage.cells.as_slice()).collect();
        Arc::new(UnitTables::new(
            size,
            kinds,
            unit_cells,
            &groups,
            &moves(size, &variants),
        ))
    };
    let normal = Rules {
        size: Some(size),
        box_shape: box_shape.map(|(r, c)| [r, c]),
        variants,
        regions: rules.regions.clone(),
        symbols: rules
            .symbols
            .clone()
            .filter(|s| s.as_str() != &DEFAULT_SYMBOLS[..size]),
        cages: rules.cages.clone(),
        constraints: rules.constraints.clone(),
        negative: {
            let mut negative = rules.negative.clone();
            negative.sort();
            negative.dedup();
            negative
        },
    };
    Ok(Shape {
        rules: normal,
        size,
        box_shape,
        region_of,
        symbols,
        tables,
        cages,
        constraints: checked,
    })
}

/// The variant among `variants` that needs boxes a grid of jigsaw regions lacks, as the error
/// it makes: hyper windows are placed by the usual box of N, disjoint groups by the grid's boxes.
fn blocks_needed(size: usize, jigsaw: bool, variants: &[Variant]) -> Option<ShapeError> {
    if !jigsaw {
        return None;
    }
    variants.iter().find_map(|variant| match variant {
        Variant::Hyper if usual_box(size).is_none() => Some(ShapeError::HyperWithoutBoxes { size }),
        Variant::DisjointGroups => Some(ShapeError::DisjointWithoutBoxes),
        _ => None,
    })
}

/// The units of `layout`, each one's kind and its N cells one unit after another. Its variants
/// have the boxes they need ([`blocks_needed`]).
fn units(layout: &Layout) -> (Vec<UnitKind>, Vec<u16>) {
    let size = layout.size;
    let mut kinds = Vec::new();
    let mut unit_cells: Vec<u16> = Vec::new();
    let mut add = |kind: UnitKind, cells: Vec<usize>| {
        debug_assert_eq!(cells.len(), size);
        kinds.push(kind);
        unit_cells.extend(cells.into_iter().map(|c| c as u16));
    };
    for r in 0..size {
        add(
            UnitKind::Row(r as u8),
            (0..size).map(|c| r * size + c).collect(),
        );
    }
    for c in 0..size {
        add(
            UnitKind::Column(c as u8),
            (0..size).map(|r| r * size + c).collect(),
        );
    }
    let box_shape = match &layout.blocks {
        Blocks::Regions(regions) => {
            for g in 0..size {
                let cells = (0..size * size).filter(|&i| usize::from(regions[i]) == g);
                add(UnitKind::Region(g as u8), cells.collect());
            }
            None
        }
        &Blocks::Boxes(br, bc) => {
            for (b, (top, left)) in box_corners(size, br, bc).enumerate() {
                add(UnitKind::Box(b as u8), block(size, top, left, br, bc));
            }
            Some((br, bc))
        }
    };
    let no_boxes = "blocks_needed refuses this variant without boxes";
    for &variant in &layout.variants {
        match variant {
            Variant::X => {
                add(
                    UnitKind::Diagonal,
                    (0..size).map(|i| i * size + i).collect(),
                );
                add(
                    UnitKind::AntiDiagonal,
                    (0..size).map(|i| i * size + size - 1 - i).collect(),
                );
            }
            Variant::Hyper => {
                let (br, bc) = box_shape.or_else(|| usual_box(size)).expect(no_boxes);
                for (w, (top, left)) in windows(size, br, bc).enumerate() {
                    add(UnitKind::Window(w as u8), block(size, top, left, br, bc));
                }
            }
            Variant::DisjointGroups => {
                let (br, bc) = box_shape.expect(no_boxes);
                // Group `dr * bc + dc` holds the cell at (dr, dc) of every box.
                for (dr, dc) in (0..br).flat_map(|dr| (0..bc).map(move |dc| (dr, dc))) {
                    let cells =
                        box_corners(size, br, bc).map(|(top, left)| (top + dr) * size + left + dc);
                    add(
                        UnitKind::DisjointGroup((dr * bc + dc) as u8),
                        cells.collect(),
                    );
                }
            }
            // Peers and relations, not units: added by [`moves`] and read by the constraints'
            // tables.
            Variant::AntiKnight | Variant::AntiKing | Variant::NonConsecutive => {}
        }
    }
    (kinds, unit_cells)
}

/// Each cell's cells a chess move away under `variants` (anti-knight, anti-king): they repeat no
/// value.
fn moves(size: usize, variants: &[Variant]) -> Vec<Vec<u16>> {
    let mut moves = vec![Vec::new(); size * size];
    for &variant in variants {
        for [a, b] in constraints::move_pairs(size, variant) {
            moves[usize::from(a)].push(b);
            moves[usize::from(b)].push(a);
        }
    }
    moves
}

/// Why boxes of `size` with `variants` admit no complete grid, for the combinations a search of the
/// empty grid proves empty (`tests/engine/shape_combos.rs` runs that search on every combination of
/// size, box and variants, and fails if this list and the searches disagree).
fn no_grid(size: usize, variants: &[Variant]) -> Option<&'static str> {
    match (size, variants) {
        (6, [Variant::X, Variant::Hyper]) => Some(
            "the two hyper windows and both diagonals leave no way to place 6 symbols (a search of the empty grid finds none, with 2x3 or 3x2 boxes)",
        ),
        _ => None,
    }
}

/// `x and hyper`, as the variants are named on the wire.
fn names(variants: &[Variant]) -> String {
    let names: Vec<&str> = variants.iter().map(|v| v.name()).collect();
    names.join(" and ")
}

/// The cell named `name` on a `size` x `size` grid: an upper-case row letter then a 1-based column
/// without leading zeros (`A1`, `P16`), exactly as answers name cells.
pub(crate) fn cell_named(name: &str, size: usize) -> Option<usize> {
    let mut chars = name.chars();
    let row = chars.next().filter(char::is_ascii_uppercase)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let col: usize = digits.parse().ok()?;
    let r = (row as usize).checked_sub('A' as usize)?;
    (r < size && (1..=size).contains(&col)).then(|| r * size + col - 1)
}

/// The usual box for N: the most nearly square rows x columns with rows <= columns, both at least 2.
pub(crate) fn usual_box(size: usize) -> Option<(usize, usize)> {
    (2..=size)
        .filter(|r| size % r == 0 && r * r <= size && size / r >= 2)
        .max()
        .map(|r| (r, size / r))
}

fn symbols(given: Option<&str>, size: usize) -> Result<Vec<char>, ShapeError> {
    let symbols: Vec<char> = match given {
        Some(s) => s.chars().collect(),
        None => DEFAULT_SYMBOLS.chars().take(size).collect(),
    };
    if symbols.len() != size {
        return Err(ShapeError::SymbolCount {
            expected: size,
            found: symbols.len(),
        });
    }
    for (i, &s) in symbols.iter().enumerate() {
        if s == '.' || s.is_whitespace() || symbols[..i].contains(&s) {
            return Err(ShapeError::BadSymbol { symbol: s });
        }
    }
    Ok(symbols)
}

/// Each cell's region, numbered by first appearance, after checking there are N regions of N
/// connected cells.
fn jigsaw(regions: &Regions, size: usize) -> Result<Vec<u8>, ShapeError> {
    let labels = regions.labels();
    if labels.len() != size * size {
        return Err(ShapeError::RegionLabelCount {
            expected: size * size,
            found: labels.len(),
        });
    }
    let mut index: HashMap<i64, usize> = HashMap::new();
    let mut first_label = Vec::new();
    let mut region_of = Vec::with_capacity(labels.len());
    for &label in &labels {
        let next = index.len();
        let g = *index.entry(label).or_insert_with(|| {
            first_label.push(label);
            next
        });
        region_of.push(g);
    }
    if index.len() != size {
        return Err(ShapeError::RegionCount {
            expected: size,
            found: index.len(),
        });
    }
    let shown = |label: i64| match regions {
        Regions::Text(_) => format!("{:?}", char::from_u32(label as u32).unwrap_or('?')),
        Regions::Labels(_) => label.to_string(),
    };
    for (g, &label) in first_label.iter().enumerate() {
        let cells: Vec<usize> = (0..labels.len()).filter(|&i| region_of[i] == g).collect();
        if cells.len() != size {
            return Err(ShapeError::RegionSize {
                region: g + 1,
                label: shown(label),
                found: cells.len(),
                expected: size,
            });
        }
        if !connected(&cells, &region_of, size) {
            return Err(ShapeError::RegionNotConnected {
                region: g + 1,
                label: shown(label),
            });
        }
    }
    Ok(region_of.into_iter().map(|g| g as u8).collect())
}

/// Whether `cells` (all of one region) are joined edge to edge.
pub(crate) fn connected(cells: &[usize], region_of: &[usize], size: usize) -> bool {
    let region = region_of[cells[0]];
    let mut seen = vec![false; size * size];
    let mut stack = vec![cells[0]];
    seen[cells[0]] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for next in neighbours(cell, size) {
            if !seen[next] && region_of[next] == region {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    reached == cells.len()
}

fn box_corners(size: usize, br: usize, bc: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..size / br).flat_map(move |i| (0..size / bc).map(move |j| (i * br, j * bc)))
}

/// Hyper windows: box-sized blocks starting one cell in from each box edge, with a one-cell gutter
/// between them (the four shaded windows of a 9x9 windoku).
fn windows(size: usize, br: usize, bc: usize) -> impl Iterator<Item = (usize, usize)> {
    let starts = move |side: usize| {
        (0..)
            .map(move |k| 1 + k * (side + 1))
            .take_while(move |p| p + side <= size)
    };
    starts(br).flat_map(move |top| starts(bc).map(move |left| (top, left)))
}

fn block(size: usize, top: usize, left: usize, rows: usize, cols: usize) -> Vec<usize> {
    (top..top + rows)
        .flat_map(|r| (left..left + cols).map(move |c| r * size + c))
        .collect()
}
