//! Green Hackenbush (HDU 3094 on rooted trees, POJ 3710 on trees hung with
//! polygons): a graph with one vertex on the ground; a move cuts one edge,
//! and every edge no longer connected to the ground falls away; who cannot
//! move loses. Loops and parallel edges are allowed (two parallel edges are
//! a 2-gon).
//!
//! [`Hackenbush`] is the game as stated, a position the set of edges still
//! standing. Its Grundy value comes from the engine's
//! [`green_value`](boyi::solve::hackenbush::green_value) (the colon and
//! fusion principles, linear in the graph); the tests check it against the
//! engine's generic Grundy solver on every tree of up to 7 vertices and on
//! random graphs with cycles, loops and parallel edges.

use boyi::solve::hackenbush::green_value;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Drawing, Target};
use crate::error::Error;
use crate::listing::{best_first, counted, Cx, Info, Listing, Valued};
use crate::notation;
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// A graph: vertices `0..vertices`, vertex 0 on the ground.
#[derive(Clone, Debug)]
pub struct Hackenbush {
    vertices: u32,
    edges: Vec<(u32, u32)>,
    /// For each vertex, (edge, the other end).
    adjacent: Vec<Vec<(u32, u32)>>,
}

/// The edges still standing, one bit each.
pub type Standing = Vec<u64>;

impl Hackenbush {
    /// The graph on `vertices` vertices with these edges (ends below `vertices`).
    pub fn new(vertices: u32, edges: Vec<(u32, u32)>) -> Hackenbush {
        let mut adjacent = vec![Vec::new(); vertices as usize];
        for (i, &(u, v)) in edges.iter().enumerate() {
            adjacent[u as usize].push((i as u32, v));
            if u != v {
                adjacent[v as usize].push((i as u32, u));
            }
        }
        Hackenbush { vertices, edges, adjacent }
    }

    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// Every edge, before any is cut (those off the ground already fallen).
    pub fn start(&self) -> Standing {
        let all = (0..self.edges.len()).fold(vec![0u64; self.edges.len().div_ceil(64)], |mut s, i| {
            s[i / 64] |= 1 << (i % 64);
            s
        });
        self.grounded(&all)
    }

    /// The edges of `standing` still connected to the ground.
    fn grounded(&self, standing: &Standing) -> Standing {
        let mut kept = vec![0u64; standing.len()];
        let mut seen = vec![false; self.vertices as usize];
        let mut stack = vec![0u32];
        seen[0] = true;
        while let Some(u) = stack.pop() {
            for &(e, v) in &self.adjacent[u as usize] {
                if is_standing(standing, e) {
                    kept[e as usize / 64] |= 1 << (e % 64);
                    if !seen[v as usize] {
                        seen[v as usize] = true;
                        stack.push(v);
                    }
                }
            }
        }
        kept
    }

    /// The edges standing, as pairs.
    pub fn standing_edges(&self, standing: &Standing) -> Vec<(u32, u32)> {
        (0..self.edges.len() as u32).filter(|&e| is_standing(standing, e)).map(|e| self.edges[e as usize]).collect()
    }

    /// The Grundy value of a position, by the colon and fusion principles.
    pub fn value(&self, standing: &Standing, ctl: &boyi::Control) -> Result<u64, boyi::Error> {
        green_value(self.vertices as usize, &self.standing_edges(standing), 0, ctl)
    }
}

fn is_standing(standing: &Standing, e: u32) -> bool {
    standing[e as usize / 64] >> (e % 64) & 1 == 1
}

impl Game for Hackenbush {
    type Pos = Standing;
    /// The edge cut.
    type Move = u32;
    type Value = Outcome;

    fn moves(&self, standing: &Standing, out: &mut Vec<u32>) {
        out.extend((0..self.edges.len() as u32).filter(|&e| is_standing(standing, e)));
    }

    fn play(&self, standing: &Standing, e: u32) -> StepOf<Self> {
        let mut cut = standing.clone();
        cut[e as usize / 64] &= !(1 << (e % 64));
        Step { pos: self.grounded(&cut), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Standing) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Hackenbush {}

/// A position of the catalogue: the graph as written, what still stands,
/// and who moves.
#[derive(Clone, Debug)]
pub struct Picture {
    pub standing: Standing,
    pub mover: u8,
}

/// Green Hackenbush in the catalogue. A position is the player to move and
/// the edges standing, vertex 1 on the ground: `1:1-2,2-3,3-1,2-2`.
pub struct HackenbushListing;

static INFO: Info = Info {
    id: "hackenbush",
    name: "Green Hackenbush",
    aliases: &["green-hackenbush"],
    summary: "cut an edge; whatever no longer reaches the ground falls; who cannot move loses",
    rules: "A graph stands on the ground at vertex 1. A move cuts one edge, and every edge no longer \
            connected to the ground falls away. Who cannot move loses. Loops and parallel edges are allowed.",
    players: ["First", "Second"],
    values: "nimber",
    params: &[Param::text("edges", "Edges", "1-2,2-3,3-4,4-2,1-5,5-6,5-7")
        .help("edges u-v, vertex 1 on the ground (loops u-u and repeated edges allowed)")],
    notation: "Position: the player to move and the edges standing, vertex 1 on the ground (1:1-2,2-3,3-1). \
               Move: the edge cut (2-3).",
    end: "",
};

/// Vertices and edges a picture may have.
pub const MAX_VERTICES: u32 = 200_001;
pub const MAX_EDGES: usize = 200_000;
/// Up to this many edges, positions are valued by the counting search.
const COUNTED_EDGES: usize = 14;
const NEGAMAX_BYTES: u64 = 64 << 20;
/// Moves valued one by one (each a linear pass over the graph).
const VALUED_MOVES: usize = 2_000;

/// `u-v` pairs, 1-based, into a graph; the ground is vertex 1.
fn graph(text: &str, error: fn(String) -> Error) -> Result<Hackenbush, Error> {
    let mut edges = Vec::new();
    for part in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|p| !p.is_empty()) {
        let pair = part.split_once('-').and_then(|(u, v)| Some((u.parse::<u32>().ok()?, v.parse::<u32>().ok()?)));
        match pair {
            Some((u, v)) if (1..=MAX_VERTICES).contains(&u) && (1..=MAX_VERTICES).contains(&v) => {
                edges.push((u - 1, v - 1))
            }
            _ => {
                return Err(error(format!(
                    "\"{}\" is not an edge u-v with vertices 1 to {MAX_VERTICES}",
                    notation::shorten(part)
                )))
            }
        }
    }
    if edges.len() > MAX_EDGES {
        return Err(error(format!("{} edges; at most {MAX_EDGES}", edges.len())));
    }
    let vertices = edges.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap_or(1);
    let game = Hackenbush::new(vertices, edges);
    let start = game.start();
    if let Some(e) = (0..game.edges.len() as u32).find(|&e| !is_standing(&start, e)) {
        let (u, v) = game.edges[e as usize];
        return Err(error(format!("edge {}-{} does not reach the ground (vertex 1)", u + 1, v + 1)));
    }
    Ok(game)
}

impl HackenbushListing {
    fn edge_name(game: &Hackenbush, e: u32) -> String {
        let (u, v) = game.edges[e as usize];
        format!("{}-{}", u + 1, v + 1)
    }

    /// One edge of each standing pair of ends: parallel edges are the same move.
    fn distinct(game: &Hackenbush, standing: &Standing) -> Vec<u32> {
        let mut seen = std::collections::HashSet::new();
        (0..game.edges.len() as u32)
            .filter(|&e| is_standing(standing, e))
            .filter(|&e| {
                let (u, v) = game.edges[e as usize];
                seen.insert((u.min(v), u.max(v)))
            })
            .collect()
    }
}

impl Listing for HackenbushListing {
    type Game = Hackenbush;
    type State = Picture;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Hackenbush, Picture), Error> {
        let game = graph(params.text(&INFO.params[0]), Error::Params)?;
        let standing = game.start();
        Ok((game, Picture { standing, mover: 0 }))
    }

    fn parse(&self, text: &str) -> Result<(Hackenbush, Picture), Error> {
        let (mover, rest) = notation::player(text)?;
        let game = graph(rest, Error::Position)?;
        let standing = game.start();
        Ok((game, Picture { standing, mover }))
    }

    fn write(&self, game: &Hackenbush, p: &Picture) -> String {
        let edges = game.standing_edges(&p.standing);
        format!("{}:{}", p.mover + 1, notation::join(edges.iter().map(|&(u, v)| format!("{}-{}", u + 1, v + 1)), ","))
    }

    fn params(&self, game: &Hackenbush, p: &Picture) -> Params {
        let edges = game.standing_edges(&p.standing);
        Params::new().with("edges", notation::join(edges.iter().map(|&(u, v)| format!("{}-{}", u + 1, v + 1)), ","))
    }

    fn pos<'s>(&self, p: &'s Picture) -> &'s Standing {
        &p.standing
    }

    fn play(&self, game: &Hackenbush, p: &Picture, e: u32) -> Picture {
        Picture { standing: game.play(&p.standing, e).pos, mover: 1 - p.mover }
    }

    fn to_move(&self, _: &Hackenbush, p: &Picture) -> usize {
        p.mover as usize
    }

    fn moves(&self, game: &Hackenbush, p: &Picture) -> Vec<u32> {
        Self::distinct(game, &p.standing)
    }

    fn over(&self, _: &Hackenbush, p: &Picture) -> bool {
        p.standing.iter().all(|&w| w == 0)
    }

    fn parse_move(&self, game: &Hackenbush, p: &Picture, text: &str) -> Option<u32> {
        let (u, v) = text.trim().split_once('-')?;
        let (u, v) = (u.trim().parse::<u32>().ok()?.checked_sub(1)?, v.trim().parse::<u32>().ok()?.checked_sub(1)?);
        (0..game.edges.len() as u32).find(|&e| {
            is_standing(&p.standing, e) && (game.edges[e as usize] == (u, v) || game.edges[e as usize] == (v, u))
        })
    }

    fn move_name(&self, game: &Hackenbush, _: &Picture, e: u32) -> String {
        Self::edge_name(game, e)
    }

    fn move_label(&self, game: &Hackenbush, _: &Picture, e: u32) -> String {
        format!("cut edge {}", Self::edge_name(game, e))
    }

    fn target(&self, game: &Hackenbush, _: &Picture, e: u32) -> Option<Target> {
        let (u, v) = game.edges[e as usize];
        Some(Target::Edge([u, v]))
    }

    fn diagram(&self, game: &Hackenbush, p: &Picture) -> Diagram {
        let edges = game.standing_edges(&p.standing);
        let mut touched = vec![false; game.vertices as usize];
        touched[0] = true;
        for &(u, v) in &edges {
            touched[u as usize] = true;
            touched[v as usize] = true;
        }
        Diagram::graph(Drawing {
            vertices: game.vertices,
            edges: edges.iter().map(|&(u, v)| [u, v]).collect(),
            token: None,
            ground: Some(0),
            path: Vec::new(),
            visited: (0..game.vertices).filter(|&v| !touched[v as usize]).collect(),
        })
        .note("vertex 1 stands on the ground")
    }

    fn value(&self, game: &Hackenbush, p: &Picture, cx: &Cx) -> Result<Valued<u32>, Error> {
        let standing = game.standing_edges(&p.standing).len();
        if standing <= COUNTED_EDGES {
            if let Some(mut valued) = counted(game, &p.standing, cx, NEGAMAX_BYTES)? {
                let keep = Self::distinct(game, &p.standing);
                valued.moves.retain(|(e, _)| keep.contains(e));
                // the count says how long; the nimber is what the picture adds to a sum
                let nimber = game.value(&p.standing, cx.ctl)?;
                return Ok(valued.note(format!("nimber {nimber} by the colon and fusion principles")));
            }
        }
        let listed = Self::distinct(game, &p.standing);
        let mut moves = Vec::new();
        for &e in listed.iter().take(VALUED_MOVES) {
            cx.ctl.check()?;
            moves.push((e, Verdict::move_nimber(game.value(&game.play(&p.standing, e).pos, cx.ctl)?)));
        }
        best_first(&mut moves);
        let mut v = Valued::new(
            Verdict::position_nimber(game.value(&p.standing, cx.ctl)?),
            moves,
            "colon and fusion principles",
        );
        v.unlisted = (listed.len() - v.moves.len()) as u64;
        if v.unlisted > 0 {
            v = v.note(format!("the first {VALUED_MOVES} cuts are valued"));
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::grundy::Grundy;
    use boyi::Control;
    use proptest::prelude::*;

    fn check(vertices: u32, edges: Vec<(u32, u32)>) {
        let game = Hackenbush::new(vertices, edges.clone());
        let start = game.start();
        let brute = Grundy::new(&game, Control::default()).value(&start).unwrap() as u64;
        assert_eq!(game.value(&start, &Control::default()).unwrap(), brute, "{edges:?}");
    }

    /// Every labelled tree on up to 7 vertices (by Prüfer sequences), rooted at vertex 0.
    #[test]
    fn every_small_tree_matches_the_generic_solver() {
        let mut trees = 1; // the lone root
        for n in 2..=7u32 {
            let count = (n as usize).pow(n.saturating_sub(2));
            for code in 0..count {
                let prufer: Vec<u32> = (0..n - 2).map(|i| (code / (n as usize).pow(i) % n as usize) as u32).collect();
                check(n, tree_of(n, &prufer));
                trees += 1;
            }
        }
        assert_eq!(trees, 1 + 1 + 3 + 16 + 125 + 1296 + 16807);
    }

    fn tree_of(n: u32, prufer: &[u32]) -> Vec<(u32, u32)> {
        let mut degree = vec![1u32; n as usize];
        for &p in prufer {
            degree[p as usize] += 1;
        }
        let mut edges = Vec::new();
        for &p in prufer {
            let leaf = (0..n).find(|&v| degree[v as usize] == 1).unwrap();
            edges.push((leaf, p));
            degree[leaf as usize] -= 1;
            degree[p as usize] -= 1;
        }
        let rest: Vec<u32> = (0..n).filter(|&v| degree[v as usize] == 1).collect();
        edges.push((rest[0], rest[1]));
        edges
    }

    #[test]
    fn polygons_loops_and_parallel_edges() {
        check(3, vec![(0, 1), (1, 2), (2, 0)]); // triangle at the ground: 1
        check(4, vec![(0, 1), (1, 2), (2, 3), (3, 0)]); // square: 0
        check(2, vec![(0, 1), (1, 0)]); // 2-gon: 0
        check(2, vec![(0, 0), (0, 1), (1, 1)]);
        let game = Hackenbush::new(4, vec![(0, 1), (1, 2), (1, 3), (2, 3)]);
        assert_eq!(game.value(&game.start(), &Control::default()).unwrap(), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Random connected graphs of up to 11 edges: the principles give the Grundy value.
        #[test]
        fn random_graphs_match_the_generic_solver(
            parents in prop::collection::vec(0u32..6, 0..6),
            extra in prop::collection::vec((0u32..7, 0u32..7), 0..6),
        ) {
            let n = parents.len() as u32 + 1;
            let mut edges: Vec<(u32, u32)> = parents.iter().enumerate().map(|(i, &p)| (i as u32 + 1, p % (i as u32 + 1))).collect();
            edges.extend(extra.into_iter().map(|(u, v)| (u % n, v % n)));
            check(n, edges);
        }
    }

    #[test]
    fn cut_edges_take_what_hangs_from_them() {
        let game = Hackenbush::new(4, vec![(0, 1), (1, 2), (2, 3)]);
        let after = game.play(&game.start(), 1).pos;
        assert_eq!(game.standing_edges(&after), [(0, 1)]);
        assert!(graph("1-2,3-4", Error::Position).is_err());
        assert!(graph("1-2,2-0", Error::Position).is_err());
    }
}
