//! [`Pool::run`]: one job of a request, handed to a thread and answered to an async caller. Its
//! ticket says whether it is still queued, running or abandoned; dropping the caller's future raises
//! the job's cancellation flag and gives back the place of a job no thread has taken.

use std::future::Future;
use std::panic::{self, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use super::{Counts, JobResult, Lane, Pool, PoolError, Ran, Task};

/// How long past its deadline a caller waits for a job that is running: the search stops within a
/// millisecond of the deadline, and its answer (with its counters) is worth the wait. A job still
/// queued at its deadline is answered at the deadline.
const GRACE: Duration = Duration::from_millis(100);
impl Pool {
    /// Runs `job` on a worker thread in `lane`, handing it a flag that is raised if the caller
    /// stops waiting. A job still queued at `deadline` never runs, and gives its place back at once.
    /// A panic in `job` is resumed in the caller, where the panic-catching layer turns it into a 500.
    ///
    /// With a `budget`, a light job that has held its thread that long is stopped (its flag is
    /// raised), its result thrown away once it returns, and the answer is
    /// [`PoolError::Escalated`]: `job` must stop when its flag is raised, and the caller may run it
    /// again as heavy work.
    pub async fn run<T, F>(
        &self,
        lane: Lane,
        budget: Option<Duration>,
        deadline: Instant,
        job: F,
    ) -> Result<Ran<T>, PoolError>
    where
        T: Send + 'static,
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
    {
        let shared = self.lane(lane);
        let counts = &shared.counts;
        let capacity = self.capacity[lane.index()];
        let admitted = counts
            .admitted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < capacity).then_some(n + 1)
            });
        if admitted.is_err() {
            self.rejected.fetch_add(1, Ordering::Relaxed);
            return Err(PoolError::QueueFull);
        }
        counts.waiting.fetch_add(1, Ordering::SeqCst);
        let job = Arc::new(Job {
            ticket: AtomicU8::new(QUEUED),
            cancel: AtomicBool::new(false),
            finished: AtomicBool::new(false),
            deadline,
            timed: budget.is_some(),
            span: tracing::Span::current(),
            work: Mutex::new(Some(job)),
            answer: Mutex::new(Handoff::default()),
        });
        // Whichever way this future ends, a job not yet started is abandoned and its place freed.
        let _release = Release { job: &job, counts };
        match shared.try_push(job.clone()) {
            // Only when abandoned jobs crowd the queue.
            Err(_) => {
                self.rejected.fetch_add(1, Ordering::Relaxed);
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
                    shared.wake();
                }
            }
        }
        let waited = match budget {
            None => job.answered_by(deadline).await,
            Some(budget) => job.answered_within(budget, deadline).await,
        };
        match waited {
            Waited::Done(Ok(value), worker_time) => Ok(Ran { value, worker_time }),
            Waited::Done(Err(panic), _) => panic::resume_unwind(panic),
            Waited::Escalated(worker_time) => {
                self.escalated.fetch_add(1, Ordering::Relaxed);
                Err(PoolError::Escalated { worker_time })
            }
            Waited::NeverRan => Err(PoolError::Expired),
            Waited::Overran => Err(PoolError::Deadline),
        }
    }
}

/// How a caller's wait for its job ended.
enum Waited<T> {
    /// It ran: its outcome and worker time.
    Done(JobResult<T>, Duration),
    /// It never ran: still queued at its deadline, or dequeued after it (or after its caller left).
    NeverRan,
    /// It was still running past its deadline and the grace.
    Overran,
    /// It ran past its budget and was stopped; the worker time it took.
    Escalated(Duration),
}

impl<F, T> Job<F, T> {
    /// What became of the job by `deadline` (and the grace past it for a running job, whose
    /// counters are worth the wait).
    async fn answered_by(&self, deadline: Instant) -> Waited<T> {
        let answered = match tokio::time::timeout_at(deadline.into(), JobWait(self)).await {
            Ok(answered) => answered,
            // Still queued at its deadline: answered now, and the caller's `Release` abandons it.
            Err(_) if self.ticket.load(Ordering::SeqCst) == QUEUED => return Waited::NeverRan,
            // Running: its search stops at the deadline, and its counters are worth the grace.
            Err(_) => {
                match tokio::time::timeout_at((deadline + GRACE).into(), JobWait(self)).await {
                    Ok(answered) => answered,
                    Err(_) => return Waited::Overran,
                }
            }
        };
        match answered {
            Some((outcome, took)) => Waited::Done(outcome, took),
            None => Waited::NeverRan,
        }
    }

    /// [`Job::answered_by`], stopping the job once it has run for `budget` and waiting for it to
    /// return, so that its thread is free before the work is run again elsewhere.
    async fn answered_within(&self, budget: Duration, deadline: Instant) -> Waited<T> {
        loop {
            // Checked from the job's start once it has one; while it is queued, every `budget`.
            let started = self.answer().started;
            let check = started.unwrap_or_else(Instant::now) + budget;
            if check >= deadline {
                return self.answered_by(deadline).await;
            }
            if let Ok(answered) = tokio::time::timeout_at(check.into(), JobWait(self)).await {
                return match answered {
                    Some((outcome, took)) => Waited::Done(outcome, took),
                    None => Waited::NeverRan,
                };
            }
            if started.is_some() {
                self.cancel.store(true, Ordering::Relaxed);
                return match self.answered_by(deadline).await {
                    Waited::Done(_, took) => Waited::Escalated(took),
                    _ => Waited::Escalated(budget),
                };
            }
        }
    }
}

/// A job's ticket: still in the queue, taken by a worker, or given up by its caller.
const QUEUED: u8 = 0;
const STARTED: u8 = 1;
const ABANDONED: u8 = 2;
/// One job of [`Pool::run`], shared by its caller and the thread that runs it.
struct Job<F, T> {
    ticket: AtomicU8,
    cancel: AtomicBool,
    /// Set once the thread is done with it (run or skipped).
    finished: AtomicBool,
    deadline: Instant,
    /// Whether the caller watches how long it runs (it has a budget): its start is then noted.
    timed: bool,
    /// The caller's span, entered around the job so its events carry the request's fields.
    span: tracing::Span,
    work: Mutex<Option<F>>,
    answer: Mutex<Handoff<T>>,
}

/// Where a job's result meets its caller.
struct Handoff<T> {
    /// Set once the thread is done with the job: its outcome and worker time, or `None` when it
    /// was skipped.
    done: Option<Option<(JobResult<T>, Duration)>>,
    /// When a thread started a timed job.
    started: Option<Instant>,
    /// The caller's task, to wake when `done` is set.
    waker: Option<Waker>,
}

impl<T> Default for Handoff<T> {
    fn default() -> Self {
        Handoff {
            done: None,
            started: None,
            waker: None,
        }
    }
}

impl<F, T> Job<F, T> {
    fn answer(&self) -> MutexGuard<'_, Handoff<T>> {
        self.answer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands `outcome` to the caller and wakes it.
    fn finish(&self, outcome: Option<(JobResult<T>, Duration)>) {
        self.finished.store(true, Ordering::SeqCst);
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
        let started = Instant::now();
        if self.timed {
            self.answer().started = Some(started);
        }
        let outcome = {
            let _entered = self.span.enter();
            panic::catch_unwind(AssertUnwindSafe(|| work(&self.cancel)))
        };
        let took = started.elapsed();
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        counts.worker_us.fetch_add(micros, Ordering::Relaxed);
        // Settled before the answer, so a client that has its answer sees the worker free.
        counts.busy.fetch_sub(1, Ordering::SeqCst);
        counts.admitted.fetch_sub(1, Ordering::SeqCst);
        self.finish(Some((outcome, took)));
    }
}

/// The caller's wait for its job's answer.
struct JobWait<'a, F, T>(&'a Job<F, T>);

impl<F, T> Future for JobWait<'_, F, T> {
    type Output = Option<(JobResult<T>, Duration)>;

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

/// Ends a job's claim when its request future ends: raises the cancellation flag, frees the place
/// of a job no worker has taken yet, and counts a job still running before its deadline as
/// cancelled (its caller left: a client gone, a stream cut). A job stopped at the light budget is
/// not counted: its caller waits for it to end.
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
        } else if !job.finished.load(Ordering::SeqCst) && Instant::now() < job.deadline {
            counts.cancelled.fetch_add(1, Ordering::Relaxed);
        }
    }
}
