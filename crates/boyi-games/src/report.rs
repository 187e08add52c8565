//! What `analyze` shows, for any game of the catalogue: the position's
//! picture and notation, its value and every listed move's value, best
//! first, in a form front ends print as text or as JSON.

use serde::Serialize;

use crate::diagram::{Diagram, Target};
use crate::listing::{Analysis, Position, ValuedMove};
use crate::verdict::Verdict;

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game's id.
    pub game: &'static str,
    /// The position in the game's notation.
    pub notation: String,
    /// The picture as lines of text, and what is said beside it.
    pub position: Vec<String>,
    pub diagram: Diagram,
    /// Who moves, by name.
    pub to_move: &'static str,
    /// Whether the game has ended.
    pub over: bool,
    /// In games scored by points: each player's so far, first player first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[i64; 2]>,
    pub value: Verdict,
    /// The listed moves, best first.
    pub moves: Vec<ValuedMove>,
    /// Legal moves not listed (too many).
    pub unlisted: u64,
    /// What the solver says beside the values.
    pub notes: Vec<String>,
    /// Which solver produced the values.
    pub solver: &'static str,
}

impl Report {
    pub fn new(position: &dyn Position, analysis: Analysis) -> Report {
        let diagram = position.diagram();
        let targets: Vec<Target> = analysis.moves.iter().filter_map(|m| m.info.at).collect();
        Report {
            game: position.entry().info().id,
            notation: position.text(),
            position: diagram.text(&targets),
            diagram,
            to_move: position.mover(),
            over: position.over(),
            points: position.points(),
            value: analysis.value,
            moves: analysis.moves,
            unlisted: analysis.unlisted,
            notes: analysis.notes,
            solver: analysis.solver,
        }
    }
}
