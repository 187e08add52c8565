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
//! see [`stripe_words`]), and whoever settles a position marks it for the
//! next level ([`super::marks`]). Predecessors come from the game's un-moves
//! ([`Reversible`]) or, for small spaces, from reverse edges built out of
//! the forward moves.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::cells::{self, Cell, NARROW_LEVELS};
use super::checkpoint::{self, Saver};
use super::marks::Marks;
use super::Solved;
use crate::control::Control;
use crate::error::Error;
use crate::game::{Game, Indexed, Reversible};
use crate::value::{Outcome, Turn, Value};

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
/// Where the predecessors of a position come from.
trait Predecessors<G: Game>: Sync {
    type Scratch: Send;
    fn scratch(&self) -> Self::Scratch;
    fn each(&self, game: &G, rank: u64, scratch: &mut Self::Scratch, f: impl FnMut(u64, Turn));
    /// Whether a position's predecessors lie far apart in the table.
    fn scattered(&self, game: &G) -> bool {
        let _ = game;
        false
    }
    /// How far in rank a position's predecessors lie from it at most, if known.
    fn reach(&self, game: &G) -> Option<u64> {
        let _ = game;
        None
    }
}

struct Unmoves;

impl<G: Reversible> Predecessors<G> for Unmoves {
    type Scratch = Vec<(G::Pos, Turn)>;

    fn scratch(&self) -> Self::Scratch {
        Vec::new()
    }

    fn scattered(&self, game: &G) -> bool {
        game.predecessors_scattered()
    }

    fn reach(&self, game: &G) -> Option<u64> {
        game.predecessor_reach()
    }

    #[inline]
    fn each(&self, game: &G, rank: u64, scratch: &mut Self::Scratch, f: impl FnMut(u64, Turn)) {
        game.unmove_ranks(&game.unrank(rank), scratch, f);
    }
}

/// Reverse edges in compressed rows: the predecessors of `x` are
/// `from[start[x]..start[x + 1]]`, the top bit flagging a bonus turn.
struct Edges {
    start: Vec<u64>,
    from: Vec<u32>,
}

const AGAIN_BIT: u32 = 1 << 31;

impl<G: Game> Predecessors<G> for Edges {
    type Scratch = ();

    fn scratch(&self) {}

    #[inline]
    fn each(&self, _: &G, rank: u64, _: &mut (), mut f: impl FnMut(u64, Turn)) {
        let r = rank as usize;
        for &e in &self.from[self.start[r] as usize..self.start[r + 1] as usize] {
            let turn = if e & AGAIN_BIT != 0 { Turn::Again } else { Turn::Pass };
            f((e & !AGAIN_BIT) as u64, turn);
        }
    }
}

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

pub(super) fn add_counts(mut a: Vec<u64>, b: Vec<u64>) -> Vec<u64> {
    if a.len() < b.len() {
        return add_counts(b, a);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

pub(super) fn checked_size<G: Indexed<Value = Outcome>>(game: &G, most: u64) -> Result<usize, Error> {
    let size = game.size();
    if size > most {
        return Err(Error::Unsupported(format!(
            "retrograde analysis numbers at most {most} positions; this game has {size}"
        )));
    }
    usize::try_from(size)
        .map_err(|_| Error::Unsupported(format!("{size} positions do not fit this machine's address space")))
}

/// The starting cell of a position with `inside` moves into the index
/// and `out` the best value to it of its moves out of the index; a
/// position settled here is counted at its remoteness in `ended`.
///
/// A move out of the index is valued on the spot, so only values the
/// counting cannot get wrong are taken: a win in one (nothing is
/// faster), a draw (the position is then never lost: one count is never
/// taken back), and a loss in at most two plies (a floor the cell keeps).
#[inline]
pub(super) fn initial_cell<G: Indexed<Value = Outcome>>(
    game: &G,
    pos: &G::Pos,
    inside: usize,
    out: Option<Outcome>,
    ended: &mut Vec<u64>,
) -> Result<u16, Error> {
    let settled = match out {
        None if inside == 0 => Some(game.terminal(pos)),
        Some(Outcome::Win(1)) => Some(Outcome::Win(1)),
        Some(Outcome::Lose(r)) if r <= 2 && inside == 0 => Some(Outcome::Lose(r)),
        Some(Outcome::Draw) if inside == 0 => Some(Outcome::Draw),
        None | Some(Outcome::Lose(0..=1)) => None,
        Some(Outcome::Lose(2)) => {
            // Lost through a child settled at level 0, it loses in two, not
            // one, and must be walked at level 2: counted there as if ended,
            // level 2 is scanned for it.
            if ended.len() <= 2 {
                ended.resize(3, 0);
            }
            ended[2] += 1;
            return pending(inside).map(|cell| cell | LOSES_IN_TWO);
        }
        Some(Outcome::Draw) => return pending(inside + 1),
        Some(other) => {
            return Err(Error::Unsupported(format!(
                "a move out of the index is worth {other:?}; retrograde analysis takes only wins in one, draws and losses in two"
            )))
        }
    };
    let Some(value) = settled else { return pending(inside) };
    if let Some(r) = value.remoteness() {
        if r > Outcome::MAX_PACKED_REMOTENESS {
            return Err(Error::Unsupported(format!("an ended position has remoteness {r}")));
        }
        if ended.len() <= r as usize {
            ended.resize(r as usize + 1, 0);
        }
        ended[r as usize] += 1;
    }
    Ok(value.pack())
}

pub(super) fn pending(moves: usize) -> Result<u16, Error> {
    if moves > MOVES as usize {
        return Err(Error::Unsupported(format!(
            "a position has {moves} moves; retrograde analysis counts up to {MOVES}"
        )));
    }
    Ok(PENDING | moves as u16)
}

/// Settles levels from `level` on. The positions settled at one level
/// are marked (one bit a line of cells) and walked at the next in
/// rank order, so neighbouring positions' predecessors are neighbours in
/// the table too, with no list to sort. A level where ended positions
/// join, and the first level of a solve resumed from a checkpoint, are
/// found by scanning the table for cells of that remoteness instead
/// (`scan_always` forces that everywhere, for tests).
#[allow(clippy::too_many_arguments)]
fn propagate<'a, G: Indexed<Value = Outcome>, P: Predecessors<G>, C: Cell>(
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
pub(super) struct Lagging {
    /// Whether to lag at all: where predecessors are near each other (in
    /// chase they are) the cells are in cache and the ring only costs
    /// (1.2 times the time for chase n = 64).
    pub(super) on: bool,
    ring: [(u64, Outcome); LAG],
    /// Predecessors pushed so far (the ring holds the last `LAG`).
    pushed: usize,
    settled: u64,
}

const LAG: usize = 16;

impl Lagging {
    pub(super) fn new(on: bool) -> Self {
        Lagging { on, ring: [(0, Outcome::Draw); LAG], pushed: 0, settled: 0 }
    }

    #[inline]
    pub(super) fn push<C: Cell>(&mut self, cells: &[C], rank: u64, value: Outcome, next: &Marks) {
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
    pub(super) fn drain<C: Cell>(&mut self, cells: &[C], next: &Marks) -> u64 {
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
pub(super) fn level_with_work(ended: &[u64], mut level: u32, next_count: u64) -> Option<u32> {
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
pub(super) fn packable(level: u32) -> Result<(), Error> {
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
pub(super) fn finish_cells<G: Indexed<Value = Outcome>, C: Cell>(game: &G, cells: &[C], first: u64) {
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
pub(super) fn settle<C: Cell>(cell: &C, value: Outcome, rank: u64, next: &Marks) -> bool {
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
pub(super) fn updated(cur: u16, value: Outcome) -> (u16, bool) {
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
fn stripe_words(reach: u64, word_span: usize, words: usize) -> Option<usize> {
    let span = word_span as u64;
    // a reach as large as the table (or "unbounded") leaves no stripes
    let positions = reach.checked_mul(2)?.checked_add(span - 1)?;
    let stripe = usize::try_from(positions.div_ceil(span)).ok()?.max(1);
    // at least two stripes of each parity for every thread
    (words.div_ceil(stripe) >= 4 * rayon::current_num_threads()).then_some(stripe)
}

pub(super) fn zeroed<C: Cell>(size: usize) -> Vec<C> {
    let mut cells = Vec::with_capacity(size);
    advise_huge_pages(cells.as_ptr() as usize, size * std::mem::size_of::<C>());
    cells.par_extend((0..size).into_par_iter().map(|_| C::new(0)));
    cells
}

/// Asks for huge pages on the table before it is touched: settling
/// writes all over gigabytes, and with 4 KiB pages most of those writes
/// missed the TLB (Dōbutsu Shōgi's build: see docs/benchmarks.md).
pub(crate) fn advise_huge_pages(addr: usize, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = addr.next_multiple_of(HUGE);
        let end = (addr + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: advice on whole pages inside an allocation this
            // process owns; it changes no contents, and failure only means
            // small pages.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (addr, len);
}

/// Checks that a game's un-moves mirror its moves exactly: for every move
/// `p -> x`, `unmoves(x)` lists `p` with the same turn, as many times as
/// there are such moves, and nothing else. Meant for tests: it walks the
/// whole space and keeps every edge in a hash map.
pub fn verify_unmoves<G: Reversible<Value = Outcome>>(game: &G) -> Result<(), String> {
    let mut balance: FxHashMap<(u64, u64, bool), i64> = FxHashMap::default();
    let mut moves = Vec::new();
    let mut back = Vec::new();
    for r in 0..game.size() {
        let pos = game.unrank(r);
        if game.rank(&pos) != r {
            return Err(format!("rank(unrank({r})) = {}", game.rank(&pos)));
        }
        if game.outside(&pos).is_some() {
            // valued on the spot: never walked, so its un-moves are never asked
            continue;
        }
        moves.clear();
        game.moves(&pos, &mut moves);
        let (mut inside, mut out) = (0, None);
        for &mv in &moves {
            let step = game.play(&pos, mv);
            if let Some(v) = game.outside(&step.pos) {
                out = out.max(Some(Outcome::back((), step.turn, v)));
                continue;
            }
            inside += 1;
            *balance.entry((game.rank(&step.pos), r, step.turn == Turn::Again)).or_default() += 1;
        }
        let mut scratch = Vec::new();
        if game.count_moves(&pos, &mut scratch) != (inside, out) {
            return Err(format!(
                "count_moves({r}) = {:?}; its moves give {inside} into the index and {out:?} out of it",
                game.count_moves(&pos, &mut scratch)
            ));
        }
        back.clear();
        game.unmoves(&pos, &mut back);
        let listed: Vec<(u64, Turn)> = back.iter().map(|(p, turn)| (game.rank(p), *turn)).collect();
        let mut ranked = Vec::new();
        game.unmove_ranks(&pos, &mut back, |p, turn| ranked.push((p, turn)));
        if ranked != listed {
            return Err(format!("unmove_ranks({r}) = {ranked:?}; its un-moves rank as {listed:?}"));
        }
        if let Some(reach) = game.predecessor_reach() {
            if let Some(&(p, _)) = listed.iter().find(|&&(p, _)| p.abs_diff(r) > reach) {
                return Err(format!("{p} is one move before {r}, further than the predecessor reach {reach}"));
            }
        }
        for (p, turn) in listed {
            *balance.entry((r, p, turn == Turn::Again)).or_default() -= 1;
        }
    }
    let mut wrong: Vec<_> = balance.into_iter().filter(|&(_, n)| n != 0).collect();
    wrong.sort();
    match wrong.first() {
        None => Ok(()),
        Some(&((x, p, again), n)) => Err(format!(
            "{} wrong edges; first: {p} -> {x} (bonus turn: {again}) has {} more moves than un-moves",
            wrong.len(),
            n
        )),
    }
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

    #[test]
    fn pending_cells_never_look_like_outcomes() {
        for r in [0, 1, 77, Outcome::MAX_PACKED_REMOTENESS] {
            for o in [Outcome::Win(r), Outcome::Lose(r), Outcome::Draw] {
                assert_ne!(o.pack() & PENDING, PENDING, "{o:?}");
            }
        }
    }
}
