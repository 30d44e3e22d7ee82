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

use std::any::Any;
use std::collections::VecDeque;
use std::future::Future;
use std::panic::{self, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

/// How long past its deadline a caller waits for a job that is running: the search stops within a
/// millisecond of the deadline, and its answer (with its counters) is worth the wait. A job still
/// queued at its deadline is answered at the deadline.
const GRACE: Duration = Duration::from_millis(100);

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

/// What the threads and the callers share.
struct Shared {
    queue: Mutex<Queue>,
    /// Sleeping threads wait here for work.
    work: Condvar,
    /// [`Pool::map`] waits here for room in a full queue.
    room: Condvar,
    counts: Counts,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}

/// The queue and who is asleep on it.
struct Queue {
    tasks: VecDeque<Queued>,
    /// Room in `tasks`: admission is counted in [`Counts::admitted`], but the queue also holds
    /// abandoned jobs until a thread skips them, so it has room for more, still bounded.
    bound: usize,
    /// Threads waiting on [`Shared::work`].
    sleeping: usize,
    /// Wake-ups sent and not yet taken by a thread: each one is a thread on its way to the queue.
    wakeups: usize,
    /// Callers of [`Pool::map`] waiting on [`Shared::room`].
    blocked: usize,
    /// Set when the pool is dropped: the threads finish what is queued and end.
    closed: bool,
}

impl Queue {
    /// Whether a sleeping thread must be woken: some are asleep, and the queued tasks outnumber
    /// the threads already woken. A thread that is running a task takes the next one itself.
    fn needs_wake(&self) -> bool {
        self.sleeping > self.wakeups && self.tasks.len() > self.wakeups
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // Tasks run outside the lock and catch their panics, so a poisoned lock is still consistent.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `task` and wakes a thread if the threads on their way to the queue are too few for it.
    fn push(&self, mut queue: MutexGuard<'_, Queue>, task: Queued) {
        queue.tasks.push_back(task);
        self.wake_for(queue);
    }

    /// Wakes a sleeping thread if the queue holds more tasks than the threads already woken for it
    /// will take.
    fn wake_for(&self, mut queue: MutexGuard<'_, Queue>) {
        if !queue.needs_wake() {
            return;
        }
        queue.wakeups += 1;
        drop(queue);
        self.work.notify_one();
    }

    /// Queues `task` without waking a thread, unless the queue is full; `Ok(true)` when the
    /// caller must call [`Shared::wake`] for it.
    fn try_push(&self, task: Queued) -> Result<bool, Queued> {
        let mut queue = self.lock();
        if queue.tasks.len() >= queue.bound || queue.closed {
            return Err(task);
        }
        queue.tasks.push_back(task);
        Ok(queue.needs_wake())
    }

    /// Wakes a thread if tasks are queued that no awake thread will take.
    fn wake(&self) {
        self.wake_for(self.lock());
    }

    /// Queues `task`, waiting while the queue is full.
    fn push_waiting(&self, task: Queued) {
        let mut queue = self.lock();
        while queue.tasks.len() >= queue.bound {
            queue.blocked += 1;
            queue = self
                .room
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            queue.blocked -= 1;
        }
        self.push(queue, task);
    }

    /// The next task, sleeping while there is none; `None` once the pool is closed and drained.
    fn next(&self) -> Option<Queued> {
        let mut queue = self.lock();
        loop {
            if let Some(task) = queue.tasks.pop_front() {
                if queue.blocked > 0 {
                    self.room.notify_one();
                }
                return Some(task);
            }
            if queue.closed {
                return None;
            }
            queue.sleeping += 1;
            // Woken only with a wake-up to take; anything else (a spurious wake) sleeps again.
            loop {
                queue = self
                    .work
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
                if queue.wakeups > 0 {
                    queue.wakeups -= 1;
                    break;
                }
                if queue.closed {
                    break;
                }
            }
            queue.sleeping -= 1;
        }
    }
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

    /// Runs `job` on a worker thread, handing it a flag that is raised if the caller stops waiting.
    /// A job still queued at `deadline` never runs, and gives its place back at once. A panic in
    /// `job` is resumed in the caller, where the panic-catching layer turns it into a 500.
    pub async fn run<T, F>(&self, deadline: Instant, job: F) -> Result<T, PoolError>
    where
        T: Send + 'static,
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
    {
        let counts = &self.shared.counts;
        let admitted = counts
            .admitted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.capacity).then_some(n + 1)
            });
        if admitted.is_err() {
            counts.rejected.fetch_add(1, Ordering::Relaxed);
            return Err(PoolError::QueueFull);
        }
        counts.waiting.fetch_add(1, Ordering::SeqCst);
        let job = Arc::new(Job {
            ticket: AtomicU8::new(QUEUED),
            cancel: AtomicBool::new(false),
            deadline,
            span: tracing::Span::current(),
            work: Mutex::new(Some(job)),
            answer: Mutex::new(Answer::default()),
        });
        // Whichever way this future ends, a job not yet started is abandoned and its place freed.
        let _release = Release { job: &job, counts };
        match self.shared.try_push(job.clone()) {
            // Only when abandoned jobs crowd the queue.
            Err(_) => {
                counts.rejected.fetch_add(1, Ordering::Relaxed);
                return Err(PoolError::QueueFull);
            }
            Ok(false) => {}
            // No awake thread will take it. This async worker has other requests ready (under
            // load, a whole batch from one poll of the sockets): they run first and queue their
            // jobs, so that one wake-up serves them all rather than one each; a job that a thread
            // has taken meanwhile needs none. An idle worker comes back at once.
            Ok(true) => {
                tokio::task::yield_now().await;
                if job.ticket.load(Ordering::SeqCst) == QUEUED {
                    self.shared.wake();
                }
            }
        }
        let by_deadline = tokio::time::timeout_at(deadline.into(), Answered(&job)).await;
        let answered = match by_deadline {
            Ok(answered) => answered,
            // Still queued at its deadline: answered now, and `_release` abandons it.
            Err(_) if job.ticket.load(Ordering::SeqCst) == QUEUED => {
                return Err(PoolError::Deadline)
            }
            // Running: its search stops at the deadline, and its counters are worth the grace.
            Err(_) => {
                match tokio::time::timeout_at((deadline + GRACE).into(), Answered(&job)).await {
                    Ok(answered) => answered,
                    Err(_) => return Err(PoolError::Deadline),
                }
            }
        };
        match answered {
            Some(Ok(value)) => Ok(value),
            Some(Err(panic)) => panic::resume_unwind(panic),
            // Not run (dequeued after its deadline, or cancelled).
            None => Err(PoolError::Deadline),
        }
    }

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
            self.shared
                .push_waiting(Arc::new(Once(Mutex::new(Some(task)))));
        }
        Mapped { done, blocks }
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

/// A block's index and its results.
type Block<R> = (usize, Vec<R>);

/// A [`Pool::map_async`] in progress.
#[must_use = "the results come from `wait`"]
pub struct Mapped<R> {
    done: std::sync::mpsc::Receiver<Outcome<Vec<Block<R>>>>,
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

/// A closure run once by a thread (a task of [`Pool::map_async`]).
struct Once<F>(Mutex<Option<F>>);

impl<F: FnOnce() + Send> Task for Once<F> {
    fn run(&self, _: &Counts) {
        let task = self.0.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(task) = task {
            task();
        }
    }
}

/// A job's ticket: still in the queue, taken by a worker, or given up by its caller.
const QUEUED: u8 = 0;
const STARTED: u8 = 1;
const ABANDONED: u8 = 2;

/// What a job's thread hands back: a panic is carried to the caller to be resumed there.
type Outcome<T> = Result<T, Box<dyn Any + Send>>;

/// One job of [`Pool::run`], shared by its caller and the thread that runs it.
struct Job<F, T> {
    ticket: AtomicU8,
    cancel: AtomicBool,
    deadline: Instant,
    /// The caller's span, entered around the job so its events carry the request's fields.
    span: tracing::Span,
    work: Mutex<Option<F>>,
    answer: Mutex<Answer<T>>,
}

/// Where a job's result meets its caller.
struct Answer<T> {
    /// Set once the thread is done with the job: its outcome, or `None` when it was skipped.
    done: Option<Option<Outcome<T>>>,
    /// The caller's task, to wake when `done` is set.
    waker: Option<Waker>,
}

impl<T> Default for Answer<T> {
    fn default() -> Self {
        Answer {
            done: None,
            waker: None,
        }
    }
}

impl<F, T> Job<F, T> {
    fn answer(&self) -> MutexGuard<'_, Answer<T>> {
        self.answer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands `outcome` to the caller and wakes it.
    fn finish(&self, outcome: Option<Outcome<T>>) {
        let waker = {
            let mut answer = self.answer();
            answer.done = Some(outcome);
            answer.waker.take()
        };
        if let Some(waker) = waker {
            waker.wake();
        }
    }
}

impl<F, T> Task for Job<F, T>
where
    F: FnOnce(&AtomicBool) -> T + Send,
    T: Send,
{
    fn run(&self, counts: &Counts) {
        if self
            .ticket
            .compare_exchange(QUEUED, STARTED, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            return; // abandoned: its caller already gave the place back
        }
        counts.waiting.fetch_sub(1, Ordering::SeqCst);
        let work = self
            .work
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let late = self.cancel.load(Ordering::Relaxed) || Instant::now() >= self.deadline;
        let Some(work) = work.filter(|_| !late) else {
            counts.admitted.fetch_sub(1, Ordering::SeqCst);
            self.finish(None); // tells the caller it did not run
            return;
        };
        counts.busy.fetch_add(1, Ordering::SeqCst);
        let outcome = {
            let _entered = self.span.enter();
            panic::catch_unwind(AssertUnwindSafe(|| work(&self.cancel)))
        };
        // Settled before the answer, so a client that has its answer sees the worker free.
        counts.busy.fetch_sub(1, Ordering::SeqCst);
        counts.admitted.fetch_sub(1, Ordering::SeqCst);
        self.finish(Some(outcome));
    }
}

/// The caller's wait for its job's answer.
struct Answered<'a, F, T>(&'a Job<F, T>);

impl<F, T> Future for Answered<'_, F, T> {
    type Output = Option<Outcome<T>>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut answer = self.0.answer();
        if let Some(done) = answer.done.take() {
            return Poll::Ready(done);
        }
        if !answer
            .waker
            .as_ref()
            .is_some_and(|w| w.will_wake(cx.waker()))
        {
            answer.waker = Some(cx.waker().clone());
        }
        Poll::Pending
    }
}

/// Ends a job's claim when its request future ends: raises the cancellation flag, and frees the
/// place of a job no worker has taken yet.
struct Release<'a, F, T> {
    job: &'a Job<F, T>,
    counts: &'a Counts,
}

impl<F, T> Drop for Release<'_, F, T> {
    fn drop(&mut self) {
        let (job, counts) = (self.job, self.counts);
        job.cancel.store(true, Ordering::Relaxed);
        let abandoned =
            job.ticket
                .compare_exchange(QUEUED, ABANDONED, Ordering::SeqCst, Ordering::SeqCst);
        if abandoned.is_ok() {
            counts.waiting.fetch_sub(1, Ordering::SeqCst);
            counts.admitted.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_full_queue_turns_jobs_away_at_once() {
        let pool = Arc::new(Pool::new(1, 0));
        let (started_tx, started_rx) = tokio::sync::oneshot::channel();
        let runner = pool.clone();
        let long = tokio::spawn(async move {
            let far = Instant::now() + Duration::from_secs(10);
            runner
                .run(far, move |cancel| {
                    started_tx.send(()).unwrap();
                    while !cancel.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
        });
        started_rx.await.unwrap();
        let far = Instant::now() + Duration::from_secs(10);
        assert_eq!(pool.run(far, |_| ()).await, Err(PoolError::QueueFull));
        assert_eq!(pool.rejected(), 1);
        long.abort();
        // Aborting the request raises the flag, so the job ends and frees its worker.
        let soon = Instant::now() + Duration::from_secs(5);
        let mut freed = Err(PoolError::QueueFull);
        while freed.is_err() && Instant::now() < soon {
            tokio::time::sleep(Duration::from_millis(5)).await;
            freed = pool.run(soon, |_| 7).await;
        }
        assert_eq!(freed, Ok(7));
    }

    #[tokio::test]
    async fn a_waiting_job_gives_up_at_its_deadline_and_never_runs() {
        let pool = Arc::new(Pool::new(1, 1));
        let (started_tx, started_rx) = tokio::sync::oneshot::channel();
        let release = Arc::new(AtomicBool::new(false));
        let hold = release.clone();
        let runner = pool.clone();
        let far = Instant::now() + Duration::from_secs(10);
        let blocker = tokio::spawn(async move {
            runner
                .run(far, move |_| {
                    started_tx.send(()).unwrap();
                    while !hold.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
        });
        started_rx.await.unwrap();
        let ran = Arc::new(AtomicBool::new(false));
        let marker = ran.clone();
        let soon = Instant::now() + Duration::from_millis(20);
        let late = pool
            .run(soon, move |_| marker.store(true, Ordering::SeqCst))
            .await;
        assert_eq!(late, Err(PoolError::Deadline));
        release.store(true, Ordering::Relaxed);
        assert_eq!(blocker.await.unwrap(), Ok(()));
        assert_eq!(
            pool.run(far, |_| 1).await,
            Ok(1),
            "the worker is free again"
        );
        assert!(
            !ran.load(Ordering::SeqCst),
            "a job dequeued after its deadline is skipped"
        );
        assert_eq!(pool.waiting(), 0);
        assert_eq!(pool.busy(), 0);
    }

    #[tokio::test]
    async fn jobs_run_off_the_calling_thread_and_panics_reach_the_caller() {
        let pool = Pool::new(2, 4);
        let far = Instant::now() + Duration::from_secs(10);
        let caller = std::thread::current().id();
        let worker = pool
            .run(far, |_| std::thread::current().id())
            .await
            .unwrap();
        assert_ne!(worker, caller);
        let caught = AssertUnwindSafe(pool.run(far, |_| panic!("boom")));
        let outcome = futures_catch(caught).await;
        assert!(outcome.is_err(), "the panic is resumed in the caller");
    }

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

    fn queue(tasks: usize, sleeping: usize, wakeups: usize) -> Queue {
        let task: Queued = Arc::new(Once(Mutex::new(Some(|| ()))));
        Queue {
            tasks: (0..tasks).map(|_| task.clone()).collect(),
            bound: 64,
            sleeping,
            wakeups,
            blocked: 0,
            closed: false,
        }
    }

    #[test]
    fn a_queued_job_wakes_a_sleeper_only_when_the_threads_already_woken_are_too_few() {
        assert!(queue(1, 2, 0).needs_wake(), "nobody is coming for it");
        assert!(!queue(1, 2, 1).needs_wake(), "a woken thread will take it");
        assert!(queue(2, 2, 1).needs_wake(), "one woken thread for two jobs");
        assert!(
            !queue(3, 1, 1).needs_wake(),
            "the only sleeper is already woken"
        );
        assert!(
            !queue(1, 0, 0).needs_wake(),
            "awake threads take it themselves"
        );
        assert!(!queue(0, 2, 0).needs_wake(), "nothing to do");
    }

    #[test]
    fn a_burst_of_jobs_from_one_async_worker_all_run_on_the_pools_threads() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let pool = Arc::new(Pool::new(2, 500));
        let far = Instant::now() + Duration::from_secs(10);
        let burst = async {
            let jobs: Vec<_> = (0..500)
                .map(|_| {
                    let pool = pool.clone();
                    tokio::spawn(async move {
                        pool.run(far, |_| std::thread::current().name().map(str::to_string))
                            .await
                    })
                })
                .collect();
            let mut names = Vec::new();
            for job in jobs {
                names.push(job.await.unwrap().unwrap());
            }
            names
        };
        let names = runtime
            .block_on(async { tokio::time::timeout(Duration::from_secs(20), burst).await })
            .expect("every job is picked up, none left asleep in the queue");
        assert_eq!(names.len(), 500);
        assert!(names
            .iter()
            .all(|n| n.as_deref().is_some_and(|n| n.starts_with("solver-"))));
        assert_eq!((pool.waiting(), pool.busy()), (0, 0));
    }

    /// Polls `future`, catching a panic raised while polling it.
    async fn futures_catch<F: std::future::Future>(
        future: AssertUnwindSafe<F>,
    ) -> std::thread::Result<F::Output> {
        let mut future = Box::pin(future.0);
        std::future::poll_fn(move |cx| {
            match panic::catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(cx))) {
                Ok(std::task::Poll::Ready(v)) => std::task::Poll::Ready(Ok(v)),
                Ok(std::task::Poll::Pending) => std::task::Poll::Pending,
                Err(e) => std::task::Poll::Ready(Err(e)),
            }
        })
        .await
    }
}
