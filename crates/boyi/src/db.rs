//! Solved databases on disk: every position's value by rank, as the table
//! and retrograde solvers leave them, in one file that is read through a
//! memory map, so a lookup costs a page touch, not a solve.
//!
//! A file is a header and then the values, one slot a rank, at the
//! narrowest width that holds them exactly:
//!
//! ```text
//! offset  size  field
//!      0     8  magic "boyi-db\0"
//!      8     4  format version (1)
//!     12     4  where the values start (a multiple of 64)
//!     16     8  index size: the number of slots
//!     24     1  encoding: 1 outcome byte, 2 outcome word, 3 integer
//!     25     1  bytes a slot
//!     26     1  layout: 0 the slots as they are, 1 zstd blocks
//!     27     1  zstd blocks: log2 of the slots a block holds (else 0)
//!     28     4  CRC-32 of the value bytes (uncompressed)
//!     32     …  three strings, each a u32 length and UTF-8 bytes:
//!               the game's id, its parameters (`name=value` words that
//!               recreate the instance), the instance's key
//! ```
//!
//! All integers are little-endian. Win / lose / draw values take one byte
//! when remoteness has the parity plain alternating play gives it (a win is
//! an odd number of plies away, a loss an even number) and fits: draw 0, a
//! win in `r` plies `(r + 1) / 2` (1..=127), a loss in `r` plies
//! `128 + r / 2`, so games of up to 253 plies. Otherwise (bonus turns break
//! the parity, or the game is longer) two bytes, the engine's own packing.
//! Scores take the fewest bytes of 1, 2, 4 and 8 that hold their range.
//! Ranks that are no position (an index is rarely perfect) cost their slot
//! and nothing else.
//!
//! In the zstd layout the values are cut into blocks of `2^k` slots, each
//! compressed on its own, so a lookup inflates one block, not the file.
//! The data then starts with the block index, `blocks + 1` little-endian
//! `u64` offsets (from the start of the data, the first just past the
//! index), and the blocks follow. Lookups keep the blocks they inflated in
//! a small cache, so positions near each other (a position and its
//! children usually are) cost one inflation.

use std::fs::File;
use std::io::{BufWriter, Seek, Write};
use std::path::Path;
use std::sync::Mutex;

use crate::control::Control;
use crate::error::Error;
use crate::game::{value_in, Indexed};
use crate::peers::Peers;
use crate::solve::{value_from_analysis, value_moves, Solved};
use crate::value::{Outcome, Value};

const MAGIC: &[u8; 8] = b"boyi-db\0";
pub const VERSION: u32 = 1;

/// How the value bytes are to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Win / lose / draw in one byte (see the module's doc).
    OutcomeByte,
    /// Win / lose / draw in the engine's two-byte packing.
    OutcomeWord,
    /// A signed score in `bytes` bytes.
    Integer { bytes: u8 },
}

impl Encoding {
    pub fn slot_bytes(self) -> u8 {
        match self {
            Encoding::OutcomeByte => 1,
            Encoding::OutcomeWord => 2,
            Encoding::Integer { bytes } => bytes,
        }
    }

    fn code(self) -> u8 {
        match self {
            Encoding::OutcomeByte => 1,
            Encoding::OutcomeWord => 2,
            Encoding::Integer { .. } => 3,
        }
    }

    fn from_code(code: u8, bytes: u8) -> Option<Encoding> {
        match (code, bytes) {
            (1, 1) => Some(Encoding::OutcomeByte),
            (2, 2) => Some(Encoding::OutcomeWord),
            (3, 1 | 2 | 4 | 8) => Some(Encoding::Integer { bytes }),
            _ => None,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Encoding::OutcomeByte => "win/lose/draw and remoteness, 1 byte a position".into(),
            Encoding::OutcomeWord => "win/lose/draw and remoteness, 2 bytes a position".into(),
            Encoding::Integer { bytes } => {
                format!("scores, {bytes} byte{} a position", if bytes == 1 { "" } else { "s" })
            }
        }
    }
}

/// A value type a database can hold.
pub trait Stored: Value {
    /// The narrowest encoding that holds all of `values` exactly.
    fn encoding(values: impl Iterator<Item = Self>) -> Encoding;
    fn encode(self, encoding: Encoding, out: &mut [u8]);
    fn decode(encoding: Encoding, bytes: &[u8]) -> Option<Self>;
}

impl Stored for Outcome {
    fn encoding(mut values: impl Iterator<Item = Self>) -> Encoding {
        let fits = values.all(|v| match v {
            Outcome::Draw => true,
            Outcome::Win(r) => r % 2 == 1 && r <= 253,
            Outcome::Lose(r) => r % 2 == 0 && r <= 254,
        });
        if fits {
            Encoding::OutcomeByte
        } else {
            Encoding::OutcomeWord
        }
    }

    fn encode(self, encoding: Encoding, out: &mut [u8]) {
        match encoding {
            Encoding::OutcomeByte => {
                out[0] = match self {
                    Outcome::Draw => 0,
                    Outcome::Win(r) => r.div_ceil(2) as u8,
                    Outcome::Lose(r) => 128 + (r / 2) as u8,
                }
            }
            _ => out.copy_from_slice(&self.pack().to_le_bytes()),
        }
    }

    fn decode(encoding: Encoding, bytes: &[u8]) -> Option<Self> {
        match encoding {
            Encoding::OutcomeByte => Some(match bytes[0] {
                0 => Outcome::Draw,
                b @ 1..=127 => Outcome::Win(2 * b as u32 - 1),
                b => Outcome::Lose(2 * (b as u32 - 128)),
            }),
            Encoding::OutcomeWord => Some(Outcome::unpack(u16::from_le_bytes([bytes[0], bytes[1]]))),
            Encoding::Integer { .. } => None,
        }
    }
}

macro_rules! stored_integer {
    ($($t:ty),*) => {$(
        impl Stored for $t {
            fn encoding(values: impl Iterator<Item = Self>) -> Encoding {
                let (lo, hi) = values.fold((0i64, 0i64), |(lo, hi), v| (lo.min(v as i64), hi.max(v as i64)));
                let bytes = [1u8, 2, 4, 8]
                    .into_iter()
                    .find(|&b| b == 8 || (lo >= -(1i64 << (8 * b - 1)) && hi < (1i64 << (8 * b - 1))))
                    .unwrap_or(8);
                Encoding::Integer { bytes }
            }

            fn encode(self, encoding: Encoding, out: &mut [u8]) {
                let n = encoding.slot_bytes() as usize;
                out.copy_from_slice(&(self as i64).to_le_bytes()[..n]);
            }

            fn decode(encoding: Encoding, bytes: &[u8]) -> Option<Self> {
                let Encoding::Integer { bytes: n } = encoding else { return None };
                let n = n as usize;
                let mut wide = [if bytes[n - 1] & 0x80 != 0 { 0xff } else { 0 }; 8];
                wide[..n].copy_from_slice(&bytes[..n]);
                <$t>::try_from(i64::from_le_bytes(wide)).ok()
            }
        }
    )*};
}

stored_integer!(i8, i16, i32, i64);

/// What a database file says of itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u32,
    /// The game's catalogue id.
    pub game: String,
    /// `name=value` words that recreate the instance.
    pub params: String,
    /// The instance's key, as the solvers' caches name it.
    pub key: String,
    pub size: u64,
    pub encoding: Encoding,
    pub checksum: u32,
    /// Where the values start in the file.
    pub data_offset: u64,
    pub layout: Layout,
}

/// How the slots lie in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One after another, as they are.
    Plain,
    /// In zstd-compressed blocks of `2^block_log2` slots.
    Zstd { block_log2: u8 },
}

impl Header {
    /// The parameters on one line, as messages show them.
    pub fn params_line(&self) -> String {
        self.params.replace('\n', " ")
    }
}

impl Layout {
    pub fn describe(self) -> String {
        match self {
            Layout::Plain => "uncompressed".into(),
            Layout::Zstd { block_log2 } => format!("zstd blocks of {} positions", 1u64 << block_log2),
        }
    }
}

/// Slots a compressed block holds by default: in a Dōbutsu file of the
/// stored positions a lookup by position (a third of them search one ply,
/// reading several blocks) takes 4.3 µs with 2^10, under the 5 µs asked
/// of a lookup, where 2^11 took 5.9 µs for a file 9 % smaller
/// (docs/benchmarks.md).
pub const BLOCK_LOG2: u8 = 10;
/// zstd's level for `boyi db build --compress` when none is given.
pub const DEFAULT_LEVEL: i32 = 19;

/// Who the file is for: the game, the parameters that recreate the
/// instance, and the key the catalogue's caches know it by.
#[derive(Clone, Debug)]
pub struct Ident {
    pub game: String,
    pub params: String,
    pub key: String,
}

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::Data(format!("{}: {e}", path.display()))
}

/// Writes `solved` to `path` (replacing it only once the whole file is
/// written, so an interrupted write leaves no half a database).
pub fn write<V: Stored>(path: &Path, ident: &Ident, solved: &Solved<V>, ctl: &Control) -> Result<Header, Error> {
    if let Some(bytes) = solved.outcome_bytes() {
        return write_slots(path, ident, solved.len(), Encoding::OutcomeByte, Layout::Plain, 0, ctl, |range, out| {
            out.extend_from_slice(&bytes[range.start as usize..range.end as usize])
        });
    }
    let encoding = V::encoding((0..solved.len()).map(|r| solved.value_at(r)));
    let width = encoding.slot_bytes() as usize;
    write_slots(path, ident, solved.len(), encoding, Layout::Plain, 0, ctl, |range, out| {
        let mut slot = [0u8; 8];
        for r in range {
            solved.value_at(r).encode(encoding, &mut slot[..width]);
            out.extend_from_slice(&slot[..width]);
        }
    })
}

/// Writes the positions `game` stores ([`Indexed::stored`]) of `solved`
/// (all of its index) to `path`, in rank order: [`write`] where the game
/// stores every position.
pub fn write_stored<G: Indexed>(
    path: &Path,
    ident: &Ident,
    solved: &Solved<G::Value>,
    game: &G,
    ctl: &Control,
) -> Result<Header, Error>
where
    G::Value: Stored,
{
    let slots = game.stored_below(game.size());
    if slots == game.size() {
        return write(path, ident, solved, ctl);
    }
    let bytes = solved.outcome_bytes();
    let encoding = match bytes {
        Some(_) => Encoding::OutcomeByte,
        None => G::Value::encoding((0..slots).map(|s| solved.value_at(game.stored_rank(s)))),
    };
    let width = encoding.slot_bytes() as usize;
    write_slots(path, ident, slots, encoding, Layout::Plain, 0, ctl, |range, out| {
        let mut slot = [0u8; 8];
        // stored ranks are in order: walk them from the range's first
        let mut rank = game.stored_rank(range.start);
        for _ in range {
            while !game.stored(rank) {
                rank += 1;
            }
            match bytes {
                Some(bytes) => out.push(bytes[rank as usize]),
                None => {
                    solved.value_at(rank).encode(encoding, &mut slot[..width]);
                    out.extend_from_slice(&slot[..width]);
                }
            }
            rank += 1;
        }
    })
}

/// The value of the position of rank `rank` from a file of the positions
/// `game` stores, `slot(s)` reading slot `s`: a stored position is read, one
/// left out valued by a one-ply search over stored ones.
pub fn value_by_rank<G: Indexed>(
    game: &G,
    rank: u64,
    slot: &impl Fn(u64) -> Result<G::Value, Error>,
) -> Result<G::Value, Error> {
    if game.stored(rank) {
        return slot(game.stored_below(rank));
    }
    let pos = game.unrank(rank);
    if let Some(v) = game.outside(&pos) {
        return Ok(v);
    }
    let moves = value_moves(game, &pos, |child| {
        value_in(game, child, |r| {
            debug_assert!(game.stored(r), "a move of a position left out leads to one left out");
            slot(game.stored_below(r))
        })
    })?;
    Ok(value_from_analysis(game, &pos, &moves))
}

/// Writes one part's values into `path`, every part of a partitioned
/// solve at once: the ranks `lo..lo + len` of `size`, `value(i)` being
/// rank `lo + i`'s. Part 0 makes the file at its full length, each part
/// writes its slots at their place (positional writes, so parts on other
/// machines need the file on a filesystem they share), and part 0 writes
/// the header, with the checksum of the whole made of the parts' own, and
/// puts the file in place. The file is byte for byte what [`write`]
/// writes of the same values. Every part returns once it is in place.
#[allow(clippy::too_many_arguments)]
pub fn write_part<V: Stored>(
    path: &Path,
    ident: &Ident,
    size: u64,
    lo: u64,
    len: u64,
    value: impl Fn(u64) -> V,
    peers: &dyn Peers,
    ctl: &Control,
) -> Result<Header, Error> {
    let written = write_part_or_fail(path, ident, size, lo, len, value, peers, ctl);
    if let Err(e) = &written {
        peers.fail(e);
    }
    written
}

#[allow(clippy::too_many_arguments)]
fn write_part_or_fail<V: Stored>(
    path: &Path,
    ident: &Ident,
    size: u64,
    lo: u64,
    len: u64,
    value: impl Fn(u64) -> V,
    peers: &dyn Peers,
    ctl: &Control,
) -> Result<Header, Error> {
    use std::os::unix::fs::FileExt;
    // the widest encoding any part needs
    let mine = V::encoding((0..len).map(&value));
    let widest =
        peers.gather(u64::from(mine.code()) << 8 | u64::from(mine.slot_bytes()))?.into_iter().max_by_key(|c| c & 0xFF);
    let encoding = widest
        .and_then(|c| Encoding::from_code((c >> 8) as u8, c as u8))
        .ok_or_else(|| Error::Data("the parts agree on no encoding".into()))?;
    let width = encoding.slot_bytes() as usize;
    let strings = strings(ident);
    let data_offset = (32 + strings.len() as u64).div_ceil(64) * 64;
    let partial = path.with_extension("partial");
    let err = |e| io_error(&partial, e);
    if peers.me() == 0 {
        let file = File::create(&partial).map_err(err)?;
        file.set_len(data_offset + size * width as u64).map_err(err)?;
    }
    peers.gather(0)?;
    let file = std::fs::OpenOptions::new().write(true).open(&partial).map_err(err)?;
    let mut crc = crc32fast::Hasher::new();
    let mut chunk = Vec::with_capacity(width << 18);
    let mut slot = [0u8; 8];
    ctl.start("writing the database", len);
    for start in (0..len).step_by(1 << 18) {
        ctl.check()?;
        let end = (start + (1 << 18)).min(len);
        chunk.clear();
        for i in start..end {
            value(i).encode(encoding, &mut slot[..width]);
            chunk.extend_from_slice(&slot[..width]);
        }
        crc.update(&chunk);
        file.write_all_at(&chunk, data_offset + (lo + start) * width as u64).map_err(err)?;
        ctl.advance(end - start);
    }
    file.sync_all().map_err(err)?;
    ctl.finish();
    let crcs = peers.gather(u64::from(crc.finalize()))?;
    let lens = peers.gather(len * width as u64)?;
    let mut whole = crc32fast::Hasher::new();
    for (c, n) in crcs.into_iter().zip(lens) {
        whole.combine(&crc32fast::Hasher::new_with_initial_len(c as u32, n));
    }
    let header = Header {
        version: VERSION,
        game: ident.game.clone(),
        params: ident.params.clone(),
        key: ident.key.clone(),
        size,
        encoding,
        checksum: whole.finalize(),
        data_offset,
        layout: Layout::Plain,
    };
    if peers.me() == 0 {
        file.write_all_at(&header_bytes(&header, &strings), 0).map_err(err)?;
        file.sync_all().map_err(err)?;
        std::fs::rename(&partial, path).map_err(|e| io_error(path, e))?;
    }
    peers.gather(0)?;
    Ok(header)
}

/// The header's three strings: the game's id, its parameters, its key.
fn strings(ident: &Ident) -> Vec<u8> {
    let mut strings = Vec::new();
    for s in [&ident.game, &ident.params, &ident.key] {
        strings.extend_from_slice(&(s.len() as u32).to_le_bytes());
        strings.extend_from_slice(s.as_bytes());
    }
    strings
}

/// Writes the values of `db` again to `path` in `layout` (zstd at
/// `level` where it compresses): the same header, values and checksum.
pub fn rewrite(db: &Database, path: &Path, layout: Layout, level: i32, ctl: &Control) -> Result<Header, Error> {
    let h = db.header();
    let ident = Ident { game: h.game.clone(), params: h.params.clone(), key: h.key.clone() };
    let width = h.encoding.slot_bytes() as u64;
    let failed = Mutex::new(None);
    let header = write_slots(path, &ident, h.size, h.encoding, layout, level, ctl, |range, out| {
        if let Err(e) = db.slot_bytes(range.start, range.end, out) {
            failed.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(e);
            out.resize(out.len() + ((range.end - range.start) * width) as usize, 0);
        }
    })?;
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => {
            let _ = std::fs::remove_file(path);
            Err(e)
        }
        None => Ok(header),
    }
}

/// Writes `size` slots that `fill(ranks, out)` appends, in `layout`.
#[allow(clippy::too_many_arguments)]
fn write_slots(
    path: &Path,
    ident: &Ident,
    size: u64,
    encoding: Encoding,
    layout: Layout,
    level: i32,
    ctl: &Control,
    fill: impl Fn(std::ops::Range<u64>, &mut Vec<u8>) + Sync,
) -> Result<Header, Error> {
    use rayon::prelude::*;
    let width = encoding.slot_bytes() as usize;
    let strings = strings(ident);
    let data_offset = (32 + strings.len() as u64).div_ceil(64) * 64;
    // Slots read and written at once: whole blocks when they compress.
    // Small plain chunks, and a buffer no larger, keep what writing holds
    // beside a solved table to 2 x threads chunks of 64 KB (a build's peak
    // memory).
    let (chunk_slots, blocks) = match layout {
        Layout::Plain => (1u64 << 16, 0),
        Layout::Zstd { block_log2 } => (1u64 << (block_log2 as u32 + 5).max(18), size.div_ceil(1 << block_log2)),
    };
    let index_bytes = if matches!(layout, Layout::Zstd { .. }) { (blocks + 1) * 8 } else { 0 };

    let partial = path.with_extension("partial");
    let file = File::create(&partial).map_err(|e| io_error(&partial, e))?;
    let mut out = BufWriter::with_capacity(1 << 16, file);
    // the header and block index are written again at the end
    out.write_all(&vec![0u8; (data_offset + index_bytes) as usize]).map_err(|e| io_error(&partial, e))?;
    let mut crc = crc32fast::Hasher::new();
    let mut offsets = vec![index_bytes];
    ctl.start(if blocks > 0 { "writing compressed blocks" } else { "writing the database" }, size);
    // Chunks are filled a batch at once, in parallel (a game's stored
    // positions are found one by one), and written in order; a batch holds
    // at most 64 MiB beyond one chunk, whatever the threads and blocks.
    let chunks = (2 * rayon::current_num_threads() as u64).min(((64 << 20) / (chunk_slots * width as u64)).max(1));
    let batch = chunks * chunk_slots;
    for first in (0..size).step_by(batch as usize) {
        ctl.check()?;
        let last = (first + batch).min(size);
        let filled: Vec<(u64, Vec<u8>)> = (0..(last - first).div_ceil(chunk_slots))
            .into_par_iter()
            .map(|i| {
                let start = first + i * chunk_slots;
                let end = (start + chunk_slots).min(last);
                let mut chunk = Vec::with_capacity((end - start) as usize * width);
                fill(start..end, &mut chunk);
                (end - start, chunk)
            })
            .collect();
        for (slots, chunk) in filled {
            crc.update(&chunk);
            match layout {
                Layout::Plain => out.write_all(&chunk).map_err(|e| io_error(&partial, e))?,
                Layout::Zstd { block_log2 } => {
                    let packed = chunk
                        .par_chunks(width << block_log2)
                        .map(|block| zstd::bulk::compress(block, level))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|e| io_error(&partial, e))?;
                    for block in packed {
                        out.write_all(&block).map_err(|e| io_error(&partial, e))?;
                        offsets.push(offsets.last().unwrap() + block.len() as u64);
                    }
                }
            }
            ctl.advance(slots);
        }
    }
    ctl.finish();
    let header = Header {
        version: VERSION,
        game: ident.game.clone(),
        params: ident.params.clone(),
        key: ident.key.clone(),
        size,
        encoding,
        checksum: crc.finalize(),
        data_offset,
        layout,
    };
    let mut file = out.into_inner().map_err(|e| io_error(&partial, e.into_error()))?;
    file.seek(std::io::SeekFrom::Start(0)).map_err(|e| io_error(&partial, e))?;
    file.write_all(&header_bytes(&header, &strings)).map_err(|e| io_error(&partial, e))?;
    if index_bytes > 0 {
        let index: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
        file.write_all(&index).map_err(|e| io_error(&partial, e))?;
    }
    file.sync_all().map_err(|e| io_error(&partial, e))?;
    std::fs::rename(&partial, path).map_err(|e| io_error(path, e))?;
    Ok(header)
}

fn header_bytes(h: &Header, strings: &[u8]) -> Vec<u8> {
    let mut b = Vec::with_capacity(h.data_offset as usize);
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&h.version.to_le_bytes());
    b.extend_from_slice(&(h.data_offset as u32).to_le_bytes());
    b.extend_from_slice(&h.size.to_le_bytes());
    b.push(h.encoding.code());
    b.push(h.encoding.slot_bytes());
    match h.layout {
        Layout::Plain => b.extend_from_slice(&[0, 0]),
        Layout::Zstd { block_log2 } => b.extend_from_slice(&[1, block_log2]),
    }
    b.extend_from_slice(&h.checksum.to_le_bytes());
    b.extend_from_slice(strings);
    b.resize(h.data_offset as usize, 0);
    b
}

/// A database file opened for lookups through a memory map.
pub struct Database {
    map: memmap2::Mmap,
    header: Header,
    /// Inflated blocks of a compressed file, direct-mapped by block number.
    cache: Vec<Mutex<Option<CachedBlock>>>,
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
        if db.header.layout == Layout::Plain && db.plain_checksum() != db.header.checksum {
            return Err(Error::Data(format!(
                "{}: the file is damaged: its values do not match their checksum",
                path.display()
            )));
        }
        Ok(db)
    }

    /// [`Database::open`] without comparing a plain file's checksum, for
    /// tools that look into a damaged file ([`verify`] names the positions
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
        let layout = match (map[26], map[27]) {
            (0, _) => Layout::Plain,
            (1, log2 @ 8..=30) => Layout::Zstd { block_log2: log2 },
            _ => return Err(bad("an unknown layout")),
        };
        let key = strings.pop().unwrap();
        let params = strings.pop().unwrap();
        let game = strings.pop().unwrap();
        let header = Header { version, game, params, key, size, encoding, checksum, data_offset, layout };
        let db = Database { map, header, cache: (0..CACHED_BLOCKS).map(|_| Mutex::new(None)).collect() };
        match layout {
            Layout::Plain => {
                let want = data_offset + size * encoding.slot_bytes() as u64;
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

    fn blocks(&self) -> u64 {
        match self.header.layout {
            Layout::Plain => 0,
            Layout::Zstd { block_log2 } => self.header.size.div_ceil(1 << block_log2),
        }
    }

    /// The bytes of compressed block `b` (the index is checked at open).
    fn block(&self, b: u64) -> &[u8] {
        let at = |i: u64| {
            let p = (self.header.data_offset + 8 * i) as usize;
            self.header.data_offset as usize + u64::from_le_bytes(self.map[p..p + 8].try_into().unwrap()) as usize
        };
        &self.map[at(b)..at(b + 1)]
    }

    /// Slot bytes that block `b` inflates to.
    fn block_len(&self, b: u64) -> usize {
        let Layout::Zstd { block_log2 } = self.header.layout else { return 0 };
        let first = b << block_log2;
        ((self.header.size - first).min(1 << block_log2) * self.header.encoding.slot_bytes() as u64) as usize
    }

    fn inflate(&self, b: u64) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        self.inflate_into(b, &mut out).then_some(out)
    }

    /// Inflates block `b` into `out` (reusing its room); false if the
    /// block is damaged.
    fn inflate_into(&self, b: u64, out: &mut Vec<u8>) -> bool {
        thread_local! {
            // A decompression context costs more to make than a block
            // costs to inflate: each thread keeps one.
            static INFLATER: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> =
                const { std::cell::RefCell::new(None) };
        }
        let want = self.block_len(b);
        out.clear();
        out.reserve(want);
        INFLATER.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.is_none() {
                *cell = zstd::bulk::Decompressor::new().ok();
            }
            let Some(inflater) = cell.as_mut() else { return false };
            matches!(inflater.decompress_to_buffer(self.block(b), out), Ok(n) if n == want)
        })
    }

    fn check_blocks(&self) -> Result<(), String> {
        use rayon::prelude::*;
        let blocks = self.blocks();
        let data = self.map.len() as u64 - self.header.data_offset;
        let index_end = (blocks + 1) * 8;
        if data < index_end {
            return Err("its block index is cut short".into());
        }
        let mut last = index_end;
        for i in 0..=blocks {
            let p = (self.header.data_offset + 8 * i) as usize;
            let o = u64::from_le_bytes(self.map[p..p + 8].try_into().unwrap());
            if o < last || o > data || (i == 0 && o != index_end) || (i == blocks && o != data) {
                return Err(format!("its block index is damaged at block {i}"));
            }
            last = o;
        }
        let mut crc = crc32fast::Hasher::new();
        const BATCH: u64 = 256;
        for start in (0..blocks).step_by(BATCH as usize) {
            let inflated: Vec<Option<Vec<u8>>> =
                (start..(start + BATCH).min(blocks)).into_par_iter().map(|b| self.inflate(b)).collect();
            for (i, block) in inflated.into_iter().enumerate() {
                crc.update(&block.ok_or_else(|| format!("block {} does not inflate", start + i as u64))?);
            }
        }
        if crc.finalize() != self.header.checksum {
            return Err("its values do not match their checksum".into());
        }
        Ok(())
    }

    /// Appends the slot bytes of ranks `start..end` to `out`.
    fn slot_bytes(&self, start: u64, end: u64, out: &mut Vec<u8>) -> Result<(), Error> {
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

    pub fn len(&self) -> u64 {
        self.header.size
    }

    pub fn is_empty(&self) -> bool {
        self.header.size == 0
    }

    fn data(&self) -> &[u8] {
        &self.map[self.header.data_offset as usize..]
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

    /// Bytes the values take in the file (compressed, where they are).
    pub fn stored_bytes(&self) -> u64 {
        self.map.len() as u64 - self.header.data_offset
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
        let header = Header { layout: Layout::Plain, ..self.header.clone() };
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
        Ok(Database { map, header, cache: Vec::new() })
    }
}

/// A position whose stored value is not what its moves give it from the
/// stored values of the positions they lead to.
#[derive(Clone, Debug)]
pub struct Disagreement<V> {
    pub rank: u64,
    pub stored: V,
    pub derived: V,
}

/// Re-derives every position's value in the file from its children's
/// values (the best move's value, or the game's value of a position with
/// no move; a child the file leaves out searched one ply) and returns the
/// positions that disagree, at most `limit` of them. The file holds every
/// position of the index, or the ones the game stores.
/// This is the check strong-solve authors run: a table in which every
/// position agrees with its children is a fixed point of the game's rules.
pub fn verify<G>(game: &G, db: &Database, limit: usize, ctl: &Control) -> Result<Vec<Disagreement<G::Value>>, Error>
where
    G: Indexed + Sync,
    G::Value: Stored,
{
    use rayon::prelude::*;
    // a file of every position of the index, or of the stored ones
    let stored = game.stored_below(game.size());
    let every = db.len() == game.size();
    if !every && db.len() != stored {
        return Err(Error::Data(format!(
            "the file holds {} positions, the game {} stores {}",
            db.len(),
            db.header().key,
            stored
        )));
    }
    let inflated;
    let db = match db.header().layout {
        Layout::Plain => db,
        Layout::Zstd { .. } => {
            inflated = db.plain(ctl)?;
            &inflated
        }
    };
    let read = |r: u64| {
        db.get::<G::Value>(r).ok_or_else(|| Error::Data("the file holds another kind of value than the game's".into()))
    };
    const CHUNK: u64 = 1 << 16;
    let chunks = db.len().div_ceil(CHUNK);
    ctl.start("verifying", db.len());
    let found = std::sync::Mutex::new(Vec::new());
    (0..chunks).into_par_iter().try_for_each(|c| -> Result<(), Error> {
        ctl.check()?;
        let end = ((c + 1) * CHUNK).min(db.len());
        for s in c * CHUNK..end {
            let r = if every { s } else { game.stored_rank(s) };
            let pos = game.unrank(r);
            let stored = read(s)?;
            let moves = value_moves(game, &pos, |child| {
                value_in(game, child, |r| if every { read(r) } else { value_by_rank(game, r, &read) })
            })?;
            let derived = value_from_analysis(game, &pos, &moves);
            if derived != stored {
                let mut f = found.lock().unwrap_or_else(|e| e.into_inner());
                if f.len() < limit {
                    f.push(Disagreement { rank: r, stored, derived });
                }
            }
        }
        ctl.advance(end - c * CHUNK);
        Ok(())
    })?;
    ctl.finish();
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort_by_key(|d| d.rank);
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Files of several batches of chunks (filled in parallel, written in
    /// order), with a short last chunk: every value reads back, plain and
    /// in blocks, and back to plain gives the very file first written.
    #[test]
    fn files_of_many_chunks_read_back_in_order() {
        let size = 3 * (1 << 20) + 777;
        let mut slot = [0u8; 1];
        let bytes: Vec<u8> = (0..size as u64)
            .map(|i| {
                let k = ((i * 2_654_435_761) >> 7) as u32 % 100;
                let v = if i % 3 == 0 { Outcome::Lose(2 * k) } else { Outcome::Win(2 * k + 1) };
                v.encode(Encoding::OutcomeByte, &mut slot);
                slot[0]
            })
            .collect();
        let solved = Solved::<Outcome>::from_outcome_bytes(bytes.clone());
        let ident = Ident { game: "test".into(), params: String::new(), key: "test".into() };
        let dir = std::env::temp_dir();
        let name = |what: &str| dir.join(format!("boyi-db-chunks-{}-{what}.db", std::process::id()));
        let (plain, packed, again) = (name("plain"), name("packed"), name("again"));
        let ctl = Control::default();
        write(&plain, &ident, &solved, &ctl).unwrap();
        let db = Database::open(&plain).unwrap();
        rewrite(&db, &packed, Layout::Zstd { block_log2: 8 }, 1, &ctl).unwrap();
        let zdb = Database::open(&packed).unwrap();
        for (i, &b) in bytes.iter().enumerate() {
            let want = Outcome::decode(Encoding::OutcomeByte, &[b]);
            assert_eq!(db.get::<Outcome>(i as u64), want, "plain slot {i}");
            if i % 97 == 0 || i + 1000 > size {
                assert_eq!(zdb.get::<Outcome>(i as u64), want, "compressed slot {i}");
            }
        }
        assert!(zdb.checksum_ok(&ctl).unwrap());
        rewrite(&zdb, &again, Layout::Plain, 0, &ctl).unwrap();
        let same = std::fs::read(&plain).unwrap() == std::fs::read(&again).unwrap();
        for f in [&plain, &packed, &again] {
            let _ = std::fs::remove_file(f);
        }
        assert!(same, "plain, compressed and plain again differ");
    }

    fn round_trip<V: Stored>(values: &[V]) -> Result<(), TestCaseError> {
        let encoding = V::encoding(values.iter().copied());
        let w = encoding.slot_bytes() as usize;
        let mut slot = [0u8; 8];
        for &v in values {
            v.encode(encoding, &mut slot[..w]);
            prop_assert_eq!(V::decode(encoding, &slot[..w]), Some(v));
        }
        Ok(())
    }

    fn outcome() -> impl Strategy<Value = Outcome> {
        prop_oneof![Just(Outcome::Draw), (0u32..400).prop_map(Outcome::Win), (0u32..400).prop_map(Outcome::Lose)]
    }

    proptest! {
        #[test]
        fn outcomes_round_trip(values in proptest::collection::vec(outcome(), 0..20)) {
            round_trip(&values)?;
        }

        #[test]
        fn alternating_play_takes_one_byte(wins in proptest::collection::vec(0u32..127, 0..10), losses in proptest::collection::vec(0u32..=127, 0..10)) {
            let values: Vec<Outcome> = wins.iter().map(|&k| Outcome::Win(2 * k + 1))
                .chain(losses.iter().map(|&k| Outcome::Lose(2 * k)))
                .chain(std::iter::once(Outcome::Draw))
                .collect();
            prop_assert_eq!(Outcome::encoding(values.iter().copied()), Encoding::OutcomeByte);
            round_trip(&values)?;
        }

        #[test]
        fn scores_round_trip_in_the_fewest_bytes(values in proptest::collection::vec(any::<i64>(), 0..20), shift in 0u32..64) {
            let values: Vec<i64> = values.iter().map(|v| v >> shift).collect();
            let Encoding::Integer { bytes } = i64::encoding(values.iter().copied()) else { unreachable!() };
            let fits_in = |b: u32| b == 8 || values.iter().all(|&v| v >= -(1i64 << (8 * b - 1)) && v < 1i64 << (8 * b - 1));
            prop_assert!(fits_in(bytes as u32));
            if bytes > 1 {
                prop_assert!(!fits_in(bytes as u32 / 2));
            }
            round_trip(&values)?;
            let small: Vec<i32> = values.iter().map(|&v| v as i32).collect();
            round_trip(&small)?;
        }
    }

    #[test]
    fn a_win_in_253_plies_is_the_last_that_fits_a_byte() {
        assert_eq!(Outcome::encoding([Outcome::Win(253), Outcome::Lose(254)].into_iter()), Encoding::OutcomeByte);
        assert_eq!(Outcome::encoding([Outcome::Win(255)].into_iter()), Encoding::OutcomeWord);
        assert_eq!(Outcome::encoding([Outcome::Win(2)].into_iter()), Encoding::OutcomeWord);
        assert_eq!(Outcome::encoding([Outcome::Lose(3)].into_iter()), Encoding::OutcomeWord);
    }
}
