//! The `technique` parameter of `GET /random` (and `sudoku random --technique`): a puzzle whose
//! logical path uses that technique and nothing harder ([`crate::engine::targeted`]). Every
//! technique the grader knows is accepted but brute force and the hidden quad; any other name is a
//! 422 `unsupported_value` naming the value and the accepted ids.

use std::fmt;

use super::QueryParams;
use crate::engine::logic::Technique;
use crate::engine::targeted::{refusal, supported, supported_techniques};
use crate::http::error::ApiError;

/// The `technique` asked for, if any, checked against the other parameters: puzzles by technique
/// are classic, minimal and graded by their own search, so `difficulty`, a shape or a symmetry, and
/// more than the fewest `givens` do not combine with it.
pub fn asked(query: &QueryParams, givens: usize) -> Result<Option<Technique>, ApiError> {
    let Some(name) = query.get("technique") else {
        return Ok(None);
    };
    let technique = parse(name).map_err(ApiError::from)?;
    let clash = ["difficulty", "size", "box", "variant", "symmetry"]
        .into_iter()
        .find(|p| query.get(p).is_some());
    if let Some(other) = clash {
        return Err(ApiError::InvalidField {
            field: "technique".into(),
            detail: format!(
                "technique does not combine with {other}: puzzles by technique are classic 9x9, \
                 and their level is what the technique makes it"
            ),
        });
    }
    if givens > crate::engine::generator::DEFAULT_GIVENS {
        return Err(ApiError::InvalidField {
            field: "givens".into(),
            detail: "puzzles asked for by technique are minimal (no givens are added, since they \
                     would make the technique unneeded); leave givens out"
                .into(),
        });
    }
    Ok(Some(technique))
}

/// A technique name that is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The name sent.
    pub name: String,
    /// Why the grader's technique of that name is not offered, if it names one.
    pub why: Option<&'static str>,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.why {
            Some(why) => write!(f, "technique {:?} is not offered: {why}", self.name)?,
            None => write!(f, "unknown technique {:?}", self.name)?,
        }
        write!(f, "; expected one of: {}", accepted().join(", "))
    }
}

impl std::error::Error for Refused {}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> Self {
        ApiError::UnsupportedValue {
            field: "technique",
            detail: refused.to_string(),
            received: refused.name,
            expected: accepted(),
        }
    }
}

/// The supported technique with id `name`, or why it is refused (the CLI prints it as clap's
/// message for a bad value).
pub fn parse(name: &str) -> Result<Technique, Refused> {
    match Technique::from_id(name) {
        Some(technique) if supported(technique) => Ok(technique),
        known => Err(Refused {
            name: name.to_string(),
            why: known.and_then(refusal),
        }),
    }
}

/// The ids `technique` accepts, in the order the grader tries them.
pub fn accepted() -> Vec<&'static str> {
    supported_techniques().map(Technique::id).collect()
}
