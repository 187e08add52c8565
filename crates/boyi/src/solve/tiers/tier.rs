//! One tier by retrograde analysis, the tiers below it solved. Each
//! position's moves are counted into the tier and valued out of it (a
//! lower tier's value, read): the best move out gives a win to settle at
//! its level, a floor under a loss's remoteness, or a draw's escape. Then
//! levels in remoteness order, as in [`crate::solve::retrograde`]: a
//! position one move before a loss in `r` wins in `r + 1` (the first loss
//! met is the nearest), one whose moves all lose for it loses in one more
//! than its farthest child (the floor included), and what no level reaches
//! is a draw. Predecessors inside the tier come from the game's un-moves
//! where it has them (a position waits on its distinct children's slots,
//! each predecessor slot counted once), else from reverse edges built from
//! the forward moves (an edge a move). With a checkpoint the solve is saved
//! between blocks of moves read and at level boundaries ([`super::saved`])
//! and a solve of the same tier resumes from it.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use rayon::prelude::*;

use super::saved::{Queued, Saver, Walk};
use super::{Away, Tiered};
use crate::control::{Checkpoint, Control};
use crate::error::Error;
use crate::solve::Solved;
use crate::value::{Outcome, Turn, Value};

/// A settled cell: the packed outcome below it.
const SETTLED: u32 = 1 << 31;
/// `aux`: the best move out of the tier wins (the position is queued at
/// that win's level), or draws.
const WINS_OUT: u16 = 1 << 15;
const DRAWS_OUT: u16 = 1 << 14;
/// `aux`: one more than the farthest win a move out of the tier gives the
/// opponent, the least remoteness the position can lose in.
const FLOOR: u16 = (1 << 14) - 1;

/// Positions a task of the passes over moves.
const CHUNK: usize = 4096;
/// Positions read between two chances to save: a sixteenth of the tier,
/// at most about 4·10^6 (a few seconds), and at least 2^16 (16 chunks, so
/// that a block's end leaves few threads idle).
fn block(n: usize) -> usize {
    (n / 16).clamp(1 << 16, 1 << 22)
}

/// Positions whose moves are read (made, or counted and ranked by the
/// game) before any of their lower tiers' values is read: enough to
/// overlap the misses, few enough to stay in cache.
pub(super) const GROUP: usize = 8;

/// A position of a group, its moves read: its start, or what is left to
/// read for it (how many moves stay in the tier, where the others' values
/// are).
enum Pending {
    Known(Start),
    Moves { count: u32, away: std::ops::Range<usize> },
}

/// A chunk of positions' starts: rank, start, `aux`.
type Learned = Vec<(u32, Start, u16)>;

/// What a chunk leaves for the walk: (level, rank, why) of the positions
/// waiting in a level's bucket, and the slots whose values are copied.
type Started = (Vec<(u32, u32, Queued)>, Vec<u32>);

/// Where a move out of the tier leads, its value fetched: a lower tier's
/// value, a choice's kept value, or a choice valued at once.
#[derive(Clone, Copy)]
enum Located {
    At((usize, u64)),
    Choice(u64),
    Known(Outcome),
}

/// The values of the choices met ([`Away::Choice`]), each found once: the
/// mover's value packed, plus one; 0 where not found yet.
struct Choices<T> {
    tier: T,
    values: Vec<AtomicU16>,
}

impl<T: Copy + Eq + Hash> Choices<T> {
    /// Choice `choice`'s value: as kept, or found ([`value_choice`]) and
    /// kept. Another thread may find it too: the same value.
    fn value<G: Tiered<Tier = T>>(
        &self,
        game: &G,
        reached: &super::Reached<T>,
        choice: u64,
        picks: &mut Picks<T>,
    ) -> Result<Outcome, Error> {
        let cell = &self.values[choice as usize];
        let packed = match cell.load(Relaxed) {
            0 => {
                // kept as a tier's cell keeps it (remoteness capped alike)
                let packed = value_choice(game, reached, self.tier, choice, picks)?.pack();
                cell.store(packed + 1, Relaxed);
                packed
            }
            kept => kept - 1,
        };
        Ok(Outcome::unpack(packed))
    }
}

/// Buffers for valuing a choice: where it leads, and those values located.
struct Picks<T> {
    to: Vec<(T, u64)>,
    at: Vec<(usize, u64)>,
}

/// Choice `choice` of tier `t` valued: the best of the positions it leads
/// to for the mover.
fn value_choice<G: Tiered>(
    game: &G,
    reached: &super::Reached<G::Tier>,
    t: G::Tier,
    choice: u64,
    picks: &mut Picks<G::Tier>,
) -> Result<Outcome, Error>
where
    G::Tier: Hash,
{
    let Picks { to, at } = picks;
    to.clear();
    game.choices(t, choice, to);
    at.clear();
    for &(t, rank) in to.iter() {
        let a = reached.find(game, t, rank)?;
        reached.prefetch(a);
        at.push(a);
    }
    at.iter()
        .map(|&a| Outcome::back((), Turn::Pass, reached.at(a)))
        .max()
        .ok_or_else(|| Error::Unsupported(format!("choice {choice} of tier {} leads nowhere", game.tier_name(t))))
}

/// What a position learns from its moves before the walk.
enum Start {
    /// Settled at its level (ended, or every move leaves the tier).
    At(Outcome),
    /// A settled draw: nothing to walk.
    Draw,
    /// Waits on `count` moves inside the tier; a move out of it may win at
    /// a level (queued there).
    Waits { count: u32, wins_at: Option<u32> },
    /// A slot that is not its position's rank: valued as that rank's slot.
    Copy,
}

pub(super) fn solve<G: Tiered>(
    game: &G,
    tier: G::Tier,
    below: &HashMap<G::Tier, Arc<Solved<Outcome>>>,
    label: &str,
    checkpoint: Option<&Checkpoint>,
    ctl: &Control,
) -> Result<Solved<Outcome>, Error>
where
    G::Tier: Hash,
{
    let size = game.tier_size(tier);
    if size >= u32::MAX as u64 {
        return Err(Error::Unsupported(format!(
            "tier {} holds {size} positions; a tier holds fewer than 2^32",
            game.tier_name(tier)
        )));
    }
    let n = size as usize;
    let unmoves = game.has_unmoves();
    if unmoves {
        // cells and aux; predecessors are generated, not kept
        ctl.reserve("the tier's cells", size * (4 + 2))?;
    } else {
        // cells, aux, the edges' offsets, and about four moves a position
        ctl.reserve("the tier's cells and reverse edges", size * (4 + 2 + 8 + 4 * 4))?;
    }
    let mut saver = Saver::new(checkpoint, &game.tier_name(tier), unmoves);
    let mut walk = match saver.resume(n, ctl)? {
        Some(walk) => {
            if walk.read < size {
                ctl.note(&format!("{label}: resuming from its checkpoint, {} positions' moves read", walk.read));
            } else {
                ctl.note(&format!("{label}: resuming from its checkpoint at level {}", walk.level));
            }
            walk
        }
        None => Walk::new(n),
    };
    // whatever stops the solve finds the walk whole: an interruption saves it
    if let Err(why) = walk_levels(game, tier, below, label, &mut walk, &mut saver, ctl) {
        return Err(saver.keep(&walk, why, ctl));
    }
    ctl.finish();
    // the checkpoint stays until the tier's file is written (`solve_to_dir`)
    let Walk { cells, copies, .. } = walk;
    for r in copies {
        let own = game.rank_in(tier, &game.unrank_in(tier, r as u64));
        cells[r as usize].store(cells[own as usize].load(Relaxed), Relaxed);
    }
    let values = cells.iter().map(|c| {
        let now = c.load(Relaxed);
        if now & SETTLED != 0 {
            Outcome::unpack((now & !SETTLED) as u16)
        } else {
            Outcome::Draw
        }
    });
    Ok(Solved::from_values(values))
}

/// Reads the moves still to read, then walks the levels still to walk;
/// stopped, it leaves `walk` whole: between blocks of moves read, or at a
/// level boundary.
fn walk_levels<G: Tiered>(
    game: &G,
    tier: G::Tier,
    below: &HashMap<G::Tier, Arc<Solved<Outcome>>>,
    label: &str,
    walk: &mut Walk,
    saver: &mut Saver,
    ctl: &Control,
) -> Result<(), Error>
where
    G::Tier: Hash,
{
    let size = game.tier_size(tier);
    let unmoves = game.has_unmoves();
    read_moves(game, tier, below, label, walk, saver, ctl)?;
    if !game.moves_stay(tier) {
        // every position settled (or a copy) by its moves out: no level
        // has anything to walk, as nothing in the tier leads to another
        return Ok(());
    }
    let (offsets, sources) = if unmoves { (Vec::new(), Vec::new()) } else { reverse_edges(game, tier, ctl)? };

    // the walk: buckets by level hold what settles there from outside the
    // walk (ends, wins out of the tier, losses held up by their floor)
    ctl.start(&format!("{label}: levels"), size);
    while (walk.level as usize) < walk.buckets.len() || !walk.frontier.is_empty() {
        ctl.check()?;
        saver.maybe_save(walk, ctl)?;
        let level = walk.level;
        let Walk { cells, aux, buckets, frontier, .. } = &mut *walk;
        for (r, kind) in std::mem::take(bucket(buckets, level)) {
            let cell = &cells[r as usize];
            let settled = match kind {
                Queued::Ended => true,
                Queued::WinsOut => {
                    let won = SETTLED | Outcome::Win(level).pack() as u32;
                    let now = cell.load(Relaxed);
                    now & SETTLED == 0 && cell.compare_exchange(now, won, Relaxed, Relaxed).is_ok()
                }
                Queued::LosesHeld => {
                    let lost = SETTLED | Outcome::Lose(level).pack() as u32;
                    cell.compare_exchange(0, lost, Relaxed, Relaxed).is_ok()
                }
            };
            if settled {
                frontier.push(r);
            }
        }
        let (cells, aux) = (&*cells, &*aux);
        let held: std::sync::Mutex<Vec<(u32, u32)>> = std::sync::Mutex::new(Vec::new());
        let next: Vec<u32> = frontier
            .par_chunks(1024)
            .flat_map_iter(|part| {
                let mut settled = Vec::new();
                let (mut before, mut ranks, mut preds, mut group) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
                for (i, few) in part.chunks(GROUP).enumerate() {
                    // a few positions' predecessors found and their cells
                    // fetched first, then settled: the misses overlap; and
                    // the next few's own cells fetched (the frontier is in
                    // the order it settled, anywhere in the tier)
                    for &r in part.iter().skip((i + 1) * GROUP).take(GROUP) {
                        crate::memory::prefetch(&cells[r as usize]);
                    }
                    preds.clear();
                    for &r in few {
                        let v = Outcome::unpack((cells[r as usize].load(Relaxed) & !SETTLED) as u16);
                        let first = preds.len();
                        if unmoves {
                            before.clear();
                            game.unmoves_in_tier(&game.unrank_in(tier, r as u64), &mut before);
                            ranks.clear();
                            ranks.extend(before.iter().map(|p| game.rank_in(tier, p) as u32));
                            ranks.sort_unstable();
                            ranks.dedup();
                            preds.extend_from_slice(&ranks);
                        } else {
                            let edges = offsets[r as usize]..offsets[r as usize + 1];
                            preds.extend(edges.map(|e| sources[e as usize].load(Relaxed)));
                        }
                        for &q in &preds[first..] {
                            crate::memory::prefetch(&cells[q as usize]);
                        }
                        group.push((v, first..preds.len()));
                    }
                    for (v, range) in group.drain(..) {
                        for &q in &preds[range] {
                            let q = q as usize;
                            match v {
                                Outcome::Lose(_) => {
                                    if win_before(&cells[q], level + 1) {
                                        settled.push(q as u32);
                                    }
                                }
                                Outcome::Win(_) => {
                                    if !count_down(&cells[q]) || aux[q].load(Relaxed) & (WINS_OUT | DRAWS_OUT) != 0 {
                                        // moves left, or a move out of the tier wins or draws
                                        continue;
                                    }
                                    let lose_at = (level + 1).max((aux[q].load(Relaxed) & FLOOR) as u32);
                                    if lose_at == level + 1 {
                                        // every move is a win for the opponent: no thread but this one
                                        // touches the cell now
                                        cells[q].store(SETTLED | Outcome::Lose(lose_at).pack() as u32, Relaxed);
                                        settled.push(q as u32);
                                    } else {
                                        held.lock().unwrap_or_else(|e| e.into_inner()).push((lose_at, q as u32));
                                    }
                                }
                                Outcome::Draw => {}
                            }
                        }
                    }
                }
                ctl.advance(part.len() as u64);
                settled
            })
            .collect();
        for (at, q) in held.into_inner().unwrap_or_else(|e| e.into_inner()) {
            bucket(buckets, at).push((q, Queued::LosesHeld));
        }
        *frontier = next;
        walk.level += 1;
    }
    Ok(())
}

/// Reads the moves of the positions `walk` has not read yet, a block at a
/// time (the walk saved between blocks): what ends or leaves the tier at
/// once is settled and queued at its level, the rest counts the moves it
/// waits on.
fn read_moves<G: Tiered>(
    game: &G,
    tier: G::Tier,
    below: &HashMap<G::Tier, Arc<Solved<Outcome>>>,
    label: &str,
    walk: &mut Walk,
    saver: &mut Saver,
    ctl: &Control,
) -> Result<(), Error>
where
    G::Tier: Hash,
{
    let n = game.tier_size(tier) as usize;
    if walk.read as usize >= n {
        return Ok(());
    }
    let unmoves = game.has_unmoves();
    let stays = game.moves_stay(tier);
    // the choices' values where they fit beside the cells and aux
    let choices = game.choice_tier(tier).and_then(|(t, count)| {
        ctl.reserve("", n as u64 * 6 + count * 2).ok()?;
        Some(Choices { tier: t, values: crate::memory::zeroed(count as usize) })
    });
    let beside = n as u64 * 6 + choices.as_ref().map_or(0, |c| c.values.len() as u64 * 2);
    // a tier not among those given: the game did not name it a child
    let reached = super::Reached::new(game, tier, below, Error::Unsupported).resident(beside, ctl);
    ctl.start(&format!("{label}: moves"), n as u64);
    ctl.advance(walk.read);
    // with un-moves a position waits on its distinct children's slots (its
    // un-moves name each predecessor slot once); with reverse edges on its
    // moves (an edge a move)
    let (cells, aux) = (&walk.cells, &walk.aux);
    // a chunk's starts are stored as soon as they are learned: only what
    // waits in a level's bucket (and the slots to copy) outlives the chunk.
    // A block stopped part way and saved is read again whole on resuming:
    // its cells and aux are overwritten (stored, never added to) and a
    // slot to copy is never written, so what the stop left there is gone
    // (an update by adding here would break resuming)
    while (walk.read as usize) < n {
        let (first, end) = (walk.read as usize, (walk.read as usize + block(n)).min(n));
        // every chunk's result or the first failure: a block is taken whole
        // or not at all, so that a walk stopped here is whole
        let starts: Result<Vec<Started>, Error> = (0..(end - first).div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                ctl.check()?;
                let mut out: Learned = Vec::with_capacity(CHUNK);
                let (mut moves, mut inside, mut away, mut group) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
                let (mut children, mut picks) = (Vec::new(), Picks { to: Vec::new(), at: Vec::new() });
                let chunk_end = (first + (c + 1) * CHUNK).min(end);
                for from in (first + c * CHUNK..chunk_end).step_by(GROUP) {
                    // a group's moves are read and their lower tiers' values
                    // fetched first, then read: the misses overlap
                    away.clear();
                    for r in from..(from + GROUP).min(chunk_end) {
                        let pos = game.unrank_in(tier, r as u64);
                        if unmoves && !game.own_slot(tier, r as u64, &pos) {
                            // a slot of a symmetric image that is not its class's
                            // own: no un-move leads to it; its value is copied
                            group.push((r as u32, Pending::Known(Start::Copy)));
                            continue;
                        }
                        // distinct slots are counted by ranking them unless the game
                        // knows the moves inside the tier reach one each
                        let ranked = unmoves && !game.moves_in_tier_distinct(&pos);
                        children.clear();
                        inside.clear();
                        let counted = if ranked { None } else { game.moves_out(tier, &pos, &mut children) };
                        let mut count = match counted {
                            Some(stay) => stay,
                            None => {
                                moves.clear();
                                game.moves(&pos, &mut moves);
                                let mut count = 0u32;
                                for &mv in &moves {
                                    let step = game.play(&pos, mv);
                                    if step.turn == Turn::Again {
                                        return Err(Error::Unsupported(
                                            "a bonus turn: the tier solver values games whose turns alternate".into(),
                                        ));
                                    }
                                    let to = game.tier_of(&step.pos);
                                    if to != tier {
                                        children.push(Away::To(to, game.rank_in(to, &step.pos)));
                                    } else if ranked {
                                        inside.push(game.rank_in(tier, &step.pos));
                                    } else {
                                        count += 1;
                                    }
                                }
                                count
                            }
                        };
                        if count == 0 && children.is_empty() && inside.is_empty() {
                            let v = game.terminal(&pos);
                            group.push((
                                r as u32,
                                Pending::Known(if v == Outcome::Draw { Start::Draw } else { Start::At(v) }),
                            ));
                            continue;
                        }
                        let first_away = away.len();
                        for &to in &children {
                            away.push(match (to, &choices) {
                                (Away::To(t, rank), _) => {
                                    let at = reached.find(game, t, rank)?;
                                    reached.prefetch(at);
                                    Located::At(at)
                                }
                                (Away::Choice(t, choice), Some(known)) if known.tier == t => {
                                    crate::memory::prefetch(&known.values[choice as usize]);
                                    Located::Choice(choice)
                                }
                                (Away::Choice(t, choice), _) => {
                                    Located::Known(value_choice(game, &reached, t, choice, &mut picks)?)
                                }
                            });
                        }
                        if ranked {
                            inside.sort_unstable();
                            inside.dedup();
                            count = inside.len() as u32;
                        }
                        group.push((r as u32, Pending::Moves { count, away: first_away..away.len() }));
                    }
                    for (r, pending) in group.drain(..) {
                        let (count, moved_away) = match pending {
                            Pending::Known(start) => {
                                out.push((r, start, 0));
                                continue;
                            }
                            Pending::Moves { count, away: range } => (count, &away[range]),
                        };
                        let (mut best_out, mut floor) = (None::<Outcome>, 0u32);
                        for &at in moved_away {
                            let v = match at {
                                Located::At(at) => Outcome::back((), Turn::Pass, reached.at(at)),
                                Located::Known(v) => v,
                                Located::Choice(choice) => choices
                                    .as_ref()
                                    .expect("a choice located where values are kept")
                                    .value(game, &reached, choice, &mut picks)?,
                            };
                            if let Outcome::Lose(k) = v {
                                floor = floor.max(k);
                            }
                            best_out = Some(best_out.map_or(v, |b| b.max(v)));
                        }
                        let floor = floor.min(FLOOR as u32) as u16;
                        let start = match (count, best_out) {
                            (0, Some(v)) => {
                                if v == Outcome::Draw {
                                    Start::Draw
                                } else {
                                    Start::At(v)
                                }
                            }
                            (_, Some(Outcome::Win(w))) => Start::Waits { count, wins_at: Some(w) },
                            _ => Start::Waits { count, wins_at: None },
                        };
                        let flags = match best_out {
                            Some(Outcome::Win(_)) => WINS_OUT,
                            Some(Outcome::Draw) => DRAWS_OUT,
                            _ => 0,
                        };
                        out.push((r, start, flags | floor));
                    }
                }
                ctl.advance(out.len() as u64);
                let (mut queued, mut copies) = (Vec::new(), Vec::new());
                for (r, start, a) in out {
                    aux[r as usize].store(a, Relaxed);
                    match start {
                        Start::Copy => copies.push(r),
                        Start::At(v) => {
                            cells[r as usize].store(SETTLED | v.pack() as u32, Relaxed);
                            if stays {
                                queued.push((level_of(v), r, Queued::Ended));
                            }
                        }
                        Start::Draw => cells[r as usize].store(SETTLED | Outcome::Draw.pack() as u32, Relaxed),
                        Start::Waits { .. } if !stays => {
                            return Err(Error::Unsupported(format!(
                                "tier {}: the game says every move leaves the tier, but slot {r} has a move inside it",
                                game.tier_name(tier)
                            )));
                        }
                        Start::Waits { count, wins_at } => {
                            cells[r as usize].store(count, Relaxed);
                            if let Some(w) = wins_at {
                                queued.push((w, r, Queued::WinsOut));
                            }
                        }
                    }
                }
                Ok((queued, copies))
            })
            .collect();
        for (queued, copies) in starts? {
            for (level, r, kind) in queued {
                bucket(&mut walk.buckets, level).push((r, kind));
            }
            walk.copies.extend(copies);
        }
        walk.read = end as u64;
        saver.maybe_save(walk, ctl)?;
    }
    ctl.finish();
    Ok(())
}

/// For each position of the tier, the positions with a move to it:
/// offsets into the sources, by prefix sums of in-degrees counted from the
/// forward moves, then the sources filled by a second pass.
fn reverse_edges<G: Tiered>(game: &G, tier: G::Tier, ctl: &Control) -> Result<(Vec<u64>, Vec<AtomicU32>), Error> {
    let size = game.tier_size(tier);
    let n = size as usize;
    let inside = |r: usize, moves: &mut Vec<G::Move>, each: &mut dyn FnMut(u64)| {
        let pos = game.unrank_in(tier, r as u64);
        moves.clear();
        game.moves(&pos, moves);
        for &mv in moves.iter() {
            let to = game.play(&pos, mv).pos;
            if game.tier_of(&to) == tier {
                each(game.rank_in(tier, &to));
            }
        }
    };
    let in_degree: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    (0..n.div_ceil(CHUNK)).into_par_iter().try_for_each(|c| -> Result<(), Error> {
        ctl.check()?;
        let mut moves = Vec::new();
        for r in c * CHUNK..((c + 1) * CHUNK).min(n) {
            inside(r, &mut moves, &mut |to| {
                in_degree[to as usize].fetch_add(1, Relaxed);
            });
        }
        Ok(())
    })?;
    let mut offsets = Vec::with_capacity(n + 1);
    let mut total = 0u64;
    offsets.push(0u64);
    for d in &in_degree {
        total += d.load(Relaxed) as u64;
        offsets.push(total);
    }
    drop(in_degree);
    // cells, aux, offsets and the fill's cursors, and a source an edge
    ctl.reserve("the tier's reverse edges", size * (4 + 2 + 8 + 8) + total * 4)?;
    let cursor: Vec<AtomicU64> = offsets[..n].iter().map(|&o| AtomicU64::new(o)).collect();
    let sources: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
    (0..n.div_ceil(CHUNK)).into_par_iter().try_for_each(|c| -> Result<(), Error> {
        ctl.check()?;
        let mut moves = Vec::new();
        for r in c * CHUNK..((c + 1) * CHUNK).min(n) {
            inside(r, &mut moves, &mut |to| {
                let at = cursor[to as usize].fetch_add(1, Relaxed);
                sources[at as usize].store(r as u32, Relaxed);
            });
        }
        Ok(())
    })?;
    Ok((offsets, sources))
}

/// The level a settled value is walked at: its remoteness.
fn level_of(v: Outcome) -> u32 {
    match v {
        Outcome::Win(r) | Outcome::Lose(r) => r,
        Outcome::Draw => u32::MAX,
    }
}

/// Settles an unsettled cell as a win in `r`; whether this call did.
fn win_before(cell: &AtomicU32, r: u32) -> bool {
    let won = SETTLED | Outcome::Win(r).pack() as u32;
    let mut now = cell.load(Relaxed);
    while now & SETTLED == 0 {
        match cell.compare_exchange_weak(now, won, Relaxed, Relaxed) {
            Ok(_) => return true,
            Err(seen) => now = seen,
        }
    }
    false
}

/// A move of an unsettled cell's position found to give the opponent a
/// win, counted off; whether it was the last of its moves inside the tier.
fn count_down(cell: &AtomicU32) -> bool {
    let mut now = cell.load(Relaxed);
    while now & SETTLED == 0 {
        match cell.compare_exchange_weak(now, now - 1, Relaxed, Relaxed) {
            Ok(_) => return now == 1,
            Err(seen) => now = seen,
        }
    }
    false
}

fn bucket(buckets: &mut Vec<Vec<(u32, Queued)>>, level: u32) -> &mut Vec<(u32, Queued)> {
    if buckets.len() <= level as usize {
        buckets.resize_with(level as usize + 1, Vec::new);
    }
    &mut buckets[level as usize]
}
