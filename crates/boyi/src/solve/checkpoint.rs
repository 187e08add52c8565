//! Checkpoints of a long retrograde solve: the whole table of cells at a
//! level boundary, so that an interrupted build resumes there instead of
//! starting over. At a boundary the table alone is the state: the next
//! level is every cell of that remoteness, which a scan finds.
//!
//! ```text
//! magic "boyi-ckp", format version u32, tag (u32 length, UTF-8),
//! positions u64, level u32, ended counts (u32 count, u64 each),
//! bytes a cell u8, then the cells as stored, little-endian. A solve
//! resumes only from cells of its own width: one-byte cells hold no
//! loses-in-two floors, and a two-byte solve's cells need not fit one byte.
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::cells::Cell;
use crate::control::Control;
use crate::error::Error;

const MAGIC: &[u8; 8] = b"boyi-ckp";
// 2: cells may hold ON_THE_SPOT and the loses-in-two flag; 3: cells of one or two bytes
const VERSION: u32 = 3;

/// Where and how often a solve saves its state.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    pub path: PathBuf,
    /// Names the instance; a file with another tag is not resumed from.
    pub tag: String,
    /// Time between saves; a solve shorter than this never writes one.
    pub every: Duration,
}

/// A solve's state read back from its checkpoint.
pub(crate) struct Resumed<C> {
    pub level: u32,
    pub ended: Vec<u64>,
    pub cells: Vec<C>,
}

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Data(format!("checkpoint {}: {e}", path.display()))
}

/// Saves at a level boundary once `every` has passed since the last save.
pub(crate) struct Saver<'a> {
    checkpoint: Option<&'a Checkpoint>,
    last: Instant,
}

impl<'a> Saver<'a> {
    pub fn new(ctl: &'a Control) -> Self {
        Saver { checkpoint: ctl.checkpoint(), last: Instant::now() }
    }

    /// For solves that cannot resume (their reverse edges are not saved).
    pub fn none() -> Self {
        Saver { checkpoint: None, last: Instant::now() }
    }

    pub fn maybe_save<C: Cell>(&mut self, level: u32, ended: &[u64], cells: &[C], ctl: &Control) -> Result<(), Error> {
        let Some(cp) = self.checkpoint else { return Ok(()) };
        if self.last.elapsed() < cp.every {
            return Ok(());
        }
        // No progress bar of its own: a save takes seconds, and the
        // solve's bar would start over after it.
        save(&cp.path, &cp.tag, level, ended, cells, ctl)?;
        self.last = Instant::now();
        Ok(())
    }

    /// The solve is done: its checkpoint is no longer needed.
    pub fn finished(&self) {
        if let Some(cp) = self.checkpoint {
            let _ = std::fs::remove_file(&cp.path);
            let _ = std::fs::remove_file(partial(&cp.path));
        }
    }
}

/// Where a save to `path` is written before it is whole.
pub(crate) fn partial(path: &Path) -> PathBuf {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    PathBuf::from(partial)
}

/// Writes the state at a level boundary to `path` (replaced only once the
/// new state is whole on disk).
pub(crate) fn save<C: Cell>(
    path: &Path,
    tag: &str,
    level: u32,
    ended: &[u64],
    cells: &[C],
    ctl: &Control,
) -> Result<(), Error> {
    let partial = partial(path);
    let err = |e| io_error(&partial, e);
    let mut out = BufWriter::with_capacity(1 << 20, File::create(&partial).map_err(err)?);
    let mut head = Vec::new();
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    head.extend_from_slice(&(tag.len() as u32).to_le_bytes());
    head.extend_from_slice(tag.as_bytes());
    head.extend_from_slice(&(cells.len() as u64).to_le_bytes());
    head.extend_from_slice(&level.to_le_bytes());
    head.extend_from_slice(&(ended.len() as u32).to_le_bytes());
    for n in ended {
        head.extend_from_slice(&n.to_le_bytes());
    }
    head.push(C::BYTES as u8);
    out.write_all(&head).map_err(err)?;
    let mut buf = Vec::with_capacity(1 << 20);
    for part in cells.chunks(1 << 19) {
        ctl.check()?;
        buf.clear();
        buf.extend(part.iter().flat_map(|c| c.raw().to_le_bytes().into_iter().take(C::BYTES as usize)));
        out.write_all(&buf).map_err(err)?;
    }
    let file = out.into_inner().map_err(|e| err(e.into_error()))?;
    file.sync_all().map_err(err)?;
    std::fs::rename(&partial, path).map_err(|e| io_error(path, e))
}

/// The state saved for this tag and size in cells of type `C`, if there
/// is one. A checkpoint of another instance is left alone and the solve
/// starts over.
pub(crate) fn resume<C: Cell>(ctl: &Control, size: usize) -> Result<Option<Resumed<C>>, Error> {
    let Some(cp) = ctl.checkpoint() else { return Ok(None) };
    read(&cp.path, &cp.tag, size, ctl)
}

/// The bytes a cell of the checkpoint saved for this tag and size, if
/// there is one.
pub(crate) fn saved_width(ctl: &Control, size: usize) -> Result<Option<u64>, Error> {
    let Some(cp) = ctl.checkpoint() else { return Ok(None) };
    Ok(open(&cp.path, &cp.tag, size)?.map(|opened| opened.width))
}

/// The state saved in `path` for `tag` and `size` in cells of type `C`,
/// if that is what it holds.
pub(crate) fn read<C: Cell>(path: &Path, tag: &str, size: usize, ctl: &Control) -> Result<Option<Resumed<C>>, Error> {
    let Some(Opened { level, ended, width, mut input }) = open(path, tag, size)? else { return Ok(None) };
    if width != C::BYTES {
        return Ok(None);
    }
    let err = |e| io_error(path, e);
    let resuming = format!("resuming from the checkpoint at level {level}");
    ctl.note(&resuming);
    ctl.start(&resuming, size as u64);
    let w = C::BYTES as usize;
    let mut cells = Vec::with_capacity(size);
    super::retrograde::advise_huge_pages(cells.as_ptr() as usize, size * w);
    let mut buf = vec![0u8; 1 << 20];
    while cells.len() < size {
        ctl.check()?;
        let n = (size - cells.len()).min(buf.len() / w);
        input.read_exact(&mut buf[..w * n]).map_err(err)?;
        cells.extend(buf[..w * n].chunks_exact(w).map(|b| {
            let mut raw = [0u8; 2];
            raw[..w].copy_from_slice(b);
            C::from_raw(u16::from_le_bytes(raw))
        }));
        ctl.advance(n as u64);
    }
    ctl.finish();
    Ok(Some(Resumed { level, ended, cells }))
}

/// The level a checkpoint in `path` resumes at, if it holds one for
/// `tag` and `size`.
pub(crate) fn level(path: &Path, tag: &str, size: usize) -> Result<Option<u32>, Error> {
    Ok(open(path, tag, size)?.map(|opened| opened.level))
}

/// A checkpoint's header read, and the reader left at its cells.
struct Opened {
    level: u32,
    ended: Vec<u64>,
    /// Bytes a cell.
    width: u64,
    input: BufReader<File>,
}

fn open(path: &Path, tag: &str, size: usize) -> Result<Option<Opened>, Error> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(path, e)),
    };
    let err = |e| io_error(path, e);
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut word = [0u8; 8];
    let mut read = |n: usize, input: &mut BufReader<File>| -> Result<u64, Error> {
        input.read_exact(&mut word[..n]).map_err(err)?;
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(&word[..n]);
        Ok(u64::from_le_bytes(w))
    };
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic).map_err(err)?;
    if &magic != MAGIC || read(4, &mut input)? != VERSION as u64 {
        return Ok(None);
    }
    let tag_len = read(4, &mut input)? as usize;
    if tag_len != tag.len() {
        return Ok(None);
    }
    let mut saved = vec![0u8; tag_len];
    input.read_exact(&mut saved).map_err(err)?;
    if saved != tag.as_bytes() || read(8, &mut input)? != size as u64 {
        return Ok(None);
    }
    let level = read(4, &mut input)? as u32;
    let counts = read(4, &mut input)? as usize;
    let ended = (0..counts).map(|_| read(8, &mut input)).collect::<Result<Vec<_>, _>>()?;
    let width = read(1, &mut input)?;
    Ok(Some(Opened { level, ended, width, input }))
}
