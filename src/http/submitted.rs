//! Where a request's puzzle comes from: `puzzle` (with `rules`), an f-puzzles or SudokuPad `link`,
//! or an `fpuzzles` document. Every puzzle-taking route declares the four members and hands them to
//! [`Submitted::new`], which makes sure exactly one source is given and reads a link or document
//! into the `puzzle` and `rules` the route reads as ever.

use serde_json::Value;

use super::error::ApiError;
use super::grid_json::PuzzleField;
use crate::engine::shape::Rules;
use crate::interchange::{self, Imported, InterchangeError};

/// The members that may carry a puzzle, in the order refusals name them.
pub const SOURCES: [&str; 3] = ["puzzle", "link", "fpuzzles"];

/// A request's puzzle as the API reads it: `puzzle` and `rules`, given or imported.
#[derive(Debug)]
pub struct Submitted {
    /// The givens.
    pub puzzle: PuzzleField,
    /// The shape and constraints; `None` for classic 9x9.
    pub rules: Option<Rules>,
}

impl Submitted {
    /// The one source among `puzzle` (`rules` goes with it), `link` and `fpuzzles`.
    pub fn new(
        puzzle: Option<PuzzleField>,
        rules: Option<Rules>,
        link: Option<String>,
        fpuzzles: Option<Value>,
    ) -> Result<Submitted, ApiError> {
        let given: Vec<&str> = [puzzle.is_some(), link.is_some(), fpuzzles.is_some()]
            .iter()
            .zip(SOURCES)
            .filter_map(|(&on, name)| on.then_some(name))
            .collect();
        match given[..] {
            [] => {
                // A missing member, as serde reports one: 400 `invalid_field`.
                return Err(ApiError::InvalidField {
                    field: "puzzle".into(),
                    detail: "missing field `puzzle`: give exactly one of `puzzle` (with `rules`), `link` or `fpuzzles`".into(),
                });
            }
            [_] => {}
            [_, second, ..] => {
                let received = given.join(" and ");
                return Err(ApiError::UnsupportedValue {
                    field: second,
                    detail: format!(
                        "the body gives {received}: give exactly one of `puzzle` (with `rules`), `link` or `fpuzzles`"
                    ),
                    received,
                    expected: SOURCES.to_vec(),
                });
            }
        }
        if let Some(puzzle) = puzzle {
            return Ok(Submitted { puzzle, rules });
        }
        if rules.is_some() {
            return Err(ApiError::InvalidField {
                field: "rules".into(),
                detail: "`rules` goes with `puzzle`: a link or an f-puzzles document carries its own rules".into(),
            });
        }
        let imported = match (link, fpuzzles) {
            (Some(link), _) => interchange::import_link(&link).map_err(|e| from_link(e, "link"))?,
            (None, Some(doc)) => {
                interchange::fpuzzles::import(&doc).map_err(|e| from_link(e, "fpuzzles"))?
            }
            (None, None) => unreachable!("one source is given"),
        };
        Ok(Submitted::from(imported))
    }
}

impl From<Imported> for Submitted {
    fn from(imported: Imported) -> Submitted {
        Submitted {
            puzzle: PuzzleField::Text(imported.puzzle),
            rules: imported.rules,
        }
    }
}

/// The API's answer to a link or document that cannot be read, found in request member `member`.
pub fn from_link(error: InterchangeError, member: &'static str) -> ApiError {
    ApiError::Interchange { member, error }
}

/// An optional `fpuzzles` member, which must be a JSON object.
pub fn fpuzzles_object<'de, D>(deserializer: D) -> Result<Option<Value>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    use serde::Deserialize;
    match Value::deserialize(deserializer)? {
        value @ Value::Object(_) => Ok(Some(value)),
        _ => Err(serde::de::Error::custom(
            "fpuzzles is the f-puzzles JSON document, an object",
        )),
    }
}
