//! Retrograde analysis over parts that each own a contiguous slice of the
//! rank space: the algorithm of a solve spread over machines, run here with
//! every part in one process (the transport between processes comes next).
//!
//! A part holds only its slice: its cells, its two frontier bitmaps, its
//! count of ended positions by remoteness. A level is bulk synchronous:
//! every part walks its own positions of that level (all cores on it),
//! settles the predecessors it owns at once and keeps an update for each
//! of the others, addressed to the part that owns it; the parts exchange
//! (one all-to-all a level, what MPI's `alltoallv` does between
//! processes); every part settles the updates it received; a sum over the
//! parts says whether the solve goes on. Updates of one level all carry
//! the same remoteness and settling is order-free, so the values are
//! exactly [`super::retrograde::solve`]'s, whatever the number of parts.

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::retrograde::{
    add_counts, at_level, checked_size, finish_cells, initial_cell, level_with_work, packable, settle, zeroed,
    zeroed_bits, ON_THE_SPOT,
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
    let mut slices: Vec<Part> =
        bounds.windows(2).map(|w| count_part(game, w[0], w[1], ctl)).collect::<Result<_, Error>>()?;
    ctl.finish();
    let ended = slices.iter().fold(Vec::new(), |a, p| add_counts(a, p.ended.clone()));
    let spot: u64 =
        slices.iter().map(|p| p.cells.par_iter().filter(|c| c.load(Relaxed) == ON_THE_SPOT).count() as u64).sum();
    ctl.start("retrograde analysis (positions settled)", size - spot);
    let owner = |rank: u64| bounds.partition_point(|&b| b <= rank) - 1;
    let mut traffic = Traffic::default();
    let (mut level, mut next_count) = (0u32, 0u64);
    while let Some(found) = level_with_work(&ended, level, next_count) {
        level = found;
        let ended_here = ended.get(level as usize).copied().unwrap_or(0);
        ctl.check()?;
        packable(level)?;
        let scan = ended_here > 0;
        // Each part walks its own positions of this level, settling its own
        // predecessors at once and keeping the others' updates to send.
        let walked: Vec<(Vec<Vec<Update>>, u64)> = slices
            .iter_mut()
            .enumerate()
            .map(|(me, part)| {
                std::mem::swap(&mut part.current, &mut part.next);
                walk(game, part, me, level, scan, parts, &owner, ctl)
            })
            .collect::<Result<_, Error>>()?;
        let mut outgoing = Vec::with_capacity(parts);
        let mut settled_at_home = 0;
        let mut sent = Vec::with_capacity(parts);
        for (out, home) in walked {
            settled_at_home += home;
            sent.push(out.iter().map(|u| u.len() as u64 * UPDATE_BYTES).sum());
            outgoing.push(out);
        }
        traffic.sent.push(sent);
        let incoming = exchange(outgoing, parts);
        // Each part settles what it was sent.
        next_count = settled_at_home
            + slices
                .iter()
                .zip(incoming)
                .map(|(part, updates)| {
                    updates
                        .par_iter()
                        .map(|&(rank, value)| {
                            let local = rank - part.lo;
                            settle(&part.cells[local as usize], Outcome::unpack(value), local, &part.next) as u64
                        })
                        .sum::<u64>()
                })
                .sum::<u64>();
        level += 1;
    }
    let mut cells = Vec::with_capacity(size as usize);
    for part in slices.drain(..) {
        finish_cells(game, &part.cells, part.lo);
        cells.extend(part.cells);
    }
    ctl.finish();
    Ok((Solved::from_slots(cells), traffic))
}

/// The first pass over one slice: every position's move count or value.
fn count_part<G: Reversible<Value = Outcome>>(game: &G, lo: u64, hi: u64, ctl: &Control) -> Result<Part, Error> {
    const CHUNK: usize = 2048;
    let cells = zeroed((hi - lo) as usize);
    let ended = cells
        .par_chunks(CHUNK)
        .enumerate()
        .map_init(Vec::new, |moves, (chunk, slice)| {
            ctl.check()?;
            let mut ended = Vec::new();
            for (i, cell) in slice.iter().enumerate() {
                let pos = game.unrank(lo + (chunk * CHUNK + i) as u64);
                if game.outside(&pos).is_some() {
                    cell.store(ON_THE_SPOT, Relaxed);
                    continue;
                }
                let (inside, out) = game.count_moves(&pos, moves);
                cell.store(initial_cell(game, &pos, inside, out, &mut ended)?, Relaxed);
            }
            ctl.advance(slice.len() as u64);
            Ok::<_, Error>(ended)
        })
        .try_reduce(Vec::new, |a, b| Ok(add_counts(a, b)))?;
    let words = cells.len().div_ceil(64);
    Ok(Part { lo, cells, current: zeroed_bits(words), next: zeroed_bits(words), ended })
}

/// One part's walk of a level: its positions settled at the level before
/// (or, where ended positions join, every cell of this level), in parallel
/// over the part. Predecessors the part owns are settled at once; the
/// others' updates come back by the part that owns each, with the count of
/// positions settled at home.
#[allow(clippy::too_many_arguments)]
fn walk<G: Reversible<Value = Outcome>>(
    game: &G,
    part: &Part,
    me: usize,
    level: u32,
    scan: bool,
    parts: usize,
    owner: &(impl Fn(u64) -> usize + Sync),
    ctl: &Control,
) -> Result<(Vec<Vec<Update>>, u64), Error> {
    let words = part.current.len();
    let span = (words / 64).clamp(16, 1024);
    let hi = part.lo + part.cells.len() as u64;
    let found = (0..words.div_ceil(span))
        .into_par_iter()
        .map_init(Vec::new, |back, c| {
            ctl.check()?;
            let (lo_w, hi_w) = (c * span, ((c + 1) * span).min(words));
            let mut out = vec![Vec::new(); parts];
            let (mut walked, mut settled) = (0u64, 0u64);
            let mut visit = |x: usize| {
                walked += 1;
                let value = Outcome::unpack(part.cells[x].load(Relaxed));
                back.clear();
                game.unmoves(&game.unrank(part.lo + x as u64), back);
                for (pos, turn) in back.iter() {
                    let p = game.rank(pos);
                    let v = Outcome::back((), *turn, value);
                    if (part.lo..hi).contains(&p) {
                        let local = p - part.lo;
                        settled += settle(&part.cells[local as usize], v, local, &part.next) as u64;
                    } else {
                        out[owner(p)].push((p, v.pack()));
                    }
                }
            };
            if scan {
                part.current[lo_w..hi_w].iter().for_each(|w| w.store(0, Relaxed));
                let first = lo_w * 64;
                for (i, cell) in part.cells[first..(hi_w * 64).min(part.cells.len())].iter().enumerate() {
                    if at_level(cell.load(Relaxed), level) {
                        visit(first + i);
                    }
                }
            } else {
                for (w, word) in part.current[lo_w..hi_w].iter().enumerate() {
                    let mut bits = word.swap(0, Relaxed);
                    while bits != 0 {
                        visit((lo_w + w) * 64 + bits.trailing_zeros() as usize);
                        bits &= bits - 1;
                    }
                }
            }
            ctl.advance(walked);
            Ok::<_, Error>((out, settled))
        })
        .try_reduce(
            || (vec![Vec::new(); parts], 0),
            |(mut a, x), (b, y)| {
                for (to, updates) in b.into_iter().enumerate() {
                    a[to].extend(updates);
                }
                Ok((a, x + y))
            },
        )?;
    debug_assert!(found.0[me].is_empty(), "a part's own updates are settled at home");
    Ok(found)
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
