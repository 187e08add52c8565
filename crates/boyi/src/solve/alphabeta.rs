//! Alpha-beta search with a bounds-correct transposition table and move
//! ordering, for game trees too large to tabulate.
//!
//! The search works in score space (`Value::to_score`), where every value
//! type is an integer: a window `(alpha, beta)` for a position becomes a
//! window for each child through `Value::child_bound`, whatever the move
//! earned and whoever moves next. Results are fail-soft: a score at or below
//! alpha is an upper bound, at or above beta a lower bound, else exact.

use super::{rank_moves, Analysis};
use crate::control::Control;
use crate::error::Error;
use crate::game::Game;
use crate::tt::{Bound, Entry, TranspositionTable};
use crate::value::{Turn, Value, SCORE_INF};

/// How alpha-beta finds an exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    /// One search with the widest window.
    FullWindow,
    /// Repeated null-window searches that narrow the bounds until they meet
    /// (MTD(f)): more searches, each far cheaper.
    NullWindow,
}

pub struct AlphaBeta<'g, G: Game> {
    game: &'g G,
    ctl: Control,
    tt: TranspositionTable,
    nodes: u64,
    driver: Driver,
    /// One move list per ply, reused so the search allocates nothing per node.
    buffers: Vec<Vec<G::Move>>,
}

impl<'g, G: Game> AlphaBeta<'g, G> {
    pub const DEFAULT_TABLE_BYTES: u64 = 64 << 20;
    const CHECK_EVERY: u64 = 1 << 16;
    /// Native stack kept free before a deeper call moves to a new segment.
    const STACK_RED_ZONE: usize = 128 << 10;
    const STACK_SEGMENT: usize = 4 << 20;

    pub fn new(game: &'g G, ctl: Control, table_bytes: u64) -> Result<Self, Error> {
        ctl.reserve("the transposition table", table_bytes)?;
        Ok(AlphaBeta {
            game,
            ctl,
            tt: TranspositionTable::with_bytes(table_bytes),
            nodes: 0,
            driver: Driver::NullWindow,
            buffers: Vec::new(),
        })
    }

    pub fn with_driver(mut self, driver: Driver) -> Self {
        self.driver = driver;
        self
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn table(&self) -> &TranspositionTable {
        &self.tt
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.nodes = 0;
    }

    pub fn value(&mut self, pos: &G::Pos) -> Result<G::Value, Error> {
        let score = match self.driver {
            Driver::FullWindow => self.search(pos, -SCORE_INF, SCORE_INF)?,
            Driver::NullWindow => self.mtdf(pos)?,
        };
        Ok(G::Value::from_score(score))
    }

    pub fn analyze(&mut self, pos: &G::Pos) -> Result<Analysis<G>, Error> {
        let game = self.game;
        rank_moves(game, pos, |child| self.value(child))
    }

    fn mtdf(&mut self, pos: &G::Pos) -> Result<i64, Error> {
        let (mut lo, mut hi) = (-SCORE_INF, SCORE_INF);
        let mut guess = 0;
        while lo < hi {
            let beta = if guess == lo { guess + 1 } else { guess };
            let score = self.search(pos, beta - 1, beta)?;
            if score < beta {
                hi = score;
            } else {
                lo = score;
            }
            guess = if score < beta { hi } else { lo };
        }
        Ok(lo)
    }

    /// Fail-soft alpha-beta on `pos` with the open window `(alpha, beta)`.
    pub fn search(&mut self, pos: &G::Pos, alpha: i64, beta: i64) -> Result<i64, Error> {
        self.search_at(pos, alpha, beta, 0)
    }

    fn search_at(&mut self, pos: &G::Pos, alpha: i64, beta: i64, ply: usize) -> Result<i64, Error> {
        stacker::maybe_grow(Self::STACK_RED_ZONE, Self::STACK_SEGMENT, || {
            if self.buffers.len() <= ply {
                self.buffers.resize_with(ply + 1, Vec::new);
            }
            let mut moves = std::mem::take(&mut self.buffers[ply]);
            moves.clear();
            let result = self.search_node(pos, alpha, beta, ply, &mut moves);
            self.buffers[ply] = moves;
            result
        })
    }

    fn search_node(
        &mut self,
        pos: &G::Pos,
        mut alpha: i64,
        mut beta: i64,
        ply: usize,
        moves: &mut Vec<G::Move>,
    ) -> Result<i64, Error> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(Self::CHECK_EVERY) {
            self.ctl.check()?;
            self.ctl.advance(Self::CHECK_EVERY);
        }
        let game = self.game;
        game.moves(pos, moves);
        if moves.is_empty() {
            return Ok(game.terminal(pos).to_score());
        }
        game.order_moves(pos, moves);
        let key = game.key(pos);
        let mut hinted = None;
        if let Some(e) = self.tt.probe(key) {
            match e.bound {
                Bound::Exact => return Ok(e.score),
                Bound::Lower if e.score >= beta => return Ok(e.score),
                Bound::Upper if e.score <= alpha => return Ok(e.score),
                Bound::Lower => alpha = alpha.max(e.score),
                Bound::Upper => beta = beta.min(e.score),
            }
            // The table names the best move by its place in the ordered list.
            if let Some(i) = e.best.map(usize::from).filter(|&i| i < moves.len()) {
                moves[..=i].rotate_right(1);
                hinted = Some(i);
            }
        }

        let alpha_in = alpha;
        let mut best = -SCORE_INF;
        let mut best_at = None;
        for (at, &mv) in moves.iter().enumerate() {
            let step = game.play(pos, mv);
            let (r, turn) = (step.reward, step.turn);
            let a = alpha.max(best);
            let (ca, cb) = match turn {
                Turn::Pass => (G::Value::child_bound(r, turn, beta), G::Value::child_bound(r, turn, a)),
                Turn::Again => (G::Value::child_bound(r, turn, a), G::Value::child_bound(r, turn, beta)),
            };
            let child = self.search_at(&step.pos, ca, cb, ply + 1)?;
            let score = G::Value::back_score(r, turn, child);
            if score > best {
                best = score;
                best_at = Some(at);
                if best >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // Undo the rotation that put the hinted move first.
        let best_index = best_at
            .map(|at| match hinted {
                Some(h) if at == 0 => h,
                Some(h) if at <= h => at - 1,
                _ => at,
            })
            .and_then(|i| u8::try_from(i).ok().filter(|&i| i != u8::MAX));
        self.tt.store(key, Entry { score: best, bound, best: best_index });
        Ok(best)
    }
}
