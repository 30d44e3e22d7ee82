//! The rule of 45 worked out once per puzzle. A group is one unit, or a run of adjacent rows or of
//! adjacent columns; it holds each value once per unit, so its values sum to its unit count times
//! 1 + 2 + ... + N (45 on 9x9). Take away the cages lying wholly inside it, and the cells left over
//! (the innies) sum to the rest. When cages cover the group, the cages that reach into it sum to
//! the group's total plus the values of their cells outside it (the outies).
//!
//! Both layers use these groups: the logic explains them to players (a few cells at most), and
//! propagation narrows them like cages (see the parent module).

use crate::shape::{Shape, UnitKind};

/// A unit or a run of adjacent lines, with what the rule of 45 says of it.
#[derive(Clone, Debug)]
pub(crate) struct Rule45Group {
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

/// Every group of `shape` with innies or outies of `max_cells` cells at most, named for players.
pub(crate) fn named_groups(
    shape: &Shape,
    cage_of: &[Option<usize>],
    max_cells: usize,
) -> Vec<Rule45Group> {
    let mut all = groups(shape, cage_of, max_cells);
    for g in &mut all {
        g.name = name(shape, &g.units);
    }
    all
}

/// Every group of `shape` with innies or outies of `max_cells` cells at most, unnamed (propagation
/// builds these for every solve, and needs no words).
pub(crate) fn groups(
    shape: &Shape,
    cage_of: &[Option<usize>],
    max_cells: usize,
) -> Vec<Rule45Group> {
    groups_of(shape, cage_of, max_cells, true)
}

/// [`groups`] and, on boxed shapes, every rectangle of two to four boxes that is not a whole band
/// or stack (those are runs of lines): what solving narrows, unnamed.
pub(crate) fn solving_groups(
    shape: &Shape,
    cage_of: &[Option<usize>],
    max_cells: usize,
) -> Vec<Rule45Group> {
    let mut all = groups(shape, cage_of, max_cells);
    all.extend(box_rectangle_groups(shape, cage_of, max_cells));
    all
}

/// The groups of the rectangles of two to four boxes that are not whole bands or stacks, on boxed
/// shapes (what [`solving_groups`] adds to [`groups`]).
pub(crate) fn box_rectangle_groups(
    shape: &Shape,
    cage_of: &[Option<usize>],
    max_cells: usize,
) -> Vec<Rule45Group> {
    let mut marks = Marks {
        member: vec![false; shape.cell_count()],
        inside: vec![false; shape.cages().len()],
        covering: Vec::new(),
    };
    box_rectangles(shape)
        .into_iter()
        .filter_map(|units| group(shape, cage_of, units, max_cells, &mut marks))
        .collect()
}

/// The rectangles of boxes (as unit lists) of two to four boxes that are not whole bands or stacks.
fn box_rectangles(shape: &Shape) -> Vec<Vec<usize>> {
    let n = shape.size();
    // Each box by its band and stack (the row and column of its first cell).
    let boxes: Vec<(usize, usize, usize)> = (0..shape.unit_count())
        .filter(|&u| matches!(shape.unit_kind(u), UnitKind::Box(_)))
        .map(|u| {
            let first = usize::from(*shape.unit(u).iter().min().expect("a box has cells"));
            (u, first / n, first % n)
        })
        .collect();
    let mut bands: Vec<usize> = boxes.iter().map(|b| b.1).collect();
    let mut stacks: Vec<usize> = boxes.iter().map(|b| b.2).collect();
    bands.sort_unstable();
    bands.dedup();
    stacks.sort_unstable();
    stacks.dedup();
    let mut out = Vec::new();
    for (b0, b1) in spans(bands.len()) {
        for (s0, s1) in spans(stacks.len()) {
            let (tall, wide) = (b1 - b0 + 1, s1 - s0 + 1);
            let whole_lines = tall == bands.len() || wide == stacks.len();
            if tall * wide < 2 || tall * wide > 4 || whole_lines {
                continue;
            }
            let inside = |row: usize, col: usize| {
                (bands[b0]..=bands[b1]).contains(&row) && (stacks[s0]..=stacks[s1]).contains(&col)
            };
            out.push(
                boxes
                    .iter()
                    .filter(|b| inside(b.1, b.2))
                    .map(|b| b.0)
                    .collect(),
            );
        }
    }
    out
}

/// Every span `(first, last)` of `0..len`.
fn spans(len: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..len).flat_map(move |a| (a..len).map(move |b| (a, b)))
}

/// The groups of single units only (no runs of lines), unnamed: what generation's checks narrow,
/// built for every check, so cheaply.
pub(crate) fn unit_groups(
    shape: &Shape,
    cage_of: &[Option<usize>],
    max_cells: usize,
) -> Vec<Rule45Group> {
    groups_of(shape, cage_of, max_cells, false)
}

fn groups_of(
    shape: &Shape,
    cage_of: &[Option<usize>],
    max_cells: usize,
    with_runs: bool,
) -> Vec<Rule45Group> {
    let n = shape.size();
    let mut runs: Vec<Vec<usize>> = (0..shape.unit_count()).map(|u| vec![u]).collect();
    if with_runs {
        let mut rows = vec![0; n];
        let mut columns = vec![0; n];
        for u in 0..shape.unit_count() {
            match shape.unit_kind(u) {
                UnitKind::Row(r) => rows[usize::from(r)] = u,
                UnitKind::Column(c) => columns[usize::from(c)] = u,
                _ => {}
            }
        }
        for len in 2..n {
            for first in 0..=n - len {
                runs.push(rows[first..first + len].to_vec());
                runs.push(columns[first..first + len].to_vec());
            }
        }
    }
    let mut marks = Marks {
        member: vec![false; shape.cell_count()],
        inside: vec![false; shape.cages().len()],
        covering: Vec::new(),
    };
    runs.into_iter()
        .filter_map(|units| group(shape, cage_of, units, max_cells, &mut marks))
        .collect()
}

/// Scratch marks for [`group`], all clear between calls.
struct Marks {
    /// The group's cells.
    member: Vec<bool>,
    /// The cages lying wholly inside it.
    inside: Vec<bool>,
    /// The cages reaching into it, in order of first cell.
    covering: Vec<usize>,
}

/// A group's name: its unit's (`row A`), or `rows A to C`, `columns 4 and 5`.
fn name(shape: &Shape, units: &[usize]) -> String {
    let (first, last) = (units[0], units[units.len() - 1]);
    match (shape.unit_kind(first), shape.unit_kind(last)) {
        _ if units.len() == 1 => shape.unit_name(first),
        (UnitKind::Row(a), UnitKind::Row(b)) => {
            let row = |r: u8| char::from(b'A' + r).to_string();
            format!("rows {}", span(row(a), row(b), units.len()))
        }
        (UnitKind::Column(a), UnitKind::Column(b)) => {
            let column = |c: u8| (c + 1).to_string();
            format!("columns {}", span(column(a), column(b), units.len()))
        }
        _ => unreachable!("runs are of rows or of columns"),
    }
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
    max_cells: usize,
    marks: &mut Marks,
) -> Option<Rule45Group> {
    let mut cells: Vec<usize> = Vec::new();
    for &u in &units {
        for &c in shape.unit(u) {
            marks.member[usize::from(c)] = true;
            cells.push(usize::from(c));
        }
    }
    cells.sort_unstable();
    cells.dedup();
    for &c in &cells {
        let Some(k) = cage_of[c] else { continue };
        if marks.covering.contains(&k) {
            continue;
        }
        marks.covering.push(k);
        let cage = &shape.cages()[k].cells;
        marks.inside[k] = cage.iter().all(|&d| marks.member[usize::from(d)]);
    }
    let group = group_of(shape, cage_of, units, max_cells, marks, &cells);
    for &c in &cells {
        marks.member[c] = false;
    }
    for k in marks.covering.drain(..) {
        marks.inside[k] = false;
    }
    group
}

/// [`group`] once `marks` hold the group's cells (ascending) and cages.
fn group_of(
    shape: &Shape,
    cage_of: &[Option<usize>],
    units: Vec<usize>,
    max_cells: usize,
    marks: &Marks,
    cells: &[usize],
) -> Option<Rule45Group> {
    let n = shape.size() as u32;
    let cages = shape.cages();
    let (mut inside_sum, mut covering_sum, mut any_inside) = (0, 0, false);
    for &k in &marks.covering {
        covering_sum += cages[k].sum;
        if marks.inside[k] {
            inside_sum += cages[k].sum;
            any_inside = true;
        }
    }
    let total = units.len() as u32 * n * (n + 1) / 2;
    let is_innie = |c: &usize| cage_of[*c].is_none_or(|k| !marks.inside[k]);
    let innie_count = cells.iter().filter(|c| is_innie(c)).count();
    let innies = (any_inside && (1..=max_cells).contains(&innie_count) && inside_sum < total)
        .then(|| cells.iter().copied().filter(|c| is_innie(c)).collect());
    let covered = cells.iter().all(|&c| cage_of[c].is_some());
    let outies = (covered && covering_sum > total)
        .then(|| {
            let mut outies: Vec<usize> = (marks.covering.iter())
                .flat_map(|&k| cages[k].cells.iter().map(|&d| usize::from(d)))
                .filter(|&d| !marks.member[d])
                .collect();
            outies.sort_unstable();
            outies
        })
        .filter(|outies| (1..=max_cells).contains(&outies.len()));
    (innies.is_some() || outies.is_some()).then_some(Rule45Group {
        units,
        name: String::new(),
        total,
        inside_sum,
        innies,
        covering_sum,
        outies,
    })
}

impl Rule45Group {
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
