//! HDU 2516 "取石子游戏": one pile size a line until a line `0`; Fibonacci
//! Nim (the first move takes any number but not all, then at most twice
//! the last take): `Second win` or `First win`.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::fibonacci_nim::{is_fibonacci, FibonacciListing};
use crate::listing::Entry;

pub struct FibonacciProblem;

const MAX_STONES: u64 = 1_000_000_000_000_000_000;

/// The piles before the `0` (or the end of input); what follows the `0` is
/// not read, as the judge does.
fn parse(input: &str) -> Result<Vec<u64>, Error> {
    let mut t = Tokens::new(input);
    let mut out = Vec::new();
    // The line `0` closes the input; whatever follows it is not read.
    loop {
        if t.at_end() && out.is_empty() {
            return Err(Error::input("the input is empty; expected pile sizes n, one a line, then 0"));
        }
        if t.at_end() {
            return Err(Error::input(format!(
                "the input ends after line {} without the end marker `0`",
                t.last_line()
            )));
        }
        let case = out.len() + 1;
        match t.number_named(0..=MAX_STONES, || format!("the pile n of case {case} (or 0 to end)"))? {
            0 => return Ok(out),
            n => out.push(n),
        }
    }
}

impl Problem for FibonacciProblem {
    fn id(&self) -> &'static str {
        "fibonacci-nim"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["hdu2516"]
    }

    fn summary(&self) -> &'static str {
        "HDU 2516: take at most twice the last take, not all at first (Fibonacci Nim, Zeckendorf)"
    }

    fn help(&self) -> &'static str {
        "Input: pile sizes n (1 to 10^18), one a line, ended by a line 0.\n\
         Output: `Second win` if the first player loses, else `First win`, a line a pile.\n\
         Example:\n  2\n  10000\n  0\n  -> Second win\n  -> First win\n\
         Sizes: any number of piles up to 10^18."
    }

    fn game(&self) -> &'static dyn Entry {
        &FibonacciListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let piles = parse(input)?;
        ctl.check()?;
        let mut out = String::new();
        for n in piles {
            out += if is_fibonacci(n) { "Second win\n" } else { "First win\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((format!("1:{}", pick_case(parse(input)?, case)?), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let lines = crate::generate::grow(rng, size, 1, 1000);
        let max = crate::generate::grow(rng, size, 20, (1 << 31) - 1);
        let mut s = String::new();
        for _ in 0..lines {
            s += &format!("{}\n", rng.range(2, max));
        }
        s + "0\n"
    }

    fn explain(&self, input: &str, _: &SolveOptions, _: &Control) -> Result<String, Error> {
        let mut out = String::new();
        for n in parse(input)? {
            let terms = crate::fibonacci_nim::zeckendorf(n);
            out += &if is_fibonacci(n) {
                format!("{n} is a Fibonacci number: every take leaves the second a winning take: Second win\n")
            } else {
                format!(
                    "{n} = {} (Zeckendorf): the first takes the smallest term, {}, which the second cannot match: First win\n",
                    crate::notation::join(terms.iter().rev(), " + "),
                    terms[0]
                )
            };
        }
        Ok(out)
    }
}
