//! What each thread of a search did, for finding out what two threads
//! duplicate: nodes searched, how often the shared table answered, and a
//! sample of the positions searched (one key in `SAMPLE`), so that the
//! positions both threads searched can be estimated without keeping every
//! key. Off unless asked for (`AlphaBeta::with_stats`): a search then pays
//! one branch a node.

use rustc_hash::FxHashSet;

/// One key in this many is sampled (by a hash of the key, so every thread
/// samples the same positions).
pub const SAMPLE: u64 = 16;

#[derive(Clone, Debug, Default)]
pub struct ThreadStats {
    /// Nodes entered (the search's own count).
    pub nodes: u64,
    /// Nodes that looked in the table (forced and decided nodes do not).
    pub probes: u64,
    /// Of those, how many found an entry.
    pub hits: u64,
    /// Of those, how many the entry settled without a search.
    pub cutoffs: u64,
    sampled: FxHashSet<u64>,
}

impl ThreadStats {
    #[inline]
    pub(super) fn probe(&mut self, key: u64, hit: bool) {
        self.probes += 1;
        self.hits += u64::from(hit);
        if sampled(key) {
            self.sampled.insert(key);
        }
    }

    /// Adds another search's counts (the same thread's, a later search).
    pub(super) fn absorb(&mut self, other: ThreadStats) {
        self.nodes += other.nodes;
        self.probes += other.probes;
        self.hits += other.hits;
        self.cutoffs += other.cutoffs;
        self.sampled.extend(other.sampled);
    }

    /// Distinct positions searched, estimated from the sample.
    pub fn distinct(&self) -> u64 {
        self.sampled.len() as u64 * SAMPLE
    }

    /// Distinct positions both `self` and `other` searched, estimated.
    pub fn shared_with(&self, other: &ThreadStats) -> u64 {
        let (small, large) = if self.sampled.len() <= other.sampled.len() { (self, other) } else { (other, self) };
        small.sampled.iter().filter(|k| large.sampled.contains(k)).count() as u64 * SAMPLE
    }
}

#[inline]
fn sampled(key: u64) -> bool {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60 == 0
}
