//! Locked triads: a triad (the three squares where a row or a column crosses a box) holds exactly
//! three digits, which is what refutes Norvig's impossible puzzle at the root.

use super::masks::{at, columns, TRIADS};
use super::{Board, Dead};

/// Triads of a band as one mask: the row-box triads by their first square (bits 0..27, as in
/// [`TRIADS`]), the column-box triads by their column (bits 32..41).
type TriadSet = u64;

/// The triads holding a square of band mask `m`.
#[inline(always)]
fn triads(m: u32) -> TriadSet {
    TriadSet::from((m | m >> 1 | m >> 2) & TRIADS) | TriadSet::from(columns(m)) << 32
}

/// The triads where a digit with band mask `m` is locked: its only triad of that kind in a box.
#[inline(always)]
fn locked_triads(m: u32) -> TriadSet {
    let rows = (m | m >> 1 | m >> 2) & TRIADS;
    // Per box, whether exactly one of its three row triads is open: odd and not all three.
    let (r0, r1, r2) = (rows & 0x1ff, rows >> 9 & 0x1ff, rows >> 18);
    let lone = (r0 ^ r1 ^ r2) & !(r0 & r1 & r2);
    let in_rows = rows & (lone * 0x40201);
    // Per box, whether exactly one of its three columns is open: no other column of the box is.
    let cols = columns(m);
    // In each box's three columns, the next column and the one after, cyclically.
    let next = (cols >> 1 & 0o333) | (cols << 2 & 0o444);
    let after = (cols >> 2 & 0o111) | (cols << 1 & 0o666);
    let in_cols = cols & !(next | after);
    TriadSet::from(in_rows) | TriadSet::from(in_cols) << 32
}

/// The squares of a set of triads.
#[inline(always)]
fn triad_squares(t: TriadSet) -> u32 {
    ((t as u32 & TRIADS) * 7) | (((t >> 32) as u32 & 0x1ff) * 0x40201)
}

impl Board {
    /// Triads: a triad (the three squares where a row or a column crosses a box) holds exactly three
    /// digits, so when three digits each have their only place in a box on one triad, no other digit
    /// may go there; four such digits are a contradiction. Whether any candidate was taken.
    ///
    /// This is what proves Norvig's impossible puzzle unsolvable at the root: in one box three digits
    /// are each confined to one column's triad, whose third square none of them may take.
    pub(super) fn lock_triads(&mut self) -> Result<bool, Dead> {
        let mut changed = false;
        for b in 0..3 {
            if self.unsolved[b] == 0 {
                continue;
            }
            let masks: [u32; 9] = std::array::from_fn(|d| self.cand[at(d, b)]);
            let locked = masks.map(locked_triads);
            // Bit-sliced counts of the digits locked in each triad: one or more, two, three, four.
            let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
            for &l in &locked {
                four |= three & l;
                three |= two & l;
                two |= one & l;
                one |= l;
            }
            if four != 0 {
                return Err(Dead);
            }
            // Triads whose squares are all placed have nothing left to take.
            let full = three & triads(self.unsolved[b]);
            if full == 0 {
                continue;
            }
            for (d, (&m, &l)) in masks.iter().zip(&locked).enumerate() {
                let closed = triad_squares(full & !l);
                if m & closed != 0 {
                    self.cand[at(d, b)] = m & !closed;
                    self.dirty |= 1 << at(d, b);
                    changed = true;
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::super::masks::col_mask;
    use super::super::Propagation;
    use super::*;

    #[test]
    fn a_digit_is_locked_in_a_triad_when_it_is_its_only_one_in_the_box() {
        // Box 0 only in row 1 (squares 9, 10); box 1 in rows 0 and 2 but only column 4 (4, 22);
        // box 2 in rows 0 and 1, columns 6 and 7 (6, 16): locked in nothing there.
        let m = 1 << 9 | 1 << 10 | 1 << 4 | 1 << 22 | 1 << 6 | 1 << 16;
        let locked = locked_triads(m);
        assert_eq!(locked as u32, 1 << 9, "row 1 of box 0");
        assert_eq!(locked >> 32, 1 << 4, "column 4 of box 1");
        assert_eq!(triad_squares(locked), 0x7 << 9 | col_mask(4));
    }

    #[test]
    fn three_digits_locked_in_a_triad_take_it_from_every_other_digit() {
        let mut board = Board::OPEN;
        // Digits 0, 1 and 2 may go in box 0 only in column 0 (squares 0, 9, 18).
        for d in 0..3 {
            for p in [1, 2, 10, 11, 19, 20] {
                board.remove(d, p);
            }
        }
        assert!(board.settle_bands().is_ok());
        assert!(matches!(board.lock_triads(), Ok(true)));
        for d in 3..9 {
            assert_eq!(board.cand[at(d, 0)] & col_mask(0), 0, "digit index {d}");
            assert!(board.allows(d, 1));
        }
        assert!(board.allows(0, 9));
        assert!(matches!(board.lock_triads(), Ok(false)), "nothing new");
    }

    #[test]
    fn four_digits_locked_in_one_triad_are_a_contradiction() {
        let mut board = Board::OPEN;
        // Digits 0 to 3 may go in box 0 only in row 0 (squares 0, 1, 2).
        for d in 0..4 {
            for p in [9, 10, 11, 18, 19, 20] {
                board.remove(d, p);
            }
        }
        assert!(board.settle_bands().is_ok());
        assert!(board.lock_triads().is_err());
        assert!(
            matches!(board.propagate(false), Propagation::Stuck(_)),
            "without triads"
        );
    }
}
