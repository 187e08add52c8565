//! BZOJ 4035 "数组游戏": `n`, `K`, then `K` queries of `w` white cells; `Yes`
//! when the first player wins, else `No`.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::array_game::{ArrayListing, CellValues};
use crate::error::{reserve, Error};
use crate::listing::{Entry, Listing, Moving};

pub struct ArrayProblem;

const MAX_N: u64 = 1_000_000_000;

struct Input {
    n: u64,
    queries: Vec<Vec<u64>>,
}

fn parse(input: &str) -> Result<Input, Error> {
    let mut t = Tokens::new(input);
    let n: u64 = t.number_in("the array length n", 1..=MAX_N)?;
    let k: usize = t.number_in("the query count K", 1..=100_000)?;
    let mut queries = Vec::with_capacity(k.min(1024));
    for q in 1..=k {
        let w: u64 = t.number_in(&format!("the white cell count of query {q}"), 1..=n.min(100_000))?;
        let mut cells = Vec::with_capacity(w as usize);
        for i in 1..=w {
            cells.push(t.number_in(&format!("white cell {i} of query {q}"), 1..=n)?);
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if let Some(x) = sorted.windows(2).find(|p| p[0] == p[1]) {
            return Err(Error::input(format!("query {q}: cell {} is listed twice", x[0])));
        }
        queries.push(cells);
    }
    t.finish()?;
    Ok(Input { n, queries })
}

fn table(n: u64, ctl: &Control) -> Result<CellValues, Error> {
    reserve(ctl, "the single-cell nimbers", CellValues::bytes_for(n))?;
    ctl.start("single-cell nimbers", 0);
    let t = CellValues::new(n, || ctl.check().is_ok());
    ctl.finish();
    ctl.check()?;
    Ok(t.expect("only an interrupt stops the table"))
}

impl Problem for ArrayProblem {
    fn id(&self) -> &'static str {
        "array-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj4035", "luogu3179", "haoi2015-array"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 4035: flip cells x, 2x, ..., kx from a white x; coin turning with nimbers grouped by n/x"
    }

    fn help(&self) -> &'static str {
        "Input: n (1 to 10^9), K, then K queries: `w` and w distinct white cells in 1 to n.\n\
         Output: one line a query, `Yes` if the first player wins, else `No`.\n\
         Example:\n  3\n  2\n  2\n  1 2\n  2\n  2 3\n  -> Yes\n  -> No\n\
         Sizes: two tables of sqrt(n) nimbers (n = 10^9: 248 KiB), about n^(3/4) steps."
    }

    fn game(&self) -> &'static dyn Entry {
        &ArrayListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let input = parse(input)?;
        let t = table(input.n, ctl)?;
        let mut out = String::new();
        for cells in &input.queries {
            out.push_str(if t.nimber(cells) != 0 { "Yes\n" } else { "No\n" });
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let input = parse(input)?;
        let mut white = pick_case(input.queries, case)?;
        white.sort_unstable();
        Ok((ArrayListing.write(&ArrayListing::board(input.n), &Moving::first(white)), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 1, 1_000_000_000) as u64;
        let queries = crate::generate::grow(rng, size, 1, 100) as usize;
        let cells = (crate::generate::grow(rng, size, 1, 100) as u64).min(n) as usize;
        crate::generate::array_game(rng, n, queries, cells)
    }
}
