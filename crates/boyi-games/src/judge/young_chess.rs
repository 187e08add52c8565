//! BZOJ 5248 "一双木棋": `n m`, then `n` rows of A, then `n` rows of B; the
//! answer is black's score minus white's under best play.

use boyi::index::staircase::Staircase;
use boyi::solve::table;
use boyi::Control;

use super::tokens::Tokens;
use super::{only_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::{Entry, Listing};
use crate::young_chess::{YoungChess, YoungChessListing};

pub struct YoungChessProblem;

fn parse(input: &str) -> Result<YoungChess, Error> {
    let mut t = Tokens::new(input);
    let n: u32 = t.number_in("the row count n", 1..=Staircase::MAX_STEPS - 1)?;
    let m: u32 = t.number_in("the column count m", 1..=Staircase::MAX_STEPS - n)?;
    let max = YoungChessListing::max_number(n, m);
    let mut read = |name: &str| -> Result<Vec<i32>, Error> {
        let mut v = Vec::with_capacity((n * m) as usize);
        for i in 0..n {
            for j in 0..m {
                v.push(t.number_in(&format!("{name}[{}][{}]", i + 1, j + 1), 0..=max)?);
            }
        }
        Ok(v)
    };
    let a = read("A")?;
    let b = read("B")?;
    t.finish()?;
    Ok(YoungChess::new(n, m, a, b))
}

impl Problem for YoungChessProblem {
    fn id(&self) -> &'static str {
        "young-chess"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj5248", "luogu4363", "loj2471"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 5248: fill a Young diagram cell by cell, scores A for black, B for white (table over C(n+m, n) staircases)"
    }

    fn help(&self) -> &'static str {
        "Input: `n m`, then n lines of m numbers A (black's score of each cell), then n lines of m numbers B (white's).\n\
         Output: black's score minus white's under best play.\n\
         Example:\n  2 3\n  2 7 3\n  9 1 2\n  3 7 2\n  2 3 1\n  -> 2\n\
         Sizes: any n, m with n + m <= 63 within the memory limit; 4 bytes a staircase (16x16 needs 2.2 GiB)."
    }

    fn game(&self) -> &'static dyn Entry {
        &YoungChessListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let game = parse(input)?;
        let values = table::solve(&game, ctl)?;
        Ok(format!("{}\n", values.value(&game, &game.start())))
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        only_case(self.id(), case)?;
        let game = parse(input)?;
        Ok((YoungChessListing.write(&game, &YoungChessListing.start_of(&game)), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 1, 10) as u32;
        let m = crate::generate::grow(rng, size, 1, 10) as u32;
        crate::generate::young_chess(rng, n, m)
    }
}
