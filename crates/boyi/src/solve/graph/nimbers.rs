//! Impartial games on an explicit graph: every position's Grundy value
//! (the mex of its moves' values; a position with no move is 0), and of a
//! position listed as a sum of independent parts, the XOR of theirs, so a
//! position of many parts costs what its parts cost, never their product.
//! Grundy values of positions that repeat need Smith's loopy theory, which
//! this solver does not do: a cycle is `Error::Cycle`.

use super::GameGraph;
use crate::control::Control;
use crate::error::Error;
use crate::solve::grundy::MexSet;

/// Every position's Grundy value, children and parts before their positions.
pub fn solve(graph: &GameGraph, ctl: &Control) -> Result<Vec<u64>, Error> {
    let n = graph.len();
    ctl.reserve("the graph's nimbers and their walk", n as u64 * 24)?;
    let order = graph.postorder()?.ok_or(Error::Cycle)?;
    ctl.start("valuing positions", n as u64);
    let mut values = vec![0u64; n];
    let mut seen = MexSet::new();
    for (i, &v) in order.iter().enumerate() {
        if i % 4096 == 0 {
            ctl.check()?;
            ctl.advance(4096.min((n - i) as u64));
        }
        let children = graph.children(v);
        values[v as usize] = if graph.is_sum(v) {
            children.iter().fold(0, |x, &c| x ^ values[c as usize])
        } else {
            seen.clear();
            for &c in children {
                // a mex is at most the number of moves: larger values cannot matter
                if let Ok(g) = usize::try_from(values[c as usize]) {
                    if g <= children.len() {
                        seen.insert(g);
                    }
                }
            }
            seen.mex() as u64
        };
    }
    ctl.finish();
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Plain recursion by the definition.
    fn grundy(graph: &GameGraph, v: u32) -> u64 {
        let parts: Vec<u64> = graph.children(v).iter().map(|&c| grundy(graph, c)).collect();
        if graph.is_sum(v) {
            return parts.iter().fold(0, |x, g| x ^ g);
        }
        (0..).find(|g| !parts.contains(g)).unwrap()
    }

    /// A random acyclic impartial graph, some positions sums of later ones.
    fn random_graph(n: usize, seed: u64) -> GameGraph {
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut graph = GameGraph::new();
        for v in 0..n {
            for _ in 0..next() % 5 {
                if v + 1 >= n {
                    break;
                }
                graph.push_move((v + 1 + (next() % (n - v - 1) as u64) as usize) as u32);
            }
            if next() % 5 == 0 {
                graph.close_sum();
            } else {
                graph.close(None);
            }
        }
        graph
    }

    proptest! {
        #[test]
        fn nimbers_match_plain_recursion(n in 1usize..30, seed in any::<u64>()) {
            let graph = random_graph(n, seed);
            let values = solve(&graph, &Control::default()).unwrap();
            for v in 0..n as u32 {
                prop_assert_eq!(values[v as usize], grundy(&graph, v), "position {}", v);
            }
        }
    }

    #[test]
    fn a_sum_is_the_xor_of_its_parts() {
        // 0 = 1 + 2; 1 a heap of 3 in nim (3 -> 2, 1, 0), 2 a heap of 1
        let mut g = GameGraph::new();
        g.push_move(1);
        g.push_move(2);
        g.close_sum();
        // position 3 + k is a nim heap of k
        let heap = |k: u32| 3 + k;
        // 1: a heap of 3
        g.push_move(heap(2));
        g.push_move(heap(1));
        g.push_move(heap(0));
        g.close(None);
        // 2: a heap of 1
        g.push_move(heap(0));
        g.close(None);
        for k in 0..3u32 {
            for j in 0..k {
                g.push_move(heap(j));
            }
            g.close(None);
        }
        let values = solve(&g, &Control::default()).unwrap();
        assert_eq!(values[1], 3);
        assert_eq!(values[2], 1);
        assert_eq!(values[0], 2, "3 xor 1");
    }

    #[test]
    fn a_cycle_is_refused() {
        let mut g = GameGraph::new();
        g.push_move(1);
        g.close(None);
        g.push_move(0);
        g.close(None);
        assert!(matches!(solve(&g, &Control::default()), Err(Error::Cycle)));
    }
}
