//! Undirected vertex geography on a graph given as an edge list: `n m`,
//! `m` lines `u v`, then the start vertex `s` (1-based). The answer is
//! `WIN` and the winning first moves, or `LOSE`.

use boyi::solve::matching::{Graph, Matching};
use boyi::{Control, Game};

use super::tokens::Tokens;
use super::{play_moves, AnalyzeRequest, Problem};
use crate::error::{reserve, Error};
use crate::geography::Geography;
use crate::report::{Report, Shown, ShownMove};

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

fn solver(m: &Matching) -> &'static str {
    if m.is_bipartite() {
        "matching (Hopcroft-Karp)"
    } else {
        "matching (Edmonds' blossoms)"
    }
}

fn outcome(win: bool) -> Shown {
    Shown::Outcome { result: if win { "win" } else { "lose" }, remoteness: None }
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
         Moves for analyze: the vertices the token moved to, in order, e.g. `boyi analyze geography 3 4 < graph.txt`.\n\
         Sizes: n <= 10^7; about 50 bytes a vertex and 24 an edge (10^6 vertices, 3*10^6 edges: 120 MiB)."
    }

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
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

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        if request.case > 0 {
            return Err(Error::input("a geography input holds one case"));
        }
        let (game, s) = parse(input, ctl)?;
        let pos = play_moves(
            &game,
            game.start(s),
            &request.moves,
            |_, text| text.trim().parse::<u32>().ok()?.checked_sub(1),
            |_, w| (w + 1).to_string(),
            |_, _| {},
        )?;
        let mut m = Matching::maximum(game.graph(), ctl)?;
        let visited: Vec<u32> = pos.visited().collect();
        for &v in &visited {
            m.delete(v);
        }
        let value = outcome(m.mover_wins(pos.at));
        let mut moves: Vec<(u32, bool)> = m.geography_moves(pos.at);
        moves.sort_by_key(|&(w, win)| (!win, w));
        let mut legal = Vec::new();
        game.moves(&pos, &mut legal);
        debug_assert_eq!(legal.len(), moves.len());
        let shown = |v: &[u32]| {
            let mut names: Vec<String> = v.iter().take(20).map(|w| (w + 1).to_string()).collect();
            if v.len() > 20 {
                names.push(format!("... ({} in all)", v.len()));
            }
            names.join(" ")
        };
        Ok(Report {
            game: self.id(),
            position: vec![
                format!(
                    "{} vertices, {} edges; the token is on vertex {}",
                    game.graph().len(),
                    game.graph().edges(),
                    pos.at + 1
                ),
                format!("visited: {}", if visited.is_empty() { "none".to_string() } else { shown(&visited) }),
                "values are win / lose only: matching does not count moves".to_string(),
            ],
            to_move: if visited.len().is_multiple_of(2) { "the first player" } else { "the second player" }.to_string(),
            value,
            moves: moves
                .into_iter()
                .map(|(w, win)| ShownMove { mv: (w + 1).to_string(), value: outcome(win) })
                .collect(),
            solver: solver(&m),
        })
    }
}
