//! Where the predecessors of a position come from: the game's un-moves,
//! or reverse edges built from its forward moves.

use crate::game::{Game, Reversible};
use crate::value::Turn;

/// Where the predecessors of a position come from.
pub(super) trait Predecessors<G: Game>: Sync {
    type Scratch: Send;
    fn scratch(&self) -> Self::Scratch;
    fn each(&self, game: &G, rank: u64, scratch: &mut Self::Scratch, f: impl FnMut(u64, Turn));
    /// Whether a position's predecessors lie far apart in the table.
    fn scattered(&self, game: &G) -> bool {
        let _ = game;
        false
    }
    /// How far in rank a position's predecessors lie from it at most, if known.
    fn reach(&self, game: &G) -> Option<u64> {
        let _ = game;
        None
    }
}

pub(super) struct Unmoves;

impl<G: Reversible> Predecessors<G> for Unmoves {
    type Scratch = Vec<(G::Pos, Turn)>;

    fn scratch(&self) -> Self::Scratch {
        Vec::new()
    }

    fn scattered(&self, game: &G) -> bool {
        game.predecessors_scattered()
    }

    fn reach(&self, game: &G) -> Option<u64> {
        game.predecessor_reach()
    }

    #[inline]
    fn each(&self, game: &G, rank: u64, scratch: &mut Self::Scratch, f: impl FnMut(u64, Turn)) {
        game.unmove_ranks(&game.unrank(rank), scratch, f);
    }
}

/// Reverse edges in compressed rows: the predecessors of `x` are
/// `from[start[x]..start[x + 1]]`, the top bit flagging a bonus turn.
pub(super) struct Edges {
    pub(super) start: Vec<u64>,
    pub(super) from: Vec<u32>,
}

pub(super) const AGAIN_BIT: u32 = 1 << 31;

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
