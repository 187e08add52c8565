//! Judge adapters: each parses one problem's judge input into game instances,
//! asks the engine, and writes the judge's output byte for byte. Input is
//! read as whitespace-separated tokens, so blank lines and trailing spaces
//! never matter, and the whole input is checked before anything is solved:
//! bad input yields an error and no output at all.

pub mod array_game;
pub mod black_white;
pub mod chase;
pub mod coin_game;
pub mod connect4;
pub mod gems_fight;
pub mod geography;
pub mod moving_pebbles;
pub mod permutation_game;
pub mod rabbit_egg;
pub mod split_game;
pub mod tokens;
pub mod young_chess;

use boyi::{Control, Game};

use crate::error::Error;
use crate::report::Report;

/// Options some problems take (`boyi solve connect4 --size 6x5 --weak`).
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Board size, for games played on boards of any size.
    pub size: Option<(u32, u32)>,
    /// Only who wins (win / draw / loss), not by how much.
    pub weak: bool,
    /// An opening book to consult.
    pub book: Option<std::path::PathBuf>,
    /// Search threads; 0 means one per core.
    pub threads: usize,
}

impl SolveOptions {
    /// Fails naming the first option set that `problem` does not take.
    pub fn only_defaults(&self, problem: &str) -> Result<(), Error> {
        let set = [("--size", self.size.is_some()), ("--weak", self.weak), ("--book", self.book.is_some())];
        match set.iter().find(|(_, on)| *on) {
            Some((name, _)) => Err(Error::input(format!("{name} is not an option of {problem}"))),
            None => Ok(()),
        }
    }
}

/// Options of `boyi analyze`.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeRequest {
    /// Moves already played from the instance's start, in the game's notation.
    pub moves: Vec<String>,
    /// Which case of a multi-case input (0-based).
    pub case: usize,
    pub options: SolveOptions,
}

/// A problem in the catalogue: a game plus its judge format.
pub trait Problem: Sync {
    fn id(&self) -> &'static str;
    /// Judge ids and other names it answers to.
    fn aliases(&self) -> &'static [&'static str];
    /// One line for `boyi list`.
    fn summary(&self) -> &'static str;
    /// The input format with an example, and the move notation of `analyze`.
    fn help(&self) -> &'static str;
    /// Judge input in, judge output out.
    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error>;
    /// [`Problem::solve`] with options; problems that take none refuse them.
    fn solve_with(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        self.solve(input, ctl)
    }
    /// Whether `analyze` reads an instance from the input (a game that
    /// starts from a fixed position takes only moves).
    fn analyze_reads_input(&self) -> bool {
        true
    }
    /// The value of a position and of each legal move.
    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error>;
}

/// Plays `moves` from `start`, each parsed by `parse` and checked against the
/// legal moves; the error names the offending move and the legal ones.
/// `seen` is told of each move with the position it was played from.
pub fn play_moves<G: Game>(
    game: &G,
    start: G::Pos,
    moves: &[String],
    parse: impl Fn(&G::Pos, &str) -> Option<G::Move>,
    name: impl Fn(&G::Pos, G::Move) -> String,
    mut seen: impl FnMut(&G::Pos, G::Move),
) -> Result<G::Pos, Error> {
    let mut pos = start;
    let mut legal = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        legal.clear();
        game.moves(&pos, &mut legal);
        if legal.is_empty() {
            return Err(Error::input(format!("move {} \"{text}\": the game is already over", i + 1)));
        }
        let mv = parse(&pos, text).filter(|m| legal.contains(m)).ok_or_else(|| {
            let names: Vec<String> = legal.iter().map(|&m| name(&pos, m)).collect();
            Error::input(format!("move {} \"{text}\" is not legal here; legal moves: {}", i + 1, names.join(" ")))
        })?;
        seen(&pos, mv);
        pos = game.play(&pos, mv).pos;
    }
    Ok(pos)
}

/// Picks case `case` of a multi-case input.
pub fn pick_case<T>(cases: Vec<T>, case: usize) -> Result<T, Error> {
    let count = cases.len();
    cases
        .into_iter()
        .nth(case)
        .ok_or_else(|| Error::input(format!("case {} was asked for, but the input has {count}", case + 1)))
}
