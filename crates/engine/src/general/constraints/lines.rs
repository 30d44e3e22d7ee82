//! The propagators that read a constraint's cells together: arrows (a sum over cliques, see
//! `clique_sums`, into the circle), renban's window of consecutive values, and the sandwich's
//! automaton. Each keeps a value only if some assignment of the constraint's cells from their
//! candidates, with that value, satisfies the constraint alone (renban's is weaker: windows and
//! placed values), so each removes only what no solution allows, and on cells down to one value
//! each is exact: a broken constraint empties a cell.

use super::clique_sums::SumScratch;
use super::sums::{bits, Sums};
use super::Out;

/// An arrow: the arrow's sum is the circle's value (a pill's `10 * first + second`).
pub(crate) fn arrow(
    circle: &[u16],
    cliques: &[Vec<u16>],
    cand: &[u32],
    scratch: &mut SumScratch,
    out: &mut Out,
) {
    let mask = |c: u16| cand[usize::from(c)];
    let mut target = Sums::default();
    match circle {
        [c] => bits(mask(*c)).for_each(|v| target.insert(v)),
        [tens, units] => {
            for a in bits(mask(*tens)) {
                bits(mask(*units)).for_each(|b| target.insert(10 * a + b));
            }
        }
        _ => unreachable!("a circle is one or two cells"),
    }
    let reached = scratch.sum_to(cliques, cand, &target, out);
    match circle {
        [c] => {
            let gone = bits(mask(*c))
                .filter(|&v| !reached.contains(v))
                .fold(0, |acc, v| acc | 1 << (v - 1));
            if gone != 0 {
                out.push((*c, gone));
            }
        }
        [tens, units] => {
            let (mut keep_tens, mut keep_units) = (0u32, 0u32);
            for a in bits(mask(*tens)) {
                for b in bits(mask(*units)).filter(|&b| reached.contains(10 * a + b)) {
                    keep_tens |= 1 << (a - 1);
                    keep_units |= 1 << (b - 1);
                }
            }
            out.push((*tens, mask(*tens) & !keep_tens));
            out.push((*units, mask(*units) & !keep_units));
        }
        _ => unreachable!("a circle is one or two cells"),
    }
}

/// A renban: the values are a window of `cells.len()` consecutive values, one to a cell. Every
/// filling of every window is enumerated, and a cell keeps the values some filling gives it, up to
/// [`MAX_FILLINGS`]; past that, [`renban_windows`] reads it (weaker, sound). Its cells are not
/// peers of the shape, so this is what keeps a value placed on the line out of its other cells.
pub(crate) fn renban(cells: &[u16], cand: &[u32], size: usize, out: &mut Out) {
    let k = cells.len();
    let mut fill = WindowFilling {
        masks: [0; 32],
        len: k,
        path: [0; 32],
        kept: [0; 32],
        budget: MAX_FILLINGS,
    };
    for start in 0..=size - k {
        let window = ((1u32 << k) - 1) << start;
        for (w, &c) in fill.masks.iter_mut().zip(cells) {
            *w = cand[usize::from(c)] & window;
        }
        if !fill.from(0, 0) {
            return renban_windows(cells, cand, size, out);
        }
    }
    for (&c, keep) in cells.iter().zip(fill.kept) {
        out.push((c, cand[usize::from(c)] & !keep));
    }
}

/// Past this many fillings of a renban's windows, it is read by its windows alone.
const MAX_FILLINGS: usize = 4096;

/// The enumeration of a renban window's fillings: each cell's candidates in the window, the
/// values given so far, and what the fillings found gave each cell.
struct WindowFilling {
    masks: [u32; 32],
    len: usize,
    path: [u32; 32],
    kept: [u32; 32],
    budget: usize,
}

impl WindowFilling {
    /// Fills cells `i..` with distinct values outside `used`; `false` once the budget is spent.
    fn from(&mut self, i: usize, used: u32) -> bool {
        if i == self.len {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            for (keep, bit) in self.kept.iter_mut().zip(&self.path[..self.len]) {
                *keep |= bit;
            }
            return true;
        }
        let mut free = self.masks[i] & !used;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            self.path[i] = bit;
            if !self.from(i + 1, used | bit) {
                return false;
            }
        }
        true
    }
}

/// A renban read by its windows: the values are a window of `cells.len()` consecutive values,
/// none repeated. A window
/// is possible when every cell has a candidate in it and the cells' candidates cover it (each of
/// its values must be placed); a cell keeps what some possible window holds, less the values
/// other cells have placed.
pub(crate) fn renban_windows(cells: &[u16], cand: &[u32], size: usize, out: &mut Out) {
    let k = cells.len();
    let masks: Vec<u32> = cells.iter().map(|&c| cand[usize::from(c)]).collect();
    let union = masks.iter().fold(0, |acc, m| acc | m);
    let mut allowed = 0u32;
    for start in 0..=size - k {
        let window = ((1u32 << k) - 1) << start;
        if union & window == window && masks.iter().all(|m| m & window != 0) {
            allowed |= window;
        }
    }
    for (i, &c) in cells.iter().enumerate() {
        let placed_elsewhere = masks
            .iter()
            .enumerate()
            .filter(|&(j, m)| j != i && m & (m - 1) == 0)
            .fold(0, |acc, (_, m)| acc | m);
        out.push((c, masks[i] & (!allowed | placed_elsewhere)));
    }
}

/// A sandwich: a line read in order by an automaton whose states are before the first crust (1 or
/// N), inside with the sum so far, and after the second crust; the line is accepted when it ends
/// after the second crust, the inside having summed to `sum`. A value stays where some accepted
/// path through the candidates takes it.
pub(crate) fn sandwich(cells: &[u16], cand: &[u32], size: usize, sum: u32, out: &mut Out) {
    let crusts = 1u32 | 1 << (size - 1);
    let sum = sum as usize;
    let within = |set: Sums| {
        let mut kept = Sums::default();
        (0..=sum)
            .filter(|&s| set.contains(s))
            .for_each(|s| kept.insert(s));
        kept
    };
    #[derive(Clone, Copy, Default)]
    struct States {
        before: bool,
        inside: Sums,
        after: bool,
    }
    let len = cells.len();
    let masks: Vec<u32> = cells.iter().map(|&c| cand[usize::from(c)]).collect();
    let mut forward = vec![States {
        before: true,
        ..States::default()
    }];
    for &m in &masks {
        let f = forward.last().expect("one");
        let (crust, filling) = (m & crusts != 0, m & !crusts);
        let mut inside = within(f.inside.plus_any(filling));
        if f.before && crust {
            inside.insert(0);
        }
        forward.push(States {
            before: f.before && filling != 0,
            inside,
            after: (crust && f.inside.contains(sum)) || (f.after && filling != 0),
        });
    }
    let mut back = vec![
        States {
            after: true,
            ..States::default()
        };
        len + 1
    ];
    for i in (0..len).rev() {
        let (m, b) = (masks[i], back[i + 1]);
        let (crust, filling) = (m & crusts != 0, m & !crusts);
        let mut inside = b.inside.minus_any(filling);
        if crust && b.after {
            inside.insert(sum);
        }
        back[i] = States {
            before: (filling != 0 && b.before) || (crust && b.inside.contains(0)),
            inside,
            after: filling != 0 && b.after,
        };
    }
    for (i, &c) in cells.iter().enumerate() {
        let (f, b) = (&forward[i], &back[i + 1]);
        let kept = bits(masks[i])
            .filter(|&v| {
                if crusts & (1 << (v - 1)) != 0 {
                    (f.before && b.inside.contains(0)) || (f.inside.contains(sum) && b.after)
                } else {
                    (f.before && b.before)
                        || f.inside.up(v).meets(&b.inside)
                        || (f.after && b.after)
                }
            })
            .fold(0, |acc, v| acc | 1 << (v - 1));
        out.push((c, masks[i] & !kept));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: u32 = 0x1FF;

    #[test]
    fn a_renban_keeps_what_some_filling_of_a_window_gives() {
        // A and B are 1 or 2, C anything, on a line of three: 2-3-4 would need A and B both 2, so
        // only 1-2-3 fills and C is 3. Read by windows alone, C kept 1-4.
        let cand = vec![0b11, 0b11, ALL];
        let mut exact = Out::new();
        renban(&[0, 1, 2], &cand, 9, &mut exact);
        assert_eq!(exact, vec![(0, 0), (1, 0), (2, ALL & !0b100)]);
        let mut windows = Out::new();
        renban_windows(&[0, 1, 2], &cand, 9, &mut windows);
        assert_eq!(windows[2], (2, ALL & !0b1111));
    }

    #[test]
    fn a_renban_with_no_filling_empties_its_cells() {
        // Two cells that both must be 5: no window fills.
        let cand = vec![0b1_0000, 0b1_0000];
        let mut out = Out::new();
        renban(&[0, 1], &cand, 9, &mut out);
        assert_eq!(out, vec![(0, 0b1_0000), (1, 0b1_0000)]);
    }

    #[test]
    fn a_renban_past_the_budget_is_read_by_its_windows() {
        // Nine open cells of a 9x9 have 9! fillings of the one window: past the budget, the
        // windows' reading (which keeps every value) is what is answered.
        let cand = vec![ALL; 9];
        let cells: Vec<u16> = (0..9).collect();
        let (mut exact, mut windows) = (Out::new(), Out::new());
        renban(&cells, &cand, 9, &mut exact);
        renban_windows(&cells, &cand, 9, &mut windows);
        assert_eq!(exact, windows);
        assert!(exact.iter().all(|&(_, gone)| gone == 0));
    }
}
