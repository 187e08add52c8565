//! Who wins a partizan position too big for its canonical form: a search
//! of wins and losses only, where every position whose parts are all small
//! is not searched but read off the sum of its parts' values (each part
//! valued once, as Breuker et al. and Barton & Uiterwijk do for
//! Domineering's endgames), and positions are remembered under their
//! normal form (a symmetry that swaps the players swaps who is to move).

use rustc_hash::FxHashMap as HashMap;

use super::{Class, Partizan, Store, Valuer};
use crate::Control;

/// Wins and losses of one game's positions.
pub struct Outcomes<'a, G: Partizan> {
    game: &'a G,
    valuer: Valuer<'a, G>,
    /// (normal form, Left to move in it) → the player to move wins.
    known: HashMap<(G::Position, bool), bool>,
    /// Parts of at most this size (the game's measure) are valued.
    small: usize,
    size: fn(&G::Position) -> usize,
    ctl: Option<&'a Control>,
    /// Positions searched (not looked up, not valued).
    pub nodes: u64,
}

impl<'a, G: Partizan> Outcomes<'a, G> {
    /// `size` measures a part (Domineering: its empty cells); parts no
    /// larger than `small` are valued instead of searched.
    pub fn new(game: &'a G, store: &'a mut Store, size: fn(&G::Position) -> usize, small: usize) -> Self {
        Outcomes { game, valuer: Valuer::new(game, store), known: HashMap::default(), small, size, ctl: None, nodes: 0 }
    }

    pub fn with_control(mut self, ctl: &'a Control) -> Self {
        self.ctl = Some(ctl);
        self
    }

    /// The outcome class of `p`: who wins with Left to move, and with Right.
    pub fn class(&mut self, p: &G::Position) -> Result<Class, crate::Error> {
        let left_first = self.wins(p, true)?;
        let right_first = self.wins(p, false)?;
        Ok(match (left_first, right_first) {
            (true, true) => Class::N,
            (true, false) => Class::L,
            (false, true) => Class::R,
            (false, false) => Class::P,
        })
    }

    /// Whether the player to move (Left when `left`) wins `p`.
    pub fn wins(&mut self, p: &G::Position, left: bool) -> Result<bool, crate::Error> {
        if let Some(w) = self.game.decided(p, left) {
            return Ok(w);
        }
        if self.game.parts_within(p, self.size, self.small) {
            let v = self.valuer.value(p)?;
            let zero = self.valuer.store.zero();
            // Left moving first wins unless G ≤ 0; Right unless G ≥ 0.
            return Ok(if left { !self.valuer.store.leq(v, zero) } else { !self.valuer.store.leq(zero, v) });
        }
        let (normal, swapped) = self.game.normal(p);
        let key = (normal, left != swapped);
        if let Some(&w) = self.known.get(&key) {
            return Ok(w);
        }
        if let Some(ctl) = self.ctl {
            ctl.check()?;
            ctl.advance(1);
            if self.nodes.is_multiple_of(4096) {
                // the table of outcomes and the valuer's, and the values' store
                let bytes = super::map_bytes(&self.known) + self.valuer.bytes();
                ctl.reserve("the outcome search's table and values", bytes)?;
            }
        }
        self.valuer.store.check()?;
        self.nodes += 1;
        let mut options = if left { self.game.left_options(p) } else { self.game.right_options(p) };
        self.game.order_options(p, &mut options, left);
        let mut win = false;
        for o in options {
            if !self.wins(&o, !left)? {
                win = true;
                break;
            }
        }
        self.known.insert(key, win);
        Ok(win)
    }
}
