//! BZOJ 1188 "分裂游戏": `t` cases of `n` and `n` bean counts; for each, the
//! first winning move `i j k` in lexicographic order (or `-1 -1 -1`) and the
//! number of winning moves.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::Entry;
use crate::notation::join;
use crate::split_game::{bean_values, winning_moves, SplitListing, MAX_BOTTLES};

pub struct SplitProblem;

const MAX_BEANS: u64 = 10_000;

fn parse(input: &str) -> Result<Vec<Vec<u64>>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count t", 1..=10_000)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: usize = t.number_in(&format!("n of case {case}"), 2..=MAX_BOTTLES)?;
        let mut beans = Vec::with_capacity(n);
        for i in 0..n {
            beans.push(t.number_in(&format!("p_{i} of case {case}"), 0..=MAX_BEANS)?);
        }
        out.push(beans);
    }
    t.finish()?;
    Ok(out)
}

impl Problem for SplitProblem {
    fn id(&self) -> &'static str {
        "split-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj1188", "luogu3185", "hnoi2007-split"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 1188: move a bean from bottle i into bottles j and k (i < j <= k); each bean is a sum component"
    }

    fn help(&self) -> &'static str {
        "Input: t, then t cases, each `n` (2 to 21) and n bean counts p_0 .. p_(n-1) (0 to 10000).\n\
         Output: two lines a case: the lexicographically least winning move `i j k` (or `-1 -1 -1`)\n\
         and the number of winning moves.\n\
         Example:\n  1\n  3\n  0 0 1\n  -> -1 -1 -1\n  -> 0\n\
         Sizes: 2 to 21 bottles of up to 10000 beans."
    }

    fn game(&self) -> &'static dyn Entry {
        &SplitListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let cases = parse(input)?;
        let mut out = String::new();
        for beans in cases {
            ctl.check()?;
            let g = bean_values(beans.len());
            let wins = winning_moves(&beans, &g);
            match wins.first() {
                Some((i, j, k)) => out += &format!("{i} {j} {k}\n"),
                None => out += "-1 -1 -1\n",
            }
            out += &format!("{}\n", wins.len());
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((format!("1:{}", join(pick_case(parse(input)?, case)?, ",")), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 10) as usize;
        let n = crate::generate::grow(rng, size, 2, 21) as usize;
        crate::generate::split_game(rng, cases, n)
    }
}
