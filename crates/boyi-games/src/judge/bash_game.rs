//! HDU 1846 "Brave Game": C cases, each `n m`: one pile of n stones, a
//! move takes 1 to m, who takes the last wins: `first` or `second`.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::bash_game::{Bash, BashListing};
use crate::error::Error;
use crate::listing::Entry;

pub struct BashProblem;

/// The judge's limits are 1 <= n, m <= 1000; boyi reads any up to 10^18.
const MOST: u64 = 1_000_000_000_000_000_000;

fn parse(input: &str) -> Result<Vec<(u64, u64)>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count C", 1..=1_000_000)?;
    let mut out = Vec::with_capacity(cases.min(1 << 16));
    for case in 1..=cases {
        let n = t.number_named(1..=MOST, || format!("n of case {case}"))?;
        let m = t.number_named(1..=MOST, || format!("m of case {case}"))?;
        out.push((n, m));
    }
    t.finish()?;
    Ok(out)
}

impl Problem for BashProblem {
    fn id(&self) -> &'static str {
        "bash-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["hdu1846", "brave-game"]
    }

    fn summary(&self) -> &'static str {
        "HDU 1846: take 1 to m stones from one pile; who takes the last wins (Bash game)"
    }

    fn help(&self) -> &'static str {
        "Input: C, then C lines `n m` (1 to 1000 at the judge; boyi reads up to 10^18).\n\
         Output: `first` if the first player wins, else `second`, a line a case.\n\
         Example:\n  2\n  23 2\n  4 3\n  -> first\n  -> second\n\
         Sizes: any."
    }

    fn game(&self) -> &'static dyn Entry {
        &BashListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let cases = parse(input)?;
        ctl.check()?;
        let mut out = String::new();
        for (n, most) in cases {
            out += if (Bash { most }).value(n).is_win() { "first\n" } else { "second\n" };
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let (n, m) = pick_case(parse(input)?, case)?;
        Ok((format!("1:{n},{m}"), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 1000);
        let top = crate::generate::grow(rng, size, 5, 1000);
        let mut s = format!("{cases}\n");
        for i in 0..cases {
            let m = rng.range(1, top.min(20));
            // every third a multiple of m + 1: a lost pile
            let n = if i % 3 == 0 { (m + 1) * rng.range(1, (top / (m + 1)).max(1)) } else { rng.range(1, top) };
            s += &format!("{n} {m}\n");
        }
        s
    }

    fn explain(&self, input: &str, _: &SolveOptions, _: &Control) -> Result<String, Error> {
        let mut out = String::new();
        for (n, m) in parse(input)? {
            let r = n % (m + 1);
            out += &if r == 0 {
                format!("{n} {m}: {n} is a multiple of m + 1 = {}: whatever the first takes, t, the second takes {} − t: second\n", m + 1, m + 1)
            } else {
                format!(
                    "{n} {m}: {n} mod {} = {r}: the first takes {r}, leaving {}, a multiple of {}: first\n",
                    m + 1,
                    n - r,
                    m + 1
                )
            };
        }
        Ok(out)
    }
}
