//! POJ 1704 "Georgia and Bob": `T` cases of `N` and the men's `N` distinct
//! cells, in any order; staircase Nim, Georgia moving first:
//! `Georgia will win` or `Bob will win`.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::Entry;
use crate::notation::join;
use crate::staircase_nim::{nimber, StaircaseListing};

pub struct StaircaseProblem;

const MAX_CASES: usize = 100_000;
const MAX_MEN: usize = 100_000;
const MAX_CELL: u32 = 1_000_000_000;

fn parse(input: &str) -> Result<Vec<Vec<u32>>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count T", 1..=MAX_CASES)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: usize = t.number_in(&format!("the count N of case {case}"), 1..=MAX_MEN)?;
        let mut cells: Vec<u32> = (1..=n)
            .map(|i| t.number_named(1..=MAX_CELL, || format!("cell {i} of case {case}")))
            .collect::<Result<_, _>>()?;
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::input(format!("line {}: case {case} has two men on cell {}", t.last_line(), w[0])));
        }
        out.push(cells);
    }
    t.finish()?;
    Ok(out)
}

impl Problem for StaircaseProblem {
    fn id(&self) -> &'static str {
        "staircase-nim"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["poj1704", "georgia-and-bob"]
    }

    fn summary(&self) -> &'static str {
        "POJ 1704: men slide left along a strip, never past another (staircase Nim on the gaps)"
    }

    fn help(&self) -> &'static str {
        "Input: T, then T cases, each N and the men's N distinct cells (1 to 10^9) in any order.\n\
         Output: `Georgia will win` if the first player wins, else `Bob will win`, a line a case.\n\
         Example:\n  1\n  3\n  1 2 3\n  -> Bob will win\n\
         Sizes: up to 100000 men a case."
    }

    fn game(&self) -> &'static dyn Entry {
        &StaircaseListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let mut out = String::new();
        for cells in parse(input)? {
            ctl.check()?;
            out += if nimber(&cells) != 0 { "Georgia will win\n" } else { "Bob will win\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((format!("1:{}", join(pick_case(parse(input)?, case)?, ",")), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 20) as usize;
        let n = crate::generate::grow(rng, size, 1, 1000) as usize;
        let max = crate::generate::grow(rng, size, n as i64 + 1, 10_000).max(n as i64);
        crate::generate::staircase(rng, cases, n, max)
    }

    fn explain(&self, input: &str, _: &SolveOptions, _: &Control) -> Result<String, Error> {
        let mut out = String::new();
        for cells in parse(input)? {
            let gaps = crate::staircase_nim::gaps(&cells);
            let x = nimber(&cells);
            out += &format!(
                "the gaps before each man from the right: {}; Nim on every other one from the right, XOR = {x}: {}\n",
                join(&gaps, " "),
                if x != 0 { "Georgia will win" } else { "Bob will win" }
            );
        }
        Ok(out)
    }
}
