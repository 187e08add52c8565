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

use crate::diagram::{Cell, Diagram, Grid, Mark, Target};
use crate::error::Error;
use crate::listing::{valued_by, Cx, Info, Listing, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

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

    /// The coins, from the top.
    pub fn coins(&self) -> Vec<i64> {
        self.prefix.windows(2).map(|w| w[1] - w[0]).collect()
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

/// The coin game in the catalogue. A position is the coins from the top,
/// then the takes so far in order: `1,3,1,7,2:1,2` (the takes may be left
/// out). Valued by the table of the chained game, kept in the session.
pub struct CoinListing;

/// The stack and the takes that led to it (who collected what).
#[derive(Clone, Debug)]
pub struct Takes {
    pub stack: Stack,
    pub order: Vec<u32>,
}

static INFO: Info = Info {
    id: "coin-game",
    name: "Coin game (Xoinc)",
    aliases: &[],
    summary: "take 1 to 2k coins from the top after the opponent took k; most value wins",
    rules: "Coins lie in a stack. The first player takes 1 or 2 from the top; after that each player takes \
            from 1 up to twice what the opponent just took. Each plays for the larger total value.",
    players: ["First", "Second"],
    values: "score",
    params: &[
        Param::text("coins", "Coins", "").help("values from the top; empty for random coins"),
        Param::int("count", "Coins when random", "10", 1, 60),
        Param::int("seed", "Random seed", "0", 0, u32::MAX as i64).help("0 for new coins each time"),
    ],
    notation: "Position: the coins from the top, then the takes so far (1,3,1,7,2:1,2). Move: how many \
               coins to take (2).",
    end: "",
};

/// The most a coin may be worth; the coins must total at most `i32::MAX`.
pub const MAX_COIN: i64 = 1_000_000_000;
/// Coins a position may hold (the judge's limit).
pub const MAX_COINS: usize = 1_000_000;

impl CoinListing {
    fn game(coins: Vec<i64>, error: fn(String) -> Error) -> Result<CoinGame, Error> {
        if coins.is_empty() || coins.len() > MAX_COINS {
            return Err(error(format!("1 to {MAX_COINS} coins, not {}", coins.len())));
        }
        let total: i64 = coins.iter().sum();
        if total > i32::MAX as i64 {
            return Err(error(format!("the coins total {total}, more than the {} the score table holds", i32::MAX)));
        }
        Ok(CoinGame::new(&coins))
    }

    /// No coin taken yet.
    pub fn start_of(game: &CoinGame) -> Takes {
        Takes { stack: game.start(), order: Vec::new() }
    }
}

impl Listing for CoinListing {
    type Game = CoinGame;
    type State = Takes;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(CoinGame, Takes), Error> {
        let [coins, count, seed] = &INFO.params else { unreachable!() };
        let text = params.text(coins);
        let values = if text.is_empty() {
            let mut rng = notation::rng(params.int(seed)? as u64);
            (0..params.int(count)?).map(|_| rng.range(1, 9)).collect()
        } else {
            notation::list(text, "coins", 1, MAX_COIN).map_err(|e| Error::params(e.to_string()))?
        };
        let game = Self::game(values, Error::Params)?;
        let start = Self::start_of(&game);
        Ok((game, start))
    }

    fn parse(&self, text: &str) -> Result<(CoinGame, Takes), Error> {
        let p = notation::parts(text, 1, 2, "1,3,1,7,2:1,2")?;
        let game = Self::game(notation::list(p[0], "a coin", 1, MAX_COIN)?, Error::Position)?;
        let mut state = Self::start_of(&game);
        for t in p.get(1).copied().unwrap_or("").split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let t: u32 = notation::number(t, "a take", 1, state.stack.limit.max(1))?;
            if t > state.stack.limit {
                return Err(Error::position("a take after the stack is empty"));
            }
            state = self.play(&game, &state, t);
        }
        Ok((game, state))
    }

    fn write(&self, game: &CoinGame, state: &Takes) -> String {
        format!("{}:{}", join(game.coins(), ","), join(&state.order, ","))
    }

    fn params(&self, game: &CoinGame, _: &Takes) -> Params {
        Params::new().with("coins", join(game.coins(), ","))
    }

    fn pos<'s>(&self, state: &'s Takes) -> &'s Stack {
        &state.stack
    }

    fn play(&self, game: &CoinGame, state: &Takes, t: u32) -> Takes {
        let mut order = state.order.clone();
        order.push(t);
        Takes { stack: game.play(&state.stack, t).pos, order }
    }

    fn to_move(&self, _: &CoinGame, state: &Takes) -> usize {
        state.order.len() % 2
    }

    fn move_name(&self, _: &CoinGame, _: &Takes, t: u32) -> String {
        t.to_string()
    }

    fn move_label(&self, _: &CoinGame, _: &Takes, t: u32) -> String {
        format!("take {t}")
    }

    fn target(&self, _: &CoinGame, state: &Takes, t: u32) -> Option<Target> {
        Some(Target::Cell([0, state.stack.taken + t - 1]))
    }

    fn diagram(&self, game: &CoinGame, state: &Takes) -> Diagram {
        let mut cells: Vec<Cell> = game.coins().iter().map(|c| Cell::label(c.to_string())).collect();
        let mut at = 0usize;
        for (i, &t) in state.order.iter().enumerate() {
            for cell in &mut cells[at..at + t as usize] {
                cell.owner = Some((i % 2) as u8);
                cell.marks.push(Mark::Gone);
            }
            at += t as usize;
        }
        let collected = self.points(game, state).unwrap_or_default();
        Diagram::grid(Grid::new(1, game.len(), cells))
            .note(format!(
                "the stack from the top; {} of {} coins taken; the mover may take 1 to {}",
                state.stack.taken,
                game.len(),
                state.stack.limit
            ))
            .note(format!("collected so far: first player {}, second player {}", collected[0], collected[1]))
    }

    fn points(&self, game: &CoinGame, state: &Takes) -> Option<[i64; 2]> {
        let coins = game.coins();
        let mut points = [0i64; 2];
        let mut at = 0usize;
        for (i, &t) in state.order.iter().enumerate() {
            points[i % 2] += coins[at..at + t as usize].iter().sum::<i64>();
            at += t as usize;
        }
        Some(points)
    }

    fn value(&self, game: &CoinGame, state: &Takes, cx: &Cx) -> Result<Valued<u32>, Error> {
        let chain = CoinChain(game.clone());
        let table = cx.table(&format!("coin-game:{}", join(game.coins(), ",")), &chain)?;
        // The chained game shares the stated game's positions and ranks.
        valued_by(
            game,
            &state.stack,
            |child| Ok(table.value_at(game.rank(child))),
            |v| Verdict::Margin { score: v as i64, left: None },
            "table (chained decisions)",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table};
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
            prop_assert_eq!(first(table::solve(&chain, &ctl).unwrap().value(&chain, &g.start())), want);
            prop_assert_eq!(first(table::solve(&g, &ctl).unwrap().value(&g, &g.start())), want);
            prop_assert_eq!(first(Negamax::new(&chain, ctl.clone()).value(&g.start()).unwrap()), want);
            prop_assert_eq!(first(Negamax::new(&g, ctl.clone()).value(&g.start()).unwrap()), want);
            prop_assert_eq!(first(AlphaBeta::new(&g, ctl.clone(), 1 << 12).unwrap().value(&g.start()).unwrap()), want);
            prop_assert_eq!(first(AlphaBeta::new(&chain, ctl, 1 << 12).unwrap().value(&g.start()).unwrap()), want);
        }
    }
}
