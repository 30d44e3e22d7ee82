//! Reading an f-puzzles document: each key mapped to one rule of ours, or refused by name.

use super::grid::{grid, little_killer_cells, sandwich};
use super::*;

/// Reads an f-puzzles document.
pub fn import(data: &Value) -> Result<Imported, InterchangeError> {
    let Value::Object(doc) = data else {
        return Err(InterchangeError::BadData(
            "f-puzzles data is a JSON object (`size`, `grid`, ...)".into(),
        ));
    };
    let size = match doc.get("size") {
        None => 9,
        Some(v) => match v.as_u64() {
            Some(n) if (4..=MAX_SIZE as u64).contains(&n) => n as usize,
            _ => {
                return Err(bad_value(
                    "size",
                    &v.to_string(),
                    format!("size {v} is not read: grids of 4 to {MAX_SIZE} are (f-puzzles draws 3 to 16; we solve from 4)"),
                ))
            }
        },
    };
    let names = Names { size };
    let mut rules = Rules {
        size: (size != 9).then_some(size),
        ..Rules::default()
    };
    let (puzzle, regions) = grid(doc.get("grid"), size)?;
    rules.regions = regions;
    let mut negative: Vec<String> = Vec::new();
    let mut odd = Vec::new();
    let mut even = Vec::new();
    let mut diagonals = (false, false);
    let mut has_white = false;
    let mut nonconsecutive = false;
    for (key, value) in doc {
        if is_empty(value) || key == "size" || key == "grid" {
            continue;
        }
        let field = key.as_str();
        match field {
            k if COSMETIC_KEYS.contains(&k) => {}
            "diagonal+" => diagonals.1 = flag(value, field)?,
            "diagonal-" => diagonals.0 = flag(value, field)?,
            "antiknight" | "antiking" | "disjointgroups" | "nonconsecutive" => {
                if flag(value, field)? {
                    let variant = match field {
                        "antiknight" => Variant::AntiKnight,
                        "antiking" => Variant::AntiKing,
                        "disjointgroups" => Variant::DisjointGroups,
                        _ => {
                            nonconsecutive = true;
                            Variant::NonConsecutive
                        }
                    };
                    rules.variants.push(variant);
                }
            }
            "negative" => {
                let list: Vec<String> = serde_json::from_value(value.clone()).map_err(|_| {
                    InterchangeError::BadData("f-puzzles `negative` is a list of names".into())
                })?;
                negative = list;
            }
            "killercage" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("killercage[{i}]");
                    let sum = number(item.value.as_ref(), &format!("{at}.value"))?;
                    let Some(sum) = sum else {
                        return Err(unsupported(
                            "killercage",
                            format!("{at} has no sum: a killer cage without a total (no repeats only) has no rule here"),
                        ));
                    };
                    let sum = u32::try_from(sum)
                        .map_err(|_| bad_value(&format!("{at}.value"), &sum.to_string(), format!("{at}: a cage's sum is positive")))?;
                    rules.cages.push(CageRule {
                        sum,
                        cells: names.all(&item.cells, &format!("{at}.cells"))?,
                    });
                }
            }
            "thermometer" | "renban" | "palindrome" | "whispers" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let difference = if field == "whispers" {
                        let at = format!("whispers[{i}].value");
                        let d = number(item.value.as_ref(), &at)?.unwrap_or(5);
                        let d = u8::try_from(d)
                            .ok()
                            .filter(|&d| d >= 1 && usize::from(d) < size)
                            .ok_or_else(|| bad_value(&at, &d.to_string(), format!("{at}: a whisper's difference is 1 to {}", size - 1)))?;
                        // Our default difference (N/2 rounded up) is left implicit.
                        (usize::from(d) != size.div_ceil(2)).then_some(d)
                    } else {
                        None
                    };
                    for (j, line) in item.lines.iter().enumerate() {
                        let cells = names.all(line, &format!("{field}[{i}].lines[{j}]"))?;
                        rules.constraints.push(match field {
                            "thermometer" => ConstraintRule::Thermo { cells },
                            "renban" => ConstraintRule::Renban { cells },
                            "palindrome" => ConstraintRule::Palindrome { cells },
                            _ => ConstraintRule::Whisper { cells, difference },
                        });
                    }
                }
            }
            "arrow" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("arrow[{i}]");
                    let mut circle = names.all(&item.cells, &format!("{at}.cells"))?;
                    // A pill reads in reading order (row by row, then column), as f-puzzles reads it.
                    circle.sort_by_key(|name| {
                        let (row, col) = name.split_at(1);
                        (row.to_string(), col.parse::<usize>().unwrap_or(0))
                    });
                    for (j, line) in item.lines.iter().enumerate() {
                        let line = names.all(line, &format!("{at}.lines[{j}]"))?;
                        let cells = line.into_iter().filter(|c| !circle.contains(c)).collect();
                        rules.constraints.push(ConstraintRule::Arrow {
                            circle: circle.clone(),
                            cells,
                        });
                    }
                }
            }
            "difference" | "ratio" => {
                let (color, usual) = if field == "difference" {
                    has_white = true;
                    (KropkiColor::White, 1)
                } else {
                    (KropkiColor::Black, 2)
                };
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("{field}[{i}]");
                    let v = number(item.value.as_ref(), &format!("{at}.value"))?.unwrap_or(usual);
                    if v != usual {
                        return Err(unsupported(
                            field,
                            format!("{at} has value {v}: only the usual kropki dots are read (a difference of 1, a ratio of 2)"),
                        ));
                    }
                    rules.constraints.push(ConstraintRule::Kropki {
                        color,
                        cells: names.all(&item.cells, &format!("{at}.cells"))?,
                    });
                }
            }
            "xv" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("xv[{i}]");
                    let letter = item.value.as_ref().and_then(Value::as_str).unwrap_or("");
                    let value = match letter.to_ascii_uppercase().as_str() {
                        "X" => XvValue::X,
                        "V" => XvValue::V,
                        _ => {
                            return Err(bad_value(
                                &format!("{at}.value"),
                                letter,
                                format!("{at}: an XV clue is X or V, not {letter:?}"),
                            ))
                        }
                    };
                    rules.constraints.push(ConstraintRule::Xv {
                        value,
                        cells: names.all(&item.cells, &format!("{at}.cells"))?,
                    });
                }
            }
            "littlekillersum" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("littlekillersum[{i}]");
                    let Some(sum) = number(item.value.as_ref(), &format!("{at}.value"))? else {
                        continue; // An arrow drawn without a number is no clue.
                    };
                    let cells = little_killer_cells(&names, item, &at)?;
                    let sum = u32::try_from(sum).map_err(|_| {
                        bad_value(&format!("{at}.value"), &sum.to_string(), format!("{at}: a sum is positive"))
                    })?;
                    rules
                        .constraints
                        .push(ConstraintRule::LittleKiller { cells, sum });
                }
            }
            "sandwichsum" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("sandwichsum[{i}]");
                    let Some(sum) = number(item.value.as_ref(), &format!("{at}.value"))? else {
                        continue;
                    };
                    let sum = u32::try_from(sum).map_err(|_| {
                        bad_value(&format!("{at}.value"), &sum.to_string(), format!("{at}: a sum is not negative"))
                    })?;
                    rules.constraints.push(sandwich(&names, item, &at, sum)?);
                }
            }
            "odd" | "even" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("{field}[{i}].cell");
                    let name = item.cell.as_deref().ok_or_else(|| {
                        InterchangeError::BadData(format!("f-puzzles {at} is missing"))
                    })?;
                    let cell = names.ours(name, &at)?;
                    if field == "odd" { &mut odd } else { &mut even }.push(cell);
                }
            }
            "extraregion" => {
                for (i, item) in items(field, value)?.iter().enumerate() {
                    let at = format!("extraregion[{i}]");
                    if item.cells.len() != size {
                        return Err(unsupported(
                            "extraregion",
                            format!("{at} has {} cells: only extra regions of N ({size}) cells, holding every value, are read", item.cells.len()),
                        ));
                    }
                    rules.constraints.push(ConstraintRule::ExtraRegion {
                        cells: names.all(&item.cells, &format!("{at}.cells"))?,
                    });
                }
            }
            // SudokuPad's success message rides on a cage whose value starts `msgcorrect`: no rule.
            "cage" if items(field, value)?.iter().all(is_message) => {}
            other => {
                return Err(unsupported(
                    other,
                    format!("f-puzzles `{other}` is not read: no rule here means the same, and a puzzle solved without one of its rules would be answered wrongly"),
                ))
            }
        }
    }
    match diagonals {
        (true, true) => rules.variants.push(Variant::X),
        (main, anti) => {
            // One diagonal alone is N cells holding every value: an extra region.
            let n = size;
            if main {
                let cells = (0..n).map(|i| cell_name(i, i)).collect();
                rules
                    .constraints
                    .push(ConstraintRule::ExtraRegion { cells });
            }
            if anti {
                let cells = (0..n).map(|i| cell_name(i, n - 1 - i)).collect();
                rules
                    .constraints
                    .push(ConstraintRule::ExtraRegion { cells });
            }
        }
    }
    if !odd.is_empty() {
        rules.constraints.push(ConstraintRule::Odd { cells: odd });
    }
    if !even.is_empty() {
        rules.constraints.push(ConstraintRule::Even { cells: even });
    }
    if nonconsecutive && has_white {
        return Err(unsupported(
            "nonconsecutive",
            "nonconsecutive with difference (white) dots: f-puzzles exempts the dotted pairs, our non_consecutive does not",
        ));
    }
    rules.negative = read_negative(&negative)?;
    rules.variants.sort();
    rules.variants.dedup();
    let title = doc
        .get("title")
        .and_then(Value::as_str)
        .map(str::to_string)
        .filter(|s| !s.is_empty());
    let author = doc
        .get("author")
        .and_then(Value::as_str)
        .map(str::to_string)
        .filter(|s| !s.is_empty());
    Ok(Imported {
        author,
        puzzle,
        rules: (rules != Rules::classic()).then_some(rules),
        title,
    })
}

/// f-puzzles' `negative`: "ratio" and "difference" (all black, all white dots given) together are
/// our negative kropki; "xv" is our negative xv. One kropki colour alone has no rule here.
fn read_negative(names: &[String]) -> Result<Vec<Negative>, InterchangeError> {
    let has = |name: &str| names.iter().any(|n| n == name);
    if let Some(other) = names
        .iter()
        .find(|n| !["ratio", "difference", "xv"].contains(&n.as_str()))
    {
        return Err(unsupported(
            &format!("negative.{other}"),
            format!("negative {other:?} is not read: only ratio with difference (negative kropki) and xv are"),
        ));
    }
    let mut out = Vec::new();
    match (has("ratio"), has("difference")) {
        (true, true) => out.push(Negative::Kropki),
        (false, false) => {}
        (ratio, _) => {
            let (given, missing) = if ratio {
                ("ratio", "difference")
            } else {
                ("difference", "ratio")
            };
            return Err(unsupported(
                &format!("negative.{given}"),
                format!("negative {given} without negative {missing}: our negative kropki says every dot of both colours is given, so one colour alone cannot be read"),
            ));
        }
    }
    if has("xv") {
        out.push(Negative::Xv);
    }
    Ok(out)
}
