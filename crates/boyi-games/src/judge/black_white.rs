//! BZOJ 2281 "黑白棋": one line `n k d`; the number of layouts the first
//! player (white) wins, mod 10^9 + 7.

use boyi::solve::negamax::Negamax;
use boyi::Control;

use super::tokens::Tokens;
use super::{AnalyzeRequest, Problem};
use crate::black_white::{count_first_wins, nim_d_lost, Board, Layout};
use crate::error::Error;
use crate::report::{shown_moves, Report, Show, Shown};

pub struct BlackWhiteProblem;

const MAX_N: usize = 10_000;
const MAX_K: usize = 100;

fn parse(input: &str) -> Result<(usize, usize, usize), Error> {
    let mut t = Tokens::new(input);
    let n: usize = t.number_in("the board length n", 1..=MAX_N)?;
    let k: usize = t.number_in("the piece count k", 2..=MAX_K.min(n).max(2))?;
    let d: usize = t.number_in("the most pieces a move moves, d", 1..=k)?;
    t.finish()?;
    if k % 2 == 1 {
        return Err(Error::input(format!("k = {k} is odd; the pieces come in white-black pairs")));
    }
    if k > n {
        return Err(Error::input(format!("k = {k} pieces do not fit on n = {n} cells")));
    }
    Ok((n, k, d))
}

impl Problem for BlackWhiteProblem {
    fn id(&self) -> &'static str {
        "black-white"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj2281", "luogu2490", "sdoi2011-chess"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 2281: count the layouts white wins moving 1..d pieces a turn; Moore's Nim_d with a digit DP"
    }

    fn help(&self) -> &'static str {
        "Input: one line `n k d` (1 <= d <= k <= n <= 10000, k even, k <= 100).\n\
         Output: the number of layouts of k alternating pieces (white first) that white, moving\n\
         first, wins, modulo 1000000007.\n\
         Example:\n  10 4 2\n  -> 182\n\
         Analyze: the arguments are the k occupied cells (1-based) of one layout, e.g.\n\
         `boyi analyze black-white 1 4 6 10 < input`; boards of at most 16 cells list every move."
    }

    fn solve(&self, input: &str, _ctl: &Control) -> Result<String, Error> {
        let (n, k, d) = parse(input)?;
        Ok(format!("{}\n", count_first_wins(n, k, d)))
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        let (n, k, d) = parse(input)?;
        let mut cells = Vec::with_capacity(k);
        for (i, text) in request.moves.iter().enumerate() {
            let c = text.trim().parse::<usize>().ok().filter(|c| (1..=n).contains(c)).ok_or_else(|| {
                Error::input(format!("argument {} \"{text}\": expected an occupied cell in 1..={n}", i + 1))
            })?;
            cells.push(c);
        }
        cells.sort_unstable();
        cells.dedup();
        if cells.len() != k || request.moves.len() != k {
            return Err(Error::input(format!(
                "give the layout as the {k} distinct occupied cells, e.g. `boyi analyze black-white {} < input`",
                (1..=k).map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
            )));
        }
        let gaps: Vec<u64> = cells.chunks(2).map(|p| (p[1] - p[0] - 1) as u64).collect();
        let board: String = (1..=n.min(200))
            .map(|c| match cells.iter().position(|&x| x == c) {
                Some(i) if i % 2 == 0 => 'W',
                Some(_) => 'B',
                None => '.',
            })
            .collect();
        let position = vec![
            format!("board: {board}{}", if n > 200 { " ..." } else { "" }),
            format!(
                "gaps inside the pairs (Nim_{d} piles): {}",
                gaps.iter().map(|g| g.to_string()).collect::<Vec<_>>().join(" ")
            ),
            format!("white wins {} of the layouts (mod 10^9+7)", count_first_wins(n, k, d)),
        ];
        let to_move = "Little A (white, first player)".to_string();
        if n as u32 > Board::MAX_N {
            let lost = nim_d_lost(&gaps, d as u64);
            return Ok(Report {
                game: self.id(),
                position,
                to_move,
                value: Shown::Outcome { result: if lost { "lose" } else { "win" }, remoteness: None },
                moves: Vec::new(),
                solver: "theory (Moore's Nim_d criterion on the gaps)",
            });
        }
        let game = Board::new(n as u32, d as u32);
        let start = Layout { cells: cells.iter().fold(0u16, |m, &c| m | 1 << (c - 1)), white: true };
        let mut nm = Negamax::new(&game, ctl.clone());
        let analysis = nm.analyze(&start)?;
        let value = nm.value(&start)?;
        let name = |to: u16| {
            let moved: Vec<String> = (0..n).filter(|c| to >> c & 1 == 1).map(|c| (c + 1).to_string()).collect();
            moved.join(",")
        };
        Ok(Report {
            game: self.id(),
            position,
            to_move,
            value: value.show(),
            moves: shown_moves::<Board>(&analysis, name),
            solver: "negamax",
        })
    }
}
