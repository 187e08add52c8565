//! The leaves a book build has scored, kept on disk as it goes, so that an
//! interrupted build (Ctrl-C, a killed machine) resumes with the same
//! command instead of starting over: a depth-7 book is over an hour of
//! search on one core.
//!
//! File layout (little endian): the magic `BOYIC4CP`, the tag's length
//! (u32) and the tag (UTF-8: the board and depth the leaves are of), then
//! records appended as leaves are scored: the key (u64) and the score
//! (i8). A record cut short by a crash is ignored.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::Error;

const MAGIC: &[u8; 8] = b"BOYIC4CP";

/// Scores of leaves appended to a checkpoint file, at most once every
/// `every` (and when the build stops).
pub(super) struct Saver {
    path: PathBuf,
    every: Duration,
    pending: Mutex<(Vec<(u64, i8)>, Instant)>,
}

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::input(format!("the book's checkpoint {}: {e}", path.display()))
}

/// The leaves scored by an earlier run with the same `tag`, if its
/// checkpoint is there; a checkpoint of another build is not read.
pub(super) fn resume(path: &Path, tag: &str) -> Result<HashMap<u64, i8>, Error> {
    let Ok(bytes) = std::fs::read(path) else { return Ok(HashMap::new()) };
    let head = 12 + tag.len();
    let ours = bytes.len() >= head
        && &bytes[..8] == MAGIC
        && u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize == tag.len()
        && &bytes[12..head] == tag.as_bytes();
    if !ours {
        return Ok(HashMap::new());
    }
    Ok(bytes[head..]
        .chunks_exact(9)
        .map(|c| (u64::from_le_bytes(c[..8].try_into().expect("8 bytes")), c[8] as i8))
        .collect())
}

impl Saver {
    /// Starts the file for `tag` again, holding the `known` leaves.
    pub(super) fn start(path: &Path, tag: &str, every: Duration, known: &HashMap<u64, i8>) -> Result<Saver, Error> {
        let mut bytes = Vec::with_capacity(12 + tag.len() + known.len() * 9);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(tag.len() as u32).to_le_bytes());
        bytes.extend_from_slice(tag.as_bytes());
        for (&k, &s) in known {
            bytes.extend_from_slice(&k.to_le_bytes());
            bytes.push(s as u8);
        }
        // written aside and renamed: a crash mid-write leaves the old file
        let aside = path.with_extension("checkpoint-new");
        std::fs::write(&aside, &bytes).and_then(|_| std::fs::rename(&aside, path)).map_err(|e| io_error(path, e))?;
        Ok(Saver { path: path.to_path_buf(), every, pending: Mutex::new((Vec::new(), Instant::now())) })
    }

    /// Keeps a scored leaf; appends what is kept once `every` has passed.
    pub(super) fn add(&self, key: u64, score: i8) -> Result<(), Error> {
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        pending.0.push((key, score));
        if pending.1.elapsed() >= self.every {
            self.append(&mut pending.0)?;
            pending.1 = Instant::now();
        }
        Ok(())
    }

    /// Appends every leaf kept (the build is stopping).
    pub(super) fn flush(&self) -> Result<(), Error> {
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        self.append(&mut pending.0)
    }

    fn append(&self, leaves: &mut Vec<(u64, i8)>) -> Result<(), Error> {
        if leaves.is_empty() {
            return Ok(());
        }
        let mut bytes = Vec::with_capacity(leaves.len() * 9);
        for (k, s) in leaves.drain(..) {
            bytes.extend_from_slice(&k.to_le_bytes());
            bytes.push(s as u8);
        }
        std::fs::OpenOptions::new()
            .append(true)
            .open(&self.path)
            .and_then(|mut f| f.write_all(&bytes).and_then(|_| f.sync_data()))
            .map_err(|e| io_error(&self.path, e))
    }
}
