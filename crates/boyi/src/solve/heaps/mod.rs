//! Grundy sequences of take-and-break heap games, and their periods.
//!
//! A [`TakeBreak`] rule says, for each number `k` of tokens taken from a heap,
//! into how many non-empty heaps (0 to 3) the rest may be left. Octal games,
//! subtraction games and Grundy's game are all such rules; the catalogue
//! turns their names and codes into rules, the engine only sees digits.
//!
//! [`heap_values`] computes `G(0..=N)`. Splitting moves make the plain method
//! quadratic (every heap `n` pairs all `a + b = n - k`), so beyond a short
//! warm-up it uses the sparse-space method (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 4, "Sparse space spells speed"): a bit mask splits
//! values into *rare* and *common* ones by the parity of their masked bits.
//! The XOR of two values of equal class is rare-parity and of different
//! classes common-parity, so the common options of a heap all come from pairs
//! that hold a rare heap, and rare heaps are few. The least common value not
//! among those options is the answer unless a smaller rare-parity value is
//! missing too; those are checked by looking for one pair that makes them
//! (nearly always found in a few probes, from a short list of where each
//! value occurs), and only when none is found is the heap scanned in full.
//! Every answer is therefore exact; the mask only decides the speed. The
//! mask is chosen from the values seen so far and chosen again as the
//! sequence grows; for rules whose splitting takes all have one parity, a
//! heap's class may also depend on its parity (Flammenkamp's sparse
//! positions in the domain), which makes e.g. Dawson's Kayles sparse.
//!
//! Values are stored in the narrowest unsigned integer that holds them (one
//! byte a heap for every game measured here), widened when a value outgrows it.
//!
//! [`find_period`] finds the period and preperiod of a computed sequence and
//! whether the periodicity theorem for octal games proves it: a rule that
//! takes at most `t` tokens and leaves at most two heaps, with
//! `G(n + p) = G(n)` for all `n0 <= n < 2 n0 + p + t`, is periodic from `n0`
//! for ever (Guy and Smith, 1956; *Winning Ways*, ch. 4).

//!
//! In parts: [`rule`] the rules, [`sparse`] the engine that computes a
//! sequence (plain and sparse space), [`period`] periods.

mod period;
mod rule;
mod sparse;

use std::ops::BitXor;

use crate::control::Control;
use crate::error::Error;
pub use period::{find_period, Periodicity};
pub use rule::TakeBreak;
use sparse::Engine;

/// A stored Grundy value: `u8`, `u16` or `u32`.
pub trait Word: Copy + Default + Eq + Send + Sync + BitXor<Output = Self> + 'static {
    const MAX: u32;
    fn get(self) -> u32;
    /// `v` must be at most `MAX`.
    fn new(v: u32) -> Self;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const MAX: u32 = <$t>::MAX as u32;
            #[inline]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline]
            fn new(v: u32) -> Self {
                v as $t
            }
        }
    )*};
}
word!(u8, u16, u32);

/// `G(0..=N)`, in the narrowest integer type that holds every value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nimbers {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl Nimbers {
    pub fn len(&self) -> usize {
        match self {
            Nimbers::U8(v) => v.len(),
            Nimbers::U16(v) => v.len(),
            Nimbers::U32(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Nimbers::U8(v) => v[n] as u32,
            Nimbers::U16(v) => v[n] as u32,
            Nimbers::U32(v) => v[n],
        }
    }

    /// Bits a stored value takes.
    pub fn bits(&self) -> u32 {
        match self {
            Nimbers::U8(_) => 8,
            Nimbers::U16(_) => 16,
            Nimbers::U32(_) => 32,
        }
    }

    pub fn to_vec(&self) -> Vec<u32> {
        (0..self.len()).map(|n| self.get(n)).collect()
    }
}

/// How [`heap_values`] went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SparseStats {
    /// The mask in force at the end (0: the sparse method was never used).
    pub mask: u32,
    /// Whether a heap's class also depended on its parity.
    pub domain: bool,
    /// Rare heaps (of size at least 1) under the final mask.
    pub rare: u64,
    /// Times the mask was chosen (again).
    pub rebuilds: u32,
    /// Heaps that needed a full scan (rare values and the odd miss).
    pub full_scans: u64,
}

#[derive(Clone, Debug)]
pub struct Sequence {
    pub values: Nimbers,
    pub stats: SparseStats,
}

/// Which method [`heap_values`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Sparse space where it pays, the plain method elsewhere.
    Auto,
    /// Every option of every heap: quadratic, for checking.
    Naive,
    /// Sparse space from this heap on (the default warm-up is long enough
    /// for a good first mask; tests start early to exercise the method).
    SparseFrom(usize),
}

/// The largest heap [`heap_values`] accepts (heaps are indexed by `u32`).
pub const MAX_HEAP: u64 = u32::MAX as u64 - 1;

/// `G(0..=to)` for `rule`.
pub fn heap_values(rule: &TakeBreak, to: u64, method: Method, ctl: &Control) -> Result<Sequence, Error> {
    if to > MAX_HEAP {
        return Err(Error::Unsupported(format!("heaps up to {MAX_HEAP} are supported, not {to}")));
    }
    let len = to as usize + 1;
    ctl.reserve("the Grundy value table", len as u64)?;
    let mut engine = Engine::new(rule, len, method);
    ctl.start("grundy values", len as u64);
    let mut g8: Vec<u8> = Vec::with_capacity(len);
    let values = match engine.run(&mut g8, ctl)? {
        None => Nimbers::U8(g8),
        Some(()) => {
            ctl.reserve("the Grundy value table (16 bits)", len as u64 * 3)?;
            let mut g16: Vec<u16> = Vec::with_capacity(len);
            g16.extend(g8.iter().map(|&v| v as u16));
            drop(g8);
            match engine.run(&mut g16, ctl)? {
                None => Nimbers::U16(g16),
                Some(()) => {
                    ctl.reserve("the Grundy value table (32 bits)", len as u64 * 6)?;
                    let mut g32: Vec<u32> = Vec::with_capacity(len);
                    g32.extend(g16.iter().map(|&v| v as u32));
                    drop(g16);
                    // a heap below 2^32 has fewer options than that: its nimber fits
                    let outgrown = engine.run(&mut g32, ctl)?;
                    debug_assert!(outgrown.is_none());
                    Nimbers::U32(g32)
                }
            }
        }
    };
    ctl.finish();
    Ok(Sequence { values, stats: engine.stats })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every way to write `m` as `parts` positive sizes, non-decreasing from `min`.
    fn partitions(m: usize, parts: usize, min: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if parts == 0 {
            if m == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        for first in min.max(1)..=m {
            prefix.push(first);
            partitions(m - first, parts - 1, first, prefix, out);
            prefix.pop();
        }
    }

    /// `G(n)` straight from the definition: take `k`, leave `j` heaps when
    /// bit `j` of digit `k` is set, mex over the XORs of what is left.
    fn brute(rule: &TakeBreak, to: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..=to {
            let mut opts = Vec::new();
            for k in 0..=n {
                let d = rule.digits().get(k).copied().unwrap_or(rule.tail());
                for j in 0..4 {
                    if d >> j & 1 == 0 || (k == 0 && j < 2) {
                        continue;
                    }
                    let mut left = Vec::new();
                    partitions(n - k, j, 1, &mut vec![], &mut left);
                    for heaps in left {
                        if rule.unequal() && heaps.windows(2).any(|w| w[0] == w[1]) {
                            continue;
                        }
                        opts.push(heaps.iter().fold(0, |x, &h| x ^ g[h]));
                    }
                }
            }
            g.push((0..).find(|v| !opts.contains(v)).unwrap());
        }
        g
    }

    fn rule(code: &[u8]) -> TakeBreak {
        TakeBreak::new(code.to_vec(), 0, false).unwrap()
    }

    fn values(rule: &TakeBreak, to: u64, method: Method) -> Vec<u32> {
        heap_values(rule, to, method, &Control::default()).unwrap().values.to_vec()
    }

    #[test]
    fn kayles_and_dawson() {
        // 0.77 Kayles: period 12 from heap 71 (last exception at 70).
        let g = heap_values(&rule(&[0, 7, 7]), 300, Method::Auto, &Control::default()).unwrap().values;
        assert_eq!(g.to_vec()[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let p = find_period(&g, Some(2)).unwrap();
        assert_eq!(p, Periodicity { period: 12, preperiod: 71, saltus: 0, proved: true });
        // 0.07 Dawson's Kayles: period 34, preperiod 53.
        let g = heap_values(&rule(&[0, 0, 7]), 400, Method::Auto, &Control::default()).unwrap().values;
        assert_eq!(
            find_period(&g, Some(2)).unwrap(),
            Periodicity { period: 34, preperiod: 53, saltus: 0, proved: true }
        );
    }

    #[test]
    fn too_short_is_observed_or_nothing() {
        let g = heap_values(&rule(&[0, 7, 7]), 150, Method::Auto, &Control::default()).unwrap().values;
        // 2 * 71 + 2 * 12 + 2 - 1 = 167 > 150: seen, not proved
        let p = find_period(&g, Some(2)).unwrap();
        assert_eq!((p.period, p.preperiod, p.proved), (12, 71, false));
        let g = heap_values(&rule(&[0, 7, 7]), 90, Method::Auto, &Control::default()).unwrap().values;
        assert_eq!(find_period(&g, Some(2)), None);
    }

    #[test]
    fn sparse_space_runs_past_the_warm_up() {
        // Long enough for several mask choices; must equal the plain method.
        for code in [&[0u8, 7, 7][..], &[0, 0, 7], &[0, 1, 3, 7], &[0, 3, 5, 4], &[0, 3, 7, 6], &[4, 0, 7]] {
            let r = rule(code);
            let want = values(&r, 9000, Method::Naive);
            let seq = heap_values(&r, 9000, Method::Auto, &Control::default()).unwrap();
            assert_eq!(seq.values.to_vec(), want, "{code:?}");
            assert!(seq.stats.mask != 0, "{code:?} never went sparse");
        }
        // Grundy's game: split into two unequal heaps.
        let r = TakeBreak::new(vec![4], 0, true).unwrap();
        let want = values(&r, 6000, Method::Naive);
        assert_eq!(values(&r, 6000, Method::Auto), want);
        assert_eq!(want[..21], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    }

    #[test]
    fn values_widen_when_they_outgrow_a_byte() {
        // Nim: G(n) = n.
        let r = TakeBreak::new(vec![0], 3, false).unwrap();
        let seq = heap_values(&r, 70000, Method::Auto, &Control::default()).unwrap();
        assert_eq!(seq.values.bits(), 32);
        assert!((0..=70000).all(|n| seq.values.get(n) == n as u32));
        let p = find_period(&seq.values, None).unwrap();
        assert_eq!((p.period, p.saltus, p.preperiod), (1, 1, 0));
    }

    #[test]
    fn bad_rules_are_refused() {
        assert!(TakeBreak::new(vec![1, 3], 0, false).is_err());
        assert!(TakeBreak::new(vec![0, 16], 0, false).is_err());
        assert!(TakeBreak::new(vec![0], 4, false).is_err());
        assert_eq!(TakeBreak::new(vec![0, 7, 0, 0], 0, false).unwrap().max_take(), Some(1));
    }

    /// Found by the property below: the last three values 1, 2, 3 also
    /// rise by one, but the pure period of the whole sequence is the answer.
    #[test]
    fn a_pure_period_beats_a_short_rising_tail() {
        let p = find_period(&Nimbers::U8([1, 2, 3].repeat(3)), None).unwrap();
        assert_eq!((p.period, p.preperiod, p.saltus), (3, 0, 0));
    }

    #[test]
    fn memory_is_reserved_up_front() {
        let ctl = Control::default().with_memory_limit(1000);
        assert!(matches!(heap_values(&rule(&[0, 7]), 5000, Method::Auto, &ctl), Err(Error::Memory { .. })));
    }

    fn digit() -> impl Strategy<Value = u8> {
        prop_oneof![Just(0u8), 1u8..8, 1u8..16]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any rule, either method, equals the brute force over the rule's options.
        #[test]
        fn methods_agree_with_brute_force(
            d0 in prop_oneof![Just(0u8), Just(4u8), Just(8u8)],
            rest in proptest::collection::vec(digit(), 0..5),
            tail in 0u8..4,
            unequal in any::<bool>(),
        ) {
            let mut digits = vec![d0];
            digits.extend(rest);
            let r = TakeBreak::new(digits, tail, unequal).unwrap();
            let to = if r.digits().iter().any(|&d| d & 8 != 0) { 40 } else { 160 };
            let want = brute(&r, to);
            prop_assert_eq!(values(&r, to as u64, Method::Naive), want.clone());
            prop_assert_eq!(values(&r, to as u64, Method::Auto), want.clone());
            prop_assert_eq!(values(&r, to as u64, Method::SparseFrom(12)), want);
        }

        /// A sequence built periodic (a random start, then a random block
        /// repeated at least three times) has its period found: a period
        /// that holds, no longer than the one built in, with no smaller
        /// preperiod and no smaller period from there.
        #[test]
        fn built_periods_are_found_and_least(
            start in proptest::collection::vec(0u8..6, 0..12),
            block in proptest::collection::vec(0u8..6, 1..8),
            repeats in 3usize..6,
        ) {
            let mut g = start.clone();
            while g.len() < start.len() + repeats * block.len() || 2 * (g.len() - start.len()) < start.len() {
                g.push(block[(g.len() - start.len()) % block.len()]);
            }
            let p = find_period(&Nimbers::U8(g.clone()), None).expect("a period repeated three times is found");
            let (per, n0) = (p.period as usize, p.preperiod as usize);
            prop_assert_eq!(p.saltus, 0);
            prop_assert!(per <= block.len() && n0 <= start.len(), "{:?}", p);
            prop_assert!((n0..g.len() - per).all(|n| g[n + per] == g[n]));
            if n0 > 0 {
                prop_assert_ne!(g[n0 - 1 + per], g[n0 - 1]);
            }
            for q in 1..per {
                prop_assert!(!(n0..g.len() - q).all(|n| g[n + q] == g[n]), "period {} beats {}", q, per);
            }
        }
    }
}
