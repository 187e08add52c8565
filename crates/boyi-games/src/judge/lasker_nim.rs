//! HDU 3032 "Nim or not Nim?": `T` cases of `N` and `N` heap sizes;
//! Lasker's Nim (take from a heap, or split it in two), Alice moving
//! first: `Alice` or `Bob`, the winner.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::lasker_nim::{nimber, LaskerListing};
use crate::listing::Entry;
use crate::notation::join;

pub struct LaskerProblem;

const MAX_CASES: usize = 100_000;
const MAX_HEAPS: usize = 1_000_000;
const MAX_HEAP: u64 = (1 << 31) - 1;

fn parse(input: &str) -> Result<Vec<Vec<u64>>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count T", 1..=MAX_CASES)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: usize = t.number_in(&format!("the heap count N of case {case}"), 1..=MAX_HEAPS)?;
        let heaps = (1..=n)
            .map(|i| t.number_named(1..=MAX_HEAP, || format!("heap {i} of case {case}")))
            .collect::<Result<_, _>>()?;
        out.push(heaps);
    }
    t.finish()?;
    Ok(out)
}

impl Problem for LaskerProblem {
    fn id(&self) -> &'static str {
        "lasker-nim"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["hdu3032", "nim-or-not-nim"]
    }

    fn summary(&self) -> &'static str {
        "HDU 3032: take from a heap or split it in two (Lasker's Nim, Multi-SG)"
    }

    fn help(&self) -> &'static str {
        "Input: T, then T cases, each N and N heap sizes (1..=2^31-1).\n\
         Output: `Alice` if the first player wins, else `Bob`, a line a case.\n\
         Example:\n  1\n  3\n  2 2 3\n  -> Alice\n\
         Sizes: up to 10^6 heaps a case."
    }

    fn game(&self) -> &'static dyn Entry {
        &LaskerListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let mut out = String::new();
        for heaps in parse(input)? {
            ctl.check()?;
            out += if nimber(&heaps) != 0 { "Alice\n" } else { "Bob\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((format!("1:{}", join(pick_case(parse(input)?, case)?, ",")), words.to_vec()))
    }
}
