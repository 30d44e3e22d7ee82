//! The rule of 45 worked out once per puzzle. A group is one unit, or a run of adjacent rows or of
//! adjacent columns; it holds each value once per unit, so its values sum to its unit count times
//! 1 + 2 + ... + N (45 on 9x9). Take away the cages lying wholly inside it, and the cells left over
//! (the innies) sum to the rest. When cages cover the group, the cages that reach into it sum to
//! the group's total plus the values of their cells outside it (the outies).
//!
//! Both layers use these groups: the logic explains them to players (a few cells at most), and
//! propagation narrows them like cages (see the parent module).

use crate::engine::shape::{Shape, UnitKind};

/// A unit or a run of adjacent lines, with what the rule of 45 says of it.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    /// Its units.
    pub(crate) units: Vec<usize>,
    /// Its name: `row A`, `rows A to C`, `columns 4 and 5`.
    pub(crate) name: String,
    /// The sum of its values: units times 1 + ... + N.
    pub(crate) total: u32,
    /// The sum of the cages lying wholly inside it.
    pub(crate) inside_sum: u32,
    /// Its cells in no cage lying wholly inside it, ascending, when there are a few.
    pub(crate) innies: Option<Vec<usize>>,
    /// The sum of the cages that reach into it.
    pub(crate) covering_sum: u32,
    /// The cells of those cages outside it, ascending, when there are a few.
    pub(crate) outies: Option<Vec<usize>>,
}

/// Every group of `shape` with innies or outies of `max_cells` cells at most.
pub(crate) fn groups(shape: &Shape, cage_of: &[Option<usize>], max_cells: usize) -> Vec<Group> {
    let n = shape.size();
    let mut rows = vec![0; n];
    let mut columns = vec![0; n];
    for u in 0..shape.unit_count() {
        match shape.unit_kind(u) {
            UnitKind::Row(r) => rows[usize::from(r)] = u,
            UnitKind::Column(c) => columns[usize::from(c)] = u,
            _ => {}
        }
    }
    let mut runs: Vec<(Vec<usize>, String)> = (0..shape.unit_count())
        .map(|u| (vec![u], shape.unit_name(u)))
        .collect();
    for len in 2..n {
        for first in 0..=n - len {
            let last = first + len - 1;
            let row = |r: usize| char::from(b'A' + r as u8).to_string();
            let column = |c: usize| (c + 1).to_string();
            runs.push((
                rows[first..=last].to_vec(),
                format!("rows {}", span(row(first), row(last), len)),
            ));
            runs.push((
                columns[first..=last].to_vec(),
                format!("columns {}", span(column(first), column(last), len)),
            ));
        }
    }
    runs.into_iter()
        .filter_map(|(units, name)| group(shape, cage_of, units, name, max_cells))
        .collect()
}

/// `A and B` for two, `A to C` for more.
fn span(first: String, last: String, len: usize) -> String {
    if len == 2 {
        format!("{first} and {last}")
    } else {
        format!("{first} to {last}")
    }
}

/// The group of `units`, if it has a few innies or outies.
fn group(
    shape: &Shape,
    cage_of: &[Option<usize>],
    units: Vec<usize>,
    name: String,
    max_cells: usize,
) -> Option<Group> {
    let n = shape.size() as u32;
    let mut member = vec![false; shape.cell_count()];
    for &u in &units {
        for &c in shape.unit(u) {
            member[usize::from(c)] = true;
        }
    }
    let cells: Vec<usize> = (0..shape.cell_count()).filter(|&c| member[c]).collect();
    let mut inside = Vec::new();
    let mut covering = Vec::new();
    for &c in &cells {
        let Some(k) = cage_of[c] else { continue };
        if covering.contains(&k) {
            continue;
        }
        covering.push(k);
        if shape.cages()[k]
            .cells
            .iter()
            .all(|&d| member[usize::from(d)])
        {
            inside.push(k);
        }
    }
    let sum_of = |cages: &[usize]| cages.iter().map(|&k| shape.cages()[k].sum).sum::<u32>();
    let total = units.len() as u32 * n * (n + 1) / 2;
    let (inside_sum, covering_sum) = (sum_of(&inside), sum_of(&covering));
    let innies: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| cage_of[c].is_none_or(|k| !inside.contains(&k)))
        .collect();
    let innies =
        (!inside.is_empty() && (1..=max_cells).contains(&innies.len()) && inside_sum < total)
            .then_some(innies);
    let covered = cells.iter().all(|&c| cage_of[c].is_some());
    let mut outies: Vec<usize> = covering
        .iter()
        .flat_map(|&k| shape.cages()[k].cells.iter().map(|&d| usize::from(d)))
        .filter(|&d| !member[d])
        .collect();
    outies.sort_unstable();
    let outies = (covered && (1..=max_cells).contains(&outies.len()) && covering_sum > total)
        .then_some(outies);
    (innies.is_some() || outies.is_some()).then_some(Group {
        units,
        name,
        total,
        inside_sum,
        innies,
        covering_sum,
        outies,
    })
}

impl Group {
    /// The name with a capital first letter, to open a sentence.
    pub(crate) fn title(&self) -> String {
        let mut chars = self.name.chars();
        chars
            .next()
            .map(|f| f.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    /// The group's total as written: `45`, or `3 x 45 = 135` for several units.
    pub(crate) fn total_words(&self) -> String {
        match self.units.len() {
            1 => self.total.to_string(),
            k => format!("{k} x {} = {}", self.total / k as u32, self.total),
        }
    }
}
