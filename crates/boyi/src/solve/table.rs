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
    /// Bytes the table for `game` needs, before solving.
    pub fn bytes_needed(game: &G) -> u64 {
        game.size().saturating_mul(std::mem::size_of::<Cell<G>>() as u64)
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
        let size = usize::try_from(size)
            .map_err(|_| Error::Unsupported(format!("{size} positions do not fit this machine's address space")))?;
        let zero = <G::Value as Value>::Packed::default();
        let mut cells = Vec::with_capacity(size);
        cells.par_extend((0..size).into_par_iter().map(|_| zero.atomic()));
        let table = Table { game, cells };

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
                        let value = table.solve_one(*rank, pos, moves);
                        <G::Value as Value>::Packed::store(&table.cells[*rank as usize], value.pack());
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
    fn solve_one(&self, rank: u64, pos: &G::Pos, moves: &mut Vec<G::Move>) -> G::Value {
        let game = self.game;
        moves.clear();
        game.moves(pos, moves);
        let mut best: Option<G::Value> = None;
        for &mv in moves.iter() {
            let step = game.play(pos, mv);
            let child = self.value_at(game.child_rank(rank, pos, mv, &step));
            let v = G::Value::back(step.reward, step.turn, child);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        best.unwrap_or_else(|| game.terminal(pos))
    }

    pub fn game(&self) -> &'g G {
        self.game
    }

    #[inline]
    pub fn value_at(&self, rank: u64) -> G::Value {
        G::Value::unpack(<G::Value as Value>::Packed::load(&self.cells[rank as usize]))
    }

    pub fn value(&self, pos: &G::Pos) -> G::Value {
        self.value_at(self.game.rank(pos))
    }

    pub fn analyze(&self, pos: &G::Pos) -> Analysis<G> {
        rank_moves(self.game, pos, |child| Ok(self.value(child))).expect("table lookups cannot fail")
    }

    pub fn bytes(&self) -> u64 {
        (self.cells.len() * std::mem::size_of::<Cell<G>>()) as u64
    }
}
