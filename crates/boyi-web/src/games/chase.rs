//! The chase (BZOJ 3106) and the torus chase on the page. Position: the
//! board size (with black's reach after a slash on the torus), white's
//! cell, black's cell (1-based) and who moves: `6:1,1:6,6:w`, `5/2:1,1:1,3:b`.
//!
//! Positions repeat, so the engine's retrograde analysis values the whole
//! board once; the table stays in the cache for every later position.

use boyi::solve::{rank_moves, retrograde::Retrograde};
use boyi::{Game, Indexed, Outcome, Value};
use boyi_games::chase::{Chase, Duel, Pieces};
use serde_json::{json, Map, Value as Json};

use crate::error::ApiError;
use crate::game::{int_param, Ctx, Info, MoveInfo, Param, State, Val, WebGame};

pub struct ChaseWeb {
    pub torus: bool,
}

/// 2·30⁴ = 1.6 M positions: a fraction of a second to solve.
const MAX_N: u32 = 30;

#[derive(Clone, Copy)]
struct Spec {
    n: u32,
    reach: u32,
    pieces: Pieces,
}

impl ChaseWeb {
    fn id(&self) -> &'static str {
        if self.torus {
            "torus-chase"
        } else {
            "chase"
        }
    }

    fn parse(&self, position: &str) -> Result<Spec, ApiError> {
        let parts: Vec<&str> = position.split(':').map(str::trim).collect();
        let [size, white, black, side] = parts[..] else {
            return Err(ApiError::bad_position("expected `n:white row,col:black row,col:w or b`"));
        };
        let (n, reach) = match (self.torus, size.split_once('/')) {
            (true, Some((n, k))) => (n.parse::<u32>().ok(), k.parse::<u32>().ok()),
            (false, None) => {
                let n = size.parse::<u32>().ok();
                (n, n.map(|n| Chase::CQOI_REACH.min(n.saturating_sub(1))))
            }
            _ => (None, None),
        };
        let (Some(n), Some(reach)) = (n.filter(|n| (2..=MAX_N).contains(n)), reach) else {
            return Err(ApiError::bad_position(format!(
                "\"{size}\" is not a board size 2..={MAX_N}{}",
                if self.torus { " with black's reach after a slash, like 5/2" } else { "" }
            )));
        };
        if reach == 0 || reach >= n {
            return Err(ApiError::bad_position(format!("black's reach must be in 1..={}", n - 1)));
        }
        let cell = |text: &str, who: &str| -> Result<(u32, u32), ApiError> {
            text.split_once(',')
                .and_then(|(r, c)| Some((r.trim().parse::<u32>().ok()?, c.trim().parse::<u32>().ok()?)))
                .filter(|&(r, c)| (1..=n).contains(&r) && (1..=n).contains(&c))
                .map(|(r, c)| (r - 1, c - 1))
                .ok_or_else(|| ApiError::bad_position(format!("{who}'s cell \"{text}\" is not row,col in 1..={n}")))
        };
        let white = cell(white, "white")?;
        let black = cell(black, "black")?;
        let white_to_move = match side {
            "w" => true,
            "b" => false,
            _ => return Err(ApiError::bad_position(format!("\"{side}\": who moves is w or b"))),
        };
        Ok(Spec { n, reach, pieces: Pieces { white, black, white_to_move } })
    }

    fn write(&self, spec: &Spec, p: Pieces) -> String {
        let size = if self.torus { format!("{}/{}", spec.n, spec.reach) } else { spec.n.to_string() };
        let side = if p.white_to_move { "w" } else { "b" };
        format!("{size}:{},{}:{},{}:{side}", p.white.0 + 1, p.white.1 + 1, p.black.0 + 1, p.black.1 + 1)
    }

    fn game(&self, spec: &Spec) -> Chase {
        if self.torus {
            Chase::torus(spec.n, spec.reach)
        } else {
            Chase::new(spec.n, spec.reach)
        }
    }
}

/// Packed outcomes of every position of one board, by rank.
struct Solved(Vec<u16>);

impl WebGame for ChaseWeb {
    fn info(&self) -> Info {
        let mut params =
            vec![Param::int("n", "Board size", if self.torus { 5 } else { 6 }, 2, MAX_N as i64, "2 to 30")];
        if self.torus {
            params.push(Param::int("reach", "Black's reach", 2, 1, MAX_N as i64 - 1, "cells black moves in a line"));
        }
        params.extend([
            Param::int("wr", "White's row", 1, 1, MAX_N as i64, ""),
            Param::int("wc", "White's column", 1, 1, MAX_N as i64, ""),
            Param::int("br", "Black's row", if self.torus { 1 } else { 6 }, 1, MAX_N as i64, ""),
            Param::int("bc", "Black's column", if self.torus { 3 } else { 6 }, 1, MAX_N as i64, ""),
        ]);
        Info {
            id: self.id(),
            name: if self.torus { "Torus chase" } else { "Chase (CQOI 2013)" },
            rules: if self.torus {
                "The chase on a torus: the edges wrap around, and black moves up to its reach in a line. \
                 The chased piece may run forever: a draw."
            } else {
                "White steps one cell up, down, left or right; black one or two cells in a line. \
                 Moving onto the other piece wins. White moves first."
            },
            players: ["White", "Black"],
            values: "outcome",
            params,
        }
    }

    fn start(&self, params: &Map<String, Json>) -> Result<String, ApiError> {
        let n = int_param(params, "n", if self.torus { 5 } else { 6 }, (2, MAX_N as i64))? as u32;
        let reach = if self.torus {
            int_param(params, "reach", 2, (1, n as i64 - 1))? as u32
        } else {
            Chase::CQOI_REACH.min(n - 1)
        };
        let cell = |r: &str, c: &str, dr: i64, dc: i64| -> Result<(u32, u32), ApiError> {
            let r = int_param(params, r, dr.min(n as i64), (1, n as i64))? as u32;
            let c = int_param(params, c, dc.min(n as i64), (1, n as i64))? as u32;
            Ok((r - 1, c - 1))
        };
        let white = cell("wr", "wc", 1, 1)?;
        let black = if self.torus { cell("br", "bc", 1, 3)? } else { cell("br", "bc", n as i64, n as i64)? };
        if white == black {
            return Err(ApiError::bad_params("the two pieces must start on different cells"));
        }
        let spec = Spec { n, reach, pieces: Pieces { white, black, white_to_move: true } };
        Ok(self.write(&spec, spec.pieces))
    }

    fn play(&self, position: &str, mv: &str) -> Result<String, ApiError> {
        let spec = self.parse(position)?;
        let game = self.game(&spec);
        let pos = game.pos(spec.pieces);
        let target = mv.split_once(',').and_then(|(r, c)| {
            Some((r.trim().parse::<u32>().ok()?.checked_sub(1)?, c.trim().parse::<u32>().ok()?.checked_sub(1)?))
        });
        let mut legal = Vec::new();
        game.moves(&pos, &mut legal);
        if legal.is_empty() {
            return Err(ApiError::illegal_move("the game is over: a piece was captured"));
        }
        match legal.into_iter().find(|&m| target.is_some() && game.target(pos, m) == target) {
            Some(m) => Ok(self.write(&spec, game.pieces(game.play(&pos, m).pos))),
            None => Err(ApiError::illegal_move(format!("the piece to move cannot reach \"{mv}\" (row,col, 1-based)"))),
        }
    }

    fn analyze(&self, position: &str, cx: &Ctx) -> Result<State, ApiError> {
        let spec = self.parse(position)?;
        let game = self.game(&spec);
        let key = format!("{}:{}/{}", self.id(), spec.n, spec.reach);
        let solved = cx.cache.get_or(&key, || {
            let table = Retrograde::solve(&game, cx.ctl)?;
            let values: Vec<u16> = (0..game.size()).map(|r| table.value_at(r).pack()).collect();
            let bytes = values.len() as u64 * 2;
            Ok::<_, ApiError>((Solved(values), bytes))
        })?;
        let value_of = |pos: &Duel| Outcome::unpack(solved.0[game.rank(pos) as usize]);
        let pos: Duel = game.pos(spec.pieces);
        let analysis = rank_moves(&game, &pos, |child| Ok(value_of(child)))?;
        let moves = analysis
            .iter()
            .map(|m| {
                let (r, c) = game.target(pos, m.mv).expect("a legal move lands on the board");
                MoveInfo {
                    mv: format!("{},{}", r + 1, c + 1),
                    label: format!("to row {}, column {}", r + 1, c + 1),
                    value: Val::outcome(m.value),
                    position: self.write(&spec, game.pieces(game.play(&pos, m.mv).pos)),
                    at: json!([r, c]),
                }
            })
            .collect::<Vec<_>>();
        let p = spec.pieces;
        Ok(State {
            game: self.id(),
            position: self.write(&spec, p),
            to_move: if p.white_to_move { 0 } else { 1 },
            over: moves.is_empty(),
            value: Val::outcome(value_of(&pos)),
            moves,
            board: json!({
                "n": spec.n,
                "reach": spec.reach,
                "torus": self.torus,
                "white": [p.white.0, p.white.1],
                "black": [p.black.0, p.black.1],
                "captured": p.white == p.black,
            }),
            solver: "retrograde",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::Control;

    #[test]
    fn values_match_the_judge_answers() {
        let ctl = Control::default();
        let cache = crate::cache::Cache::new(16 << 20);
        let cx = Ctx { ctl: &ctl, cache: &cache };
        let chase = ChaseWeb { torus: false };
        // examples/chase: `2 1 1 2 2` -> BLACK 2.
        let s = chase.analyze("2:1,1:2,2:w", &cx).unwrap();
        assert_eq!(s.value, Val::outcome(Outcome::Lose(2)));
        // Side by side, white captures at once.
        let s = chase.analyze("3:1,1:1,2:w", &cx).unwrap();
        assert_eq!(s.value, Val::outcome(Outcome::Win(1)));
        assert_eq!(s.moves[0].mv, "1,2");
        assert_eq!(chase.play("3:1,1:1,2:w", "1,2").unwrap(), "3:1,2:1,2:b");
        assert!(chase.analyze("3:1,2:1,2:b", &cx).unwrap().over);
        assert_eq!(chase.play("3:1,1:3,3:w", "3,3").unwrap_err().code, "illegal_move");
        let torus = ChaseWeb { torus: true };
        // examples/torus-chase: `5 2 1 1 1 3` -> DRAW.
        assert_eq!(torus.analyze("5/2:1,1:1,3:w", &cx).unwrap().value.result, Val::DRAW);
        assert_eq!(torus.analyze("5:1,1:1,3:w", &cx).unwrap_err().code, "bad_position");
        assert_eq!(chase.analyze("31:1,1:1,3:w", &cx).unwrap_err().code, "bad_position");
    }
}
