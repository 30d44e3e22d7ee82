//! The propagators that read a constraint's cells together: sums over cells that may repeat
//! values between cliques (arrows, little killers), renban's window of consecutive values, and the sandwich's automaton. Each
//! keeps a value only if some assignment of the constraint's cells from their candidates, with
//! that value, satisfies the constraint alone (renban's is weaker: windows and placed values), so
//! each removes only what no solution allows, and on cells down to one value each is exact: a
//! broken constraint empties a cell.

use super::sums::{bits, Sums};

/// Removals, as the propagator applies them: `(cell, values to remove)`.
pub(crate) type Out = Vec<(u16, u32)>;

/// Past this many assignments of one clique, its cells are read one by one instead (repeats
/// allowed): sound, only weaker. Three cells of nine candidates have 504; four, 3,024.
const MAX_ASSIGNMENTS: usize = 4096;

/// What one clique of a sum (cells that see each other, so hold distinct values) can contribute:
/// each sum its cells reach with distinct values from their candidates, and the values of each
/// cell that reach it.
struct Clique<'c> {
    cells: &'c [u16],
    /// The sums reached, in the order first met.
    sums: Vec<usize>,
    /// `supports[o * cells.len() + i]`: cell `i`'s values in some assignment summing to `sums[o]`.
    supports: Vec<u32>,
}

impl<'c> Clique<'c> {
    /// Every assignment of distinct values to `cells`, or `None` when there are more than
    /// [`MAX_ASSIGNMENTS`].
    fn of(cells: &'c [u16], cand: &[u32]) -> Option<Clique<'c>> {
        if let [cell] = cells {
            // One cell: each of its values is a sum of its own (the common case, cheaply).
            let mask = cand[usize::from(*cell)];
            return Some(Clique {
                cells,
                sums: bits(mask).collect(),
                supports: bits(mask).map(|v| 1 << (v - 1)).collect(),
            });
        }
        let mut masks = [0u32; 32];
        for (m, &c) in masks.iter_mut().zip(cells) {
            *m = cand[usize::from(c)];
        }
        let mut clique = Clique {
            cells,
            sums: Vec::new(),
            supports: Vec::new(),
        };
        let mut walk = CliqueWalk {
            masks: &masks[..cells.len()],
            path: [0; 32],
            option_of: [u16::MAX; MAX_CLIQUE_SUM + 1],
            budget: MAX_ASSIGNMENTS,
        };
        walk.from(&mut clique, 0, 0, 0).then_some(clique)
    }
}

/// The largest sum of a clique: every value of a 25x25 once.
const MAX_CLIQUE_SUM: usize = 25 * 26 / 2;

/// The enumeration's state: the cells' candidates, the values taken so far, each sum's option.
struct CliqueWalk<'m> {
    masks: &'m [u32],
    path: [u32; 32],
    option_of: [u16; MAX_CLIQUE_SUM + 1],
    budget: usize,
}

impl CliqueWalk<'_> {
    /// Assigns cells `i..` distinct values outside `used`, recording each full assignment in
    /// `clique`; `false` once the budget is spent.
    fn from(&mut self, clique: &mut Clique, i: usize, used: u32, sum: usize) -> bool {
        let k = self.masks.len();
        if i == k {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let o = match self.option_of[sum] {
                u16::MAX => {
                    self.option_of[sum] = clique.sums.len() as u16;
                    clique.sums.push(sum);
                    clique.supports.extend(std::iter::repeat_n(0, k));
                    clique.sums.len() - 1
                }
                o => usize::from(o),
            };
            for (support, bit) in clique.supports[o * k..][..k].iter_mut().zip(&self.path) {
                *support |= bit;
            }
            return true;
        }
        for v in bits(self.masks[i] & !used) {
            self.path[i] = 1 << (v - 1);
            if !self.from(clique, i + 1, used | self.path[i], sum + v) {
                return false;
            }
        }
        true
    }
}

/// Keeps, in the cells of `cliques`, the values of some choice (one value per cell, distinct
/// within each clique, repeats allowed between cliques) whose sum is in `target`; returns every
/// sum the cells reach, before narrowing. Cliques come from the shape's peers: an arrow's or a
/// diagonal's cells in one box cannot repeat, and reading them together is what rules out
/// `1 + 1 + 1` for a circle of 3 in one box.
pub(crate) fn sum_to(cliques: &[Vec<u16>], cand: &[u32], target: &Sums, out: &mut Out) -> Sums {
    let mut items: Vec<Clique> = Vec::with_capacity(cliques.len());
    for cells in cliques {
        match Clique::of(cells, cand) {
            Some(clique) => items.push(clique),
            None => items.extend(
                cells
                    .chunks(1)
                    .map(|one| Clique::of(one, cand).expect("one cell has at most N assignments")),
            ),
        }
    }
    // forward[i]: the sums of the first i items; back[i]: the partial sums of the first i items
    // that the rest can complete into the target.
    let mut forward = vec![Sums::only(0)];
    for item in &items {
        let last = forward.last().expect("one");
        let mut next = Sums::default();
        item.sums.iter().for_each(|&s| next.union(&last.up(s)));
        forward.push(next);
    }
    let mut back = vec![*target; items.len() + 1];
    for i in (0..items.len()).rev() {
        let mut prev = Sums::default();
        items[i]
            .sums
            .iter()
            .for_each(|&s| prev.union(&back[i + 1].down(s)));
        back[i] = prev;
    }
    for (i, item) in items.iter().enumerate() {
        let k = item.cells.len();
        let mut kept = vec![0u32; k];
        for (o, &s) in item.sums.iter().enumerate() {
            if forward[i].up(s).meets(&back[i + 1]) {
                for (keep, support) in kept.iter_mut().zip(&item.supports[o * k..][..k]) {
                    *keep |= support;
                }
            }
        }
        for (&c, keep) in item.cells.iter().zip(kept) {
            let gone = cand[usize::from(c)] & !keep;
            if gone != 0 {
                out.push((c, gone));
            }
        }
    }
    forward[items.len()]
}

/// An arrow: the arrow's sum is the circle's value (a pill's `10 * first + second`).
pub(crate) fn arrow(circle: &[u16], cliques: &[Vec<u16>], cand: &[u32], out: &mut Out) {
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
    let reached = sum_to(cliques, cand, &target, out);
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

/// A renban: the values are a window of `cells.len()` consecutive values, none repeated. A window
/// is possible when every cell has a candidate in it and the cells' candidates cover it (each of
/// its values must be placed); a cell keeps what some possible window holds, less the values
/// other cells have placed.
pub(crate) fn renban(cells: &[u16], cand: &[u32], size: usize, out: &mut Out) {
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
    fn cells_that_see_each_other_repeat_no_value_in_a_sum() {
        let cand = vec![ALL; 3];
        let mut out = Out::new();
        // One clique: 6 is 1 + 2 + 3 alone, and the least sum is 6.
        let reached = sum_to(&[vec![0, 1, 2]], &cand, &Sums::only(6), &mut out);
        assert!(!reached.contains(3) && reached.contains(6) && reached.contains(24));
        assert!(!reached.contains(25), "9 + 8 + 7 is the most");
        assert_eq!(out, vec![(0, 0x1F8), (1, 0x1F8), (2, 0x1F8)]);
        // Three cells that may repeat: 3 is 1 + 1 + 1, and 6 lets each cell be up to 4.
        out.clear();
        let reached = sum_to(
            &[vec![0], vec![1], vec![2]],
            &cand,
            &Sums::only(6),
            &mut out,
        );
        assert!(reached.contains(3) && reached.contains(27));
        assert_eq!(out, vec![(0, 0x1F0), (1, 0x1F0), (2, 0x1F0)]);
    }

    #[test]
    fn a_clique_keeps_the_values_of_its_own_assignments_only() {
        // A1 is 1 or 2, A2 is 1 or 2, in one clique, with a third cell apart; the sum is 5: the
        // pair is {1, 2} (3), so the third cell is 2, even though 1 + 1 + 3 would reach 5.
        let cand = vec![0b11, 0b11, ALL];
        let mut out = Out::new();
        sum_to(&[vec![0, 1], vec![2]], &cand, &Sums::only(5), &mut out);
        assert_eq!(out, vec![(2, ALL & !0b10)]);
    }

    #[test]
    fn a_clique_past_the_cap_is_read_cell_by_cell() {
        // Five cells of nine values have 15,120 assignments: read one by one, 1 + 1 + 1 + 1 + 1
        // reaches 5 (weaker, still sound).
        let cand = vec![ALL; 5];
        let mut out = Out::new();
        let reached = sum_to(&[vec![0, 1, 2, 3, 4]], &cand, &Sums::only(5), &mut out);
        assert!(reached.contains(5));
        assert_eq!(out.len(), 5);
        assert!(out.iter().all(|&(_, gone)| gone == ALL & !1));
    }

    #[test]
    fn a_clique_with_no_distinct_assignment_empties_its_cells() {
        // Two peers that both must be 4: no assignment at all.
        let cand = vec![0b1000, 0b1000];
        let mut out = Out::new();
        let reached = sum_to(&[vec![0, 1]], &cand, &Sums::only(8), &mut out);
        assert_eq!(reached, Sums::default());
        assert_eq!(out, vec![(0, 0b1000), (1, 0b1000)]);
    }
}
