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

use super::{Counts, Lane, Outcome, Pool, PoolError, Ran, Task};

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
        let counts = &self.shared.counts;
        let admitted =
            counts.admitted[lane.index()].fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.capacity[lane.index()]).then_some(n + 1)
            });
        if admitted.is_err() {
            counts.rejected.fetch_add(1, Ordering::Relaxed);
            return Err(PoolError::QueueFull);
        }
        counts.waiting[lane.index()].fetch_add(1, Ordering::SeqCst);
        let job = Arc::new(Job {
            ticket: AtomicU8::new(QUEUED),
            cancel: AtomicBool::new(false),
            deadline,
            timed: budget.is_some(),
            span: tracing::Span::current(),
            work: Mutex::new(Some(job)),
            answer: Mutex::new(Answer::default()),
        });
        // Whichever way this future ends, a job not yet started is abandoned and its place freed.
        let _release = Release {
            job: &job,
            counts,
            lane,
        };
        match self.shared.try_push(lane, job.clone()) {
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
        let waited = match budget {
            None => job.answered_by(deadline).await,
            Some(budget) => job.answered_within(budget, deadline).await,
        };
        match waited {
            Waited::Done(Ok(value), worker_time) => Ok(Ran { value, worker_time }),
            Waited::Done(Err(panic), _) => panic::resume_unwind(panic),
            Waited::Escalated(worker_time) => {
                counts.escalated.fetch_add(1, Ordering::Relaxed);
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
    Done(Outcome<T>, Duration),
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
        let answered = match tokio::time::timeout_at(deadline.into(), Answered(self)).await {
            Ok(answered) => answered,
            // Still queued at its deadline: answered now, and the caller's `Release` abandons it.
            Err(_) if self.ticket.load(Ordering::SeqCst) == QUEUED => return Waited::NeverRan,
            // Running: its search stops at the deadline, and its counters are worth the grace.
            Err(_) => {
                match tokio::time::timeout_at((deadline + GRACE).into(), Answered(self)).await {
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
            if let Ok(answered) = tokio::time::timeout_at(check.into(), Answered(self)).await {
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
    deadline: Instant,
    /// Whether the caller watches how long it runs (it has a budget): its start is then noted.
    timed: bool,
    /// The caller's span, entered around the job so its events carry the request's fields.
    span: tracing::Span,
    work: Mutex<Option<F>>,
    answer: Mutex<Answer<T>>,
}

/// Where a job's result meets its caller.
struct Answer<T> {
    /// Set once the thread is done with the job: its outcome and worker time, or `None` when it
    /// was skipped.
    done: Option<Option<(Outcome<T>, Duration)>>,
    /// When a thread started a timed job.
    started: Option<Instant>,
    /// The caller's task, to wake when `done` is set.
    waker: Option<Waker>,
}

impl<T> Default for Answer<T> {
    fn default() -> Self {
        Answer {
            done: None,
            started: None,
            waker: None,
        }
    }
}

impl<F, T> Job<F, T> {
    fn answer(&self) -> MutexGuard<'_, Answer<T>> {
        self.answer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands `outcome` to the caller and wakes it.
    fn finish(&self, outcome: Option<(Outcome<T>, Duration)>) {
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
    fn run(&self, counts: &Counts, lane: Lane) {
        let lane = lane.index();
        if self
            .ticket
            .compare_exchange(QUEUED, STARTED, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            return; // abandoned: its caller already gave the place back
        }
        counts.waiting[lane].fetch_sub(1, Ordering::SeqCst);
        let work = self
            .work
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let late = self.cancel.load(Ordering::Relaxed) || Instant::now() >= self.deadline;
        let Some(work) = work.filter(|_| !late) else {
            counts.admitted[lane].fetch_sub(1, Ordering::SeqCst);
            self.finish(None); // tells the caller it did not run
            return;
        };
        counts.busy[lane].fetch_add(1, Ordering::SeqCst);
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
        counts.worker_us[lane].fetch_add(micros, Ordering::Relaxed);
        // Settled before the answer, so a client that has its answer sees the worker free.
        counts.busy[lane].fetch_sub(1, Ordering::SeqCst);
        counts.admitted[lane].fetch_sub(1, Ordering::SeqCst);
        self.finish(Some((outcome, took)));
    }
}

/// The caller's wait for its job's answer.
struct Answered<'a, F, T>(&'a Job<F, T>);

impl<F, T> Future for Answered<'_, F, T> {
    type Output = Option<(Outcome<T>, Duration)>;

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
    lane: Lane,
}

impl<F, T> Drop for Release<'_, F, T> {
    fn drop(&mut self) {
        let (job, counts, lane) = (self.job, self.counts, self.lane.index());
        job.cancel.store(true, Ordering::Relaxed);
        let abandoned =
            job.ticket
                .compare_exchange(QUEUED, ABANDONED, Ordering::SeqCst, Ordering::SeqCst);
        if abandoned.is_ok() {
            counts.waiting[lane].fetch_sub(1, Ordering::SeqCst);
            counts.admitted[lane].fetch_sub(1, Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[tokio::test]
    async fn a_full_lane_turns_jobs_away_at_once_and_the_other_lane_still_runs() {
        let pool = Arc::new(Pool::new(1, 0));
        let (started_tx, started_rx) = tokio::sync::oneshot::channel();
        let runner = pool.clone();
        let long = tokio::spawn(async move {
            let far = Instant::now() + Duration::from_secs(10);
            runner
                .run(Lane::Heavy, None, far, move |cancel| {
                    started_tx.send(()).unwrap();
                    while !cancel.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
        });
        started_rx.await.unwrap();
        let far = Instant::now() + Duration::from_secs(10);
        assert_eq!(
            pool.run(Lane::Heavy, None, far, |_| ()).await,
            Err(PoolError::QueueFull)
        );
        assert_eq!(pool.rejected(), 1);
        let light = pool.run(Lane::Light, None, far, |_| 3).await;
        assert_eq!(
            light.map(|r| r.value),
            Ok(3),
            "one worker still has a thread for light work"
        );
        long.abort();
        // Aborting the request raises the flag, so the job ends and frees its worker.
        let soon = Instant::now() + Duration::from_secs(5);
        let mut freed = Err(PoolError::QueueFull);
        while freed.is_err() && Instant::now() < soon {
            tokio::time::sleep(Duration::from_millis(5)).await;
            freed = pool
                .run(Lane::Heavy, None, soon, |_| 7)
                .await
                .map(|r| r.value);
        }
        assert_eq!(freed, Ok(7));
    }

    /// Starts a heavy job on `pool` that runs until `release` is raised.
    fn hold_heavy(
        pool: &Arc<Pool>,
        release: &Arc<AtomicBool>,
    ) -> tokio::task::JoinHandle<Result<Ran<()>, PoolError>> {
        let (pool, release) = (pool.clone(), release.clone());
        tokio::spawn(async move {
            let far = Instant::now() + Duration::from_secs(20);
            pool.run(Lane::Heavy, None, far, move |_| {
                while !release.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
            .await
        })
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn heavy_work_never_takes_the_last_thread_so_light_work_never_waits_behind_it() {
        let pool = Arc::new(Pool::new(3, 8));
        let release = Arc::new(AtomicBool::new(false));
        let held: Vec<_> = (0..5).map(|_| hold_heavy(&pool, &release)).collect();
        let soon = Instant::now() + Duration::from_secs(5);
        while pool.busy_in(Lane::Heavy) < 2 && Instant::now() < soon {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(pool.busy_in(Lane::Heavy), 2, "workers - 1 heavy jobs run");
        assert_eq!(pool.waiting_in(Lane::Heavy), 3, "the others wait");
        for n in 0..50 {
            let far = Instant::now() + Duration::from_secs(5);
            let light = pool.run(Lane::Light, None, far, move |_| n).await;
            assert_eq!(light.map(|r| r.value), Ok(n));
        }
        release.store(true, Ordering::Relaxed);
        for job in held {
            assert!(
                job.await.unwrap().is_ok(),
                "every heavy job runs in its turn"
            );
        }
        assert!(pool.worker_time(Lane::Heavy) > Duration::ZERO);
    }

    #[tokio::test]
    async fn a_light_job_past_its_budget_is_stopped_and_answered_escalated() {
        let pool = Pool::new(2, 4);
        let far = Instant::now() + Duration::from_secs(10);
        let budget = Some(Duration::from_millis(30));
        let spinning = pool
            .run(Lane::Light, budget, far, |cancel| {
                while !cancel.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
            .await;
        let Err(PoolError::Escalated { worker_time }) = spinning else {
            panic!("expected an escalation, got {spinning:?}");
        };
        assert!(worker_time >= Duration::from_millis(30), "{worker_time:?}");
        assert_eq!(pool.escalated(), 1);
        assert_eq!(pool.busy(), 0, "its thread is free once it is answered");
        let quick = pool.run(Lane::Light, budget, far, |_| 5).await;
        assert_eq!(
            quick.map(|r| r.value),
            Ok(5),
            "work within budget is answered"
        );
    }

    #[tokio::test]
    async fn a_waiting_job_gives_up_at_its_deadline_and_never_runs() {
        let pool = Arc::new(Pool::new(2, 1));
        let (started_tx, started_rx) = tokio::sync::oneshot::channel();
        let release = Arc::new(AtomicBool::new(false));
        let hold = release.clone();
        let runner = pool.clone();
        let far = Instant::now() + Duration::from_secs(10);
        let blocker = tokio::spawn(async move {
            runner
                .run(Lane::Heavy, None, far, move |_| {
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
            .run(Lane::Heavy, None, soon, move |_| {
                marker.store(true, Ordering::SeqCst)
            })
            .await
            .map(|r| r.value);
        assert_eq!(late, Err(PoolError::Expired));
        release.store(true, Ordering::Relaxed);
        assert_eq!(blocker.await.unwrap().map(|r| r.value), Ok(()));
        assert_eq!(
            pool.run(Lane::Heavy, None, far, |_| 1)
                .await
                .map(|r| r.value),
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
            .run(Lane::Light, None, far, |_| std::thread::current().id())
            .await
            .unwrap()
            .value;
        assert_ne!(worker, caller);
        let caught = AssertUnwindSafe(pool.run(Lane::Light, None, far, |_| panic!("boom")));
        let outcome = futures_catch(caught).await;
        assert!(outcome.is_err(), "the panic is resumed in the caller");
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
                        pool.run(Lane::Light, None, far, |_| {
                            std::thread::current().name().map(str::to_string)
                        })
                        .await
                        .map(|r| r.value)
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
