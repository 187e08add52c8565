//! The permutation game: `T`, then `T` cases of `N` and `N` numbers; one line
//! a case, `Alice` when the first player wins, else `Bob`.

use boyi::solve::table;
use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::error::{reserve, Error};
use crate::listing::{Entry, Listing};
use crate::permutation_game::{PermutationGame, PermutationListing};

pub struct PermutationProblem;

fn parse(input: &str) -> Result<Vec<Vec<i64>>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count T", 1..=100_000)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: usize = t.number_in(&format!("N of case {case}"), 1..=PermutationGame::MAX_LEN)?;
        let mut seq = Vec::with_capacity(n);
        for i in 1..=n {
            seq.push(t.number::<i64>(&format!("number {i} of case {case}"))?);
        }
        out.push(seq);
    }
    t.finish()?;
    Ok(out)
}

/// Whether the first player wins: the judge asks no more, so one bit a
/// position (`table::solve_wins`) instead of the outcome with remoteness.
fn first_player_wins(seq: Vec<i64>, ctl: &Control) -> Result<bool, Error> {
    reserve(ctl, "the increasing-subsequence bitmap", PermutationGame::bytes_for(seq.len()))?;
    let game = PermutationGame::new(seq);
    Ok(table::solve_wins(&game, ctl)?.get(u64::from(game.start())))
}

impl Problem for PermutationProblem {
    fn id(&self) -> &'static str {
        "permutation-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["sorted-removal", "hackerrank-permutation-game"]
    }

    fn summary(&self) -> &'static str {
        "Remove numbers until the rest is strictly increasing; the last remover wins (bitmask table)"
    }

    fn help(&self) -> &'static str {
        "Input: T, then T cases, each `N` and a line of N integers (values may repeat).\n\
         Output: one line a case, `Alice` if the first player wins, else `Bob`.\n\
         Example:\n  2\n  3\n  1 3 2\n  5\n  5 3 2 1 4\n  -> Alice\n  -> Bob\n\
         Sizes: N <= 30 within the memory limit; 2^N positions of 2 bytes (N = 24: 32 MiB)."
    }

    fn game(&self) -> &'static dyn Entry {
        &PermutationListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let cases = parse(input)?;
        let mut out = String::new();
        for seq in cases {
            out.push_str(if first_player_wins(seq, ctl)? { "Alice\n" } else { "Bob\n" });
        }
        Ok(out)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let game = PermutationGame::unindexed(pick_case(parse(input)?, case)?);
        Ok((PermutationListing.write(&game, &game.start()), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let cases = crate::generate::grow(rng, size, 1, 100) as usize;
        let n = crate::generate::grow(rng, size, 1, 15) as usize;
        crate::generate::permutation_game(rng, cases, n)
    }
}
