//! Who wins a partizan position too big for its canonical form: a search
//! of wins and losses only, where every position whose parts are all small
//! is not searched but read off the sum of its parts' values (each part
//! valued once, as Breuker et al. and Barton & Uiterwijk do for
//! Domineering's endgames), and positions are remembered under their
//! normal form (a symmetry that swaps the players swaps who is to move).
//!
//! Several threads search one position together (ABDADA, Weill 1996): they
//! share the table of outcomes, and a thread that meets an option another
//! thread is searching puts it off until its other options are searched,
//! by which time its outcome is often in the table. Every thread values
//! small parts in a store of its own (a store is not shared), so a part
//! may be valued once a thread.

use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier, Mutex, MutexGuard, OnceLock};

use rustc_hash::{FxBuildHasher, FxHashMap as HashMap};

use super::{Class, Partizan, Store, Valuer};
use crate::Control;

/// The table's shards, each behind its own lock: two threads seldom want
/// the same one.
const SHARDS: usize = 64;

/// Slots of the table of positions being searched: lossy, one position a
/// slot, a slot chosen by the position's hash.
const BUSY_SLOTS: usize = 1 << 16;

/// What the threads of one search share.
struct Shared<P> {
    /// (normal form, Left to move in it) → the player to move wins.
    known: Vec<Mutex<HashMap<(P, bool), bool>>>,
    /// Hashes of the positions (as met, not in normal form) some thread
    /// is searching; 0 where none.
    busy: Vec<AtomicU64>,
    /// Set once one thread has the answer: the others stop.
    done: AtomicBool,
}

impl<P: Hash + Eq> Shared<P> {
    fn new() -> Self {
        Shared {
            known: (0..SHARDS).map(|_| Mutex::new(HashMap::default())).collect(),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            done: AtomicBool::new(false),
        }
    }

    fn shard(&self, key: &(P, bool)) -> MutexGuard<'_, HashMap<(P, bool), bool>> {
        let h = FxBuildHasher.hash_one(key);
        // (a thread that panicked holding a shard left whole entries)
        self.known[(h >> 58) as usize % SHARDS].lock().unwrap_or_else(|e| e.into_inner())
    }

    fn bytes(&self) -> u64 {
        (0..SHARDS).map(|i| super::map_bytes(&self.known[i].lock().unwrap_or_else(|e| e.into_inner()))).sum()
    }

    fn busy_hash(p: &P, left: bool) -> u64 {
        // never 0, which marks a free slot
        FxBuildHasher.hash_one((p, left)) | 1
    }

    fn slot(&self, h: u64) -> &AtomicU64 {
        &self.busy[(h >> 40) as usize % BUSY_SLOTS]
    }

    fn is_busy(&self, p: &P, left: bool) -> bool {
        let h = Self::busy_hash(p, left);
        self.slot(h).load(Ordering::Relaxed) == h
    }
}

/// Wins and losses of one game's positions.
pub struct Outcomes<'a, G: Partizan> {
    game: &'a G,
    valuer: Valuer<'a, G>,
    shared: Arc<Shared<G::Position>>,
    /// Threads searching together (beside one, options another thread
    /// is in are put off).
    threads: u64,
    /// Parts of at most this size (the game's measure) are valued.
    small: usize,
    size: fn(&G::Position) -> usize,
    ctl: Option<&'a Control>,
    /// Positions searched (not looked up, not valued).
    pub nodes: u64,
}

impl<'a, G: Partizan> Outcomes<'a, G> {
    /// `size` measures a part (Domineering: its empty cells); parts no
    /// larger than `small` are valued instead of searched.
    pub fn new(game: &'a G, store: &'a mut Store, size: fn(&G::Position) -> usize, small: usize) -> Self {
        Outcomes {
            game,
            valuer: Valuer::new(game, store),
            shared: Arc::new(Shared::new()),
            threads: 1,
            small,
            size,
            ctl: None,
            nodes: 0,
        }
    }

    pub fn with_control(mut self, ctl: &'a Control) -> Self {
        self.ctl = Some(ctl);
        self
    }

    /// The outcome class of `p`: who wins with Left to move, and with Right.
    pub fn class(&mut self, p: &G::Position) -> Result<Class, crate::Error> {
        let left_first = self.wins(p, true)?;
        let right_first = self.wins(p, false)?;
        Ok(class_of(left_first, right_first))
    }

    /// Whether the player to move (Left when `left`) wins `p`.
    pub fn wins(&mut self, p: &G::Position, left: bool) -> Result<bool, crate::Error> {
        if let Some(w) = self.game.decided(p, left) {
            return Ok(w);
        }
        if self.game.parts_within(p, self.size, self.small) {
            let v = self.valuer.value(p)?;
            let zero = self.valuer.store.zero();
            // Left moving first wins unless G ≤ 0; Right unless G ≥ 0.
            let won = if left { !self.valuer.store.leq(v, zero) } else { !self.valuer.store.leq(zero, v) };
            // a stopped store answers anything: nothing it said may reach
            // the table, which other threads read
            self.valuer.store.check()?;
            return Ok(won);
        }
        let (normal, swapped) = self.game.normal(p);
        let key = (normal, left != swapped);
        if let Some(&w) = self.shared.shard(&key).get(&key) {
            return Ok(w);
        }
        if self.threads > 1 && self.shared.done.load(Ordering::Relaxed) {
            // another thread has the answer; what this one says is not read
            return Err(crate::Error::Interrupted);
        }
        if let Some(ctl) = self.ctl {
            ctl.check()?;
            ctl.advance(1);
            if self.nodes.is_multiple_of(4096) {
                // the table of outcomes, this thread's valuer and its store
                // (other threads' are about as large)
                let bytes = self.shared.bytes() + self.threads * self.valuer.bytes();
                ctl.reserve("the outcome search's table and values", bytes)?;
            }
        }
        self.valuer.store.check()?;
        self.nodes += 1;
        let mut options = if left { self.game.left_options(p) } else { self.game.right_options(p) };
        self.game.order_options(p, &mut options, left);
        let win =
            if self.threads > 1 { self.any_loses_together(p, left, options)? } else { self.any_loses(left, options)? };
        self.shared.shard(&key).insert(key, win);
        Ok(win)
    }

    /// Whether some option is lost for the other player, tried in turn.
    fn any_loses(&mut self, left: bool, options: Vec<G::Position>) -> Result<bool, crate::Error> {
        for o in options {
            if !self.wins(&o, !left)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// [`Outcomes::any_loses`] beside other threads: `p` is marked busy
    /// while it is searched, and after the first option, one another
    /// thread is in waits until the rest are searched.
    fn any_loses_together(
        &mut self,
        p: &G::Position,
        left: bool,
        options: Vec<G::Position>,
    ) -> Result<bool, crate::Error> {
        let h = Shared::<G::Position>::busy_hash(p, left);
        let shared = self.shared.clone();
        let slot = shared.slot(h);
        let before = slot.swap(h, Ordering::Relaxed);
        let mut later = Vec::new();
        let mut win = false;
        for (k, o) in options.into_iter().enumerate() {
            if k > 0 && self.shared.is_busy(&o, !left) {
                later.push(o);
                continue;
            }
            if !self.wins(&o, !left)? {
                win = true;
                break;
            }
        }
        if !win {
            win = self.any_loses(left, later)?;
        }
        // (the slot back as it was, unless another position took it since)
        let _ = slot.compare_exchange(h, before, Ordering::Relaxed, Ordering::Relaxed);
        Ok(win)
    }
}

fn class_of(left_first: bool, right_first: bool) -> Class {
    match (left_first, right_first) {
        (true, true) => Class::N,
        (true, false) => Class::L,
        (false, true) => Class::R,
        (false, false) => Class::P,
    }
}

/// The outcome class of `p` searched by `threads` threads together, and
/// the positions they searched: the first thread values small parts in
/// `store`, each other thread in a store of its own. Each thread keeps its
/// values from the search with Left first to the one with Right first.
pub fn class_on_threads<G>(
    game: &G,
    store: &mut Store,
    size: fn(&G::Position) -> usize,
    small: usize,
    ctl: &Control,
    threads: usize,
    p: &G::Position,
) -> Result<(Class, u64), crate::Error>
where
    G: Partizan + Sync,
    G::Position: Send + Sync,
{
    let threads = threads.max(1);
    let shared = Arc::new(Shared::new());
    // each side's answer, from the first thread to find it
    let answers = [Mutex::new(None), Mutex::new(None)];
    let answer = |side: usize| *answers[side].lock().unwrap_or_else(|e| e.into_inner());
    // the threads begin and end each side together: as many as could be
    // started, known once they are
    let barrier: OnceLock<Barrier> = OnceLock::new();
    let search = |store: &mut Store, first: bool| -> (Option<crate::Error>, u64) {
        let barrier = barrier.wait();
        let mut o = Outcomes::new(game, store, size, small).with_control(ctl);
        o.shared = shared.clone();
        o.threads = threads as u64;
        let mut failed = None;
        // a thread that panicked keeps meeting the others at the barrier
        // (or they would wait for it for ever) and panics at the end
        let mut panicked = None;
        for (side, left) in [(0, true), (1, false)] {
            barrier.wait();
            // (a side reached is one the last side's answer let through:
            // how this thread stopped there is no longer news)
            failed = None;
            if panicked.is_none() {
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| o.wins(p, left))) {
                    Ok(Ok(w)) => {
                        answers[side].lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(w);
                    }
                    Ok(Err(e)) => failed = Some(more_telling(failed, e)),
                    Err(panic) => panicked = Some(panic),
                }
            }
            // a store stopped in its last comparison answered nothing;
            // found or failed, the other threads stop
            if let Err(e) = o.valuer.store.check() {
                failed = Some(more_telling(failed, e));
            }
            shared.done.store(true, Ordering::Relaxed);
            barrier.wait();
            if answer(side).is_none() {
                break;
            }
            if first {
                // (the others wait for it at the next side's start)
                shared.done.store(false, Ordering::Relaxed);
            }
        }
        if let Some(panic) = panicked {
            std::panic::resume_unwind(panic);
        }
        (failed, o.nodes)
    };
    let results = std::thread::scope(|scope| -> Result<Vec<(Option<crate::Error>, u64)>, crate::Error> {
        // (a thread the system refuses is done without)
        let helpers: Vec<_> = (1..threads)
            .map_while(|_| {
                // as deep a stack as the calling thread's may be: a search
                // recurses once a move
                let thread = std::thread::Builder::new().stack_size(64 << 20);
                thread.spawn_scoped(scope, || search(&mut Store::watched(ctl), false)).ok()
            })
            .collect();
        let _ = barrier.set(Barrier::new(helpers.len() + 1));
        let mut results = vec![search(store, true)];
        results.extend(helpers.into_iter().map(|h| h.join().expect("an outcome search thread panicked")));
        Ok(results)
    })?;
    let nodes = results.iter().map(|r| r.1).sum();
    match (answer(0), answer(1)) {
        (Some(left_first), Some(right_first)) => Ok((class_of(left_first, right_first), nodes)),
        // no thread found a side's answer: why they stopped
        _ => Err(results
            .into_iter()
            .filter_map(|r| r.0)
            .fold(crate::Error::Interrupted, |a, e| more_telling(Some(a), e))),
    }
}

/// Of two reasons a search stopped, the one to report: a thread that ran
/// out of memory stops the others, which then only say they were
/// interrupted.
fn more_telling(known: Option<crate::Error>, new: crate::Error) -> crate::Error {
    match known {
        Some(k) if !matches!(k, crate::Error::Interrupted) => k,
        _ => new,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// A small partizan game on the bits of a u16: Left clears two
    /// neighbouring set bits starting at an even place, Right two starting
    /// at an odd place or one set bit at a place divisible by three.
    struct Bits;

    impl Partizan for Bits {
        type Position = u16;
        fn left_options(&self, &p: &u16) -> Vec<u16> {
            (0..15).step_by(2).filter(|i| p >> i & 3 == 3).map(|i| p & !(3 << i)).collect()
        }
        fn right_options(&self, &p: &u16) -> Vec<u16> {
            let pairs = (1..15).step_by(2).filter(|i| p >> i & 3 == 3).map(|i| p & !(3 << i));
            pairs.chain((0..16).step_by(3).filter(|i| p >> i & 1 == 1).map(|i| p & !(1 << i))).collect()
        }
    }

    fn plain(p: u16, left: bool, memo: &mut FxHashMap<(u16, bool), bool>) -> bool {
        if let Some(&w) = memo.get(&(p, left)) {
            return w;
        }
        let options = if left { Bits.left_options(&p) } else { Bits.right_options(&p) };
        let w = options.into_iter().any(|o| !plain(o, !left, memo));
        memo.insert((p, left), w);
        w
    }

    /// [`Bits`] with a bug: listing Right's options of one position panics.
    struct Broken(u16);

    impl Partizan for Broken {
        type Position = u16;
        fn left_options(&self, p: &u16) -> Vec<u16> {
            Bits.left_options(p)
        }
        fn right_options(&self, p: &u16) -> Vec<u16> {
            assert_ne!(*p, self.0, "a bug in the game");
            Bits.right_options(p)
        }
    }

    /// A thread that panics does not leave the others waiting for it: the
    /// search panics instead of hanging.
    #[test]
    #[should_panic(expected = "a bug in the game")]
    fn a_panic_in_one_thread_ends_the_search() {
        let ctl = Control::default();
        let _ = class_on_threads(&Broken(0xffc), &mut Store::new(), cells, 0, &ctl, 2, &0xfff);
    }

    /// A thread out of memory stops the others, which say only that they
    /// were interrupted: the search reports the memory (the CLI's exit 3,
    /// not 130), whichever thread stopped first.
    #[test]
    fn running_out_of_memory_is_reported_as_such() {
        for _ in 0..50 {
            let ctl = Control::default().with_memory_limit(1);
            let got = class_on_threads(&Bits, &mut Store::new(), cells, 0, &ctl, 4, &0xffff);
            assert!(matches!(got, Err(crate::Error::Memory { .. })), "{got:?}");
        }
    }

    fn cells(p: &u16) -> usize {
        p.count_ones() as usize
    }

    /// A thread that finds every option but the first busy puts them off:
    /// they are still searched, and the answers are a plain search's.
    #[test]
    fn options_put_off_are_still_searched() {
        let mut memo = FxHashMap::default();
        let mut store = Store::new();
        let mut search = Outcomes::new(&Bits, &mut store, cells, 0);
        search.threads = 2;
        let shared = search.shared.clone();
        let mut put_off = 0;
        for p in 0..1u16 << 12 {
            // every position marked as another thread's (some marks lost
            // where two share a slot)
            for q in 0..1u16 << 12 {
                for side in [true, false] {
                    let h = Shared::<u16>::busy_hash(&q, side);
                    shared.slot(h).store(h, Ordering::Relaxed);
                }
            }
            for left in [true, false] {
                let options = if left { Bits.left_options(&p) } else { Bits.right_options(&p) };
                put_off += options.iter().skip(1).filter(|o| shared.is_busy(o, !left)).count();
                assert_eq!(search.wins(&p, left).unwrap(), plain(p, left, &mut memo), "{p:#b}, Left first: {left}");
            }
        }
        assert!(put_off > 1000, "only {put_off} options were put off");
    }
}
