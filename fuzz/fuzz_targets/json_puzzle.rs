//! The JSON puzzle members (`puzzle` and `rules`, read by `parse_json` and `parse_submitted`): any
//! bytes are read or refused with a 4xx problem, and a puzzle read round-trips through its text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_service_fuzz::props;

fuzz_target!(|data: &[u8]| {
    props::json_puzzle(data);
});
