//! Retrograde analysis of games whose positions can repeat (pursuit games,
//! anything where pieces move back and forth): win / lose / draw with
//! remoteness for every position of an [`Indexed`] space, where top-down
//! search would loop or need a depth cap.
//!
//! Positions are settled in order of remoteness. Level 0 holds the ended
//! positions. A position one move before a level-`r` loss (for whoever moves
//! there) is a win in `r + 1`: the first loss reached is the nearest, so the
//! winner hurries. Every position counts its moves not yet known to lose;
//! when the count reaches zero it is a loss in `r + 1`, `r` being the level
//! of its last settled child, so the loser delays. What no level ever
//! reaches is a draw: neither side can force an end.
//!
//! Each position takes one 2-byte cell: an unsettled one holds its move
//! count under the bit pattern `11` that [`Outcome::pack`] never produces,
//! a settled one its packed outcome. Where turns alternate a cell is
//! stored in one byte ([`super::cells`]), and widened to two at the level
//! where the game outlasts it. A level is walked in parallel; threads
//! settle positions with compare-and-swap (in one-byte cells a win with a
//! plain store: see `Cell::tell`; where the game bounds how far predecessors
//! lie, in stripes that no two threads share, with plain loads and stores:
//! see [`stripe_words`](levels::stripe_words)), and whoever settles a
//! position marks it for the next level ([`super::marks`]). Predecessors
//! come from the game's un-moves ([`Reversible`]) or, for small spaces,
//! from reverse edges built out of the forward moves.
//!
//! In parts: [`start`] the table and each position's first cell;
//! [`predecessors`] where a position's predecessors come from; [`levels`]
//! the walk, level by level, and how a predecessor is settled; [`verify`]
//! a game's un-moves checked against its moves.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::cells::{self, Cell, NARROW_LEVELS};
use super::checkpoint::{self, Saver};
use super::marks::Marks;
use super::Solved;
use crate::control::Control;
use crate::error::Error;
use crate::game::{Indexed, Reversible};
use crate::value::{Outcome, Turn, Value};

mod levels;
mod predecessors;
mod start;
mod verify;

pub(super) use levels::{finish_cells, level_with_work, packable, settle, Lagging};
pub(crate) use start::advise_huge_pages;
pub(super) use start::{add_counts, checked_size, initial_cell, zeroed};
pub use verify::verify_unmoves;
// the one-byte cells' tests tell both forms and compare
#[cfg(test)]
pub(super) use levels::updated;

use levels::propagate;
use predecessors::{Edges, Unmoves, AGAIN_BIT};

/// Marks an unsettled cell; the low 13 bits count its moves not yet
/// known to lose, and `LOSES_IN_TWO` says a move out of the index loses
/// in two plies (a floor under the remoteness if the position is lost).
pub(super) const PENDING: u16 = 0xC000;
pub(super) const LOSES_IN_TWO: u16 = 0x2000;
const MOVES: u16 = 0x1FFF;
/// A position valued on the spot ([`Indexed::outside`]) that keeps a slot:
/// never walked (its predecessors counted it out), filled in at the end.
/// A draw's kind with a remoteness, which packed outcomes never are.
pub(super) const ON_THE_SPOT: u16 = 0x0001;
/// A settled cell's remoteness.
pub(super) const COUNT: u16 = 0x3FFF;
/// Positions a worker takes at once: large enough to amortise scheduling,
/// small enough that a level of a few thousand positions still splits.
const CHUNK: usize = 2048;

/// Bytes a solve in two-byte cells needs: the cells, and the marks of
/// two levels (the level walked and the next). [`solve`] needs
/// half the cells' share where turns alternate ([`super::cells`]), and
/// fewer marks where predecessors are scattered ([`bytes_needed_reversible`]).
pub fn bytes_needed<G: Indexed<Value = Outcome>>(game: &G) -> u64 {
    bytes_needed_in(game, 2, false)
}

/// [`bytes_needed`] for a game walked by its un-moves, whose marks stand
/// for lines of positions where its predecessors are scattered.
pub fn bytes_needed_reversible<G: Reversible<Value = Outcome>>(game: &G) -> u64 {
    bytes_needed_in(game, 2, game.predecessors_scattered())
}

fn bytes_needed_in<G: Indexed<Value = Outcome>>(game: &G, cell_bytes: u64, scattered: bool) -> u64 {
    let size = game.size();
    size.saturating_mul(cell_bytes).saturating_add(2 * Marks::bytes(size, scattered))
}

/// Solves every position, walking moves backwards with the game's un-moves.
pub fn solve<G: Reversible<Value = Outcome>>(game: &G, ctl: &Control) -> Result<Solved<Outcome>, Error> {
    solve_with(game, ctl, false, NARROW_LEVELS)
}

/// [`solve`] with every level found by scanning the table (else only
/// those where ended positions join): tests check the scans with it.
#[doc(hidden)]
pub fn solve_by_scans<G: Reversible<Value = Outcome>>(game: &G, ctl: &Control) -> Result<Solved<Outcome>, Error> {
    solve_with(game, ctl, true, NARROW_LEVELS)
}

/// [`solve`] with one-byte cells widened before level `levels` (if the
/// game fits them at all): tests take the widening at small levels.
#[doc(hidden)]
pub fn solve_widening_at<G: Reversible<Value = Outcome>>(
    game: &G,
    ctl: &Control,
    levels: u32,
) -> Result<Solved<Outcome>, Error> {
    // from level 1 on, the loses-in-two floors the cells drop no longer matter
    solve_with(game, ctl, false, levels.clamp(2, NARROW_LEVELS))
}

/// [`solve`] in two-byte cells only, as games with bonus turns are: tests
/// compare the two widths with it.
#[doc(hidden)]
pub fn solve_wide<G: Reversible<Value = Outcome>>(game: &G, ctl: &Control) -> Result<Solved<Outcome>, Error> {
    let size = checked_size(game, u32::MAX as u64 + 1)?;
    solve_in::<G, AtomicU16>(game, size, ctl, false, 0)?.wide()
}

/// One-byte cells first ([`super::cells`]); two-byte ones for a game
/// they do not fit, and from the level where its remoteness outgrows them.
fn solve_with<G: Reversible<Value = Outcome>>(
    game: &G,
    ctl: &Control,
    scan_always: bool,
    narrow_levels: u32,
) -> Result<Solved<Outcome>, Error> {
    let size = checked_size(game, u32::MAX as u64 + 1)?;
    // A two-byte checkpoint: a solve that did not fit one-byte cells, or
    // one widened past them, to go on with.
    if checkpoint::saved_width(ctl, size)? == Some(2) {
        return solve_in::<G, AtomicU16>(game, size, ctl, scan_always, 0)?.wide();
    }
    match solve_in::<G, AtomicU8>(game, size, ctl, scan_always, narrow_levels)? {
        Run::Done(cells) => Ok(Solved::from_outcome_bytes(cells::into_outcome_bytes(cells))),
        Run::Widen { cells, ended, level, saver } => {
            // both tables at once while the cells are copied
            let both = bytes_needed_reversible(game).saturating_add(game.size());
            ctl.reserve("the retrograde table, widened to two-byte cells", both)?;
            let wide = widen(cells);
            propagate(game, wide, ended, level, &Unmoves, scan_always, 0, saver, ctl)?.wide()
        }
        Run::DoesNotFit => {
            // a one-byte checkpoint holds no loses-in-two floors: not to resume from
            if let Some(cp) = ctl.checkpoint() {
                let _ = std::fs::remove_file(&cp.path);
            }
            solve_in::<G, AtomicU16>(game, size, ctl, scan_always, 0)?.wide()
        }
    }
}

/// How a solve in cells of type `C` ended.
enum Run<'a, C> {
    Done(Vec<C>),
    /// The next level's remoteness outgrows the cells: the table at the
    /// boundary of `level`, to go on in wider cells.
    Widen {
        cells: Vec<C>,
        ended: Vec<u64>,
        level: u32,
        saver: Saver<'a>,
    },
    /// A position or move the cells cannot hold: start over in wider ones.
    DoesNotFit,
}

impl Run<'_, AtomicU16> {
    fn wide(self) -> Result<Solved<Outcome>, Error> {
        match self {
            Run::Done(cells) => Ok(Solved::from_slots(cells)),
            _ => unreachable!("two-byte cells hold every value"),
        }
    }
}

fn widen(cells: Vec<AtomicU8>) -> Vec<AtomicU16> {
    let mut wide = Vec::with_capacity(cells.len());
    advise_huge_pages(wide.as_ptr() as usize, cells.len() * 2);
    wide.par_extend(cells.par_iter().map(|c| AtomicU16::new(Cell::load(c))));
    wide
}

/// `narrow_levels`: the level one-byte cells are widened at.
fn solve_in<'a, G: Reversible<Value = Outcome>, C: Cell>(
    game: &G,
    size: usize,
    ctl: &'a Control,
    scan_always: bool,
    narrow_levels: u32,
) -> Result<Run<'a, C>, Error> {
    ctl.reserve("the retrograde table", bytes_needed_in(game, C::BYTES, game.predecessors_scattered()))?;
    let mut saver = Saver::new(ctl);
    if let Some(saved) = checkpoint::resume::<C>(ctl, size)? {
        return propagate(
            game,
            saved.cells,
            saved.ended,
            saved.level,
            &Unmoves,
            scan_always,
            narrow_levels,
            saver,
            ctl,
        );
    }
    let cells: Vec<C> = zeroed(size);
    ctl.start("counting moves", size as u64);
    // once a position does not fit, the other chunks stop counting
    let misfit = AtomicBool::new(false);
    let ended = cells
        .par_chunks(CHUNK)
        .enumerate()
        .map_init(Vec::new, |moves, (chunk, part)| {
            ctl.check()?;
            if misfit.load(Relaxed) {
                return Ok(None);
            }
            let mut ended = Vec::new();
            let first = (chunk * CHUNK) as u64;
            let mut pos = game.unrank(first);
            for (i, cell) in part.iter().enumerate() {
                if i > 0 {
                    game.unrank_next(first + i as u64, &mut pos);
                }
                if let Some(value) = game.outside(&pos) {
                    // filled in at the end: it must fit then
                    if !C::fits(value.pack()) {
                        misfit.store(true, Relaxed);
                        return Ok(None);
                    }
                    cell.store(ON_THE_SPOT);
                    continue;
                }
                let (inside, out) = game.count_moves(&pos, moves);
                let wide = initial_cell(game, &pos, inside, out, &mut ended)?;
                if !C::fits(wide) {
                    misfit.store(true, Relaxed);
                    return Ok(None);
                }
                cell.store(wide);
            }
            ctl.advance(part.len() as u64);
            Ok::<_, Error>(Some(ended))
        })
        .try_reduce(|| Some(Vec::new()), |a, b| Ok(a.zip(b).map(|(a, b)| add_counts(a, b))))?;
    ctl.finish();
    let Some(ended) = ended else { return Ok(Run::DoesNotFit) };
    saver.maybe_save(0, &ended, &cells, ctl)?;
    propagate(game, cells, ended, 0, &Unmoves, scan_always, narrow_levels, saver, ctl)
}

/// Solves every position with reverse edges built from the forward
/// moves, for games without un-moves. Needs 16 more bytes a position
/// (row offsets and their fill cursors) and 4 a move; spaces are limited
/// to 2^31 positions.
pub fn solve_by_edges<G: Indexed<Value = Outcome>>(game: &G, ctl: &Control) -> Result<Solved<Outcome>, Error> {
    let size = checked_size(game, AGAIN_BIT as u64)?;
    let base = bytes_needed(game) + (size as u64 + 1) * 16;
    ctl.reserve("the retrograde table and its reverse edges", base)?;
    let cells: Vec<AtomicU16> = zeroed(size);
    let mut start = vec![0u64; size + 1];
    let mut moves = Vec::new();
    let mut ended = Vec::new();
    ctl.start("building reverse edges", size as u64);
    for r in 0..size {
        if r % CHUNK == 0 {
            ctl.check()?;
            ctl.advance(CHUNK as u64);
        }
        let pos = game.unrank(r as u64);
        if game.outside(&pos).is_some() {
            cells[r].store(ON_THE_SPOT, Relaxed);
            continue;
        }
        moves.clear();
        game.moves(&pos, &mut moves);
        let (mut inside, mut out) = (0, None);
        for &mv in &moves {
            let step = game.play(&pos, mv);
            match game.outside(&step.pos) {
                Some(v) => out = out.max(Some(Outcome::back((), step.turn, v))),
                None => {
                    start[game.child_rank(r as u64, &pos, mv, &step) as usize + 1] += 1;
                    inside += 1;
                }
            }
        }
        cells[r].store(initial_cell(game, &pos, inside, out, &mut ended)?, Relaxed);
    }
    for x in 0..size {
        start[x + 1] += start[x];
    }
    let edges = start[size];
    ctl.reserve("the retrograde table and its reverse edges", base + edges * 4)?;
    let mut fill = start.clone();
    let mut from = vec![0u32; edges as usize];
    for r in 0..size {
        if r % CHUNK == 0 {
            ctl.check()?;
        }
        let pos = game.unrank(r as u64);
        if game.outside(&pos).is_some() {
            continue;
        }
        moves.clear();
        game.moves(&pos, &mut moves);
        for &mv in &moves {
            let step = game.play(&pos, mv);
            if game.outside(&step.pos).is_some() {
                continue;
            }
            let x = game.child_rank(r as u64, &pos, mv, &step) as usize;
            let again = if step.turn == Turn::Again { AGAIN_BIT } else { 0 };
            from[fill[x] as usize] = r as u32 | again;
            fill[x] += 1;
        }
    }
    drop(fill);
    ctl.finish();
    propagate(game, cells, ended, 0, &Edges { start, from }, false, 0, Saver::none(), ctl)?.wide()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_cells_never_look_like_outcomes() {
        for r in [0, 1, 77, Outcome::MAX_PACKED_REMOTENESS] {
            for o in [Outcome::Win(r), Outcome::Lose(r), Outcome::Draw] {
                assert_ne!(o.pack() & PENDING, PENDING, "{o:?}");
            }
        }
    }
}
