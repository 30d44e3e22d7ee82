//! A straightforward transcription of Norvig's `parse_grid`, `assign` and `eliminate`, sharing no code
//! with the engine: squares are named by `cross`, values are strings of digits, and propagation is his
//! recursion. It is the reference the engine's `candidates()` is held to.

use std::collections::HashMap;

const DIGITS: &str = "123456789";
const ROWS: &str = "ABCDEFGHI";
const COLS: &str = "123456789";

/// The board's geometry as in the essay, with squares numbered in `cross(rows, cols)` order.
pub struct Norvig {
    names: Vec<String>,
    units: Vec<Vec<Vec<usize>>>,
    peers: Vec<Vec<usize>>,
}

/// Each square's digits, in `Norvig::squares()` order.
pub type Values = Vec<String>;

fn cross(a: &str, b: &str) -> Vec<String> {
    a.chars()
        .flat_map(|x| b.chars().map(move |y| format!("{x}{y}")))
        .collect()
}

impl Norvig {
    /// Builds `squares`, `unitlist`, `units` and `peers` as the essay does.
    pub fn new() -> Norvig {
        let names = cross(ROWS, COLS);
        let index: HashMap<&str, usize> = names
            .iter()
            .enumerate()
            .map(|(i, s)| (s.as_str(), i))
            .collect();
        let mut unitlist: Vec<Vec<String>> =
            COLS.chars().map(|c| cross(ROWS, &c.to_string())).collect();
        unitlist.extend(ROWS.chars().map(|r| cross(&r.to_string(), COLS)));
        for rs in ["ABC", "DEF", "GHI"] {
            for cs in ["123", "456", "789"] {
                unitlist.push(cross(rs, cs));
            }
        }
        let unitlist: Vec<Vec<usize>> = unitlist
            .iter()
            .map(|u| u.iter().map(|s| index[s.as_str()]).collect())
            .collect();
        let units: Vec<Vec<Vec<usize>>> = (0..81)
            .map(|s| {
                unitlist
                    .iter()
                    .filter(|u| u.contains(&s))
                    .cloned()
                    .collect()
            })
            .collect();
        let peers = (0..81)
            .map(|s| {
                let mut p: Vec<usize> = units[s]
                    .iter()
                    .flatten()
                    .copied()
                    .filter(|&t| t != s)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Norvig {
            names,
            units,
            peers,
        }
    }

    /// The square names, `A1` to `I9`.
    pub fn squares(&self) -> &[String] {
        &self.names
    }

    /// The number of peers of every square (20 in the essay's test).
    pub fn peer_counts(&self) -> Vec<usize> {
        self.peers.iter().map(Vec::len).collect()
    }

    /// `parse_grid`: the values after assigning every given, or `None` on a contradiction.
    pub fn parse_grid(&self, grid: &str) -> Option<Values> {
        let mut values: Values = vec![DIGITS.to_string(); 81];
        for (s, d) in self.grid_values(grid)? {
            if DIGITS.contains(d) && !self.assign(&mut values, s, d) {
                return None;
            }
        }
        Some(values)
    }

    /// `grid_values`: digits and `0`/`.` in order, everything else ignored; `None` unless 81 of them.
    fn grid_values(&self, grid: &str) -> Option<Vec<(usize, char)>> {
        let chars: Vec<char> = grid
            .chars()
            .filter(|&c| DIGITS.contains(c) || "0.".contains(c))
            .collect();
        (chars.len() == 81).then(|| chars.into_iter().enumerate().collect())
    }

    /// `assign`: eliminates every other digit from `s`; false on a contradiction.
    pub fn assign(&self, values: &mut Values, s: usize, d: char) -> bool {
        let other: String = values[s].chars().filter(|&d2| d2 != d).collect();
        other.chars().all(|d2| self.eliminate(values, s, d2))
    }

    /// `eliminate`: removes `d` from `s` and propagates both rules; false on a contradiction.
    fn eliminate(&self, values: &mut Values, s: usize, d: char) -> bool {
        if !values[s].contains(d) {
            return true;
        }
        values[s] = values[s].replace(d, "");
        // (1) A square reduced to one digit removes it from its peers.
        match values[s].len() {
            0 => return false,
            1 => {
                let d2 = values[s].chars().next().unwrap_or('0');
                if !self.peers[s]
                    .iter()
                    .all(|&s2| self.eliminate(values, s2, d2))
                {
                    return false;
                }
            }
            _ => {}
        }
        // (2) A unit with one place left for `d` puts it there.
        for u in &self.units[s] {
            let dplaces: Vec<usize> = u
                .iter()
                .copied()
                .filter(|&t| values[t].contains(d))
                .collect();
            match dplaces[..] {
                [] => return false,
                [only] if !self.assign(values, only, d) => return false,
                _ => {}
            }
        }
        true
    }
}
