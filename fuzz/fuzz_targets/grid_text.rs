//! The grid text parser (`Grid::parse`): no panic on any text, and `to_line`/`display` read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_service_fuzz::props;

fuzz_target!(|data: &[u8]| {
    props::grid_text(&String::from_utf8_lossy(data));
});
