//! The bounded pool of threads that runs CPU work (solving, candidates, generation, grading): the
//! server's handlers hand it jobs off the async workers ([`Pool::run`]), and `sudoku solve` and
//! `sudoku grade` map their puzzles over it ([`Pool::map`]), so both bound their threads the same way.
//!
//! `workers` long-lived threads take jobs from a queue of at most `queue` places; a job that finds
//! every thread busy and the queue full is turned away at once (503 `queue_full`). Each job gets a
//! cancellation flag that is raised when its request future is dropped (client gone, request
//! timeout), so no search outlives its request, and a job still queued at its deadline never runs.
//!
//! The hand-off is built for jobs far shorter than a thread wake-up (an easy puzzle solves in
//! microseconds), where the hand-off, not the search, is the cost:
//! - a thread that finds the queue empty sleeps at once: spinning and `sched_yield`ing first (as a
//!   channel's receiver does) took a sixth of the server's CPU on two cores, stolen from the async
//!   workers that were producing the next jobs;
//! - a thread that finishes a job takes the next queued one itself, and a job wakes a sleeping
//!   thread only when the threads already woken are too few for the queue;
//! - a job from an async worker first yields once, so that the worker's other ready requests (under
//!   load, a batch from one poll of the sockets) queue theirs, and then wakes a thread only if no
//!   thread has taken it meanwhile: one wake-up per batch instead of one per job;
//! - a job is one allocation, made and freed by the caller's thread (the worker only borrows it):
//!   the system allocator serialises frees of another thread's memory on that thread's arena lock.
//!
//! # Layout
//! - `queue`: the queue the threads sleep on, and who wakes whom;
//! - `job`: [`Pool::run`], one job of a request with its ticket, deadline and cancellation;
//! - `map`: [`Pool::map`] and [`Pool::map_async`], a batch over the threads in blocks.

mod job;
mod map;
mod queue;

use std::any::Any;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

pub use map::Mapped;
use queue::{Queue, Shared};

/// Why a job did not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// Every worker was busy and the waiting line was full.
    QueueFull,
    /// The deadline passed while the job waited for a worker.
    Deadline,
}
/// Work as the threads see it: run once, through a shared reference, so that the caller keeps (and
/// finally frees) the job.
trait Task: Send + Sync {
    fn run(&self, counts: &Counts);
}

/// A queued piece of work.
type Queued = Arc<dyn Task>;

/// What a job's thread hands back: a panic is carried to the caller to be resumed there.
type Outcome<T> = Result<T, Box<dyn Any + Send>>;

/// Worker threads fed by a bounded queue.
#[derive(Debug)]
pub struct Pool {
    shared: Arc<Shared>,
    workers: usize,
    /// Jobs allowed in at once: running plus waiting.
    capacity: usize,
}

#[derive(Debug, Default)]
struct Counts {
    /// Jobs admitted and not yet finished (or dropped unrun).
    admitted: AtomicUsize,
    waiting: AtomicUsize,
    busy: AtomicUsize,
    rejected: AtomicU64,
}
impl Pool {
    /// A pool running `workers` jobs at once (at least one) with `queue` more allowed to wait.
    /// The threads end when the pool is dropped.
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        let capacity = workers.saturating_add(queue);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                tasks: VecDeque::new(),
                bound: capacity.saturating_mul(2).saturating_add(16),
                sleeping: 0,
                wakeups: 0,
                blocked: 0,
                closed: false,
            }),
            work: Condvar::new(),
            room: Condvar::new(),
            counts: Counts::default(),
        });
        for n in 0..workers {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("solver-{n}"))
                .spawn(move || work(&shared))
                .expect("the operating system starts a solver thread");
        }
        Pool {
            shared,
            workers,
            capacity,
        }
    }

    /// Jobs waiting for a worker.
    pub fn waiting(&self) -> usize {
        self.shared.counts.waiting.load(Ordering::Relaxed)
    }

    /// Jobs running now.
    pub fn busy(&self) -> usize {
        self.shared.counts.busy.load(Ordering::Relaxed)
    }

    /// The number of workers.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Jobs turned away because the queue was full.
    pub fn rejected(&self) -> u64 {
        self.shared.counts.rejected.load(Ordering::Relaxed)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.work.notify_all();
    }
}

/// A worker thread: runs queued tasks until the pool is dropped.
fn work(shared: &Shared) {
    while let Some(task) = shared.next() {
        task.run(&shared.counts);
    }
}
