//! A tier's solve saved between blocks of its pass over the moves and at
//! level boundaries of its walk, so that a build interrupted inside a big
//! tier resumes where it was, not at the tier's start. There the whole
//! state is how many positions' moves were read, the cells and their
//! `aux`, what waits in the buckets of the levels to come, the positions
//! settled at this level (the frontier) and the slots whose values are
//! copied at the end. Reverse edges are not saved: they follow from the
//! forward moves and are built again.
//!
//! ```text
//! magic "boyi-tck", format version u32, tag (u32 length, UTF-8),
//! positions u64, positions read u64, level u32, cells (u32 each), aux (u16 each),
//! frontier (u64 count, u32 each), copies (u64 count, u32 each),
//! buckets from this level on (u32 count; each u64 count, then
//! u32 rank and u8 why per entry), all little-endian.
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU16, AtomicU32, Ordering::Relaxed};
use std::time::Instant;

use crate::control::{Checkpoint, Control};
use crate::error::Error;
use crate::solve::checkpoint::partial;

const MAGIC: &[u8; 8] = b"boyi-tck";
const VERSION: u32 = 1;

/// Why a position waits in a level's bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Queued {
    /// Settled when the cells were made (it ended, or every move leaves the
    /// tier): walked at its level.
    Ended,
    /// A move out of the tier wins at this level, unless a move inside it
    /// won sooner.
    WinsOut,
    /// Every move loses for it, and a move out of the tier loses no sooner
    /// than this level.
    LosesHeld,
}

impl Queued {
    fn byte(self) -> u8 {
        match self {
            Queued::Ended => 0,
            Queued::WinsOut => 1,
            Queued::LosesHeld => 2,
        }
    }

    fn from_byte(b: u8) -> Option<Queued> {
        [Queued::Ended, Queued::WinsOut, Queued::LosesHeld].get(b as usize).copied()
    }
}

/// A tier's solve between two blocks of moves read, or at the start of a
/// level of its walk.
pub(super) struct Walk {
    /// Positions whose moves were read (by rank, from 0): the walk starts
    /// once all were.
    pub read: u64,
    pub level: u32,
    pub cells: Vec<AtomicU32>,
    pub aux: Vec<AtomicU16>,
    /// Indexed by level; those below `level` are empty.
    pub buckets: Vec<Vec<(u32, Queued)>>,
    pub frontier: Vec<u32>,
    pub copies: Vec<u32>,
}

impl Walk {
    /// Nothing read yet.
    pub fn new(n: usize) -> Walk {
        Walk {
            read: 0,
            level: 0,
            // probed at random by the walk: on huge pages
            cells: crate::memory::zeroed(n),
            aux: crate::memory::zeroed(n),
            buckets: Vec::new(),
            frontier: Vec::new(),
            copies: Vec::new(),
        }
    }
}

/// Saves a tier's solve at its checkpoint's pace, in its file, under its
/// tag with the tier's name and how predecessors are found (cells count
/// distinct children with un-moves, every move without).
pub(super) struct Saver<'a> {
    to: Option<(&'a Checkpoint, String)>,
    tier: String,
    last: Instant,
    /// Where the last save was (positions read, level): an interrupted
    /// solve that has not moved since is not saved again.
    saved_at: Option<(u64, u32)>,
}

impl<'a> Saver<'a> {
    pub fn new(checkpoint: Option<&'a Checkpoint>, tier: &str, unmoves: bool) -> Self {
        let tag = |cp: &Checkpoint| format!("{}/{tier}/{}", cp.tag, if unmoves { "un-moves" } else { "edges" });
        Saver { to: checkpoint.map(|cp| (cp, tag(cp))), tier: tier.to_string(), last: Instant::now(), saved_at: None }
    }

    /// The solve saved for this tier, if there is one. A file that cannot
    /// be read as one (cut short, damaged) is said and left: the tier starts
    /// over, and its next save replaces the file.
    pub fn resume(&mut self, size: usize, ctl: &Control) -> Result<Option<Walk>, Error> {
        let Some((cp, tag)) = self.to.as_ref() else { return Ok(None) };
        match read(&cp.path, tag, size, ctl) {
            Err(Error::Data(why)) => {
                ctl.note(&format!("{why}; the tier starts over"));
                Ok(None)
            }
            Ok(Some(walk)) => {
                // what the file holds need not be saved again
                self.saved_at = Some((walk.read, walk.level));
                Ok(Some(walk))
            }
            other => other,
        }
    }

    pub fn maybe_save(&mut self, walk: &Walk, ctl: &Control) -> Result<(), Error> {
        let Some((cp, tag)) = &self.to else { return Ok(()) };
        if self.last.elapsed() < cp.every {
            return Ok(());
        }
        save(&cp.path, tag, walk, ctl)?;
        self.last = Instant::now();
        self.saved_at = Some((walk.read, walk.level));
        Ok(())
    }

    /// A solve stopped by `why`, its walk whole as it is (between blocks of
    /// moves read, or at a level boundary): an interruption saves it, so
    /// that the next run resumes here and not at the last save, which may
    /// be many minutes back or, in a tier's first minutes, not there at
    /// all. The save itself is not interrupted (a second Ctrl-C stops the
    /// process, and the last save stays). Nothing is saved where nothing
    /// moved since the last save (or the one resumed from), nor in a tier's
    /// first block. What stopped the solve is passed on; a save that fails
    /// is said in a note.
    pub fn keep(&mut self, walk: &Walk, why: Error, ctl: &Control) -> Error {
        let Some((cp, tag)) = &self.to else { return why };
        let nothing_new = self.saved_at == Some((walk.read, walk.level)) || (walk.read, walk.level) == (0, 0);
        if !matches!(why, Error::Interrupted) || nothing_new {
            return why;
        }
        let bytes = walk.cells.len() as u64 * 6;
        ctl.note(&format!(
            "saving the walk of tier {} ({}) before stopping; Ctrl-C again stops at once",
            self.tier,
            crate::error::format_bytes(bytes)
        ));
        match save(&cp.path, tag, walk, &ctl.uninterruptible()) {
            Ok(()) => self.saved_at = Some((walk.read, walk.level)),
            // the stop is still what the caller hears: the last save stays
            Err(e) => {
                let _ = std::fs::remove_file(partial(&cp.path));
                ctl.note(&format!("{e}: the walk of tier {} as last saved stays", self.tier));
            }
        }
        why
    }
}

/// A tier's file is written: its checkpoint is no longer needed.
pub(super) fn remove(checkpoint: &Checkpoint) {
    let _ = std::fs::remove_file(&checkpoint.path);
    let _ = std::fs::remove_file(partial(&checkpoint.path));
}

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Data(format!("checkpoint {}: {e}", path.display()))
}

/// Writes the walk to `path`, which is replaced only once the new state is
/// whole on disk.
fn save(path: &Path, tag: &str, walk: &Walk, ctl: &Control) -> Result<(), Error> {
    let aside = partial(path);
    let err = |e| io_error(&aside, e);
    let mut out = BufWriter::with_capacity(1 << 20, File::create(&aside).map_err(err)?);
    let mut put = |bytes: &[u8]| out.write_all(bytes).map_err(err);
    put(MAGIC)?;
    put(&VERSION.to_le_bytes())?;
    put(&(tag.len() as u32).to_le_bytes())?;
    put(tag.as_bytes())?;
    put(&(walk.cells.len() as u64).to_le_bytes())?;
    put(&walk.read.to_le_bytes())?;
    put(&walk.level.to_le_bytes())?;
    let mut buf = Vec::with_capacity(1 << 20);
    for part in walk.cells.chunks(1 << 18) {
        ctl.check()?;
        buf.clear();
        buf.extend(part.iter().flat_map(|c| c.load(Relaxed).to_le_bytes()));
        put(&buf)?;
    }
    for part in walk.aux.chunks(1 << 19) {
        ctl.check()?;
        buf.clear();
        buf.extend(part.iter().flat_map(|a| a.load(Relaxed).to_le_bytes()));
        put(&buf)?;
    }
    for list in [&walk.frontier, &walk.copies] {
        put(&(list.len() as u64).to_le_bytes())?;
        buf.clear();
        buf.extend(list.iter().flat_map(|r| r.to_le_bytes()));
        put(&buf)?;
    }
    let ahead = &walk.buckets[(walk.level as usize).min(walk.buckets.len())..];
    put(&(ahead.len() as u32).to_le_bytes())?;
    for bucket in ahead {
        put(&(bucket.len() as u64).to_le_bytes())?;
        buf.clear();
        for &(r, why) in bucket {
            buf.extend_from_slice(&r.to_le_bytes());
            buf.push(why.byte());
        }
        put(&buf)?;
    }
    let file = out.into_inner().map_err(|e| err(e.into_error()))?;
    file.sync_all().map_err(err)?;
    std::fs::rename(&aside, path).map_err(|e| io_error(path, e))
}

/// The walk saved in `path` for `tag` and `size` positions, if that is what
/// it holds. A file of another tier or instance is left alone.
fn read(path: &Path, tag: &str, size: usize, ctl: &Control) -> Result<Option<Walk>, Error> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(path, e)),
    };
    let mut input = BufReader::with_capacity(1 << 20, file);
    let bytes = |n: usize, input: &mut BufReader<File>| -> Result<Vec<u8>, Error> {
        let mut b = vec![0u8; n];
        input.read_exact(&mut b).map_err(|e| io_error(path, e))?;
        Ok(b)
    };
    let word = |n: usize, input: &mut BufReader<File>| -> Result<u64, Error> {
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(&bytes(n, input)?);
        Ok(u64::from_le_bytes(w))
    };
    if bytes(8, &mut input)? != MAGIC || word(4, &mut input)? != VERSION as u64 {
        return Ok(None);
    }
    let tag_len = word(4, &mut input)? as usize;
    if tag_len != tag.len() || bytes(tag_len, &mut input)? != tag.as_bytes() || word(8, &mut input)? != size as u64 {
        return Ok(None);
    }
    let read = word(8, &mut input)?;
    let level = word(4, &mut input)? as u32;
    let corrupt = || Error::Data(format!("checkpoint {}: not a whole tier's walk", path.display()));
    // a level is a remoteness, packed in 14 bits
    if read > size as u64 || level > crate::value::Outcome::MAX_PACKED_REMOTENESS {
        return Err(corrupt());
    }
    // on huge pages, as a new walk's (the walk probes them at random)
    let cells: Vec<AtomicU32> = crate::memory::zeroed(size);
    let aux: Vec<AtomicU16> = crate::memory::zeroed(size);
    const PART: usize = 1 << 18;
    for part in cells.chunks(PART) {
        ctl.check()?;
        let b = bytes(4 * part.len(), &mut input)?;
        for (cell, c) in part.iter().zip(b.chunks_exact(4)) {
            cell.store(u32::from_le_bytes([c[0], c[1], c[2], c[3]]), Relaxed);
        }
    }
    for part in aux.chunks(PART) {
        ctl.check()?;
        let b = bytes(2 * part.len(), &mut input)?;
        for (a, c) in part.iter().zip(b.chunks_exact(2)) {
            a.store(u16::from_le_bytes([c[0], c[1]]), Relaxed);
        }
    }
    let ranks = |input: &mut BufReader<File>| -> Result<Vec<u32>, Error> {
        let n = word(8, input)? as usize;
        if n > size {
            return Err(corrupt());
        }
        let b = bytes(4 * n, input)?;
        Ok(b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    };
    let frontier = ranks(&mut input)?;
    let copies = ranks(&mut input)?;
    let ahead = word(4, &mut input)? as usize;
    if level as usize + ahead > crate::value::Outcome::MAX_PACKED_REMOTENESS as usize + 2 {
        return Err(corrupt());
    }
    let mut buckets = vec![Vec::new(); level as usize];
    for _ in 0..ahead {
        let n = word(8, &mut input)? as usize;
        if n > size {
            return Err(corrupt());
        }
        let b = bytes(5 * n, &mut input)?;
        let bucket = b
            .chunks_exact(5)
            .map(|e| Some((u32::from_le_bytes([e[0], e[1], e[2], e[3]]), Queued::from_byte(e[4])?)))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(corrupt)?;
        buckets.push(bucket);
    }
    if [&frontier, &copies].iter().any(|l| l.iter().any(|&r| r as usize >= size))
        || buckets.iter().flatten().any(|&(r, _)| r as usize >= size)
    {
        return Err(corrupt());
    }
    Ok(Some(Walk { read, level, cells, aux, buckets, frontier, copies }))
}
