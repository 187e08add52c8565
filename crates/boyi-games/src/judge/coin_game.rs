//! BZOJ 2017 "硬币游戏" (USACO Xoinc): `N`, then `N` coin values from the top;
//! the answer is the most the first player can collect.

use boyi::solve::{rank_moves, table::Table};
use boyi::{Control, Indexed};

use super::tokens::Tokens;
use super::{play_moves, AnalyzeRequest, Problem};
use crate::coin_game::{CoinChain, CoinGame};
use crate::error::Error;
use crate::report::{shown_moves, Report, Show};

pub struct CoinProblem;

const MAX_COINS: u32 = 1_000_000;
const MAX_COIN: i64 = 1_000_000_000;

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
        "BZOJ 2017 / USACO Xoinc: take 1..2k coins from the top after the opponent took k (O(n^2) table)"
    }

    fn help(&self) -> &'static str {
        "Input: N, then N coin values from the top of the stack (one a line, or any whitespace).\n\
         Output: the most the first player can collect.\n\
         Example:\n  5\n  1\n  3\n  1\n  7\n  2\n  -> 9\n\
         Moves for analyze: how many coins each move takes, e.g. `boyi analyze coin-game 1 1 < input`.\n\
         Sizes: N(N+3)/2 positions at 4 bytes (N = 20000: 763 MiB); the coins must total at most 2^31 - 1."
    }

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        let game = parse(input)?;
        let chain = CoinChain(game.clone());
        let v = Table::solve(&chain, ctl)?.value(&game.start());
        Ok(format!("{}\n", (game.total() + v as i64) / 2))
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        let game = parse(input)?;
        let mut first = true;
        let mut collected = [0i64; 2];
        let stack = play_moves(
            &game,
            game.start(),
            &request.moves,
            |_, s| s.trim().parse::<u32>().ok(),
            |_, t| t.to_string(),
            |pos, t| {
                collected[usize::from(!first)] += boyi::Game::play(&game, pos, t).reward as i64;
                first = !first;
            },
        )?;
        let chain = CoinChain(game.clone());
        let table = Table::solve(&chain, ctl)?;
        // The chained game shares the stated game's positions and ranks.
        let analysis = rank_moves(&game, &stack, |child| Ok(table.value_at(game.rank(child))))?;
        Ok(Report {
            game: self.id(),
            position: vec![
                format!("{} of {} coins taken; the mover may take 1..={}", stack.taken, game.len(), stack.limit),
                format!("collected so far: first player {}, second player {}", collected[0], collected[1]),
            ],
            to_move: if first { "first player" } else { "second player" }.to_string(),
            value: table.value_at(game.rank(&stack)).show(),
            moves: shown_moves::<CoinGame>(&analysis, |t| format!("take {t}")),
            solver: "table (chained decisions)",
        })
    }
}
