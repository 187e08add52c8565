//! BZOJ 2017 "硬币游戏" (USACO Xoinc): `N`, then `N` coin values from the top;
//! the answer is the most the first player can collect.

use boyi::solve::table;
use boyi::Control;

use super::tokens::Tokens;
use super::{only_case, Problem, SolveOptions};
use crate::coin_game::{CoinChain, CoinGame, CoinListing, MAX_COIN};
use crate::error::Error;
use crate::listing::{Entry, Listing};

pub struct CoinProblem;

const MAX_COINS: u32 = crate::coin_game::MAX_COINS as u32;

fn parse(input: &str) -> Result<CoinGame, Error> {
    let mut t = Tokens::new(input);
    let n: u32 = t.number_in("the coin count N", 1..=MAX_COINS)?;
    let mut coins = Vec::with_capacity(n as usize);
    let mut total = 0i64;
    for i in 1..=n {
        let c: i64 = t.number_in(&format!("coin {i}"), 1..=MAX_COIN)?;
        total += c;
        coins.push(c);
    }
    t.finish()?;
    if total > i32::MAX as i64 {
        return Err(Error::input(format!("the coins total {total}, more than the {} the score table holds", i32::MAX)));
    }
    Ok(CoinGame::new(&coins))
}

impl Problem for CoinProblem {
    fn id(&self) -> &'static str {
        "coin-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj2017", "xoinc", "luogu2964"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 2017 / USACO Xoinc: take 1 to 2k coins from the top after the opponent took k (O(n^2) table)"
    }

    fn help(&self) -> &'static str {
        "Input: N, then N coin values from the top of the stack (one a line, or any whitespace).\n\
         Output: the most the first player can collect.\n\
         Example:\n  5\n  1\n  3\n  1\n  7\n  2\n  -> 9\n\
         Sizes: N(N+3)/2 positions at 4 bytes (N = 20000: 763 MiB); the coins must total at most 2^31 - 1."
    }

    fn game(&self) -> &'static dyn Entry {
        &CoinListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let game = parse(input)?;
        let chain = CoinChain(game.clone());
        let v = table::solve(&chain, ctl)?.value(&chain, &game.start());
        Ok(format!("{}\n", (game.total() + v as i64) / 2))
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        only_case(self.id(), case)?;
        let game = parse(input)?;
        Ok((CoinListing.write(&game, &CoinListing::start_of(&game)), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 5, 2000) as usize;
        crate::generate::coin_game(rng, n)
    }
}
