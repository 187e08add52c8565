//! Maximum matchings and geography by matching, against plain exhaustive
//! searches written here (`nu`: the largest matching by trying every edge
//! at the lowest vertex; `geography`: every line of play), on random small
//! graphs, bipartite and not, as vertices are deleted and restored.

use std::collections::HashMap;

use boyi::solve::matching::{Graph, Matching};
use boyi::Control;
use proptest::prelude::*;

struct Brute {
    n: usize,
    adj: Vec<u32>,
    memo: HashMap<u32, u32>,
}

impl Brute {
    fn new(n: usize, edges: &[(u32, u32)]) -> Self {
        let mut adj = vec![0u32; n];
        for &(a, b) in edges {
            if a != b {
                adj[a as usize] |= 1 << b;
                adj[b as usize] |= 1 << a;
            }
        }
        Brute { n, adj, memo: HashMap::new() }
    }

    /// The size of a largest matching among the vertices of `live`.
    fn nu(&mut self, live: u32) -> u32 {
        if live == 0 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&live) {
            return v;
        }
        let v = live.trailing_zeros();
        let rest = live & !(1 << v);
        let mut best = self.nu(rest);
        let mut options = self.adj[v as usize] & rest;
        while options != 0 {
            let w = options.trailing_zeros();
            options &= options - 1;
            best = best.max(1 + self.nu(rest & !(1 << w)));
        }
        self.memo.insert(live, best);
        best
    }

    /// Geography on `live` with the token on `at` (in `live`): does the mover win?
    fn geography(&self, live: u32, at: u32) -> bool {
        let rest = live & !(1 << at);
        let mut options = self.adj[at as usize] & rest;
        while options != 0 {
            let w = options.trailing_zeros();
            options &= options - 1;
            if !self.geography(rest, w) {
                return true;
            }
        }
        false
    }

    fn all(&self) -> u32 {
        ((1u64 << self.n) - 1) as u32
    }
}

/// The matching pairs live neighbours both ways and has the size it says.
fn check_valid(g: &Graph, m: &Matching) -> Result<(), TestCaseError> {
    let mut pairs = 0;
    for v in 0..g.len() as u32 {
        if let Some(w) = m.mate(v) {
            prop_assert!(m.is_alive(v) && m.is_alive(w), "{v}-{w} uses a deleted vertex");
            prop_assert_eq!(m.mate(w), Some(v));
            prop_assert!(g.neighbours(v).contains(&w), "{}-{} is no edge", v, w);
            pairs += 1;
        }
    }
    prop_assert_eq!(pairs / 2, m.size());
    Ok(())
}

fn graph(bipartite: bool) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=12).prop_flat_map(move |n| {
        let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=3 * n);
        (Just(n), edges, proptest::collection::vec(any::<bool>(), n)).prop_map(move |(n, edges, side)| {
            let edges = if bipartite {
                edges.into_iter().filter(|&(a, b)| side[a as usize] != side[b as usize]).collect()
            } else {
                edges
            };
            (n, edges)
        })
    })
}

fn check((n, edges): (usize, Vec<(u32, u32)>), order: Vec<prop::sample::Index>) -> Result<(), TestCaseError> {
    let g = Graph::from_edges(n, &edges);
    let mut brute = Brute::new(n, &edges);
    let mut m = Matching::maximum(&g, &Control::default()).unwrap();
    let mut live = brute.all();
    check_valid(&g, &m)?;
    // Delete vertices one by one in a random order, checking everything at each step.
    for pick in order.iter().take(n) {
        let size = brute.nu(live);
        prop_assert_eq!(m.size() as u32, size);
        let avoidable = m.avoidable();
        for v in 0..n as u32 {
            let is_live = live >> v & 1 == 1;
            let essential = is_live && brute.nu(live & !(1 << v)) < size;
            prop_assert_eq!(avoidable[v as usize], is_live && !essential, "avoidable {}", v);
            if is_live {
                prop_assert_eq!(m.is_essential(v), essential, "essential {}", v);
                check_valid(&g, &m)?;
                prop_assert_eq!(m.size() as u32, size);
                prop_assert_eq!(m.mover_wins(v), brute.geography(live, v), "geography from {}", v);
                let mut moves = m.geography_moves(v);
                moves.sort();
                let rest = live & !(1 << v);
                let want: Vec<(u32, bool)> = (0..n as u32)
                    .filter(|&w| rest >> w & 1 == 1 && g.neighbours(v).contains(&w))
                    .map(|w| (w, !brute.geography(rest, w)))
                    .collect();
                prop_assert_eq!(moves, want, "moves from {}", v);
                prop_assert_eq!(m.size() as u32, size);
            }
        }
        let lives: Vec<u32> = (0..n as u32).filter(|&v| live >> v & 1 == 1).collect();
        let v = lives[pick.index(lives.len())];
        let essential = brute.nu(live & !(1 << v)) < size;
        prop_assert_eq!(m.delete(v), essential, "delete {}", v);
        live &= !(1 << v);
        check_valid(&g, &m)?;
        prop_assert_eq!(m.size() as u32, brute.nu(live));
        // Every other step, bring it back and delete it again.
        if pick.index(2) == 0 {
            m.restore(v);
            check_valid(&g, &m)?;
            prop_assert_eq!(m.size() as u32, size);
            m.delete(v);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bipartite_graphs_match_brute_force(g in graph(true), order in proptest::collection::vec(any::<prop::sample::Index>(), 12)) {
        prop_assert!(Graph::from_edges(g.0, &g.1).bipartition().is_some());
        check(g, order)?;
    }

    #[test]
    fn general_graphs_match_brute_force(g in graph(false), order in proptest::collection::vec(any::<prop::sample::Index>(), 12)) {
        check(g, order)?;
    }
}

/// Larger bipartite graphs, where Hopcroft–Karp runs many phases: its size
/// against a plain one-path-at-a-time search (Kuhn's).
#[test]
fn hopcroft_karp_agrees_with_kuhn_on_larger_graphs() {
    let mut s = 99u64;
    let mut next = move |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    };
    for round in 0..20 {
        let (l, r) = (50 + next(300) as u32, 50 + next(300) as u32);
        let m = next(4 * (l + r) as u64) as usize;
        let edges: Vec<(u32, u32)> = (0..m).map(|_| (next(l as u64) as u32, l + next(r as u64) as u32)).collect();
        let g = Graph::from_edges((l + r) as usize, &edges);
        let matching = Matching::maximum(&g, &Control::default()).unwrap();
        assert!(matching.is_bipartite());
        // Kuhn: one augmenting path per left vertex, by recursion.
        fn kuhn(g: &Graph, u: u32, seen: &mut [bool], mate: &mut [u32]) -> bool {
            for &w in g.neighbours(u) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    if mate[w as usize] == u32::MAX || kuhn(g, mate[w as usize], seen, mate) {
                        mate[w as usize] = u;
                        return true;
                    }
                }
            }
            false
        }
        let mut mate = vec![u32::MAX; (l + r) as usize];
        let mut size = 0;
        for u in 0..l {
            if kuhn(&g, u, &mut vec![false; (l + r) as usize], &mut mate) {
                size += 1;
            }
        }
        assert_eq!(matching.size(), size, "round {round}");
    }
}

/// Up to 20 vertices, past what the property tests try.
#[test]
fn edmonds_agrees_with_brute_force_on_20_vertices() {
    let mut s = 7u64;
    let mut next = move |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    };
    for _ in 0..30 {
        let n = 14 + next(7) as usize;
        let edges: Vec<(u32, u32)> = (0..next(40)).map(|_| (next(n as u64) as u32, next(n as u64) as u32)).collect();
        let g = Graph::from_edges(n, &edges);
        let m = Matching::maximum(&g, &Control::default()).unwrap();
        let mut brute = Brute::new(n, &edges);
        let all = brute.all();
        assert_eq!(m.size() as u32, brute.nu(all));
    }
}
