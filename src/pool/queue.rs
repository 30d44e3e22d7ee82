//! The queue of one lane's tasks and the threads that take from it, and the rule for waking them:
//! a thread that finishes a task takes the next itself, and a sleeping one is woken only when the
//! threads already woken are too few for the queue.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::{Counts, Queued};

/// What the threads and the callers share.
pub(super) struct LaneShared {
    pub(super) queue: Mutex<Queue>,
    /// Sleeping threads wait here for work.
    pub(super) work: Condvar,
    /// [`Pool::map`] waits here for room in a full queue.
    pub(super) room: Condvar,
    pub(super) counts: Counts,
}

impl std::fmt::Debug for LaneShared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LaneShared")
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}

/// The queue and who is asleep on it.
pub(super) struct Queue {
    pub(super) tasks: VecDeque<Queued>,
    /// Room in `tasks`: admission is counted in [`Counts::admitted`], but the queue also holds
    /// abandoned jobs until a thread skips them, so it has room for more, still bounded.
    pub(super) bound: usize,
    /// Threads waiting on [`LaneShared::work`].
    pub(super) sleeping: usize,
    /// Wake-ups sent and not yet taken by a thread: each one is a thread on its way to the queue.
    pub(super) wakeups: usize,
    /// Callers of [`Pool::map`] waiting on [`LaneShared::room`].
    pub(super) blocked: usize,
    /// Set when the pool is dropped: the threads finish what is queued and end.
    pub(super) closed: bool,
}

impl Queue {
    /// An empty queue of room for `bound` tasks.
    pub(super) fn new(bound: usize) -> Queue {
        Queue {
            tasks: VecDeque::new(),
            bound,
            sleeping: 0,
            wakeups: 0,
            blocked: 0,
            closed: false,
        }
    }

    /// Whether a sleeping thread must be woken: some are asleep, and the queued tasks outnumber
    /// the threads already woken. A thread that is running a task takes the next one itself.
    fn needs_wake(&self) -> bool {
        self.sleeping > self.wakeups && self.tasks.len() > self.wakeups
    }
}

impl LaneShared {
    pub(super) fn lock(&self) -> MutexGuard<'_, Queue> {
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
    /// caller must call [`LaneShared::wake`] for it.
    pub(super) fn try_push(&self, task: Queued) -> Result<bool, Queued> {
        let mut queue = self.lock();
        if queue.tasks.len() >= queue.bound || queue.closed {
            return Err(task);
        }
        queue.tasks.push_back(task);
        Ok(queue.needs_wake())
    }

    /// Wakes a thread if tasks are queued that no awake thread will take.
    pub(super) fn wake(&self) {
        self.wake_for(self.lock());
    }

    /// Queues `task`, waiting while the queue is full.
    pub(super) fn push_waiting(&self, task: Queued) {
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
    pub(super) fn next(&self) -> Option<Queued> {
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

#[cfg(test)]
mod tests {
    use super::super::map::Once;
    use super::*;
    use std::sync::Arc;

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
}
