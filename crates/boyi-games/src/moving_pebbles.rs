//! Moving pebbles (SPOJ 2021, BZOJ 1982; POJ 1740 "A New Stone Game"): a
//! move takes at least one stone from a pile, then moves any number of that
//! pile's remaining stones onto other piles that still have stones (one or
//! several). An emptied pile is out of the game. Whoever cannot move loses.
//!
//! The theory: the second player wins exactly when the piles pair off into
//! equal sizes (answer every move by its mirror); from any other position
//! the largest pile can be cut down and spread so that they do.
//! [`second_player_wins`] is that rule; [`Pebbles`] is the game itself on
//! small positions, solved by negamax in the tests.

use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

/// Piles, largest first; only the first `len` are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piles {
    sizes: [u8; Piles::MAX],
    len: u8,
}

impl Piles {
    pub const MAX: usize = 8;

    /// Piles of these sizes (at most [`Piles::MAX`], each at most 255; empty piles are dropped).
    pub fn new(sizes: &[u8]) -> Self {
        let mut s: Vec<u8> = sizes.iter().copied().filter(|&x| x > 0).collect();
        assert!(s.len() <= Self::MAX);
        s.sort_unstable_by(|a, b| b.cmp(a));
        let mut p = Piles { sizes: [0; Self::MAX], len: s.len() as u8 };
        p.sizes[..s.len()].copy_from_slice(&s);
        p
    }

    pub fn sizes(&self) -> &[u8] {
        &self.sizes[..self.len as usize]
    }
}

/// The game on small positions. A move is named by the piles it leaves.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pebbles;

impl Pebbles {
    /// Every way to add `left` or fewer stones to `others` (each may take any
    /// number), calling `emit` with the new sizes and the stones not moved.
    fn spread(others: &mut Vec<u8>, i: usize, left: u8, emit: &mut impl FnMut(&[u8], u8)) {
        if i == others.len() {
            emit(others, left);
            return;
        }
        let base = others[i];
        for add in 0..=left.min(255 - base) {
            others[i] = base + add;
            Self::spread(others, i + 1, left - add, emit);
        }
        others[i] = base;
    }
}

impl Game for Pebbles {
    type Pos = Piles;
    type Move = Piles;
    type Value = Outcome;

    fn moves(&self, pos: &Piles, out: &mut Vec<Piles>) {
        let start = out.len();
        let sizes = pos.sizes();
        for i in 0..sizes.len() {
            if i > 0 && sizes[i] == sizes[i - 1] {
                continue; // equal piles give the same moves
            }
            let mut others: Vec<u8> = sizes.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &s)| s).collect();
            for removed in 1..=sizes[i] {
                let rest = sizes[i] - removed;
                Self::spread(&mut others, 0, rest, &mut |new, kept| {
                    let mut all = new.to_vec();
                    all.push(kept);
                    out.push(Piles::new(&all));
                });
            }
        }
        out[start..].sort_unstable();
        let mut kept = start;
        for i in start..out.len() {
            if i == start || out[i] != out[kept - 1] {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn play(&self, _: &Piles, to: Piles) -> StepOf<Self> {
        Step { pos: to, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Piles) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Pebbles {}

/// The theory: the second player wins iff the piles pair off into equal sizes.
pub fn second_player_wins(piles: &mut [u64]) -> bool {
    piles.sort_unstable();
    piles.len().is_multiple_of(2) && piles.chunks(2).all(|p| p[0] == p[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::grundy::Grundy;
    use boyi::solve::negamax::Negamax;
    use boyi::Control;

    /// Every position of up to 4 piles of at most 4 stones: the pairing rule
    /// is negamax's answer (and the Grundy solver's, win iff nimber != 0).
    #[test]
    fn pairing_rule_matches_negamax() {
        let mut nm = Negamax::new(&Pebbles, Control::default());
        let mut gr = Grundy::new(&Pebbles, Control::default());
        let mut checked = 0;
        for count in 1..=4u32 {
            for code in 0..4u32.pow(count) {
                let sizes: Vec<u8> = (0..count).map(|i| (code / 4u32.pow(i) % 4) as u8 + 1).collect();
                if sizes.windows(2).any(|w| w[0] > w[1]) {
                    continue; // one order per multiset
                }
                let pos = Piles::new(&sizes);
                let wins = nm.value(&pos).unwrap().is_win();
                let mut piles: Vec<u64> = sizes.iter().map(|&s| s as u64).collect();
                assert_eq!(!second_player_wins(&mut piles), wins, "{sizes:?}");
                assert_eq!(gr.value(&pos).unwrap() != 0, wins);
                checked += 1;
            }
        }
        assert_eq!(checked, 4 + 10 + 20 + 35);
    }

    #[test]
    fn moves_follow_the_rules() {
        // POJ 1740's example: from (3,1,4,2), taking one stone of the first
        // pile can give 0 2 5 2 or 0 1 5 3.
        let mut out = Vec::new();
        Pebbles.moves(&Piles::new(&[3, 1, 4, 2]), &mut out);
        assert!(out.contains(&Piles::new(&[2, 5, 2])));
        assert!(out.contains(&Piles::new(&[1, 5, 3])));
        // stones never land on an emptied pile, and the total always drops
        assert!(out.iter().all(|p| p.sizes().iter().map(|&s| s as u32).sum::<u32>() < 10));
        let mut one = Vec::new();
        Pebbles.moves(&Piles::new(&[2]), &mut one);
        assert_eq!(one, [Piles::new(&[]), Piles::new(&[1])]);
    }
}
