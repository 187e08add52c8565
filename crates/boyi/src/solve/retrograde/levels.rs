//! The walk: levels settled in order of remoteness, each in parallel,
//! and how a predecessor told of a child's value is settled.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::predecessors::Predecessors;
use super::{Run, COUNT, LOSES_IN_TWO, MOVES, ON_THE_SPOT, PENDING};
use crate::control::Control;
use crate::error::Error;
use crate::game::Indexed;
use crate::solve::cells::Cell;
use crate::solve::checkpoint::Saver;
use crate::solve::marks::Marks;
use crate::value::{Outcome, Turn, Value};

/// Settles levels from `level` on. The positions settled at one level
/// are marked (one bit a line of cells) and walked at the next in
/// rank order, so neighbouring positions' predecessors are neighbours in
/// the table too, with no list to sort. A level where ended positions
/// join, and the first level of a solve resumed from a checkpoint, are
/// found by scanning the table for cells of that remoteness instead
/// (`scan_always` forces that everywhere, for tests).
#[allow(clippy::too_many_arguments)]
pub(super) fn propagate<'a, G: Indexed<Value = Outcome>, P: Predecessors<G>, C: Cell>(
    game: &G,
    cells: Vec<C>,
    ended: Vec<u64>,
    mut level: u32,
    preds: &P,
    scan_always: bool,
    narrow_levels: u32,
    mut saver: Saver<'a>,
    ctl: &Control,
) -> Result<Run<'a, C>, Error> {
    // The bar counts positions walked against those that can be: not the
    // ones valued on the spot, and (unknown until the end) not the draws,
    // so it ends with a jump of the draws. A resumed solve starts past the
    // positions its earlier levels walked.
    let (spot, walked_before) = cells
        .par_iter()
        .map(|c| match c.load() {
            ON_THE_SPOT => (1, 0),
            cell if cell & PENDING != PENDING && cell & PENDING != 0 && u32::from(cell & COUNT) < level => (0, 1),
            _ => (0, 0),
        })
        .reduce(|| (0u64, 0u64), |a, b| (a.0 + b.0, a.1 + b.1));
    ctl.start("retrograde analysis (positions settled)", cells.len() as u64 - spot);
    ctl.advance(walked_before);
    let scattered = preds.scattered(game);
    let mut current = Marks::new(cells.len(), scattered);
    let mut next = Marks::new(cells.len(), scattered);
    let words = current.words();
    // Whether the level about to be walked must be scanned, and how many
    // positions were settled for it at the level before.
    let (mut rescan, mut next_count) = (level > 0, u64::from(level > 0));
    let span = current.words_per_task(words);
    let stripe = preds.reach(game).and_then(|reach| stripe_words(reach, current.word_span(), words));
    while let Some(found) = level_with_work(&ended, level, next_count) {
        level = found;
        let ended_here = ended.get(level as usize).copied().unwrap_or(0);
        ctl.check()?;
        if C::BYTES == 1 && level + 1 >= narrow_levels {
            return Ok(Run::Widen { cells, ended, level, saver });
        }
        packable(level)?;
        std::mem::swap(&mut current, &mut next);
        let scan = scan_always || rescan || ended_here > 0;
        let settled_count = AtomicU64::new(0);
        // A bonus turn breaks the parity one-byte cells rely on.
        let bonus_turn = AtomicBool::new(false);
        let (cells, current, next) = (&cells, &current, &next);
        // Walks the words `lo..hi` of the marks; `alone`: no other thread
        // touches the slots and marks their predecessors can reach.
        let walk = |(scratch, lag): &mut (P::Scratch, Lagging), lo: usize, hi: usize, alone: bool| {
            ctl.check()?;
            let mut walked = 0u64;
            let mut settled = 0u64;
            // one-byte cells rely on turns alternating
            let breaks_parity = |turn| {
                let breaks = C::BYTES == 1 && turn == Turn::Again;
                if breaks {
                    bonus_turn.store(true, Relaxed);
                }
                breaks
            };
            // Three loops, not one with the choice inside: each predecessor's
            // step then stays inlined in the game's un-moves (with one body,
            // chase n = 64 took 1.16 times as long).
            let mut visit = |x: usize| {
                let value = Outcome::unpack(cells[x].load());
                if lag.on {
                    preds.each(game, x as u64, scratch, |p, turn| {
                        if !breaks_parity(turn) {
                            lag.push(cells, p, Outcome::back((), turn, value), next);
                        }
                    });
                } else if alone {
                    preds.each(game, x as u64, scratch, |p, turn| {
                        debug_assert!(p.abs_diff(x as u64) <= preds.reach(game).unwrap_or(0));
                        if !breaks_parity(turn) {
                            let value = Outcome::back((), turn, value);
                            settled += settle_alone(&cells[p as usize], value, p, next) as u64;
                        }
                    });
                } else {
                    preds.each(game, x as u64, scratch, |p, turn| {
                        if !breaks_parity(turn) {
                            settled += settle(&cells[p as usize], Outcome::back((), turn, value), p, next) as u64;
                        }
                    });
                }
                walked += 1;
            };
            current.each_at_level(cells, lo..hi, level, scan, &mut visit);
            let settled = settled + lag.drain(cells, next);
            ctl.advance(walked);
            settled_count.fetch_add(settled, Relaxed);
            Ok::<_, Error>(())
        };
        let init = || (preds.scratch(), Lagging::new(scattered));
        match stripe {
            // Stripes of one parity, then of the other: two of a parity are
            // far enough apart that their predecessors never meet.
            Some(stripe) => {
                let stripes = words.div_ceil(stripe);
                for parity in 0..2 {
                    (0..stripes.div_ceil(2))
                        .into_par_iter()
                        .map(|s| 2 * s + parity)
                        .filter(|&s| s < stripes)
                        .try_for_each_init(init, |state, s| {
                            walk(state, s * stripe, ((s + 1) * stripe).min(words), true)
                        })?;
                }
            }
            None => (0..words.div_ceil(span))
                .into_par_iter()
                .try_for_each_init(init, |state, c| walk(state, c * span, ((c + 1) * span).min(words), false))?,
        }
        if bonus_turn.load(Relaxed) {
            ctl.finish();
            return Ok(Run::DoesNotFit);
        }
        next_count = settled_count.load(Relaxed);
        rescan = false;
        level += 1;
        saver.maybe_save(level, &ended, cells, ctl)?;
    }
    saver.finished();
    finish_cells(game, &cells, 0);
    ctl.finish();
    Ok(Run::Done(cells))
}

/// Predecessors found but not yet settled, oldest first. A walk's
/// predecessors lie all over the table, and settling each as it was found
/// waited on its cell every time (a third of Dōbutsu Shōgi's build): a
/// predecessor's cell is fetched ahead when it is found and settled
/// `LAG` predecessors later.
pub(in crate::solve) struct Lagging {
    /// Whether to lag at all: where predecessors are near each other (in
    /// chase they are) the cells are in cache and the ring only costs
    /// (1.2 times the time for chase n = 64).
    pub(in crate::solve) on: bool,
    ring: [(u64, Outcome); LAG],
    /// Predecessors pushed so far (the ring holds the last `LAG`).
    pushed: usize,
    settled: u64,
}

const LAG: usize = 16;

impl Lagging {
    pub(in crate::solve) fn new(on: bool) -> Self {
        Lagging { on, ring: [(0, Outcome::Draw); LAG], pushed: 0, settled: 0 }
    }

    #[inline]
    pub(in crate::solve) fn push<C: Cell>(&mut self, cells: &[C], rank: u64, value: Outcome, next: &Marks) {
        prefetch(&cells[rank as usize]);
        let slot = &mut self.ring[self.pushed % LAG];
        if self.pushed >= LAG {
            let (p, v) = *slot;
            self.settled += settle(&cells[p as usize], v, p, next) as u64;
        }
        *slot = (rank, value);
        self.pushed += 1;
    }

    /// Settles what is left; the count of positions settled since the last drain.
    pub(in crate::solve) fn drain<C: Cell>(&mut self, cells: &[C], next: &Marks) -> u64 {
        for i in self.pushed.saturating_sub(LAG)..self.pushed {
            let (p, v) = self.ring[i % LAG];
            self.settled += settle(&cells[p as usize], v, p, next) as u64;
        }
        self.pushed = 0;
        std::mem::take(&mut self.settled)
    }
}

#[inline]
fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint about an address this reference makes
    // valid; it reads and writes nothing the program can see.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// The first level from `level` on with positions to walk (`next_count`
/// settled for `level` at the level before, or ended positions counted
/// there), or `None` when the solve is done.
pub(in crate::solve) fn level_with_work(ended: &[u64], mut level: u32, next_count: u64) -> Option<u32> {
    if next_count > 0 {
        return Some(level);
    }
    loop {
        if ended.get(level as usize).copied().unwrap_or(0) > 0 {
            return Some(level);
        }
        if level as usize >= ended.len() {
            return None;
        }
        level += 1;
    }
}

/// Refuses a level past what a packed outcome's remoteness holds.
pub(in crate::solve) fn packable(level: u32) -> Result<(), Error> {
    if level >= Outcome::MAX_PACKED_REMOTENESS {
        return Err(Error::Unsupported(format!(
            "the game lasts more than {} moves; packed outcomes hold at most that",
            Outcome::MAX_PACKED_REMOTENESS
        )));
    }
    Ok(())
}

/// After the last level: what no level reached is a draw, and what was
/// valued on the spot gets its value. `cells` hold ranks from `first`.
pub(in crate::solve) fn finish_cells<G: Indexed<Value = Outcome>, C: Cell>(game: &G, cells: &[C], first: u64) {
    cells.par_iter().enumerate().for_each(|(i, c)| match c.load() {
        ON_THE_SPOT => {
            let value = game.outside(&game.unrank(first + i as u64)).expect("valued on the spot when counted");
            c.store(value.pack());
        }
        cell if cell & PENDING == PENDING => c.store(Outcome::Draw.pack()),
        _ => {}
    });
}

/// Tells an unsettled predecessor that one of its moves is worth `value`
/// to it; if that settles it, it is marked for the next level.
#[inline]
pub(in crate::solve) fn settle<C: Cell>(cell: &C, value: Outcome, rank: u64, next: &Marks) -> bool {
    let settles = cell.tell(value).unwrap_or_else(|| {
        let mut cur = cell.load();
        loop {
            if cur & PENDING != PENDING {
                return false;
            }
            let (new, settles) = updated(cur, value);
            match cell.compare_exchange(cur, new) {
                Ok(_) => return settles,
                Err(actual) => cur = actual,
            }
        }
    });
    if settles {
        next.mark(rank);
    }
    settles
}

/// [`settle`] where no other thread touches the cell or its marks (a
/// striped walk): a load and a store, no locked instruction.
#[inline]
fn settle_alone<C: Cell>(cell: &C, value: Outcome, rank: u64, next: &Marks) -> bool {
    let settles = cell.tell_alone(value).unwrap_or_else(|| {
        let cur = cell.load();
        if cur & PENDING != PENDING {
            return false;
        }
        let (new, settles) = updated(cur, value);
        cell.store(new);
        settles
    });
    if settles {
        next.mark_alone(rank);
    }
    settles
}

/// An unsettled cell `cur` told that one of its moves is worth `value` to
/// it: the cell it becomes, and whether that settles it for the next level.
#[inline]
pub(in crate::solve) fn updated(cur: u16, value: Outcome) -> (u16, bool) {
    let floored = !value.is_win() && cur & MOVES == 1 && cur & LOSES_IN_TWO != 0 && value < Outcome::Lose(2);
    let new = if floored {
        Outcome::Lose(2).pack()
    } else if value.is_win() || cur & MOVES == 1 {
        value.pack()
    } else {
        cur - 1
    };
    // a floored loss is not the next level's: level 2's scan walks it
    (new, new & PENDING != PENDING && !floored)
}

/// Words of marks a stripe takes where predecessors lie at most `reach`
/// ranks away: two stripes with one between them must not reach one slot
/// or one word of marks, so a stripe spans `2 * reach` positions and a
/// word more. `None` where that leaves too few stripes to share out.
pub(super) fn stripe_words(reach: u64, word_span: usize, words: usize) -> Option<usize> {
    let span = word_span as u64;
    // a reach as large as the table (or "unbounded") leaves no stripes
    let positions = reach.checked_mul(2)?.checked_add(span - 1)?;
    let stripe = usize::try_from(positions.div_ceil(span)).ok()?.max(1);
    // at least two stripes of each parity for every thread
    (words.div_ceil(stripe) >= 4 * rayon::current_num_threads()).then_some(stripe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripes_cover_twice_the_reach_and_a_word() {
        // 2 * 100 + 63 positions: 5 words of 64
        assert_eq!(stripe_words(100, 64, 1 << 20), Some(5));
        // a reach as large as the table, or overflowing, leaves no stripes
        assert_eq!(stripe_words(1 << 20, 64, 1 << 14), None);
        assert_eq!(stripe_words(u64::MAX, 64, 1 << 20), None);
        assert_eq!(stripe_words(u64::MAX / 2, 64, 1 << 20), None);
    }
}
