//! A fixed-size transposition table that stays correct under pruning.
//!
//! Alpha-beta often learns only that a value is at least (or at most) some
//! score. Storing such a bound as if it were the value is the classic bug of
//! memoised pruned search; every entry here says which kind it holds.
//!
//! Slots are two atomic words, the key stored XOR the data, so several
//! threads can share one table without locks: a torn write fails the key
//! check and reads as a miss.

use std::sync::atomic::{AtomicU64, Ordering};

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
    /// Index of the best move found, in the game's move order.
    pub best: Option<u8>,
}

impl Entry {
    const SCORE_BITS: u32 = 48;

    fn encode(self) -> u64 {
        let score = (self.score as u64) & ((1 << Self::SCORE_BITS) - 1);
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = self.best.map_or(0xff, u64::from);
        score | bound << Self::SCORE_BITS | best << (Self::SCORE_BITS + 2)
    }

    fn decode(data: u64) -> Option<Entry> {
        let shift = 64 - Self::SCORE_BITS;
        let score = ((data << shift) as i64) >> shift;
        let bound = match (data >> Self::SCORE_BITS) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let best = ((data >> (Self::SCORE_BITS + 2)) & 0xff) as u8;
        Some(Entry { score, bound, best: (best != 0xff).then_some(best) })
    }

    /// Scores the table can hold: 48-bit two's complement.
    pub fn fits(score: i64) -> bool {
        let limit = 1i64 << (Self::SCORE_BITS - 1);
        (-limit..limit).contains(&score)
    }
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: u64,
}

impl TranspositionTable {
    pub const SLOT_BYTES: u64 = 16;

    /// The largest power-of-two table within `bytes` (at least one slot).
    pub fn with_bytes(bytes: u64) -> Self {
        let slots = (bytes / Self::SLOT_BYTES).max(1);
        let slots = 1u64 << (63 - slots.leading_zeros());
        TranspositionTable {
            slots: (0..slots).map(|_| Slot { check: AtomicU64::new(0), data: AtomicU64::new(0) }).collect(),
            mask: slots - 1,
        }
    }

    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * Self::SLOT_BYTES
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // Keys from simple encodings have structured low bits; mixing spreads them.
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.slots[((h >> 20) & self.mask) as usize]
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        Entry::decode(data)
    }

    /// Always replaces: recent entries are the ones the search returns to.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        if !Entry::fits(entry.score) {
            return;
        }
        let slot = self.slot(key);
        let data = entry.encode();
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let tt = TranspositionTable::with_bytes(1 << 10);
        for (i, score) in [-(1i64 << 40), -3, 0, 7, (1 << 40) - 2].into_iter().enumerate() {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for best in [None, Some(0), Some(254)] {
                    let key = 12345 + i as u64 * 7919;
                    let e = Entry { score, bound, best };
                    tt.store(key, e);
                    assert_eq!(tt.probe(key), Some(e));
                    assert_eq!(tt.probe(key + 1), None);
                }
            }
        }
    }

    #[test]
    fn empty_table_misses_key_zero() {
        let tt = TranspositionTable::with_bytes(64);
        assert_eq!(tt.probe(0), None);
    }
}
