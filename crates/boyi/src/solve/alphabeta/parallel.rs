//! Parallel search: threads search the same root, share the table, and
//! split the moves of nodes near the root between them (ABDADA).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::{AlphaBeta, Halt};
use crate::error::Error;
use crate::game::Game;

/// Positions that some thread of a parallel search is searching now, by
/// key, in a small lossy table. A thread that meets such a position among a
/// node's later moves searches the other moves first and comes back to it
/// (ABDADA's "young brothers wait"), so two threads split a node's moves
/// instead of both searching the same one. A collision only delays a move.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    const SLOTS: usize = 1 << 16;

    pub(super) fn new() -> Self {
        Busy { slots: (0..Self::SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline]
    fn slot(&self, key: u64) -> (&AtomicU64, u64) {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The tag is never 0, which marks a free slot.
        (&self.slots[(h >> 48) as usize & (Self::SLOTS - 1)], h | 1)
    }

    #[inline]
    pub(super) fn enter(&self, key: u64) {
        let (slot, tag) = self.slot(key);
        slot.store(tag, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn leave(&self, key: u64) {
        let (slot, tag) = self.slot(key);
        let _ = slot.compare_exchange(tag, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn contains(&self, key: u64) -> bool {
        let (slot, tag) = self.slot(key);
        slot.load(Ordering::Relaxed) == tag
    }
}

impl<G: Game> AlphaBeta<'_, G> {
    pub(super) fn solve_parallel(&mut self, pos: &G::Pos, lo: i64, hi: i64, threads: usize) -> Result<i64, Error> {
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = stop.clone();
        let busy = Arc::new(Busy::new());
        self.busy = Some(busy.clone());
        let (game, driver, with_stats) = (self.game, self.driver, self.stats.is_some());
        let (main, helpers) = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads as u64)
                .map(|_| {
                    let (ctl, tt, near) = (self.ctl.clone(), self.tt.clone(), self.near.clone());
                    let (stop, busy) = (stop.clone(), busy.clone());
                    let pos = pos.clone();
                    scope.spawn(move || {
                        let mut helper = AlphaBeta::with_tables(game, ctl, tt, near).with_driver(driver);
                        if with_stats {
                            helper = helper.with_stats();
                        }
                        helper.stop = stop.clone();
                        helper.busy = Some(busy);
                        let r = helper.solve_range(&pos, lo, hi);
                        if r.is_ok() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        (r, helper.nodes, helper.thread_stats().into_iter().next())
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
        for (i, (r, nodes, stats)) in helpers.into_iter().enumerate() {
            self.nodes += nodes;
            // (a search valued in several parallel parts: each helper's sum)
            match (stats, self.helper_stats.get_mut(i)) {
                (Some(stats), Some(kept)) => kept.absorb(stats),
                (Some(stats), None) => self.helper_stats.push(stats),
                (None, _) => {}
            }
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
}
