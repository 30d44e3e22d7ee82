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

mod grid;
mod read;
mod write;

pub use read::import;
pub use write::export;
