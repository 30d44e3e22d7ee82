//! `sudoku solve`: every record of the input answered in order, one line each, on several threads,
//! with Norvig's summary (and the count of bad lines) on standard error. Classic puzzles go to the
//! band solver, those of other shapes to the general solver.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use super::input::{exit_status, for_each_chunk, InputArgs, Item, Takes};
use super::output_failed;
use super::progress::progress_bar;
use crate::batch::{self, Answer, Puzzle, Summary};
use crate::pool::Pool;

/// What a record comes to: an answer and its solve time, or the bad line's error.
type Solved = Result<(Answer, Duration), super::input::BadLine>;

/// Solves every puzzle of `input` on `jobs` threads, each within `timeout`.
pub fn solve(input: &InputArgs, jobs: usize, timeout: Option<Duration>) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut summary = Summary::default();
    let progress = progress_bar(&input.names());
    let pool = Pool::new(jobs, 0);
    let mut write = |(answers, lines): (Vec<Solved>, usize)| -> io::Result<()> {
        for solved in &answers {
            match solved {
                Ok((answer, elapsed)) => {
                    summary.add(answer, *elapsed);
                    answer.write_line(&mut out)?;
                }
                Err(bad) => {
                    summary.add_error();
                    writeln!(out, "{bad}")?;
                }
            }
        }
        progress.inc(lines as u64);
        Ok(())
    };
    // One chunk is solved while the next is read and the last one's answers are written.
    let mut solving = None;
    let read = for_each_chunk(input, Takes::AnyShape, |items, lines| {
        let next = pool.map_async(items, move |item: &Item| match item {
            Ok(Puzzle::Classic(entry)) => Ok(batch::solve_entry(entry, timeout)),
            Ok(Puzzle::Shaped(entry)) => Ok(batch::solve_shaped(entry, timeout)),
            Err(bad) => Err(bad.clone()),
        });
        match solving.replace((next, lines)) {
            Some((previous, lines)) => write((previous.wait(), lines)),
            None => Ok(()),
        }
    });
    // The chunks read before a failure are answered before its exit status.
    let last = solving.map_or(Ok(()), |(last, lines)| {
        write((last.wait(), lines)).map_err(output_failed)
    });
    let result = read
        .and(last)
        .and_then(|()| out.flush().map_err(output_failed));
    progress.finish_and_clear();
    if let Err(code) = result {
        return code;
    }
    eprintln!("{}", summary.line());
    exit_status(summary.errors, summary.solved < summary.puzzles)
}
