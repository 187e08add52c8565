//! HDU 3595 "GG and MM": cases until the end of input, each `N` and `N`
//! games of two piles; the Euclid game played in every game at once, MM
//! moving first: `MM` or `GG`, the winner (Every-SG: the largest step).

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::every_euclid::{step, EveryEuclidListing};
use crate::listing::Entry;
use crate::notation::join;

pub struct EverySgProblem;

const MAX_GAMES: usize = 100_000;
const MAX_PILE: u64 = 1_000_000_000_000;

fn parse(input: &str) -> Result<Vec<Vec<(u64, u64)>>, Error> {
    let mut t = Tokens::new(input);
    let mut out = Vec::new();
    while !t.at_end() {
        let case = out.len() + 1;
        let n: usize = t.number_in(&format!("the game count N of case {case}"), 1..=MAX_GAMES)?;
        let mut games = Vec::with_capacity(n);
        for i in 1..=n {
            let p = t.number_named(0..=MAX_PILE, || format!("pile p of game {i} of case {case}"))?;
            let q = t.number_named(0..=MAX_PILE, || format!("pile q of game {i} of case {case}"))?;
            games.push((p, q));
        }
        out.push(games);
    }
    if out.is_empty() {
        return Err(Error::input("the input has no case: expected N and N pairs of piles"));
    }
    Ok(out)
}

impl Problem for EverySgProblem {
    fn id(&self) -> &'static str {
        "every-sg"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["hdu3595", "gg-and-mm"]
    }

    fn summary(&self) -> &'static str {
        "HDU 3595: the Euclid game in every game at once; who moves last wins (Every-SG)"
    }

    fn help(&self) -> &'static str {
        "Input: cases until the end of input, each N and N pairs p q of piles (0 to 10^12; an empty\n\
         pile is a finished game).\n\
         Output: `MM` if the first player wins, else `GG`, a line a case.\n\
         Example:\n  1\n  3 2\n  -> GG\n\
         Sizes: up to 100000 games a case."
    }

    fn game(&self) -> &'static dyn Entry {
        &EveryEuclidListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let mut out = String::new();
        for games in parse(input)? {
            ctl.check()?;
            let longest = games.iter().map(|&(p, q)| step(p, q)).max().unwrap_or(0);
            out += if longest % 2 == 1 { "MM\n" } else { "GG\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let games = pick_case(parse(input)?, case)?;
        Ok((format!("1:{}", join(games.iter().map(|(p, q)| format!("{p},{q}")), ";")), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 100) as usize;
        let n = crate::generate::grow(rng, size, 1, 1000) as usize;
        let max = crate::generate::grow(rng, size, 10, 1000);
        crate::generate::every_sg(rng, cases, n, max)
    }
}
