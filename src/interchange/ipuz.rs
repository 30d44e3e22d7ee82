//! Writing a puzzle as an ipuz document (kind `http://ipuz.org/sudoku#1`, ipuz 2).
//!
//! ipuz's Sudoku carries givens, the usual boxes (`"boxes": true`) or other zones of N distinct
//! values (`zones`: jigsaw regions, diagonals, hyper windows, disjoint groups, extra regions) and
//! killer cages (`cages`, sums with operator `+`). Cells are `[column, row]`, 1-based, as ipuz
//! numbers them. Every other rule (thermometers, arrows, dots, lines, anti-knight, ...) has no ipuz
//! field and is refused by name rather than dropped.

use serde_json::{json, Map, Value};

use super::InterchangeError;
use crate::engine::shape::{Cells, ConstraintRule, Shape, UnitKind, Variant};

/// The ipuz document of `cells` on `shape`, with `solution` when the puzzle has a unique one.
pub fn export(
    shape: &Shape,
    cells: &Cells,
    solution: Option<&Cells>,
) -> Result<Value, InterchangeError> {
    let n = shape.size();
    let rules = shape.rules();
    let cannot = |feature: &str| InterchangeError::CannotExport {
        format: "ipuz",
        feature: feature.to_string(),
        detail:
            "ipuz's sudoku kind has givens, boxes, zones of distinct values and killer cages only"
                .to_string(),
    };
    for variant in &rules.variants {
        if matches!(
            variant,
            Variant::AntiKnight | Variant::AntiKing | Variant::NonConsecutive
        ) {
            return Err(cannot(variant.name()));
        }
    }
    if let Some(rule) = rules
        .constraints
        .iter()
        .find(|c| !matches!(c, ConstraintRule::ExtraRegion { .. }))
    {
        return Err(cannot(rule.type_name()));
    }
    if let Some(negative) = rules.negative.first() {
        return Err(cannot(&format!("negative {}", negative.name())));
    }
    let at = |cell: usize| json!([cell % n + 1, cell / n + 1]);
    let grid = |values: &Cells| -> Value {
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| json!(values.get(r * n + c)))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    // `"boxes": true` is ipuz's usual boxes; other boxes are zones.
    let boxes = !shape.is_jigsaw() && shape.box_shape() == super::fpuzzles::usual_box(n);
    let mut zones = Vec::new();
    for u in 0..shape.unit_count() {
        let zone = match shape.unit_kind(u) {
            UnitKind::Row(_) | UnitKind::Column(_) => false,
            UnitKind::Box(_) => !boxes,
            UnitKind::Region(_)
            | UnitKind::Diagonal
            | UnitKind::AntiDiagonal
            | UnitKind::Window(_)
            | UnitKind::DisjointGroup(_)
            | UnitKind::ExtraRegion(_) => true,
        };
        if zone {
            let cells: Vec<Value> = shape.unit(u).iter().map(|&c| at(usize::from(c))).collect();
            zones.push(json!({"cells": cells}));
        }
    }
    let cages: Vec<Value> = shape
        .cages()
        .iter()
        .map(|cage| {
            let cells: Vec<Value> = cage.cells.iter().map(|&c| at(usize::from(c))).collect();
            json!({"cells": cells, "operator": "+", "value": cage.sum})
        })
        .collect();
    let symbols: String = shape.symbols().iter().collect();
    let mut doc = Map::new();
    doc.insert("version".into(), json!("http://ipuz.org/v2"));
    doc.insert("kind".into(), json!(["http://ipuz.org/sudoku#1"]));
    doc.insert("dimensions".into(), json!({"width": n, "height": n}));
    doc.insert("charset".into(), json!(symbols));
    doc.insert("displaycharset".into(), json!(true));
    doc.insert("boxes".into(), json!(boxes));
    doc.insert("puzzle".into(), grid(cells));
    if let Some(solution) = solution {
        doc.insert("solution".into(), grid(solution));
    }
    if !zones.is_empty() {
        doc.insert("zones".into(), Value::Array(zones));
    }
    if !cages.is_empty() {
        doc.insert("showoperators".into(), json!(false));
        doc.insert("cageborder".into(), json!("dashed"));
        doc.insert("cages".into(), Value::Array(cages));
    }
    Ok(Value::Object(doc))
}
