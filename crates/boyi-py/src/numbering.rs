//! Python objects numbered `0, 1, 2, ...` in the order first seen, told
//! apart by Python's own `hash` and `==` (never by their text).
//!
//! A Python dict would do the same, but numbering a new position through
//! one costs two lookups (get, then set: each hashes the position again,
//! and a tuple does not cache its hash) and a new int object a position.
//! Here a position is hashed once, and each number's hash is kept so the
//! table grows without calling back into Python.

use hashbrown::HashTable;
use pyo3::prelude::*;

#[derive(Default)]
pub struct Numbering {
    table: HashTable<u32>,
    hashes: Vec<u64>,
    objects: Vec<Py<PyAny>>,
}

/// Python's hash of a small int is the int itself; spread it over the
/// whole word, since the table reads its top bits too.
#[inline]
fn spread(hash: isize) -> u64 {
    (hash as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}

impl Numbering {
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn object<'py>(&self, py: Python<'py>, id: u32) -> &Bound<'py, PyAny> {
        self.objects[id as usize].bind(py)
    }

    pub fn objects(&self) -> &[Py<PyAny>] {
        &self.objects
    }

    fn find(&self, pos: &Bound<'_, PyAny>, hash: u64) -> PyResult<Option<u32>> {
        let py = pos.py();
        let mut failed = None;
        let found = self.table.find(hash, |&id| {
            let known = self.objects[id as usize].bind(py);
            if known.is(pos) {
                return true;
            }
            match known.eq(pos) {
                Ok(same) => same,
                Err(e) => {
                    failed.get_or_insert(e);
                    false
                }
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(found.copied()),
        }
    }

    /// The number of `pos`, if it has one.
    pub fn get(&self, pos: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        let hash = spread(pos.hash()?);
        self.find(pos, hash)
    }

    /// The number of `pos`, given the next one if it is new (unless
    /// `most` objects are numbered already: then `None`).
    pub fn number(&mut self, pos: &Bound<'_, PyAny>, most: usize) -> PyResult<Option<u32>> {
        let hash = spread(pos.hash()?);
        if let Some(id) = self.find(pos, hash)? {
            return Ok(Some(id));
        }
        if self.objects.len() >= most {
            return Ok(None);
        }
        let id = self.objects.len() as u32;
        let hashes = &self.hashes;
        self.table.insert_unique(hash, id, |&known| hashes[known as usize]);
        self.hashes.push(hash);
        self.objects.push(pos.clone().unbind());
        Ok(Some(id))
    }
}
