//! Partizan games: values in canonical form (numbers, nimbers, ups,
//! switches and every other short game), their sums, comparisons, stops
//! and thermographs, and the model a partizan game is written against.
//!
//! The value type is the centre ([`Store`] and its [`Id`]s); a game only
//! says what Left and Right may move to, and, where it can, which
//! independent parts a position splits into, so a big position is valued
//! as the sum of its parts' values.

pub mod atomic;
pub mod dyadic;
pub mod notation;
pub mod outcome;
pub mod reduced;
pub mod store;
pub mod thermo;

use std::hash::Hash;

pub use dyadic::Dyadic;
pub use notation::{parse, value, Format, Parsed};
pub use outcome::{class_on_threads, Outcomes};
pub use store::{Class, Copies, Id, Relation, Store};
pub use thermo::{Thermograph, Trajectory};

use rustc_hash::FxHashMap as HashMap;

use crate::Control;

/// A partizan game: Left's and Right's options of a position.
pub trait Partizan {
    type Position: Clone + Eq + Hash;

    fn left_options(&self, p: &Self::Position) -> Vec<Self::Position>;
    fn right_options(&self, p: &Self::Position) -> Vec<Self::Position>;

    /// The independent parts `p` is the sum of (no move touches two);
    /// by default `p` alone.
    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// Whether every part of `p` (its `components`) measures at most
    /// `most` by `size`. The outcome search asks at every position it
    /// meets, so a game may answer without listing the parts.
    fn parts_within(&self, p: &Self::Position, size: fn(&Self::Position) -> usize, most: usize) -> bool {
        self.components(p).iter().all(|c| size(c) <= most)
    }

    /// A representative of `p`'s symmetry class and whether its value is
    /// the negative of `p`'s (a symmetry that swaps Left and Right):
    /// positions with one representative are valued once.
    fn normal(&self, p: &Self::Position) -> (Self::Position, bool) {
        (p.clone(), false)
    }

    /// How many options Left (when `left`) or Right has in `p`: the
    /// outcome search orders moves by it, so a game may count faster than
    /// it lists.
    fn count_options(&self, p: &Self::Position, left: bool) -> usize {
        if left {
            self.left_options(p).len()
        } else {
            self.right_options(p).len()
        }
    }

    /// Puts `options` (the mover's, Left's when `left`, from `p`) in the
    /// order the outcome search tries them: the most promising first, as
    /// a win ends the search of a node. By default, the fewer options a
    /// move leaves the other, the sooner it is tried.
    fn order_options(&self, p: &Self::Position, options: &mut [Self::Position], left: bool) {
        let _ = p;
        options.sort_by_cached_key(|o| self.count_options(o, !left));
    }

    /// Whether the player to move (Left when `left`) wins `p`, where the
    /// game can tell without a search (say, by counting moves one side is
    /// sure to have against the most the other can make); `None` where it
    /// cannot. Only the outcome search asks, and it trusts the answer.
    fn decided(&self, p: &Self::Position, left: bool) -> Option<bool> {
        let _ = (p, left);
        None
    }
}

/// The bytes a hash table holds as allocated (a bucket is at most 7/8
/// full, each with a control byte) and, when it is about to grow, the
/// table twice its size beside it while entries move: what a search that
/// checks its memory now and then must count, or it overshoots its limit
/// (entries alone let an 8x8 Domineering search reach 14.8 GB under 14 GB).
pub fn map_bytes<K, V>(map: &HashMap<K, V>) -> u64 {
    let bucket = (std::mem::size_of::<(K, V)>() + 1) as u64;
    let buckets = (map.capacity() as u64 * 8 / 7).max(1);
    let growing = map.len() + 4096 > map.capacity();
    buckets * bucket * if growing { 3 } else { 1 }
}

/// Values positions of one game, each part once.
pub struct Valuer<'a, G: Partizan> {
    game: &'a G,
    pub store: &'a mut Store,
    known: HashMap<G::Position, Id>,
    /// Whole positions already valued as the sum of their parts (one
    /// position is reached by moves in many orders).
    sums: HashMap<G::Position, Id>,
    /// Split positions into their components (off: value the whole tree,
    /// which is what tests compare the split against).
    pub split: bool,
    ctl: Option<&'a Control>,
}

impl<'a, G: Partizan> Valuer<'a, G> {
    pub fn new(game: &'a G, store: &'a mut Store) -> Self {
        Valuer { game, store, known: HashMap::default(), sums: HashMap::default(), split: true, ctl: None }
    }

    /// About the bytes its tables and the store hold.
    pub fn bytes(&self) -> u64 {
        map_bytes(&self.known) + map_bytes(&self.sums) + self.store.bytes()
    }

    /// Stops when `ctl` is interrupted, and counts positions valued on it.
    pub fn with_control(mut self, ctl: &'a Control) -> Self {
        self.ctl = Some(ctl);
        self
    }

    /// How many distinct parts have been valued.
    pub fn parts(&self) -> usize {
        self.known.len()
    }

    pub fn value(&mut self, p: &G::Position) -> Result<Id, crate::Error> {
        if !self.split {
            return self.part(p);
        }
        if let Some(&v) = self.sums.get(p) {
            return Ok(v);
        }
        let mut sum = self.store.zero();
        for c in self.game.components(p) {
            let v = match self.sums.get(&c) {
                Some(&v) => v,
                None => {
                    let (n, negate) = self.game.normal(&c);
                    let v = self.part(&n)?;
                    let v = if negate { self.store.neg(v) } else { v };
                    self.sums.insert(c, v);
                    v
                }
            };
            sum = self.store.add(sum, v);
        }
        self.sums.insert(p.clone(), sum);
        Ok(sum)
    }

    fn part(&mut self, p: &G::Position) -> Result<Id, crate::Error> {
        if let Some(&v) = self.known.get(p) {
            return Ok(v);
        }
        if let Some(ctl) = self.ctl {
            ctl.check()?;
            ctl.advance(1);
        }
        self.store.check()?;
        let mut left = Vec::new();
        for o in self.game.left_options(p) {
            left.push(self.value(&o)?);
        }
        let mut right = Vec::new();
        for o in self.game.right_options(p) {
            right.push(self.value(&o)?);
        }
        let v = self.store.game(left, right);
        self.known.insert(p.clone(), v);
        Ok(v)
    }
}
