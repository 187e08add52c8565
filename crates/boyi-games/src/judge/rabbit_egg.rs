//! BZOJ 2437 (NOI 2011): `n m`, the board (`X` black, `O` white, `.` the
//! one empty cell), `k`, then the 2k moves of a game as `x y`. The answer is
//! the number of Tutu's mistakes (winning before her move, losing after it)
//! and their numbers among her moves, ascending.

use boyi::Control;

use super::tokens::Tokens;
use super::{only_case, Problem, SolveOptions};
use crate::error::Error;
use crate::listing::{Entry, Listing};
use crate::rabbit_egg::{Board, Piece, RabbitEgg, RabbitEggListing, MAX_SIDE};

pub struct RabbitEggProblem;

struct Input {
    game: RabbitEgg,
    start: Board,
    /// The cells whose pieces moved, in order.
    record: Vec<u32>,
}

fn parse(input: &str) -> Result<Input, Error> {
    let mut t = Tokens::new(input);
    let n: u32 = t.number_in("the row count n", 1..=MAX_SIDE)?;
    let m: u32 = t.number_in("the column count m", 1..=MAX_SIDE)?;
    let game = RabbitEgg::new(n, m);
    let mut pieces = Vec::with_capacity((n * m) as usize);
    let mut empties = Vec::new();
    let first_line = t.peek().map_or(0, |tok| tok.line);
    let mut last_line = first_line;
    for row in 1..=n {
        // A row is one token as the judge writes it, but spaced-out cells read as well.
        let mut filled = 0;
        while filled < m {
            let tok = t.expect(&format!("row {row} of the board ({m} cells of X, O or .)"))?;
            last_line = tok.line;
            for ch in tok.text.chars() {
                if filled == m {
                    return Err(Error::input(format!("{}: row {row} has more than {m} cells", tok.at())));
                }
                pieces.push(match ch {
                    'X' | 'x' => Some(Piece::Black),
                    'O' | 'o' => Some(Piece::White),
                    '.' => {
                        empties.push((row, filled + 1));
                        None
                    }
                    _ => {
                        return Err(Error::input(format!(
                            "{}: expected X, O or . on row {row} of the board, found \"{}\"",
                            tok.at(),
                            ch.escape_debug()
                        )))
                    }
                });
                filled += 1;
            }
        }
    }
    match empties.as_slice() {
        [_] => {}
        [] => {
            return Err(Error::input(format!(
                "lines {first_line}-{last_line}: the board has no empty cell (.); it must have exactly one"
            )))
        }
        [(r1, c1), (r2, c2), ..] => {
            return Err(Error::input(format!(
                "lines {first_line}-{last_line}: the board has {} empty cells (.), at row {r1}, column {c1} and \
                 row {r2}, column {c2}; it must have exactly one",
                empties.len()
            )))
        }
    }
    let start = game.board(&pieces);
    // The empty cell never returns to a cell, so a game has fewer than n·m moves.
    let k: u32 = t.number_in("the move count k", 1..=(n * m / 2).max(1))?;
    let mut board = start.clone();
    let mut record = Vec::with_capacity(2 * k as usize);
    for i in 1..=2 * k {
        let who =
            if i % 2 == 1 { format!("Tutu's move {}", i.div_ceil(2)) } else { format!("Dandan's move {}", i / 2) };
        let line = t.peek().map_or(0, |tok| tok.line);
        let x: u32 = t.number_in(&format!("the row x of {who}"), 1..=n)?;
        let y: u32 = t.number_in(&format!("the column y of {who}"), 1..=m)?;
        let cell = (x - 1) * m + (y - 1);
        if let Some(why) = game.illegal(&board, cell) {
            return Err(Error::input(format!("line {line}: {who}, {x} {y}, is illegal: {why}")));
        }
        record.push(cell);
        board = boyi::Game::play(&game, &board, cell).pos;
    }
    t.finish()?;
    Ok(Input { game, start, record })
}

impl Problem for RabbitEggProblem {
    fn id(&self) -> &'static str {
        "rabbit-egg"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj2437", "noi2011-rabbit-egg", "luogu1971"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 2437 (NOI 2011): slide pieces into the one empty cell; Tutu's mistakes (bipartite geography by matching)"
    }

    fn help(&self) -> &'static str {
        "Input: `n m`, n rows of m cells (X black, O white, . the one empty cell), k, then 2k moves `x y`\n\
         (row, column of the piece moved into the empty cell; Tutu's moves are the odd ones).\n\
         Output: the number of Tutu's mistakes (she could win before the move, cannot after it), then\n\
         their numbers among her moves, one a line, ascending.\n\
         Example:\n  1 6\n  XO.OXO\n  1\n  1 2\n  1 1\n  -> 1\n  -> 1\n\
         Analyze starts from the board before the record (the record is not replayed).\n\
         Sizes: n, m <= 2000; one maximum matching for the whole record, one augmenting-path search a move."
    }

    fn game(&self) -> &'static dyn Entry {
        &RabbitEggListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let Input { game, start, record } = parse(input)?;
        let wins = game.wins_along(&start, &record, ctl)?;
        // Tutu's i-th move is record[2i - 2]; a mistake turns her win into Dandan's.
        let mistakes: Vec<usize> = (1..=record.len() / 2).filter(|&i| wins[2 * i - 2] && wins[2 * i - 1]).collect();
        let mut out = format!("{}\n", mistakes.len());
        for i in mistakes {
            out.push_str(&format!("{i}\n"));
        }
        Ok(out)
    }

    /// The board before the record (the record is not replayed).
    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        only_case(self.id(), case)?;
        let Input { game, start, .. } = parse(input)?;
        Ok((RabbitEggListing.write(&game, &start), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 1, 40) as u32;
        let m = crate::generate::grow(rng, size, 3, 40) as u32;
        let k = rng.range(1, ((n * m - 1) / 2).max(1) as i64) as u32;
        crate::generate::rabbit_egg(rng, n, m, k)
    }
}
