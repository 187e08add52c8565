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
//! a settled one its packed outcome. A level is walked in parallel; threads
//! settle positions with compare-and-swap, and whoever settles a position
//! puts it on the next level. Predecessors come from the game's un-moves
//! ([`Reversible`]) or, for small spaces, from reverse edges built out of
//! the forward moves.

use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::Solved;
use crate::control::Control;
use crate::error::Error;
use crate::game::{Game, Indexed, Reversible};
use crate::value::{Outcome, Turn, Value};

/// Marks an unsettled cell; the low 14 bits count its moves not yet known to lose.
const PENDING: u16 = 0xC000;
const COUNT: u16 = 0x3FFF;
/// Positions a worker takes at once: large enough to amortise scheduling,
/// small enough that a level of a few thousand positions still splits.
const CHUNK: usize = 2048;
/// A frontier entry is a rank as `u32`: half the memory of `u64`.
const FRONTIER_BYTES: u64 = 4;

/// Where the predecessors of a position come from.
trait Predecessors<G: Game>: Sync {
    type Scratch: Send;
    fn scratch(&self) -> Self::Scratch;
    fn each(&self, game: &G, rank: u64, scratch: &mut Self::Scratch, f: impl FnMut(u64, Turn));
}

struct Unmoves;

impl<G: Reversible> Predecessors<G> for Unmoves {
    type Scratch = Vec<(G::Pos, Turn)>;

    fn scratch(&self) -> Self::Scratch {
        Vec::new()
    }

    #[inline]
    fn each(&self, game: &G, rank: u64, scratch: &mut Self::Scratch, mut f: impl FnMut(u64, Turn)) {
        scratch.clear();
        game.unmoves(&game.unrank(rank), scratch);
        for (pos, turn) in scratch.iter() {
            f(game.rank(pos), *turn);
        }
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

/// Bytes [`solve`] needs: a 2-byte cell a position, and room
/// for the frontier, which at worst holds every position once.
pub fn bytes_needed<G: Indexed<Value = Outcome>>(game: &G) -> u64 {
    game.size().saturating_mul(2 + FRONTIER_BYTES)
}

/// Solves every position, walking moves backwards with the game's un-moves.
pub fn solve<G: Reversible<Value = Outcome>>(game: &G, ctl: &Control) -> Result<Solved<Outcome>, Error> {
    let size = checked_size(game, u32::MAX as u64 + 1)?;
    ctl.reserve("the retrograde table", bytes_needed(game))?;
    let cells = zeroed(size);
    ctl.start("counting moves", size as u64);
    let terminals = cells
        .par_chunks(CHUNK)
        .enumerate()
        .map_init(Vec::new, |moves, (chunk, part)| {
            ctl.check()?;
            let mut ended = Vec::new();
            for (i, cell) in part.iter().enumerate() {
                let r = chunk * CHUNK + i;
                let pos = game.unrank(r as u64);
                moves.clear();
                game.moves(&pos, moves);
                cell.store(initial_cell(game, &pos, r, moves.len(), &mut ended)?, Relaxed);
            }
            ctl.advance(part.len() as u64);
            Ok::<_, Error>(ended)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    ctl.finish();
    propagate(game, cells, terminals, &Unmoves, ctl)
}

/// Solves every position with reverse edges built from the forward
/// moves, for games without un-moves. Needs 16 more bytes a position
/// (row offsets and their fill cursors) and 4 a move; spaces are limited
/// to 2^31 positions.
pub fn solve_by_edges<G: Indexed<Value = Outcome>>(game: &G, ctl: &Control) -> Result<Solved<Outcome>, Error> {
    let size = checked_size(game, AGAIN_BIT as u64)?;
    let base = bytes_needed(game) + (size as u64 + 1) * 16;
    ctl.reserve("the retrograde table and its reverse edges", base)?;
    let cells = zeroed(size);
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
        moves.clear();
        game.moves(&pos, &mut moves);
        cells[r].store(initial_cell(game, &pos, r, moves.len(), &mut ended)?, Relaxed);
        for &mv in &moves {
            let step = game.play(&pos, mv);
            start[game.child_rank(r as u64, &pos, mv, &step) as usize + 1] += 1;
        }
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
        moves.clear();
        game.moves(&pos, &mut moves);
        for &mv in &moves {
            let step = game.play(&pos, mv);
            let x = game.child_rank(r as u64, &pos, mv, &step) as usize;
            let again = if step.turn == Turn::Again { AGAIN_BIT } else { 0 };
            from[fill[x] as usize] = r as u32 | again;
            fill[x] += 1;
        }
    }
    drop(fill);
    ctl.finish();
    propagate(game, cells, vec![ended], &Edges { start, from }, ctl)
}

fn checked_size<G: Indexed<Value = Outcome>>(game: &G, most: u64) -> Result<usize, Error> {
    let size = game.size();
    if size > most {
        return Err(Error::Unsupported(format!(
            "retrograde analysis numbers at most {most} positions; this game has {size}"
        )));
    }
    usize::try_from(size)
        .map_err(|_| Error::Unsupported(format!("{size} positions do not fit this machine's address space")))
}

/// The starting cell of a position with `moves` legal moves; an ended
/// position goes on the list of its level, as `(remoteness, rank)`.
#[inline]
fn initial_cell<G: Indexed<Value = Outcome>>(
    game: &G,
    pos: &G::Pos,
    rank: usize,
    moves: usize,
    ended: &mut Vec<(u32, u32)>,
) -> Result<u16, Error> {
    if moves == 0 {
        let value = game.terminal(pos);
        if let Some(r) = value.remoteness() {
            if r > Outcome::MAX_PACKED_REMOTENESS {
                return Err(Error::Unsupported(format!("an ended position has remoteness {r}")));
            }
            ended.push((r, rank as u32));
        }
        Ok(value.pack())
    } else if moves > COUNT as usize {
        Err(Error::Unsupported(format!("a position has {moves} moves; retrograde analysis counts up to {COUNT}")))
    } else {
        Ok(PENDING | moves as u16)
    }
}

fn propagate<G: Indexed<Value = Outcome>, P: Predecessors<G>>(
    game: &G,
    cells: Vec<AtomicU16>,
    ended: Vec<Vec<(u32, u32)>>,
    preds: &P,
    ctl: &Control,
) -> Result<Solved<Outcome>, Error> {
    // Ended positions join the level of their remoteness (almost always 0).
    let mut later: Vec<Vec<u32>> = Vec::new();
    for (r, rank) in ended.into_iter().flatten() {
        if later.len() <= r as usize {
            later.resize_with(r as usize + 1, Vec::new);
        }
        later[r as usize].push(rank);
    }
    ctl.start("retrograde analysis", cells.len() as u64);
    let mut level = 0u32;
    let mut current: Vec<Vec<u32>> = Vec::new();
    loop {
        if let Some(joining) = later.get_mut(level as usize) {
            current.push(std::mem::take(joining));
        }
        current.retain(|part| !part.is_empty());
        if current.is_empty() {
            if level as usize >= later.len() {
                break;
            }
            level += 1;
            continue;
        }
        ctl.check()?;
        if level >= Outcome::MAX_PACKED_REMOTENESS {
            return Err(Error::Unsupported(format!(
                "the game lasts more than {} moves; packed outcomes hold at most that",
                Outcome::MAX_PACKED_REMOTENESS
            )));
        }
        let cells = &cells;
        current = current
            .par_iter()
            .flat_map(|part| part.par_chunks(CHUNK))
            .map_init(
                || preds.scratch(),
                |scratch, chunk| {
                    ctl.check()?;
                    let mut settled = Vec::new();
                    for &x in chunk {
                        let value = Outcome::unpack(cells[x as usize].load(Relaxed));
                        preds.each(game, x as u64, scratch, |p, turn| {
                            settle(&cells[p as usize], Outcome::back((), turn, value), p as u32, &mut settled)
                        });
                    }
                    ctl.advance(chunk.len() as u64);
                    Ok::<_, Error>(settled)
                },
            )
            .collect::<Result<Vec<_>, Error>>()?;
        // Walking the next level in rank order makes neighbouring
        // positions' predecessors neighbours in the table too: a third
        // less time on pursuit games whose table outgrows the caches.
        // Each part is freed as it is copied, so the frontier's resident
        // size stays what was budgeted.
        let mut flat: Vec<u32> = Vec::with_capacity(current.iter().map(|p| p.len()).sum());
        for part in current.drain(..) {
            flat.extend_from_slice(&part);
        }
        flat.par_sort_unstable();
        current.push(flat);
        level += 1;
    }
    // What no level reached is a draw.
    cells.par_iter().for_each(|c| {
        if c.load(Relaxed) & PENDING == PENDING {
            c.store(Outcome::Draw.pack(), Relaxed);
        }
    });
    ctl.finish();
    Ok(Solved::from_slots(cells))
}

/// Tells an unsettled predecessor that one of its moves is worth `value`
/// to it; if that settles it, it joins the next level.
#[inline]
fn settle(cell: &AtomicU16, value: Outcome, rank: u32, settled: &mut Vec<u32>) {
    let mut cur = cell.load(Relaxed);
    loop {
        if cur & PENDING != PENDING {
            return;
        }
        let new = if value.is_win() || cur & COUNT == 1 { value.pack() } else { cur - 1 };
        match cell.compare_exchange_weak(cur, new, Relaxed, Relaxed) {
            Ok(_) => {
                if new & PENDING != PENDING {
                    settled.push(rank);
                }
                return;
            }
            Err(actual) => cur = actual,
        }
    }
}

fn zeroed(size: usize) -> Vec<AtomicU16> {
    let mut cells = Vec::with_capacity(size);
    cells.par_extend((0..size).into_par_iter().map(|_| AtomicU16::new(0)));
    cells
}

/// Checks that a game's un-moves mirror its moves exactly: for every move
/// `p -> x`, `unmoves(x)` lists `p` with the same turn, as many times as
/// there are such moves, and nothing else. Meant for tests: it walks the
/// whole space and keeps every edge in a hash map.
pub fn verify_unmoves<G: Reversible>(game: &G) -> Result<(), String> {
    let mut balance: FxHashMap<(u64, u64, bool), i64> = FxHashMap::default();
    let mut moves = Vec::new();
    let mut back = Vec::new();
    for r in 0..game.size() {
        let pos = game.unrank(r);
        if game.rank(&pos) != r {
            return Err(format!("rank(unrank({r})) = {}", game.rank(&pos)));
        }
        moves.clear();
        game.moves(&pos, &mut moves);
        for &mv in &moves {
            let step = game.play(&pos, mv);
            *balance.entry((game.rank(&step.pos), r, step.turn == Turn::Again)).or_default() += 1;
        }
        back.clear();
        game.unmoves(&pos, &mut back);
        for (p, turn) in &back {
            *balance.entry((r, game.rank(p), *turn == Turn::Again)).or_default() -= 1;
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
    fn pending_cells_never_look_like_outcomes() {
        for r in [0, 1, 77, Outcome::MAX_PACKED_REMOTENESS] {
            for o in [Outcome::Win(r), Outcome::Lose(r), Outcome::Draw] {
                assert_ne!(o.pack() & PENDING, PENDING, "{o:?}");
            }
        }
    }
}
