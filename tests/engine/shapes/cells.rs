//! Cells on a shape: Norvig's square names beyond nine, puzzle text in the shape's symbols, arrays
//! checked against the size, and conflicts named by the unit they break, variant units included.

use sudoku_service::engine::shape::{Cells, CellsError, Rules, Shape, Variant};

use super::rules;

#[test]
fn squares_keep_norvigs_names_beyond_nine() {
    let shape = Shape::new(&rules(25)).unwrap();
    assert_eq!(shape.cell_name(0), "A1");
    assert_eq!(shape.cell_name(9), "A10");
    assert_eq!(shape.cell_name(624), "Y25");
    assert_eq!(shape.cell_named("p16"), Some(15 * 25 + 15));
    assert_eq!(shape.cell_named("Z1"), None);
    assert_eq!(shape.cell_named("A26"), None);
    assert_eq!(shape.unit_name(25 + 11), "column 12");
}

#[test]
fn text_uses_the_shapes_symbols_and_names_a_stray_character() {
    let shape = Shape::new(&rules(16)).unwrap();
    let mut text = "123456789ABCDEFG".to_string();
    text.push_str(&".".repeat(240));
    let cells = Cells::parse(&shape, &text).unwrap();
    assert_eq!(cells.get(15), 16);
    assert_eq!(cells.to_text(&shape), text);
    // Lower case stands for upper case, and layout characters are skipped.
    let lower = format!("12345678 9abcdefg|{}", ".".repeat(240));
    assert_eq!(Cells::parse(&shape, &lower).unwrap(), cells);
    let err = Cells::parse(&shape, &format!("Z{}", &text[1..])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "character 'Z' at position 1 is not a symbol of this shape (symbols 123456789ABCDEFG, '.' for a blank)"
    );
    let err = Cells::parse(&shape, &text[..250]).unwrap_err();
    assert_eq!(err.to_string(), "expected 256 cells, found 250");
    // Hexadoku's symbols: 0 is a value there, so only '.' is blank.
    let hex = Shape::new(&Rules {
        symbols: Some("0123456789ABCDEF".into()),
        ..rules(16)
    })
    .unwrap();
    let cells = Cells::parse(&hex, &format!("0{}", ".".repeat(255))).unwrap();
    assert_eq!(cells.get(0), 1);
}

#[test]
fn arrays_are_checked_against_the_size() {
    let shape = Shape::new(&rules(6)).unwrap();
    let row = vec![Some(1), None, Some(0), Some(6), None, None];
    let rows = vec![row.clone(); 6];
    let cells = Cells::from_rows(&shape, &rows).unwrap();
    assert_eq!(cells.givens(), 12);
    let mut bad = rows.clone();
    bad[2][3] = Some(7);
    assert_eq!(
        Cells::from_rows(&shape, &bad).unwrap_err(),
        CellsError::OutOfRange {
            square: "C4".into(),
            value: 7,
            max: 6
        }
    );
    assert!(matches!(
        Cells::from_rows(&shape, &rows[..5]).unwrap_err(),
        CellsError::RowCount {
            expected: 6,
            found: 5
        }
    ));
}

#[test]
fn conflicts_name_the_variant_unit() {
    let shape = Shape::new(&Rules {
        variants: vec![Variant::X],
        ..Rules::default()
    })
    .unwrap();
    let mut text = ".".repeat(81);
    text.replace_range(0..1, "5");
    text.replace_range(80..81, "5");
    let cells = Cells::parse(&shape, &text).unwrap();
    let conflicts = cells.conflicts(&shape);
    assert_eq!(conflicts.len(), 1);
    assert_eq!(
        conflicts[0].describe(&shape).to_string(),
        "5 appears 2 times in diagonal A1-I9 (A1, I9)"
    );
}
