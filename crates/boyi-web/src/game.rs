//! What a game needs to be playable on the page: the [`WebGame`] adapter
//! trait, the values and states it answers with, and the registry.
//!
//! Positions travel as strings in a form of the game's own choosing, so
//! the server keeps nothing per user and a page address holds the whole
//! game. An adapter parses such a string, values every legal move through
//! the engine, plays a move, and says what the page should draw.

use std::sync::Arc;

use boyi::{Control, Outcome};
use serde::Serialize;
use serde_json::{Map, Value as Json};

use crate::cache::Cache;
use crate::error::ApiError;

/// A value for the side to move, as the page colours it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Val {
    /// `win`, `lose`, `draw` (play goes on forever) or `tie` (the game ends level).
    pub result: &'static str,
    /// Moves to the end under best play, when the solver counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// The mover's points minus the opponent's, in games scored by margin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
}

impl Val {
    pub const WIN: &'static str = "win";
    pub const LOSE: &'static str = "lose";
    pub const DRAW: &'static str = "draw";
    pub const TIE: &'static str = "tie";
    /// Not solved: too big or too slow on request.
    pub const UNKNOWN: &'static str = "unknown";

    pub fn unknown() -> Val {
        Val { result: Self::UNKNOWN, remoteness: None, score: None }
    }

    pub fn outcome(o: Outcome) -> Val {
        match o {
            Outcome::Win(r) => Val { result: Self::WIN, remoteness: Some(r), score: None },
            Outcome::Lose(r) => Val { result: Self::LOSE, remoteness: Some(r), score: None },
            Outcome::Draw => Val { result: Self::DRAW, remoteness: None, score: None },
        }
    }

    /// Win or lose without a count of moves (matching values no more).
    pub fn bare(win: bool) -> Val {
        Val { result: if win { Self::WIN } else { Self::LOSE }, remoteness: None, score: None }
    }

    /// A margin: its sign says who is ahead; `left` moves remain.
    pub fn margin(score: i64, left: u32) -> Val {
        let result = match score.signum() {
            1 => Self::WIN,
            -1 => Self::LOSE,
            _ => Self::TIE,
        };
        Val { result, remoteness: Some(left), score: Some(score) }
    }
}

/// One legal move and what it is worth to the mover.
#[derive(Clone, Debug, Serialize)]
pub struct MoveInfo {
    /// The move as `play` takes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// How people name it.
    pub label: String,
    pub value: Val,
    /// The position it leads to, so a page can follow it without asking.
    pub position: String,
    /// Where the page draws it (a column, a cell, a vertex, a heap).
    pub at: Json,
}

/// A position with every legal move valued, best first.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    pub game: &'static str,
    /// The position in canonical form.
    pub position: String,
    /// 0 for the first player, 1 for the second.
    pub to_move: usize,
    /// Whether the game has ended (no legal moves).
    pub over: bool,
    pub value: Val,
    pub moves: Vec<MoveInfo>,
    /// What the page draws; its shape is the game's own.
    pub board: Json,
    /// Which solver produced the values.
    pub solver: &'static str,
}

/// A parameter of a new game, for the page's form.
#[derive(Clone, Debug, Serialize)]
pub struct Param {
    pub name: &'static str,
    pub label: &'static str,
    /// `int`, `text` or `bool`.
    pub kind: &'static str,
    pub default: Json,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    pub help: &'static str,
}

impl Param {
    pub fn int(name: &'static str, label: &'static str, default: i64, min: i64, max: i64, help: &'static str) -> Param {
        Param { name, label, kind: "int", default: default.into(), min: Some(min), max: Some(max), help }
    }

    pub fn text(name: &'static str, label: &'static str, default: &str, help: &'static str) -> Param {
        Param { name, label, kind: "text", default: default.into(), min: None, max: None, help }
    }
}

/// What the game list says about a game.
#[derive(Clone, Debug, Serialize)]
pub struct Info {
    pub id: &'static str,
    pub name: &'static str,
    pub rules: &'static str,
    /// The two players' names, first player first.
    pub players: [&'static str; 2],
    /// `outcome` (win / lose / draw with remoteness) or `score` (margins).
    pub values: &'static str,
    pub params: Vec<Param>,
}

/// What an adapter may use while it solves.
pub struct Ctx<'a> {
    /// The request's cancel flag (raised at its time limit) and memory limit.
    pub ctl: &'a Control,
    /// Solved tables shared between requests, under one memory cap.
    pub cache: &'a Cache,
}

/// A game on the page. One small file a game: see `games/`.
pub trait WebGame: Send + Sync {
    fn info(&self) -> Info;

    /// The first position of a new game; `params` are the form's fields
    /// (missing ones take their defaults).
    fn start(&self, params: &Map<String, Json>) -> Result<String, ApiError>;

    /// The position after `mv`, without solving anything.
    fn play(&self, position: &str, mv: &str) -> Result<String, ApiError>;

    /// The position with every legal move valued; may solve, within `cx`.
    fn analyze(&self, position: &str, cx: &Ctx) -> Result<State, ApiError>;

    /// The position with its moves unvalued, cheaply: what the page draws
    /// when [`WebGame::analyze`] is refused as too big or too slow.
    fn describe(&self, position: &str) -> Option<State> {
        let _ = position;
        None
    }
}

/// Every game the page offers, in the picker's order.
pub fn registry(config: &crate::Config) -> Vec<Arc<dyn WebGame>> {
    use crate::games::*;
    vec![
        Arc::new(connect4::Connect4Web::new(config.table_bytes)),
        Arc::new(young_chess::YoungChessWeb),
        Arc::new(chase::ChaseWeb { torus: false }),
        Arc::new(chase::ChaseWeb { torus: true }),
        Arc::new(geography::GeographyWeb),
        Arc::new(nim::NimWeb),
    ]
}

/// Reads an integer parameter, its default when absent.
pub fn int_param(params: &Map<String, Json>, name: &str, default: i64, range: (i64, i64)) -> Result<i64, ApiError> {
    let v = match params.get(name) {
        None | Some(Json::Null) => return Ok(default),
        Some(Json::Number(n)) => n.as_i64(),
        Some(Json::String(s)) if s.trim().is_empty() => return Ok(default),
        Some(Json::String(s)) => s.trim().parse::<i64>().ok(),
        Some(_) => None,
    };
    let v = v.ok_or_else(|| ApiError::bad_params(format!("parameter `{name}` must be a whole number")))?;
    if v < range.0 || v > range.1 {
        return Err(ApiError::bad_params(format!("parameter `{name}` must be in {}..={}, not {v}", range.0, range.1)));
    }
    Ok(v)
}

/// Reads a text parameter, `""` when absent.
pub fn text_param<'a>(params: &'a Map<String, Json>, name: &str) -> Result<&'a str, ApiError> {
    match params.get(name) {
        None | Some(Json::Null) => Ok(""),
        Some(Json::String(s)) => Ok(s.trim()),
        Some(_) => Err(ApiError::bad_params(format!("parameter `{name}` must be text"))),
    }
}

/// A comma- or space-separated list of whole numbers in `range`.
pub fn numbers(text: &str, what: &str, range: (i64, i64)) -> Result<Vec<i64>, ApiError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>().ok().filter(|v| (range.0..=range.1).contains(v)).ok_or_else(|| {
                ApiError::bad_position(format!("{what}: \"{t}\" is not a number in {}..={}", range.0, range.1))
            })
        })
        .collect()
}

/// The best moves are those of the first move's value (moves come best first).
pub fn choose(moves: &[MoveInfo], skill: f64, mut random: impl FnMut() -> f64) -> Option<&MoveInfo> {
    let best = moves.first()?;
    // Moves grouped by value, best group first: a weaker player picks a
    // group with weight 1 / (k + 1) for the k-th, then a move in it.
    let mut groups: Vec<&[MoveInfo]> = Vec::new();
    let mut rest = moves;
    while let Some(first) = rest.first() {
        let n = rest.iter().take_while(|m| m.value == first.value).count();
        groups.push(&rest[..n]);
        rest = &rest[n..];
    }
    let group = if random() < skill {
        groups[0]
    } else {
        let total: f64 = (0..groups.len()).map(|k| 1.0 / (k as f64 + 1.0)).sum();
        let mut x = random() * total;
        let mut pick = groups[groups.len() - 1];
        for (k, g) in groups.iter().enumerate() {
            x -= 1.0 / (k as f64 + 1.0);
            if x < 0.0 {
                pick = g;
                break;
            }
        }
        pick
    };
    let i = ((random() * group.len() as f64) as usize).min(group.len() - 1);
    Some(group.get(i).unwrap_or(best))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(name: &str, value: Val) -> MoveInfo {
        MoveInfo { mv: name.into(), label: name.into(), value, position: String::new(), at: Json::Null }
    }

    #[test]
    fn perfect_skill_always_picks_a_best_move() {
        let moves = [
            mv("a", Val::outcome(Outcome::Win(3))),
            mv("b", Val::outcome(Outcome::Win(3))),
            mv("c", Val::outcome(Outcome::Win(5))),
            mv("d", Val::outcome(Outcome::Lose(2))),
        ];
        let mut rng = boyi_games::generate::Rng::new(7);
        let mut seen = [0; 4];
        for _ in 0..1000 {
            let m = choose(&moves, 1.0, || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64).unwrap();
            seen[(m.mv.as_bytes()[0] - b'a') as usize] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0 && seen[2] == 0 && seen[3] == 0, "{seen:?}");
    }

    #[test]
    fn zero_skill_still_prefers_better_moves() {
        let moves = [mv("a", Val::outcome(Outcome::Win(1))), mv("b", Val::outcome(Outcome::Lose(1)))];
        let mut rng = boyi_games::generate::Rng::new(1);
        let a = (0..3000)
            .filter(|_| choose(&moves, 0.0, || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64).unwrap().mv == "a")
            .count();
        // weights 1 and 1/2: two thirds of the picks
        assert!((1800..2200).contains(&a), "{a}");
    }
}
