//! Bottom-up solving of a [`Layered`] game into a flat array, one slot a
//! position. Layers are solved from the last to the first; within a layer
//! every position depends only on later layers, so rayon splits the layer
//! across threads and each thread writes its own slots.

use rayon::prelude::*;

use super::{rank_moves, Analysis};
use crate::control::Control;
use crate::error::Error;
use crate::game::{Game, Layered};
use crate::value::{Packed, Value};

type Cell<G> = <<<G as Game>::Value as Value>::Packed as Packed>::Atomic;

pub struct Table<'g, G: Layered> {
    game: &'g G,
    cells: Vec<Cell<G>>,
}

impl<'g, G: Layered> Table<'g, G> {
    /// Positions per unit of parallel work: large enough to amortise rayon,
    /// small enough to balance two cores on thin layers.
    const CHUNK: usize = 1 << 12;

    /// Bytes the table for `game` needs, before solving.
    pub fn bytes_needed(game: &G) -> u64 {
        game.size()
            .saturating_mul(std::mem::size_of::<Cell<G>>() as u64)
    }

    pub fn solve(game: &'g G, ctl: &Control) -> Result<Self, Error> {
        let size = game.size();
        ctl.reserve("the value table", Self::bytes_needed(game))?;
        let layers = game.layer_count();
        if layers as u64 > G::Value::PACKED_DEPTH_LIMIT as u64 {
            return Err(Error::Unsupported(format!(
                "the game can last {layers} moves; packed tables hold at most {}",
                G::Value::PACKED_DEPTH_LIMIT
            )));
        }
        let size = usize::try_from(size).map_err(|_| {
            Error::Unsupported(format!(
                "{size} positions do not fit this machine's address space"
            ))
        })?;
        let zero = <G::Value as Value>::Packed::default();
        let mut cells = Vec::with_capacity(size);
        cells.par_extend((0..size).into_par_iter().map(|_| zero.atomic()));
        let table = Table { game, cells };

        ctl.start("solving", size as u64);
        let mut ranks = Vec::new();
        for layer in (0..layers).rev() {
            ctl.check()?;
            ranks.clear();
            game.layer(layer, &mut ranks);
            ranks
                .par_chunks(Self::CHUNK)
                .try_for_each_init(Vec::new, |moves, chunk| {
                    ctl.check()?;
                    for &rank in chunk {
                        let value = table.solve_one(rank, moves);
                        <G::Value as Value>::Packed::store(
                            &table.cells[rank as usize],
                            value.pack(),
                        );
                    }
                    ctl.advance(chunk.len() as u64);
                    Ok::<(), Error>(())
                })?;
        }
        ctl.finish();
        Ok(table)
    }

    #[inline]
    fn solve_one(&self, rank: u64, moves: &mut Vec<G::Move>) -> G::Value {
        let game = self.game;
        let pos = game.unrank(rank);
        moves.clear();
        game.moves(&pos, moves);
        let mut best: Option<G::Value> = None;
        for &mv in moves.iter() {
            let step = game.play(&pos, mv);
            let child = self.value_at(game.child_rank(rank, &pos, mv, &step));
            let v = G::Value::back(step.reward, step.turn, child);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        best.unwrap_or_else(|| game.terminal(&pos))
    }

    pub fn game(&self) -> &'g G {
        self.game
    }

    #[inline]
    pub fn value_at(&self, rank: u64) -> G::Value {
        G::Value::unpack(<G::Value as Value>::Packed::load(
            &self.cells[rank as usize],
        ))
    }

    pub fn value(&self, pos: &G::Pos) -> G::Value {
        self.value_at(self.game.rank(pos))
    }

    pub fn analyze(&self, pos: &G::Pos) -> Analysis<G> {
        rank_moves(self.game, pos, |child| Ok(self.value(child)))
            .expect("table lookups cannot fail")
    }

    pub fn bytes(&self) -> u64 {
        (self.cells.len() * std::mem::size_of::<Cell<G>>()) as u64
    }
}
