//! The read-ahead of `POST /solve/batch`: a task that reads the request body as fast as the client
//! sends it, whether or not the client reads its answers, into memory up to a bound and past that
//! into an unnamed file on disk, also bounded.
//!
//! Many HTTP clients (Python's `http.client` and so `requests`, Java's `HttpURLConnection`) send a
//! whole body before they read a byte of the answer. Were the body read only as fast as answers are
//! written, such a client would fill both directions' socket buffers and wait for the server, which
//! would wait for it: nothing moves, and the connection is cut. The spool breaks that cycle. The
//! answers still go out only as fast as the client reads them (back-pressure on the solving), but
//! the body is always read.
//!
//! Bounds: at most [`SpoolLimits::memory_bytes`] of unread body in memory, then at most
//! [`SpoolLimits::disk_bytes`] of it on disk. Past both the spool stops reading (back-pressure on
//! the client's sends); a client that keeps sending without reading is then cut by the write
//! timeout. Once everything written to the file has been read back, the file is reused from its
//! start and the spool returns to memory, so a full-duplex client whose answers keep up never
//! touches the disk.
//!
//! File reads and writes run on tokio's blocking threads, never on the async workers.

use std::collections::VecDeque;
use std::fs::File;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::body::{BodyDataStream, Bytes};
use futures_util::StreamExt;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

pub use crate::config::SpoolLimits;

mod file;
use file::{make_file, read_at, write_at};

/// The largest piece read back from the file at once.
const FILE_READ_BYTES: u64 = 256 * 1024;

/// How the body ended, as far as the spool read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The whole body was read.
    Complete,
    /// Nothing arrived for the idle timeout.
    Idle(Duration),
    /// The body broke off (the connection failed mid-request), or the spool could not be written.
    Broken(String),
}

/// The unread body.
#[derive(Debug, Default)]
struct State {
    /// Pieces in memory, read before any on disk.
    memory: VecDeque<Bytes>,
    memory_bytes: usize,
    /// The file, made at the first piece that does not fit in memory.
    file: Option<Arc<File>>,
    /// Whether new pieces go to the file (once the memory bound is hit, until the reader catches
    /// up with everything written there).
    to_file: bool,
    /// The file's unread bytes are `read..written`; `reserved` past `written` are being written.
    read: u64,
    written: u64,
    reserved: u64,
    end: Option<End>,
}

impl State {
    fn backlog_on_disk(&self) -> u64 {
        self.reserved - self.read
    }
}

#[derive(Debug, Default)]
struct SpoolShared {
    state: Mutex<State>,
    /// Wakes the reader (a piece arrived or the body ended) and the writer (room was made).
    changed: Notify,
}

impl SpoolShared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The reading end of a spool. Dropping it stops the task that fills it.
#[derive(Debug)]
pub struct Spool {
    shared: Arc<SpoolShared>,
    filler: JoinHandle<()>,
}

impl Drop for Spool {
    fn drop(&mut self) {
        self.filler.abort();
    }
}

/// A piece of the body, or its end.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece {
    /// The next bytes, in order.
    Data(Bytes),
    /// No more: how the body ended.
    End(End),
}

impl Spool {
    /// Starts reading `body` at once (which is also what answers a client's
    /// `Expect: 100-continue`), each piece awaited for at most `idle`.
    pub fn start(body: BodyDataStream, limits: SpoolLimits, idle: Duration) -> Spool {
        let shared = Arc::new(SpoolShared::default());
        let filler = tokio::spawn(fill(body, shared.clone(), limits, idle));
        Spool { shared, filler }
    }

    /// Waits until the body has begun to arrive (or has ended), so that the response goes out
    /// after hyper's `100 Continue`, never before it.
    pub async fn started(&self) {
        loop {
            let notified = self.shared.changed.notified();
            {
                let state = self.shared.lock();
                if !state.memory.is_empty() || state.written > 0 || state.end.is_some() {
                    return;
                }
            }
            notified.await;
        }
    }

    /// The next piece of the body, waiting for it as long as the spool's idle timeout allows.
    ///
    /// Cancel-safe: a piece is taken from the spool only when it is returned.
    pub async fn next(&mut self) -> Piece {
        let shared = self.shared.clone();
        loop {
            let notified = shared.changed.notified();
            if let Some(piece) = self.take().await {
                return piece;
            }
            notified.await;
        }
    }

    /// The next piece if one is ready now (in memory, or on disk), without waiting for the client.
    pub async fn ready(&mut self) -> Option<Piece> {
        self.take().await
    }

    /// Takes the next piece if there is one: memory first, then the file, then the end.
    async fn take(&mut self) -> Option<Piece> {
        let (file, at, len) = {
            let mut state = self.shared.lock();
            if let Some(bytes) = state.memory.pop_front() {
                state.memory_bytes -= bytes.len();
                drop(state);
                self.shared.changed.notify_waiters();
                return Some(Piece::Data(bytes));
            }
            if state.read == state.written {
                // Everything on disk is read; what is still being written comes next.
                return if state.reserved == state.written {
                    state.end.clone().map(Piece::End)
                } else {
                    None
                };
            }
            let file = state.file.clone().expect("bytes were written to the file");
            let len = (state.written - state.read).min(FILE_READ_BYTES);
            (file, state.read, len)
        };
        // The buffer is made (and later freed) on this side: an allocation freed on another thread
        // than its own is returned to that thread's allocator late, and tokio's blocking threads
        // come and go.
        let buffer = vec![0; usize::try_from(len).expect("at most FILE_READ_BYTES")];
        let read = tokio::task::spawn_blocking(move || read_at(&file, at, buffer)).await;
        let bytes = match read {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(error)) => return Some(Piece::End(End::Broken(spool_error(&error)))),
            Err(error) => return Some(Piece::End(End::Broken(error.to_string()))),
        };
        let mut state = self.shared.lock();
        state.read += len;
        if state.read == state.reserved {
            // Caught up: the file is reused from its start, and new pieces may go to memory again.
            state.read = 0;
            state.written = 0;
            state.reserved = 0;
            state.to_file = false;
        }
        drop(state);
        self.shared.changed.notify_waiters();
        Some(Piece::Data(Bytes::from(bytes)))
    }
}

fn spool_error(error: &io::Error) -> String {
    format!("the server could not hold the body on disk: {error}")
}

/// The filling task: reads the body into the spool until it ends, breaks off, idles out, or the
/// spool is dropped.
async fn fill(
    mut body: BodyDataStream,
    shared: Arc<SpoolShared>,
    limits: SpoolLimits,
    idle: Duration,
) {
    let end = loop {
        let bytes = match tokio::time::timeout(idle, body.next()).await {
            Err(_) => break End::Idle(idle),
            Ok(None) => break End::Complete,
            Ok(Some(Err(error))) => {
                break End::Broken(format!("the request body broke off: {error}"))
            }
            Ok(Some(Ok(bytes))) => bytes,
        };
        if bytes.is_empty() {
            continue;
        }
        if let Err(error) = put(&shared, &limits, bytes).await {
            break End::Broken(spool_error(&error));
        }
    };
    shared.lock().end = Some(end);
    shared.changed.notify_waiters();
}

/// Adds a piece: to memory while it fits there and nothing is waiting on disk, otherwise to the
/// file, first waiting for room on disk when the backlog there is at its bound.
async fn put(shared: &SpoolShared, limits: &SpoolLimits, bytes: Bytes) -> io::Result<()> {
    let len = bytes.len() as u64;
    let (file, at) = loop {
        let notified = shared.changed.notified();
        {
            let mut state = shared.lock();
            if !state.to_file && state.memory_bytes + bytes.len() <= limits.memory_bytes {
                state.memory_bytes += bytes.len();
                state.memory.push_back(bytes);
                drop(state);
                shared.changed.notify_waiters();
                return Ok(());
            }
            // A piece larger than the whole bound still goes through, alone.
            if state.backlog_on_disk() == 0 || state.backlog_on_disk() + len <= limits.disk_bytes {
                state.to_file = true;
                let file = match &state.file {
                    Some(file) => file.clone(),
                    None => {
                        let file = Arc::new(make_file(limits.dir.clone())?);
                        state.file = Some(file.clone());
                        file
                    }
                };
                let at = state.reserved;
                state.reserved += len;
                break (file, at);
            }
        }
        // Full: stop reading until the answers make room.
        notified.await;
    };
    // The piece comes back to be freed here, on the thread kind that made it (see `take`).
    let (written, _bytes) =
        tokio::task::spawn_blocking(move || (write_at(&file, at, &bytes), bytes))
            .await
            .map_err(io::Error::other)?;
    let mut state = shared.lock();
    match written {
        Ok(()) => state.written += len,
        // The reservation stands unwritten: the reader stops at `written`, and the caller ends
        // the body with the error.
        Err(error) => return Err(error),
    }
    drop(state);
    shared.changed.notify_waiters();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body_of(parts: Vec<Vec<u8>>) -> BodyDataStream {
        let chunks: Vec<Result<Bytes, std::io::Error>> =
            parts.into_iter().map(|p| Ok(Bytes::from(p))).collect();
        axum::body::Body::from_stream(futures_util::stream::iter(chunks)).into_data_stream()
    }

    fn limits(memory_bytes: usize, disk_bytes: u64) -> SpoolLimits {
        SpoolLimits {
            memory_bytes,
            disk_bytes,
            dir: None,
        }
    }

    async fn read_all(spool: &mut Spool) -> (Vec<u8>, End) {
        let mut out = Vec::new();
        loop {
            match spool.next().await {
                Piece::Data(bytes) => out.extend_from_slice(&bytes),
                Piece::End(end) => return (out, end),
            }
        }
    }

    fn parts(count: usize, size: usize) -> Vec<Vec<u8>> {
        (0..count)
            .map(|k| (0..size).map(|i| ((k * 7 + i) % 251) as u8).collect())
            .collect()
    }

    #[tokio::test]
    async fn a_body_read_before_anyone_asks_comes_back_whole_and_in_order_through_the_disk() {
        let sent = parts(200, 1000);
        let mut spool = Spool::start(body_of(sent.clone()), limits(4096, 1 << 30), Duration::MAX);
        // Let the filler read everything first, as it does for a client that sends before reading.
        loop {
            tokio::task::yield_now().await;
            if spool.shared.lock().end.is_some() {
                break;
            }
        }
        assert!(
            spool.shared.lock().file.is_some(),
            "past 4 KiB it went to disk"
        );
        assert!(spool.shared.lock().memory_bytes <= 4096);
        let (got, end) = read_all(&mut spool).await;
        assert_eq!(got, sent.concat());
        assert_eq!(end, End::Complete);
    }

    #[tokio::test]
    async fn a_reader_that_keeps_up_never_leaves_memory() {
        let sent = parts(50, 100);
        let mut spool = Spool::start(body_of(sent.clone()), limits(1 << 20, 0), Duration::MAX);
        let (got, end) = read_all(&mut spool).await;
        assert_eq!(got, sent.concat());
        assert_eq!(end, End::Complete);
        assert!(spool.shared.lock().file.is_none());
    }

    #[tokio::test]
    async fn at_the_disk_bound_the_spool_stops_reading_until_the_reader_makes_room() {
        let sent = parts(40, 1000);
        let mut spool = Spool::start(body_of(sent.clone()), limits(1000, 5000), Duration::MAX);
        for _ in 0..200 {
            tokio::task::yield_now().await;
        }
        {
            let state = spool.shared.lock();
            assert!(state.end.is_none(), "stopped at the bound, not at the end");
            assert!(state.backlog_on_disk() <= 5000);
        }
        let (got, end) = read_all(&mut spool).await;
        assert_eq!(got, sent.concat());
        assert_eq!(end, End::Complete);
    }

    #[tokio::test]
    async fn a_body_that_stops_arriving_ends_idle() {
        let (_keep, body) = {
            let (send, receive) = tokio::sync::mpsc::channel::<Result<Bytes, io::Error>>(1);
            send.send(Ok(Bytes::from_static(b"abc"))).await.unwrap();
            let stream = futures_util::stream::unfold(receive, |mut r| async move {
                r.recv().await.map(|item| (item, r))
            });
            (
                send,
                axum::body::Body::from_stream(stream).into_data_stream(),
            )
        };
        let mut spool = Spool::start(body, limits(1024, 1024), Duration::from_millis(50));
        spool.started().await;
        let (got, end) = read_all(&mut spool).await;
        assert_eq!(got, b"abc");
        assert_eq!(end, End::Idle(Duration::from_millis(50)));
    }
}
