//! Stored complete grids, for the shapes where a random fill does not find one within its budget:
//! 25x25 with 5x5 boxes and hyper windows, with or without X. Seed 1 of plain hyper took 67 s of
//! fills there, and with X as well no fill of 31,250 nodes found a grid in 512 tries (an HTTP
//! request spent its 2 s and got a 504). A SAT solver finds such a grid in seconds
//! (`scripts/x-hyper-25-grid.py`); the generator starts from it instead.
//!
//! Each seed gets its own grid of the same family: the values relabelled, the lines permuted by one
//! of the 288 permutations that keep every box, window and diagonal (rows and columns alike), and
//! the grid turned or mirrored (8 ways). Every puzzle of these shapes therefore has a solution
//! equivalent to the stored one under those symmetries; the givens the digging keeps differ.

use crate::rng::Rng;
use crate::shape::{Cells, Shape, Variant};

/// A 25x25 grid whose rows, columns, 5x5 boxes, two diagonals and sixteen hyper windows each hold
/// every value once: one row a line, `A` for 1 to `Y` for 25. Found by CaDiCaL through
/// `scripts/x-hyper-25-grid.py`; the tests check it against the rules.
const X_HYPER_25: &str = "\
ABCDEFGHIJKLMNOPQRSTUVWXY\
XQHFOWSYKLUPVTRBNDEMIGACJ\
PKRJGEBAQVCFHIXYWLOUNDTSM\
WYTLNUCOMXGDAQSKVFIJEBPHR\
UMSVIPDNTRWBYJECAHGXQLFOK\
NABXCDLESIJHTPMOGUQVRWKYF\
ERVMQNOBFTYCKXUAIWJDHSLGP\
SULPHMQGXWBRFVITYENKACJDO\
YDJOFVRUCKNQGWAXPSHLMEITB\
ITGWKYPJAHSOELDFRMCBXUNQV\
TXIRAQKVLYEMDHNJBCWGFOSPU\
MSNEBCAFPDITJKGUOQLHVRYWX\
LWOHJGTSRMPXUFCDEYVAKNQBI\
FCUKDONIHBQAWYVSMXPRTJELG\
VGQYPJUXWELSROBNTIKFDHCMA\
BFMIXLHCNORKSDQWUJTYGPVAE\
OHESRTYPDUVJXAFLKGMQWIBNC\
QVANWBJMGFTYIEHRCPDOSKXUL\
DPKTUSXWEAONCGLVHBFIYMRJQ\
GJYCLRIKVQMUPBWEXNASOTDFH\
KEDQSXMLYNHIOCPGFVBWJAURT\
JNPGMAVROSFELUKQDTYCBXHIW\
COWBVHFTJPXGNRYISAUELQMKD\
RIFUTKEDBCAWQMJHLOXNPYGVS\
HLXAYIWQUGDVBSTMJKRPCFOEN\
";

/// The side of the stored grids.
const SIDE: usize = 25;

/// A complete grid of `shape` drawn from a stored one with `rng`, if the shape has one: 25x25 on
/// 5x5 boxes, hyper windows, maybe X, no cages.
pub(super) fn stored_grid(shape: &Shape, rng: &mut Rng) -> Option<Cells> {
    let variants = &shape.rules().variants;
    let fits = shape.size() == SIDE
        && shape.box_shape() == Some((5, 5))
        && shape.cages().is_empty()
        && variants.contains(&Variant::Hyper);
    fits.then(|| transformed(rng))
}

/// The stored grid relabelled, its lines permuted and the whole turned, all drawn from `rng`.
fn transformed(rng: &mut Rng) -> Cells {
    let stored: Vec<u8> = X_HYPER_25.bytes().map(|b| b - b'A' + 1).collect();
    debug_assert_eq!(stored.len(), SIDE * SIDE);
    let mut labels: Vec<u8> = (1..=SIDE as u8).collect();
    rng.shuffle(&mut labels);
    let line = line_permutation(rng);
    let turn = rng.below(8);
    let mut values = vec![0; SIDE * SIDE];
    for r in 0..SIDE {
        for c in 0..SIDE {
            let (mut r2, mut c2) = (line[r], line[c]);
            if turn & 1 == 1 {
                (r2, c2) = (c2, r2);
            }
            if turn & 2 == 2 {
                r2 = SIDE - 1 - r2;
            }
            if turn & 4 == 4 {
                c2 = SIDE - 1 - c2;
            }
            values[r2 * SIDE + c2] = labels[usize::from(stored[r * SIDE + c]) - 1];
        }
    }
    Cells::from_values(values)
}

/// A permutation of the 25 lines that keeps every box band, every window band and, applied to rows
/// and columns alike, both diagonals: it shuffles the lines that share a box band and a window
/// band (1-4, 7-9 and 10-11), and mirrors that onto their opposites (line `i` and line `24 - i`
/// stay opposite, which keeps the anti-diagonal). The other lines stay where they are.
fn line_permutation(rng: &mut Rng) -> [usize; SIDE] {
    let mut line: [usize; SIDE] = std::array::from_fn(|i| i);
    for group in [&[1, 2, 3, 4][..], &[7, 8, 9], &[10, 11]] {
        let mut order = group.to_vec();
        rng.shuffle(&mut order);
        for (&from, &to) in group.iter().zip(&order) {
            line[from] = to;
            line[SIDE - 1 - from] = SIDE - 1 - to;
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Rules;

    fn shape(variants: &[Variant]) -> Shape {
        Shape::new(&Rules {
            size: Some(SIDE),
            variants: variants.to_vec(),
            ..Rules::default()
        })
        .unwrap()
    }

    #[test]
    fn every_drawn_grid_keeps_every_unit_of_hyper_with_and_without_x() {
        let (x_hyper, hyper) = (
            shape(&[Variant::X, Variant::Hyper]),
            shape(&[Variant::Hyper]),
        );
        let empty = Cells::empty(SIDE * SIDE);
        let mut seen = Vec::new();
        for seed in 0..40 {
            let grid = stored_grid(&x_hyper, &mut Rng::seeded(seed)).unwrap();
            assert!(
                grid.solves(&x_hyper, &empty),
                "seed {seed}: {:?}",
                grid.conflicts(&x_hyper)
            );
            assert!(grid.solves(&hyper, &empty), "seed {seed}");
            seen.push(grid);
        }
        seen.sort_by(|a, b| a.values().cmp(b.values()));
        seen.dedup();
        assert_eq!(seen.len(), 40, "every seed draws its own grid");
    }

    #[test]
    fn the_line_permutations_are_permutations_that_move_lines() {
        let mut moved = false;
        for seed in 0..40 {
            let line = line_permutation(&mut Rng::seeded(seed));
            let mut sorted = line;
            sorted.sort_unstable();
            assert_eq!(sorted, std::array::from_fn(|i| i), "seed {seed}: {line:?}");
            moved |= line != std::array::from_fn(|i| i);
        }
        assert!(moved);
    }

    #[test]
    fn only_hyper_on_twenty_five_with_five_by_five_boxes_has_a_stored_grid() {
        let mut rng = Rng::seeded(0);
        for (size, variants) in [
            (25, &[Variant::X][..]),
            (25, &[]),
            (16, &[Variant::Hyper]),
            (16, &[Variant::X, Variant::Hyper]),
        ] {
            let rules = Rules {
                size: Some(size),
                variants: variants.to_vec(),
                ..Rules::default()
            };
            assert!(
                stored_grid(&Shape::new(&rules).unwrap(), &mut rng).is_none(),
                "{rules:?}"
            );
        }
    }
}
