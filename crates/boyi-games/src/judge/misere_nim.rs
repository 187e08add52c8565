//! HDU 1907 "John" (POJ 3480, BZOJ 1022): `T` cases of `N` and `N` heap
//! sizes; misère Nim, John moving first: `John` or `Brother`, the winner.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::Entry;
use crate::nim::{misere_first_player_wins, NimListing};
use crate::notation::join;

pub struct MisereNimProblem;

const MAX_CASES: usize = 100_000;
const MAX_HEAPS: usize = 100_000;
const MAX_HEAP: u32 = (1 << 31) - 1;

fn parse(input: &str) -> Result<Vec<Vec<u32>>, Error> {
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

impl Problem for MisereNimProblem {
    fn id(&self) -> &'static str {
        "misere-nim"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["hdu1907", "poj3480", "bzoj1022", "john"]
    }

    fn summary(&self) -> &'static str {
        "HDU 1907: misère Nim, who takes the last counter loses (the SJ theorem)"
    }

    fn help(&self) -> &'static str {
        "Input: T, then T cases, each N and N heap sizes (1..=2^31-1).\n\
         Output: `John` if the first player wins, else `Brother`, a line a case.\n\
         Example:\n  2\n  3\n  3 5 1\n  1\n  1\n  -> John\n  -> Brother\n\
         Sizes: up to 100000 cases of up to 100000 heaps."
    }

    fn game(&self) -> &'static dyn Entry {
        &NimListing::MISERE
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let mut out = String::new();
        for heaps in parse(input)? {
            ctl.check()?;
            out += if misere_first_player_wins(&heaps) { "John\n" } else { "Brother\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((format!("1:{}", join(pick_case(parse(input)?, case)?, ",")), words.to_vec()))
    }
}
