//! Subsets of up to 64 items as bitmasks. The mask itself is the rank; what
//! this module adds is walking the masks of one popcount, which is how
//! take-away games ("pick a bag", "remove a number") are layered.

use super::binomial::Combinations;

/// Calls `f` with every mask of `bits` bits with exactly `ones` set,
/// ascending (Gosper's hack).
pub fn masks_with_popcount(bits: u32, ones: u32, mut f: impl FnMut(u64)) {
    assert!(bits <= 64 && ones <= bits);
    if ones == 0 {
        f(0);
        return;
    }
    let last = if ones == 64 { u64::MAX } else { ((1u64 << ones) - 1) << (bits - ones) };
    let mut m = if ones == 64 { u64::MAX } else { (1u64 << ones) - 1 };
    loop {
        f(m);
        if m == last {
            return;
        }
        m = next_same_popcount(m);
    }
}

/// The masks of one popcount cut into runs of consecutive masks (in colex
/// order), so that threads can walk different runs: each run starts by
/// unranking its first mask and goes on with Gosper's hack.
#[derive(Clone, Copy, Debug)]
pub struct PopcountRuns {
    comb: Combinations,
    run: u64,
}

impl PopcountRuns {
    pub fn new(bits: u32, ones: u32, run: u64) -> Self {
        PopcountRuns { comb: Combinations::new(bits, ones), run: run.max(1) }
    }

    pub fn count(&self) -> usize {
        self.comb.size().div_ceil(self.run) as usize
    }

    /// Calls `f` with each mask of run `index`, ascending.
    pub fn for_each(&self, index: usize, mut f: impl FnMut(u64)) {
        let first = index as u64 * self.run;
        let len = self.run.min(self.comb.size().saturating_sub(first));
        if len == 0 {
            return;
        }
        let mut m = self.comb.unrank(first);
        for i in 0..len {
            f(m);
            if i + 1 < len {
                m = next_same_popcount(m);
            }
        }
    }
}

/// The next larger mask with as many set bits (Gosper's hack); `m != 0`.
#[inline]
pub fn next_same_popcount(m: u64) -> u64 {
    let low = m & m.wrapping_neg();
    let ripple = m.wrapping_add(low);
    ripple | (((m ^ ripple) >> 2) / low)
}

/// The positions of the set bits of `mask`, lowest first.
pub fn ones(mask: u64) -> impl Iterator<Item = u32> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let p = m.trailing_zeros();
            m &= m - 1;
            Some(p)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn popcount_layers_partition_the_cube() {
        for bits in 0..=12u32 {
            let mut all = Vec::new();
            for k in 0..=bits {
                let mut layer = Vec::new();
                masks_with_popcount(bits, k, |m| layer.push(m));
                assert!(layer.windows(2).all(|w| w[0] < w[1]));
                assert!(layer.iter().all(|m| m.count_ones() == k && *m < 1 << bits));
                all.extend(layer);
            }
            all.sort();
            assert_eq!(all, (0..1u64 << bits).collect::<Vec<_>>());
        }
    }

    #[test]
    fn runs_cover_a_layer_in_order() {
        for bits in 0..=10u32 {
            for ones in 0..=bits {
                let mut whole = Vec::new();
                masks_with_popcount(bits, ones, |m| whole.push(m));
                for run in [1, 3, 7, 1000] {
                    let runs = PopcountRuns::new(bits, ones, run);
                    let mut walked = Vec::new();
                    for i in 0..runs.count() {
                        runs.for_each(i, |m| walked.push(m));
                    }
                    assert_eq!(walked, whole);
                }
            }
        }
    }

    #[test]
    fn set_bits() {
        assert_eq!(ones(0b1010_0110).collect::<Vec<_>>(), [1, 2, 5, 7]);
        assert_eq!(ones(0).count(), 0);
    }
}
