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

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::solved::{Slot, Solved};
use crate::control::Control;
use crate::error::Error;
use crate::game::{Indexed, Layered};
use crate::value::{Outcome, Packed, Turn, Value};

/// Below this many positions a table is solved on the calling thread:
/// handing each layer to the thread pool costs more than it saves (a judge
/// input of a hundred small cases paid more for the dispatch than for the
/// solving).
const SERIAL_BELOW: u64 = 1 << 16;

/// Nor is a table whose layers hold fewer positions than this on average:
/// each layer is a dispatch to the pool and a wait for its threads, and
/// over a hundred thin layers the handing over costs more than the second
/// core gives. Young's chess, whole process (`perf stat -r 10`): 10x10
/// (1,829 positions a layer) 12.2 ms on the calling thread against 17.4
/// ms in the pool, 11x11 (5,782) 39.4 against 42.8 ms, 12x12 (18,629)
/// 170 against 139 ms.
const SERIAL_LAYERS_BELOW: u64 = 1 << 13;

/// A worker's scratch: a part's members and a move list.
type Scratch<G> = (Vec<(u64, <G as crate::game::Game>::Pos)>, Vec<<G as crate::game::Game>::Move>);

/// Visits every position of `game`, the last layer first, each layer's
/// parts in parallel (on the calling thread below [`SERIAL_BELOW`]
/// positions or [`SERIAL_LAYERS_BELOW`] a layer), with a scratch move list;
/// reports progress as "solving".
fn walk_layers<G: Layered>(
    game: &G,
    ctl: &Control,
    visit: impl Fn(u64, &G::Pos, &mut Vec<G::Move>) -> Result<(), Error> + Sync + Send,
) -> Result<(), Error> {
    let per_layer = game.size() / game.layer_count().max(1) as u64;
    let serial = game.size() < SERIAL_BELOW || per_layer < SERIAL_LAYERS_BELOW;
    let each = |(members, moves): &mut Scratch<G>, layer: usize, part: usize| {
        ctl.check()?;
        members.clear();
        game.layer_part(layer, part, members);
        for (rank, pos) in members.iter() {
            visit(*rank, pos, moves)?;
        }
        ctl.advance(members.len() as u64);
        Ok::<(), Error>(())
    };
    ctl.start("solving", game.size());
    for layer in (0..game.layer_count()).rev() {
        ctl.check()?;
        let parts = game.layer_parts(layer);
        if serial {
            let mut scratch = (Vec::new(), Vec::new());
            (0..parts).try_for_each(|part| each(&mut scratch, layer, part))?;
        } else {
            (0..parts)
                .into_par_iter()
                .try_for_each_init(|| (Vec::new(), Vec::new()), |scratch, part| each(scratch, layer, part))?;
        }
    }
    ctl.finish();
    Ok(())
}

/// Bytes the table for `game` needs, before solving.
pub fn bytes_needed<G: Layered>(game: &G) -> u64 {
    game.size().saturating_mul(std::mem::size_of::<Slot<G::Value>>() as u64)
}

/// Refuses a game whose values a packed table cannot hold.
pub(super) fn check_depth<G: Layered>(game: &G) -> Result<(), Error> {
    let layers = game.layer_count();
    if layers as u64 > G::Value::PACKED_DEPTH_LIMIT as u64 {
        return Err(Error::Unsupported(format!(
            "the game can last {layers} moves; packed tables hold at most {}",
            G::Value::PACKED_DEPTH_LIMIT
        )));
    }
    Ok(())
}

/// `size` slots of the zero value, made on every core.
pub(super) fn zeroed_table<V: Value>(size: u64) -> Result<Solved<V>, Error> {
    let size = usize::try_from(size)
        .map_err(|_| Error::Unsupported(format!("{size} positions do not fit this machine's address space")))?;
    let zero = V::Packed::default();
    let mut slots = Vec::with_capacity(size);
    slots.par_extend((0..size).into_par_iter().map(|_| zero.atomic()));
    Ok(Solved::from_slots(slots))
}

/// The value of every position of `game`.
pub fn solve<G: Layered>(game: &G, ctl: &Control) -> Result<Solved<G::Value>, Error> {
    ctl.reserve("the value table", bytes_needed(game))?;
    check_depth(game)?;
    let table = zeroed_table(game.size())?;
    let promise = Promise::new(table.len() as usize);

    walk_layers(game, ctl, |rank, pos, moves| {
        let value = solve_one(game, &table, &promise, rank, pos, moves);
        <G::Value as Value>::Packed::store(&table.slots()[rank as usize], value.pack());
        promise.solved(rank);
        Ok(())
    })?;
    Ok(table)
}

/// Who wins every position, without by how much: one bit a position.
pub struct Wins {
    bits: Vec<AtomicU64>,
}

impl Wins {
    /// Whether the side to move at `rank` can force a win.
    #[inline]
    pub fn get(&self, rank: u64) -> bool {
        self.bits[(rank / 64) as usize].load(Relaxed) >> (rank % 64) & 1 == 1
    }

    #[inline]
    fn set(&self, rank: u64) {
        self.bits[(rank / 64) as usize].fetch_or(1 << (rank % 64), Relaxed);
    }
}

/// Who wins every position of a game that ends in a win or a loss, when
/// that is all that is asked (judges that print the winner): one bit a
/// position instead of a packed value, and a position is settled by the
/// first move found into a position lost for its mover, so most positions
/// look at few of their moves. A game that can end in a draw is refused:
/// one bit cannot tell a draw from a loss.
pub fn solve_wins<G: Layered<Value = Outcome>>(game: &G, ctl: &Control) -> Result<Wins, Error> {
    let size = game.size();
    ctl.reserve("the win/lose bitmap", size.div_ceil(64) * 8)?;
    let words = usize::try_from(size.div_ceil(64))
        .map_err(|_| Error::Unsupported(format!("{size} positions do not fit this machine's address space")))?;
    let wins = Wins { bits: (0..words).map(|_| AtomicU64::new(0)).collect() };
    let promise = Promise::new(size as usize);
    walk_layers(game, ctl, |rank, pos, moves| {
        moves.clear();
        game.moves(pos, moves);
        let won = if moves.is_empty() {
            match game.terminal(pos) {
                Outcome::Draw => {
                    return Err(Error::Unsupported(
                        "a position ends in a draw, which a win/lose bitmap cannot hold".into(),
                    ))
                }
                end => end.is_win(),
            }
        } else {
            moves.iter().any(|&mv| {
                let step = game.play(pos, mv);
                let child = game.child_rank(rank, pos, mv, &step);
                promise.check(rank, child);
                wins.get(child) == (step.turn == Turn::Again)
            })
        };
        if won {
            wins.set(rank);
        }
        promise.solved(rank);
        Ok(())
    })?;
    Ok(wins)
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
    value_from_children(game, rank, pos, moves, |child| {
        promise.check(rank, child);
        table.value_at(child)
    })
}

/// The value of `pos` (of rank `rank`) from its children's values, by
/// rank: the best of its moves, or its terminal value without any.
#[inline]
pub(super) fn value_from_children<G: Indexed>(
    game: &G,
    rank: u64,
    pos: &G::Pos,
    moves: &mut Vec<G::Move>,
    mut child_value: impl FnMut(u64) -> G::Value,
) -> G::Value {
    moves.clear();
    game.moves(pos, moves);
    let mut best: Option<G::Value> = None;
    for &mv in moves.iter() {
        let step = game.play(pos, mv);
        let child = game.child_rank(rank, pos, mv, &step);
        let v = G::Value::back(step.reward, step.turn, child_value(child));
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

    /// `layers` layers of `width` positions; each position moves to a few
    /// positions of later layers (some moves give a bonus turn), and a
    /// position without moves is won or lost at random.
    struct RandomDag {
        layers: u64,
        width: u64,
        seed: u64,
    }

    impl RandomDag {
        fn hash(&self, x: u64) -> u64 {
            let mut h = x.wrapping_add(self.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 31;
            h.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (h >> 29)
        }
    }

    impl Game for RandomDag {
        type Pos = u64;
        type Move = (u64, bool);
        type Value = Outcome;
        fn moves(&self, &p: &u64, out: &mut Vec<(u64, bool)>) {
            let layer = p / self.width;
            if layer + 1 >= self.layers {
                return;
            }
            let h = self.hash(p);
            for k in 0..h % 4 {
                let g = self.hash(p * 8 + k);
                let to_layer = layer + 1 + g % (self.layers - layer - 1).min(3);
                out.push((to_layer * self.width + (g >> 8) % self.width, g >> 60 == 0));
            }
        }
        fn play(&self, _: &u64, (to, again): (u64, bool)) -> StepOf<Self> {
            Step { pos: to, reward: (), turn: if again { Turn::Again } else { Turn::Pass } }
        }
        fn terminal(&self, &p: &u64) -> Outcome {
            if self.hash(p ^ 0xABCD).is_multiple_of(3) {
                Outcome::Win(0)
            } else {
                Outcome::Lose(0)
            }
        }
    }

    impl Indexed for RandomDag {
        fn size(&self) -> u64 {
            self.layers * self.width
        }
        fn rank(&self, &p: &u64) -> u64 {
            p
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
    }

    impl Layered for RandomDag {
        fn layer_count(&self) -> usize {
            self.layers as usize
        }
        fn layer_parts(&self, _: usize) -> usize {
            self.width.div_ceil(1000) as usize
        }
        fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, u64)>) {
            let base = layer as u64 * self.width;
            for p in base + part as u64 * 1000..base + ((part as u64 + 1) * 1000).min(self.width) {
                out.push((p, p));
            }
        }
    }

    fn wins_match_values(game: &RandomDag) {
        let wins = solve_wins(game, &Control::default()).unwrap();
        let values = solve(game, &Control::default()).unwrap();
        for r in 0..game.size() {
            assert_eq!(wins.get(r), values.value_at(r).is_win(), "rank {r}, seed {}", game.seed);
        }
    }

    #[test]
    fn who_wins_is_what_the_full_table_says_on_small_and_parallel_tables() {
        for seed in 0..200 {
            wins_match_values(&RandomDag { layers: 2 + seed % 9, width: 1 + seed % 13, seed });
        }
        // beyond the serial size: layers split across threads
        wins_match_values(&RandomDag { layers: 12, width: 9000, seed: 7 });
    }

    #[test]
    fn a_draw_cannot_be_held_in_a_bit() {
        struct Drawn;
        impl Game for Drawn {
            type Pos = u64;
            type Move = u64;
            type Value = Outcome;
            fn moves(&self, _: &u64, _: &mut Vec<u64>) {}
            fn play(&self, _: &u64, to: u64) -> StepOf<Self> {
                Step { pos: to, reward: (), turn: Turn::Pass }
            }
            fn terminal(&self, _: &u64) -> Outcome {
                Outcome::Draw
            }
        }
        impl Indexed for Drawn {
            fn size(&self) -> u64 {
                1
            }
            fn rank(&self, _: &u64) -> u64 {
                0
            }
            fn unrank(&self, _: u64) -> u64 {
                0
            }
        }
        impl Layered for Drawn {
            fn layer_count(&self) -> usize {
                1
            }
            fn layer_part(&self, _: usize, _: usize, out: &mut Vec<(u64, u64)>) {
                out.push((0, 0));
            }
        }
        assert!(solve_wins(&Drawn, &Control::default()).is_err());
    }
}
