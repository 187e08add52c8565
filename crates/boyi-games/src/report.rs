//! What `analyze` shows: a position, its value and every legal move's value,
//! in a form the command line prints as a table or as JSON.

use std::fmt;

use boyi::{Analysis, Game, Outcome};
use serde::Serialize;

/// A value as people and programs read it, from the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shown {
    /// The mover's points minus the opponent's from here on, under best play.
    Score { score: i64 },
    /// `result` is `win`, `lose` or `draw`; `remoteness` counts moves to the end.
    Outcome {
        result: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        remoteness: Option<u32>,
    },
    /// An impartial game: the nimber of the position (for a move, of the
    /// position it leaves) and `win` / `lose` for the side to move (for a
    /// move, for its mover: it wins when it leaves nimber 0).
    Nimber { nimber: u64, result: &'static str },
}

impl Shown {
    /// A position of an impartial game, for the side to move.
    pub fn position_nimber(nimber: u64) -> Shown {
        Shown::Nimber { nimber, result: if nimber != 0 { "win" } else { "lose" } }
    }

    /// A move of an impartial game that leaves a position of nimber `left`.
    pub fn move_nimber(left: u64) -> Shown {
        Shown::Nimber { nimber: left, result: if left == 0 { "win" } else { "lose" } }
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shown::Score { score } => write!(f, "{score}"),
            Shown::Outcome { result, remoteness } => match remoteness {
                Some(r) => write!(f, "{result} in {r}"),
                None => write!(f, "{result}"),
            },
            Shown::Nimber { nimber, result } => write!(f, "{result} (nimber {nimber})"),
        }
    }
}

/// Values that can be shown.
pub trait Show {
    fn show(self) -> Shown;
}

macro_rules! show_score {
    ($($t:ty),*) => {$(
        impl Show for $t {
            fn show(self) -> Shown {
                Shown::Score { score: self as i64 }
            }
        }
    )*};
}
show_score!(i8, i16, i32, i64);

impl Show for Outcome {
    fn show(self) -> Shown {
        match self {
            Outcome::Win(r) => Shown::Outcome { result: "win", remoteness: Some(r) },
            Outcome::Lose(r) => Shown::Outcome { result: "lose", remoteness: Some(r) },
            Outcome::Draw => Shown::Outcome { result: "draw", remoteness: None },
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ShownMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: Shown,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub game: &'static str,
    /// A few lines that describe the position (a board, the heaps, ...).
    pub position: Vec<String>,
    pub to_move: String,
    pub value: Shown,
    /// Every legal move, best first.
    pub moves: Vec<ShownMove>,
    /// Which solver produced the values.
    pub solver: &'static str,
}

/// The moves of an analysis in the game's notation.
pub fn shown_moves<G: Game>(analysis: &Analysis<G>, name: impl Fn(G::Move) -> String) -> Vec<ShownMove>
where
    G::Value: Show,
{
    analysis.iter().map(|m| ShownMove { mv: name(m.mv), value: m.value.show() }).collect()
}
