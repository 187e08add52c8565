//! Retrograde analysis over parts that each own a contiguous slice of the
//! rank space: the algorithm of a solve spread over machines, run here with
//! every part in one process (the transport between processes comes next).
//!
//! A part holds only its slice: its cells, its two frontier bitmaps, its
//! count of ended positions by remoteness. A level is bulk synchronous:
//! every part walks its own positions of that level and sends each
//! predecessor's update to the part that owns the predecessor; the parts
//! exchange (one all-to-all a level, what MPI's `alltoallv` does between
//! processes); every part settles the updates it received; a sum over the
//! parts says whether the solve goes on. Updates of one level all carry
//! the same remoteness and settling is order-free, so the values are
//! exactly [`super::retrograde::solve`]'s, whatever the number of parts.

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::retrograde::{
    add_counts, at_level, checked_size, initial_cell, settle, zeroed, zeroed_bits, ON_THE_SPOT, PENDING,
};
use super::Solved;
use crate::control::Control;
use crate::error::Error;
use crate::game::Reversible;
use crate::value::{Outcome, Value};

/// A predecessor's update: its rank, and what one of its moves is worth to
/// it (a packed outcome).
type Update = (u64, u16);

/// Bytes an update takes on the wire.
const UPDATE_BYTES: u64 = 10;

/// One part: the ranks `lo..lo + cells.len()`.
struct Part {
    lo: u64,
    cells: Vec<AtomicU16>,
    current: Vec<AtomicU64>,
    next: Vec<AtomicU64>,
    /// Ended positions of this slice by remoteness.
    ended: Vec<u64>,
}

/// What the parts sent each other, level by level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// `sent[level][part]`: bytes of updates part `part` sent to other
    /// parts at that level (updates it kept for itself are not counted).
    pub sent: Vec<Vec<u64>>,
}

impl Traffic {
    /// The most bytes any part sent at any level.
    pub fn busiest(&self) -> u64 {
        self.sent.iter().flatten().copied().max().unwrap_or(0)
    }
}

/// The first rank of each of `parts` slices of `0..size`, and `size`.
pub fn bounds(size: u64, parts: usize) -> Vec<u64> {
    (0..=parts as u64).map(|i| (size as u128 * i as u128 / parts as u128) as u64).collect()
}

/// Solves every position with the rank space cut into `parts` slices.
pub fn solve<G: Reversible<Value = Outcome>>(
    game: &G,
    parts: usize,
    ctl: &Control,
) -> Result<(Solved<Outcome>, Traffic), Error> {
    if parts == 0 {
        return Err(Error::Unsupported("a partitioned solve needs at least one part".into()));
    }
    let size = checked_size(game, u32::MAX as u64 + 1)? as u64;
    ctl.reserve("the retrograde table", super::retrograde::bytes_needed(game))?;
    let bounds = bounds(size, parts);
    ctl.start("counting moves", size);
    let mut slices: Vec<Part> = bounds
        .windows(2)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|w| count_part(game, w[0], w[1], ctl))
        .collect::<Result<_, Error>>()?;
    ctl.finish();
    let ended = slices.iter().fold(Vec::new(), |a, p| add_counts(a, p.ended.clone()));
    ctl.start("retrograde analysis (positions settled)", size);
    let owner = |rank: u64| bounds.partition_point(|&b| b <= rank) - 1;
    let mut traffic = Traffic::default();
    let (mut level, mut next_count) = (0u32, 0u64);
    loop {
        let ended_here = ended.get(level as usize).copied().unwrap_or(0);
        if next_count == 0 && ended_here == 0 {
            if level as usize >= ended.len() {
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
        let scan = ended_here > 0;
        // Each part walks its own positions of this level.
        let outgoing: Vec<Vec<Vec<Update>>> = slices
            .par_iter_mut()
            .map(|part| {
                std::mem::swap(&mut part.current, &mut part.next);
                let (out, walked) = walk(game, part, level, scan, parts, &owner);
                ctl.advance(walked);
                out
            })
            .collect();
        traffic.sent.push(
            outgoing
                .iter()
                .enumerate()
                .map(|(from, out)| {
                    let elsewhere: usize =
                        out.iter().enumerate().filter(|&(to, _)| to != from).map(|(_, u)| u.len()).sum();
                    elsewhere as u64 * UPDATE_BYTES
                })
                .collect(),
        );
        let incoming = exchange(outgoing, parts);
        // Each part settles what it was sent.
        next_count = slices
            .par_iter()
            .zip(incoming)
            .map(|(part, updates)| {
                updates
                    .iter()
                    .map(|&(rank, value)| {
                        let local = rank - part.lo;
                        settle(&part.cells[local as usize], Outcome::unpack(value), local, &part.next) as u64
                    })
                    .sum::<u64>()
            })
            .sum();
        level += 1;
    }
    // What no level reached is a draw; what was valued on the spot gets its value.
    let mut cells = Vec::with_capacity(size as usize);
    for part in slices.drain(..) {
        part.cells.par_iter().enumerate().for_each(|(i, c)| match c.load(Relaxed) {
            ON_THE_SPOT => {
                let value = game.outside(&game.unrank(part.lo + i as u64)).expect("valued on the spot when counted");
                c.store(value.pack(), Relaxed);
            }
            cell if cell & PENDING == PENDING => c.store(Outcome::Draw.pack(), Relaxed),
            _ => {}
        });
        cells.extend(part.cells);
    }
    ctl.finish();
    Ok((Solved::from_slots(cells), traffic))
}

/// The first pass over one slice: every position's move count or value.
fn count_part<G: Reversible<Value = Outcome>>(game: &G, lo: u64, hi: u64, ctl: &Control) -> Result<Part, Error> {
    let cells = zeroed((hi - lo) as usize);
    let mut ended = Vec::new();
    let mut moves = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        if i % 4096 == 0 {
            ctl.check()?;
            ctl.advance(4096.min(cells.len() - i) as u64);
        }
        let pos = game.unrank(lo + i as u64);
        if game.outside(&pos).is_some() {
            cell.store(ON_THE_SPOT, Relaxed);
            continue;
        }
        let (inside, out) = game.count_moves(&pos, &mut moves);
        cell.store(initial_cell(game, &pos, inside, out, &mut ended)?, Relaxed);
    }
    let words = cells.len().div_ceil(64);
    Ok(Part { lo, cells, current: zeroed_bits(words), next: zeroed_bits(words), ended })
}

/// One part's walk of a level: its positions settled at the level before
/// (or, where ended positions join, every cell of this level), and the
/// updates for their predecessors, by the part that owns each.
fn walk<G: Reversible<Value = Outcome>>(
    game: &G,
    part: &Part,
    level: u32,
    scan: bool,
    parts: usize,
    owner: &impl Fn(u64) -> usize,
) -> (Vec<Vec<Update>>, u64) {
    let mut out = vec![Vec::new(); parts];
    let mut back = Vec::new();
    let mut walked = 0;
    let mut visit = |x: usize| {
        walked += 1;
        let value = Outcome::unpack(part.cells[x].load(Relaxed));
        back.clear();
        game.unmoves(&game.unrank(part.lo + x as u64), &mut back);
        for (pos, turn) in &back {
            let p = game.rank(pos);
            out[owner(p)].push((p, Outcome::back((), *turn, value).pack()));
        }
    };
    if scan {
        part.current.iter().for_each(|w| w.store(0, Relaxed));
        for (x, cell) in part.cells.iter().enumerate() {
            if at_level(cell.load(Relaxed), level) {
                visit(x);
            }
        }
    } else {
        for (w, word) in part.current.iter().enumerate() {
            let mut bits = word.swap(0, Relaxed);
            while bits != 0 {
                visit(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
    (out, walked)
}

/// The all-to-all: `outgoing[from][to]` becomes `incoming[to]`, in order
/// of the sender.
fn exchange(outgoing: Vec<Vec<Vec<Update>>>, parts: usize) -> Vec<Vec<Update>> {
    let mut incoming: Vec<Vec<Update>> = vec![Vec::new(); parts];
    for out in outgoing {
        for (to, updates) in out.into_iter().enumerate() {
            incoming[to].extend(updates);
        }
    }
    incoming
}
