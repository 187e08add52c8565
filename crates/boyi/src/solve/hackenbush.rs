//! Green Hackenbush on any undirected graph with a ground vertex: a move
//! deletes one edge, and every edge no longer connected to the ground
//! falls away; who cannot move loses. Its Grundy value comes from two
//! principles (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7):
//!
//! - **fusion**: the vertices of a cycle may be fused into one without
//!   changing the value, the cycle's edges becoming loops at that vertex;
//!   so each 2-edge-connected part (what is left joined when every bridge
//!   is cut) is one vertex carrying its edges as loops, and `k` loops are
//!   `k` stalks of one edge: worth `k mod 2`;
//! - **colon**: in a tree, a vertex's value is the XOR, over its children,
//!   of (the child's value + 1).
//!
//! So [`green_value`] finds the bridges, contracts the rest, and applies the
//! colon principle on the tree of parts rooted at the ground's part, in
//! time linear in the graph's size, with explicit stacks (a path of 10^5
//! vertices needs no deep recursion). Loops and parallel edges count as
//! they should (a loop is an edge of its vertex's part; two parallel edges
//! are a cycle). Edges not connected to the ground are not in play.

use crate::control::Control;
use crate::error::Error;

/// The Grundy value of Green Hackenbush on vertices `0..n` with these
/// edges (loops and parallel edges allowed), grounded at `ground`.
pub fn green_value(n: usize, edges: &[(u32, u32)], ground: u32, ctl: &Control) -> Result<u64, Error> {
    ctl.reserve("the Hackenbush graph", (n as u64 + 1) * 24 + edges.len() as u64 * 24)?;
    // Adjacency in compressed rows: (neighbour, edge id); a loop appears once.
    let mut start = vec![0u32; n + 1];
    for &(u, v) in edges {
        start[u as usize] += 1;
        if u != v {
            start[v as usize] += 1;
        }
    }
    let mut acc = 0;
    for s in start.iter_mut() {
        acc += *s;
        *s = acc;
    }
    let mut adj = vec![(0u32, 0u32); acc as usize];
    for (id, &(u, v)) in edges.iter().enumerate().rev() {
        start[u as usize] -= 1;
        adj[start[u as usize] as usize] = (v, id as u32);
        if u != v {
            start[v as usize] -= 1;
            adj[start[v as usize] as usize] = (u, id as u32);
        }
    }
    let neighbours = |v: u32| &adj[start[v as usize] as usize..start[v as usize + 1] as usize];

    // Bridges: an iterative depth-first search from the ground with entry
    // times and low links; the edge to the parent is skipped by its id, so
    // a parallel edge back to the parent is a cycle, not the tree edge.
    const UNSEEN: u32 = u32::MAX;
    let mut tin = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut bridge = vec![false; edges.len()];
    let mut order = Vec::new();
    let mut clock = 0u32;
    // (vertex, the edge it was entered by, the next neighbour to look at)
    let mut stack: Vec<(u32, u32, u32)> = vec![(ground, u32::MAX, 0)];
    tin[ground as usize] = clock;
    low[ground as usize] = clock;
    order.push(ground);
    while let Some(&mut (v, by, ref mut next)) = stack.last_mut() {
        let list = neighbours(v);
        if (*next as usize) < list.len() {
            let (w, id) = list[*next as usize];
            *next += 1;
            if id == by {
                continue;
            }
            if tin[w as usize] == UNSEEN {
                clock += 1;
                tin[w as usize] = clock;
                low[w as usize] = clock;
                order.push(w);
                stack.push((w, id, 0));
            } else {
                low[v as usize] = low[v as usize].min(tin[w as usize]);
            }
        } else {
            stack.pop();
            if let Some(&(p, _, _)) = stack.last() {
                low[p as usize] = low[p as usize].min(low[v as usize]);
                if low[v as usize] > tin[p as usize] {
                    bridge[by as usize] = true;
                }
            }
        }
    }
    ctl.check()?;

    // Parts: what stays joined without the bridges. Each part's inner edges
    // (loops included) are counted; its parity is a stalk of value 1 or none.
    let mut part = vec![u32::MAX; n];
    let mut parts = 0u32;
    let mut walk = Vec::new();
    for &s in &order {
        if part[s as usize] != u32::MAX {
            continue;
        }
        part[s as usize] = parts;
        walk.push(s);
        while let Some(v) = walk.pop() {
            for &(w, id) in neighbours(v) {
                if !bridge[id as usize] && part[w as usize] == u32::MAX {
                    part[w as usize] = parts;
                    walk.push(w);
                }
            }
        }
        parts += 1;
    }
    let mut value = vec![0u64; parts as usize];
    for (id, &(u, _)) in edges.iter().enumerate() {
        if tin[u as usize] != UNSEEN && !bridge[id] {
            value[part[u as usize] as usize] ^= 1;
        }
    }

    // The colon principle on the tree of parts: the search's order lists
    // every part after the part it hangs from, so walking it backwards
    // finishes each part before its parent takes it in.
    let mut parent = vec![u32::MAX; parts as usize];
    for (id, &(u, v)) in edges.iter().enumerate() {
        if bridge[id] {
            // The bridge's far end from the ground entered the search later.
            let (near, far) = if tin[u as usize] < tin[v as usize] { (u, v) } else { (v, u) };
            parent[part[far as usize] as usize] = part[near as usize];
        }
    }
    let mut part_order: Vec<u32> = Vec::with_capacity(parts as usize);
    let mut listed = vec![false; parts as usize];
    for &v in &order {
        let p = part[v as usize];
        if !listed[p as usize] {
            listed[p as usize] = true;
            part_order.push(p);
        }
    }
    for &p in part_order.iter().rev() {
        let up = parent[p as usize];
        if up != u32::MAX {
            value[up as usize] ^= value[p as usize] + 1;
        }
    }
    Ok(value[part[ground as usize] as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Grundy values by the rules: every edge subset connected to the
    /// ground, mex over the deletions.
    fn brute(n: usize, edges: &[(u32, u32)], ground: u32) -> u64 {
        fn connected(n: usize, edges: &[(u32, u32)], alive: u32, ground: u32) -> u32 {
            let mut seen = vec![false; n];
            seen[ground as usize] = true;
            let mut kept = 0u32;
            loop {
                let mut grew = false;
                for (i, &(u, v)) in edges.iter().enumerate() {
                    if alive >> i & 1 == 1 && kept >> i & 1 == 0 && (seen[u as usize] || seen[v as usize]) {
                        kept |= 1 << i;
                        seen[u as usize] = true;
                        seen[v as usize] = true;
                        grew = true;
                    }
                }
                if !grew {
                    return kept;
                }
            }
        }
        fn g(n: usize, edges: &[(u32, u32)], alive: u32, ground: u32, memo: &mut HashMap<u32, u64>) -> u64 {
            if let Some(&v) = memo.get(&alive) {
                return v;
            }
            let options: Vec<u64> = (0..edges.len())
                .filter(|&i| alive >> i & 1 == 1)
                .map(|i| g(n, edges, connected(n, edges, alive & !(1 << i), ground), ground, memo))
                .collect();
            let v = (0..).find(|x| !options.contains(x)).unwrap();
            memo.insert(alive, v);
            v
        }
        let all = connected(n, edges, ((1u64 << edges.len()) - 1) as u32, ground);
        g(n, edges, all, ground, &mut HashMap::new())
    }

    fn graphs() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..=6).prop_flat_map(|n| (Just(n), proptest::collection::vec((0..n as u32, 0..n as u32), 0..=9)))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Fusion and colon against the rules, on random multigraphs with
        /// loops and parallel edges.
        #[test]
        fn principles_equal_the_rules((n, edges) in graphs()) {
            prop_assert_eq!(green_value(n, &edges, 0, &Control::default()).unwrap(), brute(n, &edges, 0));
        }
    }

    #[test]
    fn shapes_with_known_values() {
        let ctl = Control::default();
        // A stalk of k edges is a nim-heap of k.
        assert_eq!(green_value(4, &[(0, 1), (1, 2), (2, 3)], 0, &ctl).unwrap(), 3);
        // A triangle at the ground: one edge's worth; a square: nothing.
        assert_eq!(green_value(3, &[(0, 1), (1, 2), (2, 0)], 0, &ctl).unwrap(), 1);
        assert_eq!(green_value(4, &[(0, 1), (1, 2), (2, 3), (3, 0)], 0, &ctl).unwrap(), 0);
        // Two parallel edges (a 2-gon): nothing; a loop: one edge.
        assert_eq!(green_value(2, &[(0, 1), (1, 0)], 0, &ctl).unwrap(), 0);
        assert_eq!(green_value(1, &[(0, 0)], 0, &ctl).unwrap(), 1);
        // Edges away from the ground are not in play.
        assert_eq!(green_value(4, &[(0, 1), (2, 3)], 0, &ctl).unwrap(), 1);
    }

    #[test]
    fn a_path_of_a_hundred_thousand_vertices_needs_no_deep_stack() {
        let n = 100_000;
        let edges: Vec<(u32, u32)> = (1..n as u32).map(|v| (v - 1, v)).collect();
        assert_eq!(green_value(n, &edges, 0, &Control::default()).unwrap(), (n - 1) as u64);
    }
}
