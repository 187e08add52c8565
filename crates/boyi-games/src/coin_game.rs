//! The coin game (USACO 2009 Nov "Xoinc", BZOJ 2017): players take coins from
//! the top of a stack. The first move takes 1 or 2; afterwards a player may
//! take from 1 up to twice what the opponent just took. Each maximises the
//! value they collect.
//!
//! [`CoinGame`] is the game as stated: from `(taken, limit)` the mover takes
//! `t ∈ 1..=limit`. Valued directly that is O(n³). [`CoinChain`] is the same
//! game with each choice of `t` broken into binary decisions: take `limit`
//! now, or give up the largest take and decide again (a bonus turn worth
//! nothing). Both value `(taken, limit)` identically, since
//! `v(i, L) = max(v(i, L-1), take L)`, and the chained form has two moves a
//! position: O(n²) in all.
//!
//! Values are the mover's total minus the opponent's from here on; the first
//! player collects `(total + v(start)) / 2`.

use boyi::{Game, Indexed, Layered, Step, StepOf, Turn};

/// `taken` coins are gone; the mover may take `1..=limit` (`limit` is
/// already capped at the coins left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    pub taken: u32,
    pub limit: u32,
}

#[derive(Clone, Debug)]
pub struct CoinGame {
    /// `prefix[i]` is the value of the top `i` coins.
    prefix: Vec<i64>,
}

impl CoinGame {
    /// Coins from the top. Every partial sum must fit an `i32`.
    pub fn new(coins: &[i64]) -> Self {
        let mut prefix = Vec::with_capacity(coins.len() + 1);
        prefix.push(0);
        for &c in coins {
            prefix.push(prefix.last().unwrap() + c);
        }
        assert!(prefix.iter().all(|&p| p <= i32::MAX as i64 && p >= i32::MIN as i64));
        CoinGame { prefix }
    }

    pub fn len(&self) -> u32 {
        (self.prefix.len() - 1) as u32
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn total(&self) -> i64 {
        self.prefix[self.prefix.len() - 1]
    }

    pub fn start(&self) -> Stack {
        self.after(0, 1)
    }

    /// The position once `taken` coins are gone and the last take was `last`.
    pub fn after(&self, taken: u32, last: u32) -> Stack {
        Stack { taken, limit: (2 * last).min(self.len() - taken) }
    }

    fn take(&self, s: &Stack, t: u32) -> StepOf<Self> {
        let reward = (self.prefix[(s.taken + t) as usize] - self.prefix[s.taken as usize]) as i32;
        Step { pos: self.after(s.taken + t, t), reward, turn: Turn::Pass }
    }

    /// First rank of the positions with `taken` coins gone (limits 0..=n-taken).
    fn offset(&self, taken: u32) -> u64 {
        let (i, n) = (taken as u64, self.len() as u64);
        i * (n + 1) - i * i.saturating_sub(1) / 2
    }

    fn positions(&self) -> u64 {
        self.offset(self.len() + 1)
    }

    fn rank_of(&self, s: &Stack) -> u64 {
        self.offset(s.taken) + s.limit as u64
    }

    fn unrank_of(&self, index: u64) -> Stack {
        // offset(i) = i(2n + 3 - i) / 2; solve for i, then settle rounding.
        let b = 2.0 * self.len() as f64 + 3.0;
        let guess = ((b - (b * b - 8.0 * index as f64).max(0.0).sqrt()) / 2.0) as u32;
        let mut i = guess.min(self.len());
        while i > 0 && self.offset(i) > index {
            i -= 1;
        }
        while i < self.len() && self.offset(i + 1) <= index {
            i += 1;
        }
        Stack { taken: i, limit: (index - self.offset(i)) as u32 }
    }
}

impl Game for CoinGame {
    type Pos = Stack;
    /// How many coins to take.
    type Move = u32;
    type Value = i32;

    fn moves(&self, s: &Stack, out: &mut Vec<u32>) {
        out.extend(1..=s.limit);
    }

    fn play(&self, s: &Stack, t: u32) -> StepOf<Self> {
        self.take(s, t)
    }

    fn terminal(&self, _: &Stack) -> i32 {
        0
    }

    fn order_moves(&self, _: &Stack, moves: &mut [u32]) {
        moves.reverse();
    }
}

impl Indexed for CoinGame {
    fn size(&self) -> u64 {
        self.positions()
    }
    fn rank(&self, s: &Stack) -> u64 {
        self.rank_of(s)
    }
    fn unrank(&self, index: u64) -> Stack {
        self.unrank_of(index)
    }
}

impl Layered for CoinGame {
    /// Layer = coins taken.
    fn layer_count(&self) -> usize {
        self.len() as usize + 1
    }

    fn layer_part(&self, layer: usize, _: usize, out: &mut Vec<(u64, Stack)>) {
        let taken = layer as u32;
        let first = self.offset(taken);
        out.extend((0..=self.len() - taken).map(|limit| (first + limit as u64, Stack { taken, limit })));
    }
}

/// A decision in the chained form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Take `limit` coins.
    TakeAll,
    /// Give up the largest take and decide again.
    Fewer,
}

/// The coin game with binary decisions; see the module notes.
#[derive(Clone, Debug)]
pub struct CoinChain(pub CoinGame);

impl Game for CoinChain {
    type Pos = Stack;
    type Move = Choice;
    type Value = i32;

    #[inline]
    fn moves(&self, s: &Stack, out: &mut Vec<Choice>) {
        if s.limit >= 1 {
            out.push(Choice::TakeAll);
        }
        if s.limit >= 2 {
            out.push(Choice::Fewer);
        }
    }

    #[inline]
    fn play(&self, s: &Stack, c: Choice) -> StepOf<Self> {
        match c {
            Choice::TakeAll => self.0.take(s, s.limit),
            Choice::Fewer => Step { pos: Stack { taken: s.taken, limit: s.limit - 1 }, reward: 0, turn: Turn::Again },
        }
    }

    fn terminal(&self, _: &Stack) -> i32 {
        0
    }
}

impl Indexed for CoinChain {
    fn size(&self) -> u64 {
        self.0.positions()
    }
    fn rank(&self, s: &Stack) -> u64 {
        self.0.rank_of(s)
    }
    fn unrank(&self, index: u64) -> Stack {
        self.0.unrank_of(index)
    }
}

impl CoinChain {
    const RUN: usize = 1024;

    /// The range of coins taken in a layer: limit = 2·taken + n − layer must
    /// lie in 1..=n − taken (the end of the game, (n, 0), is added apart).
    fn takens(&self, layer: usize) -> (i64, i64) {
        let n = self.0.len() as i64;
        let l = layer as i64;
        let lo = (l - n + 1).max(0);
        ((lo + 1) / 2, (l / 3).min(n - 1))
    }
}

impl Layered for CoinChain {
    // Layer 2·taken − limit + n rises on both moves: `Fewer` lowers the limit
    // by one; `TakeAll` adds 2·limit to 2·taken and at most 2·limit to the
    // new limit.
    fn layer_count(&self) -> usize {
        3 * self.0.len() as usize + 1
    }

    fn layer_parts(&self, layer: usize) -> usize {
        let (lo, hi) = self.takens(layer);
        ((hi - lo + 1).max(1) as usize).div_ceil(Self::RUN)
    }

    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, Stack)>) {
        let n = self.0.len() as i64;
        let l = layer as i64;
        let (lo, hi) = self.takens(layer);
        let from = lo + (part * Self::RUN) as i64;
        for taken in from..=hi.min(from + Self::RUN as i64 - 1) {
            let limit = 2 * taken + n - l;
            if limit >= 1 && limit <= n - taken {
                let s = Stack { taken: taken as u32, limit: limit as u32 };
                out.push((self.0.rank_of(&s), s));
            }
        }
        if l == 3 * n && part == 0 {
            let end = Stack { taken: n as u32, limit: 0 };
            out.push((self.0.rank_of(&end), end));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table::Table};
    use boyi::Control;
    use proptest::prelude::*;

    /// The first player's best total, straight from the statement.
    fn brute(coins: &[i64], i: usize, limit: usize) -> i64 {
        let rest: i64 = coins[i..].iter().sum();
        (1..=limit.min(coins.len() - i)).map(|t| rest - brute(coins, i + t, 2 * t)).max().unwrap_or(0)
    }

    #[test]
    fn ranks_round_trip() {
        for n in 0..30 {
            let g = CoinGame::new(&vec![1; n]);
            for r in 0..g.size() {
                assert_eq!(g.rank(&g.unrank(r)), r);
            }
            let chain = CoinChain(g.clone());
            let mut all = Vec::new();
            for l in 0..chain.layer_count() {
                for part in 0..chain.layer_parts(l) {
                    chain.layer_part(l, part, &mut all);
                }
            }
            // every valid position exactly once
            let valid = (0..g.size()).filter(|&r| {
                let s = g.unrank(r);
                s.limit >= 1 || s.taken == g.len()
            });
            for &(r, s) in &all {
                assert_eq!(g.unrank(r), s);
            }
            let mut sorted: Vec<u64> = all.iter().map(|&(r, _)| r).collect();
            sorted.sort();
            assert_eq!(sorted, valid.collect::<Vec<_>>());
        }
    }

    proptest! {
        #[test]
        fn solvers_agree_with_brute_force(coins in proptest::collection::vec(1i64..50, 1..11)) {
            let g = CoinGame::new(&coins);
            let want = brute(&coins, 0, 2);
            let first = |v: i32| (g.total() + v as i64) / 2;
            let ctl = Control::default();
            let chain = CoinChain(g.clone());
            prop_assert_eq!(first(Table::solve(&chain, &ctl).unwrap().value(&g.start())), want);
            prop_assert_eq!(first(Table::solve(&g, &ctl).unwrap().value(&g.start())), want);
            prop_assert_eq!(first(Negamax::new(&chain, ctl.clone()).value(&g.start()).unwrap()), want);
            prop_assert_eq!(first(Negamax::new(&g, ctl.clone()).value(&g.start()).unwrap()), want);
            prop_assert_eq!(first(AlphaBeta::new(&g, ctl.clone(), 1 << 12).unwrap().value(&g.start()).unwrap()), want);
            prop_assert_eq!(first(AlphaBeta::new(&chain, ctl, 1 << 12).unwrap().value(&g.start()).unwrap()), want);
        }
    }
}
