//! A bounded reader of lz-string's `compressToBase64` data, the payload of f-puzzles and SudokuPad
//! links.
//!
//! lz-string is LZW over UTF-16 code units: each code names a dictionary entry, and each new entry
//! is the previous one plus one unit. A code can therefore emit an entry one unit longer than the
//! last, so output grows quadratically in input: a link of 30 KB can decode to hundreds of MB. This
//! reader stops as soon as the output would pass a cap, and it keeps no copy of the entries: every
//! entry is a slice of the output already written (an entry is always the previous emitted entry
//! followed by the first unit of the next one, which is where it was written), so memory is bounded
//! by the cap too. The `lz-str` crate writes links (export) and is the tests' oracle.

/// The alphabet of `compressToBase64` (`=` pads and counts as zero bits).
const KEY: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// Why a text is not lz-string data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LzError {
    /// A character outside the base64 alphabet (1-based position among the characters).
    #[error("character {position} ({found:?}) is not base64")]
    NotBase64 {
        /// 1-based.
        position: usize,
        /// The character.
        found: char,
    },
    /// The data ends, or names an entry, where lz-string data cannot.
    #[error(
        "the data is not lz-string compressed data (it is cut short or names an unknown entry)"
    )]
    Corrupt,
    /// The decoded text would be longer than the cap.
    #[error("the data decodes to more than {limit} characters")]
    TooLarge {
        /// The cap, in UTF-16 units.
        limit: usize,
    },
    /// The decoded units are not UTF-16 text.
    #[error("the data decodes to invalid UTF-16")]
    NotText,
}

/// Reads bits from base64 characters, six a character, lowest first as lz-string writes them.
struct BitReader<'a> {
    values: &'a [u8],
    index: usize,
    value: u8,
    mask: u8,
}

impl BitReader<'_> {
    fn read(&mut self, count: u32) -> Result<u32, LzError> {
        let mut out = 0;
        for bit in 0..count {
            if self.mask == 0 {
                // lz-string reads one character past the end with impunity only to finish the last
                // code; a code that needs more is data cut short.
                self.value = *self.values.get(self.index).ok_or(LzError::Corrupt)?;
                self.index += 1;
                self.mask = 32;
            }
            if self.value & self.mask != 0 {
                out |= 1 << bit;
            }
            self.mask >>= 1;
        }
        Ok(out)
    }
}

/// Decodes `compressToBase64` output into text of at most `limit` UTF-16 units.
pub fn decompress_base64(text: &str, limit: usize) -> Result<String, LzError> {
    let values = text
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let found = u8::try_from(c)
                .ok()
                .and_then(|b| KEY.iter().position(|&k| k == b));
            found.map(|v| (v % 64) as u8).ok_or(LzError::NotBase64 {
                position: i + 1,
                found: c,
            })
        })
        .collect::<Result<Vec<u8>, LzError>>()?;
    if values.is_empty() {
        return Ok(String::new());
    }
    let units = decompress(&values, limit)?;
    String::from_utf16(&units).map_err(|_| LzError::NotText)
}

/// LZW decoding with entries kept as `(start, length)` slices of the output.
fn decompress(values: &[u8], limit: usize) -> Result<Vec<u16>, LzError> {
    let mut bits = BitReader {
        values,
        index: 0,
        value: 0,
        mask: 0,
    };
    let mut out: Vec<u16> = Vec::new();
    // Codes 0, 1 and 2 are commands (an 8-bit unit, a 16-bit unit, the end), never entries.
    let mut entries: Vec<(usize, usize)> = vec![(0, 0); 3];
    let mut width = 2;
    let literal = |bits: &mut BitReader, code: u32| match code {
        0 => bits.read(8).map(|u| u as u16),
        _ => bits.read(16).map(|u| u as u16),
    };
    let first = bits.read(width)?;
    if first == 2 {
        return Ok(out);
    }
    if first > 2 {
        return Err(LzError::Corrupt);
    }
    out.push(literal(&mut bits, first)?);
    entries.push((0, 1));
    let mut previous = (0, 1);
    width = 3;
    let mut enlarge_in: u64 = 4;
    loop {
        let code = bits.read(width)? as usize;
        let entry = match code {
            2 => return Ok(out),
            0 | 1 => {
                if out.len() >= limit {
                    return Err(LzError::TooLarge { limit });
                }
                out.push(literal(&mut bits, code as u32)?);
                entries.push((out.len() - 1, 1));
                enlarge_in -= 1;
                if enlarge_in == 0 {
                    enlarge_in = 1 << width;
                    width += 1;
                }
                // The unit just written is the entry this step emits.
                (out.len() - 1, 1)
            }
            _ if code < entries.len() => {
                let (start, len) = entries[code];
                if out.len() + len > limit {
                    return Err(LzError::TooLarge { limit });
                }
                out.extend_from_within(start..start + len);
                (out.len() - len, len)
            }
            _ if code == entries.len() => {
                // The entry being defined: the previous one plus its own first unit.
                let (start, len) = previous;
                if out.len() + len + 1 > limit {
                    return Err(LzError::TooLarge { limit });
                }
                out.extend_from_within(start..start + len);
                out.push(out[start]);
                (out.len() - len - 1, len + 1)
            }
            _ => return Err(LzError::Corrupt),
        };
        // The new entry, the previous one plus this one's first unit, lies where both were written.
        entries.push((previous.0, previous.1 + 1));
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
        previous = entry;
        if width > 31 {
            return Err(LzError::Corrupt);
        }
    }
}

/// `compressToBase64` of `text` (lz-str's), as f-puzzles writes its links.
pub fn compress_base64(text: &str) -> String {
    lz_str::compress_to_base64(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_empty_text_and_a_short_one_read_back() {
        for text in [
            "",
            "a",
            "aaaaaaaaaaaaaaaaaaaaaaaaa",
            "{\"size\":9,\"grid\":[]}",
            "héllo ☃ 𝄞",
        ] {
            let packed = compress_base64(text);
            assert_eq!(
                decompress_base64(&packed, 1 << 20).unwrap(),
                text,
                "{packed}"
            );
        }
    }

    #[test]
    fn output_past_the_cap_is_refused_not_built() {
        let text = "x".repeat(100_000);
        let packed = compress_base64(&text);
        assert!(packed.len() < 2_000, "{}", packed.len());
        assert_eq!(
            decompress_base64(&packed, 10_000),
            Err(LzError::TooLarge { limit: 10_000 })
        );
        assert_eq!(decompress_base64(&packed, 100_000).unwrap(), text);
    }

    #[test]
    fn characters_outside_base64_are_named() {
        assert_eq!(
            decompress_base64("N4Ig d", 100),
            Err(LzError::NotBase64 {
                position: 5,
                found: ' '
            })
        );
    }

    #[test]
    fn data_cut_short_is_corrupt() {
        let packed = compress_base64("{\"size\":9,\"title\":\"a puzzle of some length\"}");
        let cut = &packed[..packed.len() / 2];
        assert!(decompress_base64(cut, 1 << 20).is_err());
    }

    proptest! {
        #[test]
        fn every_text_lz_str_compresses_reads_back_as_lz_str_reads_it(text in "\\PC{0,300}") {
            let packed = compress_base64(&text);
            prop_assert_eq!(decompress_base64(&packed, 1 << 20).unwrap(), text);
        }

        #[test]
        fn any_base64_decodes_as_lz_str_decodes_it_or_is_refused(text in "[A-Za-z0-9+/]{0,60}") {
            let ours = decompress_base64(&text, 1 << 20).ok();
            if let Some(ours) = ours {
                prop_assert_eq!(Some(ours), lz_str_reading_on(&text));
            }
        }
    }

    /// What `lz-str` decodes `text` to, given the lookahead lz-string itself has. `lz-str` fetches
    /// the next character as soon as it has read a character's last bit, and fails when there is
    /// none, even after the end code; lz-string (JavaScript, which writes the links) reads on into
    /// an empty character and returns the text. One more character of zero bits, past the end
    /// code, gives `lz-str` that lookahead and changes nothing it reads before.
    fn lz_str_reading_on(text: &str) -> Option<String> {
        let decode =
            |t: &str| lz_str::decompress_from_base64(t).and_then(|u| String::from_utf16(&u).ok());
        decode(text).or_else(|| decode(&format!("{text}A")))
    }

    #[test]
    fn data_whose_end_code_ends_on_its_last_bit_decodes_as_lz_string_reads_it() {
        // Found by the property above: lz-str alone refuses it, for want of a character past the end.
        let text = "Ac0wAAcLE";
        assert_eq!(lz_str::decompress_from_base64(text), None);
        let ours = decompress_base64(text, 1 << 20).unwrap();
        assert_eq!(Some(ours), lz_str_reading_on(text));
    }
}
