//! BZOJ 3106 (CQOI 2013): `n r1 c1 r2 c2`, white to move; the answer is
//! `WHITE x`, `BLACK x` or `DRAW`, x counting the moves of both players up
//! to the capture. `torus-chase` is the same pursuit on a torus with black's
//! reach as a parameter, where draws happen.

use boyi::solve::retrograde::Retrograde;
use boyi::{Control, Game, Outcome};

use super::tokens::Tokens;
use super::{pick_case, play_moves, AnalyzeRequest, Problem};
use crate::chase::{Chase, ChaseMove, Duel, Pieces};
use crate::error::{reserve, Error};
use crate::report::{shown_moves, Report, Show};

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
        let line = t.peek().map_or(0, |tok| tok.line);
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

/// One retrograde solve per board size and reach, answers in input order.
fn solve(input: &str, torus: bool, ctl: &Control) -> Result<String, Error> {
    let starts = parse(input, torus)?;
    let mut order: Vec<usize> = (0..starts.len()).collect();
    order.sort_by_key(|&i| (starts[i].n, starts[i].reach));
    let mut answers = vec![""; starts.len()];
    let mut lines = Vec::new();
    for group in order.chunk_by(|&a, &b| (starts[a].n, starts[a].reach) == (starts[b].n, starts[b].reach)) {
        let game = game(&starts[group[0]], torus, ctl)?;
        let table = Retrograde::solve(&game, ctl)?;
        for &i in group {
            lines.push((i, answer(table.value(&first_position(&game, &starts[i])))));
        }
    }
    for (i, line) in &lines {
        answers[*i] = line;
    }
    Ok(answers.concat())
}

fn cell_name((r, c): (u32, u32)) -> String {
    format!("{},{}", r + 1, c + 1)
}

/// `row,col` of the moved piece's destination, or a direction letter
/// repeated once a cell (`U`, `DD`, ...).
fn parse_move(game: &Chase, pos: Duel, text: &str) -> Option<ChaseMove> {
    let text = text.trim().trim_start_matches('(').trim_end_matches(')');
    let target = if let Some((r, c)) = text.split_once(',') {
        (r.trim().parse::<u32>().ok()?.checked_sub(1)?, c.trim().parse::<u32>().ok()?.checked_sub(1)?)
    } else {
        let upper = text.to_ascii_uppercase();
        let dir = "UDLR".find(upper.chars().next()?)?;
        if !upper.chars().all(|ch| upper.starts_with(ch)) {
            return None;
        }
        game.target(pos, ((upper.len() - 1) * 4 + dir).try_into().ok()?)?
    };
    let mut legal = Vec::new();
    game.moves(&pos, &mut legal);
    legal.into_iter().find(|&m| game.target(pos, m) == Some(target))
}

fn analyze(
    problem: &'static str,
    torus: bool,
    input: &str,
    request: &AnalyzeRequest,
    ctl: &Control,
) -> Result<Report, Error> {
    let start = pick_case(parse(input, torus)?, request.case)?;
    let game = game(&start, torus, ctl)?;
    let name = |pos: Duel, m: ChaseMove| game.target(pos, m).map_or_else(|| "?".to_string(), cell_name);
    let pos = play_moves(
        &game,
        first_position(&game, &start),
        &request.moves,
        |p, s| parse_move(&game, *p, s),
        |p, m| name(*p, m),
        |_, _| {},
    )?;
    let table = Retrograde::solve(&game, ctl)?;
    let analysis = table.analyze(&pos);
    let p = game.pieces(pos);
    let mut position = Vec::new();
    if start.n <= 40 {
        for r in 0..start.n {
            let row: Vec<&str> = (0..start.n)
                .map(|c| match ((r, c) == p.white, (r, c) == p.black) {
                    (true, true) => "X",
                    (true, false) => "W",
                    (false, true) => "B",
                    _ => ".",
                })
                .collect();
            position.push(row.join(" "));
        }
    }
    position.push(format!(
        "white (A) at {}, black (B) at {}; {} {n}x{n}, black's reach {}{}",
        cell_name(p.white),
        cell_name(p.black),
        if torus { "torus" } else { "board" },
        game.reach(),
        if p.white == p.black { "; captured (X)" } else { "" },
        n = start.n,
    ));
    Ok(Report {
        game: problem,
        position,
        to_move: if p.white_to_move { "white (A)" } else { "black (B)" }.to_string(),
        value: table.value(&pos).show(),
        moves: shown_moves::<Chase>(&analysis, |m| name(pos, m)),
        solver: "retrograde",
    })
}

/// The part of the help both problems share.
macro_rules! shared_help {
    () => {
        "Moves for analyze: the moved piece's destination `row,col` (1-based), or its direction U, D, L, R,\n\
         repeated for a 2-cell move (`UU`), e.g. `boyi analyze chase 1,2 DD < start.txt`; --case K picks a start.\n\
         Sizes: n <= 215; 2n^4 positions at 2 bytes, plus 4 for the frontier (n = 64: 192 MiB, n = 100: 1.1 GiB)."
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

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        solve(input, false, ctl)
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        analyze(self.id(), false, input, request, ctl)
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

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        solve(input, true, ctl)
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        analyze(self.id(), true, input, request, ctl)
    }
}
