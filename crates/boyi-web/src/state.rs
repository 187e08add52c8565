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
