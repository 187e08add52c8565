//! BZOJ 3106 (CQOI 2013): `n r1 c1 r2 c2`, white to move; the answer is
//! `WHITE x`, `BLACK x` or `DRAW`, x counting the moves of both players up
//! to the capture. `torus-chase` is the same pursuit on a torus with black's
//! reach as a parameter, where draws happen.

use boyi::solve::{retrograde, Solved};
use boyi::{Control, Outcome};

use super::tokens::Tokens;
use super::{pick_case, Problem, SolveOptions};
use crate::chase::{Chase, ChaseListing, Duel, Pieces};
use crate::error::{reserve, Error};
use crate::listing::{Entry, Listing};

pub struct ChaseProblem;
pub struct TorusChaseProblem;

#[derive(Clone, Copy, Debug)]
struct Start {
    n: u32,
    reach: u32,
    white: (u32, u32),
    black: (u32, u32),
}

/// Starts until the input ends: the judge gives one, more are answered a line each.
fn parse(input: &str, torus: bool) -> Result<Vec<Start>, Error> {
    let mut t = Tokens::new(input);
    let mut starts = Vec::new();
    loop {
        let n: u32 = t.number_in("the board size n", 2..=Chase::MAX_N)?;
        let reach = if torus { t.number_in("black's reach k", 1..=n - 1)? } else { Chase::CQOI_REACH };
        let line = t.peek().map_or(t.last_line(), |tok| tok.line);
        let r1 = t.number_in("white's row r1", 1..=n)?;
        let c1 = t.number_in("white's column c1", 1..=n)?;
        let r2 = t.number_in("black's row r2", 1..=n)?;
        let c2 = t.number_in("black's column c2", 1..=n)?;
        if (r1, c1) == (r2, c2) {
            return Err(Error::input(format!("line {line}: both pieces are on row {r1}, column {c1}")));
        }
        starts.push(Start { n, reach, white: (r1 - 1, c1 - 1), black: (r2 - 1, c2 - 1) });
        if t.at_end() {
            return Ok(starts);
        }
    }
}

fn game(start: &Start, torus: bool, ctl: &Control) -> Result<Chase, Error> {
    reserve(ctl, "the move table", Chase::bytes_for(start.n, start.reach))?;
    Ok(if torus { Chase::torus(start.n, start.reach) } else { Chase::new(start.n, start.reach) })
}

fn first_position(game: &Chase, start: &Start) -> Duel {
    game.pos(Pieces { white: start.white, black: start.black, white_to_move: true })
}

fn answer(value: Outcome) -> String {
    match value {
        Outcome::Win(x) => format!("WHITE {x}\n"),
        Outcome::Lose(x) => format!("BLACK {x}\n"),
        Outcome::Draw => "DRAW\n".to_string(),
    }
}

/// One retrograde solve per board size and reach (or a lookup in a
/// database of it, from `--db`), answers in input order.
fn solve(
    input: &str,
    listing: &ChaseListing,
    torus: bool,
    options: &SolveOptions,
    ctl: &Control,
) -> Result<String, Error> {
    let starts = parse(input, torus)?;
    let mut order: Vec<usize> = (0..starts.len()).collect();
    order.sort_by_key(|&i| (starts[i].n, starts[i].reach));
    let mut answers = vec![""; starts.len()];
    let mut lines = Vec::new();
    let groups: Vec<&[usize]> =
        order.chunk_by(|&a, &b| (starts[a].n, starts[a].reach) == (starts[b].n, starts[b].reach)).collect();
    let games: Vec<Chase> = groups.iter().map(|g| game(&starts[g[0]], torus, ctl)).collect::<Result<_, _>>()?;
    let keys: Vec<String> = games.iter().map(|g| listing.solved_key(g).expect("chase is solved whole")).collect();
    options.databases_hold(&keys, "board")?;
    for ((&group, key), game) in groups.iter().zip(&keys).zip(&games) {
        let table = match options.databases.iter().find(|d| &d.header().key == key) {
            Some(db) => Solved::<Outcome>::mapped(db.clone())
                .filter(|_| db.len() == boyi::Indexed::size(game))
                .ok_or_else(|| Error::input(format!("the database for {key} does not hold its values")))?,
            None => retrograde::solve(game, ctl)?,
        };
        for &i in group {
            lines.push((i, answer(table.value(game, &first_position(game, &starts[i])))));
        }
    }
    for (i, line) in &lines {
        answers[*i] = line;
    }
    Ok(answers.concat())
}

/// Case `case` of a judge input as a position of `listing`.
fn position(listing: &ChaseListing, input: &str, torus: bool, case: usize) -> Result<String, Error> {
    let start = pick_case(parse(input, torus)?, case)?;
    let game = if torus { Chase::torus(start.n, start.reach) } else { Chase::new(start.n, start.reach) };
    Ok(listing.write(&game, &first_position(&game, &start)))
}

/// The part of the help both problems share.
macro_rules! shared_help {
    () => {
        "Sizes: n <= 215; 2n^4 positions at 2 bytes, plus 4 for the frontier (n = 64: 192 MiB, n = 100: 1.1 GiB)."
    };
}

impl Problem for ChaseProblem {
    fn id(&self) -> &'static str {
        "chase"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj3106", "cqoi2013-chess", "luogu4576"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 3106: white steps 1 cell, black 1 or 2 in a line; capture wins, positions repeat (retrograde)"
    }

    fn help(&self) -> &'static str {
        concat!(
            "Input: `n r1 c1 r2 c2`: the board size, white's row and column, black's (1-based, distinct).\n\
             Output: `WHITE x` or `BLACK x`, x = the moves of both players up to the capture under best play\n\
             (the winner hurries, the loser delays), or `DRAW` if neither side can force a capture.\n\
             Beyond the judge: several starts in one input, one answer line each (one solve per n).\n\
             Example:\n  2 1 1 2 2\n  -> BLACK 2\n",
            shared_help!()
        )
    }

    fn game(&self) -> &'static dyn Entry {
        &ChaseListing::PLAIN
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults_but(self.id(), &["--db"])?;
        solve(input, &ChaseListing::PLAIN, false, options, ctl)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((position(&ChaseListing::PLAIN, input, false, case)?, words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 2, 20) as u32;
        crate::generate::chase(rng, n)
    }
}

impl Problem for TorusChaseProblem {
    fn id(&self) -> &'static str {
        "torus-chase"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    fn summary(&self) -> &'static str {
        "The chase on an n x n torus, black reaching k cells: the pursued piece may run forever (retrograde, draws)"
    }

    fn help(&self) -> &'static str {
        concat!(
            "Input: `n k r1 c1 r2 c2`: the torus size, black's reach (1..n-1 cells in a line), white's row and\n\
             column, black's (1-based, distinct). The edges wrap around; moves landing on one cell are one move.\n\
             Output: as chase: `WHITE x`, `BLACK x` or `DRAW`. Several starts may follow one another.\n\
             Example:\n  5 2 1 1 1 3\n  -> DRAW\n",
            shared_help!()
        )
    }

    fn game(&self) -> &'static dyn Entry {
        &ChaseListing::TORUS
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults_but(self.id(), &["--db"])?;
        solve(input, &ChaseListing::TORUS, true, options, ctl)
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        Ok((position(&ChaseListing::TORUS, input, true, case)?, words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 3, 20);
        let k = rng.range(1, n - 1);
        let cells = n * n;
        let w = rng.range(0, cells - 1);
        let b = (w + rng.range(1, cells - 1)) % cells;
        format!("{n} {k} {} {} {} {}\n", w / n + 1, w % n + 1, b / n + 1, b % n + 1)
    }
}
