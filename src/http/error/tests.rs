//! The problem table and its rendering, as the spec holds them.

use super::*;
use crate::engine::Grid;
use serde::Serialize;
use std::collections::BTreeSet;

#[test]
fn every_problem_kind_has_its_own_code_and_an_error_status() {
    let codes: BTreeSet<&str> = PROBLEM_KINDS.iter().map(|k| k.code).collect();
    assert_eq!(codes.len(), PROBLEM_KINDS.len());
    assert!(PROBLEM_KINDS.iter().all(|k| (k.status.is_client_error()
        || k.status.is_server_error())
        && !k.title.is_empty()));
}

#[test]
fn the_specs_problem_codes_are_the_tables() {
    let spec: serde_json::Value =
        serde_norway::from_str(crate::http::openapi::OPENAPI_YAML).unwrap();
    let documented: BTreeSet<&str> = spec["components"]["schemas"]["ProblemCode"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(serde_json::Value::as_str)
        .collect();
    let table: BTreeSet<&str> = PROBLEM_KINDS.iter().map(|k| k.code).collect();
    assert_eq!(documented, table);
}

#[test]
fn a_conflict_found_while_parsing_is_the_same_problem_as_one_found_after() {
    let grid = crate::engine::Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
    let conflict = grid.conflicts().remove(0);
    let from_parse = ApiError::from(GridError::Conflict(conflict.clone()));
    assert!(matches!(from_parse, ApiError::ConflictingGivens(ref c) if c.len() == 1));
    assert_eq!(from_parse.kind().code, "conflicting_givens");
}

#[test]
fn shape_faults_keep_the_engines_sentences_and_get_their_own_codes() {
    let faults = [
        (GridError::CellCount { found: 80 }, "wrong_cell_count"),
        (GridError::RowCount { found: 8 }, "wrong_row_count"),
        (
            GridError::RowLength { row: 3, found: 8 },
            "wrong_row_length",
        ),
    ];
    for (fault, code) in faults {
        let error = ApiError::from(fault.clone());
        assert_eq!(error.to_string(), fault.to_string());
        assert_eq!(error.kind().code, code);
    }
}

#[test]
fn a_value_out_of_range_is_told_in_jsons_terms_and_located() {
    let square = Square::new(12).unwrap();
    let error = ApiError::from(GridError::OutOfRange { square, value: 12 });
    let problem = error.problem();
    assert_eq!(
        problem.detail,
        "square B4 (row 2, column 4) holds 12; expected 0-9 or null"
    );
    assert_eq!(
        (problem.square.as_deref(), problem.row, problem.column),
        (Some("B4"), Some(2), Some(4))
    );
    assert_eq!(problem.field.as_deref(), Some("puzzle"));
}

/// `serde_json::Value` sorts members, so a body that survives a round trip through it unchanged
/// is written in sorted order.
fn written_in_sorted_order(body: &impl Serialize) -> bool {
    let text = serde_json::to_string(body).unwrap();
    let sorted: serde_json::Value = serde_json::from_str(&text).unwrap();
    serde_json::to_string(&sorted).unwrap() == text
}

#[test]
fn problem_bodies_are_written_in_the_sorted_order_they_always_had() {
    let grid = Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
    let errors = [
        ApiError::ConflictingGivens(grid.conflicts().iter().map(ConflictJson::from).collect()),
        ApiError::from(GridError::OutOfRange {
            square: Square::new(0).unwrap(),
            value: -1,
        }),
        ApiError::DeadlineExceeded {
            timeout_ms: 5,
            stats: Stats::default(),
        },
        ApiError::ProgressMismatch {
            square: "A3".into(),
            given: '3',
            found: '4',
            given_value: 3,
            found_value: 4,
        },
        ApiError::OutOfRange {
            field: "givens",
            minimum: 17,
            maximum: 81,
            value: 200,
        },
    ];
    for error in errors {
        assert!(written_in_sorted_order(&error.problem()), "{error:?}");
    }
}

#[test]
fn a_conflict_problem_locates_the_first_conflict_and_lists_them_all() {
    let grid = Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
    let problem =
        ApiError::ConflictingGivens(grid.conflicts().iter().map(ConflictJson::from).collect())
            .problem();
    assert_eq!(problem.digit, Some(1));
    assert_eq!(problem.unit.as_deref(), Some("row A"));
    assert_eq!(problem.squares, Some(vec!["A1".into(), "A2".into()]));
    assert_eq!(problem.conflicts.map(|c| c.len()), Some(2));
}
