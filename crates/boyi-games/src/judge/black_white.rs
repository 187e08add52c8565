//! BZOJ 2281 "黑白棋": one line `n k d`; the number of layouts the first
//! player (white) wins, mod 10^9 + 7.

use boyi::Control;

use super::tokens::Tokens;
use super::{only_case, Problem, SolveOptions};
use crate::black_white::{count_first_wins, BlackWhite, BlackWhiteListing};
use crate::error::Error;
use crate::listing::Entry;
use crate::notation::join;

pub struct BlackWhiteProblem;

const MAX_N: usize = 10_000;
const MAX_K: usize = 100;

fn parse(input: &str) -> Result<(usize, usize, usize), Error> {
    let mut t = Tokens::new(input);
    let n: usize = t.number_in("the board length n", 1..=MAX_N)?;
    let k: usize = t.number_in("the piece count k", 2..=MAX_K.min(n).max(2))?;
    let d: usize = t.number_in("the most pieces a move moves, d", 1..=k)?;
    t.finish()?;
    if k % 2 == 1 {
        return Err(Error::input(format!("k = {k} is odd; the pieces come in white-black pairs")));
    }
    if k > n {
        return Err(Error::input(format!("k = {k} pieces do not fit on n = {n} cells")));
    }
    Ok((n, k, d))
}

impl Problem for BlackWhiteProblem {
    fn id(&self) -> &'static str {
        "black-white"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj2281", "luogu2490", "sdoi2011-chess"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 2281: count the layouts white wins moving 1..d pieces a turn; Moore's Nim_d with a digit DP"
    }

    fn help(&self) -> &'static str {
        "Input: one line `n k d` (1 <= d <= k <= n <= 10000, k even, k <= 100).\n\
         Output: the number of layouts of k alternating pieces (white first) that white, moving\n\
         first, wins, modulo 1000000007.\n\
         Example:\n  10 4 2\n  -> 182\n\
         Analyze: the first k words after the input are the occupied cells (1-based) of one layout,\n\
         e.g. `boyi analyze black-white 1 4 6 10 < input`."
    }

    fn game(&self) -> &'static dyn Entry {
        &BlackWhiteListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, _ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let (n, k, d) = parse(input)?;
        Ok(format!("{}\n", count_first_wins(n, k, d)))
    }

    /// The judge gives a board, not a layout: the first `k` words are the
    /// occupied cells (1-based), the rest moves.
    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        only_case(self.id(), case)?;
        let (n, k, d) = parse(input)?;
        if n > BlackWhite::MAX_N as usize {
            return Err(Error::input(format!(
                "analyze plays boards of at most {} cells, not {n}; `boyi solve black-white` counts any",
                BlackWhite::MAX_N
            )));
        }
        if words.len() < k {
            return Err(Error::input(format!(
                "give the layout as the {k} occupied cells, e.g. `boyi analyze black-white {} < input`",
                join(1..=k, " ")
            )));
        }
        Ok((format!("{n}:{d}:{}:w", words[..k].join(",")), words[k..].to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 2, 10_000);
        let k = 2 * rng.range(1, (n / 2).min(50));
        let d = rng.range(1, k);
        format!("{n} {k} {d}\n")
    }
}
