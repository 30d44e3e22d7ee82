//! The `technique` parameter of `GET /random`: a puzzle whose logical path uses that technique and
//! nothing harder ([`crate::engine::targeted`]). Only the supported techniques are accepted; the
//! rarer ones are refused by name, with the list of those that are.

use super::QueryParams;
use crate::engine::logic::Technique;
use crate::engine::targeted::{supported, SUPPORTED};
use crate::http::error::ApiError;

/// The `technique` asked for, if any, checked against the other parameters: puzzles by technique
/// are classic, minimal and graded by their own search, so `difficulty`, a shape or a symmetry, and
/// more than the fewest `givens` do not combine with it.
pub fn asked(query: &QueryParams, givens: usize) -> Result<Option<Technique>, ApiError> {
    let Some(name) = query.get("technique") else {
        return Ok(None);
    };
    let technique = parse(name).map_err(|detail| ApiError::InvalidField {
        field: "technique".into(),
        detail,
    })?;
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

/// The supported technique with id `name`, or what is wrong with it.
pub fn parse(name: &str) -> Result<Technique, String> {
    let Some(technique) = Technique::from_id(name) else {
        return Err(format!(
            "unknown technique {name:?}; expected one of: {}",
            supported_names()
        ));
    };
    if !supported(technique) {
        return Err(format!(
            "technique {name:?} is not supported: it is the hardest step of fewer than 1 in 2,000 \
             random puzzles (or none), so a search would take seconds; supported: {}",
            supported_names()
        ));
    }
    Ok(technique)
}

fn supported_names() -> String {
    SUPPORTED
        .iter()
        .map(|t| t.id())
        .collect::<Vec<_>>()
        .join(", ")
}
