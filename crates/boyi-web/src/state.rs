//! What the page reads: a position as JSON, with every move valued (or,
//! while a value is being computed or cannot be, unvalued), and how the
//! computer picks among valued moves.

use boyi_games::catalogue::{Analysis, Position, ValuedMove};
use boyi_games::{Diagram, Params, Target, Verdict};
use serde::Serialize;

/// One legal move and what it is worth to the mover.
#[derive(Clone, Debug, Serialize)]
pub struct MoveState {
    /// The move as `play` takes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// How people name it.
    pub label: String,
    pub value: Verdict,
    /// The position it leads to, so a page can follow it without asking
    /// (left out where the moves are so many that writing every position
    /// would cost megabytes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Where the diagram draws it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Target>,
}

/// A position with every legal move valued, best first.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    pub game: &'static str,
    /// The position in canonical form.
    pub position: String,
    /// 0 for the first player, 1 for the second.
    pub to_move: usize,
    /// Whether the game has ended.
    pub over: bool,
    /// In games scored by points: each player's so far, first player first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[i64; 2]>,
    pub value: Verdict,
    pub moves: Vec<MoveState>,
    /// Legal moves not listed (too many).
    pub unlisted: u64,
    /// What the solver says beside the values.
    pub notes: Vec<String>,
    /// What the page draws.
    pub diagram: Diagram,
    /// The parameters that start this game (the page's form).
    pub params: std::collections::BTreeMap<String, String>,
    /// Which solver produced the values (empty when unvalued).
    pub solver: &'static str,
}

fn params_map(p: &Params) -> std::collections::BTreeMap<String, String> {
    p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Bytes of positions after moves a state may carry.
const AFTER_BYTES: usize = 1 << 20;

/// Where playing `mv` from `pos` leads, as text.
pub fn after(pos: &dyn Position, mv: &str) -> Option<String> {
    pos.play(mv).map(|p| p.text()).ok()
}

impl State {
    /// The position with its moves unvalued: what the page draws while the
    /// values are computed, or when they cannot be.
    pub fn unvalued(pos: &dyn Position) -> State {
        let moves = pos.moves().into_iter().map(|info| ValuedMove { info, value: Verdict::Unknown }).collect();
        State::of(pos, Analysis { value: Verdict::Unknown, moves, unlisted: 0, notes: Vec::new(), solver: "" })
    }

    pub fn valued(pos: &dyn Position, a: Analysis) -> State {
        State::of(pos, a)
    }

    fn of(pos: &dyn Position, a: Analysis) -> State {
        let text = pos.text();
        let follow = a.moves.len().saturating_mul(text.len() + 16) <= AFTER_BYTES;
        let moves = a
            .moves
            .into_iter()
            .map(|m| MoveState {
                position: if follow { after(pos, &m.info.name) } else { None },
                mv: m.info.name,
                label: m.info.label,
                value: m.value,
                at: m.info.at,
            })
            .collect();
        State {
            game: pos.entry().info().id,
            position: text,
            to_move: pos.to_move(),
            over: pos.over(),
            points: pos.points(),
            value: a.value,
            moves,
            unlisted: a.unlisted,
            notes: a.notes,
            diagram: pos.diagram(),
            params: params_map(&pos.params()),
            solver: a.solver,
        }
    }
}

/// The computer's move at `skill` (0 to 1): with probability `skill` a best
/// move (at random among equals); otherwise the moves' values are ranked
/// best first and the k-th value is picked with weight 1 / (k + 1), then a
/// move of that value at random, so even skill 0 leans toward good moves.
pub fn choose(moves: &[MoveState], skill: f64, mut random: impl FnMut() -> f64) -> Option<&MoveState> {
    let best = moves.first()?;
    let mut groups: Vec<&[MoveState]> = Vec::new();
    let mut rest = moves;
    while let Some(first) = rest.first() {
        let n = rest.iter().take_while(|m| m.value == first.value).count();
        groups.push(&rest[..n]);
        rest = &rest[n..];
    }
    let group = if random() < skill {
        groups[0]
    } else {
        let total: f64 = (0..groups.len()).map(|k| 1.0 / (k as f64 + 1.0)).sum();
        let mut x = random() * total;
        let mut pick = groups[groups.len() - 1];
        for (k, g) in groups.iter().enumerate() {
            x -= 1.0 / (k as f64 + 1.0);
            if x < 0.0 {
                pick = g;
                break;
            }
        }
        pick
    };
    let i = ((random() * group.len() as f64) as usize).min(group.len() - 1);
    Some(group.get(i).unwrap_or(best))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(name: &str, value: Verdict) -> MoveState {
        MoveState { mv: name.into(), label: name.into(), value, position: None, at: None }
    }

    fn uniform(seed: u64) -> impl FnMut() -> f64 {
        let mut rng = boyi_games::generate::Rng::new(seed);
        move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    #[test]
    fn perfect_skill_always_picks_a_best_move() {
        let moves = [
            mv("a", Verdict::Win(Some(3))),
            mv("b", Verdict::Win(Some(3))),
            mv("c", Verdict::Win(Some(5))),
            mv("d", Verdict::Lose(Some(2))),
        ];
        let mut random = uniform(7);
        let mut seen = [0; 4];
        for _ in 0..1000 {
            let m = choose(&moves, 1.0, &mut random).unwrap();
            seen[(m.mv.as_bytes()[0] - b'a') as usize] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0 && seen[2] == 0 && seen[3] == 0, "{seen:?}");
    }

    #[test]
    fn zero_skill_still_prefers_better_moves() {
        let moves = [mv("a", Verdict::Win(Some(1))), mv("b", Verdict::Lose(Some(1)))];
        let mut random = uniform(1);
        let a = (0..3000).filter(|_| choose(&moves, 0.0, &mut random).unwrap().mv == "a").count();
        // weights 1 and 1/2: two thirds of the picks
        assert!((1800..2200).contains(&a), "{a}");
    }
}
