//! Undirected vertex geography on a graph given as an edge list: `n m`,
//! `m` lines `u v`, then the start vertex `s` (1-based). The answer is
//! `WIN` and the winning first moves, or `LOSE`.

use boyi::solve::matching::{Graph, Matching};
use boyi::Control;

use super::tokens::Tokens;
use super::{only_case, Problem, SolveOptions};
use crate::error::{reserve, Error};
use crate::geography::{Geography, GeographyListing};
use crate::listing::{Entry, Listing};

pub struct GeographyProblem;

const MAX_VERTICES: u32 = 10_000_000;

fn parse(input: &str, ctl: &Control) -> Result<(Geography, u32), Error> {
    let mut t = Tokens::new(input);
    let n: u32 = t.number_in("the vertex count n", 1..=MAX_VERTICES)?;
    let m: u64 = t.number_in("the edge count m", 0..=Graph::MAX_EDGES)?;
    reserve(ctl, "the graph and its matching", Graph::bytes_for(n as u64, m))?;
    let mut edges = Vec::with_capacity(m.min(1 << 20) as usize);
    for i in 1..=m {
        let u: u32 = t.number_in(&format!("vertex u of edge {i}"), 1..=n)?;
        let v: u32 = t.number_in(&format!("vertex v of edge {i}"), 1..=n)?;
        edges.push((u - 1, v - 1));
    }
    let s: u32 = t.number_in("the start vertex s", 1..=n)?;
    t.finish()?;
    Ok((Geography::new(Graph::from_edges(n as usize, &edges)), s - 1))
}

impl Problem for GeographyProblem {
    fn id(&self) -> &'static str {
        "geography"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["vertex-geography", "undirected-vertex-geography"]
    }

    fn summary(&self) -> &'static str {
        "Undirected vertex geography on an edge list: the mover wins iff every maximum matching covers the token"
    }

    fn help(&self) -> &'static str {
        "Input: `n m` (vertices 1..n, m edges), then m lines `u v`, then the start vertex s. Self-loops and\n\
         repeated edges are allowed and change nothing.\n\
         Output: `WIN` and, on a second line, every winning first move (vertices, ascending); or `LOSE`.\n\
         The player to move wins iff the token's vertex is in every maximum matching of the unvisited graph:\n\
         Hopcroft-Karp on bipartite graphs, Edmonds' blossoms otherwise.\n\
         Example (a path 1-2-3, the token in the middle):\n  3 2\n  1 2\n  2 3\n  2\n  -> WIN\n  -> 1 3\n\
         Sizes: n <= 10^7; about 50 bytes a vertex and 24 an edge (10^6 vertices, 3*10^6 edges: 120 MiB)."
    }

    fn game(&self) -> &'static dyn Entry {
        &GeographyListing
    }

    fn solve(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        options.only_defaults(self.id())?;
        let (game, s) = parse(input, ctl)?;
        let mut m = Matching::maximum(game.graph(), ctl)?;
        let mut winning: Vec<u32> = m.geography_moves(s).into_iter().filter(|&(_, win)| win).map(|(w, _)| w).collect();
        if winning.is_empty() {
            return Ok("LOSE\n".to_string());
        }
        winning.sort_unstable();
        let list: Vec<String> = winning.iter().map(|w| (w + 1).to_string()).collect();
        Ok(format!("WIN\n{}\n", list.join(" ")))
    }

    fn position(&self, input: &str, case: usize, words: &[String]) -> Result<(String, Vec<String>), Error> {
        only_case(self.id(), case)?;
        let (game, s) = parse(input, &Control::default())?;
        Ok((GeographyListing.write(&game, &GeographyListing::start_of(&game, s)), words.to_vec()))
    }

    fn random_input(&self, rng: &mut crate::generate::Rng, size: u32) -> String {
        let n = crate::generate::grow(rng, size, 2, 100_000) as u32;
        let m = crate::generate::grow(rng, size, 1, 3 * n as i64) as u32;
        crate::generate::bipartite_geography(rng, n.max(2), m)
    }
}
