//! Writing a file: a solve's values whole, or the positions a game
//! stores, one part of a partitioned solve at a time, or a file's values
//! again in another layout. A file is written beside its place and put
//! there once whole.

use std::fs::File;
use std::io::{BufWriter, Seek, Write};
use std::path::Path;
use std::sync::Mutex;

use super::database::Database;
use super::encoding::{Encoding, Stored};
use super::header::{header_bytes, strings, Header, Ident, Layout, VERSION};
use super::io_error;
use crate::control::Control;
use crate::error::Error;
use crate::game::Indexed;
use crate::peers::Peers;
use crate::solve::Solved;

/// Slots a compressed block holds by default: in a Dōbutsu file of the
/// stored positions a lookup by position (a third of them search one ply,
/// reading several blocks) takes 4.3 µs with 2^10, under the 5 µs asked
/// of a lookup, where 2^11 took 5.9 µs for a file 9 % smaller
/// (docs/benchmarks.md).
pub const BLOCK_LOG2: u8 = 10;
/// zstd's level for `boyi db build --compress` when none is given.
pub const DEFAULT_LEVEL: i32 = 19;

/// Writes `solved` to `path` (replacing it only once the whole file is
/// written, so an interrupted write leaves no half a database).
pub fn write<V: Stored>(path: &Path, ident: &Ident, solved: &Solved<V>, ctl: &Control) -> Result<Header, Error> {
    write_with_tail(path, ident, solved, &[], ctl)
}

/// [`write`], with `tail` kept after the values (see [`Header::tail`]).
pub fn write_with_tail<V: Stored>(
    path: &Path,
    ident: &Ident,
    solved: &Solved<V>,
    tail: &[u8],
    ctl: &Control,
) -> Result<Header, Error> {
    if let Some(bytes) = solved.outcome_bytes() {
        let layout = Layout::Plain;
        return write_slots(path, ident, solved.len(), Encoding::OutcomeByte, layout, 0, tail, ctl, |range, out| {
            out.extend_from_slice(&bytes[range.start as usize..range.end as usize])
        });
    }
    let encoding = V::encoding((0..solved.len()).map(|r| solved.value_at(r)));
    let width = encoding.slot_bytes() as usize;
    write_slots(path, ident, solved.len(), encoding, Layout::Plain, 0, tail, ctl, |range, out| {
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
    write_slots(path, ident, slots, encoding, Layout::Plain, 0, &[], ctl, |range, out| {
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
    let data_offset = data_offset(&strings);
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
        tail: 0,
    };
    if peers.me() == 0 {
        file.write_all_at(&header_bytes(&header, &strings), 0).map_err(err)?;
        file.sync_all().map_err(err)?;
        std::fs::rename(&partial, path).map_err(|e| io_error(path, e))?;
    }
    peers.gather(0)?;
    Ok(header)
}

/// Writes the values of `db` again to `path` in `layout` (zstd at
/// `level` where it compresses): the same header, values and checksum.
pub fn rewrite(db: &Database, path: &Path, layout: Layout, level: i32, ctl: &Control) -> Result<Header, Error> {
    let h = db.header();
    if h.tail > 0 {
        return Err(Error::Data(format!(
            "{}'s file keeps {} bytes of its own after the values, which a rewrite would lose",
            h.game, h.tail
        )));
    }
    let ident = Ident { game: h.game.clone(), params: h.params.clone(), key: h.key.clone() };
    let width = h.encoding.slot_bytes() as u64;
    let failed = Mutex::new(None);
    let header = write_slots(path, &ident, h.size, h.encoding, layout, level, &[], ctl, |range, out| {
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
/// Where the values start: past the fixed fields, the strings and the
/// tail's length, at a multiple of 64.
fn data_offset(strings: &[u8]) -> u64 {
    (32 + strings.len() as u64 + 8).div_ceil(64) * 64
}

#[allow(clippy::too_many_arguments)]
fn write_slots(
    path: &Path,
    ident: &Ident,
    size: u64,
    encoding: Encoding,
    layout: Layout,
    level: i32,
    tail: &[u8],
    ctl: &Control,
    fill: impl Fn(std::ops::Range<u64>, &mut Vec<u8>) + Sync,
) -> Result<Header, Error> {
    use rayon::prelude::*;
    let width = encoding.slot_bytes() as usize;
    let strings = strings(ident);
    let data_offset = data_offset(&strings);
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
    out.write_all(tail).map_err(|e| io_error(&partial, e))?;
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
        tail: tail.len() as u64,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Outcome;

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

    /// A tail comes back as written, after values that read as before; a
    /// file cut short in its tail is refused.
    #[test]
    fn a_tail_after_the_values_reads_back() {
        let solved = Solved::<i64>::from_values([3, -7, 1 << 40, 0]);
        let ident = Ident { game: "test".into(), params: String::new(), key: "tail".into() };
        let path = std::env::temp_dir().join(format!("boyi-db-tail-{}.db", std::process::id()));
        let tail: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
        let header = write_with_tail(&path, &ident, &solved, &tail, &Control::default()).unwrap();
        assert_eq!(header.tail, 1000);
        let db = Database::open(&path).unwrap();
        assert_eq!(db.tail(), &tail[..]);
        assert_eq!((0..4).map(|r| db.get::<i64>(r).unwrap()).collect::<Vec<_>>(), [3, -7, 1 << 40, 0]);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        let cut = Database::open(&path);
        let _ = std::fs::remove_file(&path);
        assert!(cut.is_err(), "a file cut short in its tail opens");
    }
}
