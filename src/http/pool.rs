//! The bounded pool that runs CPU work (solving, candidates, generation) off the async workers.
//!
//! At most `workers` jobs run at once, each on a `spawn_blocking` thread (the runtime's blocking pool
//! is sized to match); at most `queue` more may wait for a turn, beyond that the caller is told at once
//! (503 `queue_full`). Each job gets a cancellation flag that is raised when its request future is
//! dropped (client gone, request timeout), so no search outlives its request.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Why a job did not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// Every worker was busy and the waiting line was full.
    QueueFull,
    /// The deadline passed while the job waited for a worker.
    Deadline,
}

/// A semaphore of worker permits plus a capped count of waiters.
#[derive(Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    workers: usize,
    queue: usize,
    waiting: AtomicUsize,
    rejected: AtomicU64,
}

impl Pool {
    /// A pool running `workers` jobs at once (at least one) with `queue` more allowed to wait.
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        Pool {
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            queue,
            waiting: AtomicUsize::new(0),
            rejected: AtomicU64::new(0),
        }
    }

    /// Runs `job` on a blocking thread once a worker is free, handing it a flag that is raised if the
    /// caller stops waiting. Waits for a worker no later than `deadline`. A panic in `job` is resumed
    /// in the caller, where the panic-catching layer turns it into a 500.
    pub async fn run<T, F>(&self, deadline: Instant, job: F) -> Result<T, PoolError>
    where
        T: Send + 'static,
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
    {
        let permit = match self.permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => self.wait_for_permit(deadline).await?,
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        let span = tracing::Span::current();
        let handle = tokio::task::spawn_blocking(move || {
            // The permit lives as long as the thread works, not as long as the request waits.
            let _permit = permit;
            let _entered = span.enter();
            job(&cancel)
        });
        match handle.await {
            Ok(value) => Ok(value),
            Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
            // Only when the runtime shuts down under the job.
            Err(_) => Err(PoolError::QueueFull),
        }
    }

    async fn wait_for_permit(&self, deadline: Instant) -> Result<OwnedSemaphorePermit, PoolError> {
        let reserved = self
            .waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |w| {
                (w < self.queue).then_some(w + 1)
            });
        if reserved.is_err() {
            self.rejected.fetch_add(1, Ordering::Relaxed);
            return Err(PoolError::QueueFull);
        }
        let _slot = WaitSlot(&self.waiting);
        let acquire = self.permits.clone().acquire_owned();
        match tokio::time::timeout_at(deadline.into(), acquire).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_closed)) => Err(PoolError::QueueFull),
            Err(_elapsed) => Err(PoolError::Deadline),
        }
    }

    /// Jobs waiting for a worker.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Jobs running now.
    pub fn busy(&self) -> usize {
        self.workers - self.permits.available_permits().min(self.workers)
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

/// Raises the job's flag when the request future ends, whichever way it ends.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Gives back a place in the waiting line.
struct WaitSlot<'a>(&'a AtomicUsize);

impl Drop for WaitSlot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
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
    async fn a_waiting_job_gives_up_at_its_deadline() {
        let pool = Arc::new(Pool::new(1, 1));
        let permit = pool.permits.clone().try_acquire_owned().unwrap();
        let soon = Instant::now() + Duration::from_millis(20);
        assert_eq!(pool.run(soon, |_| ()).await, Err(PoolError::Deadline));
        assert_eq!(pool.waiting(), 0);
        drop(permit);
    }
}
