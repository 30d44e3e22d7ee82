//! Round trips: our rules written as an f-puzzles (and SudokuPad) link and read back are the same
//! rules, for generated rule sets holding every constraint type, cages and the variants.

use proptest::prelude::*;

use super::{fpuzzles, import_link, link};
use crate::engine::shape::constraints::{KropkiColor, Negative, XvValue};
use crate::engine::shape::{CageRule, Cells, ConstraintRule, Regions, Rules, Shape, Variant};

fn name(r: usize, c: usize) -> String {
    format!("{}{}", char::from(b'A' + r as u8), c + 1)
}

/// A horizontal run of `len` cells from (r, c), kept on the grid.
fn run(r: usize, c: usize, len: usize) -> Vec<String> {
    let c = c.min(9 - len);
    (c..c + len).map(|c| name(r, c)).collect()
}

fn constraint() -> impl Strategy<Value = ConstraintRule> {
    let cell = || (0usize..9, 0usize..9);
    prop_oneof![
        (cell(), 2usize..6).prop_map(|((r, c), len)| ConstraintRule::Thermo {
            cells: run(r, c, len)
        }),
        (cell(), 1usize..4, prop::bool::ANY).prop_map(|((r, c), len, pill)| {
            let all = run(r, c, len + 1 + usize::from(pill));
            let (circle, cells) = all.split_at(1 + usize::from(pill));
            ConstraintRule::Arrow {
                circle: circle.to_vec(),
                cells: cells.to_vec(),
            }
        }),
        (cell(), prop::bool::ANY).prop_map(|((r, c), black)| ConstraintRule::Kropki {
            color: if black {
                KropkiColor::Black
            } else {
                KropkiColor::White
            },
            cells: run(r, c, 2),
        }),
        (cell(), prop::bool::ANY).prop_map(|((r, c), x)| ConstraintRule::Xv {
            value: if x { XvValue::X } else { XvValue::V },
            cells: run(r, c, 2),
        }),
        (0usize..9, prop::bool::ANY, 1u32..40).prop_map(|(start, down, sum)| {
            // A whole diagonal from the top edge, going down-right or down-left.
            let cells: Vec<String> = if down {
                (0..9 - start).map(|i| name(i, start + i)).collect()
            } else {
                (0..=start).map(|i| name(i, start - i)).collect()
            };
            let most = 9 * cells.len() as u32;
            ConstraintRule::LittleKiller {
                sum: sum.clamp(cells.len() as u32, most),
                cells,
            }
        }),
        (0usize..9, prop::bool::ANY, 0u32..35).prop_map(|(i, row, sum)| ConstraintRule::Sandwich {
            row: row.then(|| char::from(b'A' + i as u8).to_string()),
            column: (!row).then_some(i + 1),
            sum,
        }),
        (cell(), 2usize..6).prop_map(|((r, c), len)| ConstraintRule::Renban {
            cells: run(r, c, len)
        }),
        (cell(), 2usize..6, prop::option::of(1u8..5)).prop_map(|((r, c), len, difference)| {
            ConstraintRule::Whisper {
                cells: run(r, c, len),
                difference,
            }
        }),
        (cell(), 2usize..6).prop_map(|((r, c), len)| ConstraintRule::Palindrome {
            cells: run(r, c, len)
        }),
        (0usize..9).prop_map(|r| ConstraintRule::ExtraRegion {
            cells: run(r, 0, 9)
        }),
    ]
}

fn variants() -> impl Strategy<Value = Vec<Variant>> {
    prop::sample::subsequence(
        vec![
            Variant::X,
            Variant::DisjointGroups,
            Variant::AntiKnight,
            Variant::AntiKing,
            Variant::NonConsecutive,
        ],
        0..3,
    )
}

fn rules() -> impl Strategy<Value = Rules> {
    (
        variants(),
        prop::collection::vec(constraint(), 0..6),
        prop::collection::vec((0usize..8, 0usize..8, 3u32..17), 0..4),
        prop::collection::vec(0usize..81, 0..4),
        prop::collection::vec(0usize..81, 0..4),
        prop::sample::subsequence(vec![Negative::Kropki, Negative::Xv], 0..=2),
    )
        .prop_map(
            |(variants, mut constraints, dominoes, odd, even, negative)| {
                if variants.contains(&Variant::NonConsecutive) {
                    constraints.retain(|c| {
                        !matches!(
                            c,
                            ConstraintRule::Kropki {
                                color: KropkiColor::White,
                                ..
                            }
                        )
                    });
                }
                let mut cages: Vec<CageRule> = Vec::new();
                let mut used = Vec::new();
                for (r, c, sum) in dominoes {
                    let cells = vec![name(r, c), name(r + usize::from(c % 2 == 0), c + 1)];
                    if cells.iter().any(|c| used.contains(c)) {
                        continue;
                    }
                    used.extend(cells.clone());
                    cages.push(CageRule { sum, cells });
                }
                let names = |cells: Vec<usize>| -> Vec<String> {
                    let mut names: Vec<String> =
                        cells.iter().map(|&i| name(i / 9, i % 9)).collect();
                    names.sort();
                    names.dedup();
                    names
                };
                let (odd, even) = (names(odd), names(even));
                if !odd.is_empty() {
                    constraints.push(ConstraintRule::Odd { cells: odd });
                }
                if !even.is_empty() {
                    constraints.push(ConstraintRule::Even { cells: even });
                }
                Rules {
                    variants,
                    cages,
                    constraints,
                    negative,
                    ..Rules::default()
                }
            },
        )
}

/// Rules in a canonical order: constraints sorted, odd and even cells gathered (f-puzzles lists
/// them cell by cell), variants sorted.
fn canonical(mut rules: Rules) -> Rules {
    let mut odd: Vec<String> = Vec::new();
    let mut even: Vec<String> = Vec::new();
    rules.constraints.retain(|c| match c {
        ConstraintRule::Odd { cells } => {
            odd.extend(cells.clone());
            false
        }
        ConstraintRule::Even { cells } => {
            even.extend(cells.clone());
            false
        }
        _ => true,
    });
    for (cells, odd) in [(odd, true), (even, false)] {
        let mut cells = cells;
        cells.sort();
        if !cells.is_empty() {
            rules.constraints.push(if odd {
                ConstraintRule::Odd { cells }
            } else {
                ConstraintRule::Even { cells }
            });
        }
    }
    rules
        .constraints
        .sort_by_key(|c| serde_json::to_string(c).unwrap_or_default());
    rules.variants.sort();
    rules.negative.sort();
    rules
}

fn round_trip(rules: &Rules, givens: &str, sudokupad: bool) -> (String, Option<Rules>) {
    let shape = Shape::new(rules).expect("generated rules are valid");
    let cells = Cells::parse(&shape, givens).unwrap();
    let doc = fpuzzles::export(&shape, &cells).unwrap();
    let text = doc.to_string();
    let url = if sudokupad {
        link::sudokupad_link(&text)
    } else {
        link::fpuzzles_link(&text)
    };
    let back = import_link(&url).unwrap();
    (back.puzzle, back.rules)
}

const GIVENS: &str =
    "2..9.6....5.3.....1.9.....5....1..5.......16......93..8....5......6...17.........";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn our_rules_written_as_a_link_read_back_the_same(rules in rules(), sudokupad in prop::bool::ANY) {
        prop_assume!(Shape::new(&rules).is_ok());
        let (puzzle, back) = round_trip(&rules, GIVENS, sudokupad);
        prop_assert_eq!(puzzle, GIVENS);
        let back = back.unwrap_or_default();
        prop_assert_eq!(canonical(back), canonical(rules));
    }
}

#[test]
fn jigsaw_and_other_sizes_read_back_the_same() {
    let jigsaw = Rules {
        size: Some(4),
        regions: Some(Regions::Labels(vec![
            0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3,
        ])),
        ..Rules::default()
    };
    let six = Rules {
        size: Some(6),
        cages: vec![CageRule {
            sum: 3,
            cells: vec!["A1".into(), "B2".into()],
        }],
        ..Rules::default()
    };
    let tall_boxes = Rules {
        size: Some(6),
        box_shape: Some([3, 2]),
        ..Rules::default()
    };
    for (rules, givens) in [
        (jigsaw, "1..............."),
        (six, "...................................."),
        (tall_boxes, "1..................................."),
    ] {
        let (puzzle, back) = round_trip(&rules, givens, false);
        assert_eq!(puzzle, givens);
        let back = back.unwrap();
        let (ours, theirs) = (Shape::new(&rules).unwrap(), Shape::new(&back).unwrap());
        // The partitions, each region numbered by its first cell.
        let regions = |s: &Shape| {
            let mut seen: Vec<usize> = Vec::new();
            (0..s.cell_count())
                .map(|c| {
                    let r = s.region_of(c);
                    if !seen.contains(&r) {
                        seen.push(r);
                    }
                    seen.iter().position(|&x| x == r)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(regions(&ours), regions(&theirs), "{back:?}");
        assert_eq!(back.cages, rules.cages);
    }
}

#[test]
fn the_same_puzzle_is_written_as_the_same_link() {
    let rules = Rules {
        variants: vec![Variant::AntiKnight],
        constraints: vec![ConstraintRule::Thermo {
            cells: vec!["A1".into(), "A2".into(), "A3".into()],
        }],
        ..Rules::default()
    };
    let shape = Shape::new(&rules).unwrap();
    let cells = Cells::parse(&shape, GIVENS).unwrap();
    let once = fpuzzles::export(&shape, &cells).unwrap().to_string();
    let twice = fpuzzles::export(&shape, &cells).unwrap().to_string();
    assert_eq!(link::fpuzzles_link(&once), link::fpuzzles_link(&twice));
}
