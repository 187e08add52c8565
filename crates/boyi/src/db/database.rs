//! A file opened for lookups through a memory map: its header checked
//! at open, a rank's value read from its slot, and what `db info` counts.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::encoding::{Encoding, Stored};
use super::header::{Header, Layout, MAGIC, VERSION};
use super::io_error;
use crate::control::Control;
use crate::error::Error;

/// A database file opened for lookups through a memory map.
pub struct Database {
    pub(super) map: memmap2::Mmap,
    pub(super) header: Header,
    /// Inflated blocks of a compressed file, direct-mapped by block number.
    cache: Vec<Mutex<Option<CachedBlock>>>,
    /// Where it was opened from, for the damage a later check finds.
    path: PathBuf,
    /// Whether the values matched their checksum, once compared
    /// ([`Database::check`]).
    checked: OnceLock<bool>,
}

/// A block number and its slots, inflated.
type CachedBlock = (u64, Vec<u8>);

/// Inflated blocks kept: 256 of 4 KiB slots cost 1 MiB a byte of slot.
const CACHED_BLOCKS: usize = 256;

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database").field("header", &self.header).finish()
    }
}

impl Database {
    /// Opens `path` and checks its header, its length and its checksum, so
    /// that no lookup can answer from damaged values. The checksum reads
    /// every byte once: a few milliseconds for 10^8 positions, and far
    /// less than solving again.
    pub fn open(path: &Path) -> Result<Database, Error> {
        let db = Database::open_unchecked(path)?;
        db.check()?;
        Ok(db)
    }

    /// Compares the values with their checksum the first time it is asked
    /// (later asks repeat the answer): a file opened unchecked is checked
    /// when a question first takes it, so that opening many files (a
    /// directory of tiers) reads only those a lookup needs.
    pub fn check(&self) -> Result<(), Error> {
        let plain = self.header.layout == Layout::Plain;
        if *self.checked.get_or_init(|| !plain || self.plain_checksum() == self.header.checksum) {
            Ok(())
        } else {
            Err(Error::Data(format!(
                "{}: the file is damaged: its values do not match their checksum",
                self.path.display()
            )))
        }
    }

    /// [`Database::open`] without comparing a plain file's checksum, for
    /// tools that look into a damaged file ([`verify`](fn@super::verify) names the positions
    /// that changed). A compressed file is still inflated and checked
    /// whole: a damaged block has no values to look into.
    pub fn open_unchecked(path: &Path) -> Result<Database, Error> {
        let bad = |why: &str| Error::Data(format!("{}: not a boyi database: {why}", path.display()));
        let file = File::open(path).map_err(|e| io_error(path, e))?;
        // SAFETY: the map is only read; a file changed under it by another
        // process could show torn values, which `verify` would report.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| io_error(path, e))?;
        if map.len() < 32 || &map[..8] != MAGIC {
            return Err(bad("it does not start with the database mark"));
        }
        let u32_at = |at: usize| u32::from_le_bytes(map[at..at + 4].try_into().unwrap());
        let version = u32_at(8);
        if version != VERSION {
            return Err(bad(&format!("format version {version}, this boyi reads version {VERSION}")));
        }
        let data_offset = u32_at(12) as u64;
        let size = u64::from_le_bytes(map[16..24].try_into().unwrap());
        let encoding = Encoding::from_code(map[24], map[25]).ok_or_else(|| bad("an unknown value encoding"))?;
        let checksum = u32_at(28);
        let mut at = 32usize;
        let mut strings = Vec::new();
        for _ in 0..3 {
            if at + 4 > data_offset as usize || data_offset as usize > map.len() {
                return Err(bad("its header is cut short"));
            }
            let len = u32_at(at) as usize;
            at += 4;
            let text = map
                .get(at..at + len)
                .filter(|_| at + len <= data_offset as usize)
                .ok_or_else(|| bad("its header is cut short"))?;
            strings.push(String::from_utf8(text.to_vec()).map_err(|_| bad("its header is not text"))?);
            at += len;
        }
        // the tail's length, where the header has room for it (older files
        // may not: their padding reads as no tail)
        let tail = match map.get(at..at + 8).filter(|_| at + 8 <= data_offset as usize) {
            Some(bytes) => u64::from_le_bytes(bytes.try_into().unwrap()),
            None => 0,
        };
        let layout = match (map[26], map[27]) {
            (0, _) => Layout::Plain,
            (1, log2 @ 8..=30) => Layout::Zstd { block_log2: log2 },
            _ => return Err(bad("an unknown layout")),
        };
        let key = strings.pop().unwrap();
        let params = strings.pop().unwrap();
        let game = strings.pop().unwrap();
        let header = Header { version, game, params, key, size, encoding, checksum, data_offset, layout, tail };
        if tail > 0 && layout != Layout::Plain {
            return Err(bad("a compressed file with a tail"));
        }
        let db = Database {
            map,
            header,
            cache: (0..CACHED_BLOCKS).map(|_| Mutex::new(None)).collect(),
            path: path.to_path_buf(),
            checked: OnceLock::new(),
        };
        match layout {
            Layout::Plain => {
                let want = data_offset + size * encoding.slot_bytes() as u64 + tail;
                if db.map.len() as u64 != want {
                    return Err(bad(&format!("{} bytes where its header promises {want}", db.map.len())));
                }
            }
            // Every block is inflated and the checksum compared once here,
            // so that no lookup can meet a damaged block later.
            Layout::Zstd { .. } => db
                .check_blocks()
                .map_err(|why| Error::Data(format!("{}: the file is damaged: {why}", path.display())))?,
        }
        Ok(db)
    }

    /// Appends the slot bytes of ranks `start..end` to `out` (a compressed
    /// file's blocks inflated).
    pub fn slot_bytes(&self, start: u64, end: u64, out: &mut Vec<u8>) -> Result<(), Error> {
        let w = self.header.encoding.slot_bytes() as u64;
        match self.header.layout {
            Layout::Plain => out.extend_from_slice(&self.data()[(start * w) as usize..(end * w) as usize]),
            Layout::Zstd { block_log2 } => {
                let mut r = start;
                while r < end {
                    let b = r >> block_log2;
                    let block = self.inflate(b).ok_or_else(|| Error::Data(format!("block {b} does not inflate")))?;
                    let first = b << block_log2;
                    let stop = end.min(first + (1 << block_log2));
                    out.extend_from_slice(&block[((r - first) * w) as usize..((stop - first) * w) as usize]);
                    r = stop;
                }
            }
        }
        Ok(())
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The bytes its writer kept after the values (see [`Header::tail`]).
    pub fn tail(&self) -> &[u8] {
        &self.map[self.map.len() - self.header.tail as usize..]
    }

    pub fn len(&self) -> u64 {
        self.header.size
    }

    pub fn is_empty(&self) -> bool {
        self.header.size == 0
    }

    /// The values (or a compressed file's blocks), without the tail.
    fn data(&self) -> &[u8] {
        &self.map[self.header.data_offset as usize..self.map.len() - self.header.tail as usize]
    }

    /// The value of rank `rank`, or `None` where the file holds another
    /// kind of value than `V`.
    #[inline]
    pub fn get<V: Stored>(&self, rank: u64) -> Option<V> {
        let w = self.header.encoding.slot_bytes() as usize;
        match self.header.layout {
            Layout::Plain => {
                let at = rank as usize * w;
                V::decode(self.header.encoding, &self.data()[at..at + w])
            }
            Layout::Zstd { block_log2 } => {
                let b = rank >> block_log2;
                let at = (rank - (b << block_log2)) as usize * w;
                let mut entry = self.cache[b as usize % CACHED_BLOCKS].lock().unwrap_or_else(|e| e.into_inner());
                let (held, block) = entry.get_or_insert_with(|| (u64::MAX, Vec::new()));
                if *held != b {
                    *held = u64::MAX;
                    if !self.inflate_into(b, block) {
                        return None;
                    }
                    *held = b;
                }
                V::decode(self.header.encoding, &block[at..at + w])
            }
        }
    }

    /// Brings the value of rank `rank` into cache ahead of [`Database::get`]
    /// (values stored plain; a compressed block is read whole when asked).
    #[inline]
    pub fn prefetch(&self, rank: u64) {
        if self.header.layout == Layout::Plain {
            let at = rank as usize * self.header.encoding.slot_bytes() as usize;
            if let Some(byte) = self.data().get(at) {
                crate::memory::prefetch(byte);
            }
        }
    }

    /// The values as they lie in a plain file, slot after slot in the
    /// file's encoding; `None` for a compressed one.
    pub fn plain_values(&self) -> Option<(&[u8], Encoding)> {
        (self.header.layout == Layout::Plain).then(|| (self.data(), self.header.encoding))
    }

    /// Bytes the values take in the file (compressed, where they are).
    pub fn stored_bytes(&self) -> u64 {
        self.data().len() as u64
    }

    /// The checksum of a plain file's values, taken in parallel pieces
    /// (CRC-32 combines) because opening waits for it.
    fn plain_checksum(&self) -> u32 {
        use rayon::prelude::*;
        const PIECE: usize = 1 << 22;
        let pieces: Vec<crc32fast::Hasher> = self
            .data()
            .par_chunks(PIECE)
            .map(|piece| {
                let mut h = crc32fast::Hasher::new();
                h.update(piece);
                h
            })
            .collect();
        let mut crc = crc32fast::Hasher::new();
        for piece in &pieces {
            crc.combine(piece);
        }
        crc.finalize()
    }

    /// Whether the values still have the checksum they were written with.
    pub fn checksum_ok(&self, ctl: &Control) -> Result<bool, Error> {
        let mut crc = crc32fast::Hasher::new();
        let mut buf = Vec::new();
        const CHUNK: u64 = 1 << 22;
        let w = self.header.encoding.slot_bytes() as u64;
        for start in (0..self.len()).step_by((CHUNK / w) as usize) {
            ctl.check()?;
            buf.clear();
            self.slot_bytes(start, (start + CHUNK / w).min(self.len()), &mut buf)?;
            crc.update(&buf);
        }
        Ok(crc.finalize() == self.header.checksum)
    }

    /// Counts of each value held, smallest first (for `db info`).
    pub fn histogram<V: Stored>(&self, ctl: &Control) -> Result<Vec<(V, u64)>, Error> {
        let mut counts = std::collections::BTreeMap::new();
        let mut by_byte = [0u64; 256];
        let mut by_bytes = rustc_hash::FxHashMap::default();
        let w = self.header.encoding.slot_bytes() as usize;
        let mut buf = Vec::new();
        const CHUNK: u64 = 1 << 20;
        for start in (0..self.len()).step_by(CHUNK as usize) {
            ctl.check()?;
            buf.clear();
            self.slot_bytes(start, (start + CHUNK).min(self.len()), &mut buf)?;
            // Counted by their bytes, decoded once each: a billion slots
            // through a map of values took twenty seconds.
            if w == 1 {
                for &b in &buf {
                    by_byte[b as usize] += 1;
                }
            } else {
                for slot in buf.chunks(w) {
                    let mut wide = [0u8; 8];
                    wide[..w].copy_from_slice(slot);
                    *by_bytes.entry(u64::from_le_bytes(wide)).or_insert(0u64) += 1;
                }
            }
        }
        let decoded = by_byte
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(b, &n)| (b as u64, n))
            .chain(by_bytes)
            .filter_map(|(bytes, n)| V::decode(self.header.encoding, &bytes.to_le_bytes()[..w]).map(|v| (v, n)));
        for (v, n) in decoded {
            *counts.entry(v).or_insert(0) += n;
        }
        Ok(counts.into_iter().collect())
    }

    /// The same database with its values inflated into memory, for work
    /// that reads all over the file (a compressed file would inflate a
    /// block a lookup); a plain file is mapped again.
    pub fn plain(&self, ctl: &Control) -> Result<Database, Error> {
        // (the tail stays in the file: what it holds is its writer's)
        let header = Header { layout: Layout::Plain, tail: 0, ..self.header.clone() };
        let bytes = header.data_offset + header.size * header.encoding.slot_bytes() as u64;
        ctl.reserve("the inflated database", bytes)?;
        let mut map = memmap2::MmapMut::map_anon(bytes as usize).map_err(|e| Error::Data(e.to_string()))?;
        map[..header.data_offset as usize].copy_from_slice(&self.map[..header.data_offset as usize]);
        map[26] = 0;
        map[27] = 0;
        let w = header.encoding.slot_bytes() as u64;
        const CHUNK: u64 = 1 << 22;
        let mut buf = Vec::new();
        for start in (0..self.len()).step_by(CHUNK as usize) {
            ctl.check()?;
            buf.clear();
            let end = (start + CHUNK).min(self.len());
            self.slot_bytes(start, end, &mut buf)?;
            let at = (header.data_offset + start * w) as usize;
            map[at..at + buf.len()].copy_from_slice(&buf);
        }
        let map = map.make_read_only().map_err(|e| Error::Data(e.to_string()))?;
        // the same values: as checked as this file's (a compressed file's
        // blocks were each checked when it was opened)
        let checked = self.checked.clone();
        Ok(Database { map, header, cache: Vec::new(), path: self.path.clone(), checked })
    }
}
