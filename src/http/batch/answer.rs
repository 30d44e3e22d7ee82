//! The output of `POST /solve/batch`: a chunk of records answered on a solver thread and written
//! there as NDJSON lines (the lines that end the stream are [`super::closing`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::batch::answer_line::{write_answer, write_error};
use crate::batch::{answer_entry_until, Answer, Record, Summary};
use crate::clients::budget::Refusal;

/// A chunk answered: its NDJSON lines, and its share of the summary.
#[derive(Debug, Default)]
pub struct AnsweredChunk {
    /// One line per record, in order.
    pub bytes: Vec<u8>,
    /// Its records counted.
    pub summary: Summary,
    /// Whether the client left before the chunk was done (the rest was not solved).
    pub cancelled: bool,
    /// The line of the first record not answered, when the chunk was stopped short.
    pub unanswered_from: Option<usize>,
    /// A puzzle stopped at the light budget, to be answered as heavy work.
    pub heavy: Option<Record>,
    /// The records after a yield (at the light budget) or after `heavy`, not yet answered.
    pub rest: Vec<Record>,
    /// Why the client may not have its heavy work answered, when that stopped the chunk.
    pub refused: Option<Refusal>,
}

/// How often a chunk's answers so far are handed out while it is being solved: often enough that
/// a slow chunk's answers flow (and that a write finds a client gone, which cancels the chunk),
/// rarely enough that easy puzzles go out in large pieces.
pub const FLUSH_EVERY: Duration = Duration::from_millis(20);

/// How a chunk is answered: each puzzle's deadline, and the light lane's budget.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    /// Each puzzle's deadline, from its start.
    pub timeout: Duration,
    /// In the light lane, the chunk's budget: a puzzle that runs this long is stopped and handed
    /// back as heavy work ([`AnsweredChunk::heavy`]), and the chunk yields the rest of its records
    /// ([`AnsweredChunk::rest`]) once it has solved this long, so other light work gets its turn.
    /// `None` in the heavy lane.
    pub light: Option<Duration>,
}

/// Answers `records` in order, each puzzle by its own deadline, stopping (and saying so) once
/// `cancel` is raised (the client left) or `halt` is (the server is shutting down), and at the
/// light budget as [`Pace::light`] says. The answers so far are handed to `flush` once
/// `FLUSH_EVERY` of solving has passed since the last hand-out, measured by the puzzles' own times
/// (no clock read of its own: an easy puzzle takes microseconds), so one slow puzzle's answer goes
/// out as soon as it is made; the rest are left in [`AnsweredChunk::bytes`].
pub fn answer_chunk(
    records: Vec<Record>,
    pace: Pace,
    cancel: &AtomicBool,
    halt: &AtomicBool,
    flush: &mut dyn FnMut(Vec<u8>),
) -> AnsweredChunk {
    answer_chunk_every(records, pace, cancel, halt, FLUSH_EVERY, flush)
}

/// [`answer_chunk`], handing out the answers so far after each answer that ends `every` of
/// solving since the last hand-out.
fn answer_chunk_every(
    records: Vec<Record>,
    pace: Pace,
    cancel: &AtomicBool,
    halt: &AtomicBool,
    every: Duration,
    flush: &mut dyn FnMut(Vec<u8>),
) -> AnsweredChunk {
    let mut out = AnsweredChunk {
        bytes: Vec::with_capacity(records.len() * 120),
        ..AnsweredChunk::default()
    };
    let mut since_flush = Duration::ZERO;
    let mut solving = Duration::ZERO;
    // A puzzle is stopped at the light budget only where its own deadline is later.
    let budget = pace.light.filter(|&light| light < pace.timeout);
    let timeout = budget.unwrap_or(pace.timeout);
    // One clock reading a classic puzzle: the end of one is the start of the next (a timed search
    // reads it twice more, a few per cent of a batch of easy puzzles).
    let mut clock = Instant::now();
    let mut records = records.into_iter();
    while let Some(record) = records.next() {
        if cancel.load(Ordering::Relaxed) || halt.load(Ordering::Relaxed) {
            out.cancelled = cancel.load(Ordering::Relaxed);
            out.unanswered_from = Some(match &record {
                Ok(entry) => entry.line,
                Err(error) => error.line,
            });
            break;
        }
        match record {
            Ok(entry) => {
                let answer = answer_entry_until(&entry, Some(clock + timeout), Some(cancel));
                let now = Instant::now();
                let elapsed = now - clock;
                clock = now;
                if budget.is_some() && answer == Answer::Timeout && !cancel.load(Ordering::Relaxed)
                {
                    // Stopped at the light budget, not its own deadline: heavy work.
                    out.heavy = Some(Ok(entry));
                    out.rest = records.collect();
                    break;
                }
                out.summary.add(&answer, elapsed);
                write_answer(
                    &mut out.bytes,
                    entry.line,
                    entry.id.as_deref(),
                    &answer,
                    entry.expected.is_some(),
                    elapsed,
                );
                since_flush += elapsed;
                if since_flush >= every {
                    flush(std::mem::take(&mut out.bytes));
                    since_flush = Duration::ZERO;
                }
                solving += elapsed;
                if budget.is_some_and(|light| solving >= light) {
                    // The chunk's turn is over: the rest go back in line.
                    out.rest = records.collect();
                    break;
                }
            }
            Err(error) => {
                out.summary.add_error();
                write_error(&mut out.bytes, &error);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::LineReader;

    const EASY: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    fn answer(text: &str) -> Vec<serde_json::Value> {
        let mut reader = LineReader::new();
        let mut records = Vec::new();
        for line in text.lines() {
            reader.push(line.as_bytes(), &mut records);
        }
        let out = answer_chunk(
            records,
            Pace {
                timeout: Duration::from_secs(5),
                light: None,
            },
            &AtomicBool::new(false),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        String::from_utf8(out.bytes)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn answers_and_errors_keep_their_lines() {
        let conflict = format!("55{}", ".".repeat(79));
        let lines = answer(&format!("{EASY}\nnot a puzzle\n{conflict}\n"));
        assert_eq!(lines[0]["line"], 1);
        assert_eq!(lines[0]["verdict"], "unique");
        assert!(lines[0].get("matches").is_none());
        assert_eq!(lines[1]["line"], 2);
        assert_eq!(lines[1]["error"]["code"], "invalid_puzzle");
        assert_eq!(lines[2]["verdict"], "none");
        assert!(lines[2]["conflict"]
            .as_str()
            .unwrap()
            .starts_with("the givens conflict: digit 5"));
    }

    /// Records of `lines`, read as the command line reads them.
    fn records(lines: &[&str]) -> Vec<Record> {
        let mut reader = LineReader::new();
        let mut records = Vec::new();
        for line in lines {
            reader.push(line.as_bytes(), &mut records);
        }
        records
    }

    #[test]
    fn in_the_light_lane_a_chunk_yields_its_turn_once_it_has_solved_for_the_budget() {
        let no = AtomicBool::new(false);
        let pace = Pace {
            timeout: Duration::from_secs(5),
            light: Some(Duration::from_nanos(1)),
        };
        let out = answer_chunk(records(&[EASY, EASY, EASY]), pace, &no, &no, &mut |_| {});
        let answered = out.bytes.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(answered, 1, "one puzzle, then the turn is over");
        assert_eq!(out.rest.len(), 2, "the others go back in line, in order");
        assert!(out.heavy.is_none());
    }

    #[test]
    fn a_puzzle_stopped_at_the_light_budget_is_handed_back_as_heavy_work_unanswered() {
        let no = AtomicBool::new(false);
        let top95 = include_str!("../../../puzzles/top95.txt");
        let pace = Pace {
            timeout: Duration::from_secs(5),
            light: Some(Duration::from_nanos(1)),
        };
        // The search looks at its deadline every 64 nodes: the first of top95 that needs more is
        // stopped at a budget of a nanosecond, and the chunk ends there.
        let lines: Vec<&str> = top95.lines().collect();
        let mut stopped = None;
        for (n, line) in lines.iter().enumerate() {
            let out = answer_chunk(records(&[line, EASY]), pace, &no, &no, &mut |_| {});
            if let Some(Ok(heavy)) = &out.heavy {
                assert!(out.bytes.is_empty(), "no answer is written for it");
                assert_eq!(heavy.line, 1);
                assert_eq!(out.rest.len(), 1, "the rest wait for it");
                assert_eq!(out.summary.puzzles, 0, "it is counted where it is answered");
                stopped = Some(n);
                break;
            }
        }
        let n = stopped.expect("some top95 puzzle needs more than 64 nodes");
        // Where the light budget is no shorter than the puzzle's own deadline, a timeout is an answer.
        let own = Pace {
            timeout: Duration::from_nanos(1),
            light: Some(Duration::from_secs(1)),
        };
        let out = answer_chunk(records(&[lines[n]]), own, &no, &no, &mut |_| {});
        assert!(out.heavy.is_none());
        assert!(String::from_utf8(out.bytes)
            .unwrap()
            .contains("\"timeout\""));
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_chunk_before_its_next_puzzle() {
        let mut reader = LineReader::new();
        let mut records = Vec::new();
        reader.push(EASY.as_bytes(), &mut records);
        let out = answer_chunk(
            records,
            Pace {
                timeout: Duration::from_secs(5),
                light: None,
            },
            &AtomicBool::new(true),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert!(out.cancelled);
        assert!(out.bytes.is_empty());
        assert_eq!(out.unanswered_from, Some(1));
    }

    #[test]
    fn a_raised_halt_stops_the_chunk_and_names_the_first_line_not_answered() {
        let mut reader = LineReader::new();
        let mut records = Vec::new();
        reader.push(b"# a comment", &mut records);
        reader.push(EASY.as_bytes(), &mut records);
        let out = answer_chunk(
            records,
            Pace {
                timeout: Duration::from_secs(5),
                light: None,
            },
            &AtomicBool::new(false),
            &AtomicBool::new(true),
            &mut |_| {},
        );
        assert!(!out.cancelled, "the client did not leave");
        assert_eq!(out.unanswered_from, Some(2));
    }

    #[test]
    fn an_answer_that_ends_the_flush_period_goes_out_before_the_next_puzzle_starts() {
        let records = || {
            let mut reader = LineReader::new();
            let mut records = Vec::new();
            for _ in 0..3 {
                reader.push(EASY.as_bytes(), &mut records);
            }
            records
        };
        let no = AtomicBool::new(false);
        let run = |every| {
            let mut pieces = Vec::new();
            let out = answer_chunk_every(
                records(),
                Pace {
                    timeout: Duration::from_secs(5),
                    light: None,
                },
                &no,
                &no,
                every,
                &mut |p| {
                    pieces.push(p);
                },
            );
            (pieces, out.bytes)
        };
        let lines = |bytes: &[u8]| bytes.iter().filter(|&&b| b == b'\n').count();
        // Every answer takes at least the zero period: each goes out on its own, at once.
        let (pieces, rest) = run(Duration::ZERO);
        assert_eq!(
            pieces.iter().map(|p| lines(p)).collect::<Vec<_>>(),
            [1, 1, 1]
        );
        assert!(rest.is_empty());
        // A period no chunk reaches: everything is left to the caller.
        let (pieces, rest) = run(Duration::from_secs(3600));
        assert!(pieces.is_empty());
        assert_eq!(lines(&rest), 3);
    }
}
