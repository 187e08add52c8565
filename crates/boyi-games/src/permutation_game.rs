//! The permutation game (InterviewStreet / HackerRank "Permutation game",
//! also called sorted removal): players take turns removing one number from
//! a sequence, keeping the order of the rest; the game ends as soon as what
//! remains is strictly increasing, and whoever made that last removal wins.
//! Values may repeat; equal neighbours are not increasing.
//!
//! A position is the mask of the numbers still present. Normal play: a
//! position whose remainder is increasing has no moves, and its mover lost.

use boyi::index::bitmask;
use boyi::{Game, Indexed, Layered, Outcome, Step, StepOf, Turn};

#[derive(Clone, Debug)]
pub struct PermutationGame {
    values: Vec<i64>,
    /// Bit `mask` is set when the numbers in `mask` are strictly increasing.
    increasing: Vec<u64>,
}

impl PermutationGame {
    /// Longest sequence: masks are `u32` and the increasing-set bitmap takes
    /// `2^n` bits.
    pub const MAX_LEN: usize = 30;

    pub fn new(values: Vec<i64>) -> Self {
        assert!(values.len() <= Self::MAX_LEN);
        let n = values.len();
        let mut increasing = vec![0u64; (1usize << n).div_ceil(64)];
        increasing[0] |= 1;
        for mask in 1usize..1 << n {
            let top = 63 - (mask as u64).leading_zeros() as usize;
            let rest = mask & !(1 << top);
            let ok = if rest == 0 {
                true
            } else {
                let below = 63 - (rest as u64).leading_zeros() as usize;
                get(&increasing, rest) && values[below] < values[top]
            };
            if ok {
                increasing[mask / 64] |= 1 << (mask % 64);
            }
        }
        PermutationGame { values, increasing }
    }

    /// Bytes the increasing-set bitmap of a length-`n` sequence takes.
    pub fn bytes_for(n: usize) -> u64 {
        (1u64 << n).div_ceil(8)
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// Every number present.
    pub fn start(&self) -> u32 {
        ((1u64 << self.values.len()) - 1) as u32
    }

    pub fn is_increasing(&self, mask: u32) -> bool {
        get(&self.increasing, mask as usize)
    }
}

#[inline]
fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

impl Game for PermutationGame {
    type Pos = u32;
    /// The index (0-based, in the original sequence) of the number removed.
    type Move = u8;
    type Value = Outcome;

    #[inline]
    fn moves(&self, &mask: &u32, out: &mut Vec<u8>) {
        if !self.is_increasing(mask) {
            out.extend(bitmask::ones(mask as u64).map(|i| i as u8));
        }
    }

    #[inline]
    fn play(&self, &mask: &u32, i: u8) -> StepOf<Self> {
        Step { pos: mask & !(1 << i), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &u32) -> Outcome {
        Outcome::Lose(0)
    }

    fn key(&self, &mask: &u32) -> u64 {
        mask as u64
    }

    fn order_moves(&self, &mask: &u32, moves: &mut [u8]) {
        // Removals that end the game at once come first.
        moves.sort_by_key(|&i| !self.is_increasing(mask & !(1 << i)));
    }
}

impl Indexed for PermutationGame {
    fn size(&self) -> u64 {
        1 << self.values.len()
    }

    fn rank(&self, &mask: &u32) -> u64 {
        mask as u64
    }

    fn unrank(&self, index: u64) -> u32 {
        index as u32
    }
}

impl PermutationGame {
    fn runs(&self, layer: usize) -> bitmask::PopcountRuns {
        let n = self.values.len() as u32;
        bitmask::PopcountRuns::new(n, n - layer as u32, 4096)
    }
}

impl Layered for PermutationGame {
    /// Layer = numbers removed so far.
    fn layer_count(&self) -> usize {
        self.values.len() + 1
    }

    fn layer_parts(&self, layer: usize) -> usize {
        self.runs(layer).count()
    }

    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, u32)>) {
        self.runs(layer).for_each(part, |m| out.push((m, m as u32)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table::Table};
    use boyi::Control;
    use proptest::prelude::*;

    /// Win/lose straight from the rules, on explicit vectors.
    fn brute_wins(seq: &[i64]) -> bool {
        if seq.windows(2).all(|w| w[0] < w[1]) {
            return false;
        }
        (0..seq.len()).any(|i| {
            let mut rest = seq.to_vec();
            rest.remove(i);
            !brute_wins(&rest)
        })
    }

    proptest! {
        #[test]
        fn solvers_agree_with_brute_force(seq in proptest::collection::vec(0i64..5, 1..8)) {
            let g = PermutationGame::new(seq.clone());
            let want = brute_wins(&seq);
            let ctl = Control::default();
            let table = Table::solve(&g, &ctl).unwrap();
            let t = table.value(&g.start());
            prop_assert_eq!(t.is_win(), want);
            prop_assert_eq!(Negamax::new(&g, ctl.clone()).value(&g.start()).unwrap(), t);
            prop_assert_eq!(AlphaBeta::new(&g, ctl, 1 << 12).unwrap().value(&g.start()).unwrap(), t);
        }
    }

    #[test]
    fn samples() {
        let ctl = Control::default();
        for (seq, alice) in [(vec![1, 3, 2], true), (vec![5, 3, 2, 1, 4], false), (vec![1, 1], true)] {
            let g = PermutationGame::new(seq);
            assert_eq!(Table::solve(&g, &ctl).unwrap().value(&g.start()).is_win(), alice);
        }
    }
}
