//! The CLI's line and CSV reader (`PuzzleReader`): one record per data line, in place, whatever
//! the bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_service_fuzz::props;

fuzz_target!(|data: &[u8]| {
    props::batch_records(data);
});
