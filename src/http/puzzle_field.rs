//! The `puzzle` member of a request body, read straight from the JSON into only what
//! [`parse_puzzle`](super::grid_json::parse_puzzle) needs to give each shape its own errors: the
//! text of a string puzzle, the numbers of the cells, and of anything else the words that name its
//! JSON type. No `serde_json::Value` tree is built on the way, yet the parser does the same work
//! (every number is read, every nested value parsed), so a body is refused for the same reasons.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

/// Arrays deeper than this (the puzzle, then its rows) are never cells, so their elements are read
/// and dropped.
const KEPT_DEPTH: u8 = 2;

/// A JSON value as far as a puzzle needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleField {
    /// `null`: a blank cell.
    Null,
    /// A whole number however written (JSON Schema counts `7.0` as the integer 7); beyond `i64` it
    /// saturates, which is out of range all the same.
    Whole(i64),
    /// The puzzle as a string (a string inside an array is [`PuzzleField::Other`]).
    Text(String),
    /// An array: the puzzle's cells or rows, or a row's cells.
    Array(Vec<PuzzleField>),
    /// Anything else, by the words that name its JSON type ("a boolean", "an object", ...).
    Other(&'static str),
}

impl<'de> Deserialize<'de> for PuzzleField {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PuzzleField, D::Error> {
        deserializer.deserialize_any(FieldVisitor { depth: 0 })
    }
}

/// Reads one value `depth` arrays or objects below the `puzzle` member.
#[derive(Clone, Copy)]
struct FieldVisitor {
    depth: u8,
}

impl FieldVisitor {
    fn below(self) -> FieldVisitor {
        FieldVisitor {
            depth: self.depth.saturating_add(1),
        }
    }
}

impl<'de> DeserializeSeed<'de> for FieldVisitor {
    type Value = PuzzleField;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<PuzzleField, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FieldVisitor {
    type Value = PuzzleField;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E>(self) -> Result<PuzzleField, E> {
        Ok(PuzzleField::Null)
    }

    fn visit_none<E>(self) -> Result<PuzzleField, E> {
        Ok(PuzzleField::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<PuzzleField, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_bool<E>(self, _: bool) -> Result<PuzzleField, E> {
        Ok(PuzzleField::Other("a boolean"))
    }

    fn visit_i64<E>(self, value: i64) -> Result<PuzzleField, E> {
        Ok(PuzzleField::Whole(value))
    }

    fn visit_u64<E>(self, value: u64) -> Result<PuzzleField, E> {
        Ok(PuzzleField::Whole(i64::try_from(value).unwrap_or(i64::MAX)))
    }

    fn visit_f64<E>(self, value: f64) -> Result<PuzzleField, E> {
        if value.is_finite() && value.fract() == 0.0 {
            // `as` saturates, so 1e300 stays out of range rather than wrapping into it.
            return Ok(PuzzleField::Whole(value as i64));
        }
        Ok(PuzzleField::Other("a number that is not a whole number"))
    }

    fn visit_str<E>(self, text: &str) -> Result<PuzzleField, E> {
        if self.depth > 0 {
            return Ok(PuzzleField::Other("a string"));
        }
        Ok(PuzzleField::Text(text.to_string()))
    }

    fn visit_string<E>(self, text: String) -> Result<PuzzleField, E> {
        if self.depth > 0 {
            return Ok(PuzzleField::Other("a string"));
        }
        Ok(PuzzleField::Text(text))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PuzzleField, A::Error> {
        if self.depth >= KEPT_DEPTH {
            while seq.next_element_seed(self.below())?.is_some() {}
            return Ok(PuzzleField::Other("an array"));
        }
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(self.below())? {
            items.push(item);
        }
        Ok(PuzzleField::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PuzzleField, A::Error> {
        while map.next_key::<String>()?.is_some() {
            map.next_value_seed(self.below())?;
        }
        Ok(PuzzleField::Other("an object"))
    }
}

#[cfg(test)]
mod tests {
    use super::PuzzleField;

    fn read(json: &str) -> PuzzleField {
        serde_json::from_str(json).expect("valid JSON")
    }

    #[test]
    fn a_string_puzzle_keeps_its_text() {
        assert_eq!(read(r#""1.3""#), PuzzleField::Text("1.3".into()));
    }

    #[test]
    fn rows_keep_their_cells_and_blanks() {
        let field = read("[[1, null, 0], [9]]");
        let rows = vec![
            PuzzleField::Array(vec![
                PuzzleField::Whole(1),
                PuzzleField::Null,
                PuzzleField::Whole(0),
            ]),
            PuzzleField::Array(vec![PuzzleField::Whole(9)]),
        ];
        assert_eq!(field, PuzzleField::Array(rows));
    }

    #[test]
    fn numbers_are_whole_when_their_value_is_however_written() {
        let field = read("[7.0, -1, 18446744073709551615, 1e300, 2.5]");
        let cells = vec![
            PuzzleField::Whole(7),
            PuzzleField::Whole(-1),
            PuzzleField::Whole(i64::MAX),
            PuzzleField::Whole(i64::MAX),
            PuzzleField::Other("a number that is not a whole number"),
        ];
        assert_eq!(field, PuzzleField::Array(cells));
    }

    #[test]
    fn values_that_are_no_cell_are_kept_only_as_the_words_for_their_type() {
        let field = read(r#"[["x", [1], {"a": 1}, true]]"#);
        let row = vec![
            PuzzleField::Other("a string"),
            PuzzleField::Other("an array"),
            PuzzleField::Other("an object"),
            PuzzleField::Other("a boolean"),
        ];
        assert_eq!(field, PuzzleField::Array(vec![PuzzleField::Array(row)]));
    }

    #[test]
    fn a_number_out_of_range_is_refused_however_deep_it_is_dropped() {
        // As when the member was a `serde_json::Value`: the parser still reads every number.
        assert!(serde_json::from_str::<PuzzleField>("[[1, [[1e400]]]]").is_err());
        assert!(serde_json::from_str::<PuzzleField>(r#"{"a": [1e400]}"#).is_err());
    }
}
