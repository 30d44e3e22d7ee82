//! What a constraint that does not fit its grid is told: the constraint by its 1-based index and
//! type, what is wrong, and the bounds where it passes one.

use sudoku_service::engine::shape::{Rules, Shape, ShapeError};

/// The error of `constraints` (a JSON array) on a `size` grid, as words.
fn refused(size: usize, constraints: &str) -> String {
    let json = format!(r#"{{"size": {size}, "constraints": {constraints}}}"#);
    let rules: Rules = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let error = Shape::new(&rules).expect_err(&json);
    assert_eq!(error.field(), "rules.constraints", "{error}");
    error.to_string()
}

macro_rules! refusals {
    ($($test:ident: $size:expr, $json:expr => $message:expr;)*) => {
        $(
            #[test]
            fn $test() {
                assert_eq!(refused($size, $json), $message);
            }
        )*
    };
}

refusals! {
    a_thermo_must_be_a_line: 9, r#"[{"type": "thermo", "cells": ["A1", "A2"]}, {"type": "thermo", "cells": ["B2", "D4"]}]"#
        => "constraint 2 (thermo): cells B2 and D4 are not neighbours";
    a_thermo_longer_than_n_cannot_increase: 4, r#"[{"type": "thermo", "cells": ["A1", "A2", "A3", "A4", "B4"]}]"#
        => "constraint 1 (thermo): 5 cells is more than 4, the most a 4x4 grid allows for strictly increasing values";
    a_thermo_names_cells_of_the_grid: 4, r#"[{"type": "thermo", "cells": ["A1", "E1"]}]"#
        => "constraint 1 (thermo): \"E1\" is not a cell of a 4x4 grid (rows A.., columns 1..4)";
    an_arrow_circle_is_one_or_two_cells: 9, r#"[{"type": "arrow", "circle": ["A1", "A2", "A3"], "cells": ["B1"]}]"#
        => "constraint 1 (arrow): the circle is 3 cells but a circle is 1 cell, or 2 for a pill";
    a_pill_needs_decimal_digits: 16, r#"[{"type": "arrow", "circle": ["A1", "A2"], "cells": ["B1"]}]"#
        => "constraint 1 (arrow): the circle is 2 cells but a pill reads its values as decimal digits, so it needs a grid of at most 9x9, not 16x16";
    an_arrow_starts_beside_its_circle: 9, r#"[{"type": "arrow", "circle": ["A1"], "cells": ["C3", "C4"]}]"#
        => "constraint 1 (arrow): cells A1 and C3 are not neighbours";
    a_kropki_dot_joins_orthogonal_neighbours: 9, r#"[{"type": "kropki", "color": "white", "cells": ["A1", "B2"]}]"#
        => "constraint 1 (kropki): cells A1 and B2 do not share an edge";
    an_xv_letter_is_between_two_cells: 9, r#"[{"type": "xv", "value": "X", "cells": ["A1"]}]"#
        => "constraint 1 (xv): 1 cells; expected 2 orthogonal neighbours";
    a_little_killer_follows_one_diagonal: 9, r#"[{"type": "little_killer", "cells": ["A1", "B2", "C1"], "sum": 10}]"#
        => "constraint 1 (little_killer): cells B2 and C1 do not continue one diagonal";
    a_little_killer_sum_must_be_reachable: 9, r#"[{"type": "little_killer", "cells": ["A1", "B2"], "sum": 19}]"#
        => "constraint 1 (little_killer): sum 19 is impossible; expected 2 to 18";
    a_sandwich_names_a_row_or_a_column: 9, r#"[{"type": "sandwich", "row": "A", "column": 2, "sum": 10}]"#
        => "constraint 1 (sandwich): give either row (a letter) or column (a number)";
    a_sandwich_row_is_on_the_grid: 6, r#"[{"type": "sandwich", "row": "G", "sum": 3}]"#
        => "constraint 1 (sandwich): row \"G\" is not a row of a 6x6 grid (A to F)";
    a_sandwich_sum_is_at_most_the_middle_values: 9, r#"[{"type": "sandwich", "column": 3, "sum": 36}]"#
        => "constraint 1 (sandwich): sum 36 is impossible; expected 0 to 35";
    a_renban_repeats_no_cell: 9, r#"[{"type": "renban", "cells": ["A1", "A2", "A1"]}]"#
        => "constraint 1 (renban): A1 is given twice";
    a_whisper_difference_fits_the_grid: 9, r#"[{"type": "whisper", "cells": ["A1", "A2"], "difference": 9}]"#
        => "constraint 1 (whisper): difference 9 is out of range; expected 1 to 8";
    a_palindrome_is_a_line: 9, r#"[{"type": "palindrome", "cells": ["A1"]}]"#
        => "constraint 1 (palindrome): 1 cells; expected at least 2";
    odd_cells_are_cells_of_the_grid: 9, r#"[{"type": "odd", "cells": ["J1"]}]"#
        => "constraint 1 (odd): \"J1\" is not a cell of a 9x9 grid (rows A.., columns 1..9)";
    even_cells_are_named_once: 9, r#"[{"type": "even", "cells": ["A1", "A1"]}]"#
        => "constraint 1 (even): A1 is given twice";
    an_extra_region_holds_n_cells: 4, r#"[{"type": "extra_region", "cells": ["A1", "A2", "A3"]}]"#
        => "constraint 1 (extra_region): 3 cells; an extra region holds exactly 4, every value once";
}

#[test]
fn constraints_are_capped() {
    let one = r#"{"type": "odd", "cells": ["A1"]}"#;
    let many = format!("[{}]", vec![one; 1001].join(","));
    assert_eq!(
        refused(9, &many),
        "1001 constraints is more than 1000, the most one puzzle may carry"
    );
}

#[test]
fn extra_regions_are_capped_by_the_unit_sets() {
    let region = r#"{"type": "extra_region", "cells": ["A1", "B2", "C3", "D4"]}"#;
    let many = format!("[{}]", vec![region; 120].join(","));
    assert_eq!(
        refused(4, &many),
        "132 units (rows, columns, boxes, diagonals, windows, disjoint groups and extra regions) is more than 128, the most a shape may have"
    );
}

#[test]
fn disjoint_groups_need_boxes() {
    let rules: Rules = serde_json::from_str(
        r#"{"size": 4, "regions": "AABBAABBCCDDCCDD", "variants": ["disjoint_groups"]}"#,
    )
    .unwrap();
    assert_eq!(Shape::new(&rules), Err(ShapeError::DisjointWithoutBoxes));
}

#[test]
fn unknown_constraint_types_and_members_are_refused_by_the_reader() {
    for json in [
        r#"{"constraints": [{"type": "killer_arrow", "cells": ["A1"]}]}"#,
        r#"{"constraints": [{"type": "kropki", "color": "grey", "cells": ["A1", "A2"]}]}"#,
        r#"{"variants": ["anti_queen"]}"#,
        r#"{"negative": ["thermo"]}"#,
    ] {
        assert!(serde_json::from_str::<Rules>(json).is_err(), "{json}");
    }
}
