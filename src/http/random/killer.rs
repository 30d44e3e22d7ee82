//! `GET /random?variant=killer`: a killer with no givens (or `givens` of them, placed in the
//! `symmetry` pattern) on any size, combined with `x`, `hyper` or `jigsaw`, answered with its cages in
//! `rules.cages`, its solution, and the grade of its logical path (`difficulty`, `score`).
//!
//! Generation is seeded and bounded by node budgets, so a seed always gives the same killer; the
//! deadline only turns a slow request into 504.

use std::time::Instant;

use axum::Json;

use super::query_fault;
use crate::engine::general::logic::ShapeLogic;
use crate::engine::general::{
    generate_killer, generate_killer_leveled, level_attempts, GeneratedShape, KillerRequest,
    LevelError, Symmetry,
};
use crate::engine::logic::Grade;
use crate::engine::shape::{Rules, Shape};
use crate::engine::Interrupt;
use crate::engine::Stats;
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
    let shape_name = template.to_string();
    let size = template.size();
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    // A killer takes tens of milliseconds or more: heavy work from the start (it stops at its flag).
    let outcome = state
        .run_heavy(timeout_ms, move |deadline, cancel| {
            let request = KillerRequest {
                seed,
                givens,
                symmetry,
                jigsaw,
                interrupt: Interrupt {
                    deadline: Some(deadline),
                    cancel: Some(cancel),
                },
            };
            match level {
                Some(level) => match generate_killer_leveled(&rules, &request, level) {
                    Ok(leveled) => Ok(Some((leveled.generated, Some(leveled.grade)))),
                    Err(LevelError::Stopped(_)) => Ok(None),
                    Err(other) => Err(other),
                },
                None => graded(&rules, &request),
            }
        })
        .await?;
    let generated = match outcome {
        Ok(found) => found,
        Err(LevelError::Shape(e)) => return Err(query_fault(e)),
        Err(LevelError::NotReached(level)) => {
            return Err(ApiError::UnsupportedShape {
                shape: format!("{shape_name} killer"),
                what: format!("difficulty {}", level.name()),
                why: format!(
                    "none of the {} killers this seed draws grades {}, even with givens added back; another seed may find one",
                    level_attempts(size),
                    level.name()
                ),
            })
        }
        Err(LevelError::Stopped(_)) => unreachable!("a stopped search answers None above"),
    };
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
        minimal: killer.minimal,
        puzzle: format.render_cells(shape, &killer.puzzle),
        rules: Some(shape.rules().clone()),
        score: Some(grade.score),
        seed,
        solution: Some(format.render_cells(shape, &killer.solution)),
        unique: true,
    }))
}

/// A killer with the givens asked for (none by default) and its grade (`None` when the deadline
/// passed while grading); `None` when the deadline passed first.
fn graded(
    rules: &Rules,
    request: &KillerRequest,
) -> Result<Option<(GeneratedShape, Option<Grade>)>, LevelError> {
    let Some(killer) = generate_killer(rules, request)? else {
        return Ok(None);
    };
    let grade = ShapeLogic::new()
        .interrupt(request.interrupt)
        .grade(&killer.shape, &killer.puzzle)
        .ok();
    let generated = GeneratedShape {
        shape: killer.shape,
        puzzle: killer.puzzle,
        solution: killer.solution,
        minimal: false,
    };
    Ok(Some((generated, grade)))
}
