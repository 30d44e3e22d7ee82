//! Locked triads: a triad (the three squares where a row or a column crosses a box) holds exactly
//! three digits, which is what refutes Norvig's impossible puzzle at the root.

use super::masks::{at, columns, digit_pairs, lanes, LANES, TRIADS};
use super::{Board, Dead};

/// The first squares of a band's row-box triads, in both lanes.
const STARTS: u64 = TRIADS as u64 * LANES;
/// The nine bits of a row, in both lanes.
const ROW: u64 = 0x1ff * LANES;

/// Where the digits of the two lanes of `m` (see [`digit_pairs`]) are locked: the row-box triads,
/// by their first square, that are a digit's only row triad in their box; and the columns that are
/// its only column in their box. Shifting right by one or two brings the high lane's lowest bits
/// into bits 30 and 31, which neither the triad starts nor the column masks hold; by 9 or 18 into
/// bits 14 to 31, which the row masks leave out; shifting a column mask left by two or one moves
/// bits into 9 and 10, which the box masks leave out. Multiplying a 9-bit row by `0x40201` copies
/// it into the lane's three rows.
#[inline(always)]
fn locked_triads(m: u64) -> (u64, u64) {
    let rows = (m | m >> 1 | m >> 2) & STARTS;
    // Per box, whether exactly one of its three row triads is open: odd and not all three.
    let (r0, r1, r2) = (rows & ROW, rows >> 9 & ROW, rows >> 18 & ROW);
    let lone = (r0 ^ r1 ^ r2) & !(r0 & r1 & r2);
    let in_rows = rows & (lone * 0x40201);
    // Per box, whether exactly one of its three columns is open: no other column of the box is.
    let cols = (m | m >> 9 | m >> 18) & ROW;
    // In each box's three columns, the next column and the one after, cyclically.
    let next = (cols >> 1 & (0o333 * LANES)) | (cols << 2 & (0o444 * LANES));
    let after = (cols >> 2 & (0o111 * LANES)) | (cols << 1 & (0o666 * LANES));
    (in_rows, cols & !(next | after))
}

/// Of five two-lane sets, the bits set in at least three of the ten lanes, and in at least four.
#[inline(always)]
fn three_and_four(sets: [u64; 5]) -> (u32, u32) {
    // Bit-sliced, per lane: set in at least one, two, three, four.
    let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
    for l in sets {
        four |= three & l;
        three |= two & l;
        two |= one & l;
        one |= l;
    }
    let ((a1, b1), (a2, b2)) = (lanes(one), lanes(two));
    let ((a3, b3), (a4, b4)) = (lanes(three), lanes(four));
    (
        a3 | b3 | (a2 & b1) | (a1 & b2),
        a4 | b4 | (a3 & b1) | (a2 & b2) | (a1 & b3),
    )
}

impl Board {
    /// Triads: a triad (the three squares where a row or a column crosses a box) holds exactly three
    /// digits, so when three digits each have their only place in a box on one triad, no other digit
    /// may go there; four such digits are a contradiction. Whether any candidate was taken.
    ///
    /// This is what proves Norvig's impossible puzzle unsolvable at the root: in one box three digits
    /// are each confined to one column's triad, whose third square none of them may take.
    ///
    /// Two digits at a time, one per 32-bit lane (see [`digit_pairs`]): one digit at a time this
    /// pass was 6% of Serg's benchmark, where it runs at the root of every puzzle.
    pub(super) fn lock_triads(&mut self) -> Result<bool, Dead> {
        let mut changed = false;
        for b in 0..3 {
            let unsolved = self.unsolved[b];
            if unsolved == 0 {
                continue;
            }
            let locked = digit_pairs(self.band(b)).map(locked_triads);
            let (rows, rows_over) = three_and_four(locked.map(|(rows, _)| rows));
            let (cols, cols_over) = three_and_four(locked.map(|(_, cols)| cols));
            if rows_over | cols_over != 0 {
                return Err(Dead);
            }
            // Triads whose squares are all placed have nothing left to take.
            let full_rows = rows & (unsolved | unsolved >> 1 | unsolved >> 2);
            let full_cols = cols & columns(unsolved);
            if full_rows | full_cols == 0 {
                continue;
            }
            for d in 0..9 {
                let ((row_low, row_high), (col_low, col_high)) =
                    (lanes(locked[d / 2].0), lanes(locked[d / 2].1));
                let (own_rows, own_cols) = if d % 2 == 0 {
                    (row_low, col_low)
                } else {
                    (row_high, col_high)
                };
                let closed = ((full_rows & !own_rows) * 7) | ((full_cols & !own_cols) * 0x40201);
                let k = at(d, b);
                if self.cand[k] & closed != 0 {
                    self.cand[k] &= !closed;
                    self.dirty |= 1 << k;
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
    use super::super::masks::random::Bands;
    use super::super::Propagation;
    use super::*;

    #[test]
    fn a_digit_is_locked_in_a_triad_when_it_is_its_only_one_in_the_box() {
        // Box 0 only in row 1 (squares 9, 10); box 1 in rows 0 and 2 but only column 4 (4, 22);
        // box 2 in rows 0 and 1, columns 6 and 7 (6, 16): locked in nothing there.
        let m: u32 = 1 << 9 | 1 << 10 | 1 << 4 | 1 << 22 | 1 << 6 | 1 << 16;
        for (lane, pair) in [(0, u64::from(m)), (1, u64::from(m) << 32)] {
            let (rows, cols) = locked_triads(pair);
            assert_eq!(rows >> (32 * lane), 1 << 9, "row 1 of box 0, lane {lane}");
            assert_eq!(
                cols >> (32 * lane),
                1 << 4,
                "column 4 of box 1, lane {lane}"
            );
        }
    }

    /// [`Board::lock_triads`] one digit at a time, as it was before the lanes: the reference.
    fn lock_triads_one_by_one(board: &mut Board) -> Result<bool, Dead> {
        let locked_one = |m: u32| {
            let rows = (m | m >> 1 | m >> 2) & TRIADS;
            let (r0, r1, r2) = (rows & 0x1ff, rows >> 9 & 0x1ff, rows >> 18);
            let lone = (r0 ^ r1 ^ r2) & !(r0 & r1 & r2);
            let cols = columns(m);
            let others = (0..9).fold(0, |o, c| {
                let box_cols = 0b111 << (c / 3 * 3);
                o | if cols & box_cols & !(1 << c) != 0 {
                    1 << c
                } else {
                    0
                }
            });
            (rows & (lone * 0x40201), cols & !others)
        };
        let mut changed = false;
        for b in 0..3 {
            if board.unsolved[b] == 0 {
                continue;
            }
            let masks: [u32; 9] = std::array::from_fn(|d| board.cand[at(d, b)]);
            let locked = masks.map(locked_one);
            let count =
                |bit: &dyn Fn(&(u32, u32)) -> bool| locked.iter().filter(|l| bit(l)).count();
            let (mut full_rows, mut full_cols) = (0, 0);
            for t in 0..27 {
                let n = count(&|l| l.0 >> t & 1 == 1);
                if n >= 4 {
                    return Err(Dead);
                }
                full_rows |= u32::from(n == 3) << t;
            }
            for c in 0..9 {
                let n = count(&|l| l.1 >> c & 1 == 1);
                if n >= 4 {
                    return Err(Dead);
                }
                full_cols |= u32::from(n == 3) << c;
            }
            let open = board.unsolved[b];
            full_rows &= (open | open >> 1 | open >> 2) & TRIADS;
            full_cols &= columns(open);
            for (d, &(rows, cols)) in locked.iter().enumerate() {
                let closed = ((full_rows & !rows) * 7) | ((full_cols & !cols) * 0x40201);
                if masks[d] & closed != 0 {
                    board.cand[at(d, b)] = masks[d] & !closed;
                    board.dirty |= 1 << at(d, b);
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    #[test]
    fn triads_in_lanes_lock_what_they_locked_one_digit_at_a_time() {
        let mut random = Bands::new();
        let mut outcomes = [0; 3];
        for _ in 0..20_000 {
            let mut board = Board::OPEN;
            for b in 0..3 {
                // Sparse bands, so that digits are often locked: most masks keep a few squares.
                let band = random.band().map(|m| m & (random.mask() | random.mask()));
                board.cand[at(0, b)..at(9, b)].copy_from_slice(&band);
                board.unsolved[b] = random.mask() | random.mask() | random.mask();
            }
            let mut reference = board;
            let (got, want) = (board.lock_triads(), lock_triads_one_by_one(&mut reference));
            match (got, want) {
                (Err(Dead), Err(Dead)) => outcomes[0] += 1,
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b);
                    assert_eq!(board.cand, reference.cand);
                    assert_eq!(board.dirty, reference.dirty);
                    outcomes[1 + usize::from(a)] += 1;
                }
                _ => panic!(
                    "one found a contradiction, the other not: {:x?}",
                    reference.cand
                ),
            }
        }
        // The random bands reach each outcome, so the comparison covers all three.
        assert!(outcomes.iter().all(|&n| n > 100), "{outcomes:?}");
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
