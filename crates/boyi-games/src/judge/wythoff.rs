//! POJ 1067 / HDU 1527 "取石子游戏": pairs of piles until the end of input;
//! Wythoff's game: `1` if the first player wins, else `0`, a line a pair.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::Entry;
use crate::wythoff::{cold, WythoffListing};

pub struct WythoffProblem;

/// Past the judges' 10^9, as far as the exact arithmetic goes.
const MAX_PILE: u64 = 1_000_000_000_000_000_000;

fn parse(input: &str) -> Result<Vec<(u64, u64)>, Error> {
    let mut t = Tokens::new(input);
    let mut out = Vec::new();
    while !t.at_end() {
        let case = out.len() + 1;
        let a = t.number_named(0..=MAX_PILE, || format!("pile a of pair {case}"))?;
        let b = t.number_named(0..=MAX_PILE, || format!("pile b of pair {case}"))?;
        out.push((a, b));
    }
    if out.is_empty() {
        return Err(Error::input("the input has no pair: expected two pile sizes a line"));
    }
    Ok(out)
}

impl Problem for WythoffProblem {
    fn id(&self) -> &'static str {
        "wythoff"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["poj1067", "hdu1527"]
    }

    fn summary(&self) -> &'static str {
        "POJ 1067: Wythoff's game, take from one pile or the same from both (exact floor(k*phi))"
    }

    fn help(&self) -> &'static str {
        "Input: pairs a b of pile sizes (0 to 10^18) until the end of input.\n\
         Output: `1` if the first player wins, else `0`, a line a pair.\n\
         Example:\n  2 1\n  8 4\n  -> 0\n  -> 1\n\
         Sizes: any number of pairs; piles up to 10^18, exact (no floating point)."
    }

    fn game(&self) -> &'static dyn Entry {
        &WythoffListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let pairs = parse(input)?;
        ctl.check()?;
        let mut out = String::with_capacity(pairs.len() * 2);
        for (a, b) in pairs {
            out += if cold(a, b) { "0\n" } else { "1\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let (a, b) = pick_case(parse(input)?, case)?;
        Ok((format!("1:{a},{b}"), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let lines = crate::generate::grow(rng, size, 1, 1000) as usize;
        let max = crate::generate::grow(rng, size, 10, 1_000_000_000);
        crate::generate::wythoff(rng, lines, max)
    }

    fn explain(&self, input: &str, _: &SolveOptions, _: &Control) -> Result<String, Error> {
        let mut out = String::new();
        for (a, b) in parse(input)? {
            let (lo, hi) = (a.min(b), a.max(b));
            let k = hi - lo;
            let cold_lo = crate::wythoff::floor_phi(k);
            out += &format!(
                "{a} {b}: the cold pair of difference k = {k} is (⌊kφ⌋, ⌊kφ⌋ + k) = ({cold_lo}, {}), ⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2: {}\n",
                cold_lo + k,
                if cold(a, b) { "this is it, the mover loses: 0" } else { "this is not it, the mover wins: 1" }
            );
        }
        Ok(out)
    }
}
