//! The budgets' table: a token bucket of heavy worker time and a count of heavy jobs in flight for
//! each client that has done heavy work lately. A bucket holds a minute of the client's share and
//! refills continuously; work is charged when it ends, so a bucket may go below zero (by at most
//! one minute's share), and a client whose bucket is empty waits until it is above zero again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::ClientId;

/// The share each client has of heavy work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BudgetLimits {
    /// Heavy worker time a client may use a minute (`--client-worker-seconds`), in milliseconds.
    pub worker_ms_per_minute: u64,
    /// Heavy jobs one client may have running or waiting at once (`--client-max-heavy`).
    pub max_in_flight: u32,
}

/// Heavy worker-seconds a client may use a minute by default: a third of one worker's minute.
pub const DEFAULT_CLIENT_WORKER_SECONDS: u64 = 20;

/// Heavy jobs one client may have at once by default.
pub const DEFAULT_CLIENT_MAX_HEAVY: u32 = 2;

impl Default for BudgetLimits {
    fn default() -> Self {
        BudgetLimits {
            worker_ms_per_minute: DEFAULT_CLIENT_WORKER_SECONDS * 1000,
            max_in_flight: DEFAULT_CLIENT_MAX_HEAVY,
        }
    }
}

/// Clients tracked at most. Only clients that did heavy work in the last minute or so are in the
/// table (a full, idle bucket is dropped), so this bounds what a flood of new addresses can cost.
const MAX_CLIENTS: usize = 100_000;

/// Why a client's heavy work was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its bucket of worker time is empty.
    Budget {
        /// Whole seconds until it is above zero again.
        retry_after: u64,
    },
    /// It has its most heavy jobs in flight.
    InFlight {
        /// The cap.
        max: u32,
    },
}

impl Refusal {
    /// The reason's name in metrics and problem details.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Budget { .. } => "budget",
            Refusal::InFlight { .. } => "in_flight",
        }
    }

    /// Seconds the client should wait before trying again.
    pub fn retry_after(self) -> u64 {
        match self {
            Refusal::Budget { retry_after } => retry_after,
            Refusal::InFlight { .. } => 1,
        }
    }
}

/// What is left of a client's budget, for the `RateLimit` headers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Left {
    /// Worker milliseconds left now (zero when the bucket is at or below zero).
    pub remaining_ms: u64,
    /// Whole seconds until the bucket is full again.
    pub full_in: u64,
}

#[derive(Debug)]
struct Bucket {
    /// Worker milliseconds left, as of `updated`.
    tokens: f64,
    updated: Instant,
    in_flight: u32,
}

/// Every client's bucket.
#[derive(Debug)]
pub struct Budgets {
    limits: BudgetLimits,
    table: Mutex<HashMap<ClientId, Bucket>>,
    /// The table's length after its last change: [`Budgets::check`] runs before every light job,
    /// and while no client has done heavy work lately it need not take the lock.
    tracked: AtomicUsize,
}

impl Budgets {
    /// An empty table for `limits`.
    pub fn new(limits: BudgetLimits) -> Budgets {
        Budgets {
            limits,
            table: Mutex::new(HashMap::new()),
            tracked: AtomicUsize::new(0),
        }
    }

    /// The limits every client has.
    pub fn limits(&self) -> BudgetLimits {
        self.limits
    }

    fn capacity(&self) -> f64 {
        self.limits.worker_ms_per_minute as f64
    }

    /// Milliseconds of worker time a client earns a millisecond.
    fn rate(&self) -> f64 {
        self.capacity() / 60_000.0
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<ClientId, Bucket>> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `client`'s bucket, refilled to `now`; made full if it is new.
    fn bucket<'t>(
        &self,
        table: &'t mut HashMap<ClientId, Bucket>,
        client: &ClientId,
        now: Instant,
    ) -> &'t mut Bucket {
        let (capacity, rate) = (self.capacity(), self.rate());
        if !table.contains_key(client) {
            if table.len() >= MAX_CLIENTS {
                self.sweep(table, now);
            }
            let full = Bucket {
                tokens: capacity,
                updated: now,
                in_flight: 0,
            };
            table.insert(client.clone(), full);
            self.tracked.store(table.len(), Ordering::Relaxed);
        }
        let bucket = table
            .get_mut(client)
            .expect("inserted above if it was missing");
        let earned = now.duration_since(bucket.updated).as_secs_f64() * 1000.0 * rate;
        bucket.tokens = (bucket.tokens + earned).min(capacity);
        bucket.updated = now;
        bucket
    }

    /// Drops the buckets that are full and idle: they are what a new bucket would be.
    fn sweep(&self, table: &mut HashMap<ClientId, Bucket>, now: Instant) {
        let (capacity, rate) = (self.capacity(), self.rate());
        table.retain(|_, b| {
            let earned = now.duration_since(b.updated).as_secs_f64() * 1000.0 * rate;
            b.in_flight > 0 || b.tokens + earned < capacity
        });
        self.tracked.store(table.len(), Ordering::Relaxed);
    }

    /// Whether `client` may start work at all: refused while its bucket is empty.
    pub fn check(&self, client: &ClientId) -> Result<(), Refusal> {
        if self.tracked.load(Ordering::Relaxed) == 0 {
            return Ok(()); // every bucket is full
        }
        let mut table = self.lock();
        if !table.contains_key(client) {
            return Ok(()); // a full bucket
        }
        let bucket = self.bucket(&mut table, client, Instant::now());
        self.refuse_empty(bucket)
    }

    fn refuse_empty(&self, bucket: &Bucket) -> Result<(), Refusal> {
        if bucket.tokens > 0.0 {
            return Ok(());
        }
        let wait_ms = -bucket.tokens / self.rate();
        Err(Refusal::Budget {
            retry_after: (wait_ms / 1000.0).ceil().max(1.0) as u64,
        })
    }

    /// A place for one heavy job of `client`, or why not.
    pub fn admit(self: &Arc<Self>, client: &ClientId) -> Result<HeavyPermit, Refusal> {
        let mut table = self.lock();
        if table.len() >= MAX_CLIENTS && !table.contains_key(client) {
            self.sweep(&mut table, Instant::now());
            if table.len() >= MAX_CLIENTS {
                return Err(Refusal::Budget { retry_after: 1 });
            }
        }
        let bucket = self.bucket(&mut table, client, Instant::now());
        self.refuse_empty(bucket)?;
        if bucket.in_flight >= self.limits.max_in_flight {
            return Err(Refusal::InFlight {
                max: self.limits.max_in_flight,
            });
        }
        bucket.in_flight += 1;
        Ok(HeavyPermit {
            budgets: self.clone(),
            client: client.clone(),
        })
    }

    /// Takes `used` worker time from `client`'s bucket (down to minus one minute's share).
    pub fn charge(&self, client: &ClientId, used: Duration) {
        let mut table = self.lock();
        let floor = -self.capacity();
        let bucket = self.bucket(&mut table, client, Instant::now());
        bucket.tokens = (bucket.tokens - used.as_secs_f64() * 1000.0).max(floor);
    }

    /// What is left of `client`'s budget.
    pub fn left(&self, client: &ClientId) -> Left {
        let mut table = self.lock();
        let tokens = if table.contains_key(client) {
            self.bucket(&mut table, client, Instant::now()).tokens
        } else {
            self.capacity()
        };
        let missing_ms = (self.capacity() - tokens).max(0.0);
        Left {
            remaining_ms: tokens.max(0.0) as u64,
            full_in: (missing_ms / self.rate() / 1000.0).ceil() as u64,
        }
    }

    /// Clients in the table now.
    pub fn tracked(&self) -> usize {
        self.lock().len()
    }
}

/// A client's place for one heavy job, given back when dropped.
#[derive(Debug)]
pub struct HeavyPermit {
    budgets: Arc<Budgets>,
    client: ClientId,
}

impl Drop for HeavyPermit {
    fn drop(&mut self) {
        let mut table = self.budgets.lock();
        if let Some(bucket) = table.get_mut(&self.client) {
            bucket.in_flight = bucket.in_flight.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(n: u8) -> ClientId {
        ClientId::Address(std::net::IpAddr::from([127, 0, 0, n]))
    }

    fn budgets(seconds: u64, max_in_flight: u32) -> Arc<Budgets> {
        Arc::new(Budgets::new(BudgetLimits {
            worker_ms_per_minute: seconds * 1000,
            max_in_flight,
        }))
    }

    #[test]
    fn a_client_has_a_minute_of_its_share_and_is_refused_once_it_is_spent() {
        let table = budgets(60, 4);
        let a = client(1);
        assert_eq!(table.check(&a), Ok(()));
        let permit = table.admit(&a).unwrap();
        table.charge(&a, Duration::from_secs(59));
        drop(permit);
        assert!(table.left(&a).remaining_ms < 1100);
        table.charge(&a, Duration::from_secs(2));
        let refused = table.admit(&a).unwrap_err();
        assert_eq!(refused.reason(), "budget");
        assert!(
            (1..=2).contains(&refused.retry_after()),
            "about a second of deficit at a second a second: {refused:?}"
        );
        assert_eq!(table.check(&a), Err(refused));
        assert_eq!(table.left(&a).remaining_ms, 0);
        assert!(table.left(&a).full_in >= 60);
        assert!(
            table.admit(&client(2)).is_ok(),
            "another client is untouched"
        );
    }

    #[test]
    fn a_debt_is_bounded_by_one_minute_of_the_share() {
        let table = budgets(30, 4);
        let a = client(1);
        table.charge(&a, Duration::from_secs(3600));
        let Err(Refusal::Budget { retry_after }) = table.admit(&a) else {
            panic!("an empty bucket refuses");
        };
        assert!((59..=61).contains(&retry_after), "{retry_after}");
    }

    #[test]
    fn heavy_jobs_in_flight_are_capped_per_client_and_given_back_when_done() {
        let table = budgets(60, 2);
        let a = client(1);
        let first = table.admit(&a).unwrap();
        let _second = table.admit(&a).unwrap();
        assert_eq!(table.admit(&a).unwrap_err(), Refusal::InFlight { max: 2 });
        assert!(table.admit(&client(3)).is_ok());
        drop(first);
        assert!(table.admit(&a).is_ok());
    }

    #[test]
    fn full_idle_buckets_are_swept_so_the_table_stays_bounded() {
        let table = budgets(60, 2);
        for n in 0..10 {
            drop(table.admit(&client(n)).unwrap());
        }
        let mut map = table.lock();
        table.sweep(&mut map, Instant::now());
        assert!(
            map.is_empty(),
            "nothing was charged, so every bucket is full"
        );
    }
}
