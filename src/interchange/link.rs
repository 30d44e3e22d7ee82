//! Reading puzzle links: f-puzzles (`https://f-puzzles.com/?load=<data>`) and SudokuPad links that
//! carry f-puzzles data (`https://sudokupad.app/fpuzzles<data>`, its `/sudoku/` and `?puzzleid=`
//! forms, and the same on `app.crackingthecryptic.com`). The data is lz-string `compressToBase64`
//! output, read as f-puzzles writes it (raw `+`, `/` and `=`) or URL-encoded (`%2B`, `%2F`, `%3D`);
//! a space where a `+` was (a URL decoder's doing) is read as the `+`.

use super::lzstring::{decompress_base64, LzError};
use super::InterchangeError;

/// The longest link read, in bytes: a large 16x16 with hundreds of constraints is under 20 KB.
pub const MAX_LINK_BYTES: usize = 32 * 1024;

/// The most UTF-16 units a link's data may decode to: lz-string output grows quadratically in its
/// input, so a link under [`MAX_LINK_BYTES`] could otherwise decode to gigabytes.
pub const MAX_DECODED_UNITS: usize = 1 << 20;

/// The hosts read, and what their links carry.
const SUDOKUPAD_HOSTS: [&str; 3] = [
    "sudokupad.app",
    "app.crackingthecryptic.com",
    "beta.sudokupad.app",
];

/// The forms of link read, as the `expected` of a refusal.
pub const LINK_FORMS: [&str; 3] = [
    "https://f-puzzles.com/?load=<lz-string>",
    "https://sudokupad.app/fpuzzles<lz-string>",
    "https://sudokupad.app/?puzzleid=fpuzzles<lz-string>",
];

/// The f-puzzles JSON a link carries.
pub fn read_link(link: &str) -> Result<serde_json::Value, InterchangeError> {
    let link = link.trim();
    if link.len() > MAX_LINK_BYTES {
        return Err(InterchangeError::LinkTooLong {
            length: link.len(),
            limit: MAX_LINK_BYTES,
        });
    }
    let data = payload(link)?;
    let data = percent_decoded(data).replace(' ', "+");
    let text = decompress_base64(&data, MAX_DECODED_UNITS).map_err(|error| match error {
        LzError::TooLarge { .. } => InterchangeError::DecodedTooLarge {
            limit: MAX_DECODED_UNITS,
        },
        error => InterchangeError::BadData(error.to_string()),
    })?;
    if text.is_empty() {
        return Err(InterchangeError::BadData(
            "the link's data decodes to nothing".into(),
        ));
    }
    serde_json::from_str(&text).map_err(|e| {
        InterchangeError::BadData(format!("the link's data is not f-puzzles JSON: {e}"))
    })
}

/// The lz-string data of `link`, still URL-encoded.
fn payload(link: &str) -> Result<&str, InterchangeError> {
    let not_a_link = |why: &str| InterchangeError::NotALink {
        received: link.chars().take(80).collect(),
        why: why.to_string(),
    };
    let rest = link
        .strip_prefix("https://")
        .or_else(|| link.strip_prefix("http://"))
        .ok_or_else(|| not_a_link("it does not start with https://"))?;
    let (host, tail) = rest.split_at(rest.find(['/', '?', '#']).unwrap_or(rest.len()));
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    if host == "f-puzzles.com" {
        let query = tail.split_once('?').map(|(_, q)| q).unwrap_or_default();
        let data = query
            .split('&')
            .find_map(|pair| pair.strip_prefix("load="))
            .ok_or_else(|| {
                not_a_link("an f-puzzles link carries its puzzle in `?load=` (short `?id=` links name a puzzle stored elsewhere, which is not fetched)")
            })?;
        return Ok(data.split('#').next().unwrap_or_default());
    }
    if SUDOKUPAD_HOSTS.contains(&host) {
        let (path, query) = tail.split_once('?').unwrap_or((tail, ""));
        let from_query = query
            .split('&')
            .find_map(|pair| pair.strip_prefix("puzzleid="));
        let key = match from_query {
            Some(key) => key,
            None => {
                let path = path.trim_start_matches('/');
                let path = path
                    .strip_prefix("sudoku/")
                    .or_else(|| path.strip_prefix("puzzle/"))
                    .unwrap_or(path);
                path.trim_end_matches('/')
            }
        };
        let key = key.split('#').next().unwrap_or_default();
        return key
            .strip_prefix("fpuzzles")
            .ok_or_else(|| {
                not_a_link("only SudokuPad links carrying f-puzzles data (`fpuzzles...`) are read: SudokuPad's own formats (`scl...`, `ctc...`) and short ids are not")
            });
    }
    Err(not_a_link("only f-puzzles and SudokuPad links are read"))
}

/// `text` with every `%XX` replaced by its byte (a `%` not followed by two hex digits stays).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The f-puzzles link of `data` (the f-puzzles JSON text).
pub fn fpuzzles_link(data: &str) -> String {
    format!(
        "https://f-puzzles.com/?load={}",
        super::lzstring::compress_base64(data)
    )
}

/// The SudokuPad link of `data` (the f-puzzles JSON text).
pub fn sudokupad_link(data: &str) -> String {
    format!(
        "https://sudokupad.app/fpuzzles{}",
        super::lzstring::compress_base64(data)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_escapes_are_decoded_and_stray_percents_kept() {
        assert_eq!(percent_decoded("N4Ig%2Bab%3D%3D"), "N4Ig+ab==");
        assert_eq!(percent_decoded("a%2"), "a%2");
        assert_eq!(percent_decoded("a%zz"), "a%zz");
    }

    #[test]
    fn every_form_of_link_gives_its_data() {
        for (link, data) in [
            ("https://f-puzzles.com/?load=N4Ig", "N4Ig"),
            ("https://www.f-puzzles.com/?x=1&load=N4Ig#top", "N4Ig"),
            ("https://sudokupad.app/fpuzzlesN4Ig", "N4Ig"),
            ("https://sudokupad.app/sudoku/fpuzzlesN4Ig", "N4Ig"),
            ("https://sudokupad.app/?puzzleid=fpuzzlesN4Ig", "N4Ig"),
            ("https://app.crackingthecryptic.com/fpuzzlesN4Ig", "N4Ig"),
        ] {
            assert_eq!(payload(link).unwrap(), data, "{link}");
        }
        for link in [
            "f-puzzles.com/?load=N4Ig",
            "https://example.com/?load=N4Ig",
            "https://f-puzzles.com/?id=abc",
            "https://sudokupad.app/sclN4Ig",
        ] {
            assert!(payload(link).is_err(), "{link}");
        }
    }
}
