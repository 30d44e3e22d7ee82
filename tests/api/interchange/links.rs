//! Links read raw, URL-encoded and from SudokuPad; unreadable links and bombs refused fast; one source of the puzzle; every route reading a link.

use serde_json::json;

use super::*;

#[tokio::test]
async fn links_are_read_raw_url_encoded_and_from_sudokupad() {
    let thermo = json!([{"lines": [["R1C1", "R1C2", "R1C3"]]}]);
    let d = doc(json!({"thermometer": thermo, "title": "a title with spaces + signs"}));
    let data = lz_str::compress_to_base64(d.to_string().as_str());
    assert!(
        data.contains('+') || data.contains('/') || data.contains('='),
        "{data}"
    );
    let encoded = data
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    let spaced = data.replace('+', " ");
    let want = post_json("/import", json!({"fpuzzles": d})).await.json();
    for link in [
        format!("https://f-puzzles.com/?load={data}"),
        format!("https://f-puzzles.com/?load={encoded}"),
        format!("https://www.f-puzzles.com/?load={spaced}"),
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!("https://sudokupad.app/fpuzzles{encoded}"),
        format!("https://sudokupad.app/sudoku/fpuzzles{data}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{encoded}"),
        format!("https://app.crackingthecryptic.com/fpuzzles{data}"),
    ] {
        let r = post_json("/import", json!({"link": link})).await;
        assert_eq!(r.status, 200, "{link}: {}", r.text);
        assert_eq!(r.json(), want, "{link}");
    }
}

#[tokio::test]
async fn unreadable_links_are_refused() {
    for (link, status, code) in [
        ("https://f-puzzles.com/?load=N4Ig!!", 400, "invalid_field"),
        ("https://f-puzzles.com/?id=abcdef", 400, "invalid_field"),
        ("https://example.com/?load=N4Ig", 400, "invalid_field"),
        ("https://sudokupad.app/sclN4Ig", 400, "invalid_field"),
        ("not a link", 400, "invalid_field"),
    ] {
        let r = post_json("/import", json!({"link": link})).await;
        let body = assert_problem(&r, status, code);
        assert_eq!(body["field"], "link", "{body}");
    }
    // Compressed text that is not JSON.
    let not_json = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64("this is no json")
    );
    let body = assert_problem(
        &post_json("/import", json!({"link": not_json})).await,
        400,
        "invalid_field",
    );
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("not f-puzzles JSON"),
        "{body}"
    );
    // JSON that is not an f-puzzles document.
    let not_doc = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64("[1,2]")
    );
    assert_problem(
        &post_json("/import", json!({"link": not_doc})).await,
        400,
        "invalid_field",
    );
    // A link longer than any puzzle's.
    let long = format!("https://f-puzzles.com/?load={}", "A".repeat(40_000));
    let body = assert_problem(
        &post_json("/import", json!({"link": long})).await,
        413,
        "payload_too_large",
    );
    assert_eq!(body["field"], "link");
}

/// lz-string data whose codes each name the entry being defined: every code emits one character
/// more than the last, so `codes` codes decode to about codes²/2 characters.
fn bomb(codes: usize) -> String {
    const KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let mut bits: Vec<bool> = Vec::new();
    let put = |value: usize, width: u32, bits: &mut Vec<bool>| {
        for i in 0..width {
            bits.push(value >> i & 1 == 1);
        }
    };
    put(0, 2, &mut bits);
    put(usize::from(b'x'), 8, &mut bits);
    let (mut width, mut enlarge_in, mut size) = (3u32, 4usize, 4usize);
    for _ in 0..codes {
        put(size, width, &mut bits);
        size += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
    put(2, width, &mut bits);
    bits.chunks(6)
        .map(|chunk| {
            let v = chunk
                .iter()
                .enumerate()
                .fold(0, |v, (i, &b)| v | usize::from(b) << (5 - i));
            KEY[v] as char
        })
        .collect()
}

#[tokio::test]
async fn a_decompression_bomb_is_refused_quickly() {
    // A small bomb decodes as lz-string decodes it.
    let small = bomb(100);
    let decoded = lz_str::decompress_from_base64(&small).unwrap();
    assert_eq!(decoded.len(), 1 + (2..=101).sum::<usize>());
    // 4,000 codes (under 8 KB of link) would decode to 8 million characters.
    let data = bomb(4_000);
    assert!(data.len() < 8_000, "{}", data.len());
    let started = Instant::now();
    let r = post_json(
        "/import",
        json!({"link": format!("https://f-puzzles.com/?load={data}")}),
    )
    .await;
    let body = assert_problem(&r, 413, "payload_too_large");
    assert_eq!(body["field"], "link");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let r = post_json(
        "/solve",
        json!({"link": format!("https://sudokupad.app/fpuzzles{data}")}),
    )
    .await;
    assert_problem(&r, 413, "payload_too_large");
}

#[tokio::test]
async fn exactly_one_source_of_the_puzzle_is_taken() {
    let link = link_of(&doc(json!({})));
    for path in [
        "/solve",
        "/candidates",
        "/validate",
        "/hint",
        "/explain",
        "/grade",
        "/render",
        "/export",
    ] {
        let mut both = json!({"puzzle": EASY, "link": link});
        let mut none = json!({});
        if path == "/export" {
            both["format"] = json!("fpuzzles");
            none["format"] = json!("fpuzzles");
        }
        let body = assert_problem(&post_json(path, both).await, 422, "unsupported_value");
        assert_eq!(body["field"], "link", "{path}");
        assert_eq!(body["received"], "puzzle and link", "{path}");
        assert_eq!(
            body["expected"],
            json!(["puzzle", "link", "fpuzzles"]),
            "{path}"
        );
        let body = assert_problem(&post_json(path, none).await, 400, "invalid_field");
        assert_eq!(body["field"], "puzzle", "{path}");
    }
    let r = post_json("/solve", json!({"link": link, "rules": {}})).await;
    assert_problem(&r, 400, "invalid_field");
}

#[tokio::test]
async fn every_puzzle_taking_route_reads_a_link() {
    let mut d = doc(json!({}));
    for (i, ch) in EASY.chars().enumerate() {
        if let Some(v) = ch.to_digit(10).filter(|&v| v > 0) {
            d["grid"][i / 9][i % 9] = json!({"value": v, "given": true});
        }
    }
    let link = link_of(&d);
    let solution = post_json("/solve", json!({"puzzle": EASY})).await.json()["solution"].clone();
    let solved = post_json("/solve", json!({"link": link})).await.json();
    assert_eq!(solved["solution"], solution);
    for path in ["/candidates", "/validate", "/hint", "/explain", "/grade"] {
        let ours = post_json(path, json!({"puzzle": EASY})).await.json();
        let theirs = post_json(path, json!({"fpuzzles": d})).await;
        assert_eq!(theirs.status, 200, "{path}: {}", theirs.text);
        let strip = |mut v: Value| {
            if let Some(o) = v.as_object_mut() {
                o.remove("stats");
                o.remove("elapsed_ms");
            }
            v
        };
        assert_eq!(strip(theirs.json()), strip(ours), "{path}");
    }
    let rendered = post_json("/render", json!({"link": link})).await;
    assert_eq!(rendered.status, 200, "{}", rendered.text);
}
