//! Maximum matchings, and undirected vertex geography through them.
//!
//! Undirected vertex geography: a token sits on a vertex; the mover slides
//! it to a neighbour not visited yet, and the vertex it left counts as
//! visited; who cannot move loses. The player to move from `v` wins exactly
//! when `v` lies in every maximum matching of the graph of unvisited
//! vertices (with `v`). If some maximum matching `M` misses `v`, every move
//! goes to a vertex `M` covers (else `M` would grow) and the opponent
//! answers along `M`, keeping the rest of `M` a maximum matching that misses
//! the token; if every maximum matching covers `v`, the mover follows one,
//! and the opponent is then on a vertex some maximum matching of what is
//! left misses. (Fraenkel, Scheinerman and Ullman, "Undirected edge
//! geography", 1993, give the argument for the vertex version too.)
//!
//! A game deletes one vertex a move, so [`Matching`] keeps a maximum
//! matching of the live vertices as they go: deleting a matched vertex
//! frees its mate, and one search for an augmenting path from the mate
//! either restores the size (the deleted vertex could be left unmatched:
//! the mover there lost) or proves it could not (the mover won). The first
//! matching comes from Hopcroft–Karp on bipartite graphs and from Edmonds'
//! blossom algorithm otherwise; the searches are Edmonds' (on a bipartite
//! graph they never meet a blossom). Every search touches only the vertices
//! it reaches and cleans up after itself, so its cost is that of the part
//! of the graph it explores.

use rayon::prelude::*;

use crate::control::Control;
use crate::error::Error;

const NONE: u32 = u32::MAX;

/// A simple undirected graph in compressed rows; vertices are `0..len()`.
#[derive(Clone, Debug)]
pub struct Graph {
    start: Vec<u32>,
    adj: Vec<u32>,
}

impl Graph {
    /// Most edges a graph holds: each is kept twice with `u32` offsets.
    pub const MAX_EDGES: u64 = (u32::MAX / 2) as u64;

    /// Self-loops and repeated edges are dropped: they never matter to a
    /// matching or to geography. Every endpoint must be below `n`.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Self {
        assert!(edges.len() as u64 <= Self::MAX_EDGES && n < NONE as usize);
        let mut arcs: Vec<u64> = edges
            .par_iter()
            .filter(|(a, b)| a != b)
            .flat_map_iter(|&(a, b)| [(a as u64) << 32 | b as u64, (b as u64) << 32 | a as u64])
            .collect();
        arcs.par_sort_unstable();
        arcs.dedup();
        let mut start = vec![0u32; n + 1];
        for &arc in &arcs {
            let a = (arc >> 32) as usize;
            assert!(a < n, "edge endpoint {a} out of 0..{n}");
            start[a + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let adj = arcs.into_iter().map(|arc| arc as u32).collect();
        Graph { start, adj }
    }

    /// Bytes to build a graph of `n` vertices and `m` edges and match it
    /// (the graph, the sort buffer, and the per-vertex arrays of [`Matching`]).
    pub fn bytes_for(n: u64, m: u64) -> u64 {
        n.saturating_mul(4 + Matching::BYTES_PER_VERTEX).saturating_add(m.saturating_mul(2 * 4 + 2 * 8))
    }

    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Edges, each counted once.
    pub fn edges(&self) -> usize {
        self.adj.len() / 2
    }

    #[inline]
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }

    /// A side for every vertex such that every edge joins the two sides,
    /// or `None` when an odd cycle makes that impossible.
    pub fn bipartition(&self) -> Option<Vec<bool>> {
        let n = self.len();
        let mut side = vec![false; n];
        let mut seen = vec![false; n];
        let mut queue = Vec::new();
        for s in 0..n {
            if seen[s] {
                continue;
            }
            seen[s] = true;
            queue.clear();
            queue.push(s as u32);
            let mut head = 0;
            while head < queue.len() {
                let v = queue[head];
                head += 1;
                for &w in self.neighbours(v) {
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        side[w as usize] = !side[v as usize];
                        queue.push(w);
                    } else if side[w as usize] == side[v as usize] {
                        return None;
                    }
                }
            }
        }
        Some(side)
    }
}

/// A maximum matching of the live vertices of a graph, kept maximum as
/// vertices are deleted.
pub struct Matching<'g> {
    graph: &'g Graph,
    mate: Vec<u32>,
    alive: Vec<bool>,
    bipartite: bool,
    size: usize,
    // Edmonds' search, valid only for the vertices in `touched`; the rest
    // stay reset between searches.
    parent: Vec<u32>,
    base: Vec<u32>,
    outer: Vec<bool>,
    in_blossom: Vec<bool>,
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    touched: Vec<u32>,
}

/// Outcome of growing an alternating forest.
enum Grown {
    /// An augmenting path ends at this vertex.
    Path(u32),
    /// None exists; the forest's outer vertices are marked.
    Stuck,
}

impl<'g> Matching<'g> {
    /// Bytes a matching keeps per vertex, search arrays included.
    pub const BYTES_PER_VERTEX: u64 = 4 * 4 + 3 + 4 + 4 * 2 + 4 * 2;

    /// A maximum matching of the whole graph, every vertex live.
    pub fn maximum(graph: &'g Graph, ctl: &Control) -> Result<Self, Error> {
        let n = graph.len();
        ctl.reserve("the matching", n as u64 * Self::BYTES_PER_VERTEX)?;
        let side = graph.bipartition();
        let mut m = Matching {
            graph,
            mate: vec![NONE; n],
            alive: vec![true; n],
            bipartite: side.is_some(),
            size: 0,
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            outer: vec![false; n],
            in_blossom: vec![false; n],
            mark: vec![0; n],
            stamp: 0,
            queue: Vec::new(),
            touched: Vec::new(),
        };
        match side {
            Some(side) => m.hopcroft_karp(&side, ctl)?,
            None => m.edmonds(ctl)?,
        }
        Ok(m)
    }

    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    pub fn is_bipartite(&self) -> bool {
        self.bipartite
    }

    /// Edges in the matching.
    pub fn size(&self) -> usize {
        self.size
    }

    pub fn mate(&self, v: u32) -> Option<u32> {
        Some(self.mate[v as usize]).filter(|&m| m != NONE)
    }

    pub fn is_alive(&self, v: u32) -> bool {
        self.alive[v as usize]
    }

    /// Whether every maximum matching of the live graph covers `v` (live).
    /// Leaves the matching maximum, though perhaps a different one.
    pub fn is_essential(&mut self, v: u32) -> bool {
        debug_assert!(self.alive[v as usize]);
        let u = self.mate[v as usize];
        if u == NONE {
            return false;
        }
        // Can `v` be left unmatched? Only if its mate finds another partner
        // without it.
        self.alive[v as usize] = false;
        self.unpair(v, u);
        let grown = self.grow(&[u]);
        self.alive[v as usize] = true;
        match grown {
            Grown::Path(end) => {
                self.augment(end);
                false
            }
            Grown::Stuck => {
                self.reset();
                self.pair(v, u);
                true
            }
        }
    }

    /// Deletes the live vertex `v`, keeping the matching maximum, and says
    /// whether `v` was essential (in every maximum matching) before.
    pub fn delete(&mut self, v: u32) -> bool {
        debug_assert!(self.alive[v as usize]);
        self.alive[v as usize] = false;
        let u = self.mate[v as usize];
        if u == NONE {
            return false;
        }
        self.unpair(v, u);
        match self.grow(&[u]) {
            Grown::Path(end) => {
                self.augment(end);
                false
            }
            Grown::Stuck => {
                self.reset();
                true
            }
        }
    }

    /// Brings a deleted vertex back, keeping the matching maximum.
    pub fn restore(&mut self, v: u32) {
        debug_assert!(!self.alive[v as usize]);
        self.alive[v as usize] = true;
        match self.grow(&[v]) {
            Grown::Path(end) => self.augment(end),
            Grown::Stuck => self.reset(),
        }
    }

    /// For every vertex, whether it is live and some maximum matching of
    /// the live graph leaves it unmatched (the set `D` of the
    /// Gallai–Edmonds decomposition): the outer vertices of the alternating
    /// forest grown from every unmatched vertex at once. One search, O(E)
    /// on bipartite graphs.
    pub fn avoidable(&mut self) -> Vec<bool> {
        let roots: Vec<u32> =
            (0..self.graph.len() as u32).filter(|&v| self.alive[v as usize] && self.mate[v as usize] == NONE).collect();
        match self.grow(&roots) {
            Grown::Path(_) => unreachable!("the matching is maximum, so no augmenting path exists"),
            Grown::Stuck => {}
        }
        let mut out = vec![false; self.graph.len()];
        for &v in &self.touched {
            out[v as usize] = self.outer[v as usize];
        }
        self.reset();
        out
    }

    /// Undirected vertex geography on the live vertices with the token on
    /// `at`: whether the player to move wins.
    pub fn mover_wins(&mut self, at: u32) -> bool {
        self.is_essential(at)
    }

    /// Every live neighbour of `at` with whether moving the token there wins.
    pub fn geography_moves(&mut self, at: u32) -> Vec<(u32, bool)> {
        self.delete(at);
        let lost_for_opponent = self.avoidable();
        self.restore(at);
        self.graph
            .neighbours(at)
            .iter()
            .filter(|&&w| self.alive[w as usize])
            .map(|&w| (w, lost_for_opponent[w as usize]))
            .collect()
    }

    #[inline]
    fn pair(&mut self, a: u32, b: u32) {
        self.mate[a as usize] = b;
        self.mate[b as usize] = a;
        self.size += 1;
    }

    #[inline]
    fn unpair(&mut self, a: u32, b: u32) {
        self.mate[a as usize] = NONE;
        self.mate[b as usize] = NONE;
        self.size -= 1;
    }

    /// Hopcroft–Karp from the left side (`side == false`): shortest
    /// augmenting paths in phases, O(E √V).
    fn hopcroft_karp(&mut self, side: &[bool], ctl: &Control) -> Result<(), Error> {
        const FAR: u32 = u32::MAX;
        let g = self.graph;
        let n = g.len();
        let left: Vec<u32> = (0..n as u32).filter(|&v| !side[v as usize]).collect();
        // Layers (left vertices only) and each left vertex's next edge to try;
        // they live in `mark` and `parent` while no Edmonds search runs.
        let mut dist = std::mem::take(&mut self.mark);
        let mut next = std::mem::take(&mut self.parent);
        let mut queue = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        loop {
            ctl.check()?;
            queue.clear();
            for &u in &left {
                if self.mate[u as usize] == NONE {
                    dist[u as usize] = 0;
                    queue.push(u);
                } else {
                    dist[u as usize] = FAR;
                }
            }
            let mut found = false;
            let mut head = 0;
            while head < queue.len() {
                let u = queue[head];
                head += 1;
                for &w in g.neighbours(u) {
                    let x = self.mate[w as usize];
                    if x == NONE {
                        found = true;
                    } else if dist[x as usize] == FAR {
                        dist[x as usize] = dist[u as usize] + 1;
                        queue.push(x);
                    }
                }
            }
            if !found {
                break;
            }
            for &u in &left {
                next[u as usize] = 0;
            }
            for &root in &left {
                if self.mate[root as usize] != NONE {
                    continue;
                }
                // Depth-first along the layers with an explicit stack: paths
                // can be as long as the graph.
                stack.clear();
                stack.push(root);
                while let Some(&u) = stack.last() {
                    let edges = g.neighbours(u);
                    let mut deeper = false;
                    while (next[u as usize] as usize) < edges.len() {
                        let w = edges[next[u as usize] as usize];
                        let x = self.mate[w as usize];
                        if x == NONE {
                            // Every vertex on the stack takes the edge it is trying.
                            for &s in &stack {
                                let t = g.neighbours(s)[next[s as usize] as usize];
                                self.mate[s as usize] = t;
                                self.mate[t as usize] = s;
                            }
                            self.size += 1;
                            stack.clear();
                            deeper = true;
                            break;
                        }
                        if dist[x as usize] == dist[u as usize] + 1 {
                            stack.push(x);
                            deeper = true;
                            break;
                        }
                        next[u as usize] += 1;
                    }
                    if !deeper {
                        dist[u as usize] = FAR;
                        stack.pop();
                        if let Some(&p) = stack.last() {
                            next[p as usize] += 1;
                        }
                    }
                }
            }
        }
        dist.fill(0);
        next.fill(NONE);
        self.mark = dist;
        self.parent = next;
        Ok(())
    }

    /// Edmonds: a greedy start, then one search from every vertex left
    /// unmatched. A vertex with no augmenting path now never gets one
    /// later, so one pass suffices.
    fn edmonds(&mut self, ctl: &Control) -> Result<(), Error> {
        let g = self.graph;
        for v in 0..g.len() as u32 {
            if self.mate[v as usize] == NONE {
                if let Some(&w) = g.neighbours(v).iter().find(|&&w| self.mate[w as usize] == NONE) {
                    self.pair(v, w);
                }
            }
        }
        for v in 0..g.len() as u32 {
            if v % 256 == 0 {
                ctl.check()?;
            }
            if self.mate[v as usize] == NONE {
                match self.grow(&[v]) {
                    Grown::Path(end) => self.augment(end),
                    Grown::Stuck => self.reset(),
                }
            }
        }
        Ok(())
    }

    #[inline]
    fn touch(&mut self, v: u32) {
        if !self.outer[v as usize] && self.parent[v as usize] == NONE && self.base[v as usize] == v {
            self.touched.push(v);
        }
    }

    fn reset(&mut self) {
        for &v in &self.touched {
            self.parent[v as usize] = NONE;
            self.base[v as usize] = v;
            self.outer[v as usize] = false;
            self.in_blossom[v as usize] = false;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Grows an alternating forest from `roots` (live, unmatched), shrinking
    /// odd cycles into blossoms, until an augmenting path appears or the
    /// forest stops growing. With `Stuck` the forest is left in place for
    /// [`Matching::avoidable`]; callers reset it.
    fn grow(&mut self, roots: &[u32]) -> Grown {
        let g = self.graph;
        for &r in roots {
            self.touch(r);
            self.outer[r as usize] = true;
            self.queue.push(r);
        }
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for &to in g.neighbours(v) {
                let t = to as usize;
                if !self.alive[t] || self.base[v as usize] == self.base[t] || self.mate[v as usize] == to {
                    continue;
                }
                let m = self.mate[t];
                if (m == NONE && self.outer[t]) || (m != NONE && self.parent[m as usize] != NONE) {
                    // `to` is outer too: an odd cycle.
                    let b = self.common_base(v, to);
                    for &x in &self.touched {
                        self.in_blossom[x as usize] = false;
                    }
                    self.mark_path(v, b, to);
                    self.mark_path(to, b, v);
                    for i in 0..self.touched.len() {
                        let x = self.touched[i] as usize;
                        if self.in_blossom[self.base[x] as usize] {
                            self.base[x] = b;
                            if !self.outer[x] {
                                self.outer[x] = true;
                                self.queue.push(x as u32);
                            }
                        }
                    }
                } else if self.parent[t] == NONE {
                    self.touch(to);
                    self.parent[t] = v;
                    if m == NONE {
                        return Grown::Path(to);
                    }
                    self.touch(m);
                    self.outer[m as usize] = true;
                    self.queue.push(m);
                }
            }
        }
        Grown::Stuck
    }

    /// The base of the blossom that closes when outer `a` meets outer `b`
    /// of the same tree.
    fn common_base(&mut self, a: u32, b: u32) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let mut a = a;
        loop {
            a = self.base[a as usize];
            self.mark[a as usize] = self.stamp;
            let m = self.mate[a as usize];
            if m == NONE {
                break;
            }
            a = self.parent[m as usize];
        }
        let mut b = b;
        loop {
            b = self.base[b as usize];
            if self.mark[b as usize] == self.stamp {
                return b;
            }
            let m = self.mate[b as usize];
            assert!(m != NONE, "outer vertices of two trees met: the matching was not maximum");
            b = self.parent[m as usize];
        }
    }

    /// Marks the blossom's path from `v` down to base `b`, pointing parents
    /// the other way round the cycle so paths through it can be unwound.
    fn mark_path(&mut self, mut v: u32, b: u32, mut child: u32) {
        while self.base[v as usize] != b {
            let m = self.mate[v as usize];
            self.in_blossom[self.base[v as usize] as usize] = true;
            self.in_blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    /// Flips the augmenting path that ends at `end`, then resets the forest.
    fn augment(&mut self, end: u32) {
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v as usize];
            let next = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = next;
        }
        self.size += 1;
        self.reset();
    }
}
