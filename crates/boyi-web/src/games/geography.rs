//! Undirected vertex geography on the page. Position: the vertex count,
//! the edges, then the token's path from its start (1-based):
//! `4:1-2,2-3,3-4:1,2` (the token started on 1 and moved to 2).
//!
//! On the page's small graphs the engine's memoised negamax counts the
//! moves to the end; should its memo outgrow a small budget, the values
//! come from maximum matchings instead, win / lose without a count.

use boyi::solve::matching::{Graph, Matching};
use boyi::solve::negamax::Negamax;
use boyi::solve::rank_moves;
use boyi::{Control, Game};
use boyi_games::geography::{Geography, Token};
use serde_json::{json, Map, Value as Json};

use crate::error::ApiError;
use crate::game::{int_param, text_param, Ctx, Info, MoveInfo, Param, State, Val, WebGame};

pub struct GeographyWeb;

const MAX_VERTICES: u32 = 40;
const MAX_EDGES: usize = 200;
/// Memo budget of the counting search before matching takes over.
const NEGAMAX_BYTES: u64 = 32 << 20;

struct Spec {
    n: u32,
    edges: Vec<(u32, u32)>,
    path: Vec<u32>,
}

impl Spec {
    fn write(&self, path: &[u32]) -> String {
        let edges: Vec<String> = self.edges.iter().map(|(u, v)| format!("{}-{}", u + 1, v + 1)).collect();
        let path: Vec<String> = path.iter().map(|v| (v + 1).to_string()).collect();
        format!("{}:{}:{}", self.n, edges.join(","), path.join(","))
    }

    /// Replays the path, checking every step.
    fn replay(&self, game: &Geography) -> Result<Token, ApiError> {
        let mut pos = game.start(self.path[0]);
        let mut legal = Vec::new();
        for (i, &v) in self.path.iter().enumerate().skip(1) {
            legal.clear();
            game.moves(&pos, &mut legal);
            if !legal.contains(&v) {
                return Err(ApiError::bad_position(format!("move {i}: the token cannot go to vertex {}", v + 1)));
            }
            pos = game.play(&pos, v).pos;
        }
        Ok(pos)
    }
}

fn vertex(text: &str, n: u32) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|v| (1..=n).contains(v)).map(|v| v - 1)
}

fn edge_list(text: &str, n: u32) -> Result<Vec<(u32, u32)>, ApiError> {
    let edges: Vec<(u32, u32)> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.split_once('-').and_then(|(u, v)| Some((vertex(u, n)?, vertex(v, n)?))).ok_or_else(|| {
                ApiError::bad_position(format!("\"{t}\" is not an edge like 2-5 between vertices 1..={n}"))
            })
        })
        .collect::<Result<_, _>>()?;
    if edges.len() > MAX_EDGES {
        return Err(ApiError::too_big(format!("{} edges; the page plays on at most {MAX_EDGES}", edges.len())));
    }
    Ok(edges)
}

fn parse(position: &str) -> Result<Spec, ApiError> {
    let parts: Vec<&str> = position.split(':').collect();
    let [n, edges, path] = parts[..] else {
        return Err(ApiError::bad_position("expected `n:edges:path`, like 4:1-2,2-3,3-4:1,2"));
    };
    let n = n
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_VERTICES).contains(n))
        .ok_or_else(|| ApiError::bad_position(format!("\"{n}\" is not a vertex count 1..={MAX_VERTICES}")))?;
    let edges = edge_list(edges, n)?;
    let path = path
        .split(',')
        .filter(|t| !t.trim().is_empty())
        .map(|t| vertex(t, n).ok_or_else(|| ApiError::bad_position(format!("\"{t}\" is not a vertex 1..={n}"))))
        .collect::<Result<Vec<u32>, _>>()?;
    if path.is_empty() {
        return Err(ApiError::bad_position("the path needs at least the start vertex"));
    }
    Ok(Spec { n, edges, path })
}

/// A few graphs by name: `grid RxC`, `cycle N`, `petersen`.
fn preset(text: &str) -> Option<(u32, Vec<(u32, u32)>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        ["grid", size] => {
            let (r, c) = size.split_once('x')?;
            let (r, c) = (r.parse::<u32>().ok()?, c.parse::<u32>().ok()?);
            if r == 0 || c == 0 || r * c > MAX_VERTICES {
                return None;
            }
            let mut e = Vec::new();
            for i in 0..r {
                for j in 0..c {
                    let v = i * c + j;
                    if j + 1 < c {
                        e.push((v, v + 1));
                    }
                    if i + 1 < r {
                        e.push((v, v + c));
                    }
                }
            }
            Some((r * c, e))
        }
        ["cycle", n] => {
            let n = n.parse::<u32>().ok().filter(|n| (3..=MAX_VERTICES).contains(n))?;
            Some((n, (0..n).map(|v| (v, (v + 1) % n)).collect()))
        }
        ["petersen"] => {
            let mut e: Vec<(u32, u32)> = (0..5).map(|v| (v, (v + 1) % 5)).collect();
            e.extend((0..5).map(|v| (v, v + 5)));
            e.extend((0..5).map(|v| (v + 5, (v + 2) % 5 + 5)));
            Some((10, e))
        }
        _ => None,
    }
}

type Valued = (Val, Vec<(u32, Val)>);

/// Win / lose with the count of moves, by memoised negamax within `budget` bytes.
fn counted(game: &Geography, pos: &Token, ctl: &Control, budget: u64) -> Result<Valued, boyi::Error> {
    let mut search = Negamax::new(game, ctl.clone().with_memory_limit(budget.min(ctl.memory_limit())));
    let value = search.value(pos)?;
    let moves = rank_moves(game, pos, |c| search.value(c))?;
    Ok((Val::outcome(value), moves.iter().map(|m| (m.mv, Val::outcome(m.value))).collect()))
}

/// Win / lose without a count, by maximum matching.
fn matched(spec: &Spec, pos: &Token, ctl: &Control) -> Result<Valued, boyi::Error> {
    let graph = Graph::from_edges(spec.n as usize, &spec.edges);
    let mut m = Matching::maximum(&graph, ctl)?;
    for v in pos.visited() {
        m.delete(v);
    }
    let value = Val::bare(m.mover_wins(pos.at));
    let mut moves: Vec<(u32, bool)> = m.geography_moves(pos.at);
    moves.sort_by_key(|&(w, win)| (!win, w));
    Ok((value, moves.into_iter().map(|(w, win)| (w, Val::bare(win))).collect()))
}

impl WebGame for GeographyWeb {
    fn info(&self) -> Info {
        Info {
            id: "geography",
            name: "Geography",
            rules: "Slide the token along an edge to a vertex it has not visited; the vertex it leaves is \
                    used up. Who cannot move loses.",
            players: ["First", "Second"],
            values: "outcome",
            params: vec![
                Param::text(
                    "graph",
                    "Graph",
                    "grid 3x4",
                    "edges like 1-2 2-3 3-1, or grid RxC, cycle N, petersen (at most 40 vertices)",
                ),
                Param::int("start", "Start vertex", 1, 1, MAX_VERTICES as i64, ""),
            ],
        }
    }

    fn start(&self, params: &Map<String, Json>) -> Result<String, ApiError> {
        let text = match text_param(params, "graph")? {
            "" => "grid 3x4",
            t => t,
        };
        let (n, edges) = match preset(text) {
            Some(p) => p,
            None => {
                let edges = edge_list(text, MAX_VERTICES).map_err(|e| ApiError::bad_params(e.message))?;
                let n = edges.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap_or(1);
                (n, edges)
            }
        };
        let start = int_param(params, "start", 1, (1, n as i64))? as u32 - 1;
        Ok(Spec { n, edges, path: vec![] }.write(&[start]))
    }

    fn play(&self, position: &str, mv: &str) -> Result<String, ApiError> {
        let spec = parse(position)?;
        let game = Geography::new(Graph::from_edges(spec.n as usize, &spec.edges));
        let pos = spec.replay(&game)?;
        let mut legal = Vec::new();
        game.moves(&pos, &mut legal);
        match vertex(mv, spec.n).filter(|v| legal.contains(v)) {
            Some(v) => {
                let mut path = spec.path.clone();
                path.push(v);
                Ok(spec.write(&path))
            }
            None if legal.is_empty() => Err(ApiError::illegal_move("the game is over: the token cannot move")),
            None => Err(ApiError::illegal_move(format!("the token cannot move to \"{mv}\""))),
        }
    }

    fn analyze(&self, position: &str, cx: &Ctx) -> Result<State, ApiError> {
        let spec = parse(position)?;
        let game = Geography::new(Graph::from_edges(spec.n as usize, &spec.edges));
        let pos = spec.replay(&game)?;
        let ((value, valued), solver) = match counted(&game, &pos, cx.ctl, NEGAMAX_BYTES) {
            Ok(v) => (v, "negamax"),
            Err(boyi::Error::Memory { .. }) => (matched(&spec, &pos, cx.ctl)?, "matching"),
            Err(e) => return Err(e.into()),
        };
        let moves = valued
            .into_iter()
            .map(|(w, value)| {
                let mut path = spec.path.clone();
                path.push(w);
                MoveInfo {
                    mv: (w + 1).to_string(),
                    label: format!("to vertex {}", w + 1),
                    value,
                    position: spec.write(&path),
                    at: json!(w),
                }
            })
            .collect::<Vec<_>>();
        Ok(State {
            game: "geography",
            position: spec.write(&spec.path),
            to_move: (spec.path.len() + 1) % 2,
            over: moves.is_empty(),
            value,
            moves,
            board: json!({
                "n": spec.n,
                "edges": spec.edges.iter().map(|&(u, v)| [u, v]).collect::<Vec<_>>(),
                "path": spec.path,
            }),
            solver,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_moves_and_agrees_with_matching() {
        let ctl = Control::default();
        let cache = crate::cache::Cache::new(1 << 20);
        let cx = Ctx { ctl: &ctl, cache: &cache };
        // A path 1-2-3 with the token in the middle: either move wins at once.
        let s = GeographyWeb.analyze("3:1-2,2-3:2", &cx).unwrap();
        assert_eq!(s.value, Val::outcome(boyi::Outcome::Win(1)));
        assert_eq!(s.moves.len(), 2);
        let start = |p: serde_json::Value| GeographyWeb.start(p.as_object().unwrap());
        for (graph, at) in [("petersen", 3), ("grid 3x4", 1), ("cycle 7", 2), ("1-2 2-3 3-1 3-4 4-5 5-6 6-4", 1)] {
            let spec = parse(&start(json!({"graph": graph, "start": at})).unwrap()).unwrap();
            let game = Geography::new(Graph::from_edges(spec.n as usize, &spec.edges));
            let pos = spec.replay(&game).unwrap();
            let (value, moves) = counted(&game, &pos, &ctl, NEGAMAX_BYTES).unwrap();
            let (bare, bare_moves) = matched(&spec, &pos, &ctl).unwrap();
            assert_eq!(value.result, bare.result, "{graph}");
            for (w, v) in moves {
                assert_eq!(Some(v.result), bare_moves.iter().find(|m| m.0 == w).map(|m| m.1.result), "{graph} {w}");
            }
        }
        // A graph whose paths outgrow the budget falls back to matching.
        let big = start(json!({"graph": "grid 6x6"})).unwrap();
        let s = GeographyWeb.analyze(&big, &cx).unwrap();
        let spec = parse(&big).unwrap();
        let game = Geography::new(Graph::from_edges(spec.n as usize, &spec.edges));
        let pos = spec.replay(&game).unwrap();
        assert!(counted(&game, &pos, &ctl, 1 << 10).is_err());
        assert_eq!(s.value.result, matched(&spec, &pos, &ctl).unwrap().0.result);
        assert_eq!(GeographyWeb.play("3:1-2,2-3:2", "2").unwrap_err().code, "illegal_move");
        assert_eq!(GeographyWeb.play("3:1-2,2-3:2", "3").unwrap(), "3:1-2,2-3:2,3");
        assert_eq!(GeographyWeb.analyze("3:1-2,2-3:1,3", &cx).unwrap_err().code, "bad_position");
    }
}
