//! The engine behind [`super::heap_values`]: every option of every heap
//! (the plain method) during a warm-up, then sparse space (see the parent
//! module), with the mask chosen again as the sequence grows.

use super::{Method, SparseStats, TakeBreak, Word};
use crate::control::Control;
use crate::error::Error;

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

pub(super) struct Engine<'r> {
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
    pub(super) stats: SparseStats,
}

impl<'r> Engine<'r> {
    pub(super) fn new(rule: &'r TakeBreak, len: usize, method: Method) -> Self {
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
    pub(super) fn run<T: Word>(&mut self, g: &mut Vec<T>, ctl: &Control) -> Result<Option<()>, Error> {
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
    fn resume<T: Word>(&mut self, g: &[T]) {
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
    fn rebuild<T: Word>(&mut self, g: &[T]) {
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
    fn simple_options<T: Word>(&mut self, g: &[T], n: usize) {
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

    fn value<T: Word>(&mut self, g: &[T], n: usize) -> u32 {
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

    fn sparse_value<T: Word>(&mut self, g: &[T], n: usize) -> u32 {
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
    fn fill_block<T: Word>(&mut self, g: &[T], n: usize) {
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
    fn sparse_in<T: Word, A: Acc>(
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
    fn find_pair<T: Word>(&self, g: &[T], n: usize, v: u32) -> bool {
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
fn pair_makes<T: Word>(g: &[T], m: usize, v: T, unequal: bool) -> bool {
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
fn pair_rares<T: Word>(marks: &mut [u8], rare: &[u32], two: &[usize], unequal: bool, g: &[T], n: usize) {
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
