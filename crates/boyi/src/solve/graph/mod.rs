//! Games given as an explicit graph of positions: what a front end builds
//! when a game reaches the engine only through callbacks (a Python
//! definition), so that no solver calls back into it. Every position gets
//! win / lose / draw with remoteness: by one backward pass in postorder
//! when no position repeats, else by retrograde analysis over reverse
//! edges. Both keep full 32-bit counts and remoteness (the indexed
//! retrograde solver packs them in 14 bits, which a user's graph, a path
//! of 20,000 moves or a position with 20,000 moves, would overflow).
//!
//! The same graph carries what other kinds of value need: what each move
//! earns and whether its mover plays again (`scores.rs`: margins with bonus
//! turns), and positions that are sums of independent parts (`nimbers.rs`:
//! Grundy values, a sum's the XOR of its parts').

use std::collections::VecDeque;

pub mod nimbers;
pub mod scores;

use crate::control::Control;
use crate::error::Error;
use crate::game::{Game, Indexed, Step, StepOf};
use crate::value::{Outcome, Turn};

/// Positions numbered `0..len` in the order they were found; position
/// `v`'s moves lead to `targets[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug, Default)]
pub struct GameGraph {
    offsets: Vec<u64>,
    targets: Vec<u32>,
    /// Positions the rules end, with their value for the side to move; a
    /// position with no move and no ruling is lost.
    ruled: Vec<(u32, Outcome)>,
    /// Scored games: what each move earns its mover, by move (empty while
    /// every move so far earned nothing and passed the turn).
    rewards: Vec<i64>,
    /// Scored games: whether each move's mover plays again (as `rewards`).
    again: Vec<bool>,
    /// Scored games: positions the rules end, with the points still to come
    /// for the side to move (a position with no move and no ruling: 0).
    ended_scores: Vec<(u32, i64)>,
    /// Positions that are sums: their "moves" are their parts.
    sums: Vec<u32>,
}

/// How a [`GameGraph`] was solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// No position repeats: one pass, children before parents.
    Backward,
    /// Positions repeat: retrograde analysis.
    Retrograde,
}

impl GameGraph {
    pub fn new() -> Self {
        GameGraph { offsets: vec![0], ..GameGraph::default() }
    }

    /// Adds a move from the position being listed (the next one, `len()`)
    /// to position `child` (which may be found later).
    #[inline]
    pub fn push_move(&mut self, child: u32) {
        self.targets.push(child);
        if !self.rewards.is_empty() {
            self.rewards.push(0);
            self.again.push(false);
        }
    }

    /// A move of a scored game: it earns its mover `reward`, and with
    /// `again` the mover moves next as well (a bonus turn).
    pub fn push_step(&mut self, child: u32, reward: i64, again: bool) {
        if (reward != 0 || again) && self.rewards.len() < self.targets.len() {
            // the moves before earned nothing and passed the turn
            self.rewards.resize(self.targets.len(), 0);
            self.again.resize(self.targets.len(), false);
        }
        self.targets.push(child);
        if !self.rewards.is_empty() || reward != 0 || again {
            self.rewards.push(reward);
            self.again.push(again);
        }
    }

    /// Ends the listing of the next position, a scored one; `ended` is the
    /// points still to come for the side to move where the rules end the
    /// game there (its moves, if any were pushed, are dropped).
    pub fn close_scored(&mut self, ended: Option<i64>) {
        let v = self.len() as u32;
        if let Some(score) = ended {
            self.drop_open_moves();
            self.ended_scores.push((v, score));
        }
        self.offsets.push(self.targets.len() as u64);
    }

    /// The moves pushed for the position being listed, dropped: the rules
    /// end the game there.
    fn drop_open_moves(&mut self) {
        let from = *self.offsets.last().expect("offsets start at 0") as usize;
        self.targets.truncate(from);
        self.rewards.truncate(from.min(self.rewards.len()));
        self.again.truncate(from.min(self.again.len()));
    }

    /// Ends the listing of the next position as the sum of the positions
    /// pushed (its independent parts, not its moves).
    pub fn close_sum(&mut self) {
        self.sums.push(self.len() as u32);
        self.offsets.push(self.targets.len() as u64);
    }

    /// Whether position `v` was listed as a sum of parts.
    pub fn is_sum(&self, v: u32) -> bool {
        self.sums.binary_search(&v).is_ok()
    }

    /// Move `e`'s reward and whether its mover plays again.
    #[inline]
    pub fn step(&self, e: usize) -> (i64, bool) {
        match self.rewards.get(e) {
            Some(&r) => (r, self.again[e]),
            None => (0, false),
        }
    }

    /// Ends the listing of the next position; `ruled` is its value where the
    /// rules end the game there (its moves, if any were pushed, are dropped).
    pub fn close(&mut self, ruled: Option<Outcome>) {
        let v = self.len() as u32;
        if let Some(value) = ruled {
            self.drop_open_moves();
            self.ruled.push((v, value));
        }
        self.offsets.push(self.targets.len() as u64);
    }

    /// Positions listed.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn edges(&self) -> usize {
        self.targets.len()
    }

    #[inline]
    pub fn children(&self, v: u32) -> &[u32] {
        &self.targets[self.edge_range(v)]
    }

    /// The position move `e` leads to (moves numbered as [`GameGraph::edge_range`] gives them).
    #[inline]
    pub fn target(&self, e: usize) -> u32 {
        self.targets[e]
    }

    /// Where position `v`'s moves sit among all moves, in the order pushed
    /// (a front end keeps its move objects in that order beside the graph).
    #[inline]
    pub fn edge_range(&self, v: u32) -> std::ops::Range<usize> {
        self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize
    }

    fn ended_value(&self, v: u32) -> Outcome {
        match self.ruled.binary_search_by_key(&v, |&(u, _)| u) {
            Ok(i) => self.ruled[i].1,
            Err(_) => Outcome::Lose(0),
        }
    }

    /// A position on a cycle (one that can repeat), if there is one.
    pub fn position_on_cycle(&self) -> Option<u32> {
        match self.walk() {
            Ok(Err(v)) => Some(v),
            _ => None,
        }
    }

    /// Every position, each after its children, where no position can
    /// repeat; positions a move names that were never listed make it an
    /// error.
    fn postorder(&self) -> Result<Option<Vec<u32>>, Error> {
        Ok(self.walk()?.ok())
    }

    /// The postorder, or a position met again on the path to it (a cycle).
    fn walk(&self) -> Result<Result<Vec<u32>, u32>, Error> {
        let n = self.len();
        if let Some(&bad) = self.targets.iter().find(|&&t| t as usize >= n) {
            return Err(Error::Unsupported(format!("a move leads to position {bad}, which was never listed")));
        }
        // 0 unseen, 1 on the path, 2 done
        let mut state = vec![0u8; n];
        let mut order = Vec::with_capacity(n);
        let mut stack: Vec<(u32, usize)> = Vec::new();
        for root in 0..n as u32 {
            if state[root as usize] != 0 {
                continue;
            }
            state[root as usize] = 1;
            stack.push((root, 0));
            while let Some(top) = stack.last_mut() {
                let (v, next) = *top;
                if let Some(&c) = self.children(v).get(next) {
                    top.1 += 1;
                    match state[c as usize] {
                        0 => {
                            state[c as usize] = 1;
                            stack.push((c, 0));
                        }
                        1 => return Ok(Err(c)),
                        _ => {}
                    }
                } else {
                    state[v as usize] = 2;
                    order.push(v);
                    stack.pop();
                }
            }
        }
        Ok(Ok(order))
    }
}

/// Every position's value, by the method that suits the graph.
pub fn solve(graph: &GameGraph, ctl: &Control) -> Result<(Vec<Outcome>, Method), Error> {
    let n = graph.len();
    ctl.reserve("the graph's values and their walk", n as u64 * 24)?;
    if let Some(order) = graph.postorder()? {
        ctl.start("valuing positions", n as u64);
        let mut values = vec![Outcome::Draw; n];
        for (i, &v) in order.iter().enumerate() {
            if i % 4096 == 0 {
                ctl.check()?;
                ctl.advance(4096.min((n - i) as u64));
            }
            let children = graph.children(v);
            values[v as usize] = if children.is_empty() {
                graph.ended_value(v)
            } else {
                children.iter().map(|&c| values[c as usize].flip()).max().expect("a move")
            };
        }
        ctl.finish();
        return Ok((values, Method::Backward));
    }
    Ok((retrograde(graph, ctl)?, Method::Retrograde))
}

/// Retrograde analysis on the graph: ended positions first, then each
/// position settled as soon as its value is known, in a queue, so that
/// positions leave the queue in order of remoteness. A position one move
/// before a loss is won, by the first such loss to leave the queue (the
/// nearest: the winner hurries); a position all of whose moves lead to
/// wins is lost once the last of them leaves the queue (the farthest: the
/// loser delays). What the queue never reaches is drawn.
fn retrograde(graph: &GameGraph, ctl: &Control) -> Result<Vec<Outcome>, Error> {
    let n = graph.len();
    ctl.reserve("the graph's reverse edges", (n as u64 + 1) * 8 + graph.edges() as u64 * 4 + n as u64 * 16)?;
    let mut start = vec![0u64; n + 1];
    for &t in &graph.targets {
        start[t as usize + 1] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut from = vec![0u32; graph.edges()];
    for v in 0..n as u32 {
        for &c in graph.children(v) {
            from[fill[c as usize] as usize] = v;
            fill[c as usize] += 1;
        }
    }
    drop(fill);
    // moves not yet known to lead to a win for the opponent; None: settled
    let mut left: Vec<u32> = (0..n as u32).map(|v| graph.children(v).len() as u32).collect();
    let mut values: Vec<Option<Outcome>> = vec![None; n];
    let mut queue = VecDeque::new();
    for v in 0..n as u32 {
        if left[v as usize] == 0 {
            let value = graph.ended_value(v);
            values[v as usize] = Some(value);
            if value != Outcome::Draw {
                queue.push_back(v);
            }
        }
    }
    ctl.start("settling positions", n as u64);
    let mut settled = 0u64;
    while let Some(c) = queue.pop_front() {
        settled += 1;
        if settled.is_multiple_of(4096) {
            ctl.check()?;
            ctl.advance(4096);
        }
        let child = values[c as usize].expect("queued positions are settled");
        for &p in &from[start[c as usize] as usize..start[c as usize + 1] as usize] {
            if values[p as usize].is_some() {
                continue;
            }
            match child {
                Outcome::Lose(_) => {
                    values[p as usize] = Some(child.flip());
                    queue.push_back(p);
                }
                Outcome::Win(_) => {
                    left[p as usize] -= 1;
                    if left[p as usize] == 0 {
                        values[p as usize] = Some(child.flip());
                        queue.push_back(p);
                    }
                }
                Outcome::Draw => unreachable!("draws are never queued"),
            }
        }
    }
    ctl.finish();
    Ok(values.into_iter().map(|v| v.unwrap_or(Outcome::Draw)).collect())
}

impl Game for GameGraph {
    type Pos = u32;
    type Move = u32;
    type Value = Outcome;

    fn moves(&self, pos: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.children(*pos));
    }

    fn play(&self, _: &u32, mv: u32) -> StepOf<Self> {
        Step { pos: mv, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, pos: &u32) -> Outcome {
        self.ended_value(*pos)
    }
}

impl Indexed for GameGraph {
    fn size(&self) -> u64 {
        self.len() as u64
    }

    fn rank(&self, pos: &u32) -> u64 {
        *pos as u64
    }

    fn unrank(&self, index: u64) -> u32 {
        index as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::retrograde;
    use proptest::prelude::*;

    /// Plain fixed-point iteration: values only change from unknown to
    /// known, each round reading the last, until nothing changes.
    fn fixed_point(graph: &GameGraph) -> Vec<Outcome> {
        let n = graph.len();
        let mut known: Vec<Option<Outcome>> = vec![None; n];
        loop {
            let mut changed = false;
            for v in 0..n as u32 {
                if known[v as usize].is_some() {
                    continue;
                }
                let children = graph.children(v);
                let value = if children.is_empty() {
                    Some(graph.ended_value(v))
                } else if let Some(r) = children
                    .iter()
                    .filter_map(|&c| match known[c as usize] {
                        Some(Outcome::Lose(r)) => Some(r),
                        _ => None,
                    })
                    .min()
                {
                    // the nearest loss among children known so far is final only when no nearer one can appear later
                    Some(Outcome::Win(r + 1))
                } else if children.iter().all(|&c| matches!(known[c as usize], Some(Outcome::Win(_)))) {
                    let r = children.iter().map(|&c| known[c as usize].unwrap().remoteness().unwrap()).max().unwrap();
                    Some(Outcome::Lose(r + 1))
                } else {
                    None
                };
                if value.is_some() {
                    known[v as usize] = value;
                    changed = true;
                }
            }
            if !changed {
                return known.into_iter().map(|k| k.unwrap_or(Outcome::Draw)).collect();
            }
        }
    }

    /// Positions settle in remoteness order in the reference too: round
    /// `k` settles exactly the positions of remoteness `k`.
    fn by_rounds(graph: &GameGraph) -> Vec<Outcome> {
        let n = graph.len();
        let mut known: Vec<Option<Outcome>> = vec![None; n];
        for v in 0..n as u32 {
            if graph.children(v).is_empty() {
                known[v as usize] = Some(graph.ended_value(v));
            }
        }
        for round in 1..=n as u32 + 1 {
            let before = known.clone();
            for v in 0..n as u32 {
                if before[v as usize].is_some() {
                    continue;
                }
                let children = graph.children(v);
                let loses = children.iter().any(|&c| before[c as usize] == Some(Outcome::Lose(round - 1)));
                let all_win = children.iter().all(|&c| matches!(before[c as usize], Some(Outcome::Win(_))));
                if loses {
                    known[v as usize] = Some(Outcome::Win(round));
                } else if all_win {
                    known[v as usize] = Some(Outcome::Lose(round));
                }
            }
        }
        known.into_iter().map(|k| k.unwrap_or(Outcome::Draw)).collect()
    }

    fn random_graph(n: usize, seed: u64, acyclic: bool) -> GameGraph {
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut graph = GameGraph::new();
        for v in 0..n {
            let ruled = match next() % 8 {
                0 => Some(Outcome::Win(0)),
                1 => Some(Outcome::Draw),
                2 => Some(Outcome::Lose(0)),
                _ => None,
            };
            for _ in 0..next() % 4 {
                let c = if acyclic {
                    if v + 1 >= n {
                        break;
                    }
                    v + 1 + (next() % (n - v - 1) as u64) as usize
                } else {
                    (next() % n as u64) as usize
                };
                graph.push_move(c as u32);
            }
            graph.close(ruled);
        }
        graph
    }

    proptest! {
        #[test]
        fn loopy_graphs_match_rounds_of_plain_iteration(n in 1usize..40, seed in any::<u64>()) {
            let graph = random_graph(n, seed, false);
            let (values, _) = solve(&graph, &Control::default()).unwrap();
            prop_assert_eq!(values, by_rounds(&graph));
        }

        #[test]
        fn acyclic_graphs_take_one_pass_and_match_retrograde(n in 1usize..60, seed in any::<u64>()) {
            let graph = random_graph(n, seed, true);
            let (values, method) = solve(&graph, &Control::default()).unwrap();
            prop_assert_eq!(method, Method::Backward);
            let retro = retrograde::solve_by_edges(&graph, &Control::default()).unwrap();
            let expected: Vec<Outcome> = (0..n as u64).map(|r| retro.value_at(r)).collect();
            prop_assert_eq!(&values, &expected);
            prop_assert_eq!(values, by_rounds(&graph));
        }
    }

    #[test]
    fn win_loss_and_draw_sets_agree_with_a_fixed_point() {
        for seed in 1..200 {
            let graph = random_graph(30, seed, false);
            let (values, _) = solve(&graph, &Control::default()).unwrap();
            let plain = fixed_point(&graph);
            let kind = |o: &Outcome| std::mem::discriminant(o);
            assert!(values.iter().zip(&plain).all(|(a, b)| kind(a) == kind(b)), "seed {seed}");
        }
    }

    #[test]
    fn a_cycle_is_a_draw_and_is_found() {
        let mut graph = GameGraph::new();
        graph.push_move(1);
        graph.close(None);
        graph.push_move(0);
        graph.close(None);
        let (values, method) = solve(&graph, &Control::default()).unwrap();
        assert_eq!(method, Method::Retrograde);
        assert_eq!(values, vec![Outcome::Draw, Outcome::Draw]);
    }

    #[test]
    fn a_long_path_needs_no_recursion() {
        let n = 1_000_000u32;
        let mut graph = GameGraph::new();
        for v in 0..n {
            if v + 1 < n {
                graph.push_move(v + 1);
            }
            graph.close(None);
        }
        let (values, method) = solve(&graph, &Control::default()).unwrap();
        assert_eq!(method, Method::Backward);
        assert_eq!(values[0], Outcome::Win(n - 1));
    }

    /// Past the indexed solver's 14-bit cells: a loopy path of 20,000
    /// moves, and a position with 20,000 moves.
    #[test]
    fn long_loopy_games_and_wide_positions() {
        let n = 20_000u32;
        let mut graph = GameGraph::new();
        graph.push_move(0); // a loop at the start: retrograde analysis
        graph.push_move(1);
        graph.close(None);
        for v in 1..n {
            if v + 1 < n {
                graph.push_move(v + 1);
            }
            graph.close(None);
        }
        let (values, method) = solve(&graph, &Control::default()).unwrap();
        assert_eq!(method, Method::Retrograde);
        // from 1 the path has n - 2 moves to its end; 0 moves there or loops
        assert_eq!(values[1], if (n - 2) % 2 == 1 { Outcome::Win(n - 2) } else { Outcome::Lose(n - 2) });
        let mut wide = GameGraph::new();
        for c in 1..=n {
            wide.push_move(c);
        }
        wide.push_move(0);
        wide.close(None);
        for _ in 1..=n {
            wide.close(Some(Outcome::Win(0)));
        }
        let (values, _) = solve(&wide, &Control::default()).unwrap();
        assert_eq!(values[0], Outcome::Draw, "every move loses but the loop");
    }

    #[test]
    fn a_move_to_an_unlisted_position_is_refused() {
        let mut graph = GameGraph::new();
        graph.push_move(5);
        graph.close(None);
        assert!(solve(&graph, &Control::default()).is_err());
    }
}
