//! `GET /random?variant=killer`: a killer with no givens (or `givens` of them, placed in the
//! `symmetry` pattern) on any size, combined with `x`, `hyper` or `jigsaw`, answered with its cages in
//! `rules.cages`, its solution, and the grade of its logical path (`difficulty`, `score`).
//!
//! Generation is seeded and bounded by node budgets, so a seed always gives the same killer; the
//! deadline only turns a slow request into 504.

use std::time::Instant;

use axum::Json;

use super::shaped::query_fault;
use super::RandomResponse;
use crate::engine::general::logic::ShapeLogic;
use crate::engine::general::{generate_killer, KillerRequest, Symmetry};
use crate::engine::shape::{Rules, Shape};
use crate::engine::Stats;
use crate::http::error::ApiError;
use crate::http::extract::QueryParams;
use crate::http::grid_json::GridFormat;
use crate::http::shape_json::{logic_unsupported, render};
use crate::http::AppState;

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
    if query.get("difficulty").is_some() {
        return Err(logic_unsupported(&template));
    }
    if query.get("unique").is_some() {
        return Err(ApiError::InvalidField {
            field: "unique".into(),
            detail: "unique is for classic 9x9 puzzles; killer puzzles are always unique".into(),
        });
    }
    let cells = template.cell_count() as u64;
    let givens = query.integer("givens", 0, 0, cells)? as usize;
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let generated = state
        .run_job(timeout_ms, move |deadline, cancel| {
            let request = KillerRequest {
                seed,
                givens,
                symmetry,
                jigsaw,
                deadline: Some(deadline),
            };
            let killer = generate_killer(&rules, &request)?;
            Ok::<_, crate::engine::shape::ShapeError>(killer.map(|k| {
                let grade = ShapeLogic::new()
                    .deadline(deadline)
                    .cancel_flag(cancel)
                    .grade(&k.shape, &k.puzzle)
                    .ok();
                (k, grade)
            }))
        })
        .await?
        .map_err(query_fault)?;
    let late = || ApiError::DeadlineExceeded {
        timeout_ms,
        stats: Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        },
    };
    let (killer, grade) = generated.ok_or_else(late)?;
    let grade = grade.ok_or_else(late)?;
    let shape = &killer.shape;
    Ok(Json(RandomResponse {
        difficulty: Some(grade.difficulty.name()),
        givens: killer.puzzle.givens(),
        minimal: false,
        puzzle: render(shape, &killer.puzzle, format),
        rules: Some(shape.rules().clone()),
        score: Some(grade.score),
        seed,
        solution: Some(render(shape, &killer.solution, format)),
        unique: true,
    }))
}
