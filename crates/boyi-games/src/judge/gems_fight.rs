//! HDU 4778 "Gems Fight!": cases of `G B S` and `B` bags, until `0 0 0`; one
//! line a case, Alice's stones minus Bob's.

use boyi::solve::table;
use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::{reserve, Error};
use crate::gems_fight::{GemsFight, GemsFightListing};
use crate::listing::{Entry, Listing};

pub struct GemsFightProblem;

struct Case {
    colours: usize,
    bags: Vec<Vec<u16>>,
    s: u16,
}

const MAX_COLOURS: usize = 64;
const MAX_GEMS_IN_BAG: u32 = 1000;

fn parse(input: &str) -> Result<Vec<Case>, Error> {
    let mut t = Tokens::new(input);
    let mut cases = Vec::new();
    // The end marker `0 0 0` closes the input.
    loop {
        let k = cases.len() + 1;
        if t.at_end() {
            return Err(Error::input(format!(
                "the input ends after line {} without the end marker `0 0 0`",
                t.last_line()
            )));
        }
        let g: usize = t.number_in(&format!("G of case {k}"), 0..=MAX_COLOURS)?;
        let b: usize = t.number_in(&format!("B of case {k}"), 0..=GemsFight::MAX_BAGS)?;
        let s: u16 = t.number_in(&format!("S of case {k}"), 0..=u16::MAX)?;
        if (g, b, s) == (0, 0, 0) {
            break;
        }
        if s == 0 {
            return Err(Error::input(format!("case {k}: S = 0, but S gems must melt into a stone (S >= 1)")));
        }
        let mut bags = Vec::with_capacity(b);
        for bag in 1..=b {
            let n: u32 = t.number_in(&format!("the gem count of bag {bag} in case {k}"), 1..=MAX_GEMS_IN_BAG)?;
            let mut counts = vec![0u16; g];
            for _ in 0..n {
                if g == 0 {
                    let tok = t.expect("a colour")?;
                    return Err(Error::input(format!(
                        "{}: case {k} has G = 0 colours, but bag {bag} holds gems",
                        tok.at()
                    )));
                }
                let c: usize = t.number_in(&format!("a colour of bag {bag} in case {k}"), 1..=g)?;
                counts[c - 1] += 1;
            }
            bags.push(counts);
        }
        cases.push(Case { colours: g, bags, s });
    }
    t.finish()?;
    Ok(cases)
}

fn solved(case: &Case, ctl: &Control) -> Result<GemsFight, Error> {
    reserve(ctl, "the stone counts of every set of bags", GemsFight::bytes_for(case.bags.len()))?;
    Ok(GemsFight::new(case.colours, &case.bags, case.s))
}

impl Problem for GemsFightProblem {
    fn id(&self) -> &'static str {
        "gems-fight"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["hdu4778"]
    }

    fn summary(&self) -> &'static str {
        "HDU 4778: take bags of gems into a shared cooker, S of a colour make a stone and a bonus turn (bitmask table)"
    }

    fn help(&self) -> &'static str {
        "Input: cases of `G B S` (colours, bags, gems a stone) and B lines `n c1 .. cn`, ended by `0 0 0`.\n\
         Output: one line a case, Alice's stones minus Bob's under best play.\n\
         Example:\n  3 2 2\n  3 2 3 1\n  3 1 2 3\n  0 0 0\n  -> -3\n\
         Sizes: B <= 32 within the memory limit; 2^B sets of bags at 4 bytes (B = 26: 256 MiB)."
    }

    fn game(&self) -> &'static dyn Entry {
        &GemsFightListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let cases = parse(input)?;
        let mut out = String::new();
        for case in &cases {
            let game = solved(case, ctl)?;
            let value = table::solve(&game, ctl)?.value(&game, &game.start());
            out.push_str(&format!("{value}\n"));
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let case = pick_case(parse(input)?, case)?;
        if case.bags.is_empty() {
            return Err(Error::input("the case has no bags: there is no move to analyse"));
        }
        let game = GemsFight::unindexed(case.colours, &case.bags, case.s);
        Ok((GemsFightListing.write(&game, &GemsFightListing::start_of()), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 20) as usize;
        let g = crate::generate::grow(rng, size, 1, 8) as u32;
        let b = crate::generate::grow(rng, size, 1, 21) as u32;
        let top = crate::generate::grow(rng, size, 3, 19);
        let s = rng.range(2, top) as u32;
        let k = crate::generate::grow(rng, size, 1, 10) as u32;
        crate::generate::gems_fight(rng, cases, g, b, s, k)
    }
}
