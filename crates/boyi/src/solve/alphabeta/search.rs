//! The node search: fail-soft alpha-beta over the game's search hooks and
//! the shared transposition table.
//!
//! The contract, for a node searched with the open window `(alpha, beta)`:
//! the score `s` returned is the exact value when `alpha < s < beta`, an
//! upper bound of it when `s <= alpha`, and a lower bound when `s >= beta`
//! (fail-soft: the bound may lie outside the window, which lets the table
//! keep a tighter bound). Every score is a real one, never a sentinel, and
//! never outside the bounds the game gave in `search_moves`. Debug builds
//! check what can be checked of this at every node.

use std::sync::atomic::Ordering;

use super::{AlphaBeta, Flow, Halt};
use crate::game::{Game, Known, StepOf};
use crate::tt::{Bound, Entry};
use crate::value::{Turn, Value, SCORE_INF};

impl<G: Game> AlphaBeta<'_, G> {
    pub(super) fn search_at(&mut self, pos: &G::Pos, alpha: i64, beta: i64, ply: usize) -> Flow<i64> {
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

    /// Fail-soft alpha-beta on one node: see the module's contract.
    fn search_node(&mut self, pos: &G::Pos, mut alpha: i64, mut beta: i64, ply: usize) -> Flow<i64> {
        debug_assert!(alpha < beta, "an empty window ({alpha}, {beta})");
        self.nodes += 1;
        if self.nodes.is_multiple_of(Self::CHECK_EVERY) {
            self.ctl.check()?;
            self.ctl.advance(Self::CHECK_EVERY);
            self.tt.note_stores(std::mem::take(&mut self.stored));
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
        // The game's bounds, kept to check the result against.
        let known = match game.search_moves(pos, &mut self.arena) {
            Known::Exact(v) => return Ok(v.to_score()),
            Known::Bounds { lo, hi } => {
                let known = (lo.map_or(-SCORE_INF, |v| v.to_score()), hi.map_or(SCORE_INF, |v| v.to_score()));
                debug_assert!(known.0 <= known.1, "search_moves gave bounds {known:?} that cross");
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
                known
            }
        };
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
        let near = game.near_leaves(pos);
        self.table_for(near).prefetch(key);
        // Ask for every child's bucket now: this node's own probe, the
        // ordering and the cutoff checks overlap their arrival, and each
        // child then finds its entry in cache. (Fetching only where the
        // cutoff checks read them measured slower: L2_R2 5.3-6.3 against
        // 4.0-5.5 ms.)
        let mut child_keys = [(0u64, false); 16];
        let known_keys = count.min(child_keys.len());
        for (k, &mv) in child_keys.iter_mut().zip(self.arena[start..end].iter()) {
            let child = game.play(pos, mv).pos;
            *k = (game.key(&child), game.near_leaves(&child));
            self.table_for(k.1).prefetch(k.0);
        }

        let probed = self.table_for(near).probe(key);
        if let Some(stats) = &mut self.stats {
            stats.probe(key, probed.is_some());
        }
        if let Some(e) = probed {
            let settled = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if settled {
                if let Some(stats) = &mut self.stats {
                    stats.cutoffs += 1;
                }
                return Ok(e.score);
            }
            match e.bound {
                Bound::Lower => alpha = alpha.max(e.score),
                _ => beta = beta.min(e.score),
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
            for (&(k, child_near), &mv) in child_keys[..known_keys].iter().zip(self.arena[end..end + count].iter()) {
                if let Some(e) = self.table_for(child_near).probe(k) {
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
        // Borrowed where used, never cloned: an `Arc` clone a node is two
        // atomic updates of one counter that every thread shares, a cache
        // line passed between the cores twice a node (two threads took 1.2
        // to 1.3 times as long with it).
        let shares = self.busy.is_some() && (ply < Self::SHARE_PLIES || game.split_worthwhile(pos));
        if let (true, Some(b)) = (shares, &self.busy) {
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
            if let (true, true, Some(b)) = (first_pass, shares, &self.busy) {
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
        if let (true, Some(b)) = (shares, &self.busy) {
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
        self.table_for(near).store(key, Entry { score: best, bound, hint }, self.nodes - start_nodes);
        self.stored += u64::from(!near);
        // A bound below the game's lower bound (or above its upper one)
        // would contradict it: a child's value or the game's bounds are wrong.
        debug_assert!(-SCORE_INF < best && best < SCORE_INF, "no move was searched");
        debug_assert!(known.0 <= best && best <= known.1, "a search result {best} outside the game's bounds {known:?}");
        Ok(best)
    }
}
