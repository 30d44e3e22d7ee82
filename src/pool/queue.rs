//! The queue of tasks the pool's threads take from, in two lanes, and the rule for waking them: a
//! thread that finishes a task takes the next itself, and a sleeping one is woken only when the
//! threads already woken are too few for the tasks that may start.
//!
//! A thread takes light work first, and heavy work only while fewer than `heavy_limit` heavy tasks
//! run: the pool has more threads than that limit, so one thread is always free of heavy work and a
//! light task never waits behind a heavy one.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::{Counts, Lane, Queued};

/// What the threads and the callers share.
pub(super) struct Shared {
    pub(super) queue: Mutex<Queue>,
    /// Sleeping threads wait here for work.
    pub(super) work: Condvar,
    /// [`Pool::map`] waits here for room in a full queue.
    pub(super) room: Condvar,
    pub(super) counts: Counts,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}

/// The queue and who is asleep on it.
pub(super) struct Queue {
    /// Light tasks, taken first by every thread.
    pub(super) light: VecDeque<Queued>,
    /// Heavy tasks, taken only while fewer than `heavy_limit` run.
    pub(super) heavy: VecDeque<Queued>,
    /// Heavy tasks running now.
    pub(super) heavy_running: usize,
    /// Heavy tasks allowed to run at once: fewer than the threads.
    pub(super) heavy_limit: usize,
    /// Room in the two lanes together: admission is counted in [`Counts::admitted`], but the queue also holds
    /// abandoned jobs until a thread skips them, so it has room for more, still bounded.
    pub(super) bound: usize,
    /// Threads waiting on [`Shared::work`].
    pub(super) sleeping: usize,
    /// Wake-ups sent and not yet taken by a thread: each one is a thread on its way to the queue.
    pub(super) wakeups: usize,
    /// Callers of [`Pool::map`] waiting on [`Shared::room`].
    pub(super) blocked: usize,
    /// Set when the pool is dropped: the threads finish what is queued and end.
    pub(super) closed: bool,
}

impl Queue {
    /// An empty queue whose two lanes hold `bound` tasks together, `heavy_limit` heavy ones running
    /// at once.
    pub(super) fn new(bound: usize, heavy_limit: usize) -> Queue {
        Queue {
            light: VecDeque::new(),
            heavy: VecDeque::new(),
            heavy_running: 0,
            heavy_limit,
            bound,
            sleeping: 0,
            wakeups: 0,
            blocked: 0,
            closed: false,
        }
    }

    /// Tasks queued in both lanes.
    fn len(&self) -> usize {
        self.light.len() + self.heavy.len()
    }

    /// Queued tasks a thread may start now: every light one, and heavy ones up to the limit.
    fn startable(&self) -> usize {
        let heavy_room = self.heavy_limit.saturating_sub(self.heavy_running);
        self.light.len() + self.heavy.len().min(heavy_room)
    }

    /// Whether a sleeping thread must be woken: some are asleep, and the tasks that may start
    /// outnumber the threads already woken. A thread that is running a task takes the next itself.
    fn needs_wake(&self) -> bool {
        self.sleeping > self.wakeups && self.startable() > self.wakeups
    }

    fn lane(&mut self, lane: Lane) -> &mut VecDeque<Queued> {
        match lane {
            Lane::Light => &mut self.light,
            Lane::Heavy => &mut self.heavy,
        }
    }

    /// The next task a thread may start, light first; a heavy one is counted as running.
    fn pop(&mut self) -> Option<(Queued, Lane)> {
        if let Some(task) = self.light.pop_front() {
            return Some((task, Lane::Light));
        }
        if self.heavy_running < self.heavy_limit {
            let task = self.heavy.pop_front()?;
            self.heavy_running += 1;
            return Some((task, Lane::Heavy));
        }
        None
    }
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, Queue> {
        // Tasks run outside the lock and catch their panics, so a poisoned lock is still consistent.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `task` and wakes a thread if the threads on their way to the queue are too few for it.
    fn push(&self, mut queue: MutexGuard<'_, Queue>, task: Queued) {
        queue.light.push_back(task);
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

    /// Queues `task` in `lane` without waking a thread, unless the queue is full; `Ok(true)` when
    /// the caller must call [`Shared::wake`] for it.
    pub(super) fn try_push(&self, lane: Lane, task: Queued) -> Result<bool, Queued> {
        let mut queue = self.lock();
        if queue.len() >= queue.bound || queue.closed {
            return Err(task);
        }
        queue.lane(lane).push_back(task);
        Ok(queue.needs_wake())
    }

    /// Wakes a thread if tasks are queued that no awake thread will take.
    pub(super) fn wake(&self) {
        self.wake_for(self.lock());
    }

    /// Queues `task`, waiting while the queue is full.
    pub(super) fn push_waiting(&self, task: Queued) {
        let mut queue = self.lock();
        while queue.len() >= queue.bound {
            queue.blocked += 1;
            queue = self
                .room
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            queue.blocked -= 1;
        }
        self.push(queue, task);
    }

    /// The next task, sleeping while there is none that may start; `None` once the pool is closed
    /// and drained. `finished` is the lane of the task this thread has just run: a heavy one's
    /// place is given back here, under the same lock.
    pub(super) fn next(&self, finished: Option<Lane>) -> Option<(Queued, Lane)> {
        let mut queue = self.lock();
        if finished == Some(Lane::Heavy) {
            queue.heavy_running -= 1;
        }
        loop {
            if let Some(next) = queue.pop() {
                if queue.blocked > 0 {
                    self.room.notify_one();
                }
                return Some(next);
            }
            if queue.closed && queue.len() == 0 {
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

#[cfg(test)]
mod tests {
    use super::super::map::Once;
    use super::*;
    use std::sync::Arc;

    fn task() -> Queued {
        Arc::new(Once(Mutex::new(Some(|| ()))))
    }

    fn queue(tasks: usize, sleeping: usize, wakeups: usize) -> Queue {
        let mut queue = Queue::new(64, 1);
        queue.light = (0..tasks).map(|_| task()).collect();
        queue.sleeping = sleeping;
        queue.wakeups = wakeups;
        queue
    }

    #[test]
    fn light_work_is_taken_first_and_heavy_work_only_below_its_limit() {
        let mut queue = Queue::new(64, 1);
        queue.heavy.push_back(task());
        queue.heavy.push_back(task());
        queue.light.push_back(task());
        assert_eq!(queue.pop().map(|(_, lane)| lane), Some(Lane::Light));
        assert_eq!(queue.pop().map(|(_, lane)| lane), Some(Lane::Heavy));
        assert!(queue.pop().is_none(), "one heavy task runs at a time");
        queue.sleeping = 1;
        assert!(
            !queue.needs_wake(),
            "a queued heavy task that may not start wakes nobody"
        );
        queue.light.push_back(task());
        assert!(queue.needs_wake(), "a light one does");
        assert_eq!(queue.pop().map(|(_, lane)| lane), Some(Lane::Light));
        queue.heavy_running -= 1;
        assert_eq!(queue.pop().map(|(_, lane)| lane), Some(Lane::Heavy));
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
}
