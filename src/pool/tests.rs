//! The pool as its callers see it: lanes, admission, deadlines, escalation, cancellation and panics.

use super::*;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
