//! A solution of a user's game kept in a file: a boyi database (`boyi db
//! info` reads its header) whose slots are the positions' values, by
//! position number, and whose tail holds what a lookup needs besides:
//! every position's key, the keys' order, every position's moves (the
//! child's number, the move itself, for scores its reward and bonus turn),
//! scores' lengths and which positions are sums. A lookup encodes the
//! position asked for and finds it by binary search; nothing of the game
//! is called for a position in the file.
//!
//! A position's key is `game.key(pos)` (an int or bytes) where the game
//! has one, else its encoding here, which covers what positions usually
//! are: None, bools, ints of any size, floats, str, bytes, and tuples and
//! frozensets of these (a frozenset's items in the order of their
//! encodings, so equal sets encode alike). Moves are kept by the same
//! encoding. Each value starts with a tag byte:
//!
//! ```text
//! N           None          T / F       True / False
//! i u32 n B   an int, n bytes of two's complement, little-endian
//! d 8 B       a float (IEEE 754, little-endian)
//! s u32 n B   a str (UTF-8)      b u32 n B   bytes
//! t u32 k …   a tuple of k items f u32 k …   a frozenset of k items
//! K …         a key the game's key() gave (then i or b)
//! ```
//!
//! The tail (all integers little-endian):
//!
//! ```text
//! "boyi-py1"  u8 kind (0 outcome, 1 score, 2 nimber, 3 misère)
//! u8 keyed (1: keys from key()), u8 ends (1: no position repeats)
//! u64 positions n, u64 starts, u64 moves m
//! (n+1) u64 key offsets, then the keys' bytes
//! n u32 position numbers in the order of their keys' bytes
//! (n+1) u64 first move of each position, m u32 the moves' children
//! (m+1) u64 move offsets, then the moves' bytes
//! scores: m i64 rewards, m u8 bonus turns, n u32 lengths
//! ceil(n/8) u8 which positions are sums (nimbers)
//! u32 CRC-32 of all the above
//! ```

use std::path::Path;
use std::sync::Arc;

use boyi::db::{self, Database, Ident};
use boyi::solve::graph::scores::Scored;
use boyi::solve::Solved;
use boyi::{Control, Outcome};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyFloat, PyFrozenSet, PyInt, PyString, PyTuple};

use super::callbacks::short_repr;
use super::solution::Values;
use super::Kind;

const MAGIC: &[u8; 8] = b"boyi-py1";

/// Appends the encoding of `x` (see the module's doc) to `out`.
pub fn encode(x: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> PyResult<()> {
    let counted = |out: &mut Vec<u8>, tag: u8, bytes: &[u8]| {
        out.push(tag);
        out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(bytes);
    };
    if x.is_none() {
        out.push(b'N');
    } else if x.is_instance_of::<PyBool>() {
        out.push(if x.extract::<bool>()? { b'T' } else { b'F' });
    } else if x.is_instance_of::<PyInt>() {
        // Python's own two's complement, as few bytes as hold it
        let bits: usize = x.call_method0("bit_length")?.extract()?;
        let n = bits / 8 + 1;
        let kwargs = pyo3::types::PyDict::new(x.py());
        kwargs.set_item("signed", true)?;
        let bytes = x.call_method("to_bytes", (n, "little"), Some(&kwargs))?;
        counted(out, b'i', bytes.cast::<PyBytes>()?.as_bytes());
    } else if x.is_instance_of::<PyFloat>() {
        out.push(b'd');
        out.extend_from_slice(&x.extract::<f64>()?.to_le_bytes());
    } else if x.is_instance_of::<PyString>() {
        counted(out, b's', x.extract::<String>()?.as_bytes());
    } else if let Ok(bytes) = x.cast::<PyBytes>() {
        counted(out, b'b', bytes.as_bytes());
    } else if let Ok(tuple) = x.cast::<PyTuple>() {
        out.push(b't');
        out.extend_from_slice(&(tuple.len() as u32).to_le_bytes());
        for item in tuple.iter() {
            encode(&item, out)?;
        }
    } else if let Ok(set) = x.cast::<PyFrozenSet>() {
        let mut items = Vec::with_capacity(set.len());
        for item in set.iter() {
            let mut one = Vec::new();
            encode(&item, &mut one)?;
            items.push(one);
        }
        items.sort();
        out.push(b'f');
        out.extend_from_slice(&(items.len() as u32).to_le_bytes());
        for item in items {
            out.extend_from_slice(&item);
        }
    } else {
        return Err(PyTypeError::new_err(format!(
            "{} cannot be kept in a file: positions and moves of None, bools, ints, floats, str, bytes and \
             tuples or frozensets of these can; give the game a key(pos) method (an int or bytes) for others",
            short_repr(x)
        )));
    }
    Ok(())
}

/// The value an encoding at the start of `bytes` stands for, and the bytes after it.
pub fn decode<'py, 'b>(py: Python<'py>, bytes: &'b [u8]) -> PyResult<(Bound<'py, PyAny>, &'b [u8])> {
    let bad = || PyValueError::new_err("the file's positions are damaged (an encoding ends too soon)");
    let (&tag, rest) = bytes.split_first().ok_or_else(bad)?;
    let count = |rest: &'b [u8]| -> PyResult<(usize, &'b [u8])> {
        let n = u32::from_le_bytes(rest.get(..4).ok_or_else(bad)?.try_into().unwrap()) as usize;
        Ok((n, &rest[4..]))
    };
    Ok(match tag {
        b'N' => (py.None().into_bound(py), rest),
        b'T' => (PyBool::new(py, true).to_owned().into_any(), rest),
        b'F' => (PyBool::new(py, false).to_owned().into_any(), rest),
        b'i' => {
            let (n, rest) = count(rest)?;
            let digits = rest.get(..n).ok_or_else(bad)?;
            let kwargs = pyo3::types::PyDict::new(py);
            kwargs.set_item("signed", true)?;
            let int = py.get_type::<PyInt>().call_method(
                "from_bytes",
                (PyBytes::new(py, digits), "little"),
                Some(&kwargs),
            )?;
            (int, &rest[n..])
        }
        b'd' => {
            let f = f64::from_le_bytes(rest.get(..8).ok_or_else(bad)?.try_into().unwrap());
            (PyFloat::new(py, f).into_any(), &rest[8..])
        }
        b's' => {
            let (n, rest) = count(rest)?;
            let text = std::str::from_utf8(rest.get(..n).ok_or_else(bad)?).map_err(|_| bad())?;
            (PyString::new(py, text).into_any(), &rest[n..])
        }
        b'b' => {
            let (n, rest) = count(rest)?;
            (PyBytes::new(py, rest.get(..n).ok_or_else(bad)?).into_any(), &rest[n..])
        }
        b't' | b'f' => {
            let (k, mut rest) = count(rest)?;
            let mut items = Vec::with_capacity(k.min(1 << 16));
            for _ in 0..k {
                let (item, after) = decode(py, rest)?;
                items.push(item);
                rest = after;
            }
            let object = if tag == b't' {
                PyTuple::new(py, items)?.into_any()
            } else {
                PyFrozenSet::new(py, &items)?.into_any()
            };
            (object, rest)
        }
        _ => return Err(bad()),
    })
}

/// `key(pos)` as a key's bytes, or the position's own encoding.
pub fn key_of(key: Option<&Bound<'_, PyAny>>, pos: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> PyResult<()> {
    let Some(key) = key else { return encode(pos, out) };
    let k = key.call1((pos,))?;
    let int = k.is_instance_of::<PyInt>() && !k.is_instance_of::<PyBool>();
    if !int && !k.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(format!(
            "key({}) returned {}; a key is an int or bytes",
            short_repr(pos),
            short_repr(&k)
        )));
    }
    out.push(b'K');
    encode(&k, out)
}

/// A tail being written.
struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, x: u8) {
        self.0.push(x);
    }
    fn u32(&mut self, x: u32) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    fn u64(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    fn i64(&mut self, x: i64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    /// Items one after another, behind their offsets.
    fn blobs(&mut self, items: &[Vec<u8>]) {
        let mut at = 0u64;
        self.u64(at);
        for item in items {
            at += item.len() as u64;
            self.u64(at);
        }
        for item in items {
            self.0.extend_from_slice(item);
        }
    }
}

/// A move as a file keeps it: the child's number, the move's encoding,
/// its reward and whether its mover plays again.
pub type KeptMove = (u32, Vec<u8>, i64, bool);

/// What a solution gives its file.
pub struct Contents<'a> {
    pub kind: Kind,
    /// Whether every game ends (the values came from one backward pass).
    pub ends: bool,
    pub name: String,
    pub starts: usize,
    pub keys: Vec<Vec<u8>>,
    pub keyed: bool,
    pub values: &'a Values,
    /// Each position's moves.
    pub moves: Vec<Vec<KeptMove>>,
    pub sums: Vec<bool>,
}

pub fn write(path: &Path, c: Contents<'_>) -> Result<db::Header, boyi::Error> {
    let n = c.keys.len();
    let m: usize = c.moves.iter().map(Vec::len).sum();
    let mut w = Writer(Vec::new());
    w.0.extend_from_slice(MAGIC);
    w.u8(match c.kind {
        Kind::Outcome => 0,
        Kind::Score => 1,
        Kind::Nimber => 2,
        Kind::Misere => 3,
    });
    w.u8(u8::from(c.keyed));
    w.u8(u8::from(c.ends));
    w.u64(n as u64);
    w.u64(c.starts as u64);
    w.u64(m as u64);
    w.blobs(&c.keys);
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by(|&a, &b| c.keys[a as usize].cmp(&c.keys[b as usize]));
    for v in order {
        w.u32(v);
    }
    let mut first = 0u64;
    w.u64(first);
    for moves in &c.moves {
        first += moves.len() as u64;
        w.u64(first);
    }
    for moves in &c.moves {
        for &(child, ..) in moves {
            w.u32(child);
        }
    }
    let encoded: Vec<Vec<u8>> = c.moves.iter().flatten().map(|(_, mv, ..)| mv.clone()).collect();
    w.blobs(&encoded);
    if let Values::Score(values) = c.values {
        for &(_, _, reward, _) in c.moves.iter().flatten() {
            w.i64(reward);
        }
        for &(_, _, _, again) in c.moves.iter().flatten() {
            w.u8(u8::from(again));
        }
        for s in values {
            w.u32(s.moves);
        }
    }
    let mut bits = vec![0u8; n.div_ceil(8)];
    for (v, &sum) in c.sums.iter().enumerate() {
        if sum {
            bits[v / 8] |= 1 << (v % 8);
        }
    }
    w.0.extend_from_slice(&bits);
    let crc = crc32(&w.0);
    w.u32(crc);
    let ident = Ident {
        game: format!("python:{}", c.name),
        params: format!("values={}", c.kind.name()),
        key: format!("python:{}:{}", c.name, c.kind.name()),
    };
    let ctl = Control::default();
    match c.values {
        Values::Outcome(values) => {
            db::write_with_tail(path, &ident, &Solved::from_values(values.iter().copied()), &w.0, &ctl)
        }
        Values::Score(values) => {
            db::write_with_tail(path, &ident, &Solved::from_values(values.iter().map(|s| s.margin)), &w.0, &ctl)
        }
        Values::Nimber(values) => {
            // (a nimber past i64 is no nimber a graph that fits in memory has)
            db::write_with_tail(path, &ident, &Solved::from_values(values.iter().map(|&g| g as i64)), &w.0, &ctl)
        }
    }
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(bytes);
    h.finalize()
}

/// A saved solution, read through the file's map.
pub struct Saved {
    db: Arc<Database>,
    pub kind: Kind,
    pub keyed: bool,
    /// Whether every game ends (no position repeats).
    pub ends: bool,
    pub len: usize,
    pub starts: usize,
    moves_count: usize,
    key_offsets: usize,
    key_bytes: usize,
    order: usize,
    move_first: usize,
    children: usize,
    move_offsets: usize,
    move_bytes: usize,
    rewards: usize,
    again: usize,
    sums: usize,
}

impl Saved {
    pub fn open(path: &Path) -> Result<(Saved, Values), String> {
        let db = Arc::new(Database::open(path).map_err(|e| e.to_string())?);
        let tail = db.tail();
        let bad = |why: &str| format!("{}: not a solution saved from Python: {why}", path.display());
        if tail.len() < 8 + 3 + 24 + 4 || &tail[..8] != MAGIC {
            return Err(bad("its tail does not start with the mark solutions keep"));
        }
        let (body, crc) = tail.split_at(tail.len() - 4);
        if crc32(body) != u32::from_le_bytes(crc.try_into().unwrap()) {
            return Err(format!("{}: the file is damaged: its positions do not match their checksum", path.display()));
        }
        let kind = match tail[8] {
            0 => Kind::Outcome,
            1 => Kind::Score,
            2 => Kind::Nimber,
            3 => Kind::Misere,
            _ => return Err(bad("an unknown kind of value")),
        };
        let u64_at = |at: usize| u64::from_le_bytes(tail[at..at + 8].try_into().unwrap()) as usize;
        let (keyed, ends) = (tail[9] == 1, tail[10] == 1);
        let (n, starts, m) = (u64_at(11), u64_at(19), u64_at(27));
        if n as u64 != db.len() {
            return Err(bad(&format!("{} values for {n} positions", db.len())));
        }
        // Where each array starts, checked against the tail's length.
        let mut at = 35usize;
        let mut take = |bytes: usize| -> Result<usize, String> {
            let start = at;
            at = at.checked_add(bytes).filter(|&end| end <= body.len()).ok_or_else(|| bad("its tail is cut short"))?;
            Ok(start)
        };
        let key_offsets = take((n + 1) * 8)?;
        let key_total = u64_at(key_offsets + n * 8);
        let key_bytes = take(key_total)?;
        let order = take(n * 4)?;
        let move_first = take((n + 1) * 8)?;
        let children = take(m * 4)?;
        let move_offsets = take((m + 1) * 8)?;
        let move_total = u64_at(move_offsets + m * 8);
        let move_bytes = take(move_total)?;
        let (rewards, again, lengths) =
            if kind == Kind::Score { (take(m * 8)?, take(m)?, take(n * 4)?) } else { (0, 0, 0) };
        let sums = take(n.div_ceil(8))?;
        let saved = Saved {
            db: db.clone(),
            kind,
            keyed,
            ends,
            len: n,
            starts,
            moves_count: m,
            key_offsets,
            key_bytes,
            order,
            move_first,
            children,
            move_offsets,
            move_bytes,
            rewards,
            again,
            sums,
        };
        let values = match kind {
            Kind::Outcome | Kind::Misere => Values::Outcome(
                (0..n as u64)
                    .map(|r| db.get::<Outcome>(r).ok_or_else(|| bad("its values are not outcomes")))
                    .collect::<Result<_, _>>()?,
            ),
            Kind::Score => Values::Score(
                (0..n)
                    .map(|v| {
                        let margin = db.get::<i64>(v as u64).ok_or_else(|| bad("its values are not scores"))?;
                        let moves = u32::from_le_bytes(tail[lengths + 4 * v..lengths + 4 * v + 4].try_into().unwrap());
                        Ok(Scored { margin, moves })
                    })
                    .collect::<Result<_, String>>()?,
            ),
            Kind::Nimber => Values::Nimber(
                (0..n as u64)
                    .map(|r| db.get::<i64>(r).map(|g| g as u64).ok_or_else(|| bad("its values are not nimbers")))
                    .collect::<Result<_, _>>()?,
            ),
        };
        Ok((saved, values))
    }

    fn tail(&self) -> &[u8] {
        self.db.tail()
    }

    fn u64_at(&self, at: usize) -> usize {
        u64::from_le_bytes(self.tail()[at..at + 8].try_into().unwrap()) as usize
    }

    fn u32_at(&self, at: usize) -> u32 {
        u32::from_le_bytes(self.tail()[at..at + 4].try_into().unwrap())
    }

    /// The game the file's header names.
    pub fn game(&self) -> &str {
        &self.db.header().game
    }

    /// Position `v`'s key as the file keeps it.
    pub fn key_bytes(&self, v: u32) -> &[u8] {
        self.key(v as usize)
    }

    fn key(&self, v: usize) -> &[u8] {
        let (from, to) = (self.u64_at(self.key_offsets + 8 * v), self.u64_at(self.key_offsets + 8 * v + 8));
        &self.tail()[self.key_bytes + from..self.key_bytes + to]
    }

    /// The number of the position whose key is `key`.
    pub fn find(&self, key: &[u8]) -> Option<u32> {
        let (mut lo, mut hi) = (0, self.len);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let v = self.u32_at(self.order + 4 * mid);
            match self.key(v as usize).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(v),
            }
        }
        None
    }

    /// Position `v` as a Python object (positions kept by their own encoding only).
    pub fn object<'py>(&self, py: Python<'py>, v: u32) -> PyResult<Bound<'py, PyAny>> {
        if self.keyed {
            return Err(PyValueError::new_err(
                "the file keeps positions by the game's key(pos), not the positions themselves",
            ));
        }
        Ok(decode(py, self.key(v as usize))?.0)
    }

    pub fn edge_range(&self, v: u32) -> std::ops::Range<usize> {
        self.u64_at(self.move_first + 8 * v as usize)..self.u64_at(self.move_first + 8 * v as usize + 8)
    }

    pub fn child(&self, e: usize) -> u32 {
        self.u32_at(self.children + 4 * e)
    }

    pub fn move_object<'py>(&self, py: Python<'py>, e: usize) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = (self.u64_at(self.move_offsets + 8 * e), self.u64_at(self.move_offsets + 8 * e + 8));
        Ok(decode(py, &self.tail()[self.move_bytes + from..self.move_bytes + to])?.0)
    }

    pub fn step(&self, e: usize) -> (i64, bool) {
        if self.kind != Kind::Score {
            return (0, false);
        }
        let reward =
            i64::from_le_bytes(self.tail()[self.rewards + 8 * e..self.rewards + 8 * e + 8].try_into().unwrap());
        (reward, self.tail()[self.again + e] == 1)
    }

    pub fn is_sum(&self, v: u32) -> bool {
        self.tail()[self.sums + v as usize / 8] >> (v % 8) & 1 == 1
    }

    pub fn moves(&self) -> usize {
        self.moves_count
    }
}
