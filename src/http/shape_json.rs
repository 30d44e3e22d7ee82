//! The `rules` member beside `puzzle`: which shape the puzzle is on. Absent rules are classic 9x9,
//! read as the service has always read it; rules that describe plain classic 9x9 are read with the
//! shape's strict text rules. Either way the handler gets one [`Puzzle`], whose operations pick
//! the engine inside ([`Puzzle::on_shape`](crate::engine::Puzzle::on_shape)).

use std::sync::Arc;

use super::error::{ApiError, ConflictJson};
use super::grid_json::{parse_puzzle, PuzzleField};
use crate::engine::shape::{Cells, CellsError, Rules, Shape};
use crate::engine::Puzzle;

/// Reads `puzzle` (found in request member `member`) on the shape `rules` describe.
pub fn parse_submitted(
    puzzle: &PuzzleField,
    rules: Option<&Rules>,
    member: &'static str,
) -> Result<Puzzle, ApiError> {
    let Some(rules) = rules else {
        return parse_puzzle(puzzle)
            .map(Puzzle::Classic)
            .map_err(|e| e.in_member(member));
    };
    let shape = Shape::new(rules).map_err(ApiError::InvalidRules)?;
    let cells = parse_cells(&shape, puzzle, member)?;
    Ok(Puzzle::on_shape(Arc::new(shape), cells))
}

/// As [`parse_submitted`], refusing givens that break a rule (for solving and candidates).
pub fn parse_consistent(puzzle: &PuzzleField, rules: Option<&Rules>) -> Result<Puzzle, ApiError> {
    let submitted = parse_submitted(puzzle, rules, "puzzle")?;
    let conflicts = conflicts(&submitted);
    if !conflicts.is_empty() {
        return Err(ApiError::ConflictingGivens(conflicts));
    }
    Ok(submitted)
}

/// Every repeated value among the puzzle's cells, then every constraint they break, as the API
/// writes conflicts.
pub fn conflicts(puzzle: &Puzzle) -> Vec<ConflictJson> {
    let shape = puzzle.shape();
    let names = |cells: &[usize]| cells.iter().map(|&i| shape.cell_name(i)).collect();
    let repeats = puzzle.conflicts().into_iter().map(|c| ConflictJson {
        constraint: None,
        digit: Some(c.value),
        squares: names(&c.cells),
        unit: Some(shape.unit_name(c.unit)),
    });
    let broken = puzzle.rule_conflicts().into_iter().map(|c| ConflictJson {
        constraint: Some(shape.rule_name(c.rule)),
        digit: c.value,
        squares: names(&c.cells),
        unit: None,
    });
    repeats.chain(broken).collect()
}

/// The cells of `field` on `shape`: text in the shape's symbols, N rows of N, or N*N values.
pub fn parse_cells(
    shape: &Shape,
    field: &PuzzleField,
    member: &'static str,
) -> Result<Cells, ApiError> {
    let fault = |error: CellsError| ApiError::ShapeCells {
        field: member,
        error,
    };
    match field {
        PuzzleField::Text(text) => Cells::parse(shape, text).map_err(fault),
        PuzzleField::Array(items) if matches!(items.first(), Some(PuzzleField::Array(_))) => {
            let mut rows = Vec::with_capacity(items.len());
            for (r, item) in items.iter().enumerate() {
                let PuzzleField::Array(row) = item else {
                    return Err(wrong_type(&format!("{member}[{r}]"), shape));
                };
                rows.push(numbers(row, &format!("{member}[{r}]"), shape)?);
            }
            Cells::from_rows(shape, &rows).map_err(fault)
        }
        PuzzleField::Array(items) => {
            Cells::from_flat(shape, &numbers(items, member, shape)?).map_err(fault)
        }
        _ => Err(wrong_type(member, shape)),
    }
}

fn numbers(
    items: &[PuzzleField],
    field: &str,
    shape: &Shape,
) -> Result<Vec<Option<i64>>, ApiError> {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            PuzzleField::Null => Ok(None),
            PuzzleField::Whole(value) => Ok(Some(*value)),
            _ => Err(wrong_type(&format!("{field}[{i}]"), shape)),
        })
        .collect()
}

fn wrong_type(field: &str, shape: &Shape) -> ApiError {
    let n = shape.size();
    ApiError::InvalidField {
        field: field.to_string(),
        detail: format!(
            "{field} has the wrong JSON type; a {n}x{n} puzzle is a string of {} symbols, {n} rows of {n} integers or {} integers (0 or null blank)",
            n * n,
            n * n
        ),
    }
}

/// The `rules` member, which must be a JSON object: serde would also take a struct from an array of
/// its members in order (`[null, null]`), which no client means. The object is read in place (not
/// through a `Value`), so a fault deep inside keeps its path: `rules.cages[0].sum`.
pub fn rules_object<'de, D>(deserializer: D) -> Result<Option<Rules>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    struct RulesObject;
    impl<'de> serde::de::Visitor<'de> for RulesObject {
        type Value = Option<Rules>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON object of rules")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            use serde::Deserialize;
            Rules::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Some)
        }
    }
    // Absent is `None` through `#[serde(default)]`; `null` is refused like any non-object.
    deserializer.deserialize_map(RulesObject)
}
