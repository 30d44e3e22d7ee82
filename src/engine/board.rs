//! The solver's working state: for each digit and each band of three rows, a 27-bit mask of the squares
//! where that digit may still go (the representation of the JCZSolve family of solvers).
//!
//! Placed digits stay in their digit's mask, so in every band each digit must occupy exactly one square
//! per row and one per box: a 3x3 permutation of rows onto boxes. That single fact yields hidden singles
//! in rows and boxes and locked candidates (pointing and claiming) within a band from one table lookup
//! per digit and band. Naked singles come from counting candidates per square across the nine masks.
//! A `Board` is `Copy` and 124 bytes: search copies it onto the stack, with no heap allocation.

use super::grid::Grid;

/// The 27 squares of a band.
const BAND: u32 = 0x7ff_ffff;

/// Mask of row `r` (0..3) within a band.
const fn row_mask(r: usize) -> u32 {
    0x1ff << (9 * r)
}

/// Mask of box `k` (0..3) within a band.
const fn box_mask(k: usize) -> u32 {
    (0x7 << (3 * k)) * (1 | 1 << 9 | 1 << 18)
}

/// Mask of column `c` (0..9) within a band.
const fn col_mask(c: usize) -> u32 {
    (1 << c) * (1 | 1 << 9 | 1 << 18)
}

/// For each 9-bit row, which of its three boxes hold a candidate (3 bits).
static BOXES_OF_ROW: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] =
            ((x & 0x7 != 0) as u8) | ((x & 0x38 != 0) as u8) << 1 | ((x & 0x1c0 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// For a 3x3 occupancy (bit `3i + j`: line `i` may use slot `j`), the cells lying on some permutation
/// of lines onto slots that it allows; 0 when none does.
const fn permutation_cells(occ: usize) -> u16 {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut allowed = 0;
    let mut p = 0;
    while p < 6 {
        let perm = PERMS[p];
        let cells = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
        if occ & cells == cells {
            allowed |= cells;
        }
        p += 1;
    }
    allowed as u16
}

/// [`permutation_cells`] for rows against boxes in a band (bit `3r + k`: row `r` has a candidate in
/// box `k`), spread to the band's squares.
static PERMUTATION_MASK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let cells = permutation_cells(occ);
        let mut cell = 0;
        while cell < 9 {
            if cells >> cell & 1 == 1 {
                t[occ] |= row_mask(cell / 3) & box_mask(cell % 3);
            }
            cell += 1;
        }
        occ += 1;
    }
    t
};

/// [`permutation_cells`] for columns against bands in a stack.
static PERMUTATION_CELLS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        t[occ] = permutation_cells(occ);
        occ += 1;
    }
    t
};

/// For each position in a band, the other squares of its row, box and column within that band.
static BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (row_mask(p / 9) | box_mask(p % 9 / 3) | col_mask(p % 9)) & !(1 << p);
        p += 1;
    }
    t
};

/// For each band, the other two.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// Why propagation stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Propagation {
    /// Every square holds a digit.
    Solved,
    /// Nothing more follows; a guess is needed.
    Stuck,
    /// A square has no candidate or a digit has no place.
    Contradiction,
}

/// Candidate masks per digit and band, with the squares still unplaced.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    cand: [[u32; 3]; 9],
    unsolved: [u32; 3],
    /// The masks as last examined, so only changed digit-bands are examined again.
    seen: [[u32; 3]; 9],
    /// Digits whose masks changed since their stacks were last examined (bit `d`).
    stale_stacks: u16,
}

impl Board {
    /// Every digit possible everywhere.
    const OPEN: Board = Board {
        cand: [[BAND; 3]; 9],
        unsolved: [BAND; 3],
        seen: [[BAND; 3]; 9],
        stale_stacks: 0,
    };

    /// The board with `grid`'s givens placed, or `None` when two givens clash.
    pub(crate) fn from_grid(grid: &Grid) -> Option<Board> {
        let mut board = Board::OPEN;
        for (i, &v) in grid.values().iter().enumerate() {
            if v != 0 && !board.place(v as usize - 1, i) {
                return None;
            }
        }
        Some(board)
    }

    /// Puts digit index `d` at square `i`; false when `d` is no longer possible there.
    pub(crate) fn place(&mut self, d: usize, i: usize) -> bool {
        let (b, p) = (i / 27, i % 27);
        let bit = 1u32 << p;
        if self.cand[d][b] & bit == 0 {
            return false;
        }
        // Clear the square from every digit, then give `d` its square back: cheaper than a branch.
        for e in 0..9 {
            self.cand[e][b] &= !bit;
        }
        self.cand[d][b] |= bit;
        let col = col_mask(p % 9);
        let [next, last] = OTHER_BANDS[b];
        self.clear(d, b, BAND_PEERS[p]);
        self.clear(d, next, col);
        self.clear(d, last, col);
        self.unsolved[b] &= !bit;
        true
    }

    /// Removes `squares` from digit `d`'s mask in band `b`, marking it dirty if that changed it.
    #[inline(always)]
    fn clear(&mut self, d: usize, b: usize, squares: u32) {
        self.cand[d][b] &= !squares;
    }

    /// Removes digit index `d` from square `i`'s candidates.
    pub(crate) fn remove(&mut self, d: usize, i: usize) {
        self.clear(d, i / 27, 1 << (i % 27));
    }

    /// Whether digit index `d` is still possible at square `i`.
    #[cfg(test)]
    pub(crate) fn allows(&self, d: usize, i: usize) -> bool {
        self.cand[d][i / 27] >> (i % 27) & 1 == 1
    }

    /// Applies every deduction until none applies.
    pub(crate) fn propagate(&mut self) -> Propagation {
        loop {
            if !self.settle_bands() {
                return Propagation::Contradiction;
            }
            if self.unsolved == [0; 3] {
                return Propagation::Solved;
            }
            match self.place_naked_singles() {
                None => return Propagation::Contradiction,
                Some(0) => {}
                Some(_) => continue,
            }
            let before = self.cand;
            match self.settle_stacks() {
                None => return Propagation::Contradiction,
                Some(0) if self.cand == before => return Propagation::Stuck,
                Some(_) => {}
            }
        }
    }

    /// Re-examines changed digit-bands until none changes; false on a contradiction.
    fn settle_bands(&mut self) -> bool {
        loop {
            let mut changed = self.changed();
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let k = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.stale_stacks |= 1 << (k / 3);
                if !self.settle_band(k / 3, k % 3) {
                    return false;
                }
            }
        }
    }

    /// Bit `3d + b` set where digit `d`'s mask in band `b` changed since it was last examined.
    #[inline(always)]
    fn changed(&self) -> u32 {
        let now = self.cand.as_flattened();
        let seen = self.seen.as_flattened();
        let mut changed = 0;
        for k in 0..27 {
            changed |= u32::from(now[k] != seen[k]) << k;
        }
        changed
    }

    /// Keeps only squares on a row-to-box permutation, then places rows with one square left.
    fn settle_band(&mut self, d: usize, b: usize) -> bool {
        let a = self.cand[d][b];
        let occupancy = BOXES_OF_ROW[(a & 0x1ff) as usize] as usize
            | (BOXES_OF_ROW[(a >> 9 & 0x1ff) as usize] as usize) << 3
            | (BOXES_OF_ROW[(a >> 18) as usize] as usize) << 6;
        let a = a & PERMUTATION_MASK[occupancy];
        if a == 0 {
            return false;
        }
        self.cand[d][b] = a;
        self.seen[d][b] = a;
        // Every row is non-empty here, so subtracting 1 from each 9-bit row borrows within the row only:
        // a row with one square left has no bits in `a & (a - 1)`.
        let crowded = a & a.wrapping_sub(0x40201);
        let single_rows = (0..3)
            .filter(|&r| crowded & row_mask(r) == 0)
            .fold(0, |m, r| m | row_mask(r));
        let mut to_place = a & single_rows & self.unsolved[b];
        while to_place != 0 {
            let p = to_place.trailing_zeros() as usize;
            to_place &= to_place - 1;
            if !self.place(d, b * 27 + p) {
                return false;
            }
        }
        true
    }

    /// Places every square with one candidate left; `None` when a square has none.
    fn place_naked_singles(&mut self) -> Option<usize> {
        let mut placed = 0;
        for b in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for masks in &self.cand {
                twice |= once & masks[b];
                once |= masks[b];
            }
            if self.unsolved[b] & !once != 0 {
                return None;
            }
            let mut singles = self.unsolved[b] & !twice;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let d = (0..9).find(|&d| self.cand[d][b] >> p & 1 == 1)?;
                if !self.place(d, b * 27 + p) {
                    return None;
                }
                placed += 1;
            }
        }
        Some(placed)
    }

    /// Columns against bands, per digit and stack: in each stack a digit takes one square per column
    /// and one per band, so only column-to-band permutations survive (locked candidates along columns).
    /// Then places digits with one square left in a column. `None` on a contradiction.
    fn settle_stacks(&mut self) -> Option<usize> {
        let fold = |m: u32| (m | m >> 9 | m >> 18) & 0x1ff;
        let mut placed = 0;
        let mut stale = std::mem::take(&mut self.stale_stacks);
        while stale != 0 {
            let d = stale.trailing_zeros() as usize;
            stale &= stale - 1;
            for s in 0..3 {
                let [c0, c1, c2] = self.cand[d].map(|m| fold(m) >> (3 * s) & 7);
                let occupancy = (c0 | c1 << 3 | c2 << 6) as usize;
                let allowed = PERMUTATION_CELLS[occupancy] as u32;
                if allowed == 0 {
                    return None;
                }
                let dropped = occupancy as u32 & !allowed;
                for b in 0..3 {
                    let cols = (dropped >> (3 * b) & 7) << (3 * s);
                    if cols != 0 {
                        self.cand[d][b] &= !(cols * (1 | 1 << 9 | 1 << 18));
                    }
                }
            }
            let [c0, c1, c2] = self.cand[d].map(fold);
            let solved_cols = fold(
                (self.cand[d][0] & !self.unsolved[0])
                    | (self.cand[d][1] & !self.unsolved[1])
                    | (self.cand[d][2] & !self.unsolved[2]),
            );
            let mut cols = (c0 ^ c1 ^ c2) & !(c0 & c1 & c2) & !solved_cols;
            while cols != 0 {
                let c = cols.trailing_zeros() as usize;
                cols &= cols - 1;
                for b in 0..3 {
                    let m = self.cand[d][b] & col_mask(c);
                    if m != 0 && m & (m - 1) == 0 && m & self.unsolved[b] != 0 {
                        if !self.place(d, b * 27 + m.trailing_zeros() as usize) {
                            return None;
                        }
                        placed += 1;
                    }
                }
            }
        }
        Some(placed)
    }

    /// The unplaced square with the fewest candidates (the first such), and its candidate digit indices
    /// as a 9-bit mask.
    pub(crate) fn branch_square(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u32)> = None;
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for masks in &self.cand {
                thrice |= twice & masks[b];
                twice |= once & masks[b];
                once |= masks[b];
            }
            let pairs = self.unsolved[b] & twice & !thrice;
            if pairs != 0 {
                let i = b * 27 + pairs.trailing_zeros() as usize;
                return Some((i, self.digits_at(i)));
            }
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                let n = self.cand.iter().filter(|m| m[b] >> p & 1 == 1).count() as u32;
                if best.is_none_or(|(_, m)| n < m) {
                    best = Some((b * 27 + p as usize, n));
                }
            }
        }
        best.map(|(i, _)| (i, self.digits_at(i)))
    }

    /// The candidate digit indices of square `i` as a 9-bit mask.
    pub(crate) fn digits_at(&self, i: usize) -> u16 {
        let (b, p) = (i / 27, i % 27);
        (0..9).fold(0, |m, d| m | (((self.cand[d][b] >> p) & 1) as u16) << d)
    }

    /// The grid of placed digits (every square, once solved).
    pub(crate) fn to_grid(self) -> Grid {
        let mut values = [0u8; 81];
        for (d, masks) in self.cand.iter().enumerate() {
            for (b, &m) in masks.iter().enumerate() {
                let mut m = m & !self.unsolved[b];
                while m != 0 {
                    values[b * 27 + m.trailing_zeros() as usize] = d as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        Grid::from_cells(&values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_mask_keeps_only_squares_on_a_row_to_box_matching() {
        // Row 0 only in box 0 forces rows 1 and 2 out of box 0.
        let occupancy = 0b111_111_001;
        let allowed = PERMUTATION_MASK[occupancy];
        assert_eq!(allowed & row_mask(1) & box_mask(0), 0);
        assert_eq!(allowed & row_mask(0), row_mask(0) & box_mask(0));
        assert_eq!(
            PERMUTATION_MASK[0b001_001_001], 0,
            "three rows cannot share one box"
        );
        assert_eq!(PERMUTATION_MASK[0b111_111_111], BAND);
    }

    #[test]
    fn placing_removes_the_digit_from_all_twenty_peers() {
        let mut board = Board::OPEN;
        assert!(board.place(4, 40)); // 5 at E5
        for i in 0..81 {
            let (r, c) = (i / 9, i % 9);
            let peer = i != 40 && (r == 4 || c == 4 || (r / 3 == 1 && c / 3 == 1));
            assert_eq!(board.allows(4, i), !peer, "square {i}");
        }
        assert_eq!(board.digits_at(40), 1 << 4);
        assert!(!board.place(4, 41), "a peer can no longer take the digit");
    }
}
