//! The health-check client: one plain HTTP/1.1 GET over TCP, so that a `FROM scratch` image can
//! check itself (`sudoku healthcheck`) without curl or a shell.

use std::io::{self, BufRead, BufReader, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// The status code `url` (plain `http://`) answers a GET with, within `timeout` for each of
/// connecting, writing and reading.
pub fn probe(url: &str, timeout: Duration) -> io::Result<u16> {
    let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_string());
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| invalid("only http:// URLs are supported"))?;
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let with_port = if authority
        .rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
    {
        authority.to_string()
    } else {
        format!("{authority}:80")
    };
    let addr = with_port
        .to_socket_addrs()?
        .next()
        .ok_or_else(|| invalid("the host did not resolve"))?;
    let mut stream = TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nUser-Agent: sudoku-healthcheck\r\nConnection: close\r\n\r\n"
    )?;
    let mut status_line = String::new();
    BufReader::new(stream).read_line(&mut status_line)?;
    status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "not an HTTP response"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_refuses_urls_it_cannot_speak_to() {
        let err = probe("https://127.0.0.1:1/healthz", Duration::from_millis(100)).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }
}
