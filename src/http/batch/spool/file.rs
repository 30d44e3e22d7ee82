//! The spool's file: an unnamed temporary file, written and read at offsets (positioned I/O, so
//! the writer and the reader never share a cursor).

use std::fs::File;
use std::io;
use std::path::PathBuf;

/// An unnamed file in `dir`, or in the system's temporary directory.
pub(super) fn make_file(dir: Option<PathBuf>) -> io::Result<File> {
    match dir {
        Some(dir) => tempfile::tempfile_in(dir),
        None => tempfile::tempfile(),
    }
}

#[cfg(unix)]
pub(super) fn write_at(file: &File, at: u64, bytes: &[u8]) -> io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(file, bytes, at)
}

#[cfg(unix)]
pub(super) fn read_at(file: &File, at: u64, mut buffer: Vec<u8>) -> io::Result<Vec<u8>> {
    std::os::unix::fs::FileExt::read_exact_at(file, &mut buffer, at)?;
    Ok(buffer)
}

#[cfg(windows)]
pub(super) fn write_at(file: &File, mut at: u64, mut bytes: &[u8]) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !bytes.is_empty() {
        let n = file.seek_write(bytes, at)?;
        if n == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        bytes = &bytes[n..];
        at += n as u64;
    }
    Ok(())
}

#[cfg(windows)]
pub(super) fn read_at(file: &File, mut at: u64, mut buffer: Vec<u8>) -> io::Result<Vec<u8>> {
    use std::os::windows::fs::FileExt;
    let mut filled = 0;
    while filled < buffer.len() {
        let n = file.seek_read(&mut buffer[filled..], at)?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        filled += n;
        at += n as u64;
    }
    Ok(buffer)
}
