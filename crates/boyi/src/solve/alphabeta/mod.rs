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
//! game asks for them, a small table for positions near the leaves that
//! stays in cache (`Game::near_leaves`), a null-window driver, and parallel
//! search: threads search the same root, share the tables, and split the
//! moves of nodes near the root between them by deferring a move another
//! thread is already in (ABDADA). Randomly perturbed move orders for the helpers (lazy SMP) were
//! tried first: 2 threads were no faster than 1 on Connect Four.

//!
//! The module in parts: this file holds the search's state and its public
//! face; [`search`] the node search and its fail-soft contract; [`probes`]
//! where the null-window driver probes; [`parallel`] the threads.

mod parallel;
mod probes;
mod search;
pub mod stats;

pub use stats::ThreadStats;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::{value_moves, Analysis};
use crate::control::Control;
use crate::error::Error;
use crate::game::{Game, Known};
use crate::tt::TranspositionTable;
use crate::value::{Value, SCORE_INF};
use parallel::Busy;
use probes::Probes;

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
    /// The small table for positions near the leaves (`Game::near_leaves`),
    /// shared by the threads like the large one.
    near: Arc<TranspositionTable>,
    nodes: u64,
    /// Entries stored in the large table since it was last told
    /// (`TranspositionTable::note_stores`).
    stored: u64,
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
    /// What this thread did, when asked for (`with_stats`).
    stats: Option<Box<ThreadStats>>,
    /// The helpers' stats of the last parallel search.
    helper_stats: Vec<ThreadStats>,
}

impl<'g, G: Game> AlphaBeta<'g, G> {
    pub const DEFAULT_TABLE_BYTES: u64 = 64 << 20;
    const CHECK_EVERY: u64 = 1 << 16;
    /// Nodes a parallel search spends alone before starting its threads,
    /// about half a millisecond: most positions finish in fewer, and
    /// starting threads costs more (Connect Four's L3_R1 set: 7 µs a
    /// position alone, 75 µs on two threads). Longer cost what it saves:
    /// the work done alone is on one core. Two threads against one, the
    /// first 40 of L1_R2 and first 300 of L2_R2 (`bench --scaling --runs
    /// 3`, two sittings): 65,536 nodes alone 1.41–1.43 and 1.09–1.10;
    /// 8,192 1.50–1.51 and 1.24–1.27; 4,096 1.52–1.53 and 1.29; 2,048
    /// 1.51–1.52 and 1.28–1.32.
    const SOLO_NODES: u64 = 1 << 12;
    /// Native stack kept free before a deeper call moves to a new segment.
    const STACK_RED_ZONE: usize = 128 << 10;
    const STACK_SEGMENT: usize = 4 << 20;
    const STACK_CHECK_PLIES: usize = 16;
    /// Threads share out the moves of nodes this close to the root, and
    /// deeper where the game says subtrees are large (`split_worthwhile`).
    const SHARE_PLIES: usize = 8;

    /// The table near the leaves: it should stay in the last level of
    /// cache with room to spare (32 MiB here), and the empty Connect Four
    /// board gained from 4 to 8 MiB (two threads, weak: 7.4 and 6.9 s).
    /// Its pages arrive on first touch, so a game without positions near
    /// the leaves never pays for it; beside a small large table it takes
    /// an eighth of that table.
    const NEAR_BYTES: u64 = 8 << 20;

    fn near_bytes(table_bytes: u64) -> u64 {
        (table_bytes / 8).min(Self::NEAR_BYTES)
    }

    pub fn new(game: &'g G, ctl: Control, table_bytes: u64) -> Result<Self, Error> {
        ctl.reserve("the transposition tables", table_bytes.saturating_add(Self::near_bytes(table_bytes)))?;
        Ok(Self::with_table(game, ctl, Arc::new(TranspositionTable::with_bytes(table_bytes))))
    }

    /// A search over an existing (possibly shared) table.
    pub fn with_table(game: &'g G, ctl: Control, tt: Arc<TranspositionTable>) -> Self {
        let near = TranspositionTable::with_bytes(Self::near_bytes(tt.bytes()));
        Self::with_tables(game, ctl, tt, Arc::new(near))
    }

    fn with_tables(game: &'g G, ctl: Control, tt: Arc<TranspositionTable>, near: Arc<TranspositionTable>) -> Self {
        AlphaBeta {
            game,
            ctl,
            tt,
            near,
            nodes: 0,
            stored: 0,
            driver: Driver::NullWindow,
            arena: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            busy: None,
            solo_until: u64::MAX,
            solo_nodes: Self::SOLO_NODES,
            stats: None,
            helper_stats: Vec::new(),
        }
    }

    pub fn with_driver(mut self, driver: Driver) -> Self {
        self.driver = driver;
        self
    }

    /// Parallel searches start their threads after `nodes` nodes searched
    /// alone (default 4,096, about half a millisecond); 0 starts them at once, which
    /// tests use to exercise the parallel search on small games.
    pub fn with_solo_nodes(mut self, nodes: u64) -> Self {
        self.solo_nodes = nodes;
        self
    }

    /// Keeps [`ThreadStats`] for this search and its helper threads (see
    /// [`AlphaBeta::thread_stats`]).
    pub fn with_stats(mut self) -> Self {
        self.stats = Some(Box::default());
        self
    }

    /// Since the last [`AlphaBeta::clear`], with stats on: this thread's
    /// stats first, then each helper thread's (summed over the parallel
    /// searches since).
    pub fn thread_stats(&self) -> Vec<ThreadStats> {
        let Some(own) = &self.stats else { return Vec::new() };
        let mut own = (**own).clone();
        // (the helpers' nodes are added to this search's count when they end)
        own.nodes = self.nodes - self.helper_stats.iter().map(|h| h.nodes).sum::<u64>();
        let mut all = vec![own];
        all.extend(self.helper_stats.iter().cloned());
        all
    }

    /// The small table near the leaves, or the large one.
    #[inline]
    fn table_for(&self, near_leaves: bool) -> &TranspositionTable {
        if near_leaves {
            &self.near
        } else {
            &self.tt
        }
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
        self.near.clear();
        self.nodes = 0;
        if let Some(stats) = &mut self.stats {
            **stats = ThreadStats::default();
        }
        self.helper_stats.clear();
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
        self.tt.start_search();
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
        value_moves(game, pos, |child| self.value(child))
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
}
