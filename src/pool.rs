//! The bounded pool of threads that runs CPU work (solving, candidates, generation, grading): the
//! server's handlers hand it jobs off the async workers ([`Pool::run`]), and `sudoku solve` and
//! `sudoku grade` map their puzzles over it ([`Pool::map`]), so both bound their threads the same way.
//!
//! `workers` long-lived threads take jobs from a queue of at most `queue` places; a job that finds
//! every thread busy and the queue full is turned away at once (503 `queue_full`). A thread that
//! finishes a job takes the next queued one itself, so under load no thread parks between jobs (the
//! futex wake-ups of a hand-off per job cost a fifth of the server's time). Each job gets a
//! cancellation flag that is raised when its request future is dropped (client gone, request
//! timeout), so no search outlives its request, and a job still queued at its deadline never runs.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use tokio::sync::oneshot;

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

/// A job as the worker threads see it.
type Task = Box<dyn FnOnce() + Send>;

/// Worker threads fed by a bounded queue.
#[derive(Debug)]
pub struct Pool {
    sender: Sender<Task>,
    workers: usize,
    /// Jobs allowed in at once: running plus waiting.
    capacity: usize,
    counts: Arc<Counts>,
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
        // Admission is counted in `admitted`; the channel also holds abandoned jobs until a worker
        // skips them, so it has room for more, still bounded.
        let (sender, receiver) =
            crossbeam_channel::bounded::<Task>(capacity.saturating_mul(2).saturating_add(16));
        let counts = Arc::new(Counts::default());
        for n in 0..workers {
            let receiver = receiver.clone();
            std::thread::Builder::new()
                .name(format!("solver-{n}"))
                .spawn(move || work(&receiver))
                .expect("the operating system starts a solver thread");
        }
        Pool {
            sender,
            workers,
            capacity,
            counts,
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
        let admitted = self
            .counts
            .admitted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.capacity).then_some(n + 1)
            });
        if admitted.is_err() {
            self.counts.rejected.fetch_add(1, Ordering::Relaxed);
            return Err(PoolError::QueueFull);
        }
        self.counts.waiting.fetch_add(1, Ordering::SeqCst);
        let cancel = Arc::new(AtomicBool::new(false));
        let ticket = Arc::new(AtomicU8::new(QUEUED));
        let ticket_seen = ticket.clone();
        // Whichever way this future ends, a job not yet started is abandoned and its place freed.
        let _release = Release {
            cancel: cancel.clone(),
            ticket: ticket.clone(),
            counts: self.counts.clone(),
        };
        let (reply, answer) = oneshot::channel::<Result<T, Box<dyn Any + Send>>>();
        let span = tracing::Span::current();
        let counts = self.counts.clone();
        let task: Task = Box::new(move || {
            if ticket
                .compare_exchange(QUEUED, STARTED, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
            {
                return; // abandoned: its caller already gave the place back
            }
            counts.waiting.fetch_sub(1, Ordering::SeqCst);
            if cancel.load(Ordering::Relaxed) || Instant::now() >= deadline {
                counts.admitted.fetch_sub(1, Ordering::SeqCst);
                return; // dropping `reply` tells the caller it did not run
            }
            counts.busy.fetch_add(1, Ordering::SeqCst);
            let result = {
                let _entered = span.enter();
                panic::catch_unwind(AssertUnwindSafe(|| job(&cancel)))
            };
            // Settled before the reply, so a client that has its answer sees the worker free.
            counts.busy.fetch_sub(1, Ordering::SeqCst);
            counts.admitted.fetch_sub(1, Ordering::SeqCst);
            let _ = reply.send(result);
        });
        if self.sender.try_send(task).is_err() {
            // Only when abandoned jobs crowd the channel, or the threads are gone.
            self.counts.rejected.fetch_add(1, Ordering::Relaxed);
            return Err(PoolError::QueueFull);
        }
        let mut answer = answer;
        let by_deadline = tokio::time::timeout_at(deadline.into(), &mut answer).await;
        let answered = match by_deadline {
            Ok(answered) => answered,
            // Still queued at its deadline: answered now, and `_release` abandons it.
            Err(_) if ticket_seen.load(Ordering::SeqCst) == QUEUED => {
                return Err(PoolError::Deadline)
            }
            // Running: its search stops at the deadline, and its counters are worth the grace.
            Err(_) => match tokio::time::timeout_at((deadline + GRACE).into(), answer).await {
                Ok(answered) => answered,
                Err(_) => return Err(PoolError::Deadline),
            },
        };
        match answered {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(panic)) => panic::resume_unwind(panic),
            // Not run (dequeued after its deadline, or cancelled).
            Err(_) => Err(PoolError::Deadline),
        }
    }

    /// Applies `f` to every item on the pool's threads and returns the results in input order.
    ///
    /// Items go out in blocks, so a thread takes many cheap puzzles at a time. Unlike [`Pool::run`],
    /// blocks wait for a thread rather than being turned away: a batch is one caller, not many
    /// clients to shed. A panic in `f` is resumed in the caller.
    pub fn map<T, R, F>(&self, items: Vec<T>, f: F) -> Vec<R>
    where
        T: Send + Sync + 'static,
        R: Send + 'static,
        F: Fn(&T) -> R + Send + Sync + 'static,
    {
        const BLOCK: usize = 32;
        let items = Arc::new(items);
        let f = Arc::new(f);
        let blocks = items.len().div_ceil(BLOCK);
        let (done_tx, done_rx) = std::sync::mpsc::channel::<(usize, std::thread::Result<Vec<R>>)>();
        for block in 0..blocks {
            let (items, f, done_tx) = (items.clone(), f.clone(), done_tx.clone());
            let task: Task = Box::new(move || {
                let range = block * BLOCK..((block + 1) * BLOCK).min(items.len());
                let results = panic::catch_unwind(AssertUnwindSafe(|| {
                    items[range].iter().map(|item| f(item)).collect()
                }));
                let _ = done_tx.send((block, results));
            });
            // Blocks while the channel is full; the threads drain it, and results never block them.
            self.sender
                .send(task)
                .expect("the pool's threads live as long as the pool");
        }
        drop(done_tx);
        let mut finished: Vec<Option<Vec<R>>> = (0..blocks).map(|_| None).collect();
        for (block, results) in done_rx {
            match results {
                Ok(results) => finished[block] = Some(results),
                Err(panic) => panic::resume_unwind(panic),
            }
        }
        finished.into_iter().flatten().flatten().collect()
    }

    /// Jobs waiting for a worker.
    pub fn waiting(&self) -> usize {
        self.counts.waiting.load(Ordering::Relaxed)
    }

    /// Jobs running now.
    pub fn busy(&self) -> usize {
        self.counts.busy.load(Ordering::Relaxed)
    }

    /// The number of workers.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Jobs turned away because the queue was full.
    pub fn rejected(&self) -> u64 {
        self.counts.rejected.load(Ordering::Relaxed)
    }
}

/// A worker thread: runs queued tasks until the pool is dropped.
fn work(receiver: &Receiver<Task>) {
    while let Ok(task) = receiver.recv() {
        task();
    }
}

/// A job's ticket: still in the queue, taken by a worker, or given up by its caller.
const QUEUED: u8 = 0;
const STARTED: u8 = 1;
const ABANDONED: u8 = 2;

/// Ends a job's claim when its request future ends: raises the cancellation flag, and frees the
/// place of a job no worker has taken yet.
struct Release {
    cancel: Arc<AtomicBool>,
    ticket: Arc<AtomicU8>,
    counts: Arc<Counts>,
}

impl Drop for Release {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        let abandoned =
            self.ticket
                .compare_exchange(QUEUED, ABANDONED, Ordering::SeqCst, Ordering::SeqCst);
        if abandoned.is_ok() {
            self.counts.waiting.fetch_sub(1, Ordering::SeqCst);
            self.counts.admitted.fetch_sub(1, Ordering::SeqCst);
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
