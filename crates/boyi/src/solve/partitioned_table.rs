//! The table solve of [`super::table`] over parts that each own a
//! contiguous slice of the rank space ([`super::partitioned::bounds`]): a
//! [`Layered`] game too large for one machine. Layers go from the last to
//! the first, as in one process; within a layer, every part values the
//! positions it owns. A child another part owns is asked of that part:
//! a part takes its positions of the layer in batches, lists the children
//! of a batch that other parts own (sorted, each once), the parts exchange
//! the lists and answer them from their slices (children lie in later
//! layers, valued already), exchange the answers, and each part values
//! its batch. A layer takes as many rounds as its busiest part needs; a
//! part with nothing left takes part in them with empty lists. The values
//! are exactly [`super::table::solve`]'s, whatever the number of parts.
//!
//! Every part enumerates every position of a layer and keeps its own (the
//! game model lists a layer by parts, not by ranks): work that a part
//! repeats, cheap beside valuing while parts are few.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::partitioned::{bounds, SLICE_MOST};
use super::table::{check_depth, value_from_children, zeroed_table};
use super::Solved;
use crate::control::Control;
use crate::db::{self, Header, Ident, Stored};
use crate::error::Error;
use crate::game::Layered;
use crate::peers::{in_threads, Peers};
use crate::value::{Packed, Value};

/// One part's slice of the table, solved: the values of the ranks
/// `lo..lo + values.len()`.
pub struct TableSlice<V: Value> {
    pub lo: u64,
    /// By place in the slice.
    pub values: Solved<V>,
    /// Bytes this part sent to other parts: its questions and its answers.
    pub sent: u64,
}

/// Positions a part keeps waiting for answers in one round, about (layer
/// parts are added in groups sized from the layer so far, so a dense
/// stretch overshoots): its questions take 4 bytes a child owned
/// elsewhere, the answers as many as a packed value.
const BATCH: usize = 1 << 20;

/// Layer parts a part enumerates at once, on all its cores, while it
/// fills a batch.
const ENUMERATED_AT_ONCE: usize = 64;

/// Solves every position with the rank space cut into `parts` slices, one
/// thread a part in this process: the whole table, and the most bytes a
/// part sent.
pub fn solve<G: Layered>(game: &G, parts: usize, ctl: &Control) -> Result<(Solved<G::Value>, u64), Error> {
    solve_batched(game, parts, BATCH, ctl)
}

/// [`solve`] with rounds of at most `batch` positions a part: tests make
/// many rounds a layer with a few positions.
#[doc(hidden)]
pub fn solve_batched<G: Layered>(
    game: &G,
    parts: usize,
    batch: usize,
    ctl: &Control,
) -> Result<(Solved<G::Value>, u64), Error> {
    if parts == 0 {
        return Err(Error::Unsupported("a partitioned solve needs at least one part".into()));
    }
    ctl.reserve("the value table", super::table::bytes_needed(game))?;
    let slices = in_threads(parts, |peers| {
        let quiet = ctl.without_progress();
        solve_slice(game, peers, batch.max(1), if peers.me() == 0 { ctl } else { &quiet })
    })?;
    let busiest = slices.iter().map(|s| s.sent).max().unwrap_or(0);
    // each slice dropped once copied: one slice more than the table at most
    let whole = slices.into_iter().flat_map(|s| (0..s.values.len()).map(move |i| s.values.value_at(i).pack().atomic()));
    Ok((Solved::from_slots(whole.collect()), busiest))
}

/// One part's share of a partitioned table solve: the slice `peers.me()`
/// of [`bounds`], solved. Every part of the solve calls this at once; a
/// part that fails tells the others ([`Peers::fail`]) before it returns.
pub fn solve_part<G: Layered>(game: &G, peers: &dyn Peers, ctl: &Control) -> Result<TableSlice<G::Value>, Error> {
    let solved = solve_slice(game, peers, BATCH, ctl);
    if let Err(e) = &solved {
        peers.fail(e);
    }
    solved
}

/// Solves this part's slice and writes it into the database file at
/// `path`, with the other parts ([`db::write_part`]).
pub fn save_part<G: Layered>(
    game: &G,
    ident: &Ident,
    path: &std::path::Path,
    peers: &dyn Peers,
    ctl: &Control,
) -> Result<Header, Error>
where
    G::Value: Stored,
{
    let slice = solve_part(game, peers, ctl)?;
    db::write_part(path, ident, game.size(), slice.lo, slice.values.len(), |i| slice.values.value_at(i), peers, ctl)
}

fn solve_slice<G: Layered>(
    game: &G,
    peers: &dyn Peers,
    batch: usize,
    ctl: &Control,
) -> Result<TableSlice<G::Value>, Error> {
    let (me, parts) = (peers.me(), peers.count());
    let size = game.size();
    let bounds = bounds(size, parts);
    let (lo, hi) = (bounds[me], bounds[me + 1]);
    if size.div_ceil(parts as u64) > SLICE_MOST {
        return Err(Error::Unsupported(format!(
            "{size} positions need at least {} parts: a part holds {SLICE_MOST} at most",
            size.div_ceil(SLICE_MOST)
        )));
    }
    check_depth(game)?;
    // a round's waiting positions, and for each about 64 bytes of
    // questions and answers, their copies in flight included
    let round = (hi - lo).min(batch as u64) * (std::mem::size_of::<(u64, G::Pos)>() as u64 + 64);
    ctl.reserve(
        "its slice of the value table and a round of questions",
        (hi - lo).saturating_mul(slot_bytes::<G::Value>()).saturating_add(round),
    )?;
    let table: Solved<G::Value> = zeroed_table(hi - lo)?;
    let width = std::mem::size_of::<<G::Value as Value>::Packed>();
    let owner = |rank: u64| bounds.partition_point(|&b| b <= rank) - 1;
    let slots = table.slots();
    // The value of a position whose children are all in this slice; for
    // another, its children elsewhere go into `asks`.
    let value_here = |rank: u64, pos: &G::Pos, moves: &mut Vec<G::Move>, asks: &mut [Vec<u32>]| {
        let mut elsewhere = false;
        let value = value_from_children(game, rank, pos, moves, |child| {
            debug_assert!(child < size, "a move from rank {rank} leads to rank {child}, outside the index");
            if (lo..hi).contains(&child) {
                return table.value_at(child - lo);
            }
            let there = owner(child);
            asks[there].push((child - bounds[there]) as u32);
            elsewhere = true;
            G::Value::unpack(Default::default())
        });
        (!elsewhere).then_some(value)
    };
    let mut sent = 0u64;

    ctl.start("solving", size);
    for layer in (0..game.layer_count()).rev() {
        let layer_parts = game.layer_parts(layer);
        let (mut cursor, mut parts_seen, mut waited) = (0, 0usize, 0usize);
        loop {
            ctl.check()?;
            // Positions whose children this part owns are valued as they
            // are enumerated; the others wait for the round's answers, and
            // this part asks for their children owned elsewhere
            // (`asks[part]`: places in that part's slice).
            let mut asks: Vec<Vec<u32>> = vec![Vec::new(); parts];
            let mut waiting: Vec<(u64, G::Pos)> = Vec::new();
            let valued = AtomicU64::new(0);
            while cursor < layer_parts && waiting.len() < batch {
                // as many layer parts as should fill the batch, going by
                // the layer's parts so far: 64 to start with, at most twice
                // as many as so far (a heuristic, not a bound: the layer's
                // next parts may need more of other parts' slices)
                let group = match waited {
                    0 => ENUMERATED_AT_ONCE,
                    w => ((batch - waiting.len()) * parts_seen / w).max(1),
                }
                .min(parts_seen.max(ENUMERATED_AT_ONCE));
                let end = cursor.saturating_add(group).min(layer_parts);
                let (more_asks, more_waiting) = (cursor..end)
                    .into_par_iter()
                    .fold(
                        || (vec![Vec::new(); parts], Vec::new(), Vec::new(), Vec::new()),
                        |(mut asks, mut waiting, mut members, mut moves), part| {
                            members.clear();
                            game.layer_part(layer, part, &mut members);
                            members.retain(|(rank, _)| (lo..hi).contains(rank));
                            valued.fetch_add(members.len() as u64, Relaxed);
                            for (rank, pos) in members.drain(..) {
                                if let Some(value) = value_here(rank, &pos, &mut moves, &mut asks) {
                                    Packed::store(&slots[(rank - lo) as usize], value.pack());
                                } else {
                                    waiting.push((rank, pos));
                                }
                            }
                            (asks, waiting, members, moves)
                        },
                    )
                    .map(|(asks, waiting, _, _)| (asks, waiting))
                    .reduce(
                        || (vec![Vec::new(); parts], Vec::new()),
                        |(mut asks, mut waiting), (more_asks, more_waiting)| {
                            for (x, y) in asks.iter_mut().zip(more_asks) {
                                x.extend(y);
                            }
                            waiting.extend(more_waiting);
                            (asks, waiting)
                        },
                    );
                for (x, y) in asks.iter_mut().zip(more_asks) {
                    x.extend(y);
                }
                waited += more_waiting.len();
                waiting.extend(more_waiting);
                parts_seen += end - cursor;
                cursor = end;
            }
            let asks: Vec<Vec<u32>> = asks
                .into_par_iter()
                .map(|mut a| {
                    a.par_sort_unstable();
                    a.dedup();
                    a
                })
                .collect();
            let questions: Vec<Vec<u8>> =
                asks.iter().map(|a| a.iter().flat_map(|i| i.to_le_bytes()).collect()).collect();
            sent += questions.iter().map(|q| q.len() as u64).sum::<u64>();
            let asked = peers.exchange_bytes(questions)?;

            // answers from this part's slice, valued at earlier layers
            let answers: Vec<Vec<u8>> = asked
                .par_iter()
                .map(|question| {
                    let mut answer = Vec::with_capacity(question.len() / 4 * width);
                    for at in question.chunks_exact(4) {
                        let at = u32::from_le_bytes([at[0], at[1], at[2], at[3]]) as u64;
                        let bits = table.value_at(at).pack().to_bits();
                        answer.extend_from_slice(&bits.to_le_bytes()[..width]);
                    }
                    answer
                })
                .collect();
            sent += answers.iter().enumerate().filter(|&(to, _)| to != me).map(|(_, a)| a.len() as u64).sum::<u64>();
            let answered = peers.exchange_bytes(answers)?;
            for (from, answer) in answered.iter().enumerate() {
                if answer.len() != asks[from].len() * width {
                    return Err(Error::Data(format!(
                        "part {from} answered {} bytes for {} questions",
                        answer.len(),
                        asks[from].len()
                    )));
                }
            }

            waiting.par_iter().for_each_init(Vec::new, |moves, (rank, pos)| {
                let value = value_from_children(game, *rank, pos, moves, |child| {
                    let there = owner(child);
                    if there == me {
                        return table.value_at(child - lo);
                    }
                    let at = asks[there]
                        .binary_search(&((child - bounds[there]) as u32))
                        .expect("every child owned elsewhere was asked for");
                    let mut bits = [0u8; 8];
                    bits[..width].copy_from_slice(&answered[there][at * width..(at + 1) * width]);
                    G::Value::unpack(Packed::from_bits(u64::from_le_bytes(bits)))
                });
                Packed::store(&slots[(*rank - lo) as usize], value.pack());
            });

            let totals = peers.sum(&[u64::from(cursor < layer_parts), valued.into_inner()])?;
            ctl.advance(totals[1]);
            if totals[0] == 0 {
                break;
            }
        }
    }
    ctl.finish();
    Ok(TableSlice { lo, values: table, sent })
}

fn slot_bytes<V: Value>() -> u64 {
    std::mem::size_of::<super::solved::Slot<V>>() as u64
}
