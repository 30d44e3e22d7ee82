//! Every bad description is an error that names the field at fault and what is wrong with it,
//! never a panic.

use sudoku_service::engine::shape::{Regions, Rules, Shape, ShapeError, Variant};

use super::rules;

#[test]
fn bad_descriptions_name_what_is_wrong() {
    let cases: Vec<(Rules, &str, &str)> = vec![
        (
            rules(3),
            "rules.size",
            "size 3 is out of range; expected 4 to 25",
        ),
        (
            rules(26),
            "rules.size",
            "size 26 is out of range; expected 4 to 25",
        ),
        (rules(7), "rules.size", "size 7 has no box shape"),
        (
            Rules {
                box_shape: Some([2, 4]),
                ..rules(9)
            },
            "rules.box",
            "box 2x4 does not tile a 9x9 grid",
        ),
        (
            Rules {
                box_shape: Some([1, 9]),
                ..rules(9)
            },
            "rules.box",
            "box 1x9 does not tile",
        ),
        (
            Rules {
                box_shape: Some([2, 2]),
                regions: Some(Regions::Text("AABBAABBCCDDCCDD".into())),
                ..rules(4)
            },
            "rules.box",
            "either box or regions",
        ),
        (
            Rules {
                regions: Some(Regions::Text("AABBAABBCCDDCCD".into())),
                ..rules(4)
            },
            "rules.regions",
            "expected 16 region labels (one per cell), found 15",
        ),
        (
            Rules {
                regions: Some(Regions::Text("AABBAABBCCDDCCDE".into())),
                ..rules(4)
            },
            "rules.regions",
            "expected 4 regions, found 5",
        ),
        (
            Rules {
                regions: Some(Regions::Text("AAABAABBCCDDCCDD".into())),
                ..rules(4)
            },
            "rules.regions",
            "region 1 ('A') has 5 cells; expected 4",
        ),
        (
            Rules {
                regions: Some(Regions::Text("ABBAABBACCDDCCDD".into())),
                ..rules(4)
            },
            "rules.regions",
            "region 1 ('A') is not connected",
        ),
        (
            Rules {
                symbols: Some("123".into()),
                ..rules(4)
            },
            "rules.symbols",
            "expected 4 symbols, found 3",
        ),
        (
            Rules {
                symbols: Some("1231".into()),
                ..rules(4)
            },
            "rules.symbols",
            "symbol '1' cannot be used",
        ),
        (
            Rules {
                symbols: Some("12.4".into()),
                ..rules(4)
            },
            "rules.symbols",
            "symbol '.' cannot be used",
        ),
        (
            Rules {
                size: Some(5),
                variants: vec![Variant::Hyper],
                regions: Some(Regions::Text("AAAAABBBBBCCCCCDDDDDEEEEE".into())),
                ..Rules::default()
            },
            "rules.variants",
            "hyper variant needs a box shape",
        ),
    ];
    for (rules, field, message) in cases {
        let err: ShapeError = Shape::new(&rules).unwrap_err();
        assert_eq!(err.field(), field, "{rules:?}");
        assert!(
            err.to_string().contains(message),
            "{err} should contain {message:?}"
        );
    }
}

#[test]
fn a_box_too_large_to_multiply_is_an_error_not_a_panic() {
    let rules = Rules {
        box_shape: Some([usize::MAX / 2, 403_499_098]),
        ..rules(9)
    };
    assert_eq!(Shape::new(&rules).unwrap_err().field(), "rules.box");
}
