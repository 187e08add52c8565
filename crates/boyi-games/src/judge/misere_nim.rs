//! HDU 1907 "John" (POJ 3480, BZOJ 1022): `T` cases of `N` and `N` heap
//! sizes; misère Nim, John moving first: `John` or `Brother`, the winner.

use boyi::Control;

use super::{heap_cases, pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::Entry;
use crate::nim::{misere_first_player_wins, NimListing};
use crate::notation::join;

pub struct MisereNimProblem;

const MAX_CASES: usize = 100_000;
const MAX_HEAPS: usize = 100_000;
const MAX_HEAP: u32 = (1 << 31) - 1;

fn parse(input: &str) -> Result<Vec<Vec<u32>>, Error> {
    heap_cases(input, MAX_CASES, MAX_HEAPS, 1..=MAX_HEAP)
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
        "Input: T, then T cases, each N and N heap sizes (1 to 2^31-1).\n\
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

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        // POJ 3480 / HDU 1907 limits
        let cases = crate::generate::grow(rng, size, 1, 474) as usize;
        let n = crate::generate::grow(rng, size, 1, 47) as usize;
        let max = crate::generate::grow(rng, size, 3, 4747);
        crate::generate::heaps(rng, cases, n, max)
    }

    fn explain(&self, input: &str, _: &SolveOptions, _: &Control) -> Result<String, Error> {
        let mut out = String::new();
        for heaps in parse(input)? {
            let x = crate::nim::nim_sum(&heaps);
            let big = heaps.iter().filter(|&&h| h > 1).count();
            let why = if big == 0 {
                format!(
                    "every heap is 1 (the SJ theorem's special case): {} heaps, the first wins iff that is even",
                    heaps.len()
                )
            } else {
                format!(
                    "{big} heap{} above 1, so as in normal Nim: the XOR {} = {x}, the first wins iff it is not 0",
                    if big == 1 { "" } else { "s" },
                    join(&heaps, " ^ ")
                )
            };
            out += &format!("{why}: {}\n", if misere_first_player_wins(&heaps) { "John" } else { "Brother" });
        }
        Ok(out)
    }
}
