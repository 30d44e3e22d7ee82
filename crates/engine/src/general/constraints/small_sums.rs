//! The common case of [`super::clique_sums`] in registers: every clique of one to three cells and
//! every sum under 128 (a little killer's diagonal crosses each box in at most three cells, most
//! in one or two; a 9x9 line never sums past 127). A pair's sums and each cell's supports are a
//! few shifts of its two masks, a triple's a loop over its first two cells' values with the
//! third's as a shifted mask, so nothing is remembered or looked up, and the sums passed along
//! the line are one word each, on the stack: a `u64` while they stay under 64 (a 9x9 line of
//! seven cells, or a longer one part filled), else a `u128`.
//!
//! What it keeps is what the general walk keeps (a test compares the two on random lines): a
//! value stays in a cell when some choice of one value per cell, distinct within each clique,
//! reaches a target sum with it.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

use super::sums::bits;
use super::Out;

/// A set of sums in one machine word (bit `s`: sum `s`).
trait SumBits:
    Copy
    + Default
    + Eq
    + From<u32>
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// The word's low 32 bits.
    fn low(self) -> u32;
    fn widen(self) -> u128;
    fn narrow(set: u128) -> Self;
}

macro_rules! sum_bits {
    ($t:ty) => {
        impl SumBits for $t {
            fn trailing_zeros(self) -> u32 {
                self.trailing_zeros()
            }
            fn count_ones(self) -> u32 {
                self.count_ones()
            }
            fn low(self) -> u32 {
                self as u32
            }
            fn widen(self) -> u128 {
                self as u128
            }
            fn narrow(set: u128) -> Self {
                set as $t
            }
        }
    };
}
sum_bits!(u64);
sum_bits!(u128);

/// The most cliques a line read here has (a line has at most N cells).
const MAX_PIECES: usize = 32;

/// One clique of one to three cells: its cells, their candidates and the sums it reaches (bit
/// `s`: sum `s`).
#[derive(Clone, Copy, Default)]
struct LinePiece<W> {
    cells: [u16; 3],
    masks: [u32; 3],
    len: usize,
    sums: W,
}

impl<W: SumBits> LinePiece<W> {
    fn of(cells: &[u16], cand: &[u32]) -> LinePiece<W> {
        let mut piece = LinePiece {
            len: cells.len(),
            ..LinePiece::default()
        };
        for (i, &c) in cells.iter().enumerate() {
            piece.cells[i] = c;
            piece.masks[i] = cand[usize::from(c)];
        }
        let [a, b, c] = piece.masks;
        piece.sums = match piece.len {
            1 => W::from(a) << 1,
            2 => bits(a).fold(W::default(), |sums, v| sums | with(v, b)),
            _ => triples(a, b, c, |third: W| third).1,
        };
        piece
    }

    /// The values each cell keeps when the piece's sums are cut to `good`.
    fn kept(&self, good: W) -> [u32; 3] {
        let [a, b, c] = self.masks;
        match self.len {
            1 => [a & (good >> 1).low(), 0, 0],
            2 => [reaching(a, b, good), reaching(b, a, good), 0],
            _ => triples(a, b, c, |third: W| third & good).0,
        }
    }
}

/// Over the values `v` of `a` and different `w` of `b`: the sums `v + w + x`, with the values `x`
/// of `c` different from both, that `keep` keeps of each such set; each cell's values in some
/// triple kept, and the union of the sums kept.
fn triples<W: SumBits>(a: u32, b: u32, c: u32, keep: impl Fn(W) -> W) -> ([u32; 3], W) {
    let mut kept = [0u32; 3];
    let mut sums = W::default();
    for v in bits(a) {
        for w in bits(b & !(1 << (v - 1))) {
            let rest = c & !(1 << (v - 1)) & !(1 << (w - 1));
            let third = keep(W::from(rest) << (v + w + 1) as u32);
            if third != W::default() {
                kept[0] |= 1 << (v - 1);
                kept[1] |= 1 << (w - 1);
                kept[2] |= (third >> (v + w + 1) as u32).low();
                sums = sums | third;
            }
        }
    }
    (kept, sums)
}

/// The sums `v` makes with each value of `b` but `v` itself.
fn with<W: SumBits>(v: usize, b: u32) -> W {
    // Value `w` is bit `w - 1`: shifted by `v + 1` it lands on bit `v + w`.
    W::from(b & !(1 << (v - 1))) << (v as u32 + 1)
}

/// The values of `a` that make a sum in `good` with a different value of `b`.
fn reaching<W: SumBits>(a: u32, b: u32, good: W) -> u32 {
    bits(a)
        .filter(|&v| with::<W>(v, b) & good != W::default())
        .fold(0, |kept, v| kept | 1 << (v - 1))
}

/// Every sum of `from`'s plus one of `sums`.
fn up<W: SumBits>(from: W, sums: W) -> W {
    // The same set either way round: shift whichever has fewer members.
    let (few, many) = if from.count_ones() < sums.count_ones() {
        (from, sums)
    } else {
        (sums, from)
    };
    members(few).fold(W::default(), |out, s| out | many << s)
}

/// Every sum of `from`'s less one of `sums`.
fn down<W: SumBits>(from: W, sums: W) -> W {
    members(sums).fold(W::default(), |out, s| out | from >> s)
}

/// The sums of `sums` that take some sum of `before` into `after`.
fn completing<W: SumBits>(before: W, sums: W, after: W) -> W {
    if before.count_ones() < sums.count_ones() {
        members(before).fold(W::default(), |good, t| good | (after >> t)) & sums
    } else {
        members(sums)
            .filter(|&s| (before << s) & after != W::default())
            .fold(W::default(), |good, s| good | W::from(1) << s)
    }
}

/// The sums in `set`, ascending.
fn members<W: SumBits>(mut set: W) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != W::default()).then(|| {
            let s = set.trailing_zeros();
            set = set & !(W::from(1) << s);
            s
        })
    })
}

/// [`super::clique_sums::sum_to`] for cliques of at most three cells whose largest values add up to
/// `most`, under 128 (`target` as bits), with at most [`MAX_PIECES`] of them; `None`, and nothing
/// narrowed, for any other line.
pub(super) fn sum_to(
    cliques: &[Vec<u16>],
    cand: &[u32],
    most: usize,
    target: u128,
    out: &mut Out,
) -> Option<u128> {
    if cliques.len() > MAX_PIECES || cliques.iter().any(|c| c.len() > 3 || c.is_empty()) {
        return None;
    }
    if most < 64 {
        // A target past every reachable sum is reached by nothing, in either width.
        let reached = in_word::<u64>(cliques, cand, u64::narrow(target), out);
        return Some(reached.widen());
    }
    (most < 128).then(|| in_word::<u128>(cliques, cand, target, out))
}

/// [`sum_to`] with every sum held in `W`.
fn in_word<W: SumBits>(cliques: &[Vec<u16>], cand: &[u32], target: W, out: &mut Out) -> W {
    let mut pieces = [LinePiece::<W>::default(); MAX_PIECES];
    for (piece, cells) in pieces.iter_mut().zip(cliques) {
        *piece = LinePiece::of(cells, cand);
    }
    let pieces = &pieces[..cliques.len()];
    let n = pieces.len();
    // forward[i]: the sums of the first i pieces; back[i]: the sums of the first i pieces that the
    // rest can complete into the target.
    let mut forward = [W::default(); MAX_PIECES + 1];
    let mut back = [W::default(); MAX_PIECES + 1];
    forward[0] = W::from(1);
    for (i, piece) in pieces.iter().enumerate() {
        forward[i + 1] = up(forward[i], piece.sums);
    }
    back[n] = target;
    for (i, piece) in pieces.iter().enumerate().rev() {
        back[i] = down(back[i + 1], piece.sums);
    }
    for (i, piece) in pieces.iter().enumerate() {
        let good = completing(forward[i], piece.sums, back[i + 1]);
        let kept = piece.kept(good);
        let cells = piece.cells.iter().zip(piece.masks).zip(kept);
        for ((&cell, mask), keep) in cells.take(piece.len) {
            if mask & !keep != 0 {
                out.push((cell, mask & !keep));
            }
        }
    }
    forward[n]
}

#[cfg(test)]
mod tests {
    use super::super::{SumScratch, Sums};
    use super::*;

    #[test]
    fn lines_of_small_cliques_narrow_in_registers_as_the_walk_does() {
        // Random lines of single cells, pairs and triples of peers, on nine values (sums under 64
        // and under 128) and sixteen: the fast path keeps and reaches what the enumeration does.
        let mut rng = crate::rng::Rng::seeded(7);
        for case in 0..3000 {
            let values = if case % 3 == 2 { 16 } else { 9 };
            let pieces = 1 + rng.below(8) as usize;
            let mut cliques = Vec::new();
            let mut cand = Vec::new();
            for _ in 0..pieces {
                let len = 1 + rng.below(3) as usize;
                cliques.push((cand.len()..cand.len() + len).map(|c| c as u16).collect());
                for _ in 0..len {
                    // Mostly a few candidates, sometimes none.
                    let mask = (0..4).fold(0, |m, _| m | 1 << rng.below(values));
                    cand.push(if rng.below(40) == 0 { 0 } else { mask });
                }
            }
            let most: usize = cand
                .iter()
                .map(|&m: &u32| 32 - m.leading_zeros() as usize)
                .sum();
            let target = Sums::only(rng.below(most as u64 + 3) as usize);
            let (mut fast, mut walked) = (Out::new(), Out::new());
            let reached = SumScratch::default().sum_to(&cliques, &cand, &target, &mut fast);
            let expected =
                SumScratch::default().walked(&cliques, &cand, &target, most, &mut walked);
            assert_eq!(fast, walked, "case {case}: {cliques:?} {cand:?}");
            assert_eq!(reached, expected, "case {case}");
        }
    }
}
