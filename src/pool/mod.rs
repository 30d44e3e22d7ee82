//! The bounded pool of threads that runs CPU work (solving, candidates, generation, grading): the
//! server's handlers hand it jobs off the async workers ([`Pool::run`]), and `sudoku solve` and
//! `sudoku grade` map their puzzles over it ([`Pool::map`]), so both bound their threads the same way.
//!
//! `workers` long-lived threads take jobs from a queue of at most `queue` places; a job that finds
//! every thread busy and the queue full is turned away at once (503 `queue_full`). Each job gets a
//! cancellation flag that is raised when its request future is dropped (client gone, request
//! timeout), so no search outlives its request, and a job still queued at its deadline never runs.
//!
//! Jobs run in two lanes ([`Lane`]), each with threads and a queue of its own: `workers` threads
//! for light work, and `workers - 1` (at least one) for heavy work, which run at a lower priority
//! (a nice value 10 higher). So light work never waits behind heavy work, neither for a thread nor
//! for a core: when both lanes have work, the light threads get nearly all the CPU they ask for,
//! and heavy work has what is left, which on a machine with no light work is all of it but the
//! share of one thread. A light job may be given a budget of worker time: past it, its flag is
//! raised, it stops, and [`Pool::run`] answers [`PoolError::Escalated`] so that the caller can run
//! it again as heavy work (the caller decides, since it knows who pays for heavy work).
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
//! - `queue`: a lane's queue that its threads sleep on, and who wakes whom;
//! - `job`: [`Pool::run`], one job of a request with its ticket, deadline and cancellation;
//! - `map`: [`Pool::map`] and [`Pool::map_async`], a batch over the threads in blocks;
//! - `tests`: the pool as its callers see it.

mod job;
mod map;
mod queue;
#[cfg(test)]
mod tests;

use std::any::Any;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

pub use map::Mapped;
use queue::{LaneShared, Queue};

/// Why a job did not run, or did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// Every worker was busy and the waiting line was full.
    QueueFull,
    /// The deadline passed while the job waited for a worker: it never ran.
    Expired,
    /// The job was still running past its deadline (and the grace for its answer).
    Deadline,
    /// A light job ran past its budget and was stopped, its result thrown away: it is heavy work.
    Escalated {
        /// The worker time it took before it was stopped.
        worker_time: Duration,
    },
}

/// The two kinds of work the threads take, light first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lane {
    /// Work expected to take milliseconds: every thread takes it, before any heavy work.
    Light,
    /// Work known or found to be long: at most all threads but one run it at once.
    Heavy,
}

impl Lane {
    /// Both lanes, for metrics.
    pub const ALL: [Lane; 2] = [Lane::Light, Lane::Heavy];

    /// The lane's name in metrics and logs.
    pub fn name(self) -> &'static str {
        match self {
            Lane::Light => "light",
            Lane::Heavy => "heavy",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A job's value, and the worker time it took.
#[derive(Debug, PartialEq, Eq)]
pub struct Ran<T> {
    /// What the job returned.
    pub value: T,
    /// How long it held its thread.
    pub worker_time: Duration,
}
/// Work as the threads see it: run once, through a shared reference, so that the caller keeps (and
/// finally frees) the job.
trait Task: Send + Sync {
    fn run(&self, counts: &Counts);
}

/// A queued piece of work.
type Queued = Arc<dyn Task>;

/// What a job's thread hands back: a panic is carried to the caller to be resumed there.
type JobResult<T> = Result<T, Box<dyn Any + Send>>;

/// Worker threads fed by bounded queues, one of each per lane.
#[derive(Debug)]
pub struct Pool {
    /// The light lane's queue and threads, then the heavy lane's.
    lanes: [Arc<LaneShared>; 2],
    workers: usize,
    heavy_threads: usize,
    /// Jobs allowed in at once, running plus waiting, by lane.
    capacity: [usize; 2],
    rejected: AtomicU64,
    escalated: AtomicU64,
}

/// One lane's counters.
#[derive(Debug, Default)]
struct Counts {
    /// Jobs admitted and not yet finished (or dropped unrun).
    admitted: AtomicUsize,
    waiting: AtomicUsize,
    busy: AtomicUsize,
    /// Worker time spent, in microseconds.
    worker_us: AtomicU64,
    /// Jobs whose caller left while they ran, before their deadline.
    cancelled: AtomicU64,
}

/// How much lower than the async workers and the light lane the heavy lane's threads run (a nice
/// value): when both lanes have work, a light thread gets about nine tenths of a core it shares
/// with a heavy one, and the async workers that answer `/healthz`, parse requests and write
/// answers are not kept waiting by heavy work.
const HEAVY_NICENESS: i32 = 10;

impl Pool {
    /// A pool running `workers` light jobs at once (at least one) and `workers - 1` heavy ones (at
    /// least one), with `queue` more allowed to wait in each lane. The threads end when the pool is
    /// dropped.
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        let heavy_threads = (workers - 1).max(1);
        let lane = |threads: usize, niceness: i32, name: &str| {
            let capacity = threads.saturating_add(queue);
            let bound = capacity.saturating_mul(2).saturating_add(16);
            let shared = Arc::new(LaneShared {
                queue: Mutex::new(Queue::new(bound)),
                work: Condvar::new(),
                room: Condvar::new(),
                counts: Counts::default(),
            });
            for n in 0..threads {
                let shared = shared.clone();
                std::thread::Builder::new()
                    .name(format!("{name}-{n}"))
                    .spawn(move || work(&shared, niceness))
                    .expect("the operating system starts a solver thread");
            }
            (shared, capacity)
        };
        let (light, light_capacity) = lane(workers, 0, "solver");
        let (heavy, heavy_capacity) = lane(heavy_threads, HEAVY_NICENESS, "heavy");
        Pool {
            lanes: [light, heavy],
            workers,
            heavy_threads,
            capacity: [light_capacity, heavy_capacity],
            rejected: AtomicU64::new(0),
            escalated: AtomicU64::new(0),
        }
    }

    fn lane(&self, lane: Lane) -> &LaneShared {
        &self.lanes[lane.index()]
    }

    /// Jobs waiting for a worker.
    pub fn waiting(&self) -> usize {
        Lane::ALL.iter().map(|&lane| self.waiting_in(lane)).sum()
    }

    /// Jobs of `lane` waiting for a worker.
    pub fn waiting_in(&self, lane: Lane) -> usize {
        self.lane(lane).counts.waiting.load(Ordering::Relaxed)
    }

    /// Jobs running now.
    pub fn busy(&self) -> usize {
        Lane::ALL.iter().map(|&lane| self.busy_in(lane)).sum()
    }

    /// Jobs of `lane` running now.
    pub fn busy_in(&self, lane: Lane) -> usize {
        self.lane(lane).counts.busy.load(Ordering::Relaxed)
    }

    /// Worker time spent on the jobs of `lane` so far.
    pub fn worker_time(&self, lane: Lane) -> Duration {
        Duration::from_micros(self.lane(lane).counts.worker_us.load(Ordering::Relaxed))
    }

    /// Jobs whose caller left while they ran (a client gone, a stream cut), before their deadline.
    pub fn cancelled(&self) -> u64 {
        self.lanes
            .iter()
            .map(|lane| lane.counts.cancelled.load(Ordering::Relaxed))
            .sum()
    }

    /// Light jobs stopped at their budget to be run again as heavy work.
    pub fn escalated(&self) -> u64 {
        self.escalated.load(Ordering::Relaxed)
    }

    /// Heavy jobs allowed to run at once.
    pub fn heavy_limit(&self) -> usize {
        self.heavy_threads
    }

    /// The number of workers.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Jobs turned away because the queue was full.
    pub fn rejected(&self) -> u64 {
        self.rejected.load(Ordering::Relaxed)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for lane in &self.lanes {
            lane.lock().closed = true;
            lane.work.notify_all();
        }
    }
}

/// Raises this thread's nice value by `niceness` (Linux: a nice value is per thread), through
/// rustix's safe wrappers (the crate forbids unsafe code). Best effort: where it fails, the thread
/// runs at the process's priority.
fn lower_priority(niceness: i32) {
    #[cfg(target_os = "linux")]
    if niceness > 0 {
        use rustix::process::{getpriority_process, setpriority_process, Pid};
        let this = Pid::from_raw(rustix::thread::gettid().as_raw_nonzero().get());
        if let Ok(now) = getpriority_process(this) {
            let _ = setpriority_process(this, now.saturating_add(niceness));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = niceness;
}

/// A worker thread of a lane: runs its queued tasks until the pool is dropped.
fn work(shared: &LaneShared, niceness: i32) {
    lower_priority(niceness);
    while let Some(task) = shared.next() {
        task.run(&shared.counts);
    }
}
