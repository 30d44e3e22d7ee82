//! How the optional members of request bodies are read: as openapi.yaml's JSON Schema describes
//! them, not as Rust's types would. JSON Schema's `integer` is a value, not a spelling, so `7.0` is
//! the integer 7; and a member the schema does not let be `null` must be left out, not sent as `null`.
//! Use with `#[serde(default, deserialize_with = "...")]` on an `Option` field.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};

/// A whole number that may be written as a float (`7`, `7.0`, `7e0`). One beyond `u64` reads as
/// `u64::MAX`, so that a range check reports it as out of range rather than as a type error.
/// Fractions, negatives, `null` and every other type are refused.
pub fn whole_number<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u64>, D::Error> {
    de.deserialize_any(WholeNumber).map(Some)
}

/// Any value but `null`.
pub fn not_null<'de, D, T>(de: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    match Option::<T>::deserialize(de)? {
        Some(value) => Ok(Some(value)),
        None => Err(de::Error::invalid_type(
            Unexpected::Unit,
            &"a value (leave the member out to use its default)",
        )),
    }
}

struct WholeNumber;

impl Visitor<'_> for WholeNumber {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a non-negative integer")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<u64, E> {
        Ok(value)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<u64, E> {
        u64::try_from(value).map_err(|_| E::invalid_value(Unexpected::Signed(value), &self))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<u64, E> {
        if value.is_finite() && value.fract() == 0.0 && value >= 0.0 {
            // `as` saturates: whole numbers beyond u64 become u64::MAX.
            return Ok(value as u64);
        }
        Err(E::invalid_value(Unexpected::Float(value), &self))
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Deserialize)]
    struct MembersBody {
        #[serde(default, deserialize_with = "whole_number")]
        count: Option<u64>,
        #[serde(default, deserialize_with = "not_null")]
        note: Option<serde_json::Value>,
    }

    fn read(body: serde_json::Value) -> Result<MembersBody, String> {
        serde_json::from_value(body).map_err(|e| e.to_string())
    }

    #[test]
    fn integral_floats_are_the_integers_they_equal() {
        for (sent, read_as) in [
            (json!(7), 7),
            (json!(7.0), 7),
            (json!(29408.0), 29408),
            (json!(-0.0), 0),
            (json!(1e20), u64::MAX),
        ] {
            assert_eq!(read(json!({ "count": sent })).unwrap().count, Some(read_as));
        }
    }

    #[test]
    fn fractions_negatives_strings_and_null_are_not_whole_numbers() {
        for sent in [json!(1.5), json!(-1), json!(-2.0), json!("3"), json!(null)] {
            let err = read(json!({ "count": sent })).unwrap_err();
            assert!(
                err.contains("expected a non-negative integer"),
                "{sent}: {err}"
            );
        }
    }

    #[test]
    fn absent_members_are_none_but_null_is_refused() {
        let absent = read(json!({})).unwrap();
        assert_eq!((absent.count, absent.note), (None, None));
        let err = read(json!({ "note": null })).unwrap_err();
        assert!(err.starts_with("invalid type: null"), "{err}");
        assert_eq!(read(json!({ "note": 0 })).unwrap().note, Some(json!(0)));
    }
}
