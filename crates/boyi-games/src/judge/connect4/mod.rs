//! Connect Four: one move string a line (1-based columns, `4453`), an
//! optional expected score after it (ignored), one exact score a line out.
//! The benchmark sets of Pascal Pons' solver are in this format
//! ([`sets`] times them).

pub mod sets;

use boyi::solve::alphabeta::AlphaBeta;
use boyi::Control;

use super::{pick_case, Problem, SolveOptions};
use crate::connect4::{book_for, table_bytes, with_board, Board, Book, Connect4, Connect4Listing, OnBoard, Shape};
use crate::error::Error;
use crate::listing::Entry;

pub struct Connect4Problem;

/// The positions of a judge input, each with the line it came from.
pub fn parse_lines<S: Shape>(game: &Connect4<S>, input: &str) -> Result<Vec<Board>, Error> {
    let mut out = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let moves = moves_of(line, i)?;
        let board = game.parse(moves).map_err(|e| Error::input(format!("line {}: {e}", i + 1)))?;
        out.push(board);
    }
    Ok(out)
}

/// The move string of line `i` (from 0): its first token; an empty line is
/// the empty board, as in Pons' solver.
fn moves_of(line: &str, i: usize) -> Result<&str, Error> {
    let mut tokens = line.split_whitespace();
    let moves = tokens.next().unwrap_or("");
    if let Some(score) = tokens.next() {
        if score.parse::<i32>().is_err() {
            return Err(Error::input(format!("line {}, token 2: expected a score, found \"{score}\"", i + 1)));
        }
    }
    if let Some(extra) = tokens.next() {
        return Err(Error::input(format!("line {}, token 3: unexpected extra input \"{extra}\"", i + 1)));
    }
    Ok(moves)
}

/// The exact score (or its sign, when `weak`) of `board`.
pub fn score<S: Shape>(
    search: &mut AlphaBeta<Connect4<S>>,
    board: &Board,
    weak: bool,
    threads: usize,
) -> Result<i32, Error> {
    let range = weak.then_some((-1, 1));
    Ok(search.value_parallel(board, range, threads)?)
}

/// Search threads of `options`: 0 means one a core.
pub fn threads(options: &SolveOptions) -> usize {
    if options.threads > 0 {
        options.threads
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

impl Problem for Connect4Problem {
    fn id(&self) -> &'static str {
        "connect4"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["connect-four", "connect-4"]
    }

    fn summary(&self) -> &'static str {
        "Connect Four on any board up to 64 cells with sentinels: exact scores by parallel alpha-beta"
    }

    fn help(&self) -> &'static str {
        "Input: one position a line, as the 1-based columns played from the empty board (`4453`);\n\
         a second token, the expected score the test sets carry, may follow and is not used.\n\
         An empty line is the empty board.\n\
         Output: one score a line: 0 for a draw; if the side to move wins, floor((W*H + 1 - s) / 2) where s is\n\
         the number of stones before its winning stone; the negative of that if it loses.\n\
         Example:\n  2252576253462244111563365343671351441 -1\n  -> -1\n\
         Options: --size WxH (default 7x6), --weak (only 1 / 0 / -1), --threads N, --book FILE (from `boyi book`;\n\
         the standard board's shipped book is used otherwise)."
    }

    fn game(&self) -> &'static dyn Entry {
        &Connect4Listing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        struct Solve<'a> {
            input: &'a str,
            options: &'a SolveOptions,
            ctl: &'a Control,
        }
        impl OnBoard for Solve<'_> {
            type Output = String;
            fn run<S: Shape>(self, game: Connect4<S>) -> Result<String, Error> {
                let boards = parse_lines(&game, self.input)?;
                let mut search = AlphaBeta::new(&game, self.ctl.clone(), table_bytes(self.ctl))?;
                let threads = threads(self.options);
                let mut out = String::new();
                for board in &boards {
                    out.push_str(&format!("{}\n", score(&mut search, board, self.options.weak, threads)?));
                }
                Ok(out)
            }
        }
        let size = options.size.unwrap_or(Connect4::STANDARD);
        let book = match &options.book {
            _ if options.no_book => None,
            Some(path) => Some(std::sync::Arc::new(Book::load(path)?)),
            None => book_for(size, &[])?,
        };
        with_board(size, book, Solve { input, options, ctl })
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        let lines: Vec<&str> = input.lines().collect();
        let line = pick_case(lines, case)?;
        Ok((moves_of(line, case)?.to_string(), words.to_vec()))
    }

    /// Positions of random play that stop before the game ends, one a line;
    /// the larger the size the nearer the empty board (slower to solve).
    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let lines = crate::generate::grow(rng, size, 1, 20);
        let mut s = String::new();
        for _ in 0..lines {
            let mut pos = self.game().start(&crate::params::Params::new()).expect("the start");
            let mut played = String::new();
            let stop = 42 - 2 * crate::generate::grow(rng, size, 4, 14);
            while (played.len() as i64) < stop {
                let moves = pos.moves();
                let m = &moves[rng.range(0, moves.len() as i64 - 1) as usize];
                let next = pos.play(&m.name).expect("a listed move");
                if next.over() {
                    break;
                }
                played += &m.name;
                pos = next;
            }
            s += &played;
            s += "\n";
        }
        s
    }
}
