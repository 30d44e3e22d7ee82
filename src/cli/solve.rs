//! `sudoku solve`: every record of the input answered in order, one line each, with Norvig's summary
//! (and the count of bad lines) on standard error. Classic puzzles go to the band solver, those of
//! other shapes to the general solver.
//!
//! With one job the puzzles are solved on the reading thread, a chunk's answers written after it: a
//! classic puzzle solves in microseconds, and handing chunks to a pool thread and its answers back
//! (a thread started, wake-ups, a vector of answers per chunk) cost more than reading ahead saves.
//! With several, each chunk is solved on the pool while the next is read.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::answers::{AnswerWriter, Origin, OutputFormat};
use super::input::{
    exit_status, for_each_chunk, for_each_record_chunk_of, BadLine, InputArgs, Item,
};
use super::output_failed;
use super::progress::progress_bar;
use crate::batch::{self, Answer, Entry, Summary};
use crate::pool::Pool;

/// What a record comes to: an answer, its solve time and where its puzzle came from (only when the
/// format needs it), or the bad line's error.
type Solved = Result<(Answer, Duration, Origin), BadLine>;

/// The answers written at a time: a pipe's capacity on Linux. An answer is 82-91 bytes, so the
/// default 8 KiB wrote every 90 answers, and a reader at the other end of a pipe was woken each
/// time: Serg's benchmark read through a pipe took 1.037x the crate's CPU with 8 KiB and 0.991x
/// with 64 KiB (201 interleaved rounds; written to `/dev/null`, 0.979x either way).
const OUTPUT_BUFFER: usize = 64 * 1024;

/// Solves every puzzle of `input` on `jobs` threads, each within `timeout`, answering in `format`.
pub fn solve(
    input: &InputArgs,
    jobs: usize,
    timeout: Option<Duration>,
    format: OutputFormat,
) -> ExitCode {
    let mut out = match super::open_output(input.output.as_deref()) {
        Ok(out) => io::BufWriter::with_capacity(OUTPUT_BUFFER, out),
        Err(code) => return code,
    };
    let mut summary = Summary::default();
    let mut answers = AnswerWriter::new(format);
    // None when standard error is not a terminal: a hidden bar's counts each read the clock and
    // updated its rate estimate for no one.
    let progress = progress_bar(&input.names());
    let mut answered = |lines: usize| {
        if let Some(bar) = &progress {
            bar.inc(lines as u64);
        }
    };
    let mut sink = Sink {
        out: &mut out,
        summary: &mut summary,
        answers: &mut answers,
    };
    let result = if jobs <= 1 {
        solve_inline(input, timeout, &mut sink, &mut answered)
    } else {
        solve_on_pool(input, jobs, timeout, &mut sink, &mut answered)
    };
    let result = result.and_then(|()| out.flush().map_err(output_failed));
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    if let Err(code) = result {
        return code;
    }
    eprintln!("{}", summary.line());
    exit_status(summary.errors, summary.solved < summary.puzzles)
}

/// Where answers go: the output, the summary, and the format's writer.
struct Sink<'a, W: Write> {
    out: &'a mut W,
    summary: &'a mut Summary,
    answers: &'a mut AnswerWriter,
}

/// Records read at a time by [`solve_inline`]: each is answered as it comes, so a few dozen keep the
/// chunk (about 180 bytes a record) in the cache, where the pool's 8192 streamed 1.5 MB through it.
const INLINE_CHUNK: usize = 64;

/// One job: each puzzle solved on the reading thread and its answer written after its chunk.
///
/// The clock is read once per puzzle, the end of one being the start of the next (the search's own
/// timing read it twice, about 1% of Serg's benchmark), and once more per chunk, after the chunk was
/// read: so a puzzle's time is its search and answer, and reading and writing are timed with none.
/// A timeout's deadline counts from the same reading.
fn solve_inline(
    input: &InputArgs,
    timeout: Option<Duration>,
    sink: &mut Sink<impl Write>,
    answered: &mut impl FnMut(usize),
) -> Result<(), ExitCode> {
    let mut written = Vec::with_capacity(INLINE_CHUNK * 96);
    let keyed = sink.answers.keyed();
    let plain = Origin::default();
    for_each_record_chunk_of(input, INLINE_CHUNK, |records, source, lines| {
        let mut start = Instant::now();
        for record in &records {
            match record {
                Ok(puzzle) => {
                    let answer = answer_puzzle(puzzle, timeout.map(|t| start + t));
                    let end = Instant::now();
                    let keyed_origin;
                    let origin = if keyed {
                        keyed_origin = Origin::of(puzzle);
                        &keyed_origin
                    } else {
                        &plain
                    };
                    let took = end - start;
                    sink.answers
                        .answer(&mut written, sink.summary, origin, &answer, took)?;
                    start = end;
                }
                Err(e) => {
                    let bad = BadLine::new(source, e);
                    sink.answers.bad_line(&mut written, sink.summary, &bad)?;
                }
            }
        }
        sink.out.write_all(&written)?;
        written.clear();
        answered(lines);
        Ok(())
    })
}

/// Several jobs: one chunk is solved on the pool while the next is read and the last one's answers
/// are written.
fn solve_on_pool(
    input: &InputArgs,
    jobs: usize,
    timeout: Option<Duration>,
    sink: &mut Sink<impl Write>,
    answered: &mut impl FnMut(usize),
) -> Result<(), ExitCode> {
    let pool = Pool::new(jobs, 0);
    let keyed = sink.answers.keyed();
    let mut write = |answers: Vec<Solved>, lines: usize| -> io::Result<()> {
        for solved in &answers {
            match solved {
                Ok((answer, elapsed, origin)) => {
                    sink.answers
                        .answer(sink.out, sink.summary, origin, answer, *elapsed)?;
                }
                Err(bad) => sink.answers.bad_line(sink.out, sink.summary, bad)?,
            }
        }
        answered(lines);
        Ok(())
    };
    let mut solving = None;
    let read = for_each_chunk(input, |items, lines| {
        let next = pool.map_async(items, move |item: &Item| match item {
            Ok(puzzle) => {
                let (answer, elapsed) = solve_puzzle(puzzle, timeout);
                let origin = if keyed {
                    Origin::of(puzzle)
                } else {
                    Origin::default()
                };
                Ok((answer, elapsed, origin))
            }
            Err(bad) => Err(bad.clone()),
        });
        match solving.replace((next, lines)) {
            Some((previous, lines)) => write(previous.wait(), lines),
            None => Ok(()),
        }
    });
    // The chunks read before a failure are answered before its exit status.
    let last = solving.map_or(Ok(()), |(last, lines)| {
        write(last.wait(), lines).map_err(output_failed)
    });
    read.and(last)
}

/// A puzzle's answer by a deadline, untimed.
fn answer_puzzle(entry: &Entry, deadline: Option<Instant>) -> Answer {
    batch::answer_entry(entry, deadline)
}

/// A puzzle's answer and solve time.
fn solve_puzzle(entry: &Entry, timeout: Option<Duration>) -> (Answer, Duration) {
    batch::solve_entry(entry, timeout)
}
