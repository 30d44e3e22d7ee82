//! `GET /random?variant=killer`: a killer with no givens (or `givens` of them, placed in the
//! `symmetry` pattern) on any size, combined with `x`, `hyper` or `jigsaw`, answered with its cages in
//! `rules.cages`, its solution, and the grade of its logical path (`difficulty`, `score`).
//!
//! Generation is seeded and bounded by node budgets, so a seed always gives the same killer; the
//! deadline only turns a slow request into 504.

use super::query_fault;
use crate::engine::logic::Difficulty;
use crate::engine::shape::{Rules, Shape};
use crate::http::error::ApiError;
use crate::http::extract::QueryParams;

/// A killer's own parameters, checked: its level, and its `givens` (0 to N*N, none with a level).
/// `unique` is refused: a killer is always unique.
pub(super) fn asked(
    query: &QueryParams,
    rules: &Rules,
) -> Result<(Option<Difficulty>, usize), ApiError> {
    let template = Shape::new(rules).map_err(query_fault)?;
    let level = super::difficulty(query)?;
    if query.get("unique").is_some() {
        return Err(ApiError::InvalidField {
            field: "unique".into(),
            detail: "unique is for classic 9x9 puzzles; killer puzzles are always unique".into(),
        });
    }
    let cells = template.cell_count() as u64;
    let givens = query.integer("givens", 0, 0, cells)? as usize;
    if level.is_some() && givens > 0 {
        return Err(ApiError::InvalidField {
            field: "givens".into(),
            detail:
                "givens with difficulty: a killer made to a level gets the givens its level needs"
                    .into(),
        });
    }
    Ok((level, givens))
}
