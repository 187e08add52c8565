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

use std::ops::BitXor;

use crate::control::Control;
use crate::error::Error;

/// A take-and-break rule on heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// `digits[k]` bit `j`: taking `k` tokens may leave exactly `j` non-empty
    /// heaps (`j` in 0..=3). Trailing zero digits are trimmed when nothing repeats.
    digits: Vec<u8>,
    /// The digit of every take `k >= digits.len()` (0: no such takes). Only
    /// "remove the heap" and "leave one heap" (bits 0 and 1) may repeat.
    tail: u8,
    /// Heaps left by a split must all have different sizes (Grundy's game).
    unequal: bool,
}

impl TakeBreak {
    /// Validates a rule; the message says what is wrong with it.
    pub fn new(mut digits: Vec<u8>, tail: u8, unequal: bool) -> Result<Self, String> {
        if let Some(&d) = digits.iter().find(|&&d| d > 15) {
            return Err(format!("digit {d} leaves more than 3 heaps"));
        }
        if digits.first().is_some_and(|&d| d & 3 != 0) {
            return Err("taking no tokens must split the heap: the digit before the point must be 0, 4, 8 or 12".into());
        }
        if tail & !3 != 0 {
            return Err("a repeating digit may only remove a heap or leave one heap (1, 2 or 3)".into());
        }
        // (a repeating digit starts right after the last one given)
        while tail == 0 && digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        if digits.is_empty() {
            digits.push(0);
        }
        Ok(TakeBreak { digits, tail, unequal })
    }

    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    pub fn tail(&self) -> u8 {
        self.tail
    }

    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The digit of taking `k` tokens.
    #[inline]
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(self.tail)
    }

    /// The largest number of tokens a move takes, when it is bounded.
    pub fn max_take(&self) -> Option<u64> {
        (self.tail == 0).then(|| self.digits.len() as u64 - 1)
    }

    /// Whether the periodicity theorem for octal games applies: finitely
    /// many digits, at most two heaps left, and no constraint between them.
    pub fn provable(&self) -> bool {
        self.tail == 0 && !self.unequal && self.digits.iter().all(|&d| d < 8)
    }
}

/// A stored Grundy value: `u8`, `u16` or `u32`.
pub trait Cell: Copy + Default + Eq + Send + Sync + BitXor<Output = Self> + 'static {
    const MAX: u32;
    fn get(self) -> u32;
    /// `v` must be at most `MAX`.
    fn new(v: u32) -> Self;
}

macro_rules! cell {
    ($($t:ty),*) => {$(
        impl Cell for $t {
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
cell!(u8, u16, u32);

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

/// Heaps valued with the plain method before the sparse one starts.
const WARM_UP: usize = 1 << 11;
/// Occurrences of each value remembered for finding pairs.
const LIST_CAP: usize = 512;
/// Probes into one value's occurrences before trying the next pair of values.
const PROBES: usize = 48;
/// Probes for one value in all (then the heap is scanned in full).
const PROBE_BUDGET: usize = 16 * PROBES;
/// Smallest heaps paired with their partners before probing value by value.
const PREFIX: usize = 128;
/// Heaps whose pairs with far rare heaps are marked at once.
const BLOCK: usize = 64;
const REPORT_EVERY: usize = 1 << 16;

struct Engine<'r> {
    rule: &'r TakeBreak,
    len: usize,
    method: Method,
    /// Takes that leave one heap, two, three.
    one: Vec<usize>,
    two: Vec<usize>,
    three: Vec<usize>,
    /// Heaps from 1 up to this are in `present` (repeating one-heap takes).
    present_upto: usize,
    present: Vec<u64>,
    /// The options of the current heap, as a bitset of `words` words.
    seen: Vec<u64>,
    words: usize,
    /// Words that hold every XOR of two values (`words` also holds their mex).
    tight: usize,
    /// One byte a value, for marking the options of rare pairs.
    marks: Vec<u8>,
    /// Rows of 256 marks for heaps `block_from..block_to` (one-byte values).
    block_marks: Vec<[u8; 256]>,
    block_from: usize,
    block_to: usize,
    /// Largest value so far.
    vmax: u32,
    // sparse state
    sparse: bool,
    mask: u32,
    domain: bool,
    /// With `domain`, common heaps `n` have values of parity `c0 ^ (n & 1)`.
    c0: u32,
    /// `parity[q]`: bitset of values whose masked parity is `q`.
    parity: [Vec<u64>; 2],
    rare: Vec<u32>,
    /// Occurrences of each value, split by the heap's parity.
    hist: Vec<[u64; 2]>,
    /// The first occurrences of each value.
    lists: Vec<Vec<u32>>,
    /// Values by number of occurrences, most frequent first.
    by_count: Vec<u32>,
    next_rebuild: usize,
    stats: SparseStats,
}

impl<'r> Engine<'r> {
    fn new(rule: &'r TakeBreak, len: usize, method: Method) -> Self {
        let (mut one, mut two, mut three) = (vec![], vec![], vec![]);
        for (k, &d) in rule.digits.iter().enumerate() {
            if d & 2 != 0 {
                one.push(k);
            }
            if d & 4 != 0 {
                two.push(k);
            }
            if d & 8 != 0 {
                three.push(k);
            }
        }
        Engine {
            rule,
            len,
            method,
            one,
            two,
            three,
            present_upto: 0,
            present: vec![0; 4],
            seen: vec![0; 4],
            words: 1,
            tight: 1,
            marks: vec![0; 256],
            block_marks: vec![[0; 256]; BLOCK],
            block_from: 0,
            block_to: 0,
            vmax: 0,
            sparse: false,
            mask: 0,
            domain: false,
            c0: 1,
            parity: [vec![], vec![]],
            rare: Vec::new(),
            hist: Vec::new(),
            lists: Vec::new(),
            by_count: Vec::new(),
            next_rebuild: match method {
                Method::SparseFrom(n) => n.max(1),
                _ => WARM_UP,
            },
            stats: SparseStats::default(),
        }
    }

    /// Whether the sparse method is used even where it does not pay.
    fn forced(&self) -> bool {
        matches!(self.method, Method::SparseFrom(_))
    }

    /// Whether the sparse method can apply at all: splits into two heaps
    /// exist (else the plain method is linear already) and none into three.
    fn sparse_possible(&self) -> bool {
        self.method != Method::Naive && !self.two.is_empty() && self.three.is_empty()
    }

    /// Continues the sequence in `g` up to `len` values; `Some(())` when a
    /// value outgrew `T` (the caller widens `g` and calls again).
    fn run<T: Cell>(&mut self, g: &mut Vec<T>, ctl: &Control) -> Result<Option<()>, Error> {
        self.resume(g);
        let mut since = g.len() % REPORT_EVERY;
        while g.len() < self.len {
            let n = g.len();
            if n == self.next_rebuild && self.sparse_possible() {
                self.rebuild(g);
            }
            let v = self.value(g, n);
            if v > T::MAX {
                return Ok(Some(()));
            }
            g.push(T::new(v));
            self.record(n, v);
            since += 1;
            if since == REPORT_EVERY {
                since = 0;
                ctl.check()?;
                ctl.advance(REPORT_EVERY as u64);
            }
        }
        if self.sparse {
            self.stats.mask = self.mask;
            self.stats.domain = self.domain;
            self.stats.rare = self.rare.len() as u64;
        }
        Ok(None)
    }

    /// Rebuilds the bookkeeping from the values already in `g` (a fresh start
    /// or a widened vector).
    fn resume<T: Cell>(&mut self, g: &[T]) {
        self.block_to = 0;
        self.hist.clear();
        self.lists.clear();
        self.vmax = 0;
        self.present_upto = 0;
        self.present.fill(0);
        for (n, &v) in g.iter().enumerate() {
            self.record_counts(n, v.get());
        }
        self.grow(self.vmax);
        if self.sparse {
            self.sparse = false;
            self.rebuild(g);
        }
    }

    fn record_counts(&mut self, n: usize, v: u32) {
        let vi = v as usize;
        if vi >= self.hist.len() {
            self.hist.resize(vi + 1, [0; 2]);
            self.lists.resize(vi + 1, Vec::new());
        }
        self.hist[vi][n & 1] += 1;
        if self.lists[vi].len() < LIST_CAP {
            self.lists[vi].push(n as u32);
        }
        self.vmax = self.vmax.max(v);
    }

    fn record(&mut self, n: usize, v: u32) {
        let grew = v > self.vmax;
        self.record_counts(n, v);
        if grew {
            self.grow(v);
        }
        if self.sparse && n > 0 && self.is_rare(n, v) {
            self.rare.push(n as u32);
        }
    }

    /// Makes the bitsets hold every XOR of values up to `vmax`.
    fn grow(&mut self, vmax: u32) {
        let bits = ((vmax as usize + 1).next_power_of_two() * 2).max(64);
        let words = bits / 64;
        if words > self.seen.len() {
            self.seen.resize(words, 0);
            self.marks.resize(words * 64, 0);
            self.present.resize(words, 0);
            if self.sparse {
                self.fill_parity(words);
            }
        }
        self.words = self.words.max(words);
        self.tight = self.tight.max(((vmax as usize + 1).next_power_of_two() / 64).max(1));
    }

    fn fill_parity(&mut self, words: usize) {
        for q in 0..2 {
            self.parity[q] = vec![0; words];
        }
        for v in 0..words * 64 {
            let q = (v as u32 & self.mask).count_ones() as usize & 1;
            self.parity[q][v / 64] |= 1 << (v % 64);
        }
    }

    #[inline]
    fn target_parity(&self, n: usize) -> usize {
        if self.domain {
            (self.c0 as usize) ^ (n & 1)
        } else {
            1
        }
    }

    #[inline]
    fn is_rare(&self, n: usize, v: u32) -> bool {
        ((v & self.mask).count_ones() as usize & 1) != self.target_parity(n)
    }

    /// Chooses the mask (and whether the heap's parity counts) that makes
    /// the fewest rare heaps so far, and lists those heaps.
    fn rebuild<T: Cell>(&mut self, g: &[T]) {
        let n = g.len();
        let warm_up = match self.method {
            Method::SparseFrom(n) => n.max(1),
            _ => WARM_UP,
        };
        self.next_rebuild = n.saturating_mul(2).max(warm_up);
        // values by frequency, for finding pairs: new values keep appearing
        let mut order: Vec<u32> = (0..self.hist.len() as u32).filter(|&v| self.hist[v as usize] != [0, 0]).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.hist[v as usize][0] + self.hist[v as usize][1]));
        self.by_count = order;
        let split_parities: Vec<usize> = self.two.iter().map(|k| k & 1).collect();
        let domain_ok = split_parities.iter().all(|&p| p == split_parities[0]);
        // Splits that take k tokens pair heaps of one class into values of
        // heap parity flipped by k; commons must then be of parity c0 ^ (n & 1)
        // with c0 = 1 ^ (k & 1), so that two commons never make a common.
        let c0 = 1 ^ split_parities[0] as u32;
        let top = (self.vmax as usize + 1).next_power_of_two().max(2) as u32;
        let mut best: Option<(u64, u32, bool)> = None;
        for mask in 1..top {
            for domain in [false, true] {
                if domain && !domain_ok {
                    continue;
                }
                let mut rare = 0;
                for (v, h) in self.hist.iter().enumerate() {
                    let p = (v as u32 & mask).count_ones() & 1;
                    for (e, &count) in h.iter().enumerate() {
                        let target = if domain { c0 ^ e as u32 } else { 1 };
                        if p != target {
                            rare += count;
                        }
                    }
                }
                if best.is_none_or(|(r, _, _)| rare < r) {
                    best = Some((rare, mask, domain));
                }
            }
        }
        let (rare, mask, domain) = best.expect("at least one mask is tried");
        // Heap 0 is rare under every mask but never part of a split.
        let rare = rare.saturating_sub(1);
        if self.sparse && mask == self.mask && domain == self.domain {
            return;
        }
        if self.sparse && rare * 5 > self.rare.len() as u64 * 4 {
            return; // not worth the change
        }
        if rare as usize * 2 > n && !self.forced() {
            self.sparse = false; // no sparse space (yet): pairing rares would not pay
            return;
        }
        self.sparse = true;
        self.block_to = 0;
        self.mask = mask;
        self.domain = domain;
        self.c0 = c0;
        self.stats.rebuilds += 1;
        self.fill_parity(self.seen.len());
        self.rare.clear();
        for (i, &v) in g.iter().enumerate().skip(1) {
            if self.is_rare(i, v.get()) {
                self.rare.push(i as u32);
            }
        }
    }

    /// The options every heap has whatever the method: removing a heap,
    /// leaving one heap. Clears `seen` first.
    #[inline]
    fn simple_options<T: Cell>(&mut self, g: &[T], n: usize) {
        self.seen[..self.words].fill(0);
        let d = self.rule.digit(n);
        if n > 0 && d & 1 != 0 {
            self.seen[0] |= 1;
        }
        for &k in &self.one {
            if k == 0 || k >= n {
                continue;
            }
            let v = g[n - k].get() as usize;
            self.seen[v / 64] |= 1 << (v % 64);
        }
        if self.rule.tail & 2 != 0 {
            let len = self.rule.digits.len();
            // One-heap options of every take k >= len: heaps 1..=n - len.
            while self.present_upto + len < n {
                self.present_upto += 1;
                let v = g[self.present_upto].get() as usize;
                self.present[v / 64] |= 1 << (v % 64);
            }
            for (s, p) in self.seen[..self.words].iter_mut().zip(&self.present) {
                *s |= p;
            }
        }
    }

    #[inline]
    fn mark(&mut self, v: u32) {
        let v = v as usize;
        self.seen[v / 64] |= 1 << (v % 64);
    }

    fn value<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        self.simple_options(g, n);
        if self.sparse && (self.rare.len() * 2 < n || self.forced()) {
            return self.sparse_value(g, n);
        }
        // the plain method: every split
        let unequal = self.rule.unequal;
        for i in 0..self.two.len() {
            let k = self.two[i];
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 2 {
                if unequal && 2 * a == m {
                    continue;
                }
                let v = (g[a] ^ g[m - a]).get();
                self.mark(v);
            }
        }
        for i in 0..self.three.len() {
            let k = self.three[i];
            if n < k + 3 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let c = m - a - b;
                    if unequal && (a == b || b == c) {
                        continue;
                    }
                    let v = (g[a] ^ g[b] ^ g[c]).get();
                    self.mark(v);
                }
            }
        }
        first_zero(&self.seen[..self.words])
    }

    fn sparse_value<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        // Most options come from pairing the rare heaps. Marking them as
        // bytes is store-only (a bitset's read-modify-writes would wait on
        // one another); the bytes are then packed onto the simple options.
        let marked = self.rare.len() * self.two.len() > 64;
        if marked && T::MAX <= 255 {
            // Rare heaps far behind pair with heaps already valued for a whole
            // block of heaps ahead: one contiguous run each, instead of a
            // stream per rare heap touched once a heap.
            if !(self.block_from..self.block_to).contains(&n) {
                self.fill_block(g, n);
            }
            let near = self.rare.partition_point(|&r| (r as usize) < BLOCK);
            let new = self.rare.partition_point(|&r| (r as usize) < self.block_from);
            let row = &mut self.block_marks[n - self.block_from];
            let unequal = self.rule.unequal;
            pair_rares(row, &self.rare[..near], &self.two, unequal, g, n);
            pair_rares(row, &self.rare[new..], &self.two, unequal, g, n);
            for (w, chunk) in row[..self.tight * 64].chunks_exact(64).enumerate() {
                self.seen[w] |= pack_bytes(chunk);
            }
        } else if marked {
            let bytes = self.tight * 64;
            self.marks[..bytes].fill(0);
            pair_rares(&mut self.marks, &self.rare, &self.two, self.rule.unequal, g, n);
            for (w, chunk) in self.marks[..bytes].chunks_exact(64).enumerate() {
                self.seen[w] |= pack_bytes(chunk);
            }
        }
        // Small option sets then live in registers. They hold every XOR of
        // two values; should all of those be options, the mex lies beyond,
        // and the memory bitset (twice as wide) settles it.
        let seen = &self.seen;
        let found = match self.tight {
            1 => self.sparse_in(&mut Regs1(seen[0]), 1, marked, g, n),
            2 => self.sparse_in(&mut Regs2(seen[0] as u128 | (seen[1] as u128) << 64), 2, marked, g, n),
            _ => None,
        };
        found.unwrap_or_else(|| {
            let mut seen = std::mem::take(&mut self.seen);
            let words = self.words;
            let v = self.sparse_in(&mut Mem(&mut seen), words, marked, g, n);
            self.seen = seen;
            v.expect("the wide bitset holds the mex")
        })
    }

    /// Marks, for heaps `n..n + BLOCK`, the options from pairing each rare
    /// heap `r >= BLOCK` (whose partners `n - k - r` are all below `n`).
    fn fill_block<T: Cell>(&mut self, g: &[T], n: usize) {
        let to = (n + BLOCK).min(self.len);
        self.block_from = n;
        self.block_to = to;
        let rows = &mut self.block_marks;
        rows.iter_mut().for_each(|row| row.fill(0));
        let far = self.rare.partition_point(|&r| (r as usize) < BLOCK);
        for &r in &self.rare[far..] {
            let r = r as usize;
            let gr = g[r];
            for &k in &self.two {
                // heaps h in n..to with a partner b = h - k - r >= 1
                let first = n.max(r + k + 1);
                if first >= to {
                    continue;
                }
                let mut mark = |from: usize, until: usize| {
                    for (row, &gb) in rows[from - n..until - n].iter_mut().zip(&g[from - k - r..until - k - r]) {
                        row[((gr ^ gb).get() & 255) as usize] = 1;
                    }
                };
                // Grundy's game has no split into equal heaps: skip h = 2r + k
                let equal = 2 * r + k;
                if self.rule.unequal && (first..to).contains(&equal) {
                    mark(first, equal);
                    mark(equal + 1, to);
                } else {
                    mark(first, to);
                }
            }
        }
    }

    /// Rare-parity values below `c` that are not options yet.
    #[inline]
    fn missing<A: Acc>(&self, acc: &A, q: usize, c: usize, w: usize) -> u64 {
        let mut missing = !acc.word(w) & self.parity[q ^ 1][w];
        if w == c / 64 {
            missing &= (1u64 << (c % 64)) - 1;
        }
        missing
    }

    /// The value of heap `n` with an option set `width` words wide, or None
    /// when every value that fits is an option.
    fn sparse_in<T: Cell, A: Acc>(
        &mut self,
        acc: &mut A,
        width: usize,
        rares_paired: bool,
        g: &[T],
        n: usize,
    ) -> Option<u32> {
        let unequal = self.rule.unequal;
        if !rares_paired {
            for &k in &self.two {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                for &r in &self.rare {
                    let r = r as usize;
                    if r >= m {
                        break;
                    }
                    if unequal && 2 * r == m {
                        continue;
                    }
                    acc.insert((g[r] ^ g[m - r]).get());
                }
            }
        }
        let q = self.target_parity(n);
        // The least common value missing: no pair of commons can make it.
        let mut c = width * 64;
        for w in 0..width {
            let free = !acc.word(w) & self.parity[q][w];
            if free != 0 {
                c = w * 64 + free.trailing_zeros() as usize;
                break;
            }
        }
        if c == width * 64 {
            return None;
        }
        let last = c / 64;
        // The rare-parity values below c, to be made; checked after each
        // chunk of pairs, so kept in registers for the usual few words.
        let mut need = [0u64; 4];
        let wide = last >= need.len();
        if !wide {
            for (w, n) in need.iter_mut().enumerate().take(last + 1) {
                *n = self.missing(acc, q, c, w);
            }
        }
        let all_made = |e: &Self, acc: &A| {
            if wide {
                (0..=last).all(|w| e.missing(acc, q, c, w) == 0)
            } else {
                need.iter().enumerate().all(|(w, &n)| n == 0 || n & !acc.word(w) == 0)
            }
        };
        if all_made(self, acc) {
            return Some(c as u32);
        }
        // Smaller rare-parity values missing so far may still come from a
        // pair of commons. Pairing the smallest heaps with their partners
        // makes most of them at once (cheaply: both runs are contiguous).
        let mut a = 1;
        while a <= PREFIX {
            let end = a + 8;
            let mut any = false;
            for &k in &self.two {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                let stop = end.min(m.div_ceil(2));
                for a in a..stop {
                    acc.insert((g[a] ^ g[m - a]).get());
                }
                // a heap split into equal halves is made only by the plain rule
                if !unequal && m.is_multiple_of(2) && (a..end).contains(&(m / 2)) {
                    acc.insert(0);
                }
                any |= stop > a;
            }
            if all_made(self, acc) {
                return Some(c as u32);
            }
            if !any {
                break;
            }
            a = end;
        }
        // Then one pair for each value still missing, or the whole heap.
        for w in 0..=last {
            let mut missing = self.missing(acc, q, c, w);
            while missing != 0 {
                let v = (w * 64 + missing.trailing_zeros() as usize) as u32;
                missing &= missing - 1;
                if self.find_pair(g, n, v) {
                    continue;
                }
                self.stats.full_scans += 1;
                if !self.two.iter().any(|&k| n >= k + 2 && pair_makes(g, n - k, T::new(v), unequal)) {
                    return Some(v);
                }
            }
        }
        Some(c as u32)
    }

    /// Looks for a split of heap `n` into `a + b` whose values XOR to `v`,
    /// probing where the rarer value of a pair occurs and checking that its
    /// partner heap holds the more frequent one.
    fn find_pair<T: Cell>(&self, g: &[T], n: usize, v: u32) -> bool {
        let unequal = self.rule.unequal;
        // Past a few hundred probes the vectorised full scan is cheaper.
        let mut budget = PROBE_BUDGET;
        for &f in &self.by_count {
            if budget == 0 {
                return false;
            }
            budget = budget.saturating_sub(PROBES);
            let x = f ^ v;
            let Some(list) = self.lists.get(x as usize) else { continue };
            let ft = T::new(f);
            for &k in &self.two {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                for &a in list.iter().take(PROBES) {
                    let a = a as usize;
                    if a >= m {
                        break;
                    }
                    if a == 0 || (unequal && 2 * a == m) {
                        continue;
                    }
                    if g[m - a] == ft {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether some split of a heap of `m` into `a + (m - a)`, both non-empty,
/// has values XORing to `v`. Scans in blocks without early exit inside a
/// block, which the compiler vectorises.
fn pair_makes<T: Cell>(g: &[T], m: usize, v: T, unequal: bool) -> bool {
    let mut half = m / 2;
    if unequal && m.is_multiple_of(2) {
        half -= 1;
    }
    if half == 0 {
        return false;
    }
    let lo = &g[1..=half];
    // partner of a = i + 1 is m - 1 - i
    let hi = &g[m - half..m];
    const BLOCK: usize = 256;
    let mut start = 0;
    while start < half {
        let end = (start + BLOCK).min(half);
        let (l, h) = (&lo[start..end], &hi[half - end..half - start]);
        if l.iter().zip(h.iter().rev()).fold(false, |hit, (&x, &y)| hit | ((x ^ y) == v)) {
            return true;
        }
        start = end;
    }
    false
}

/// Marks `marks[G(r) ^ G(n - k - r)]` for every rare heap `r` and split take `k`.
#[inline]
fn pair_rares<T: Cell>(marks: &mut [u8], rare: &[u32], two: &[usize], unequal: bool, g: &[T], n: usize) {
    for &k in two {
        if n < k + 2 {
            continue;
        }
        let m = n - k;
        for &r in rare {
            let r = r as usize;
            if r >= m {
                break;
            }
            if unequal && 2 * r == m {
                continue;
            }
            marks[(g[r] ^ g[m - r]).get() as usize] = 1;
        }
    }
}

/// 64 bytes of 0 or 1 as the bits of a word (eight bytes at a time: the
/// multiplication gathers each byte's low bit into the top byte).
#[inline]
fn pack_bytes(bytes: &[u8]) -> u64 {
    let mut word = 0;
    for (i, eight) in bytes.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        word |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    word
}

/// An option set being filled.
trait Acc {
    fn insert(&mut self, v: u32);
    fn word(&self, w: usize) -> u64;
}

struct Regs1(u64);

impl Acc for Regs1 {
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        self.0 |= 1 << (v & 63);
    }
    #[inline(always)]
    fn word(&self, _: usize) -> u64 {
        self.0
    }
}

struct Regs2(u128);

impl Acc for Regs2 {
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        self.0 |= 1 << (v & 127);
    }
    #[inline(always)]
    fn word(&self, w: usize) -> u64 {
        (self.0 >> (64 * w)) as u64
    }
}

struct Mem<'a>(&'a mut [u64]);

impl Acc for Mem<'_> {
    #[inline(always)]
    fn insert(&mut self, v: u32) {
        self.0[v as usize / 64] |= 1 << (v % 64);
    }
    #[inline(always)]
    fn word(&self, w: usize) -> u64 {
        self.0[w]
    }
}

fn first_zero(words: &[u64]) -> u32 {
    for (i, &w) in words.iter().enumerate() {
        if w != u64::MAX {
            return (i * 64 + (!w).trailing_zeros() as usize) as u32;
        }
    }
    (words.len() * 64) as u32
}

/// Period and preperiod of a sequence: `G(n + period) = G(n) + saltus` for
/// every `n >= preperiod` computed, `preperiod` the least such.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    pub period: u64,
    pub preperiod: u64,
    /// 0 for a plain period; otherwise the sequence is arithmetic-periodic.
    pub saltus: i64,
    /// Proved by the periodicity theorem for octal games.
    pub proved: bool,
}

/// The period of `values` (`G(0..=N)`): the least period the periodicity
/// theorem proves for a rule taking at most `max_take` tokens (pass `None`
/// when it does not apply), else the least that repeats convincingly: at
/// least three times, over at least half as many heaps as the preperiod.
/// Plain periods are tried before arithmetic ones.
pub fn find_period(values: &Nimbers, max_take: Option<u64>) -> Option<Periodicity> {
    match values {
        Nimbers::U8(v) => period_of(v, max_take),
        Nimbers::U16(v) => period_of(v, max_take),
        Nimbers::U32(v) => period_of(v, max_take),
    }
}

fn period_of<T: Cell>(g: &[T], max_take: Option<u64>) -> Option<Periodicity> {
    if g.len() < 2 {
        return None;
    }
    let last = g.len() - 1;
    let mut observed: Option<Periodicity> = None;
    for p in 1..=last / 2 {
        if observed.is_some_and(|o| (p as u64).is_multiple_of(o.period)) {
            continue; // a multiple of a period found already says nothing new
        }
        let saltus = g[last].get() as i64 - g[last - p].get() as i64;
        if saltus != 0 && (max_take.is_some() || observed.is_some()) {
            continue;
        }
        // the least n0 with G(n + p) = G(n) + saltus for all n0 <= n <= last - p
        let mut i = last - p;
        loop {
            if g[i + p].get() as i64 - g[i].get() as i64 != saltus {
                i += 1;
                break;
            }
            if i == 0 {
                break;
            }
            i -= 1;
        }
        let n0 = i;
        let stretch = (last + 1 - n0) as u64;
        let (p64, n064) = (p as u64, n0 as u64);
        if let Some(t) = max_take {
            if saltus == 0 && last as u64 + 1 >= 2 * n064 + 2 * p64 + t {
                return Some(Periodicity { period: p64, preperiod: n064, saltus, proved: true });
            }
        }
        if observed.is_none() && stretch >= 3 * p64 && 2 * stretch >= n064 {
            let found = Periodicity { period: p64, preperiod: n064, saltus, proved: false };
            if max_take.is_none() {
                return Some(found);
            }
            observed = Some(found);
        }
        if max_take.is_some_and(|t| 2 * p64 + t > last as u64 + 1) && observed.is_some() {
            break; // no longer period can be proved
        }
    }
    observed
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

        /// The period found is a period, and no smaller preperiod works for it.
        #[test]
        fn periods_hold_and_are_least(digits in proptest::collection::vec(0u8..8, 1..5), to in 20u64..400) {
            let mut d = vec![0u8];
            d.extend(digits);
            let r = TakeBreak::new(d, 0, false).unwrap();
            let g = heap_values(&r, to, Method::Auto, &Control::default()).unwrap().values.to_vec();
            if let Some(p) = find_period(&Nimbers::U32(g.clone()), r.max_take()) {
                let (per, n0) = (p.period as usize, p.preperiod as usize);
                prop_assert!((n0..g.len() - per).all(|n| g[n + per] == g[n]));
                if n0 > 0 {
                    prop_assert_ne!(g[n0 - 1 + per], g[n0 - 1]);
                }
                // a smaller period holding from n0 would have been found first
                for q in 1..per {
                    prop_assert!(!(n0..g.len() - q).all(|n| g[n + q] == g[n]), "period {} beats {}", q, per);
                }
            }
        }
    }
}
