//! What the search guesses on: the open cell with the fewest candidates, or, when some unit has a
//! value with fewer places than that, the value's places in the unit. Both are lists of
//! assignments of which exactly one holds, so the search treats them alike.

use crate::engine::shape::Shape;

/// The assignments one of which must hold: (cell, value bit) pairs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Branch {
    cells: [u16; 32],
    bits: [u32; 32],
    len: usize,
}

impl Branch {
    /// The options, as (cell, bit).
    pub(crate) fn options(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        (0..self.len).map(|i| (usize::from(self.cells[i]), self.bits[i]))
    }

    /// How many options there are.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Reorders the options by `order` (a permutation of `0..len`).
    pub(crate) fn shuffled(&self, order: &[usize]) -> Branch {
        let mut out = *self;
        for (i, &j) in order.iter().enumerate() {
            out.cells[i] = self.cells[j];
            out.bits[i] = self.bits[j];
        }
        out
    }

    /// The same options with the first that satisfies `wanted` moved to the front.
    pub(crate) fn first_where(&self, wanted: impl Fn(usize, u32) -> bool) -> Branch {
        let mut out = *self;
        if let Some(i) = self.options().position(|(c, b)| wanted(c, b)) {
            out.cells[..=i].rotate_right(1);
            out.bits[..=i].rotate_right(1);
        }
        out
    }

    pub(crate) fn cell(cell: usize, mut options: u32) -> Branch {
        let mut branch = Branch {
            cells: [cell as u16; 32],
            bits: [0; 32],
            len: 0,
        };
        while options != 0 {
            branch.bits[branch.len] = options & options.wrapping_neg();
            options &= options - 1;
            branch.len += 1;
        }
        branch
    }

    pub(crate) fn places(unit: &[u16], cand: &[u32], bit: u32) -> Branch {
        let mut branch = Branch {
            cells: [0; 32],
            bits: [bit; 32],
            len: 0,
        };
        for &c in unit.iter().filter(|&&c| cand[usize::from(c)] & bit != 0) {
            branch.cells[branch.len] = c;
            branch.len += 1;
        }
        branch
    }
}

/// The branch with the fewest options on an open board (one not solved and without contradiction).
pub(crate) fn choose(shape: &Shape, cand: &[u32]) -> Branch {
    let (cell, options) = fewest_candidates(cand);
    let count = options.count_ones();
    if count <= 2 {
        return Branch::cell(cell, options);
    }
    let mut best: Option<(usize, u32, u32)> = None;
    for u in 0..shape.unit_count() {
        let unit = shape.unit(u);
        let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
        for &c in unit {
            let m = cand[usize::from(c)];
            four |= three & m;
            three |= two & m;
            two |= one & m;
            one |= m;
        }
        let exactly_two = two & !three;
        if exactly_two != 0 {
            return Branch::places(unit, cand, exactly_two & exactly_two.wrapping_neg());
        }
        let exactly_three = three & !four;
        if count > 3 && exactly_three != 0 && best.is_none() {
            best = Some((u, exactly_three & exactly_three.wrapping_neg(), 3));
        }
    }
    match best {
        Some((u, bit, _)) => Branch::places(shape.unit(u), cand, bit),
        None => Branch::cell(cell, options),
    }
}

/// The open cell with the fewest candidates (the first of equals) and its candidates.
fn fewest_candidates(cand: &[u32]) -> (usize, u32) {
    let mut best = (usize::MAX, 0u32, u32::MAX);
    for (cell, &m) in cand.iter().enumerate() {
        let n = m.count_ones();
        if n > 1 && n < best.2 {
            best = (cell, m, n);
            if n == 2 {
                break;
            }
        }
    }
    (best.0, best.1)
}
