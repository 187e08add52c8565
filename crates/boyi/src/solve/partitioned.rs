//! Retrograde analysis over parts that each own a contiguous slice of the
//! rank space: the algorithm of a solve spread over machines. Every part
//! runs [`solve_part`] and meets the others only through [`Peers`]: as
//! threads of one process ([`solve`], with [`crate::peers::Local`]), or
//! one process a part over MPI (the `mpi` feature).
//!
//! A part holds only its slice: its cells, its two levels' marks. A
//! level is bulk synchronous: every part walks its own positions of that
//! level (all its cores on it), settles the predecessors it owns at once
//! and keeps an update for each of the others, addressed to the part that
//! owns it; the parts exchange (an all-to-all after each batch of the
//! level, a batch holding about `BATCH_BYTES` of updates); every part
//! settles the updates it received; a sum over the parts says whether the
//! solve goes on. Updates of one level all carry the same remoteness and
//! settling is order-free, so the values are exactly
//! [`super::retrograde::solve`]'s, whatever the number of parts.
//!
//! Checkpoints: when part 0's clock says so (the decision travels in the
//! level's sum, so every part saves at the same level), every part writes
//! its slice at the level boundary, alternately to two files. A part that
//! dies while writing leaves the others one save ahead of it at most, so
//! the newest level every part holds is always in one of its two files;
//! a resumed solve starts there.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};
use std::time::Instant;

use rayon::prelude::*;

use super::checkpoint::{self, Resumed};
use super::marks::Marks;
use super::retrograde::{
    add_counts, checked_size, finish_cells, initial_cell, level_with_work, packable, settle, zeroed, Lagging, COUNT,
    ON_THE_SPOT, PENDING,
};
use super::Solved;
use crate::control::Control;
use crate::db::{self, Header, Ident};
use crate::error::Error;
use crate::game::Reversible;
use crate::peers::{in_threads, Peers, Update, UPDATE_BYTES};
use crate::value::{Outcome, Value};

/// One part: the ranks `lo..lo + cells.len()`.
struct Part {
    lo: u64,
    cells: Vec<AtomicU16>,
    current: Marks,
    next: Marks,
}

impl Part {
    /// The slice `lo..lo + cells.len()`, no position marked.
    fn new(lo: u64, cells: Vec<AtomicU16>, scattered: bool) -> Self {
        let size = cells.len();
        Part { lo, cells, current: Marks::new(size, scattered), next: Marks::new(size, scattered) }
    }
}

/// A part's slice solved: every value of the ranks `lo..lo + cells.len()`.
pub struct Slice {
    pub lo: u64,
    /// Packed outcomes ([`Outcome::unpack`]).
    pub cells: Vec<AtomicU16>,
    /// Bytes of updates this part sent to others at each level.
    pub sent: Vec<u64>,
}

impl Slice {
    /// The value of the slice's `i`-th rank.
    pub fn value(&self, i: usize) -> Outcome {
        Outcome::unpack(self.cells[i].load(Relaxed))
    }
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

/// Positions a part holds at most: updates address a position by its
/// place in its part's slice, in 32 bits. A game of `N` positions needs
/// `N / 2^32` parts at least.
pub const SLICE_MOST: u64 = 1 << 32;

/// Updates a part queues for other parts before it exchanges them, in
/// bytes (8 an update in memory; as many again may arrive): a level's
/// updates can outnumber the slice's positions.
const BATCH_BYTES: u64 = 32 << 20;

/// Bytes a part of `ranks` positions needs: its cells and two levels'
/// marks (a batch of updates in flight comes on top).
pub fn part_bytes(ranks: u64, scattered: bool) -> u64 {
    ranks.saturating_mul(2).saturating_add(2 * Marks::bytes(ranks, scattered))
}

/// Solves every position with the rank space cut into `parts` slices, one
/// thread a part in this process (each walking on all cores).
pub fn solve<G: Reversible<Value = Outcome>>(
    game: &G,
    parts: usize,
    ctl: &Control,
) -> Result<(Solved<Outcome>, Traffic), Error> {
    solve_batched(game, parts, BATCH_BYTES, ctl)
}

/// [`solve`] with each part exchanging once it has about `batch_bytes` of
/// updates queued: tests make many exchanges a level with a few bytes.
#[doc(hidden)]
pub fn solve_batched<G: Reversible<Value = Outcome>>(
    game: &G,
    parts: usize,
    batch_bytes: u64,
    ctl: &Control,
) -> Result<(Solved<Outcome>, Traffic), Error> {
    if parts == 0 {
        return Err(Error::Unsupported("a partitioned solve needs at least one part".into()));
    }
    checked_size(game, (parts as u64).saturating_mul(SLICE_MOST))?;
    ctl.reserve("the retrograde table", super::retrograde::bytes_needed_reversible(game))?;
    let slices = in_threads(parts, |peers| {
        // part 0 draws the bar, with every part's positions
        let quiet = ctl.without_progress();
        let ctl = if peers.me() == 0 { ctl } else { &quiet };
        let solved = solve_slice(game, peers, batch_bytes, ctl).and_then(|(slice, saves)| {
            forget_saves(saves, peers)?;
            Ok(slice)
        });
        if let Err(e) = &solved {
            peers.fail(e);
        }
        solved
    })?;
    let levels = slices.iter().map(|s| s.sent.len()).max().unwrap_or(0);
    let traffic = Traffic {
        sent: (0..levels).map(|l| slices.iter().map(|s| s.sent.get(l).copied().unwrap_or(0)).collect()).collect(),
    };
    let mut cells = Vec::with_capacity(game.size() as usize);
    for slice in slices {
        cells.extend(slice.cells);
    }
    Ok((Solved::from_slots(cells), traffic))
}

/// One part's share of a partitioned solve: the slice `peers.me()` of
/// [`bounds`], solved. Every part of the solve calls this at once; a part
/// that fails tells the others ([`Peers::fail`]) before it returns.
pub fn solve_part<G: Reversible<Value = Outcome>>(game: &G, peers: &dyn Peers, ctl: &Control) -> Result<Slice, Error> {
    let solved = solve_slice(game, peers, BATCH_BYTES, ctl).and_then(|(slice, saves)| {
        forget_saves(saves, peers)?;
        Ok(slice)
    });
    if let Err(e) = &solved {
        peers.fail(e);
    }
    solved
}

/// Removes a finished solve's checkpoints once every part is done with
/// its own (a part still solving may yet need the others').
fn forget_saves(saves: Option<Saves>, peers: &dyn Peers) -> Result<(), Error> {
    peers.gather(0)?;
    if let Some(saves) = saves {
        saves.forget();
    }
    Ok(())
}

fn solve_slice<G: Reversible<Value = Outcome>>(
    game: &G,
    peers: &dyn Peers,
    batch_bytes: u64,
    ctl: &Control,
) -> Result<(Slice, Option<Saves>), Error> {
    let (me, parts) = (peers.me(), peers.count());
    let size = checked_size(game, (parts as u64).saturating_mul(SLICE_MOST))? as u64;
    let bounds = bounds(size, parts);
    let (lo, hi) = (bounds[me], bounds[me + 1]);
    ctl.reserve(
        &format!("part {me}'s slice of the retrograde table ({} positions)", hi - lo),
        part_bytes(hi - lo, game.predecessors_scattered()),
    )?;
    let saves = ctl.checkpoint().map(|cp| Saves::new(cp, me, parts, lo, hi));
    let resumed = match &saves {
        Some(saves) => saves.resume(peers, (hi - lo) as usize, ctl)?,
        None => None,
    };
    let resuming = resumed.is_some();
    let (mut part, ended, mut level, mut saved) = match resumed {
        Some((Resumed { level, ended, cells }, saved)) => {
            (Part::new(lo, cells, game.predecessors_scattered()), ended, level, saved)
        }
        None => {
            ctl.start("counting moves", hi - lo);
            let (part, ended) = count_part(game, lo, hi, ctl)?;
            ctl.finish();
            // every part learns every part's ended positions
            let longest = peers.gather(ended.len() as u64)?.into_iter().max().unwrap_or(0) as usize;
            let mut mine = ended;
            mine.resize(longest, 0);
            (part, peers.sum(&mine)?, 0, 0)
        }
    };
    // The bar counts positions walked against those that can be (not the
    // ones valued on the spot); a resumed solve starts past those its
    // earlier levels walked.
    let (spot, walked_before) = part
        .cells
        .par_iter()
        .map(|c| match c.load(Relaxed) {
            ON_THE_SPOT => (1, 0),
            cell if cell & PENDING != PENDING && cell & PENDING != 0 && u32::from(cell & COUNT) < level => (0, 1),
            _ => (0, 0),
        })
        .reduce(|| (0u64, 0u64), |a, b| (a.0 + b.0, a.1 + b.1));
    let totals = peers.sum(&[hi - lo - spot, walked_before])?;
    ctl.start("retrograde analysis (positions settled)", totals[0]);
    ctl.advance(totals[1]);
    let mut sent = Vec::new();
    let mut last_save = Instant::now();
    let words = part.current.words();
    // A level's first batch: a quarter of what the bytes allow at one
    // update a position.
    let first_batch = words.min((batch_bytes / 8 / part.current.word_span() as u64 / 4).max(1) as usize).max(1);
    let (mut rescan, mut next_count) = (resuming, u64::from(resuming));
    while let Some(found) = level_with_work(&ended, level, next_count) {
        level = found;
        let ended_here = ended.get(level as usize).copied().unwrap_or(0);
        ctl.check()?;
        packable(level)?;
        std::mem::swap(&mut part.current, &mut part.next);
        // The level in batches of words, each followed by an exchange, so
        // that a part holds at most about `batch_bytes` of updates to send
        // (and as many received): every part takes as many exchanges as
        // the part with the most batches.
        let scan = rescan || ended_here > 0;
        let (mut home, mut walked, mut level_sent) = (0, 0, 0);
        let (mut from, mut batch_words) = (0, first_batch);
        loop {
            let to = (from + batch_words).min(words);
            let (out, settled, seen) = walk(game, &part, level, scan, from..to, &bounds, ctl)?;
            let queued: u64 = out.iter().map(|u| u.len() as u64).sum();
            // The next batch aims at `batch_bytes` by this one's density,
            // growing at most twofold: a sparse stretch says little of the
            // next (levels start dense and end sparse).
            if to > from {
                let per_word = (queued * 8).div_ceil((to - from) as u64).max(1);
                batch_words = ((batch_bytes / per_word) as usize).clamp(1, 2 * batch_words);
            }
            level_sent += queued * UPDATE_BYTES;
            home += settled;
            walked += seen;
            from = to;
            let incoming = peers.exchange(out)?;
            home += settle_received(game, &part, &incoming);
            drop(incoming);
            if peers.sum(&[u64::from(from < words)])?[0] == 0 {
                break;
            }
        }
        sent.push(level_sent);
        level += 1;
        rescan = false;
        let save_now = me == 0 && saves.as_ref().is_some_and(|s| last_save.elapsed() >= s.every);
        let totals = peers.sum(&[home, walked, u64::from(save_now)])?;
        next_count = totals[0];
        ctl.advance(totals[1]);
        if totals[2] > 0 {
            if let Some(saves) = &saves {
                saves.save(saved, level, &ended, &part.cells, ctl)?;
                saved += 1;
                last_save = Instant::now();
            }
        }
    }
    finish_cells(game, &part.cells, lo);
    ctl.finish();
    Ok((Slice { lo, cells: part.cells, sent }, saves))
}

/// Settles the updates other parts sent: the count of positions settled.
fn settle_received<G: Reversible<Value = Outcome>>(game: &G, part: &Part, incoming: &[Update]) -> u64 {
    let (cells, next) = (&part.cells[..], &part.next);
    incoming
        .par_chunks(1 << 14)
        .map(|chunk| {
            // updates come in the senders' order: scattered over the slice
            let mut lag = Lagging::new(game.predecessors_scattered());
            let mut settled = 0;
            for &(rank, value) in chunk {
                let (local, value) = (u64::from(rank), Outcome::unpack(value));
                if lag.on {
                    lag.push(cells, local, value, next);
                } else {
                    settled += settle(&cells[local as usize], value, local, next) as u64;
                }
            }
            settled + lag.drain(cells, next)
        })
        .sum()
}

/// One part's share of a partitioned solve written to a database: its
/// slice solved ([`solve_part`]) and written at its place in `path`
/// ([`db::write_part`]), the file the one-process solve would write.
pub fn save_part<G: Reversible<Value = Outcome>>(
    game: &G,
    ident: &Ident,
    path: &std::path::Path,
    peers: &dyn Peers,
    ctl: &Control,
) -> Result<Header, Error> {
    let slice = solve_part(game, peers, ctl)?;
    // the positions the game stores, in rank order: this slice's are one run of slots
    let first = game.stored_below(slice.lo);
    let slots = game.stored_below(slice.lo + slice.cells.len() as u64) - first;
    db::write_part(
        path,
        ident,
        game.stored_below(game.size()),
        first,
        slots,
        |i| slice.value((game.stored_rank(first + i) - slice.lo) as usize),
        peers,
        ctl,
    )
}

/// A part's two checkpoint files.
struct Saves {
    paths: [PathBuf; 2],
    tag: String,
    every: std::time::Duration,
}

impl Saves {
    fn new(cp: &checkpoint::Checkpoint, me: usize, parts: usize, lo: u64, hi: u64) -> Self {
        let path = |k: usize| PathBuf::from(format!("{}.part{me}of{parts}.{k}", cp.path.display()));
        Saves {
            paths: [path(0), path(1)],
            tag: format!("{} part {me} of {parts}: ranks {lo}..{hi}", cp.tag),
            every: cp.every,
        }
    }

    /// Save number `k` (every part counts its saves alike).
    fn save(&self, k: usize, level: u32, ended: &[u64], cells: &[AtomicU16], ctl: &Control) -> Result<(), Error> {
        checkpoint::save(&self.paths[k % 2], &self.tag, level, ended, cells, &ctl.without_progress())
    }

    /// The newest level every part holds in one of its two files, read
    /// back with the number of saves it makes; none (and this part's files
    /// removed, so that they cannot mislead a later resume) if there is no
    /// such level.
    fn resume(
        &self,
        peers: &dyn Peers,
        ranks: usize,
        ctl: &Control,
    ) -> Result<Option<(Resumed<AtomicU16>, usize)>, Error> {
        let levels = [
            checkpoint::level(&self.paths[0], &self.tag, ranks)?,
            checkpoint::level(&self.paths[1], &self.tag, ranks)?,
        ];
        // 0: nothing in that file; else its level plus one
        let held = |l: Option<u32>| l.map_or(0, |l| u64::from(l) + 1);
        let first = peers.gather(held(levels[0]))?;
        let second = peers.gather(held(levels[1]))?;
        let agreed = first
            .iter()
            .chain(&second)
            .copied()
            .filter(|&l| l > 0 && first.iter().zip(&second).all(|(&a, &b)| a == l || b == l))
            .max();
        let Some(agreed) = agreed else {
            self.forget();
            return Ok(None);
        };
        let agreed = (agreed - 1) as u32;
        let k = levels.iter().position(|&l| l == Some(agreed)).expect("every part holds the agreed level");
        let resumed = checkpoint::read(&self.paths[k], &self.tag, ranks, ctl)?
            .ok_or_else(|| Error::Data(format!("checkpoint {} changed while it was read", self.paths[k].display())))?;
        // the next save goes to the other file, keeping this one until it is whole
        Ok(Some((resumed, k + 1)))
    }

    /// Removes both files, and what a save cut short (a killed rank)
    /// left half-written.
    fn forget(&self) {
        for path in &self.paths {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(checkpoint::partial(path));
        }
    }
}

/// The first pass over one slice: every position's move count or value.
fn count_part<G: Reversible<Value = Outcome>>(
    game: &G,
    lo: u64,
    hi: u64,
    ctl: &Control,
) -> Result<(Part, Vec<u64>), Error> {
    const CHUNK: usize = 2048;
    let cells: Vec<AtomicU16> = zeroed((hi - lo) as usize);
    let ended = cells
        .par_chunks(CHUNK)
        .enumerate()
        .map_init(Vec::new, |moves, (chunk, slice)| {
            ctl.check()?;
            let mut ended = Vec::new();
            let first = lo + (chunk * CHUNK) as u64;
            let mut pos = game.unrank(first);
            for (i, cell) in slice.iter().enumerate() {
                if i > 0 {
                    game.unrank_next(first + i as u64, &mut pos);
                }
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
    Ok((Part::new(lo, cells, game.predecessors_scattered()), ended))
}

/// One part's walk of a level: its positions settled at the level before
/// (or, where ended positions join, every cell of this level), in parallel
/// over the part. Predecessors the part owns are settled at once; the
/// others' updates come back by the part that owns each, with the counts
/// of positions settled at home and walked.
fn walk<G: Reversible<Value = Outcome>>(
    game: &G,
    part: &Part,
    level: u32,
    scan: bool,
    range: std::ops::Range<usize>,
    starts: &[u64],
    ctl: &Control,
) -> Result<(Vec<Vec<Update>>, u64, u64), Error> {
    let parts = starts.len() - 1;
    let owner = |rank: u64| starts.partition_point(|&b| b <= rank) - 1;
    // slices, not the part's vectors: the walk's loop reads them directly
    let (lo, cells, current, next) = (part.lo, &part.cells[..], &part.current, &part.next);
    let span = current.words_per_task(current.words());
    let hi = lo + cells.len() as u64;
    let found = (range.start..range.end)
        .into_par_iter()
        .step_by(span)
        .map_init(
            || (Vec::new(), Lagging::new(game.predecessors_scattered())),
            |(back, lag), lo_w| {
                ctl.check()?;
                let hi_w = (lo_w + span).min(range.end);
                let mut out = vec![Vec::new(); parts];
                let (mut walked, mut settled) = (0u64, 0u64);
                let mut visit = |x: usize| {
                    walked += 1;
                    let value = Outcome::unpack(cells[x].load(Relaxed));
                    game.unmove_ranks(&game.unrank(lo + x as u64), back, |p, turn| {
                        let v = Outcome::back((), turn, value);
                        if (lo..hi).contains(&p) {
                            let local = p - lo;
                            if lag.on {
                                lag.push(cells, local, v, next);
                            } else {
                                settled += settle(&cells[local as usize], v, local, next) as u64;
                            }
                        } else {
                            let to = owner(p);
                            out[to].push(((p - starts[to]) as u32, v.pack()));
                        }
                    });
                };
                current.each_at_level(cells, lo_w..hi_w, level, scan, &mut visit);
                let settled = settled + lag.drain(cells, next);
                Ok::<_, Error>((out, settled, walked))
            },
        )
        .try_reduce(
            || (vec![Vec::new(); parts], 0, 0),
            |(mut a, x, w), (b, y, v)| {
                for (to, updates) in b.into_iter().enumerate() {
                    a[to].extend(updates);
                }
                Ok((a, x + y, w + v))
            },
        )?;
    Ok(found)
}
