//! Writing an f-puzzles document from a shape's rules, refusing what f-puzzles cannot carry.

use super::*;

/// The f-puzzles document of `cells` on `shape` (the shape's rules give every constraint).
pub fn export(shape: &Shape, cells: &Cells) -> Result<Value, InterchangeError> {
    let n = shape.size();
    let cannot = |feature: &str, detail: &str| InterchangeError::CannotExport {
        format: "f-puzzles",
        feature: feature.to_string(),
        detail: detail.to_string(),
    };
    if n > MAX_SIZE {
        return Err(cannot(
            &format!("size {n}"),
            "f-puzzles draws grids of up to 16x16",
        ));
    }
    let rules = shape.rules();
    let fp = |cell: usize| format!("R{}C{}", cell / n + 1, cell % n + 1);
    let named = |name: &String| -> String { shape.cell_named(name).map(fp).unwrap_or_default() };
    let names = |cells: &[String]| -> Vec<String> { cells.iter().map(named).collect() };
    let usual = usual_box(n);
    let write_regions = shape.is_jigsaw() || shape.box_shape() != usual;
    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = r * n + c;
            let mut obj = Map::new();
            let v = cells.get(cell);
            if v != 0 {
                obj.insert("value".into(), json!(v));
                obj.insert("given".into(), json!(true));
            }
            if write_regions {
                obj.insert("region".into(), json!(shape.region_of(cell)));
            }
            row.push(Value::Object(obj));
        }
        grid.push(Value::Array(row));
    }
    let mut doc = Map::new();
    doc.insert("size".into(), json!(n));
    doc.insert("grid".into(), Value::Array(grid));
    let mut extra_regions: Vec<Value> = Vec::new();
    for &variant in &rules.variants {
        match variant {
            Variant::X => {
                doc.insert("diagonal+".into(), json!(true));
                doc.insert("diagonal-".into(), json!(true));
            }
            Variant::Hyper => {
                for u in 0..shape.unit_count() {
                    if let UnitKind::Window(_) = shape.unit_kind(u) {
                        let cells: Vec<String> =
                            shape.unit(u).iter().map(|&c| fp(usize::from(c))).collect();
                        extra_regions.push(json!({"cells": cells}));
                    }
                }
            }
            Variant::DisjointGroups => {
                if write_regions {
                    return Err(cannot(
                        "disjoint_groups",
                        "f-puzzles draws disjoint groups on its usual boxes only",
                    ));
                }
                doc.insert("disjointgroups".into(), json!(true));
            }
            Variant::AntiKnight => {
                doc.insert("antiknight".into(), json!(true));
            }
            Variant::AntiKing => {
                doc.insert("antiking".into(), json!(true));
            }
            Variant::NonConsecutive => {
                let white = rules.constraints.iter().any(|c| {
                    matches!(
                        c,
                        ConstraintRule::Kropki {
                            color: KropkiColor::White,
                            ..
                        }
                    )
                });
                if white {
                    return Err(cannot(
                        "non_consecutive",
                        "with white kropki dots: f-puzzles' nonconsecutive exempts dotted pairs",
                    ));
                }
                doc.insert("nonconsecutive".into(), json!(true));
            }
        }
    }
    let cages: Vec<Value> = rules
        .cages
        .iter()
        .map(|cage| json!({"cells": names(&cage.cells), "value": cage.sum.to_string()}))
        .collect();
    let mut by_key: Vec<(&str, Value)> = Vec::new();
    for rule in &rules.constraints {
        let entry = match rule {
            ConstraintRule::Thermo { cells } => ("thermometer", json!({"lines": [names(cells)]})),
            ConstraintRule::Arrow { circle, cells } => {
                // The line starts in the circle, at the circle cell touching the arrow's first cell.
                let touching = |name: &&String| {
                    let (Some(a), Some(b)) = (
                        shape.cell_named(name),
                        cells.first().and_then(|first| shape.cell_named(first)),
                    ) else {
                        return false;
                    };
                    (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1
                };
                let start = circle.iter().find(touching).or(circle.last());
                let mut line: Vec<String> = start.map(named).into_iter().collect();
                line.extend(names(cells));
                ("arrow", json!({"cells": names(circle), "lines": [line]}))
            }
            ConstraintRule::Kropki { color, cells } => {
                let key = match color {
                    KropkiColor::White => "difference",
                    KropkiColor::Black => "ratio",
                };
                (key, json!({"cells": names(cells)}))
            }
            ConstraintRule::Xv { value, cells } => {
                let letter = match value {
                    XvValue::X => "X",
                    XvValue::V => "V",
                };
                ("xv", json!({"cells": names(cells), "value": letter}))
            }
            ConstraintRule::LittleKiller { cells, sum } => {
                let (clue, direction) = little_killer_clue(shape, cells).ok_or_else(|| {
                    cannot(
                        "little_killer",
                        "f-puzzles draws a little killer along a whole diagonal, from a clue outside the grid",
                    )
                })?;
                (
                    "littlekillersum",
                    json!({"cell": clue, "cells": names(cells), "direction": direction, "value": sum.to_string()}),
                )
            }
            ConstraintRule::Sandwich { row, column, sum } => {
                let clue = match (row, column) {
                    (Some(row), _) => {
                        let r = row
                            .bytes()
                            .next()
                            .map_or(0, |b| b.to_ascii_uppercase() - b'A');
                        format!("R{}C0", r + 1)
                    }
                    (None, Some(column)) => format!("R0C{column}"),
                    (None, None) => String::new(),
                };
                (
                    "sandwichsum",
                    json!({"cell": clue, "value": sum.to_string()}),
                )
            }
            ConstraintRule::Renban { cells } => ("renban", json!({"lines": [names(cells)]})),
            ConstraintRule::Whisper { cells, difference } => {
                let d = difference.map_or(n.div_ceil(2), usize::from);
                ("whispers", json!({"lines": [names(cells)], "value": d}))
            }
            ConstraintRule::Palindrome { cells } => {
                ("palindrome", json!({"lines": [names(cells)]}))
            }
            ConstraintRule::Odd { cells } | ConstraintRule::Even { cells } => {
                let key = rule.type_name();
                for cell in cells {
                    by_key.push((key, json!({"cell": named(cell)})));
                }
                continue;
            }
            ConstraintRule::ExtraRegion { cells } => {
                ("extraregion", json!({"cells": names(cells)}))
            }
        };
        by_key.push(entry);
    }
    for (key, entry) in by_key {
        if let Value::Array(list) = doc.entry(key).or_insert_with(|| Value::Array(Vec::new())) {
            list.push(entry);
        }
    }
    if !extra_regions.is_empty() {
        let list = doc
            .entry("extraregion")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.extend(extra_regions);
        }
    }
    if !cages.is_empty() {
        doc.insert("killercage".into(), Value::Array(cages));
    }
    let mut negative = Vec::new();
    for rule in &rules.negative {
        match rule {
            Negative::Kropki => negative.extend(["ratio", "difference"]),
            Negative::Xv => negative.push("xv"),
        }
    }
    if !negative.is_empty() {
        doc.insert("negative".into(), json!(negative));
    }
    Ok(Value::Object(doc))
}

/// The clue cell (outside the grid) and direction of a little killer along a whole diagonal.
fn little_killer_clue(shape: &Shape, cells: &[String]) -> Option<(String, &'static str)> {
    let n = shape.size() as i64;
    let at: Vec<(i64, i64)> = cells
        .iter()
        .map(|name| {
            shape
                .cell_named(name)
                .map(|i| ((i / shape.size()) as i64, (i % shape.size()) as i64))
        })
        .collect::<Option<_>>()?;
    if at.is_empty() {
        return None;
    }
    let inside = |(r, c): (i64, i64)| (0..n).contains(&r) && (0..n).contains(&c);
    for (dr, dc, direction) in [(-1, -1, "UL"), (-1, 1, "UR"), (1, -1, "DL"), (1, 1, "DR")] {
        let first = at[0];
        let clue = (first.0 - dr, first.1 - dc);
        let steps = at.windows(2).all(|w| w[1] == (w[0].0 + dr, w[0].1 + dc));
        let last = at[at.len() - 1];
        if steps && !inside(clue) && !inside((last.0 + dr, last.1 + dc)) {
            return Some((format!("R{}C{}", clue.0 + 1, clue.1 + 1), direction));
        }
    }
    None
}
