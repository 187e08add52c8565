//! Undirected vertex geography: a token sits on a vertex of an undirected
//! graph; the mover slides it along an edge to a vertex not visited yet, and
//! the vertex it leaves counts as visited. Who cannot move loses.
//!
//! [`Geography`] is the game as stated, for replaying moves and for the
//! generic solvers on small graphs. Its value comes from matchings
//! ([`boyi::solve::matching`]): the mover wins exactly when the token's
//! vertex lies in every maximum matching of the unvisited graph.

use boyi::solve::matching::Graph;
use boyi::{Game, Outcome, Step, StepOf, Turn};

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

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::matching::Matching;
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
