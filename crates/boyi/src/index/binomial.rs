//! The binomial number system: a k-subset `{p_0 < p_1 < … < p_{k-1}}` of
//! `0..n` has colex rank `Σ C(p_j, j + 1)`, a bijection onto `0..C(n, k)`.
//! Moving one element up by one changes the rank by a single binomial, which
//! is what makes incremental rank updates O(1).

/// Pascal's triangle up to `C(64, ·)`; every entry fits in a `u64`.
#[derive(Clone, Debug)]
pub struct Binomial {
    rows: usize,
    table: Vec<u64>,
}

impl Binomial {
    pub const MAX_N: usize = 64;

    /// One table for the whole process.
    pub fn shared() -> &'static Binomial {
        static TABLE: std::sync::OnceLock<Binomial> = std::sync::OnceLock::new();
        TABLE.get_or_init(Binomial::new)
    }

    pub fn new() -> Self {
        let rows = Self::MAX_N + 1;
        let mut table = vec![0u64; rows * rows];
        for n in 0..rows {
            table[n * rows] = 1;
            for k in 1..=n {
                table[n * rows + k] = table[(n - 1) * rows + k - 1] + table[(n - 1) * rows + k];
            }
        }
        Binomial { rows, table }
    }

    /// `C(n, k)`, zero when `k > n`.
    #[inline]
    pub fn get(&self, n: u32, k: u32) -> u64 {
        debug_assert!((n as usize) < self.rows);
        if k > n {
            0
        } else {
            self.table[n as usize * self.rows + k as usize]
        }
    }
}

impl Default for Binomial {
    fn default() -> Self {
        Self::new()
    }
}

/// Colex ranking of the `ones`-element subsets of `0..bits`, as bitmasks.
#[derive(Clone, Copy, Debug)]
pub struct Combinations {
    bits: u32,
    ones: u32,
    binom: &'static Binomial,
}

impl Combinations {
    /// Subsets of size `ones` of `0..bits`; `bits <= 64`.
    pub fn new(bits: u32, ones: u32) -> Self {
        assert!(bits as usize <= Binomial::MAX_N && ones <= bits);
        Combinations { bits, ones, binom: Binomial::shared() }
    }

    pub fn bits(&self) -> u32 {
        self.bits
    }

    pub fn ones(&self) -> u32 {
        self.ones
    }

    pub fn binomial(&self) -> &'static Binomial {
        self.binom
    }

    /// Number of subsets: `C(bits, ones)`.
    pub fn size(&self) -> u64 {
        self.binom.get(self.bits, self.ones)
    }

    pub fn rank(&self, mut mask: u64) -> u64 {
        debug_assert_eq!(mask.count_ones(), self.ones);
        let mut rank = 0;
        let mut j = 1;
        while mask != 0 {
            let p = mask.trailing_zeros();
            rank += self.binom.get(p, j);
            mask &= mask - 1;
            j += 1;
        }
        rank
    }

    pub fn unrank(&self, mut rank: u64) -> u64 {
        debug_assert!(rank < self.size());
        let mut mask = 0u64;
        let mut p = self.bits;
        for j in (1..=self.ones).rev() {
            // The largest p with C(p, j) <= rank; positions only go down.
            p -= 1;
            while self.binom.get(p, j) > rank {
                p -= 1;
            }
            rank -= self.binom.get(p, j);
            mask |= 1 << p;
        }
        mask
    }

    /// Rank change when element number `j` (0-based from the bottom), at
    /// position `p`, moves to the free position `p + 1`:
    /// `C(p + 1, j + 1) - C(p, j + 1) = C(p, j)`.
    #[inline]
    pub fn step_up_delta(&self, p: u32, j: u32) -> u64 {
        self.binom.get(p, j)
    }
}

/// The colex ranks of a set with one element more, each in O(1) after
/// O(k) set-up: an element `q` added where `j` of the set's stand below it
/// keeps those `j` at their places, counts `C(q, j + 1)`, and moves every
/// one above it up a place. What a position's moves that each add one
/// stone to the same stones need ranked.
#[derive(Clone, Debug)]
pub struct Insertions {
    set: u64,
    /// Indexed by `j`: the rank of the set's lowest `j` elements as they
    /// stand, plus that of the others moved up a place.
    kept_and_moved: [u64; 65],
    binom: &'static Binomial,
}

impl Insertions {
    pub fn new(set: u64) -> Self {
        let binom = Binomial::shared();
        let mut below = 0u64;
        let mut above: u64 = super::bitmask::ones(set).enumerate().map(|(i, p)| binom.get(p, i as u32 + 2)).sum();
        let mut kept_and_moved = [0u64; 65];
        for (i, p) in super::bitmask::ones(set).enumerate() {
            kept_and_moved[i] = below + above;
            below += binom.get(p, i as u32 + 1);
            above -= binom.get(p, i as u32 + 2);
        }
        kept_and_moved[set.count_ones() as usize] = below;
        Insertions { set, kept_and_moved, binom }
    }

    /// The colex rank of the set with `q` (not in it) added.
    #[inline]
    pub fn rank_with(&self, q: u32) -> u64 {
        debug_assert!(q < 64 && self.set >> q & 1 == 0);
        let j = (self.set & ((1u64 << q) - 1)).count_ones();
        self.kept_and_moved[j as usize] + self.binom.get(q, j + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn pascal() {
        let b = Binomial::new();
        assert_eq!(b.get(5, 2), 10);
        assert_eq!(b.get(20, 10), 184_756);
        assert_eq!(b.get(30, 15), 155_117_520);
        assert_eq!(b.get(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(b.get(3, 4), 0);
    }

    #[test]
    fn every_rank_round_trips_and_masks_are_ordered() {
        for bits in 0..=10 {
            for ones in 0..=bits {
                let c = Combinations::new(bits, ones);
                let mut prev = None;
                for r in 0..c.size() {
                    let m = c.unrank(r);
                    assert_eq!(m.count_ones(), ones);
                    assert!(m < (1u64 << bits) || bits == 64);
                    assert_eq!(c.rank(m), r);
                    // colex order on sets is numeric order on masks
                    if let Some(p) = prev {
                        assert!(m > p);
                    }
                    prev = Some(m);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn large_round_trip(bits in 1u32..=64, frac in 0.0f64..1.0, pick in any::<u64>()) {
            let ones = ((bits as f64) * frac) as u32;
            let c = Combinations::new(bits, ones);
            let r = pick % c.size();
            prop_assert_eq!(c.rank(c.unrank(r)), r);
        }

        #[test]
        fn insertions_rank_as_the_set_with_the_element(bits in 1u32..=40, seed in any::<u64>()) {
            let ones = (seed % bits as u64) as u32;
            let c = Combinations::new(bits, ones);
            let set = c.unrank((seed >> 8) % c.size());
            let with = Combinations::new(bits, ones + 1);
            let inserted = Insertions::new(set);
            for q in (0..bits).filter(|&q| set >> q & 1 == 0) {
                prop_assert_eq!(inserted.rank_with(q), with.rank(set | 1 << q), "{:b} with {}", set, q);
            }
        }

        #[test]
        fn step_up_delta_matches_full_rank(bits in 2u32..=40, seed in any::<u64>()) {
            let ones = 1 + (seed % (bits as u64 - 1)) as u32;
            let c = Combinations::new(bits, ones);
            let mask = c.unrank(seed % c.size());
            let mut j = 0;
            let mut m = mask;
            while m != 0 {
                let p = m.trailing_zeros();
                if p + 1 < bits && mask & (1 << (p + 1)) == 0 {
                    let moved = mask ^ (1 << p) ^ (1 << (p + 1));
                    prop_assert_eq!(c.rank(moved), c.rank(mask) + c.step_up_delta(p, j));
                }
                m &= m - 1;
                j += 1;
            }
        }
    }
}
