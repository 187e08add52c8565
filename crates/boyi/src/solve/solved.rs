//! Solved values that own their data: one packed value a position, by rank,
//! as the table and retrograde solvers leave them. They borrow no game, so a
//! caller can keep them (in a cache, across requests), query them by rank
//! or by position, and save them, without knowing how values are packed.

use super::{value_moves, Analysis};
use crate::game::Indexed;
use crate::value::{Outcome, Packed, Value};

/// One slot a position; a solver fills the slots from many threads at once.
pub(crate) type Slot<V> = <<V as Value>::Packed as Packed>::Atomic;

pub struct Solved<V: Value> {
    slots: Vec<Slot<V>>,
}

impl<V: Value> Solved<V> {
    pub(crate) fn from_slots(slots: Vec<Slot<V>>) -> Self {
        Solved { slots }
    }

    pub(crate) fn slots(&self) -> &[Slot<V>] {
        &self.slots
    }

    /// Positions held: the game's index size.
    pub fn len(&self) -> u64 {
        self.slots.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn bytes(&self) -> u64 {
        self.len() * std::mem::size_of::<Slot<V>>() as u64
    }

    /// The value of the position of rank `rank`, for the side to move there.
    #[inline]
    pub fn value_at(&self, rank: u64) -> V {
        V::unpack(V::Packed::load(&self.slots[rank as usize]))
    }

    pub fn value<G: Indexed<Value = V>>(&self, game: &G, pos: &G::Pos) -> V {
        self.value_at(game.rank(pos))
    }

    /// Every legal move of `pos` with its value to the mover, best first.
    pub fn analyze<G: Indexed<Value = V>>(&self, game: &G, pos: &G::Pos) -> Analysis<G> {
        value_moves(game, pos, |child| Ok(self.value(game, child))).expect("lookups cannot fail")
    }

    /// The packed values in rank order, as they would be written to a file.
    pub fn packed(&self) -> impl Iterator<Item = V::Packed> + '_ {
        self.slots.iter().map(V::Packed::load)
    }
}

impl Solved<Outcome> {
    /// The largest remoteness of any position: the longest game under best play.
    pub fn depth(&self) -> u32 {
        (0..self.len()).filter_map(|r| self.value_at(r).remoteness()).max().unwrap_or(0)
    }
}
