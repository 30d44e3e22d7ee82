//! `GET /random?variant=killer`: a killer with no givens (or `givens` of them, placed in the
//! `symmetry` pattern) on any size, combined with `x`, `hyper` or `jigsaw`, answered with its cages in
//! `rules.cages`, its solution, and the grade of its logical path (`difficulty`, `score`).
//!
//! Generation is seeded and bounded by node budgets, so a seed always gives the same killer; the
//! deadline only turns a slow request into 504.

use axum::Json;

use super::order::Wanted;
use super::query_fault;
use crate::engine::general::Symmetry;
use crate::engine::shape::{Rules, Shape};
use crate::http::error::ApiError;
use crate::http::extract::QueryParams;
use crate::http::AppState;
use crate::wire::grid::GridFormat;
use crate::wire::random::RandomResponse;

/// A unique killer of the wanted shape, generated and graded on the pool under the deadline.
pub(super) async fn random(
    state: &AppState,
    query: &QueryParams,
    rules: Rules,
    jigsaw: bool,
    symmetry: Symmetry,
    seed: u64,
    format: GridFormat,
) -> Result<Json<RandomResponse>, ApiError> {
    let template = Shape::new(&rules).map_err(query_fault)?;
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
    let wanted = Wanted {
        rules,
        jigsaw,
        killer: true,
        symmetry,
    };
    // A killer takes tens of milliseconds or more: heavy work from the start (it stops at its flag).
    let order = wanted.order(level, givens);
    super::order::made(state, &wanted, order, seed, format, false).await
}
