//! Young chess (BZOJ 5248) on the page. Position: the size, black's
//! numbers A and white's numbers B row by row, then the cells filled so far
//! as `row-col` (1-based) in the order played:
//! `2x3:2,7,3,9,1,2:3,7,2,2,3,1:1-1,1-2`.
//!
//! The whole board is solved once by the engine's table and kept in the
//! cache; every position of the game is then a lookup.

use boyi::solve::{rank_moves, table::Table};
use boyi::{Game, Indexed};
use boyi_games::young_chess::{Board, YoungChess};
use serde_json::{json, Map, Value as Json};

use crate::error::ApiError;
use crate::game::{int_param, numbers, text_param, Ctx, Info, MoveInfo, Param, State, Val, WebGame};

pub struct YoungChessWeb;

const MAX_SIDE: i64 = 10;
const MAX_NUMBER: i64 = 999;

struct Parsed {
    rows: u32,
    cols: u32,
    a: Vec<i64>,
    b: Vec<i64>,
    cells: Vec<(u32, u32)>,
}

impl Parsed {
    fn game(&self) -> YoungChess {
        let v = |x: &[i64]| x.iter().map(|&n| n as i32).collect();
        YoungChess::new(self.rows, self.cols, v(&self.a), v(&self.b))
    }

    fn instance(&self) -> String {
        let list = |x: &[i64]| x.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",");
        format!("{}x{}:{}:{}", self.rows, self.cols, list(&self.a), list(&self.b))
    }

    fn write(&self, cells: &[(u32, u32)]) -> String {
        let played: Vec<String> = cells.iter().map(|(r, c)| format!("{}-{}", r + 1, c + 1)).collect();
        format!("{}:{}", self.instance(), played.join(","))
    }

    /// Replays the cells, checking each is playable.
    fn replay(&self, game: &YoungChess) -> Result<Board, ApiError> {
        let mut board = game.start();
        for (i, &(r, c)) in self.cells.iter().enumerate() {
            let corner = game.corner_at(&board, r, c).ok_or_else(|| {
                ApiError::bad_position(format!("move {}: cell {},{} cannot be filled there", i + 1, r + 1, c + 1))
            })?;
            board = game.play(&board, corner).pos;
        }
        Ok(board)
    }
}

fn parse(position: &str) -> Result<Parsed, ApiError> {
    let parts: Vec<&str> = position.split(':').map(str::trim).collect();
    let [size, a, b, played] = parts[..] else {
        return Err(ApiError::bad_position("expected `RxC:A numbers:B numbers:played cells`"));
    };
    let (rows, cols) = size
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse::<u32>().ok()?, c.trim().parse::<u32>().ok()?)))
        .filter(|&(r, c)| (1..=MAX_SIDE as u32).contains(&r) && (1..=MAX_SIDE as u32).contains(&c))
        .ok_or_else(|| {
            ApiError::bad_position(format!("\"{size}\" is not a size like 3x4 with sides 1..={MAX_SIDE}"))
        })?;
    let n = (rows * cols) as usize;
    let a = numbers(a, "A", (0, MAX_NUMBER))?;
    let b = numbers(b, "B", (0, MAX_NUMBER))?;
    if a.len() != n || b.len() != n {
        return Err(ApiError::bad_position(format!(
            "a {rows}x{cols} board needs {n} numbers for A and for B, not {} and {}",
            a.len(),
            b.len()
        )));
    }
    let mut cells = Vec::new();
    for cell in played.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let rc = cell
            .split_once('-')
            .and_then(|(r, c)| Some((r.parse::<u32>().ok()?.checked_sub(1)?, c.parse::<u32>().ok()?.checked_sub(1)?)));
        cells.push(rc.ok_or_else(|| ApiError::bad_position(format!("\"{cell}\" is not a cell like 2-3")))?);
    }
    if cells.len() > n {
        return Err(ApiError::bad_position("more cells played than the board has"));
    }
    Ok(Parsed { rows, cols, a, b, cells })
}

/// The solved values of every position of one board, by rank.
struct Solved(Vec<i32>);

impl WebGame for YoungChessWeb {
    fn info(&self) -> Info {
        Info {
            id: "young-chess",
            name: "Young chess (一双木棋)",
            rules: "Fill cells in turn; a cell may be filled once every cell above it and to its left is. \
                    Black scores the cell's A number, White its B number; the larger total wins.",
            players: ["Black", "White"],
            values: "score",
            params: vec![
                Param::int("rows", "Rows", 3, 1, MAX_SIDE, "1 to 10"),
                Param::int("cols", "Columns", 4, 1, MAX_SIDE, "1 to 10"),
                Param::text("a", "Black's numbers (A)", "", "row by row; empty for random numbers 0 to 9"),
                Param::text("b", "White's numbers (B)", "", "row by row; empty for random numbers 0 to 9"),
                Param::int("seed", "Random seed", 0, 0, i64::from(u32::MAX), "0 for a new board each time"),
            ],
        }
    }

    fn start(&self, params: &Map<String, Json>) -> Result<String, ApiError> {
        let rows = int_param(params, "rows", 3, (1, MAX_SIDE))? as u32;
        let cols = int_param(params, "cols", 4, (1, MAX_SIDE))? as u32;
        let seed = int_param(params, "seed", 0, (0, i64::from(u32::MAX)))? as u64;
        let seed = if seed == 0 {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
        } else {
            seed
        };
        let mut rng = boyi_games::generate::Rng::new(seed);
        let n = (rows * cols) as usize;
        let mut read = |name: &str| -> Result<Vec<i64>, ApiError> {
            let text = text_param(params, name)?;
            if text.is_empty() {
                return Ok((0..n).map(|_| rng.range(0, 9)).collect());
            }
            let v = numbers(text, name, (0, MAX_NUMBER)).map_err(|e| ApiError::bad_params(e.message))?;
            if v.len() != n {
                return Err(ApiError::bad_params(format!(
                    "{name}: a {rows}x{cols} board needs {n} numbers, not {}",
                    v.len()
                )));
            }
            Ok(v)
        };
        let a = read("a")?;
        let b = read("b")?;
        Ok(Parsed { rows, cols, a, b, cells: Vec::new() }.write(&[]))
    }

    fn play(&self, position: &str, mv: &str) -> Result<String, ApiError> {
        let p = parse(position)?;
        let game = p.game();
        let board = p.replay(&game)?;
        let cell = mv.split_once(['-', ',']).and_then(|(r, c)| {
            Some((r.trim().parse::<u32>().ok()?.checked_sub(1)?, c.trim().parse::<u32>().ok()?.checked_sub(1)?))
        });
        match cell.filter(|&(r, c)| game.corner_at(&board, r, c).is_some()) {
            Some(cell) => {
                let mut cells = p.cells.clone();
                cells.push(cell);
                Ok(p.write(&cells))
            }
            None => {
                Err(ApiError::illegal_move(format!("\"{mv}\" is not a cell that can be filled now (row-col, 1-based)")))
            }
        }
    }

    fn analyze(&self, position: &str, cx: &Ctx) -> Result<State, ApiError> {
        let p = parse(position)?;
        let game = p.game();
        let board = p.replay(&game)?;
        let solved = cx.cache.get_or(&format!("young-chess:{}", p.instance()), || {
            let table = Table::solve(&game, cx.ctl)?;
            let values: Vec<i32> = (0..game.size()).map(|r| table.value_at(r)).collect();
            let bytes = values.len() as u64 * 4;
            Ok::<_, ApiError>((Solved(values), bytes))
        })?;
        let analysis = rank_moves(&game, &board, |child| Ok(solved.0[game.rank(child) as usize]))?;
        let left = p.rows * p.cols - board.stones;
        let moves: Vec<MoveInfo> = analysis
            .iter()
            .map(|m| {
                let mut cells = p.cells.clone();
                cells.push((m.mv.row, m.mv.col));
                MoveInfo {
                    mv: format!("{}-{}", m.mv.row + 1, m.mv.col + 1),
                    label: format!("row {}, column {}", m.mv.row + 1, m.mv.col + 1),
                    value: Val::margin(m.value as i64, left),
                    position: p.write(&cells),
                    at: json!([m.mv.row, m.mv.col]),
                }
            })
            .collect();
        let mut owner = vec!["."; (p.rows * p.cols) as usize];
        for (i, &(r, c)) in p.cells.iter().enumerate() {
            owner[(r * p.cols + c) as usize] = if i % 2 == 0 { "B" } else { "W" };
        }
        let score = |player: usize| -> i64 {
            let nums = if player == 0 { &p.a } else { &p.b };
            p.cells
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 2 == player)
                .map(|(_, &(r, c))| nums[(r * p.cols + c) as usize])
                .sum()
        };
        Ok(State {
            game: "young-chess",
            position: p.write(&p.cells),
            to_move: (board.stones % 2) as usize,
            over: moves.is_empty(),
            value: Val::margin(solved.0[game.rank(&board) as usize] as i64, left),
            moves,
            board: json!({
                "rows": p.rows,
                "cols": p.cols,
                "a": p.a,
                "b": p.b,
                "owner": owner,
                "scores": [score(0), score(1)],
            }),
            solver: "table",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::Control;

    #[test]
    fn the_judge_sample_is_worth_two_to_black() {
        let ctl = Control::default();
        let cache = crate::cache::Cache::new(1 << 20);
        let cx = Ctx { ctl: &ctl, cache: &cache };
        let pos = "2x3:2,7,3,9,1,2:3,7,2,2,3,1:";
        let s = YoungChessWeb.analyze(pos, &cx).unwrap();
        assert_eq!(s.value, Val { result: Val::WIN, remoteness: Some(6), score: Some(2) });
        assert_eq!(s.moves.len(), 1);
        let next = YoungChessWeb.play(pos, "1-1").unwrap();
        assert_eq!(next, "2x3:2,7,3,9,1,2:3,7,2,2,3,1:1-1");
        let s = YoungChessWeb.analyze(&next, &cx).unwrap();
        // White to move, as in `boyi analyze young-chess 1,1`: 1,2 keeps 0, 2,1 gives -3.
        assert_eq!(s.to_move, 1);
        let vals: Vec<(String, Option<i64>)> = s.moves.iter().map(|m| (m.mv.clone(), m.value.score)).collect();
        assert_eq!(vals, [("1-2".to_string(), Some(0)), ("2-1".to_string(), Some(-3))]);
        assert_eq!(YoungChessWeb.play(&next, "2-2").unwrap_err().code, "illegal_move");
        assert_eq!(YoungChessWeb.analyze("2x3:1,2:3:", &cx).unwrap_err().code, "bad_position");
        assert_eq!(YoungChessWeb.analyze("2x3:2,7,3,9,1,2:3,7,2,2,3,1:2-2", &cx).unwrap_err().code, "bad_position");
    }
}
