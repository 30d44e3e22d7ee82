//! `--shard I/N`: one of N deterministic parts of a run, so that N processes (a Kubernetes Indexed
//! Job's pods, say, with I from `JOB_COMPLETION_INDEX`) share a file or a range of seeds with no
//! coordination and no overlap. Shard I takes the records whose first input line L has
//! `(L - 1) % N == I`, and for `random` the puzzles whose number k (from 0) has `k % N == I`; the N
//! shards together take everything, each thing once, and keyed output (`--format jsonl|csv`) merges
//! back by line or seed.

use std::fmt;
use std::str::FromStr;

/// One part of N, 0-based: `0/4` to `3/4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// The whole run: `0/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether the `k`-th thing (0-based) is this shard's.
    pub fn takes(&self, k: u64) -> bool {
        k % self.count == self.index
    }

    /// Whether the record whose first input line is `line` (1-based) is this shard's.
    pub fn takes_line(&self, line: usize) -> bool {
        self.takes(line.saturating_sub(1) as u64)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let expected = || format!("expected I/N with 0 <= I < N, such as 0/4, not {text:?}");
        let (index, count) = text.split_once('/').ok_or_else(expected)?;
        let index: u64 = index.trim().parse().map_err(|_| expected())?;
        let count: u64 = count.trim().parse().map_err(|_| expected())?;
        if count == 0 || index >= count {
            return Err(expected());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shards_of_a_run_take_everything_once() {
        let shards: Vec<Shard> = (0..3).map(|i| format!("{i}/3").parse().unwrap()).collect();
        for k in 0..100 {
            assert_eq!(shards.iter().filter(|s| s.takes(k)).count(), 1, "{k}");
        }
        assert!(shards[0].takes_line(1) && shards[1].takes_line(2) && shards[0].takes_line(4));
        assert!(Shard::WHOLE.takes(12345));
    }

    #[test]
    fn a_shard_outside_its_count_is_refused() {
        for bad in ["3/3", "1/0", "x/2", "1", "-1/2", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!("2/5".parse::<Shard>().unwrap().to_string(), "2/5");
    }
}
