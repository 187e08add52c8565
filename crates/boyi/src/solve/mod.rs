//! Solvers, each generic over the game model and asking only for the
//! capability it needs. All of them answer per-move analysis the same way:
//! value every child, then [`value_moves`]. The table and retrograde solvers
//! leave every position's value in a [`Solved`], which owns its data.

pub mod alphabeta;
mod cells;
pub mod checkpoint;
pub mod every;
pub mod graph;
pub mod grundy;
pub mod hackenbush;
pub mod heaps;
mod marks;
pub mod matching;
pub mod misere;
pub mod negamax;
pub mod partitioned;
pub mod partitioned_table;
pub mod retrograde;
pub mod solved;
pub mod table;
pub mod tiers;

pub use solved::Solved;

use crate::error::Error;
use crate::game::Game;
use crate::value::Value;

/// One legal move and its value to the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue<M, V> {
    pub mv: M,
    pub value: V,
}

pub type Analysis<G> = Vec<MoveValue<<G as Game>::Move, <G as Game>::Value>>;

/// Values every legal move of `pos` from the values of the positions they
/// lead to, best first; ties keep the game's move order.
pub fn value_moves<G: Game>(
    game: &G,
    pos: &G::Pos,
    mut child_value: impl FnMut(&G::Pos) -> Result<G::Value, Error>,
) -> Result<Analysis<G>, Error> {
    let mut moves = Vec::new();
    game.moves(pos, &mut moves);
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let step = game.play(pos, mv);
        let child = child_value(&step.pos)?;
        out.push(MoveValue { mv, value: G::Value::back(step.reward, step.turn, child) });
    }
    out.sort_by_key(|m| std::cmp::Reverse(m.value));
    Ok(out)
}

/// The value of `pos` from its analysis: the best move, or the terminal value.
pub fn value_from_analysis<G: Game>(game: &G, pos: &G::Pos, analysis: &Analysis<G>) -> G::Value {
    analysis.first().map_or_else(|| game.terminal(pos), |m| m.value)
}
