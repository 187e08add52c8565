//! Connect Four on the page. Position: the 1-based columns played from the
//! empty board (`4453`), prefixed with the size when it is not 7x6
//! (`6x5:4453`).
//!
//! Every move is valued by the engine's alpha-beta over one transposition
//! table per board size, shared by all requests: a position next to one
//! already asked for is mostly in the table. The exact score (see
//! `boyi_games::connect4`) fixes when the winning stone falls, so the page
//! gets win / lose with the number of moves to the end, as for any other game.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use boyi::solve::alphabeta::AlphaBeta;
use boyi::tt::TranspositionTable;
use boyi::Game;
use boyi_games::connect4::{Board, Connect4, Shape, Standard};
use serde_json::{json, Map, Value as Json};

use crate::error::ApiError;
use crate::game::{int_param, text_param, Ctx, Info, MoveInfo, Param, State, Val, WebGame};

pub struct Connect4Web {
    table_bytes: u64,
    tables: Mutex<HashMap<(u32, u32), Arc<TranspositionTable>>>,
}

/// Boards with at least this many cells are refused with fewer than
/// [`MIN_STONES`] stones at once: their analysis takes minutes (the 7x6
/// board with 4 stones took 20 s on our machine), far past any time limit.
const LARGE_BOARD: u32 = 42;
const MIN_STONES: u32 = 4;

impl Connect4Web {
    pub fn new(table_bytes: u64) -> Self {
        Connect4Web { table_bytes, tables: Mutex::new(HashMap::new()) }
    }

    /// The shared table of a board size: the standard board gets the
    /// configured size, others (rarely played, mostly small) an eighth.
    fn table(&self, size: (u32, u32)) -> Arc<TranspositionTable> {
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        let bytes = if size == Connect4::STANDARD { self.table_bytes } else { (self.table_bytes / 8).max(1 << 20) };
        tables.entry(size).or_insert_with(|| Arc::new(TranspositionTable::with_bytes(bytes))).clone()
    }
}

/// Splits `WxH:moves` into the size and the moves.
fn split(position: &str) -> Result<((u32, u32), &str), ApiError> {
    let Some((size, moves)) = position.split_once(':') else {
        return Ok((Connect4::STANDARD, position));
    };
    let (w, h) = size
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)))
        .ok_or_else(|| ApiError::bad_position(format!("\"{size}\" is not a board size like 7x6")))?;
    check_size(w, h)?;
    Ok(((w, h), moves.trim()))
}

fn check_size(w: u32, h: u32) -> Result<(), ApiError> {
    if !(4..=9).contains(&w) || !(4..=9).contains(&h) || !Connect4::fits(w, h) {
        return Err(ApiError::bad_position(format!(
            "a {w}x{h} board is not offered: width and height 4..=9 with width * (height + 1) <= 64"
        )));
    }
    Ok(())
}

fn write(size: (u32, u32), moves: &str) -> String {
    if size == Connect4::STANDARD {
        moves.to_string()
    } else {
        format!("{}x{}:{moves}", size.0, size.1)
    }
}

/// The value of an exact score for the side to move, `stones` on the board.
pub fn score_value(cells: u32, stones: u32, score: i32) -> Val {
    if score == 0 {
        // A draw fills the board.
        return Val { result: Val::TIE, remoteness: Some(cells - stones), score: None };
    }
    // The winner's stone falls when `s` stones are on the board, `s` of the
    // winner's parity, and the score is (cells + 1 - s) / 2.
    let winner_parity = if score > 0 { stones % 2 } else { (stones + 1) % 2 };
    let a = cells + 1 - 2 * score.unsigned_abs();
    let s = if a % 2 == winner_parity { a } else { a - 1 };
    let remoteness = Some(s + 1 - stones);
    let result = if score > 0 { Val::WIN } else { Val::LOSE };
    Val { result, remoteness, score: None }
}

fn parse<S: Shape>(game: &Connect4<S>, moves: &str) -> Result<Board, ApiError> {
    game.parse(moves).map_err(|e| ApiError::bad_position(e.to_string()))
}

/// The position with each legal move valued by `value_of`.
fn state<S: Shape>(
    game: &Connect4<S>,
    size: (u32, u32),
    moves: &str,
    mut value_of: impl FnMut(&Board) -> Result<Val, ApiError>,
) -> Result<State, ApiError> {
    let board = parse(game, moves)?;
    let mut legal = Vec::new();
    game.moves(&board, &mut legal);
    legal.sort_unstable();
    let mut out = Vec::with_capacity(legal.len());
    for c in legal {
        let child = game.drop_in(&board, c as u32);
        let value = if game.last_mover_won(&child) {
            Val { result: Val::WIN, remoteness: Some(1), score: None }
        } else {
            value_of(&child)?
        };
        let column = (c + 1).to_string();
        out.push(MoveInfo {
            position: write(size, &format!("{moves}{column}")),
            label: format!("column {column}"),
            mv: column,
            value,
            at: json!(c),
        });
    }
    sort_best_first(&mut out);
    let over = out.is_empty();
    let value = match out.first() {
        Some(best) if best.value.result == Val::UNKNOWN => Val::unknown(),
        Some(best) => best.value,
        None if game.last_mover_won(&board) => Val { result: Val::LOSE, remoteness: Some(0), score: None },
        None => Val { result: Val::TIE, remoteness: Some(0), score: None },
    };
    Ok(State {
        game: "connect4",
        position: write(size, moves),
        to_move: (board.moves % 2) as usize,
        over,
        value,
        moves: out,
        board: json!({
            "width": size.0,
            "height": size.1,
            "rows": game.rows(&board),
            "stones": board.moves,
            "last": moves.chars().last().and_then(|c| c.to_digit(10)).map(|c| c - 1),
        }),
        solver: "alpha-beta (shared transposition table)",
    })
}

fn analyze<S: Shape>(
    game: &Connect4<S>,
    size: (u32, u32),
    moves: &str,
    tt: Arc<TranspositionTable>,
    cx: &Ctx,
) -> Result<State, ApiError> {
    let board = parse(game, moves)?;
    if !game.last_mover_won(&board) && game.cells() >= LARGE_BOARD && board.moves < MIN_STONES {
        return Err(ApiError::too_big(format!(
            "positions with fewer than {MIN_STONES} stones on a board this size take minutes to solve exactly; \
             play a few moves first (from about 8 stones most positions take a second or two)"
        )));
    }
    let cells = game.cells();
    let mut search = AlphaBeta::with_table(game, cx.ctl.clone(), tt);
    state(game, size, moves, |child| Ok(flip(score_value(cells, child.moves, search.value(child)?))))
}

/// The value of a move to its mover from the value of the position it
/// leads to for the opponent.
fn flip(v: Val) -> Val {
    let result = match v.result {
        Val::WIN => Val::LOSE,
        Val::LOSE => Val::WIN,
        other => other,
    };
    Val { result, remoteness: v.remoteness.map(|r| r + 1), score: v.score.map(|s| -s) }
}

/// Quickest wins, then ties, then the longest losses; columns in order among equals.
fn sort_best_first(moves: &mut [MoveInfo]) {
    let rank = |v: &Val| -> i64 {
        let r = v.remoteness.unwrap_or(0) as i64;
        match v.result {
            Val::WIN => 1_000_000 - r,
            Val::LOSE => r - 1_000_000,
            _ => 0,
        }
    };
    moves.sort_by_key(|m| std::cmp::Reverse(rank(&m.value)));
}

impl WebGame for Connect4Web {
    fn info(&self) -> Info {
        Info {
            id: "connect4",
            name: "Connect Four",
            rules: "Drop a stone into a column; four in a row (across, up or diagonally) wins. \
                    A full board is a tie.",
            players: ["Red", "Blue"],
            values: "outcome",
            params: vec![
                Param::int("width", "Columns", 7, 4, 9, "4 to 9"),
                Param::int("height", "Rows", 6, 4, 9, "4 to 9, columns x (rows + 1) at most 64"),
                Param::text(
                    "moves",
                    "Opening moves",
                    "",
                    "columns already played, e.g. 4453 (early positions of large boards are too slow to solve)",
                ),
            ],
        }
    }

    fn start(&self, params: &Map<String, Json>) -> Result<String, ApiError> {
        let w = int_param(params, "width", 7, (4, 9))? as u32;
        let h = int_param(params, "height", 6, (4, 9))? as u32;
        check_size(w, h)?;
        let moves: String = text_param(params, "moves")?.chars().filter(|c| !c.is_whitespace()).collect();
        let game = Connect4::new(w, h);
        parse(&game, &moves)?;
        Ok(write((w, h), &moves))
    }

    fn play(&self, position: &str, mv: &str) -> Result<String, ApiError> {
        let (size, moves) = split(position)?;
        let game = Connect4::new(size.0, size.1);
        let board = parse(&game, moves)?;
        let mut legal = Vec::new();
        game.moves(&board, &mut legal);
        let column = mv.parse::<u32>().ok().filter(|&c| c >= 1 && legal.contains(&((c - 1) as u8)));
        match column {
            Some(c) => Ok(write(size, &format!("{moves}{c}"))),
            None if legal.is_empty() => Err(ApiError::illegal_move("the game is over")),
            None => {
                let mut open: Vec<u8> = legal.iter().map(|c| c + 1).collect();
                open.sort_unstable();
                let open: Vec<String> = open.iter().map(|c| c.to_string()).collect();
                Err(ApiError::illegal_move(format!("\"{mv}\" is not a playable column; playable: {}", open.join(" "))))
            }
        }
    }

    fn describe(&self, position: &str) -> Option<State> {
        let (size, moves) = split(position).ok()?;
        state(&Connect4::new(size.0, size.1), size, moves, |_| Ok(Val::unknown())).ok()
    }

    fn analyze(&self, position: &str, cx: &Ctx) -> Result<State, ApiError> {
        let (size, moves) = split(position)?;
        let tt = self.table(size);
        if size == Connect4::STANDARD {
            analyze(&Connect4::with_shape(Standard {}), size, moves, tt, cx)
        } else {
            analyze(&Connect4::new(size.0, size.1), size, moves, tt, cx)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::negamax::Negamax;
    use boyi::{Control, Outcome, Step, StepOf, Turn};

    /// Connect Four with win / lose / draw values, straight from the rules.
    struct Plain(Connect4);

    impl Game for Plain {
        type Pos = Board;
        type Move = u8;
        type Value = Outcome;
        fn moves(&self, b: &Board, out: &mut Vec<u8>) {
            self.0.moves(b, out)
        }
        fn play(&self, b: &Board, c: u8) -> StepOf<Self> {
            Step { pos: self.0.drop_in(b, c as u32), reward: (), turn: Turn::Pass }
        }
        fn terminal(&self, b: &Board) -> Outcome {
            if self.0.last_mover_won(b) {
                Outcome::Lose(0)
            } else {
                Outcome::Draw
            }
        }
    }

    #[test]
    fn scores_become_the_remoteness_of_plain_minimax() {
        let plain = Plain(Connect4::new(4, 4));
        let mut brute = Negamax::new(&plain, Control::default());
        let web = Connect4Web::new(1 << 20);
        let cache = crate::cache::Cache::new(1 << 20);
        let ctl = Control::default();
        let cx = Ctx { ctl: &ctl, cache: &cache };
        let mut rng = boyi_games::generate::Rng::new(3);
        for _ in 0..60 {
            let mut moves = String::new();
            let len = rng.range(0, 10);
            for _ in 0..len {
                let b = plain.0.parse(&moves).unwrap();
                let mut legal = Vec::new();
                plain.0.moves(&b, &mut legal);
                if legal.is_empty() {
                    break;
                }
                moves.push(char::from(b'1' + legal[rng.range(0, legal.len() as i64 - 1) as usize]));
            }
            let state = web.analyze(&format!("4x4:{moves}"), &cx).unwrap();
            let b = plain.0.parse(&moves).unwrap();
            for m in &state.moves {
                let child = plain.0.drop_in(&b, m.mv.parse::<u32>().unwrap() - 1);
                let want = brute.value(&child).unwrap().flip();
                match want {
                    Outcome::Draw => assert_eq!(m.value.result, Val::TIE, "{moves} {}", m.mv),
                    _ => assert_eq!(m.value, Val::outcome(want), "{moves} {}", m.mv),
                }
            }
        }
    }

    #[test]
    fn positions_and_moves() {
        let web = Connect4Web::new(1 << 20);
        assert_eq!(web.play("4453", "4").unwrap(), "44534");
        assert_eq!(web.play("6x5:44", "1").unwrap(), "6x5:441");
        assert_eq!(web.play("444444", "4").unwrap_err().code, "illegal_move");
        assert_eq!(web.play("4453", "x").unwrap_err().code, "illegal_move");
        assert_eq!(web.play("4458", "1").unwrap_err().code, "bad_position");
        assert_eq!(web.play("3x3:1", "1").unwrap_err().code, "bad_position");
        let start = |p: serde_json::Value| web.start(p.as_object().unwrap());
        assert_eq!(start(json!({})).unwrap(), "");
        assert_eq!(start(json!({"width": 6, "height": 5, "moves": "4 4 5"})).unwrap(), "6x5:445");
        assert_eq!(start(json!({"width": 9, "height": 9})).unwrap_err().code, "bad_position");
    }
}
