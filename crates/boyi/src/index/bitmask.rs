//! Subsets of up to 64 items as bitmasks. The mask itself is the rank; what
//! this module adds is walking the masks of one popcount, which is how
//! take-away games ("pick a bag", "remove a number") are layered.

/// Appends every mask of `bits` bits with exactly `ones` set, ascending
/// (Gosper's hack).
pub fn masks_with_popcount(bits: u32, ones: u32, out: &mut Vec<u64>) {
    assert!(bits <= 64 && ones <= bits);
    if ones == 0 {
        out.push(0);
        return;
    }
    let last = if ones == 64 {
        u64::MAX
    } else {
        ((1u64 << ones) - 1) << (bits - ones)
    };
    let mut m = if ones == 64 {
        u64::MAX
    } else {
        (1u64 << ones) - 1
    };
    loop {
        out.push(m);
        if m == last {
            return;
        }
        let low = m & m.wrapping_neg();
        let ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
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
                masks_with_popcount(bits, k, &mut layer);
                assert!(layer.windows(2).all(|w| w[0] < w[1]));
                assert!(layer.iter().all(|m| m.count_ones() == k && *m < 1 << bits));
                all.extend(layer);
            }
            all.sort();
            assert_eq!(all, (0..1u64 << bits).collect::<Vec<_>>());
        }
    }

    #[test]
    fn set_bits() {
        assert_eq!(ones(0b1010_0110).collect::<Vec<_>>(), [1, 2, 5, 7]);
        assert_eq!(ones(0).count(), 0);
    }
}
