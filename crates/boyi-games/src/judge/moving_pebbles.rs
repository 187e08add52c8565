//! BZOJ 1982 "Moving Pebbles": cases until the end of input, each `n` and `n`
//! pile sizes (one a line by custom, but any whitespace does); `first player`
//! or `second player` a case.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::Entry;
use crate::moving_pebbles::{second_player_wins, PebblesListing};
use crate::notation::join;

pub struct PebblesProblem;

const MAX_PILES: usize = 100_000;
const MAX_PILE: u64 = 1 << 62;

fn parse(input: &str) -> Result<Vec<Vec<u64>>, Error> {
    let mut t = Tokens::new(input);
    let mut cases = Vec::new();
    while !t.at_end() {
        let case = cases.len() + 1;
        let n: usize = t.number_in(&format!("the pile count n of case {case}"), 1..=MAX_PILES)?;
        let mut piles = Vec::with_capacity(n);
        for i in 1..=n {
            piles.push(t.number_in(&format!("pile {i} of case {case}"), 1..=MAX_PILE)?);
        }
        cases.push(piles);
    }
    if cases.is_empty() {
        return Err(Error::input("the input has no case: expected n and n pile sizes"));
    }
    Ok(cases)
}

impl Problem for PebblesProblem {
    fn id(&self) -> &'static str {
        "moving-pebbles"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj1982", "spoj2021", "poj1740"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 1982: take stones from a pile and spread some of the rest onto other piles; pairs of equal piles lose"
    }

    fn help(&self) -> &'static str {
        "Input: cases until the end of input, each `n` (1 to 100000) and n positive pile sizes.\n\
         Output: `first player` or `second player` (who wins) a case.\n\
         Example:\n  3 2 1 3\n  -> first player\n\
         Sizes: up to 100000 piles of up to 2^62 stones."
    }

    fn game(&self) -> &'static dyn Entry {
        &PebblesListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, _ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let mut out = String::new();
        for mut piles in parse(input)? {
            out.push_str(if second_player_wins(&mut piles) { "second player\n" } else { "first player\n" });
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((format!("1:{}", join(pick_case(parse(input)?, case)?, ",")), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 10) as usize;
        let n = crate::generate::grow(rng, size, 1, 100_000) as usize;
        crate::generate::moving_pebbles(rng, cases, n)
    }
}
