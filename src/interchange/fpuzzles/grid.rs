//! The givens and jigsaw regions of an f-puzzles grid, and where its clues outside the grid point.

use super::*;

/// The givens (our text, `.` blanks) and the jigsaw regions (none when every cell lies in its box).
pub(super) fn grid(
    grid: Option<&Value>,
    size: usize,
) -> Result<(String, Option<Regions>), InterchangeError> {
    let symbols: Vec<char> = "123456789ABCDEFG".chars().collect();
    let mut text = String::with_capacity(size * size);
    let default_box = usual_box(size);
    let mut labels = Vec::with_capacity(size * size);
    let mut custom = false;
    let rows: &[Value] = match grid {
        None | Some(Value::Null) => &[],
        Some(Value::Array(rows)) if rows.len() == size => rows,
        Some(_) => {
            return Err(InterchangeError::BadData(format!(
                "f-puzzles `grid` is {size} rows of {size} cells for size {size}"
            )))
        }
    };
    for r in 0..size {
        let row: &[Value] = match rows.get(r) {
            None => &[],
            Some(Value::Array(row)) if row.len() == size => row,
            Some(_) => {
                return Err(InterchangeError::BadData(format!(
                    "f-puzzles grid[{r}] is not a row of {size} cells"
                )))
            }
        };
        for c in 0..size {
            let at = format!("grid[{r}][{c}]");
            let cell = match row.get(c) {
                None | Some(Value::Null) => None,
                Some(Value::Object(cell)) => Some(cell),
                Some(_) => {
                    return Err(InterchangeError::BadData(format!(
                        "f-puzzles {at} is not a cell object"
                    )))
                }
            };
            let empty = Map::new();
            let cell = cell.unwrap_or(&empty);
            let mut given = None;
            for (key, value) in cell {
                match key.as_str() {
                    "value" | "given" | "region" => {}
                    k if COSMETIC_CELL_KEYS.contains(&k) || is_empty(value) => {}
                    other => {
                        return Err(unsupported(
                            &format!("grid.{other}"),
                            format!("f-puzzles {at}.{other} is not read (given pencil marks and other cell rules have no rule here)"),
                        ))
                    }
                }
            }
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                if let Some(v) = number(cell.get("value"), &format!("{at}.value"))? {
                    if !(1..=size as i64).contains(&v) {
                        return Err(bad_value(
                            &format!("{at}.value"),
                            &v.to_string(),
                            format!(
                                "{at}: a given of a {size}x{size} grid is 1 to {size}, not {v}"
                            ),
                        ));
                    }
                    given = Some(symbols[v as usize - 1]);
                }
            }
            text.push(given.unwrap_or('.'));
            let label = match cell.get("region") {
                Some(Value::Number(n)) if n.as_i64().is_some_and(|l| l >= 0) => {
                    custom = true;
                    n.as_i64().unwrap_or_default()
                }
                Some(Value::Null) | Some(Value::Number(_)) => {
                    return Err(unsupported(
                        "grid.region",
                        format!("{at} lies in no region: grids with cells outside every region have no rule here"),
                    ))
                }
                Some(other) => {
                    return Err(bad_value(&format!("{at}.region"), &other.to_string(), format!("{at}.region is a region number")))
                }
                None => match default_box {
                    Some((br, bc)) => ((r / br) * (size / bc) + c / bc) as i64,
                    None => {
                        return Err(bad_value(
                            &format!("{at}.region"),
                            "absent",
                            format!("a {size}x{size} grid has no usual boxes, so every cell names its region"),
                        ))
                    }
                },
            };
            labels.push(label);
        }
    }
    let boxes = default_box.map(|(br, bc)| {
        (0..size * size)
            .map(|i| ((i / size / br) * (size / bc) + (i % size) / bc) as i64)
            .collect::<Vec<_>>()
    });
    let regions = (custom && boxes.as_ref() != Some(&labels)).then_some(Regions::Labels(labels));
    Ok((text, regions))
}

/// A little killer's cells: from its clue outside the grid along its direction.
pub(super) fn little_killer_cells(
    names: &Names,
    item: &FeatureEntry,
    at: &str,
) -> Result<Vec<String>, InterchangeError> {
    let clue = item
        .cell
        .as_deref()
        .ok_or_else(|| InterchangeError::BadData(format!("f-puzzles {at}.cell is missing")))?;
    let (mut r, mut c) = names.outside(clue, &format!("{at}.cell"))?;
    let direction = item.direction.as_deref().unwrap_or("");
    let (dr, dc) = match direction {
        "UL" => (-1, -1),
        "UR" => (-1, 1),
        "DL" => (1, -1),
        "DR" => (1, 1),
        other => {
            return Err(bad_value(
                &format!("{at}.direction"),
                other,
                format!("{at}: a little killer points UL, UR, DL or DR, not {other:?}"),
            ))
        }
    };
    let n = names.size as i64;
    let mut cells = Vec::new();
    loop {
        r += dr;
        c += dc;
        if !(0..n).contains(&r) || !(0..n).contains(&c) {
            break;
        }
        cells.push(cell_name(r as usize, c as usize));
    }
    if cells.is_empty() {
        return Err(bad_value(
            &format!("{at}.cell"),
            clue,
            format!("{at}: the clue at {clue} pointing {direction} crosses no cell"),
        ));
    }
    Ok(cells)
}

/// A sandwich clue: above or below the grid for a column, left or right of it for a row.
pub(super) fn sandwich(
    names: &Names,
    item: &FeatureEntry,
    at: &str,
    sum: u32,
) -> Result<ConstraintRule, InterchangeError> {
    let clue = item
        .cell
        .as_deref()
        .ok_or_else(|| InterchangeError::BadData(format!("f-puzzles {at}.cell is missing")))?;
    let (r, c) = names.outside(clue, &format!("{at}.cell"))?;
    let n = names.size as i64;
    let inside = |x: i64| (0..n).contains(&x);
    if (r == -1 || r == n) && inside(c) {
        Ok(ConstraintRule::Sandwich {
            row: None,
            column: Some(c as usize + 1),
            sum,
        })
    } else if (c == -1 || c == n) && inside(r) {
        Ok(ConstraintRule::Sandwich {
            row: Some(char::from(b'A' + r as u8).to_string()),
            column: None,
            sum,
        })
    } else {
        Err(bad_value(
            &format!("{at}.cell"),
            clue,
            format!("{at}: a sandwich clue lies just outside a row or a column, not at {clue}"),
        ))
    }
}
