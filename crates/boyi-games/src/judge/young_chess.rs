//! BZOJ 5248 "一双木棋": `n m`, then `n` rows of A, then `n` rows of B; the
//! answer is black's score minus white's under best play.

use boyi::index::staircase::Staircase;
use boyi::solve::table::Table;
use boyi::{Control, Game};

use super::tokens::Tokens;
use super::{play_moves, AnalyzeRequest, Problem};
use crate::error::Error;
use crate::report::{shown_moves, Report, Show};
use crate::young_chess::{Board, YoungChess};

pub struct YoungChessProblem;

fn parse(input: &str) -> Result<YoungChess, Error> {
    let mut t = Tokens::new(input);
    let n: u32 = t.number_in("the row count n", 1..=Staircase::MAX_STEPS - 1)?;
    let m: u32 = t.number_in("the column count m", 1..=Staircase::MAX_STEPS - n)?;
    let cells = n * m;
    // Keeps every score difference inside an i32.
    let max = i32::MAX / cells as i32;
    let mut read = |name: &str| -> Result<Vec<i32>, Error> {
        let mut v = Vec::with_capacity(cells as usize);
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

fn cell_name(c: boyi::index::staircase::Corner) -> String {
    format!("{},{}", c.row + 1, c.col + 1)
}

fn parse_cell(text: &str) -> Option<(u32, u32)> {
    let text = text.trim_start_matches('(').trim_end_matches(')');
    let (r, c) = text.split_once(',')?;
    Some((r.trim().parse::<u32>().ok()?.checked_sub(1)?, c.trim().parse::<u32>().ok()?.checked_sub(1)?))
}

impl Problem for YoungChessProblem {
    fn id(&self) -> &'static str {
        "young-chess"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj5248", "luogu4363", "loj2471", "chess"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 5248: fill a Young diagram cell by cell, scores A for black, B for white (table over C(n+m, n) staircases)"
    }

    fn help(&self) -> &'static str {
        "Input: `n m`, then n lines of m numbers A (black's score of each cell), then n lines of m numbers B (white's).\n\
         Output: black's score minus white's under best play.\n\
         Example:\n  2 3\n  2 7 3\n  9 1 2\n  3 7 2\n  2 3 1\n  -> 2\n\
         Moves for analyze: cells as `row,col`, 1-based, e.g. `boyi analyze young-chess 1,1 1,2 < board.txt`.\n\
         Sizes: any n, m with n + m <= 63 within the memory limit; 4 bytes a staircase (16x16 needs 2.2 GiB)."
    }

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        let game = parse(input)?;
        let table = Table::solve(&game, ctl)?;
        Ok(format!("{}\n", table.value(&game.start())))
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        let game = parse(input)?;
        let (rows, cols) = (game.rows(), game.cols());
        let mut owner = vec!['.'; (rows * cols) as usize];
        let board = play_moves(
            &game,
            game.start(),
            &request.moves,
            |b, s| parse_cell(s).and_then(|(r, c)| game.corner_at(b, r, c)),
            |_, c| cell_name(c),
            |b, c| owner[(c.row * cols + c.col) as usize] = if YoungChess::black_to_move(b) { 'B' } else { 'W' },
        )?;
        let table = Table::solve(&game, ctl)?;
        let analysis = table.analyze(&board);
        let mut playable = Vec::new();
        game.moves(&board, &mut playable);
        for c in playable {
            owner[(c.row * cols + c.col) as usize] = '+';
        }
        let mut position: Vec<String> = (0..rows)
            .map(|r| (0..cols).map(|c| owner[(r * cols + c) as usize].to_string()).collect::<Vec<_>>().join(" "))
            .collect();
        position.push(format!("{} of {} cells filled (B black, W white, + playable)", board.stones, rows * cols));
        Ok(Report {
            game: self.id(),
            position,
            to_move: side(&board).to_string(),
            value: table.value(&board).show(),
            moves: shown_moves::<YoungChess>(&analysis, cell_name),
            solver: "table",
        })
    }
}

fn side(board: &Board) -> &'static str {
    if YoungChess::black_to_move(board) {
        "black (Feifei, scores A)"
    } else {
        "white (Niuniu, scores B)"
    }
}
