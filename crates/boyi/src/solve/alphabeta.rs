//! Alpha-beta search with a bounds-correct transposition table and move
//! ordering, for game trees too large to tabulate.
//!
//! The search works in score space (`Value::to_score`), where every value
//! type is an integer: a window `(alpha, beta)` for a position becomes a
//! window for each child through `Value::child_bound`, whatever the move
//! earned and whoever moves next. Results are fail-soft: a score at or below
//! alpha is an upper bound, at or above beta a lower bound, else exact.
//!
//! What makes it fast comes from the game through the model's search hooks:
//! [`Game::search_moves`] (immediate wins and forced losses, bounds, moves
//! that lose at once left out), [`Game::order_moves`], and a compact
//! [`Game::key`]. The engine adds the table's best-move hint, forced moves
//! searched without a table entry, enhanced transposition cutoffs where the
//! game asks for them, a null-window driver, and parallel search: threads
//! search the same root, share the table, and split the moves of nodes near
//! the root between them by deferring a move another thread is already in
//! (ABDADA). Randomly perturbed move orders for the helpers (lazy SMP) were
//! tried first: 2 threads were no faster than 1 on Connect Four.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::{rank_moves, Analysis};
use crate::control::Control;
use crate::error::Error;
use crate::game::{Game, Known, StepOf};
use crate::tt::{Bound, Entry, TranspositionTable};
use crate::value::{Turn, Value, SCORE_INF};

/// How alpha-beta finds an exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    /// One search with the widest window.
    FullWindow,
    /// Repeated null-window searches that narrow the bounds until they meet:
    /// bisection when the game bounds the root's value, MTD(f) otherwise.
    NullWindow,
}

/// Why a search stopped early.
enum Halt {
    /// Another thread of the same search found the answer, or a lone
    /// search reached the node count where it hands over to threads.
    Done,
    Error(Error),
}

impl From<Error> for Halt {
    fn from(e: Error) -> Self {
        Halt::Error(e)
    }
}

type Flow<T> = Result<T, Halt>;

pub struct AlphaBeta<'g, G: Game> {
    game: &'g G,
    ctl: Control,
    tt: Arc<TranspositionTable>,
    nodes: u64,
    driver: Driver,
    /// The move lists of the nodes on the current path, one above the other,
    /// so the search allocates nothing per node.
    arena: Vec<G::Move>,
    /// Raised when any thread of a parallel search has the answer.
    stop: Arc<AtomicBool>,
    /// In a parallel search, the positions some thread is in now.
    busy: Option<Arc<Busy>>,
    /// A lone search that should hand over to a parallel one stops here.
    solo_until: u64,
    /// Nodes a parallel search first spends alone (see `value_parallel`).
    solo_nodes: u64,
}

/// Positions that some thread of a parallel search is searching now, by
/// key, in a small lossy table. A thread that meets such a position among a
/// node's later moves searches the other moves first and comes back to it
/// (ABDADA's "young brothers wait"), so two threads split a node's moves
/// instead of both searching the same one. A collision only delays a move.
struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    const SLOTS: usize = 1 << 16;

    fn new() -> Self {
        Busy { slots: (0..Self::SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline]
    fn slot(&self, key: u64) -> (&AtomicU64, u64) {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The tag is never 0, which marks a free slot.
        (&self.slots[(h >> 48) as usize & (Self::SLOTS - 1)], h | 1)
    }

    #[inline]
    fn enter(&self, key: u64) {
        let (slot, tag) = self.slot(key);
        slot.store(tag, Ordering::Relaxed);
    }

    #[inline]
    fn leave(&self, key: u64) {
        let (slot, tag) = self.slot(key);
        let _ = slot.compare_exchange(tag, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    #[inline]
    fn contains(&self, key: u64) -> bool {
        let (slot, tag) = self.slot(key);
        slot.load(Ordering::Relaxed) == tag
    }
}

impl<'g, G: Game> AlphaBeta<'g, G> {
    pub const DEFAULT_TABLE_BYTES: u64 = 64 << 20;
    const CHECK_EVERY: u64 = 1 << 16;
    /// Native stack kept free before a deeper call moves to a new segment.
    const STACK_RED_ZONE: usize = 128 << 10;
    const STACK_SEGMENT: usize = 4 << 20;
    const STACK_CHECK_PLIES: usize = 16;
    /// Threads share out the moves of nodes this close to the root, and
    /// deeper where the game says subtrees are large (`etc_worthwhile`).
    const SHARE_PLIES: usize = 8;

    pub fn new(game: &'g G, ctl: Control, table_bytes: u64) -> Result<Self, Error> {
        ctl.reserve("the transposition table", table_bytes)?;
        Ok(Self::with_table(game, ctl, Arc::new(TranspositionTable::with_bytes(table_bytes))))
    }

    /// A search over an existing (possibly shared) table.
    pub fn with_table(game: &'g G, ctl: Control, tt: Arc<TranspositionTable>) -> Self {
        AlphaBeta {
            game,
            ctl,
            tt,
            nodes: 0,
            driver: Driver::NullWindow,
            arena: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            busy: None,
            solo_until: u64::MAX,
            solo_nodes: Self::CHECK_EVERY,
        }
    }

    pub fn with_driver(mut self, driver: Driver) -> Self {
        self.driver = driver;
        self
    }

    /// Parallel searches start their threads after `nodes` nodes searched
    /// alone (default 65536, about 10 ms); 0 starts them at once, which
    /// tests use to exercise the parallel search on small games.
    pub fn with_solo_nodes(mut self, nodes: u64) -> Self {
        self.solo_nodes = nodes;
        self
    }

    /// Positions searched since the last [`AlphaBeta::clear`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn table(&self) -> &Arc<TranspositionTable> {
        &self.tt
    }

    /// Forgets everything: the next search starts from an empty table.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.nodes = 0;
    }

    pub fn value(&mut self, pos: &G::Pos) -> Result<G::Value, Error> {
        self.value_parallel(pos, None, 1)
    }

    /// The value clamped to `[lo, hi]`: cheaper the narrower the range
    /// (`[-1, 1]` on a game scored by margin asks only who wins).
    pub fn value_within(&mut self, pos: &G::Pos, lo: G::Value, hi: G::Value) -> Result<G::Value, Error> {
        self.value_parallel(pos, Some((lo, hi)), 1)
    }

    /// [`AlphaBeta::value_within`] (or the exact value, with no range) on
    /// `threads` threads sharing the table and splitting the moves near the root.
    pub fn value_parallel(
        &mut self,
        pos: &G::Pos,
        range: Option<(G::Value, G::Value)>,
        threads: usize,
    ) -> Result<G::Value, Error> {
        let (lo, hi) = range.map_or((-SCORE_INF, SCORE_INF), |(l, h)| (l.to_score(), h.to_score()));
        let score = if threads <= 1 {
            match self.solve_range(pos, lo, hi) {
                Ok(s) => s,
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Done) => unreachable!("a lone search without a node limit is never stopped"),
            }
        } else {
            // Most positions take a few thousand nodes, fewer than starting
            // threads costs (Connect Four's L3_R1 set: 7 us a position alone,
            // 75 us on two threads). So search alone first and bring in the
            // other threads only if that does not finish soon; the table
            // keeps what the lone search learnt.
            let alone = if self.solo_nodes == 0 {
                Err(Halt::Done)
            } else {
                self.solo_until = self.nodes + self.solo_nodes;
                let alone = self.solve_range(pos, lo, hi);
                self.solo_until = u64::MAX;
                alone
            };
            match alone {
                Ok(s) => s,
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Done) => self.solve_parallel(pos, lo, hi, threads)?,
            }
        };
        Ok(G::Value::from_score(score))
    }

    pub fn analyze(&mut self, pos: &G::Pos) -> Result<Analysis<G>, Error> {
        let game = self.game;
        rank_moves(game, pos, |child| self.value(child))
    }

    fn solve_parallel(&mut self, pos: &G::Pos, lo: i64, hi: i64, threads: usize) -> Result<i64, Error> {
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = stop.clone();
        let busy = Arc::new(Busy::new());
        self.busy = Some(busy.clone());
        let (game, driver) = (self.game, self.driver);
        let (main, helpers) = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads as u64)
                .map(|_| {
                    let (ctl, tt, stop, busy) = (self.ctl.clone(), self.tt.clone(), stop.clone(), busy.clone());
                    let pos = pos.clone();
                    scope.spawn(move || {
                        let mut helper = AlphaBeta::with_table(game, ctl, tt).with_driver(driver);
                        helper.stop = stop.clone();
                        helper.busy = Some(busy);
                        let r = helper.solve_range(&pos, lo, hi);
                        if r.is_ok() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        (r, helper.nodes)
                    })
                })
                .collect();
            let main = self.solve_range(pos, lo, hi);
            stop.store(true, Ordering::Relaxed);
            let helpers: Vec<_> = handles.into_iter().map(|h| h.join().expect("search threads do not panic")).collect();
            (main, helpers)
        });
        self.stop = Arc::new(AtomicBool::new(false));
        self.busy = None;
        let mut answer = main;
        for (r, nodes) in helpers {
            self.nodes += nodes;
            if answer.is_err() && r.is_ok() {
                answer = r;
            }
        }
        match answer {
            Ok(s) => Ok(s),
            Err(Halt::Error(e)) => Err(e),
            Err(Halt::Done) => Err(Error::Interrupted),
        }
    }

    /// The exact score clamped to `[lo, hi]`, by the configured driver.
    fn solve_range(&mut self, pos: &G::Pos, mut lo: i64, mut hi: i64) -> Flow<i64> {
        let (user_lo, user_hi) = (lo, hi);
        let clamp = |s: i64| s.clamp(user_lo, user_hi);
        // Below the root, search_moves may rely on never seeing a finished
        // game; the root is checked by the rules themselves.
        let mut moves = Vec::new();
        self.game.moves(pos, &mut moves);
        if moves.is_empty() {
            return Ok(clamp(self.game.terminal(pos).to_score()));
        }
        if let Known::Exact(v) = self.game.root_known(pos) {
            return Ok(clamp(v.to_score()));
        }
        moves.clear();
        let known = self.game.search_moves(pos, &mut moves);
        let bounded = match known {
            Known::Exact(v) => return Ok(clamp(v.to_score())),
            Known::Bounds { lo: l, hi: h } => {
                if let Some(l) = l {
                    lo = lo.max(l.to_score());
                }
                if let Some(h) = h {
                    hi = hi.min(h.to_score());
                }
                lo > -SCORE_INF && hi < SCORE_INF
            }
        };
        if lo >= hi {
            return Ok(clamp(if lo > user_lo { lo } else { hi }));
        }
        if self.driver == Driver::FullWindow {
            return self.search_at(pos, lo - 1, hi + 1, 0).map(clamp);
        }
        if bounded {
            // Null-window probes until the bounds meet; `Probes` says where.
            let mut probes = Probes::new(lo, hi, self.game.scores_count_moves());
            while lo < hi {
                let med = probes.next(lo, hi);
                let before = self.nodes;
                let r = self.search_at(pos, med, med + 1, 0)?;
                probes.record(med, r, self.nodes - before);
                if r <= med {
                    hi = r;
                } else {
                    lo = r;
                }
            }
            return Ok(clamp(if hi < lo { hi } else { lo }));
        }
        // MTD(f): no bounds to bisect, so step from a guess.
        let mut guess = 0i64.clamp(lo, hi);
        while lo < hi {
            let beta = if guess == lo { guess + 1 } else { guess };
            let score = self.search_at(pos, beta - 1, beta, 0)?;
            if score < beta {
                hi = score;
            } else {
                lo = score;
            }
            guess = if score < beta { hi } else { lo };
        }
        Ok(clamp(lo))
    }

    /// Fail-soft alpha-beta on `pos` with the open window `(alpha, beta)`.
    pub fn search(&mut self, pos: &G::Pos, alpha: i64, beta: i64) -> Result<i64, Error> {
        if let Known::Exact(v) = self.game.root_known(pos) {
            return Ok(v.to_score());
        }
        match self.search_at(pos, alpha, beta, 0) {
            Ok(s) => Ok(s),
            Err(Halt::Error(e)) => Err(e),
            Err(Halt::Done) => Err(Error::Interrupted),
        }
    }

    fn search_at(&mut self, pos: &G::Pos, alpha: i64, beta: i64, ply: usize) -> Flow<i64> {
        let start = self.arena.len();
        // Checking the native stack costs a little on every call; a frame is
        // small, so every few plies is enough.
        let result = if ply.is_multiple_of(Self::STACK_CHECK_PLIES) {
            stacker::maybe_grow(Self::STACK_RED_ZONE, Self::STACK_SEGMENT, || self.search_node(pos, alpha, beta, ply))
        } else {
            self.search_node(pos, alpha, beta, ply)
        };
        self.arena.truncate(start);
        result
    }

    #[inline]
    fn child_window(r: <G::Value as Value>::Reward, turn: Turn, alpha: i64, beta: i64) -> (i64, i64) {
        match turn {
            Turn::Pass => (G::Value::child_bound(r, turn, beta), G::Value::child_bound(r, turn, alpha)),
            Turn::Again => (G::Value::child_bound(r, turn, alpha), G::Value::child_bound(r, turn, beta)),
        }
    }

    /// The score of the move that makes `step`, for the node at `ply` with
    /// window `(alpha, beta)`: its child searched and the result backed up.
    #[inline]
    fn search_child(&mut self, step: &StepOf<G>, alpha: i64, beta: i64, ply: usize) -> Flow<i64> {
        let (ca, cb) = Self::child_window(step.reward, step.turn, alpha, beta);
        let child = self.search_at(&step.pos, ca, cb, ply + 1)?;
        Ok(G::Value::back_score(step.reward, step.turn, child))
    }

    /// Orders `arena[start + skip..end]` by the game's guess.
    #[inline]
    fn order(&mut self, pos: &G::Pos, start: usize, end: usize, skip: usize) {
        self.game.order_moves(pos, &mut self.arena[start + skip..end]);
    }

    fn search_node(&mut self, pos: &G::Pos, mut alpha: i64, mut beta: i64, ply: usize) -> Flow<i64> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(Self::CHECK_EVERY) {
            self.ctl.check()?;
            self.ctl.advance(Self::CHECK_EVERY);
            if self.stop.load(Ordering::Relaxed) {
                return Err(Halt::Done);
            }
        }
        if self.nodes >= self.solo_until {
            return Err(Halt::Done);
        }
        let game = self.game;
        // This node's moves live at arena[start..end], in the order the game
        // produced them; children push theirs above and are truncated away.
        let start = self.arena.len();
        match game.search_moves(pos, &mut self.arena) {
            Known::Exact(v) => return Ok(v.to_score()),
            Known::Bounds { lo, hi } => {
                if let Some(lo) = lo {
                    let lo = lo.to_score();
                    if lo >= beta {
                        return Ok(lo);
                    }
                    alpha = alpha.max(lo);
                }
                if let Some(hi) = hi {
                    let hi = hi.to_score();
                    if hi <= alpha {
                        return Ok(hi);
                    }
                    beta = beta.min(hi);
                }
            }
        }
        let end = self.arena.len();
        let count = end - start;
        if count == 0 {
            return Ok(game.terminal(pos).to_score());
        }
        if count == 1 {
            // A forced move: the position is worth exactly that move, and a
            // table entry would only crowd out entries that save work.
            let step = game.play(pos, self.arena[start]);
            return self.search_child(&step, alpha, beta, ply);
        }

        let key = game.key(pos);
        self.tt.prefetch(key);
        // Ask for every child's bucket now: this node's own probe, the
        // ordering and the cutoff checks overlap their arrival, and each
        // child then finds its entry in cache. (Fetching only where the
        // cutoff checks read them measured slower: L2_R2 5.3-6.3 against
        // 4.0-5.5 ms.)
        let mut child_keys = [0u64; 16];
        let known_keys = count.min(child_keys.len());
        for (k, &mv) in child_keys.iter_mut().zip(self.arena[start..end].iter()) {
            *k = game.key(&game.play(pos, mv).pos);
            self.tt.prefetch(*k);
        }

        let probed = self.tt.probe(key);
        if let Some(e) = probed {
            match e.bound {
                Bound::Exact => return Ok(e.score),
                Bound::Lower if e.score >= beta => return Ok(e.score),
                Bound::Upper if e.score <= alpha => return Ok(e.score),
                Bound::Lower => alpha = alpha.max(e.score),
                Bound::Upper => beta = beta.min(e.score),
            }
        }

        // Keep the game's order at arena[end..end + count] for table hints
        // (and the child keys); search in the ordered copy at arena[start..end].
        self.arena.extend_from_within(start..end);
        let hinted = probed
            .filter(|e| e.bound != Bound::Upper)
            .and_then(|e| e.hint)
            .and_then(|h| game.hinted_move(pos, h, &self.arena[end..]));
        // The table's move goes first; the others are ordered only if it
        // does not cut off, since ordering costs the game real work. The
        // ordering comes before the cutoff checks below: the children's
        // buckets are still on their way, and the checks would only wait
        // for them (Connect Four's L1_R1 set: 9% faster than checking
        // first). Ordering early where the table's move would have cut off
        // cost more than the wait (L1_R3 about 25% slower).
        let moves = &mut self.arena[start..end];
        let hinted_at = hinted.and_then(|m| moves.iter().position(|&x| x == m));
        if let Some(i) = hinted_at {
            // Keep the others in the game's order: it may be its best guess.
            moves[..=i].rotate_right(1);
        }
        let mut ordered = hinted_at.is_none();
        if ordered {
            self.order(pos, start, end, 0);
        }

        if game.etc_worthwhile(pos) {
            // Enhanced transposition cutoff: a child already known to be bad
            // enough for the opponent settles this position without a search.
            for (&k, &mv) in child_keys[..known_keys].iter().zip(self.arena[end..end + count].iter()) {
                if let Some(e) = self.tt.probe(k) {
                    let step = game.play(pos, mv);
                    let parent_at_least = match (step.turn, e.bound) {
                        (Turn::Pass, Bound::Upper | Bound::Exact) | (Turn::Again, Bound::Lower | Bound::Exact) => {
                            G::Value::back_score(step.reward, step.turn, e.score)
                        }
                        _ => continue,
                    };
                    if parent_at_least >= beta {
                        return Ok(parent_at_least);
                    }
                }
            }
        }

        let alpha_in = alpha;
        let start_nodes = self.nodes;
        let mut best = -SCORE_INF;
        let mut best_move = self.arena[start];
        let busy = self.busy.clone().filter(|_| ply < Self::SHARE_PLIES || game.etc_worthwhile(pos));
        if let Some(b) = &busy {
            b.enter(key);
        }
        // Bit i: the move at arena[start + i] was deferred because another
        // thread is searching its position; it comes after the others.
        let mut deferred = 0u64;
        let mut next = start;
        loop {
            // The moves in order, then the deferred ones.
            let first_pass = next < end;
            let at = if first_pass {
                next += 1;
                next - 1
            } else if deferred != 0 {
                let at = start + deferred.trailing_zeros() as usize;
                deferred &= deferred - 1;
                at
            } else {
                break;
            };
            if !ordered && at == start + 1 {
                self.order(pos, start, end, 1);
                ordered = true;
            }
            let mv = self.arena[at];
            let step = game.play(pos, mv);
            if let (true, Some(b)) = (first_pass, &busy) {
                if at > start && at - start < 64 && b.contains(game.key(&step.pos)) {
                    deferred |= 1 << (at - start);
                    continue;
                }
            }
            let score = self.search_child(&step, alpha.max(best), beta, ply)?;
            if score > best {
                best = score;
                best_move = mv;
                if best >= beta {
                    break;
                }
            }
        }
        if let Some(b) = &busy {
            b.leave(key);
        }
        let bound = match probed {
            // The table already held the opposite bound at this very score:
            // together they make it exact.
            Some(e)
                if e.score == best
                    && (best <= alpha_in && e.bound == Bound::Lower || best >= beta && e.bound == Bound::Upper) =>
            {
                Bound::Exact
            }
            _ if best <= alpha_in => Bound::Upper,
            _ if best >= beta => Bound::Lower,
            _ => Bound::Exact,
        };
        let hint = game.move_hint(pos, best_move, &self.arena[end..end + count]);
        self.tt.store(key, Entry { score: best, bound, hint }, self.nodes - start_nodes);
        Ok(best)
    }
}

/// Where the null-window driver probes next inside a range `[lo, hi)`
/// that its probes narrow.
///
/// Without more to go on, it bisects, avoiding zero: the middle of a
/// range around zero moves to half its lower or upper end, since a probe
/// near zero is the deepest search (Pons' rule).
///
/// Where scores count moves (`Game::scores_count_moves`), a probe far from
/// zero is a shallow search, and a probe costs the more the closer it is
/// to the value: Connect Four's empty board, nodes a probe at distance 5,
/// 4, 3, 2, 1 from its value 1: 0.5M, 2.5M, 7M, 19M, 38M, and 64M for the
/// last, at the value. So the driver first probes from the ends inwards,
/// 7/8 of the way out from zero while that stays in the outer half of the
/// starting range and each probe costs under `CHEAP_NODES`: quick wins
/// and losses are found without searching deep. Then, as hard positions
/// are mostly worth little, it probes at zero and steps from each result
/// to the next score (MTD(f)), until two steps in a row go the same way:
/// the value is further out, and the rest is bisected. Against bisection
/// after the ends (nodes a position, Connect Four): L2_R2 19.1K / 18.2K,
/// the first 30 of L1_R2 402K / 416K, the first 4 of L1_R3 10.5M / 9.9M;
/// the empty board 61 s / 48-51 s on two threads.
struct Probes {
    /// The range the driver started with.
    start: (i64, i64),
    from_ends: bool,
    /// Scores count moves: after the ends, step from zero.
    count_moves: bool,
    /// Steps from zero in a row that went the same way.
    same_way: u32,
    /// The last step from zero and its result.
    last: Option<(i64, i64)>,
}

impl Probes {
    const CHEAP_NODES: u64 = 8192;

    fn new(lo: i64, hi: i64, scores_count_moves: bool) -> Self {
        Probes {
            start: (lo, hi),
            from_ends: scores_count_moves,
            count_moves: scores_count_moves,
            same_way: 0,
            last: None,
        }
    }

    fn next(&mut self, lo: i64, hi: i64) -> i64 {
        let mid = lo + (hi - lo) / 2;
        if self.from_ends {
            let (lo0, hi0) = self.start;
            if mid <= 0 && lo * 7 / 8 <= lo0 / 2 && lo * 7 / 8 < mid {
                return lo * 7 / 8;
            }
            if mid >= 0 && hi * 7 / 8 >= hi0 / 2 && hi * 7 / 8 > mid {
                return hi * 7 / 8;
            }
            self.from_ends = false;
        }
        if self.count_moves {
            if self.same_way >= 2 {
                return mid;
            }
            let guess = match self.last {
                Some((probe, r)) if r <= probe => r - 1,
                Some((_, r)) => r,
                None => 0,
            };
            return guess.clamp(lo, hi - 1);
        }
        if mid <= 0 && lo / 2 < mid {
            lo / 2
        } else if mid >= 0 && hi / 2 > mid {
            hi / 2
        } else {
            mid
        }
    }

    /// The probe at `probe` returned `r` after searching `nodes` nodes.
    fn record(&mut self, probe: i64, r: i64, nodes: u64) {
        if self.from_ends {
            self.from_ends = nodes < Self::CHEAP_NODES;
            return;
        }
        let up = r > probe;
        self.same_way = match self.last {
            Some((p, q)) if (q > p) == up => self.same_way + 1,
            _ => 1,
        };
        self.last = Some((probe, r));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Runs the driver against a position worth `value`, whose probes
    /// return fail-soft bounds `slack(i)` beyond the probe (but never past
    /// the value) and cost `cost(i)` nodes; the probes made, in order.
    fn drive(
        lo: i64,
        hi: i64,
        count_moves: bool,
        value: i64,
        slack: impl Fn(usize) -> i64,
        cost: impl Fn(usize) -> u64,
    ) -> Vec<i64> {
        let (mut lo, mut hi) = (lo, hi);
        let mut probes = Probes::new(lo, hi, count_moves);
        let mut made = Vec::new();
        while lo < hi {
            let med = probes.next(lo, hi);
            assert!(lo <= med && med < hi, "probe {med} outside [{lo}, {hi})");
            assert!(made.len() < 200, "the driver does not end: {made:?}");
            let i = made.len();
            let r = if value > med { (med + 1 + slack(i)).min(value) } else { (med - slack(i)).max(value) };
            made.push(med);
            probes.record(med, r, cost(i));
            if r <= med {
                hi = r;
            } else {
                lo = r;
            }
        }
        assert_eq!(lo.min(hi), value);
        made
    }

    proptest! {
        /// Every probe lies in `[lo, hi)` (a probe at `hi` that fails low
        /// would leave the range as it was), so the driver ends, on the value.
        #[test]
        fn probes_stay_inside_the_range_and_find_the_value(
            lo in -40i64..40,
            width in 0i64..80,
            at in 0.0f64..=1.0,
            count_moves in any::<bool>(),
            slacks in proptest::collection::vec(0i64..4, 1..8),
            costs in proptest::collection::vec(0u64..20_000, 1..8),
        ) {
            let hi = lo + width;
            let value = lo + (width as f64 * at) as i64;
            drive(lo, hi, count_moves, value, |i| slacks[i % slacks.len()], |i| costs[i % costs.len()]);
        }
    }

    #[test]
    fn probes_from_the_ends_then_from_zero() {
        // Cheap probes: from the ends inwards while in the outer half.
        let cheap = drive(-16, 17, true, 12, |_| 0, |_| 10);
        assert_eq!(&cheap[..3], &[-14, 14, -11]);
        // The first costly probe ends that; then zero, and steps from it.
        let costly = drive(-16, 17, true, 1, |_| 0, |_| 1 << 20);
        assert_eq!(costly, vec![-14, 0, 1]);
        // Two steps the same way: the rest is bisected.
        let far = drive(-16, 17, true, 9, |_| 0, |i| if i == 0 { 10 } else { 1 << 20 });
        assert_eq!(&far[..5], &[-14, 14, 0, 1, 8]);
        // Games whose scores do not count moves bisect around zero.
        assert_eq!(drive(-16, 17, false, 1, |_| 0, |_| 10)[0], -8);
    }
}
