//! Undirected vertex geography: a token sits on a vertex of an undirected
//! graph; the mover slides it along an edge to a vertex not visited yet, and
//! the vertex it leaves counts as visited. Who cannot move loses.
//!
//! [`Geography`] is the game as stated, for replaying moves and for the
//! generic solvers on small graphs. Its value comes from matchings
//! ([`boyi::solve::matching`]): the mover wins exactly when the token's
//! vertex lies in every maximum matching of the unvisited graph.

use boyi::solve::matching::{Graph, Matching};
use boyi::{Game, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Drawing, Target};
use crate::error::Error;
use crate::listing::{counted, Cx, Info, Listing, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

pub struct Geography {
    graph: Graph,
}

/// The visited vertices (a bitset, not counting the token's) and the token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    visited: Vec<u64>,
    pub at: u32,
}

impl Token {
    pub fn is_visited(&self, v: u32) -> bool {
        self.visited[v as usize / 64] >> (v % 64) & 1 == 1
    }

    /// Visited vertices, the token's not included.
    pub fn visited(&self) -> impl Iterator<Item = u32> + '_ {
        self.visited
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| boyi::index::bitmask::ones(w).map(move |b| i as u32 * 64 + b))
    }
}

impl Geography {
    pub fn new(graph: Graph) -> Self {
        Geography { graph }
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Nothing visited, the token on `at`.
    pub fn start(&self, at: u32) -> Token {
        Token { visited: vec![0; self.graph.len().div_ceil(64)], at }
    }
}

impl Game for Geography {
    type Pos = Token;
    /// The vertex the token moves to.
    type Move = u32;
    type Value = Outcome;

    fn moves(&self, pos: &Token, out: &mut Vec<u32>) {
        out.extend(self.graph.neighbours(pos.at).iter().filter(|&&w| !pos.is_visited(w)));
    }

    fn play(&self, pos: &Token, to: u32) -> StepOf<Self> {
        let mut next = pos.clone();
        next.visited[pos.at as usize / 64] |= 1 << (pos.at % 64);
        next.at = to;
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Token) -> Outcome {
        Outcome::Lose(0)
    }
}

/// Geography in the catalogue. A position is the vertex count, the edges,
/// and the token's path from its start (1-based): `4:1-2,2-3,3-4:1,2`.
/// Small graphs are valued by negamax, which counts the moves to the end;
/// larger ones by maximum matchings, which say who wins but not how soon.
pub struct GeographyListing;

/// The token and the path it took.
#[derive(Clone, Debug)]
pub struct Walk {
    pub token: Token,
    pub path: Vec<u32>,
}

static INFO: Info = Info {
    id: "geography",
    name: "Geography",
    aliases: &[],
    summary: "slide a token along the edges of a graph, never back to a vertex it has visited",
    rules: "Slide the token along an edge to a vertex it has not visited; the vertex it leaves is used up. \
            Who cannot move loses.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[
        Param::text("graph", "Graph", "grid 3x4").help("edges like 1-2 2-3 3-1, or grid RxC, cycle N, petersen"),
        Param::int("start", "Start vertex", "1", 1, 10_000_000),
    ],
    notation: "Position: n:edges:path, edges as u-v and the token's path from its start (4:1-2,2-3,3-4:1,2). \
               Move: the vertex the token moves to (3).",
    end: "",
};

/// Graphs with more vertices are valued by matching only: negamax keeps a
/// visited set a position, and its memo would grow without bound.
const COUNTED_VERTICES: usize = 40;
/// Memory of the counting search before matching takes over.
const NEGAMAX_BYTES: u64 = 32 << 20;

/// A few graphs by name: `grid RxC`, `cycle N`, `petersen`.
fn preset(text: &str) -> Option<(u32, Vec<(u32, u32)>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        ["grid", size] => {
            let (r, c) = notation::size(size, "grid", 100).ok()?;
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
            let n = n.parse::<u32>().ok().filter(|n| (3..=10_000).contains(n))?;
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

/// Edges `u-v` (1-based) between vertices `1..=n`, 0-based out.
fn edge_list(text: &str, n: u32, error: fn(String) -> Error) -> Result<Vec<(u32, u32)>, Error> {
    let vertex = |t: &str| t.trim().parse::<u32>().ok().filter(|v| (1..=n).contains(v)).map(|v| v - 1);
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.split_once('-').and_then(|(u, v)| Some((vertex(u)?, vertex(v)?))).ok_or_else(|| {
                error(format!("\"{}\" is not an edge like 2-5 between vertices 1 to {n}", notation::shorten(t)))
            })
        })
        .collect()
}

impl GeographyListing {
    /// The token on `at`, nothing visited.
    pub fn start_of(game: &Geography, at: u32) -> Walk {
        Walk { token: game.start(at), path: vec![at] }
    }

    /// Each edge once, `u < v`, in order; self-loops (which change nothing) left out.
    fn edges(game: &Geography) -> Vec<(u32, u32)> {
        let g = game.graph();
        let mut out: Vec<(u32, u32)> = (0..g.len() as u32)
            .flat_map(|u| g.neighbours(u).iter().filter(move |&&v| u < v).map(move |&v| (u, v)))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

impl Listing for GeographyListing {
    type Game = Geography;
    type State = Walk;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Geography, Walk), Error> {
        let [graph, start] = &INFO.params else { unreachable!() };
        let (n, edges) = match preset(params.text(graph)) {
            Some(p) => p,
            None => {
                let edges = edge_list(params.text(graph), 1_000_000, Error::Params)?;
                (edges.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap_or(1), edges)
            }
        };
        let at = params.int(start)? as u32;
        if at > n {
            return Err(Error::params(format!("the start vertex must be from 1 to {n}, not {at}")));
        }
        let game = Geography::new(Graph::from_edges(n as usize, &edges));
        let walk = Self::start_of(&game, at - 1);
        Ok((game, walk))
    }

    fn parse(&self, text: &str) -> Result<(Geography, Walk), Error> {
        let p = notation::parts(text, 3, 3, "4:1-2,2-3,3-4:1,2")?;
        let n: u32 = notation::number(p[0], "the vertex count", 1, 10_000_000)?;
        let edges = edge_list(p[1], n, Error::Position)?;
        let path: Vec<u32> = notation::list(p[2], "a vertex of the path", 1, n)?;
        let Some((&first, rest)) = path.split_first() else {
            return Err(Error::position("the path needs at least the start vertex"));
        };
        let game = Geography::new(Graph::from_edges(n as usize, &edges));
        let mut walk = Self::start_of(&game, first - 1);
        for (i, &v) in rest.iter().enumerate() {
            let mut legal = Vec::new();
            game.moves(&walk.token, &mut legal);
            if !legal.contains(&(v - 1)) {
                return Err(Error::position(format!("move {}: the token cannot go to vertex {v}", i + 1)));
            }
            walk = self.play(&game, &walk, v - 1);
        }
        Ok((game, walk))
    }

    fn write(&self, game: &Geography, walk: &Walk) -> String {
        let edges = join(Self::edges(game).iter().map(|(u, v)| format!("{}-{}", u + 1, v + 1)), ",");
        format!("{}:{edges}:{}", game.graph().len(), join(walk.path.iter().map(|v| v + 1), ","))
    }

    fn params(&self, game: &Geography, walk: &Walk) -> Params {
        let edges = join(Self::edges(game).iter().map(|(u, v)| format!("{}-{}", u + 1, v + 1)), " ");
        Params::new().with("graph", edges).with("start", walk.path[0] + 1)
    }

    fn pos<'s>(&self, walk: &'s Walk) -> &'s Token {
        &walk.token
    }

    fn play(&self, game: &Geography, walk: &Walk, to: u32) -> Walk {
        let mut path = walk.path.clone();
        path.push(to);
        Walk { token: game.play(&walk.token, to).pos, path }
    }

    fn to_move(&self, _: &Geography, walk: &Walk) -> usize {
        (walk.path.len() + 1) % 2
    }

    fn move_name(&self, _: &Geography, _: &Walk, to: u32) -> String {
        (to + 1).to_string()
    }

    fn move_label(&self, _: &Geography, _: &Walk, to: u32) -> String {
        format!("to vertex {}", to + 1)
    }

    fn target(&self, _: &Geography, _: &Walk, to: u32) -> Option<Target> {
        Some(Target::Vertex(to))
    }

    fn diagram(&self, game: &Geography, walk: &Walk) -> Diagram {
        Diagram::graph(Drawing {
            vertices: game.graph().len() as u32,
            edges: Self::edges(game).into_iter().map(|(u, v)| [u, v]).collect(),
            token: Some(walk.token.at),
            ground: None,
            path: walk.path.clone(),
            visited: walk.token.visited().collect(),
        })
    }

    fn value(&self, game: &Geography, walk: &Walk, cx: &Cx) -> Result<Valued<u32>, Error> {
        if game.graph().len() <= COUNTED_VERTICES {
            if let Some(valued) = counted(game, &walk.token, cx, NEGAMAX_BYTES)? {
                return Ok(valued);
            }
        }
        let mut m = Matching::maximum(game.graph(), cx.ctl)?;
        for v in walk.token.visited() {
            m.delete(v);
        }
        let value = Verdict::bare(m.mover_wins(walk.token.at));
        let mut moves = m.geography_moves(walk.token.at);
        moves.sort_by_key(|&(w, win)| (!win, w));
        let moves = moves.into_iter().map(|(w, win)| (w, Verdict::bare(win))).collect();
        let solver = if m.is_bipartite() { "matching (Hopcroft-Karp)" } else { "matching (Edmonds' blossoms)" };
        Ok(Valued::new(value, moves, solver).note("values say who wins, not how soon: matching does not count moves"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::negamax::Negamax;
    use boyi::Control;
    use proptest::prelude::*;

    /// Every line of play, on adjacency bitmasks.
    fn brute(adj: &[u32], live: u32, at: u32) -> bool {
        let rest = live & !(1 << at);
        (0..adj.len() as u32).any(|w| rest >> w & 1 == 1 && adj[at as usize] >> w & 1 == 1 && !brute(adj, rest, w))
    }

    fn graphs() -> impl Strategy<Value = (usize, Vec<(u32, u32)>, bool)> {
        (1usize..=12, any::<bool>()).prop_flat_map(|(n, bipartite)| {
            (
                Just(n),
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..=2 * n),
                proptest::collection::vec(any::<bool>(), n),
                Just(bipartite),
            )
                .prop_map(|(n, edges, side, bipartite)| {
                    let edges = edges
                        .into_iter()
                        .filter(|&(a, b)| !bipartite || side[a as usize] != side[b as usize])
                        .collect();
                    (n, edges, bipartite)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Matching, the generic negamax over the rules, and plain
        /// exhaustive search agree from every start and after every move.
        #[test]
        fn matching_equals_exhaustive_search((n, edges, bipartite) in graphs()) {
            let mut adj = vec![0u32; n];
            for &(a, b) in &edges {
                if a != b {
                    adj[a as usize] |= 1 << b;
                    adj[b as usize] |= 1 << a;
                }
            }
            let game = Geography::new(Graph::from_edges(n, &edges));
            let ctl = Control::default();
            let mut negamax = Negamax::new(&game, ctl.clone());
            let all = ((1u64 << n) - 1) as u32;
            for s in 0..n as u32 {
                let mut m = Matching::maximum(game.graph(), &ctl).unwrap();
                if bipartite {
                    prop_assert!(m.is_bipartite());
                }
                let want = brute(&adj, all, s);
                prop_assert_eq!(m.mover_wins(s), want);
                prop_assert_eq!(negamax.value(&game.start(s)).unwrap().is_win(), want);
                for (w, wins) in m.geography_moves(s) {
                    prop_assert_eq!(wins, !brute(&adj, all & !(1 << s), w), "{} -> {}", s, w);
                    let child = game.play(&game.start(s), w).pos;
                    prop_assert_eq!(negamax.value(&child).unwrap().is_win(), !wins);
                }
            }
        }
    }
}
