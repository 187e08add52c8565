//! Scored games on an explicit graph: every position's margin (the side to
//! move's points minus the opponent's from there on, under best play) and
//! how many moves the game then lasts. A move earns its mover a reward; a
//! move that gives a bonus turn adds the child's margin, one that passes
//! the turn subtracts it (the seeds' negamax with bonus turns). Among the
//! moves of the best margin the winner hurries, the loser delays, and a
//! level game ends as soon as it can. Scores need an end: a graph where a
//! position repeats has none (`Error::Cycle`; `GameGraph::position_on_cycle`
//! names one).

use super::GameGraph;
use crate::control::Control;
use crate::error::Error;

/// A position's margin for the side to move and the moves left under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scored {
    pub margin: i64,
    pub moves: u32,
}

impl Scored {
    /// The value to its mover of a move earning `reward` into a position
    /// worth `child` (to whoever moves there), or `None` past `i64`.
    pub fn back(reward: i64, again: bool, child: Scored) -> Option<Scored> {
        let margin = if again { reward.checked_add(child.margin)? } else { reward.checked_sub(child.margin)? };
        Some(Scored { margin, moves: child.moves.checked_add(1)? })
    }

    /// Whether `self` is better for the mover than `other`: a larger margin;
    /// at an equal one, fewer moves unless the mover is behind.
    pub fn better_than(self, other: Scored) -> bool {
        match self.margin.cmp(&other.margin) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal if self.margin < 0 => self.moves > other.moves,
            std::cmp::Ordering::Equal => self.moves < other.moves,
        }
    }
}

impl GameGraph {
    /// The points still to come at ended position `v` (0 where the rules say nothing).
    fn ended_score(&self, v: u32) -> i64 {
        match self.ended_scores.binary_search_by_key(&v, |&(u, _)| u) {
            Ok(i) => self.ended_scores[i].1,
            Err(_) => 0,
        }
    }

    /// The value to its mover of move `e` of position `v` into a position worth `child`.
    pub fn scored_move(&self, e: usize, child: Scored) -> Result<Scored, Error> {
        let (reward, again) = self.step(e);
        Scored::back(reward, again, child)
            .ok_or_else(|| Error::Unsupported("a margin passes ±2^63: scores this large are not kept".to_string()))
    }
}

/// Every position's margin and length, children before parents.
pub fn solve(graph: &GameGraph, ctl: &Control) -> Result<Vec<Scored>, Error> {
    let n = graph.len();
    ctl.reserve("the graph's margins and their walk", n as u64 * 28)?;
    let order = graph.postorder()?.ok_or(Error::Cycle)?;
    ctl.start("valuing positions", n as u64);
    let mut values = vec![Scored { margin: 0, moves: 0 }; n];
    for (i, &v) in order.iter().enumerate() {
        if i % 4096 == 0 {
            ctl.check()?;
            ctl.advance(4096.min((n - i) as u64));
        }
        let range = graph.edge_range(v);
        values[v as usize] = if range.is_empty() {
            Scored { margin: graph.ended_score(v), moves: 0 }
        } else {
            let mut best: Option<Scored> = None;
            for (e, &c) in range.zip(graph.children(v)) {
                let value = graph.scored_move(e, values[c as usize])?;
                if best.is_none_or(|b| value.better_than(b)) {
                    best = Some(value);
                }
            }
            best.expect("a move")
        };
    }
    ctl.finish();
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A random acyclic scored graph: rewards in -3..=3, some bonus turns,
    /// some positions ended by the rules with points to come.
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
            let ended = (next() % 6 == 0).then(|| (next() % 9) as i64 - 4);
            for _ in 0..next() % 4 {
                if v + 1 >= n {
                    break;
                }
                let c = v + 1 + (next() % (n - v - 1) as u64) as usize;
                graph.push_step(c as u32, (next() % 7) as i64 - 3, next() % 3 == 0);
            }
            graph.close_scored(ended);
        }
        graph
    }

    /// Plain recursion by the definition, no memo.
    fn by_recursion(graph: &GameGraph, v: u32) -> Scored {
        let range = graph.edge_range(v);
        if range.is_empty() {
            return Scored { margin: graph.ended_score(v), moves: 0 };
        }
        let mut best: Option<Scored> = None;
        for (e, &c) in range.zip(graph.children(v)) {
            let (reward, again) = graph.step(e);
            let child = by_recursion(graph, c);
            let margin = if again { reward + child.margin } else { reward - child.margin };
            let value = Scored { margin, moves: child.moves + 1 };
            let better = match best {
                None => true,
                Some(b) if value.margin != b.margin => value.margin > b.margin,
                Some(b) if value.margin < 0 => value.moves > b.moves,
                Some(b) => value.moves < b.moves,
            };
            if better {
                best = Some(value);
            }
        }
        best.unwrap()
    }

    proptest! {
        #[test]
        fn margins_match_plain_recursion(n in 1usize..24, seed in any::<u64>()) {
            let graph = random_graph(n, seed);
            let values = solve(&graph, &Control::default()).unwrap();
            for v in 0..n as u32 {
                prop_assert_eq!(values[v as usize], by_recursion(&graph, v), "position {}", v);
            }
        }
    }

    #[test]
    fn a_bonus_turn_adds_and_a_passed_turn_subtracts() {
        // 0 -(+2, again)-> 1 -(+5)-> 2 (ended, 1 point to come for its mover)
        let mut g = GameGraph::new();
        g.push_step(1, 2, true);
        g.close_scored(None);
        g.push_step(2, 5, false);
        g.close_scored(None);
        g.close_scored(Some(1));
        let values = solve(&g, &Control::default()).unwrap();
        assert_eq!(values[2], Scored { margin: 1, moves: 0 });
        assert_eq!(values[1], Scored { margin: 4, moves: 1 });
        assert_eq!(values[0], Scored { margin: 6, moves: 2 });
    }

    #[test]
    fn a_cycle_is_refused_and_named() {
        let mut g = GameGraph::new();
        g.push_step(1, 1, false);
        g.close_scored(None);
        g.push_step(0, 1, false);
        g.close_scored(None);
        assert!(matches!(solve(&g, &Control::default()), Err(Error::Cycle)));
        assert!(g.position_on_cycle().is_some());
    }

    #[test]
    fn margins_past_i64_are_refused() {
        let mut g = GameGraph::new();
        g.push_step(1, i64::MAX, true);
        g.close_scored(None);
        g.push_step(2, i64::MAX, true);
        g.close_scored(None);
        g.close_scored(None);
        assert!(matches!(solve(&g, &Control::default()), Err(Error::Unsupported(_))));
    }
}
