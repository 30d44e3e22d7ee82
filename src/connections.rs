//! What the accept loop knows about each open connection, so that no client can hold one for free.
//!
//! Every connection gets a [`Conn`] record, kept in a [`Registry`] of at most `max_connections`.
//! Its watchdog ([`Conn::watch`]) closes it when:
//! - no request has started within the head deadline of it opening: a client that sends nothing, a
//!   partial or bare HTTP/2 preface, or a trickled first head;
//! - a later HTTP/1.1 request head has not arrived whole within the head deadline of its first
//!   byte (a trickled head on a kept-alive connection);
//! - no request has been in flight for the idle timeout: a keep-alive HTTP/1.1 or HTTP/2
//!   connection left open (HTTP/2 pings do not count as use). hyper's own header-read timer is
//!   off, since it runs from the end of one request, not from the first byte of the next, so it
//!   would close kept-alive connections long before the idle timeout;
//! - a write has made no progress for the write timeout: a client that stopped reading;
//! - a newer connection needs its place while the registry is full (eviction, oldest idle first).
//!
//! A request counts as in flight from the moment hyper hands it over until its response body has
//! been handed back to hyper in full ([`Tracked`]), so a long solve is never idle.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use http_body::{Frame, SizeHint};
use tokio::sync::Notify;

mod watched;
pub use watched::Watched;

/// The deadlines a connection's watchdog enforces.
#[derive(Clone, Copy, Debug)]
pub struct Deadlines {
    /// From opening to its first request, and from the first byte of a later HTTP/1.1 request
    /// head to the whole head.
    pub first_request: Duration,
    /// With no request in flight, after the last one ended.
    pub idle: Duration,
    /// A write that makes no progress.
    pub write: Duration,
}

impl Deadlines {
    /// How often the watchdog looks: often enough to keep each deadline within a quarter of itself.
    fn tick(&self) -> Duration {
        let shortest = self.first_request.min(self.idle).min(self.write);
        (shortest / 4).clamp(Duration::from_millis(10), Duration::from_secs(1))
    }
}

/// Why a watchdog closed its connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// No request began within the first-request deadline.
    NoRequest,
    /// A later request head was not whole within the head deadline of its first byte.
    SlowHead,
    /// Nothing was in flight for the idle timeout.
    Idle,
    /// A write made no progress for the write timeout.
    WriteStalled,
    /// A newer connection took its place while the server was full.
    Evicted,
}

/// One open connection: when it opened, its requests, and whether its writes are stuck.
#[derive(Debug)]
pub struct Conn {
    opened: Instant,
    in_flight: AtomicUsize,
    requests: AtomicU64,
    /// Milliseconds since `opened` when the last request ended.
    last_end_ms: AtomicU64,
    /// Milliseconds since `opened`, plus one, when a write first found the socket full; 0 while
    /// writes go through.
    write_blocked_ms: AtomicU64,
    /// Milliseconds since `opened`, plus one, when the first byte arrived with no request in
    /// flight (the start of a request head); 0 until then and again once the request begins.
    head_started_ms: AtomicU64,
    /// Whether the client opened with the HTTP/2 preface: its frames between requests (pings,
    /// settings) are not request heads.
    http2: AtomicBool,
    evicted: AtomicBool,
    evict: Notify,
    /// The `x-request-id` of the last response started on it, for the log line of a close (a
    /// header value: cloning one is a reference count, not an allocation).
    request_id: Mutex<Option<axum::http::HeaderValue>>,
}

impl Conn {
    fn new() -> Conn {
        Conn {
            opened: Instant::now(),
            in_flight: AtomicUsize::new(0),
            requests: AtomicU64::new(0),
            last_end_ms: AtomicU64::new(0),
            write_blocked_ms: AtomicU64::new(0),
            head_started_ms: AtomicU64::new(0),
            http2: AtomicBool::new(false),
            evicted: AtomicBool::new(false),
            evict: Notify::new(),
            request_id: Mutex::new(None),
        }
    }

    /// Notes the id of a response that has started, the one a close would cut.
    pub fn note_request_id(&self, id: &axum::http::HeaderValue) {
        if let Ok(mut slot) = self.request_id.lock() {
            *slot = Some(id.clone());
        }
    }

    /// The id of the last response started on this connection.
    pub fn request_id(&self) -> Option<String> {
        let id = self.request_id.lock().ok()?.clone()?;
        Some(String::from_utf8_lossy(id.as_bytes()).into_owned())
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.opened.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Marks a request as begun; it stays in flight until the returned guard is dropped.
    pub fn begin_request(self: &Arc<Self>) -> InFlight {
        self.requests.fetch_add(1, Ordering::SeqCst);
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        self.head_started_ms.store(0, Ordering::SeqCst);
        InFlight(self.clone())
    }

    /// Since when (ms after opening) it has had nothing in flight, if it has nothing in flight.
    fn idle_since_ms(&self) -> Option<u64> {
        (self.in_flight.load(Ordering::SeqCst) == 0)
            .then(|| self.last_end_ms.load(Ordering::SeqCst))
    }

    /// The reason to close it now, if any.
    fn expired(&self, deadlines: &Deadlines) -> Option<Closed> {
        let now = self.now_ms();
        let blocked = self.write_blocked_ms.load(Ordering::SeqCst);
        if blocked > 0 && elapsed_since(now, blocked - 1) >= deadlines.write {
            return Some(Closed::WriteStalled);
        }
        let idle_since = self.idle_since_ms()?;
        if self.requests.load(Ordering::SeqCst) == 0 {
            return (elapsed_since(now, 0) >= deadlines.first_request).then_some(Closed::NoRequest);
        }
        let head = self.head_started_ms.load(Ordering::SeqCst);
        if head > 0 && elapsed_since(now, head - 1) >= deadlines.first_request {
            return Some(Closed::SlowHead);
        }
        (elapsed_since(now, idle_since) >= deadlines.idle).then_some(Closed::Idle)
    }

    /// Resolves when the connection should be closed, and says why.
    pub async fn watch(&self, deadlines: Deadlines) -> Closed {
        let tick = deadlines.tick();
        loop {
            if self.evicted.load(Ordering::SeqCst) {
                return Closed::Evicted;
            }
            if let Some(reason) = self.expired(&deadlines) {
                return reason;
            }
            tokio::select! {
                () = self.evict.notified() => {}
                () = tokio::time::sleep(tick) => {}
            }
        }
    }

    fn write_blocked(&self) {
        let since = self.now_ms().saturating_add(1);
        let _ =
            self.write_blocked_ms
                .compare_exchange(0, since, Ordering::SeqCst, Ordering::SeqCst);
    }

    fn write_progressed(&self) {
        self.write_blocked_ms.store(0, Ordering::SeqCst);
    }

    /// Notes bytes read from the client: the first ones say which protocol it speaks, and any
    /// arriving between HTTP/1.1 requests start the next head's deadline. A client still sending
    /// has not stopped reading for good: one that sends a whole body before it reads its answer
    /// (`POST /solve/batch` from a half-duplex client) restarts the write timeout with every read.
    fn read_some(&self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.write_progressed();
        if self.requests.load(Ordering::SeqCst) == 0 && bytes.starts_with(b"PRI * HTTP/2") {
            self.http2.store(true, Ordering::SeqCst);
        }
        if self.http2.load(Ordering::SeqCst) || self.in_flight.load(Ordering::SeqCst) > 0 {
            return;
        }
        let since = self.now_ms().saturating_add(1);
        let _ = self
            .head_started_ms
            .compare_exchange(0, since, Ordering::SeqCst, Ordering::SeqCst);
    }
}

fn elapsed_since(now_ms: u64, then_ms: u64) -> Duration {
    Duration::from_millis(now_ms.saturating_sub(then_ms))
}

/// A request in flight on its connection; dropping it ends the request.
#[derive(Debug)]
pub struct InFlight(Arc<Conn>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.last_end_ms.store(self.0.now_ms(), Ordering::SeqCst);
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A response body that keeps its request in flight until hyper has taken all of it.
#[derive(Debug)]
pub struct Tracked {
    body: Body,
    _in_flight: InFlight,
}

impl Tracked {
    /// `body`, holding `in_flight` until it is done.
    pub fn new(body: Body, in_flight: InFlight) -> Tracked {
        Tracked {
            body,
            _in_flight: in_flight,
        }
    }
}

impl http_body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// The open connections, at most `max` of them.
#[derive(Debug)]
pub struct Registry {
    max: usize,
    open: Mutex<OpenConnections>,
}

#[derive(Debug, Default)]
struct OpenConnections {
    next_id: u64,
    conns: HashMap<u64, Arc<Conn>>,
}

/// A connection's place in the [`Registry`], given back when dropped.
#[derive(Debug)]
pub struct Slot {
    id: u64,
    conn: Arc<Conn>,
    registry: Arc<Registry>,
}

impl Slot {
    /// The connection holding this place.
    pub fn conn(&self) -> &Arc<Conn> {
        &self.conn
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.registry.open.lock() {
            open.conns.remove(&self.id);
        }
    }
}

/// How a new connection was admitted.
#[derive(Debug)]
pub enum Admission {
    /// There was room.
    Admitted(Slot),
    /// The server was full; the longest-idle connection was told to close to make room.
    Evicted(Slot),
    /// The server was full of connections with requests in flight: close the new one.
    Full,
}

impl Registry {
    /// Room for `max` connections (at least one).
    pub fn new(max: usize) -> Arc<Registry> {
        Arc::new(Registry {
            max: max.max(1),
            open: Mutex::new(OpenConnections::default()),
        })
    }

    /// Connections open now.
    pub fn len(&self) -> usize {
        self.open.lock().map_or(0, |open| open.conns.len())
    }

    /// Whether no connection is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes a place for a new connection, evicting the connection that has been idle longest
    /// (none in flight) when the registry is full. Idle connections cost the server a descriptor
    /// each and nothing else, so they give way to a new client, such as a health check.
    pub fn admit(self: &Arc<Self>) -> Admission {
        let Ok(mut open) = self.open.lock() else {
            return Admission::Full;
        };
        let mut evicted = false;
        if open.conns.len() >= self.max {
            let Some(victim) = longest_idle(&open.conns) else {
                return Admission::Full;
            };
            if let Some(conn) = open.conns.remove(&victim) {
                conn.evicted.store(true, Ordering::SeqCst);
                conn.evict.notify_one();
            }
            evicted = true;
        }
        open.next_id += 1;
        let id = open.next_id;
        let conn = Arc::new(Conn::new());
        open.conns.insert(id, conn.clone());
        let slot = Slot {
            id,
            conn,
            registry: self.clone(),
        };
        if evicted {
            Admission::Evicted(slot)
        } else {
            Admission::Admitted(slot)
        }
    }
}

/// The id of the connection with nothing in flight whose last use is oldest.
fn longest_idle(conns: &HashMap<u64, Arc<Conn>>) -> Option<u64> {
    conns
        .iter()
        .filter_map(|(id, conn)| {
            let since = conn.idle_since_ms()?;
            Some((conn.opened + Duration::from_millis(since), *id))
        })
        .min()
        .map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_registry_evicts_the_longest_idle_connection_and_never_a_busy_one() {
        let registry = Registry::new(2);
        let Admission::Admitted(busy) = registry.admit() else {
            panic!("room for the first")
        };
        let _request = busy.conn().begin_request();
        let Admission::Admitted(idle) = registry.admit() else {
            panic!("room for the second")
        };
        let Admission::Evicted(_third) = registry.admit() else {
            panic!("the idle one makes room")
        };
        assert!(idle.conn().evicted.load(Ordering::SeqCst));
        assert!(!busy.conn().evicted.load(Ordering::SeqCst));
        assert_eq!(registry.len(), 2);
        let _also_busy = _third.conn().begin_request();
        assert!(matches!(registry.admit(), Admission::Full));
        drop(busy);
        assert_eq!(registry.len(), 1, "a dropped slot gives its place back");
    }
}
