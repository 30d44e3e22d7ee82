//! The rules parser and the shape text parser: the bytes before the first NUL are a `rules` member
//! (serde `Rules`, then `Shape::new`), those after it the cells, read both as text
//! (`Cells::parse`) and as raw values round-tripped through `to_text`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_service::engine::shape::Rules;
use sudoku_service_fuzz::props;

fuzz_target!(|data: &[u8]| {
    let (rules, cells) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let Ok(rules) = serde_json::from_slice::<Rules>(rules) else {
        return;
    };
    let Some(shape) = props::shape_of(&rules) else {
        return;
    };
    props::cells_text(&shape, &String::from_utf8_lossy(cells));
    props::cells_round_trip(&shape, &props::cells_from_bytes(&shape, cells));
});
