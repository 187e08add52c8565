//! A fixed-size transposition table that stays correct under pruning.
//!
//! Alpha-beta often learns only that a value is at least (or at most) some
//! score. Storing such a bound as if it were the value is the classic bug of
//! memoised pruned search; every entry here says which kind it holds.
//!
//! Slots are two atomic words, the key stored XOR the data, so threads share
//! one table without locks: a torn write fails the key check and reads as a
//! miss. Four slots make a 64-byte bucket (one cache line); a new entry
//! replaces the same position, else an entry of an older search, else the
//! entry whose subtree took the least work. Clearing bumps a generation
//! number, so a new search starts with an empty table in O(1).
//!
//! A search uses the table's first 64 MiB at first and doubles what it
//! uses as one search's entries outgrow it ([`TranspositionTable::note_stores`]): the
//! operating system zeroes every page a search touches, and a gigabyte
//! touched all over cost 1.7 s of system time on 40 openings that 64 MiB
//! solve as fast. A slot's check is the whole key, so a key found in
//! another bucket after a doubling is still never mistaken.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the score.
    Lower,
    /// The value is at most the score.
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i64,
    pub bound: Bound,
    /// The best move found, in the game's hint encoding.
    pub hint: Option<u8>,
}

// Data word: score (32) | bound (2) | hint (8) | work (6) | generation (16).
const BOUND_SHIFT: u32 = 32;
const HINT_SHIFT: u32 = 34;
const WORK_SHIFT: u32 = 42;
const GEN_SHIFT: u32 = 48;
const NO_HINT: u64 = 0xff;

impl Entry {
    fn encode(self, work: u64, generation: u64) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let hint = self.hint.map_or(NO_HINT, u64::from);
        (self.score as i32 as u32 as u64)
            | bound << BOUND_SHIFT
            | hint << HINT_SHIFT
            | work.min(63) << WORK_SHIFT
            | generation << GEN_SHIFT
    }

    fn decode(data: u64) -> Option<Entry> {
        let bound = match (data >> BOUND_SHIFT) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let hint = (data >> HINT_SHIFT) & 0xff;
        Some(Entry { score: data as u32 as i32 as i64, bound, hint: (hint != NO_HINT).then_some(hint as u8) })
    }

    /// Scores the table can hold.
    pub fn fits(score: i64) -> bool {
        i32::try_from(score).is_ok()
    }
}

fn work_of(data: u64) -> u64 {
    (data >> WORK_SHIFT) & 63
}

fn generation_of(data: u64) -> u64 {
    data >> GEN_SHIFT
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Slot; 4]);

/// The buckets, zeroed by the operating system: the pages arrive on first
/// touch, so a large table costs nothing until the search fills it. On
/// Linux the memory asks for 2 MiB pages: probes land anywhere in the table,
/// and with 4 KiB pages a short search would spend most of its time faulting
/// pages in.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    layout: std::alloc::Layout,
    /// From `mmap` (Linux) rather than the global allocator.
    mapped: bool,
}

// SAFETY: the buckets are atomics, shared as `&[Bucket]`.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

impl Buckets {
    fn zeroed(len: usize) -> Self {
        let layout = std::alloc::Layout::array::<Bucket>(len).expect("table size fits the address space");
        // Fresh anonymous memory is zero and arrives page by page on first touch.
        #[cfg(target_os = "linux")]
        {
            // SAFETY: a private anonymous mapping of `layout.size()` bytes,
            // unmapped in `drop` with the same size.
            let raw = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    layout.size(),
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if raw != libc::MAP_FAILED {
                crate::memory::advise_huge_pages(raw as *const u8, layout.size());
                let ptr = std::ptr::NonNull::new(raw as *mut Bucket).expect("mmap returns non-null on success");
                return Buckets { ptr, len, layout, mapped: true };
            }
        }
        // SAFETY: the layout has a non-zero size (at least one 64-byte bucket).
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let Some(ptr) = std::ptr::NonNull::new(raw as *mut Bucket) else {
            std::alloc::handle_alloc_error(layout);
        };
        Buckets { ptr, len, layout, mapped: false }
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `len` zeroed buckets live at `ptr`, and all-zero bytes are a
        // valid `Bucket` (atomics only).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        if self.mapped {
            #[cfg(target_os = "linux")]
            // SAFETY: mapped in `zeroed` with this size.
            unsafe {
                libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, self.layout.size());
            }
        } else {
            // SAFETY: allocated in `zeroed` with this layout.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, self.layout) };
        }
    }
}

pub struct TranspositionTable {
    buckets: Buckets,
    /// The buckets in use (a power of two, minus one), up to all of them.
    mask: AtomicU64,
    /// Nodes searched since the buckets in use last doubled or a search began.
    work: AtomicU64,
    /// Entries of other generations are stale: they read as misses.
    generation: AtomicU32,
}

impl TranspositionTable {
    pub const SLOT_BYTES: u64 = 16;
    const BUCKET_BYTES: u64 = 64;
    const GENERATIONS: u32 = 1 << 16;

    /// The largest power-of-two table within `bytes` (at least one bucket).
    pub fn with_bytes(bytes: u64) -> Self {
        let buckets = (bytes / Self::BUCKET_BYTES).max(1);
        let buckets = 1u64 << (63 - buckets.leading_zeros());
        TranspositionTable {
            buckets: Buckets::zeroed(buckets as usize),
            mask: AtomicU64::new(buckets.min(Self::FIRST_BUCKETS) - 1),
            work: AtomicU64::new(0),
            generation: AtomicU32::new(1),
        }
    }

    /// Buckets in use at first: 64 MiB.
    const FIRST_BUCKETS: u64 = 1 << 20;
    const SLOTS_PER_BUCKET: u64 = Self::BUCKET_BYTES / Self::SLOT_BYTES;
    /// Entries one search stores, per slot in use, before the table
    /// doubles: a table that has taken as many entries as it has slots
    /// starts to replace what it holds. Counting stores, not nodes, lets a
    /// search that keeps most of its entries elsewhere (Connect Four's
    /// positions near the leaves) keep a small table: the empty board's
    /// weak solve, one thread, whole process (`solve`), 7.0–7.7 s at 64
    /// MiB against 8.1–8.3 s when 8 nodes a slot had widened it to 128 MiB;
    /// exact 10.1–10.9 s against 12.3–12.6 s at 256 MiB. Every page a
    /// wider table adds is zeroed by the operating system on first touch.
    const STORES_PER_SLOT: u64 = 1;

    /// Tells the table that a search has stored `stores` more entries in
    /// it: once one search has stored [`Self::STORES_PER_SLOT`] times as
    /// many as the slots in use, it uses twice as many buckets. Many small
    /// searches (a judge's positions) keep to the first buckets; one large
    /// one widens it as far as it fills it. Searches call it every few
    /// thousand nodes, so it is off the hot path.
    pub fn note_stores(&self, stores: u64) {
        let mask = self.mask.load(Ordering::Relaxed);
        if mask + 1 == self.buckets.len() as u64 {
            return;
        }
        let work = self.work.fetch_add(stores, Ordering::Relaxed) + stores;
        if work >= (mask + 1) * Self::SLOTS_PER_BUCKET * Self::STORES_PER_SLOT {
            let wider = (mask << 1 | 1).min(self.buckets.len() as u64 - 1);
            if self.mask.compare_exchange(mask, wider, Ordering::Relaxed, Ordering::Relaxed).is_ok() {
                self.work.store(0, Ordering::Relaxed);
            }
        }
    }

    /// A new search begins: the work that widens the table starts over.
    pub fn start_search(&self) {
        self.work.store(0, Ordering::Relaxed);
    }

    /// The bytes of buckets in use now.
    pub fn bytes_in_use(&self) -> u64 {
        (self.mask.load(Ordering::Relaxed) + 1) * Self::BUCKET_BYTES
    }

    pub fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * Self::BUCKET_BYTES
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Keys from simple encodings have structured bits; mixing spreads them.
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.buckets[((h >> 32) ^ (h >> 7)) as usize & self.mask.load(Ordering::Relaxed) as usize]
    }

    #[inline]
    fn current(&self) -> u64 {
        self.generation.load(Ordering::Relaxed) as u64
    }

    /// Starts the table over for a new, unrelated search, in O(1).
    pub fn clear(&self) {
        let next = self.generation.load(Ordering::Relaxed) + 1;
        if next == Self::GENERATIONS {
            // Old generations would come back to life: wipe for real, once in 65535 clears.
            for b in self.buckets.iter() {
                for s in &b.0 {
                    s.check.store(0, Ordering::Relaxed);
                    s.data.store(0, Ordering::Relaxed);
                }
            }
            self.generation.store(1, Ordering::Relaxed);
        } else {
            self.generation.store(next, Ordering::Relaxed);
        }
    }

    /// Faults every page of the table in now, so that timing a later search
    /// does not count the operating system zeroing memory. Call it before
    /// any search uses the table.
    pub fn touch_all(&self) {
        // every page is paid for: use them all from the start
        self.mask.store(self.buckets.len() as u64 - 1, Ordering::Relaxed);
        const STRIDE: usize = 4096 / 64;
        for b in self.buckets.iter().step_by(STRIDE) {
            // A real store: a read, or an atomic "or 0" that the compiler
            // turns into one, maps the shared zero page, and the first store
            // of the search then pays for copying it (a 2 MiB huge page).
            let slot = &b.0[0].data;
            slot.store(slot.load(Ordering::Relaxed), Ordering::Relaxed);
        }
    }

    /// Brings the bucket of `key` into cache ahead of a probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::memory::prefetch(self.bucket(key));
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let generation = self.current();
        for slot in &self.bucket(key).0 {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key && generation_of(data) == generation {
                return Entry::decode(data);
            }
        }
        None
    }

    /// Stores `entry`, found with `work` nodes of search (kept as its log).
    #[inline]
    pub fn store(&self, key: u64, entry: Entry, work: u64) {
        if !Entry::fits(entry.score) {
            return;
        }
        let generation = self.current();
        let log_work = 64 - work.leading_zeros() as u64;
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_rank = u64::MAX;
        for slot in &bucket.0 {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            let rank = if check ^ data == key {
                0
            } else if generation_of(data) != generation || data == 0 {
                1
            } else {
                2 + work_of(data)
            };
            if rank < victim_rank {
                victim = slot;
                victim_rank = rank;
                if rank == 0 {
                    break;
                }
            }
        }
        let data = entry.encode(log_work, generation);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let tt = TranspositionTable::with_bytes(1 << 12);
        for (i, score) in [-(1i64 << 30), -3, 0, 7, (1 << 30) - 2].into_iter().enumerate() {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for hint in [None, Some(0), Some(254)] {
                    let key = 12345 + i as u64 * 7919;
                    let e = Entry { score, bound, hint };
                    tt.store(key, e, 1000);
                    assert_eq!(tt.probe(key), Some(e));
                    assert_eq!(tt.probe(key + 1), None);
                }
            }
        }
    }

    #[test]
    fn clearing_empties_the_table() {
        let tt = TranspositionTable::with_bytes(1 << 12);
        let e = Entry { score: 5, bound: Bound::Exact, hint: None };
        tt.store(99, e, 1);
        assert_eq!(tt.probe(99), Some(e));
        tt.clear();
        assert_eq!(tt.probe(99), None);
        for _ in 0..70_000 {
            tt.clear();
        }
        assert_eq!(tt.probe(99), None);
        tt.store(99, e, 1);
        assert_eq!(tt.probe(99), Some(e));
    }

    #[test]
    fn busy_buckets_keep_the_costliest_entries() {
        // a one-bucket table: every key lands in the same four slots
        let tt = TranspositionTable::with_bytes(64);
        let e = |s| Entry { score: s, bound: Bound::Lower, hint: None };
        for k in 1..=4u64 {
            tt.store(k, e(k as i64), 1 << (10 * k));
        }
        tt.store(5, e(5), 2);
        assert_eq!(tt.probe(1), None, "the cheapest entry made room");
        for k in 2..=5u64 {
            assert!(tt.probe(k).is_some());
        }
    }

    /// A large table uses its first 64 MiB until one search outgrows them,
    /// then doubles; what was stored before reads back or misses, and no
    /// key reads another's entry.
    #[test]
    fn one_large_search_widens_the_table() {
        let tt = TranspositionTable::with_bytes(256 << 20);
        let first = TranspositionTable::FIRST_BUCKETS;
        assert_eq!(tt.bytes_in_use(), 64 << 20);
        let entry = |k: u64| Entry { score: k as i64 % 1000, bound: Bound::Exact, hint: None };
        for k in 0..10_000u64 {
            tt.store(k * 7919, entry(k), 1);
        }
        // many small searches keep to the first buckets
        let per_bucket = TranspositionTable::SLOTS_PER_BUCKET * TranspositionTable::STORES_PER_SLOT;
        for _ in 0..8 {
            tt.start_search();
            tt.note_stores(first * per_bucket - 1);
        }
        assert_eq!(tt.bytes_in_use(), 64 << 20);
        tt.note_stores(1);
        assert_eq!(tt.bytes_in_use(), 128 << 20);
        let mut kept = 0;
        for k in 0..10_000u64 {
            if let Some(e) = tt.probe(k * 7919) {
                assert_eq!(e, entry(k));
                kept += 1;
            }
            assert_eq!(tt.probe(k * 7919 + 1), None);
        }
        // a key's bucket either stays or moves to the new half
        assert!(kept > 3000 && kept < 7000, "{kept}");
        tt.note_stores(first * 2 * per_bucket);
        assert_eq!(tt.bytes_in_use(), 256 << 20);
        tt.note_stores(first * 100 * per_bucket);
        assert_eq!(tt.bytes_in_use(), 256 << 20, "never past the table");
        let small = TranspositionTable::with_bytes(1 << 12);
        assert_eq!(small.bytes_in_use(), 1 << 12);
    }

    #[test]
    fn empty_table_misses_key_zero() {
        let tt = TranspositionTable::with_bytes(64);
        assert_eq!(tt.probe(0), None);
    }
}
