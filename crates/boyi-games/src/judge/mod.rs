//! Judge adapters: each parses one problem's judge input into game instances,
//! asks the engine, and writes the judge's output byte for byte. Input is
//! read as whitespace-separated tokens, so blank lines and trailing spaces
//! never matter, and the whole input is checked before anything is solved:
//! bad input yields an error and no output at all.

pub mod array_game;
pub mod bash_game;
pub mod black_white;
pub mod chase;
pub mod coin_game;
pub mod connect4;
pub mod dobutsu;
pub mod every_sg;
pub mod fibonacci_nim;
pub mod gems_fight;
pub mod geography;
pub mod hackenbush;
pub mod lasker_nim;
pub mod misere_nim;
pub mod moving_pebbles;
pub mod permutation_game;
pub mod rabbit_egg;
pub mod split_game;
pub mod staircase_nim;
pub mod tokens;
pub mod wythoff;
pub mod young_chess;

use std::ops::RangeInclusive;

use boyi::Control;

use crate::error::Error;
use crate::listing::Entry;

/// Options some problems take (`boyi solve connect4 --size 6x5 --weak`).
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Board size, for games played on boards of any size.
    pub size: Option<(u32, u32)>,
    /// Only who wins (win / draw / loss), not by how much.
    pub weak: bool,
    /// An opening book to consult.
    pub book: Option<std::path::PathBuf>,
    /// Consult no book, not even one the game ships with.
    pub no_book: bool,
    /// Search threads; 0 means one per core.
    pub threads: usize,
    /// Solved databases to answer from (games solved whole).
    pub databases: Vec<std::sync::Arc<boyi::db::Database>>,
}

impl SolveOptions {
    /// Refuses a database that holds none of `keys`, the instances the
    /// input asks about (`what` names one: a board, a position): given a
    /// file to answer from, a user who gave the wrong one hears so.
    pub fn databases_hold(&self, keys: &[String], what: &str) -> Result<(), Error> {
        match self.databases.iter().find(|d| !keys.contains(&d.header().key)) {
            Some(db) => Err(Error::input(format!(
                "the database given ({} {}) holds no {what} of this input",
                db.header().game,
                db.header().params_line()
            ))),
            None => Ok(()),
        }
    }

    /// Fails naming the first option set that `problem` does not take.
    pub fn only_defaults(&self, problem: &str) -> Result<(), Error> {
        self.only_defaults_but(problem, &[])
    }

    /// [`SolveOptions::only_defaults`], but for the options in `taken`.
    pub fn only_defaults_but(&self, problem: &str, taken: &[&str]) -> Result<(), Error> {
        let set = [
            ("--size", self.size.is_some()),
            ("--weak", self.weak),
            ("--book", self.book.is_some()),
            ("--no-book", self.no_book),
            ("--db", !self.databases.is_empty()),
        ];
        match set.iter().find(|(name, on)| *on && !taken.contains(name)) {
            Some((name, _)) => Err(Error::input(format!("{name} is not an option of {problem}"))),
            None => Ok(()),
        }
    }
}

/// A judge format: a game of the catalogue plus how the judge writes its
/// instances and wants its answers.
pub trait Problem: Sync {
    fn id(&self) -> &'static str;
    /// Judge ids and other names it answers to.
    fn aliases(&self) -> &'static [&'static str];
    /// One line for `boyi list`.
    fn summary(&self) -> &'static str;
    /// The input and output formats with an example.
    fn help(&self) -> &'static str;
    /// The catalogue game the problem is about.
    fn game(&self) -> &'static dyn Entry;
    /// Judge input in, judge output out. Problems without options refuse them.
    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error>;
    /// The position of case `case` (from 0) of a judge input, in the game's
    /// notation, and which of the command-line `words` after it are moves
    /// played from there (all of them, unless the judge's instance needs
    /// more to be a position).
    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error>;
    /// A random input from `rng`, `size` from 0 (a few tiny cases) to 10
    /// (as large as the judge's limits go): what `boyi gen` prints and
    /// `boyi check` feeds a contestant's program.
    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String;
    /// Why each answer is what it is (`boyi solve --explain`): the theorem
    /// or method and the values it combined, a line an answer.
    fn explain(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        let _ = (input, options, ctl);
        Err(Error::input(format!(
            "--explain is written for the Sprague-Grundy problems (bash-game, wythoff, misere-nim, lasker-nim, \
             staircase-nim, fibonacci-nim), not for {} yet",
            self.id()
        )))
    }
}

/// Picks case `case` of a multi-case input.
pub fn pick_case<T>(cases: Vec<T>, case: usize) -> Result<T, Error> {
    let count = cases.len();
    cases
        .into_iter()
        .nth(case)
        .ok_or_else(|| Error::input(format!("case {} was asked for, but the input has {count}", case + 1)))
}

/// `T` cases, each a count `N` and `N` heaps in `range`: the input of
/// several Nim-like judges (misère Nim, Lasker's Nim).
pub fn heap_cases<T>(
    input: &str,
    most_cases: usize,
    most_heaps: usize,
    range: RangeInclusive<T>,
) -> Result<Vec<Vec<T>>, Error>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let mut t = tokens::Tokens::new(input);
    let cases: usize = t.number_in("the case count T", 1..=most_cases)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: usize = t.number_in(&format!("the heap count N of case {case}"), 1..=most_heaps)?;
        let heaps = (1..=n)
            .map(|i| t.number_named(range.clone(), || format!("heap {i} of case {case}")))
            .collect::<Result<_, _>>()?;
        out.push(heaps);
    }
    t.finish()?;
    Ok(out)
}

/// For judge formats that hold one instance only.
pub fn only_case(problem: &str, case: usize) -> Result<(), Error> {
    if case > 0 {
        return Err(Error::input(format!("a {problem} input holds one case")));
    }
    Ok(())
}
