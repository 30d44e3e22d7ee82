//! The `technique` parameter of `GET /random` (and `sudoku random --technique`): a puzzle whose
//! logical path uses that technique and nothing harder ([`crate::engine::targeted`]). Every
//! technique the grader knows is accepted but brute force and the hidden quad; any other name is a
//! 422 `unsupported_value` naming the value and the accepted ids.

use super::QueryParams;
use crate::engine::logic::Technique;
use crate::engine::targeted::{accepted_ids, parse_technique, TechniqueRefused};
use crate::http::error::ApiError;

/// The `technique` asked for, if any, checked against the other parameters: puzzles by technique
/// are classic, minimal and graded by their own search, so `difficulty`, a shape or a symmetry, and
/// more than the fewest `givens` do not combine with it.
pub fn asked(query: &QueryParams, givens: usize) -> Result<Option<Technique>, ApiError> {
    let Some(name) = query.get("technique") else {
        return Ok(None);
    };
    let technique = parse_technique(name).map_err(ApiError::from)?;
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

impl From<TechniqueRefused> for ApiError {
    fn from(refused: TechniqueRefused) -> Self {
        ApiError::UnsupportedValue {
            field: "technique",
            detail: refused.to_string(),
            received: refused.name,
            expected: accepted_ids(),
        }
    }
}
