//! What a description builds: each listed size gets its usual boxes, a given box shape, X and hyper
//! variants and jigsaw regions add or replace units exactly as a player expects (the units
//! recomputed here from scratch), and only plain 9x9 counts as classic.

use std::collections::BTreeSet;

use sudoku_service::engine::shape::{Regions, Rules, Shape, Variant};

use super::rules;

/// The units of a boxed shape computed directly from its description, as sets of cells.
pub fn expected_units(
    size: usize,
    (br, bc): (usize, usize),
    variants: &[Variant],
) -> BTreeSet<Vec<usize>> {
    let mut units = BTreeSet::new();
    for i in 0..size {
        units.insert((0..size).map(|j| i * size + j).collect());
        units.insert((0..size).map(|j| j * size + i).collect());
    }
    for top in (0..size).step_by(br) {
        for left in (0..size).step_by(bc) {
            units.insert(block(size, top, left, br, bc));
        }
    }
    if variants.contains(&Variant::X) {
        units.insert((0..size).map(|i| i * size + i).collect());
        let mut anti: Vec<usize> = (0..size).map(|i| i * size + size - 1 - i).collect();
        anti.sort_unstable();
        units.insert(anti);
    }
    if variants.contains(&Variant::Hyper) {
        let mut top = 1;
        while top + br <= size {
            let mut left = 1;
            while left + bc <= size {
                units.insert(block(size, top, left, br, bc));
                left += bc + 1;
            }
            top += br + 1;
        }
    }
    units
}

fn block(size: usize, top: usize, left: usize, br: usize, bc: usize) -> Vec<usize> {
    let mut cells: Vec<usize> = (top..top + br)
        .flat_map(|r| (left..left + bc).map(move |c| r * size + c))
        .collect();
    cells.sort_unstable();
    cells
}

pub fn units_of(shape: &Shape) -> BTreeSet<Vec<usize>> {
    (0..shape.unit_count())
        .map(|u| {
            let mut cells: Vec<usize> = shape.unit(u).iter().map(|&c| usize::from(c)).collect();
            cells.sort_unstable();
            cells
        })
        .collect()
}

#[test]
fn every_listed_size_gets_its_usual_box() {
    let usual = [
        (4, (2, 2)),
        (6, (2, 3)),
        (8, (2, 4)),
        (9, (3, 3)),
        (10, (2, 5)),
        (12, (3, 4)),
        (15, (3, 5)),
        (16, (4, 4)),
        (20, (4, 5)),
        (25, (5, 5)),
    ];
    for (size, boxes) in usual {
        let shape = Shape::new(&rules(size)).unwrap();
        assert_eq!(shape.box_shape(), Some(boxes), "size {size}");
        assert_eq!(
            units_of(&shape),
            expected_units(size, boxes, &[]),
            "size {size}"
        );
        assert_eq!(shape.unit_count(), 3 * size);
    }
}

#[test]
fn a_given_box_shape_replaces_the_usual_one() {
    let shape = Shape::new(&Rules {
        size: Some(6),
        box_shape: Some([3, 2]),
        ..Rules::default()
    })
    .unwrap();
    assert_eq!(units_of(&shape), expected_units(6, (3, 2), &[]));
}

#[test]
fn x_and_hyper_add_the_diagonals_and_the_windows() {
    // 6x6 with both has no complete grid and is refused (tests/engine/shape_generation.rs).
    for size in [4, 9, 12, 16, 25] {
        let variants = [Variant::X, Variant::Hyper];
        let shape = Shape::new(&Rules {
            size: Some(size),
            variants: variants.to_vec(),
            ..Rules::default()
        })
        .unwrap();
        let boxes = shape.box_shape().unwrap();
        assert_eq!(
            units_of(&shape),
            expected_units(size, boxes, &variants),
            "size {size}"
        );
    }
    let windoku = Shape::new(&Rules {
        variants: vec![Variant::Hyper],
        ..Rules::default()
    })
    .unwrap();
    // The four shaded windows of a 9x9 windoku: B2-D4, B6-D8, F2-H4, F6-H8.
    let names: Vec<String> = (27..31)
        .map(|u| {
            windoku
                .unit(u)
                .iter()
                .map(|&c| windoku.cell_name(c.into()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(names[0], "B2 B3 B4 C2 C3 C4 D2 D3 D4");
    assert_eq!(names[3], "F6 F7 F8 G6 G7 G8 H6 H7 H8");
    assert_eq!(windoku.unit_name(28), "window 2");
}

#[test]
fn the_centre_of_an_x_grid_has_the_most_peers() {
    let x = Shape::new(&Rules {
        variants: vec![Variant::X],
        ..Rules::default()
    })
    .unwrap();
    assert_eq!(x.peers(40).len(), 32);
    assert_eq!(x.peers(1).len(), 20);
    assert_eq!(x.units_of(40).len(), 5);
    assert_eq!(x.unit_name(27), "diagonal A1-I9");
    assert_eq!(x.unit_name(28), "diagonal A9-I1");
}

#[test]
fn jigsaw_regions_replace_the_boxes() {
    // Four L-free 4x4 regions: the two top rows split into columns pairs are boxes; here, stripes.
    let shape = Shape::new(&Rules {
        size: Some(4),
        regions: Some(Regions::Text("AABB\nAABB\nCCDD\nCCDD".into())),
        ..Rules::default()
    })
    .unwrap();
    assert!(shape.is_jigsaw());
    assert_eq!(units_of(&shape), expected_units(4, (2, 2), &[]));
    assert_eq!(shape.unit_name(8), "region 1");
    let labels = Shape::new(&Rules {
        size: Some(4),
        regions: Some(Regions::Labels(vec![
            7, 7, 7, 7, 3, 3, 3, 3, 5, 5, 5, 5, 1, 1, 1, 1,
        ])),
        ..Rules::default()
    })
    .unwrap();
    assert_eq!(labels.region_of(0), 0);
    assert_eq!(labels.region_of(15), 3);
}

#[test]
fn prime_sizes_play_as_jigsaw() {
    let shape = Shape::new(&Rules {
        size: Some(5),
        regions: Some(Regions::Text("AAAAABBBBBCCCCCDDDDDEEEEE".into())),
        ..Rules::default()
    })
    .unwrap();
    assert_eq!(shape.size(), 5);
    assert_eq!(shape.unit_count(), 15);
}

#[test]
fn only_plain_nine_by_nine_is_classic() {
    assert!(Shape::classic().is_classic());
    assert!(Shape::new(&rules(9)).unwrap().is_classic());
    let x = Rules {
        variants: vec![Variant::X],
        ..rules(9)
    };
    assert!(!Shape::new(&x).unwrap().is_classic());
    let letters = Rules {
        symbols: Some("ABCDEFGHI".into()),
        ..rules(9)
    };
    assert!(!Shape::new(&letters).unwrap().is_classic());
}

#[test]
fn drawn_jigsaw_regions_are_connected_and_not_just_rows_or_boxes() {
    use sudoku_service::engine::general::random_regions;
    use sudoku_service::engine::Rng;
    for size in [4, 5, 6, 9, 12] {
        for seed in 0..3 {
            let regions = random_regions(size, &mut Rng::seeded(seed));
            let labels: String = regions.iter().map(|&g| char::from(b'A' + g)).collect();
            // Shape::new checks N regions of N connected cells.
            let shape = Shape::new(&Rules {
                size: Some(size),
                regions: Some(Regions::Text(labels)),
                ..Rules::default()
            })
            .unwrap_or_else(|e| panic!("size {size} seed {seed}: {e}"));
            let straight = (0..size).filter(|&g| {
                let cells = shape.unit(2 * size + g);
                let rows: BTreeSet<usize> = cells.iter().map(|&c| usize::from(c) / size).collect();
                let cols: BTreeSet<usize> = cells.iter().map(|&c| usize::from(c) % size).collect();
                rows.len() == 1 || cols.len() == 1
            });
            assert!(
                straight.count() < size / 2,
                "size {size} seed {seed}: mostly straight regions"
            );
        }
    }
}

/// The peers a player reads off the grid: every other cell sharing a unit or a cage with `cell`,
/// or a king's or knight's move away where those variants are on.
fn expected_peers(shape: &Shape, cell: usize, variants: &[Variant]) -> Vec<u16> {
    let n = shape.size() as i32;
    let (r, c) = (cell as i32 / n, cell as i32 % n);
    let mut peers = BTreeSet::new();
    for u in 0..shape.unit_count() {
        let unit = shape.unit(u);
        if unit.contains(&(cell as u16)) {
            peers.extend(unit.iter().copied());
        }
    }
    for cage in shape.cages() {
        if cage.cells.contains(&(cell as u16)) {
            peers.extend(cage.cells.iter().copied());
        }
    }
    let king = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let knight = [
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    let moves = [(Variant::AntiKing, king), (Variant::AntiKnight, knight)];
    for (variant, steps) in moves {
        if variants.contains(&variant) {
            for (dr, dc) in steps {
                let (pr, pc) = (r + dr, c + dc);
                if (0..n).contains(&pr) && (0..n).contains(&pc) {
                    peers.insert((pr * n + pc) as u16);
                }
            }
        }
    }
    peers.remove(&(cell as u16));
    peers.into_iter().collect()
}

#[test]
fn peers_are_the_other_cells_of_a_cells_units_cages_and_moves_whether_built_or_shared() {
    let cage = |sum: u32, cells: &[&str]| sudoku_service::engine::shape::CageRule {
        sum,
        cells: cells.iter().map(|c| c.to_string()).collect(),
    };
    let cases = [
        rules(4),
        rules(25),
        Rules {
            size: Some(12),
            variants: vec![Variant::X, Variant::Hyper, Variant::AntiKnight],
            ..Rules::default()
        },
        Rules {
            variants: vec![Variant::AntiKing, Variant::DisjointGroups],
            ..Rules::default()
        },
        Rules {
            size: Some(16),
            cages: vec![cage(3, &["A1", "A2"]), cage(30, &["P16", "O16", "O15"])],
            variants: vec![Variant::AntiKing],
            ..Rules::default()
        },
        Rules {
            size: Some(4),
            regions: Some(Regions::Text("AABB\nAABB\nCCDD\nCCDD".into())),
            variants: vec![Variant::X],
            ..Rules::default()
        },
        // The generator's jigsaw template (rows for regions), with the usual box's windows.
        sudoku_service::engine::general::jigsaw_template(&Rules {
            variants: vec![Variant::Hyper, Variant::AntiKnight],
            ..Rules::default()
        }),
    ];
    for rules in cases {
        // The first build of a regular layout may be shared with other tests; the second is shared.
        let (first, second) = (Shape::new(&rules).unwrap(), Shape::new(&rules).unwrap());
        assert_eq!(first, second, "{rules:?}");
        for cell in 0..first.cell_count() {
            let expected = expected_peers(&first, cell, &rules.variants);
            assert_eq!(first.peers(cell), expected, "{rules:?}, cell {cell}");
        }
    }
}
