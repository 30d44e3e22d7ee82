//! [`Pool::map`] and [`Pool::map_async`]: a batch applied over the pool's threads, which claim
//! blocks of items, with the results handed back in input order.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::{Counts, JobResult, Lane, Pool, Task};

impl Pool {
    /// Applies `f` to every item on the pool's threads and returns the results in input order.
    /// A panic in `f` is resumed in the caller. See [`Pool::map_async`].
    pub fn map<T, R, F>(&self, items: Vec<T>, f: F) -> Vec<R>
    where
        T: Send + Sync + 'static,
        R: Send + 'static,
        F: Fn(&T) -> R + Send + Sync + 'static,
    {
        self.map_async(items, f).wait()
    }

    /// Starts applying `f` to every item on the pool's threads; [`Mapped::wait`] returns the results
    /// in input order. The caller is free meanwhile: `sudoku solve` reads the next chunk of puzzles
    /// and writes the last one's answers while this one is solved.
    ///
    /// At most one task per thread is queued, and each task claims blocks of items until none is
    /// left, so a thread takes many cheap puzzles at a time, the threads share the work evenly, and
    /// the caller is woken once per task rather than once per block. Unlike [`Pool::run`], tasks
    /// wait for room in the queue rather than being turned away: a batch is one caller, not many
    /// clients to shed.
    pub fn map_async<T, R, F>(&self, items: Vec<T>, f: F) -> Mapped<R>
    where
        T: Send + Sync + 'static,
        R: Send + 'static,
        F: Fn(&T) -> R + Send + Sync + 'static,
    {
        const BLOCK: usize = 32;
        let blocks = items.len().div_ceil(BLOCK);
        let tasks = self.workers.min(blocks);
        let work = Arc::new((items, f, AtomicUsize::new(0)));
        let (done_tx, done) = std::sync::mpsc::channel();
        for _ in 0..tasks {
            let (work, done_tx) = (work.clone(), done_tx.clone());
            let task = move || {
                let (items, f, next) = &*work;
                let mut finished = Vec::new();
                let claimed = panic::catch_unwind(AssertUnwindSafe(|| loop {
                    let block = next.fetch_add(1, Ordering::Relaxed);
                    if block >= blocks {
                        break;
                    }
                    let range = block * BLOCK..((block + 1) * BLOCK).min(items.len());
                    finished.push((block, items[range].iter().map(f).collect()));
                }));
                if claimed.is_err() {
                    // The other tasks stop at their next claim.
                    next.store(blocks, Ordering::Relaxed);
                }
                let _ = done_tx.send(claimed.map(|()| finished));
            };
            self.lane(Lane::Light)
                .push_waiting(Arc::new(Once(Mutex::new(Some(task)))));
        }
        Mapped { done, blocks }
    }
}

/// A block's index and its results.
type Block<R> = (usize, Vec<R>);

/// A [`Pool::map_async`] in progress.
#[must_use = "the results come from `wait`"]
pub struct Mapped<R> {
    done: std::sync::mpsc::Receiver<JobResult<Vec<Block<R>>>>,
    blocks: usize,
}

impl<R> Mapped<R> {
    /// Waits for every item and returns the results in input order; resumes a panic of `f`.
    pub fn wait(self) -> Vec<R> {
        let mut finished: Vec<Option<Vec<R>>> = (0..self.blocks).map(|_| None).collect();
        // Each task sends once, even when it panics, and drops its sender when done: the channel
        // ends when every task has reported.
        for outcome in self.done {
            match outcome {
                Ok(blocks) => {
                    for (block, results) in blocks {
                        finished[block] = Some(results);
                    }
                }
                Err(panic) => panic::resume_unwind(panic),
            }
        }
        finished.into_iter().flatten().flatten().collect()
    }
}
/// A closure run once by a thread (a task of [`Pool::map_async`]).
pub(super) struct Once<F>(pub(super) Mutex<Option<F>>);

impl<F: FnOnce() + Send> Task for Once<F> {
    fn run(&self, _: &Counts) {
        let task = self.0.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(task) = task {
            task();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_keeps_input_order_across_threads() {
        let pool = Pool::new(4, 0);
        let items: Vec<usize> = (0..1000).collect();
        let doubled = pool.map(items, |x| x * 2);
        assert_eq!(doubled, (0..1000).map(|x| x * 2).collect::<Vec<_>>());
        assert!(pool.map(Vec::<usize>::new(), |x| *x).is_empty());
    }

    #[test]
    fn two_maps_in_flight_each_keep_their_own_order() {
        let pool = Pool::new(3, 0);
        let first = pool.map_async((0..500).collect::<Vec<u32>>(), |x| x + 1);
        let second = pool.map_async((0..700).collect::<Vec<u32>>(), |x| x * 3);
        assert_eq!(second.wait(), (0..700).map(|x| x * 3).collect::<Vec<_>>());
        assert_eq!(first.wait(), (1..501).collect::<Vec<_>>());
    }

    #[test]
    fn map_runs_on_the_pools_threads_and_panics_reach_the_caller() {
        let pool = Pool::new(2, 0);
        let names = pool.map(vec![(); 100], |()| {
            std::thread::current().name().map(str::to_string)
        });
        assert!(names
            .iter()
            .all(|n| n.as_deref().is_some_and(|n| n.starts_with("solver-"))));
        let caught = panic::catch_unwind(AssertUnwindSafe(|| {
            pool.map(vec![1, 2, 3], |&x| assert_ne!(x, 2, "deliberate"))
        }));
        assert!(caught.is_err());
        assert_eq!(
            pool.map(vec![5], |x| x + 1),
            [6],
            "the threads survive a panic"
        );
    }
}
