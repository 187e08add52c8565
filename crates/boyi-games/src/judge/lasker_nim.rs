//! HDU 3032 "Nim or not Nim?": `T` cases of `N` and `N` heap sizes;
//! Lasker's Nim (take from a heap, or split it in two), Alice moving
//! first: `Alice` or `Bob`, the winner.

use boyi::Control;

use super::{heap_cases, pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::lasker_nim::{nimber, LaskerListing};
use crate::listing::Entry;
use crate::notation::join;

pub struct LaskerProblem;

const MAX_CASES: usize = 100_000;
const MAX_HEAPS: usize = 1_000_000;
const MAX_HEAP: u64 = (1 << 31) - 1;

fn parse(input: &str) -> Result<Vec<Vec<u64>>, Error> {
    heap_cases(input, MAX_CASES, MAX_HEAPS, 1..=MAX_HEAP)
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
        "Input: T, then T cases, each N and N heap sizes (1 to 2^31-1).\n\
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

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 100) as usize;
        let n = crate::generate::grow(rng, size, 1, 1000) as usize;
        let max = crate::generate::grow(rng, size, 4, (1 << 31) - 1);
        crate::generate::heaps(rng, cases, n, max)
    }

    fn explain(&self, input: &str, _: &SolveOptions, _: &Control) -> Result<String, Error> {
        let mut out = String::new();
        for heaps in parse(input)? {
            let g: Vec<u64> = heaps.iter().map(|&h| crate::lasker_nim::heap_value(h)).collect();
            let x = nimber(&heaps);
            out += &format!(
                "g(4k+1..4k+4) = 4k+1, 4k+2, 4k+4, 4k+3: g = {}; XOR = {x}: {}\n",
                join(&g, ", "),
                if x != 0 { "Alice" } else { "Bob" }
            );
        }
        Ok(out)
    }
}
