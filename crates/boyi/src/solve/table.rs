//! Bottom-up solving of a [`Layered`] game into a flat array, one slot a
//! position. Layers are solved from the last to the first; within a layer
//! every position depends only on later layers, so rayon splits the layer
//! across threads and each thread writes its own slots.
//!
//! That a move never stays in its layer or goes back is the game's promise;
//! a child not yet solved would silently read as a zero value. Debug builds
//! check the promise: they mark every solved slot and stop at the first
//! move into an unmarked one.

use rayon::prelude::*;

use super::solved::{Slot, Solved};
use crate::control::Control;
use crate::error::Error;
use crate::game::Layered;
use crate::value::{Packed, Value};

/// Bytes the table for `game` needs, before solving.
pub fn bytes_needed<G: Layered>(game: &G) -> u64 {
    game.size().saturating_mul(std::mem::size_of::<Slot<G::Value>>() as u64)
}

/// The value of every position of `game`.
pub fn solve<G: Layered>(game: &G, ctl: &Control) -> Result<Solved<G::Value>, Error> {
    let size = game.size();
    ctl.reserve("the value table", bytes_needed(game))?;
    let layers = game.layer_count();
    if layers as u64 > G::Value::PACKED_DEPTH_LIMIT as u64 {
        return Err(Error::Unsupported(format!(
            "the game can last {layers} moves; packed tables hold at most {}",
            G::Value::PACKED_DEPTH_LIMIT
        )));
    }
    let size = usize::try_from(size)
        .map_err(|_| Error::Unsupported(format!("{size} positions do not fit this machine's address space")))?;
    let zero = <G::Value as Value>::Packed::default();
    let mut slots = Vec::with_capacity(size);
    slots.par_extend((0..size).into_par_iter().map(|_| zero.atomic()));
    let table = Solved::from_slots(slots);
    let promise = Promise::new(size);

    ctl.start("solving", size as u64);
    for layer in (0..layers).rev() {
        ctl.check()?;
        let parts = game.layer_parts(layer);
        (0..parts).into_par_iter().try_for_each_init(
            || (Vec::new(), Vec::new()),
            |(members, moves), part| {
                ctl.check()?;
                members.clear();
                game.layer_part(layer, part, members);
                for (rank, pos) in members.iter() {
                    let value = solve_one(game, &table, &promise, *rank, pos, moves);
                    <G::Value as Value>::Packed::store(&table.slots()[*rank as usize], value.pack());
                    promise.solved(*rank);
                }
                ctl.advance(members.len() as u64);
                Ok::<(), Error>(())
            },
        )?;
    }
    ctl.finish();
    Ok(table)
}

#[inline]
fn solve_one<G: Layered>(
    game: &G,
    table: &Solved<G::Value>,
    promise: &Promise,
    rank: u64,
    pos: &G::Pos,
    moves: &mut Vec<G::Move>,
) -> G::Value {
    moves.clear();
    game.moves(pos, moves);
    let mut best: Option<G::Value> = None;
    for &mv in moves.iter() {
        let step = game.play(pos, mv);
        let child = game.child_rank(rank, pos, mv, &step);
        promise.check(rank, child);
        let v = G::Value::back(step.reward, step.turn, table.value_at(child));
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    best.unwrap_or_else(|| game.terminal(pos))
}

/// Which slots are solved, kept in debug builds only: a byte a position.
struct Promise {
    #[cfg(debug_assertions)]
    done: Vec<std::sync::atomic::AtomicBool>,
}

impl Promise {
    fn new(size: usize) -> Self {
        #[cfg(debug_assertions)]
        return Promise { done: (0..size).map(|_| std::sync::atomic::AtomicBool::new(false)).collect() };
        #[cfg(not(debug_assertions))]
        {
            let _ = size;
            Promise {}
        }
    }

    #[inline]
    fn solved(&self, rank: u64) {
        #[cfg(debug_assertions)]
        self.done[rank as usize].store(true, std::sync::atomic::Ordering::Relaxed);
        #[cfg(not(debug_assertions))]
        let _ = rank;
    }

    #[inline]
    fn check(&self, parent: u64, child: u64) {
        #[cfg(debug_assertions)]
        assert!(
            self.done[child as usize].load(std::sync::atomic::Ordering::Relaxed),
            "Layered broken: a move from rank {parent} leads to rank {child}, which is in no later layer"
        );
        #[cfg(not(debug_assertions))]
        let _ = (parent, child);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Indexed, Step, StepOf};
    use crate::value::{Outcome, Turn};

    /// Counts down from `n`; `broken` puts a move from 1 to 2, against the layers.
    struct Countdown {
        n: u64,
        broken: bool,
    }

    impl Game for Countdown {
        type Pos = u64;
        type Move = u64;
        type Value = Outcome;
        fn moves(&self, &p: &u64, out: &mut Vec<u64>) {
            if p > 0 {
                out.push(p - 1);
            }
            if self.broken && p == 1 {
                out.push(2);
            }
        }
        fn play(&self, _: &u64, to: u64) -> StepOf<Self> {
            Step { pos: to, reward: (), turn: Turn::Pass }
        }
        fn terminal(&self, _: &u64) -> Outcome {
            Outcome::Lose(0)
        }
    }

    impl Indexed for Countdown {
        fn size(&self) -> u64 {
            self.n + 1
        }
        fn rank(&self, &p: &u64) -> u64 {
            p
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
    }

    impl Layered for Countdown {
        fn layer_count(&self) -> usize {
            self.n as usize + 1
        }
        fn layer_part(&self, layer: usize, _: usize, out: &mut Vec<(u64, u64)>) {
            let p = self.n - layer as u64;
            out.push((p, p));
        }
    }

    #[test]
    fn solves_layer_by_layer() {
        let t = solve(&Countdown { n: 5, broken: false }, &Control::default()).unwrap();
        assert_eq!(t.value_at(5), Outcome::Win(5));
        assert_eq!(t.value_at(4), Outcome::Lose(4));
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "Layered broken: a move from rank 1 leads to rank 2")]
    fn a_move_into_an_unsolved_layer_is_caught() {
        let _ = solve(&Countdown { n: 5, broken: true }, &Control::default());
    }
}
