//! A compressed file's blocks: where each lies, inflating one, and
//! checking them all at open.

use super::database::Database;
use super::header::Layout;

impl Database {
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

    pub(super) fn inflate(&self, b: u64) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        self.inflate_into(b, &mut out).then_some(out)
    }

    /// Inflates block `b` into `out` (reusing its room); false if the
    /// block is damaged.
    pub(super) fn inflate_into(&self, b: u64, out: &mut Vec<u8>) -> bool {
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

    pub(super) fn check_blocks(&self) -> Result<(), String> {
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
}
