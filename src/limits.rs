//! The ranges of the numbers a caller chooses (a deadline, a thread count, givens, a seed), in one
//! place so that the HTTP API and the command line accept the same values and refuse the rest with
//! the same sentence: `timeout_ms must be between 1 and 2000, got 0`.

use std::fmt;

use crate::engine;
use crate::engine::generator::{DEFAULT_GIVENS, MAX_GIVENS};

/// An inclusive range of whole numbers, named for the option it bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The option's name as the API spells it (`timeout_ms`).
    pub name: &'static str,
    /// The smallest value accepted.
    pub minimum: u64,
    /// The largest value accepted.
    pub maximum: u64,
}

/// At least 1 ms, since a search given no time at all can only time out; at most a day, far beyond
/// any search the engine needs (Norvig's impossible puzzle takes it tens of milliseconds). The API
/// narrows the maximum to the server's solve cap.
pub const TIMEOUT_MS: Limit = Limit {
    name: "timeout_ms",
    minimum: 1,
    maximum: 24 * 60 * 60 * 1000,
};

/// Solver threads: the server's `--workers` and the command line's `--jobs`. At least one, and no
/// more than a machine could use (each is an operating-system thread).
pub const THREADS: Limit = Limit {
    name: "jobs",
    minimum: 1,
    maximum: 1024,
};

/// Givens of a generated puzzle: no puzzle with fewer than 17 has a unique solution, and 81 fills
/// every square.
pub const GIVENS: Limit = Limit {
    name: "givens",
    minimum: DEFAULT_GIVENS as u64,
    maximum: MAX_GIVENS as u64,
};

/// Largest seed handed out or accepted, by the API and the command line alike: 2^53 - 1, so it
/// survives a JSON round trip through JavaScript numbers (a wire concern, so not the engine's: it
/// takes any `u64`).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A fresh seed within [`SEED`], to be shown to the user so they can replay it.
pub fn fresh_seed() -> u64 {
    engine::fresh_seed() & MAX_SEED
}

/// Generator seeds, bounded so that they survive JavaScript numbers.
pub const SEED: Limit = Limit {
    name: "seed",
    minimum: 0,
    maximum: MAX_SEED,
};

/// The index of the first puzzle of a page of a puzzle set. A set is far smaller (past its end a page
/// is empty), but the bound is the seeds' so that the `offset` a page echoes survives JavaScript
/// numbers too.
pub const OFFSET: Limit = Limit {
    name: "offset",
    minimum: 0,
    maximum: MAX_SEED,
};

/// Puzzles in a book made by `GET /book`: a 100-puzzle 9x9 book takes well under a second, so a
/// request cannot buy more work than that (larger grids are bounded by the deadline too).
pub const BOOK_COUNT: Limit = Limit {
    name: "count",
    minimum: 1,
    maximum: 100,
};

/// Puzzles in a book made by `sudoku book`, which has the machine to itself and shows progress.
pub const BOOK_COUNT_CLI: Limit = Limit {
    name: "count",
    minimum: 1,
    maximum: 10_000,
};

/// Why a value was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// The text is not a whole number (the API's wording for an unparsable query parameter).
    #[error("{name} must be a non-negative integer, got {text:?}")]
    NotANumber {
        /// The option.
        name: &'static str,
        /// What was given.
        text: String,
    },
    /// A whole number outside the range (the API's `out_of_range` detail).
    #[error("{name} must be between {minimum} and {maximum}, got {value}")]
    OutOfRange {
        /// The option.
        name: &'static str,
        /// The smallest value accepted.
        minimum: u64,
        /// The largest value accepted.
        maximum: u64,
        /// What was given.
        value: u64,
    },
}

impl Limit {
    /// The same limit under another name (the CLI's `--jobs` is the server's `--workers`).
    pub const fn named(self, name: &'static str) -> Limit {
        Limit { name, ..self }
    }

    /// The same limit with a lower maximum (the API's deadline is capped by the server's).
    pub fn at_most(self, maximum: u64) -> Limit {
        Limit {
            maximum: maximum.clamp(self.minimum, self.maximum),
            ..self
        }
    }

    /// `value` when it is within the range.
    pub fn check(&self, value: u64) -> Result<u64, LimitError> {
        if (self.minimum..=self.maximum).contains(&value) {
            return Ok(value);
        }
        Err(LimitError::OutOfRange {
            name: self.name,
            minimum: self.minimum,
            maximum: self.maximum,
            value,
        })
    }

    /// Parses a whole number (surrounding spaces allowed, no sign) and checks it.
    pub fn parse(&self, text: &str) -> Result<u64, LimitError> {
        let digits = text.trim();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.not_a_number(text));
        }
        // All digits but too long for u64: above any maximum.
        let value = digits.parse().unwrap_or(u64::MAX);
        self.check(value)
    }

    fn not_a_number(&self, text: &str) -> LimitError {
        LimitError::NotANumber {
            name: self.name,
            text: text.to_string(),
        }
    }
}

impl fmt::Display for Limit {
    /// `1-1024`, for help texts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.minimum, self.maximum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_inside_the_range_pass_and_the_ends_are_included() {
        assert_eq!(TIMEOUT_MS.check(1), Ok(1));
        assert_eq!(TIMEOUT_MS.parse(" 86400000 "), Ok(86_400_000));
        assert_eq!(GIVENS.parse("17"), Ok(17));
        assert_eq!(SEED.parse("0"), Ok(0));
    }

    #[test]
    fn values_outside_the_range_are_refused_in_the_apis_words() {
        let err = TIMEOUT_MS.at_most(2000).parse("0").unwrap_err();
        assert_eq!(
            err.to_string(),
            "timeout_ms must be between 1 and 2000, got 0"
        );
        let err = THREADS.parse("99999999999999999999999").unwrap_err();
        assert!(matches!(
            err,
            LimitError::OutOfRange {
                value: u64::MAX,
                ..
            }
        ));
    }

    #[test]
    fn signs_fractions_and_words_are_not_numbers() {
        for text in ["+5", "-1", "1.5", "", "two", "1e3"] {
            let err = THREADS.named("jobs").parse(text).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("jobs must be a non-negative integer, got {text:?}")
            );
        }
    }

    #[test]
    fn fresh_seeds_fit_in_a_javascript_number() {
        assert!((0..100).all(|_| fresh_seed() <= MAX_SEED));
        assert_eq!(MAX_SEED as f64 as u64, MAX_SEED);
    }

    #[test]
    fn narrowing_never_leaves_the_original_range() {
        assert_eq!(TIMEOUT_MS.at_most(0).maximum, 1);
        assert_eq!(TIMEOUT_MS.at_most(u64::MAX).maximum, TIMEOUT_MS.maximum);
    }
}
