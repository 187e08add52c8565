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
//!     26     2  reserved (0)
//!     28     4  CRC-32 of the value bytes
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

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use crate::control::Control;
use crate::error::Error;
use crate::game::Indexed;
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
}

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
    let encoding = V::encoding((0..solved.len()).map(|r| solved.value_at(r)));
    let width = encoding.slot_bytes() as usize;
    let mut strings = Vec::new();
    for s in [&ident.game, &ident.params, &ident.key] {
        strings.extend_from_slice(&(s.len() as u32).to_le_bytes());
        strings.extend_from_slice(s.as_bytes());
    }
    let data_offset = (32 + strings.len() as u64).div_ceil(64) * 64;

    let partial = path.with_extension("partial");
    let file = File::create(&partial).map_err(|e| io_error(&partial, e))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    // the header is written again at the end, with the checksum
    out.write_all(&vec![0u8; data_offset as usize]).map_err(|e| io_error(&partial, e))?;
    let mut crc = crc32fast::Hasher::new();
    let mut chunk = Vec::with_capacity(1 << 20);
    let mut slot = [0u8; 8];
    const CHUNK: u64 = 1 << 18;
    ctl.start("writing the database", solved.len());
    for start in (0..solved.len()).step_by(CHUNK as usize) {
        ctl.check()?;
        chunk.clear();
        for r in start..(start + CHUNK).min(solved.len()) {
            solved.value_at(r).encode(encoding, &mut slot[..width]);
            chunk.extend_from_slice(&slot[..width]);
        }
        crc.update(&chunk);
        out.write_all(&chunk).map_err(|e| io_error(&partial, e))?;
        ctl.advance(chunk.len() as u64 / width as u64);
    }
    ctl.finish();
    let header = Header {
        version: VERSION,
        game: ident.game.clone(),
        params: ident.params.clone(),
        key: ident.key.clone(),
        size: solved.len(),
        encoding,
        checksum: crc.finalize(),
        data_offset,
    };
    let mut file = out.into_inner().map_err(|e| io_error(&partial, e.into_error()))?;
    use std::io::Seek;
    file.seek(std::io::SeekFrom::Start(0)).map_err(|e| io_error(&partial, e))?;
    file.write_all(&header_bytes(&header, &strings)).map_err(|e| io_error(&partial, e))?;
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
    b.extend_from_slice(&[0, 0]);
    b.extend_from_slice(&h.checksum.to_le_bytes());
    b.extend_from_slice(strings);
    b.resize(h.data_offset as usize, 0);
    b
}

/// A database file opened for lookups through a memory map.
pub struct Database {
    map: memmap2::Mmap,
    header: Header,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database").field("header", &self.header).finish()
    }
}

impl Database {
    /// Opens `path` and checks its header and length (not its checksum:
    /// that reads every byte; see [`Database::checksum_ok`]).
    pub fn open(path: &Path) -> Result<Database, Error> {
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
        let want = data_offset + size * encoding.slot_bytes() as u64;
        if map.len() as u64 != want {
            return Err(bad(&format!("{} bytes where its header promises {want}", map.len())));
        }
        let key = strings.pop().unwrap();
        let params = strings.pop().unwrap();
        let game = strings.pop().unwrap();
        let header = Header { version, game, params, key, size, encoding, checksum, data_offset };
        Ok(Database { map, header })
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
        let at = rank as usize * w;
        V::decode(self.header.encoding, &self.data()[at..at + w])
    }

    /// Whether the values still have the checksum they were written with.
    pub fn checksum_ok(&self, ctl: &Control) -> Result<bool, Error> {
        let mut crc = crc32fast::Hasher::new();
        for chunk in self.data().chunks(1 << 22) {
            ctl.check()?;
            crc.update(chunk);
        }
        Ok(crc.finalize() == self.header.checksum)
    }

    /// Counts of each value held, smallest first (for `db info`).
    pub fn histogram<V: Stored>(&self, ctl: &Control) -> Result<Vec<(V, u64)>, Error> {
        let mut counts = std::collections::BTreeMap::new();
        for r in 0..self.len() {
            if r % (1 << 20) == 0 {
                ctl.check()?;
            }
            if let Some(v) = self.get::<V>(r) {
                *counts.entry(v).or_insert(0u64) += 1;
            }
        }
        Ok(counts.into_iter().collect())
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

/// Re-derives every position's value from its children's values in the
/// file (the best move's value, or the game's value of a position with no
/// move) and returns the positions that disagree, at most `limit` of them.
/// This is the check strong-solve authors run: a table in which every
/// position agrees with its children is a fixed point of the game's rules.
pub fn verify<G>(game: &G, db: &Database, limit: usize, ctl: &Control) -> Result<Vec<Disagreement<G::Value>>, Error>
where
    G: Indexed + Sync,
    G::Value: Stored,
{
    use rayon::prelude::*;
    if db.len() != game.size() {
        return Err(Error::Data(format!(
            "the file holds {} positions, the game {} has {}",
            db.len(),
            db.header().key,
            game.size()
        )));
    }
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
        for r in c * CHUNK..end {
            let pos = game.unrank(r);
            let stored = read(r)?;
            let moves = value_moves(game, &pos, |child| read(game.rank(child)))?;
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
