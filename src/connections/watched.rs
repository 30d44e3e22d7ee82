//! The socket under each connection: it tells its [`Conn`] when writes stop going through and when
//! request bytes arrive, and writes a problem+json answer in place of the bodiless ones hyper
//! writes itself for requests it cannot parse ([`crate::http::before_router`]).

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::Conn;
use crate::http::before_router;

/// A socket that reports to its [`Conn`].
#[derive(Debug)]
pub struct Watched<S> {
    stream: S,
    conn: Arc<Conn>,
    /// A replacement being written: its bytes, how many are out, and how many of hyper's bytes it
    /// stands for (reported as written once it is all out).
    replacing: Option<Replacing>,
}

#[derive(Debug)]
struct Replacing {
    bytes: Vec<u8>,
    sent: usize,
    stands_for: usize,
}

impl<S> Watched<S> {
    /// `stream`, reporting to `conn`.
    pub fn new(stream: S, conn: Arc<Conn>) -> Watched<S> {
        Watched {
            stream,
            conn,
            replacing: None,
        }
    }

    fn note(&self, written: &Poll<io::Result<usize>>) {
        match written {
            Poll::Pending => self.conn.write_blocked(),
            Poll::Ready(_) => self.conn.write_progressed(),
        }
    }
}

impl<S: AsyncWrite + Unpin> Watched<S> {
    /// Writes the replacement for `written` when it is one of hyper's bare error answers (or one is
    /// already under way): `None` when `written` is to go out as it is.
    fn poll_replacement(
        &mut self,
        cx: &mut Context<'_>,
        written: impl FnOnce() -> Option<(Vec<u8>, usize)>,
    ) -> Option<Poll<io::Result<usize>>> {
        if self.replacing.is_none() {
            let (bytes, stands_for) = written()?;
            self.replacing = Some(Replacing {
                bytes,
                sent: 0,
                stands_for,
            });
        }
        let replacing = self.replacing.as_mut()?;
        while replacing.sent < replacing.bytes.len() {
            let rest = &replacing.bytes[replacing.sent..];
            match Pin::new(&mut self.stream).poll_write(cx, rest) {
                Poll::Ready(Ok(0)) => {
                    return Some(Poll::Ready(Err(io::ErrorKind::WriteZero.into())))
                }
                Poll::Ready(Ok(n)) => replacing.sent += n,
                Poll::Ready(Err(error)) => return Some(Poll::Ready(Err(error))),
                Poll::Pending => {
                    self.conn.write_blocked();
                    return Some(Poll::Pending);
                }
            }
        }
        self.conn.write_progressed();
        let stands_for = replacing.stands_for;
        self.replacing = None;
        Some(Poll::Ready(Ok(stands_for)))
    }
}

/// The replacement for a bare error head written as `bytes`, and their length.
fn replace(bytes: &[u8]) -> Option<(Vec<u8>, usize)> {
    before_router::replacement(bytes).map(|r| (r, bytes.len()))
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = read {
            self.conn.read_some(&buf.filled()[before..]);
        }
        read
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if let Some(done) = self.poll_replacement(cx, || replace(buf)) {
            return done;
        }
        let written = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.note(&written);
        written
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        // hyper's bare answers are one short head: only small writes are worth joining to look.
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        let look = || {
            if total > 512 {
                return None;
            }
            let joined: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            replace(&joined)
        };
        if let Some(done) = self.poll_replacement(cx, look) {
            return done;
        }
        let written = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.note(&written);
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
