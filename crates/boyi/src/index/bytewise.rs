//! Masks of up to 32 items ranked and squeezed a byte at a time, by tables:
//! a lookup a byte where [`Combinations`] loops a bit. For the hot paths of
//! games on boards of a few dozen points (Morris), where a position's rank
//! is taken for every move read.
//!
//! [`Combinations`]: super::binomial::Combinations

use std::sync::OnceLock;

use super::binomial::Binomial;

/// The tables: colex rank contributions by byte and the ones below it, and
/// a byte's bits squeezed to (or spread from) the places a mask keeps.
#[derive(Debug)]
pub struct Bytewise {
    /// `rank[(byte * 33 + below) * 256 + bits]`: `Σ C(8·byte + k, below + t)`
    /// over the `t`-th set bit `k` of `bits`, from 1.
    rank: Vec<u32>,
    /// `squeeze[keep * 256 + bits]`: the bits of `bits` at `keep`'s places,
    /// packed to the bottom.
    squeeze: Vec<u8>,
    /// `spread[keep * 256 + bits]`: the low bits of `bits` put at `keep`'s
    /// places, in order.
    spread: Vec<u8>,
}

impl Bytewise {
    /// The tables, built once a process (about 260 KB).
    pub fn shared() -> &'static Bytewise {
        static TABLES: OnceLock<Bytewise> = OnceLock::new();
        TABLES.get_or_init(Bytewise::new)
    }

    fn new() -> Bytewise {
        let binom = Binomial::shared();
        let mut rank = vec![0u32; 4 * 33 * 256];
        for byte in 0..4u32 {
            for below in 0..33u32 {
                for bits in 0..256u32 {
                    let (mut sum, mut t) = (0u64, below);
                    for k in (0..8).filter(|k| bits >> k & 1 == 1) {
                        t += 1;
                        if t <= 32 {
                            sum += binom.get(8 * byte + k, t);
                        }
                    }
                    // a sum the masks of 32 bits can reach fits: C(32, 16) < 2^32
                    rank[((byte * 33 + below) * 256 + bits) as usize] = sum.min(u32::MAX as u64) as u32;
                }
            }
        }
        let mut squeeze = vec![0u8; 256 * 256];
        let mut spread = vec![0u8; 256 * 256];
        for keep in 0..256u32 {
            for bits in 0..256u32 {
                let (mut packed, mut placed, mut i) = (0u32, 0u32, 0);
                for k in (0..8).filter(|k| keep >> k & 1 == 1) {
                    packed |= (bits >> k & 1) << i;
                    placed |= (bits >> i & 1) << k;
                    i += 1;
                }
                squeeze[(keep * 256 + bits) as usize] = packed as u8;
                spread[(keep * 256 + bits) as usize] = placed as u8;
            }
        }
        Bytewise { rank, squeeze, spread }
    }

    /// `mask`'s colex rank among the masks of as many ones: what
    /// [`Combinations::rank`](super::binomial::Combinations::rank) gives.
    #[inline]
    pub fn rank(&self, mask: u32) -> u64 {
        let mut sum = 0u64;
        let mut below = 0u32;
        let mut byte = 0;
        let mut rest = mask;
        while rest != 0 {
            let bits = rest & 0xff;
            sum += self.rank[((byte * 33 + below) * 256 + bits) as usize] as u64;
            below += bits.count_ones();
            rest >>= 8;
            byte += 1;
        }
        sum
    }

    /// The bits of `v` at the places `keep` holds, packed to the bottom in
    /// order (what the x86 instruction `pext` does).
    #[inline]
    pub fn squeeze(&self, v: u32, keep: u32) -> u32 {
        let (mut out, mut shift) = (0u32, 0u32);
        for byte in 0..4 {
            let k = keep >> (8 * byte) & 0xff;
            let b = v >> (8 * byte) & 0xff;
            out |= (self.squeeze[(k * 256 + b) as usize] as u32) << shift;
            shift += k.count_ones();
        }
        out
    }

    /// The low bits of `v` put at the places `keep` holds, in order: the
    /// inverse of [`Bytewise::squeeze`] (x86's `pdep`).
    #[inline]
    pub fn spread(&self, v: u32, keep: u32) -> u32 {
        let (mut out, mut shift) = (0u32, 0u32);
        for byte in 0..4 {
            let k = keep >> (8 * byte) & 0xff;
            // a full mask's last byte starts at bit 24: the shift stays below 32
            let b = v >> shift & 0xff;
            out |= (self.spread[(k * 256 + b) as usize] as u32) << (8 * byte);
            shift += k.count_ones();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::binomial::Combinations;
    use proptest::prelude::*;

    /// The plain loops the tables replace.
    fn squeeze_by_bits(v: u32, keep: u32) -> u32 {
        let (mut out, mut i) = (0, 0);
        for k in (0..32).filter(|k| keep >> k & 1 == 1) {
            out |= (v >> k & 1) << i;
            i += 1;
        }
        out
    }

    proptest! {
        #[test]
        fn ranks_are_the_colex_ranks(mask in any::<u32>()) {
            let ones = mask.count_ones();
            for bits in [24u32, 32] {
                if bits == 32 || mask >> bits == 0 {
                    prop_assert_eq!(Bytewise::shared().rank(mask), Combinations::new(bits, ones).rank(mask as u64));
                }
            }
            let low = mask & 0xffffff;
            prop_assert_eq!(Bytewise::shared().rank(low), Combinations::new(24, low.count_ones()).rank(low as u64));
        }

        #[test]
        fn squeeze_and_spread_are_inverse(v in any::<u32>(), keep in any::<u32>()) {
            let t = Bytewise::shared();
            let packed = t.squeeze(v, keep);
            prop_assert_eq!(packed, squeeze_by_bits(v, keep));
            prop_assert_eq!(t.spread(packed, keep), v & keep);
            let low = if keep.count_ones() == 32 { v } else { v & ((1u32 << keep.count_ones()) - 1) };
            prop_assert_eq!(t.squeeze(t.spread(v, keep), keep), low);
        }
    }
}
