//! The f-puzzles JSON document (what `https://f-puzzles.com/?load=` carries, lz-string compressed)
//! read into our `{puzzle, rules}`, and written from them.
//!
//! f-puzzles names cells `R1C1` (1-based row, then column; clues outside the grid are row or
//! column 0 or N+1); we name them `A1` (a row letter, then the 1-based column). Keys are read one
//! by one: each maps to one rule of ours with the same meaning, or is refused by name.

use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::{Imported, InterchangeError};
use crate::engine::shape::constraints::{KropkiColor, Negative, XvValue};
use crate::engine::shape::{
    CageRule, Cells, ConstraintRule, Regions, Rules, Shape, UnitKind, Variant,
};

/// The keys read, each mapped to a rule of ours (the `expected` of a refusal).
pub const READ_KEYS: [&str; 27] = [
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "littlekillersum",
    "sandwichsum",
    "renban",
    "whispers",
    "palindrome",
    "odd",
    "even",
    "extraregion",
    "title",
    "author",
    "ruleset",
    "solution",
];

/// Keys that carry no rule and are passed over: names, the rules in words (every rule they state
/// must also be drawn for f-puzzles itself to check it), the setter's solution (we solve), and the
/// editor's settings.
const COSMETIC_KEYS: [&str; 7] = [
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Keys of a grid cell that carry no rule: a player's marks and colours. `value` without `given`
/// is a player's digit, not a given, and is passed over too.
const COSMETIC_CELL_KEYS: [&str; 6] = [
    "centerPencilMarks",
    "cornerPencilMarks",
    "candidates",
    "highlight",
    "c",
    "cellcolor",
];

/// The grid sizes f-puzzles draws boxes for when cells name no region, with their boxes (rows x
/// columns): ours are the same for these sizes.
const DEFAULT_BOXES: [(usize, usize, usize); 7] = [
    (4, 2, 2),
    (6, 2, 3),
    (8, 2, 4),
    (9, 3, 3),
    (10, 2, 5),
    (12, 3, 4),
    (16, 4, 4),
];

/// The boxes (rows, columns) f-puzzles (and ipuz's `"boxes": true`) draw on an N x N grid, for
/// the sizes that have usual boxes.
pub fn usual_box(size: usize) -> Option<(usize, usize)> {
    DEFAULT_BOXES
        .iter()
        .find(|(n, _, _)| *n == size)
        .map(|&(_, r, c)| (r, c))
}

/// The largest grid f-puzzles draws.
pub const MAX_SIZE: usize = 16;

/// Any f-puzzles constraint entry: the members each kind uses (colours and the like are passed over).
#[derive(Debug, Default, Deserialize)]
struct FeatureEntry {
    #[serde(default)]
    cell: Option<String>,
    #[serde(default)]
    cells: Vec<String>,
    #[serde(default)]
    lines: Vec<Vec<String>>,
    #[serde(default)]
    value: Option<Value>,
    #[serde(default)]
    direction: Option<String>,
}

/// Whether a generic cage is SudokuPad's success message (`"value": "msgcorrect: ..."`), which
/// carries no rule.
fn is_message(item: &FeatureEntry) -> bool {
    matches!(&item.value, Some(Value::String(v)) if v.starts_with("msgcorrect"))
}

/// Whether `value` carries nothing (absent, `null`, `false`, empty).
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

fn unsupported(feature: &str, detail: impl Into<String>) -> InterchangeError {
    InterchangeError::Unsupported {
        feature: feature.to_string(),
        detail: detail.into(),
    }
}

fn bad_value(field: &str, received: &str, detail: impl Into<String>) -> InterchangeError {
    InterchangeError::BadValue {
        field: field.to_string(),
        received: received.to_string(),
        detail: detail.into(),
    }
}

/// Reads f-puzzles cell names on an N x N grid.
struct Names {
    size: usize,
}

impl Names {
    /// `R3C4` as 0-based (row, column), which may lie one outside the grid (clues).
    fn outside(&self, name: &str, field: &str) -> Result<(i64, i64), InterchangeError> {
        let upper = name.to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((r.parse::<i64>().ok()?, c.parse::<i64>().ok()?))
        });
        let n = self.size as i64;
        match parsed {
            Some((r, c)) if (0..=n + 1).contains(&r) && (0..=n + 1).contains(&c) => {
                Ok((r - 1, c - 1))
            }
            _ => Err(bad_value(
                field,
                name,
                format!(
                    "{field}: {name:?} is not a cell of a {n}x{n} grid (f-puzzles names cells R1C1 to R{n}C{n})"
                ),
            )),
        }
    }

    /// `R3C4` as our name `C4`, refusing cells off the grid.
    fn ours(&self, name: &str, field: &str) -> Result<String, InterchangeError> {
        let (r, c) = self.outside(name, field)?;
        let n = self.size as i64;
        if !(0..n).contains(&r) || !(0..n).contains(&c) {
            return Err(bad_value(
                field,
                name,
                format!("{field}: {name:?} is outside the {n}x{n} grid"),
            ));
        }
        Ok(cell_name(r as usize, c as usize))
    }

    fn all(&self, names: &[String], field: &str) -> Result<Vec<String>, InterchangeError> {
        names
            .iter()
            .enumerate()
            .map(|(i, name)| self.ours(name, &format!("{field}[{i}]")))
            .collect()
    }
}

/// Our name of the cell at 0-based (row, column).
fn cell_name(r: usize, c: usize) -> String {
    format!("{}{}", char::from(b'A' + r as u8), c + 1)
}

/// A clue's number, written as a number or as text (f-puzzles writes text); empty is no clue.
fn number(value: Option<&Value>, field: &str) -> Result<Option<i64>, InterchangeError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| {
            bad_value(
                field,
                &n.to_string(),
                format!("{field} is not a whole number"),
            )
        }),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| bad_value(field, s, format!("{field}: {s:?} is not a number"))),
        Some(other) => Err(bad_value(
            field,
            &other.to_string(),
            format!("{field} is not a number"),
        )),
    }
}

fn items(key: &str, value: &Value) -> Result<Vec<FeatureEntry>, InterchangeError> {
    serde_json::from_value(value.clone()).map_err(|e| {
        InterchangeError::BadData(format!(
            "f-puzzles `{key}` is not a list of entries as f-puzzles writes them: {e}"
        ))
    })
}

fn flag(value: &Value, key: &str) -> Result<bool, InterchangeError> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::Null => Ok(false),
        other => Err(bad_value(
            key,
            &other.to_string(),
            format!("f-puzzles `{key}` is true or false"),
        )),
    }
}

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

/// The givens (our text, `.` blanks) and the jigsaw regions (none when every cell lies in its box).
fn grid(grid: Option<&Value>, size: usize) -> Result<(String, Option<Regions>), InterchangeError> {
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
fn little_killer_cells(
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
fn sandwich(
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
