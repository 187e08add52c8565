//! What a position or a move is worth, as every front end shows it: one
//! type for the command line, the page, the judge reports and (later) the
//! Python package, with one ordering, one flip, one text and one JSON form.
//!
//! The engine's values ([`Outcome`], scores) say the same for one solver;
//! a [`Verdict`] is what a game's catalogue entry turns them into, so that
//! Connect Four's exact score and the chase's outcome both read "win in 7",
//! and a scored game's margin reads "+3" everywhere.

use std::cmp::Ordering;
use std::fmt;

use boyi::Outcome;
use serde::ser::{Serialize, SerializeMap, Serializer};

/// A value for the side to move (for a move: for its mover).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The mover wins, in this many moves (both players' moves, to the
    /// end) when the solver counts them.
    Win(Option<u32>),
    Lose(Option<u32>),
    /// The game ends level (Connect Four's full board), after this many moves.
    Tie(Option<u32>),
    /// Neither side can force an end: best play goes on forever.
    Draw,
    /// The mover's points minus the opponent's from here on under best
    /// play, and the moves left when the game's length is fixed.
    Margin {
        score: i64,
        left: Option<u32>,
    },
    /// An impartial game's Grundy value: of the position for the side to
    /// move, who wins exactly when it is not 0; for a move, of the position
    /// it leaves, and the move wins exactly when that is 0.
    Nimber {
        nimber: u64,
        win: bool,
    },
    /// Not solved (too big, or not yet).
    Unknown,
}

impl Verdict {
    /// A position's nimber, for the side to move.
    pub fn position_nimber(nimber: u64) -> Verdict {
        Verdict::Nimber { nimber, win: nimber != 0 }
    }

    /// A move that leaves a position of nimber `left`.
    pub fn move_nimber(left: u64) -> Verdict {
        Verdict::Nimber { nimber: left, win: left == 0 }
    }

    /// Win or lose, without a count of moves.
    pub fn bare(win: bool) -> Verdict {
        if win {
            Verdict::Win(None)
        } else {
            Verdict::Lose(None)
        }
    }

    /// `win`, `lose`, `tie`, `draw` or `unknown`: a margin by its sign.
    pub fn result(&self) -> &'static str {
        match *self {
            Verdict::Win(_) => "win",
            Verdict::Lose(_) => "lose",
            Verdict::Tie(_) => "tie",
            Verdict::Draw => "draw",
            Verdict::Margin { score, .. } => match score.signum() {
                1 => "win",
                -1 => "lose",
                _ => "tie",
            },
            Verdict::Nimber { win, .. } => {
                if win {
                    "win"
                } else {
                    "lose"
                }
            }
            Verdict::Unknown => "unknown",
        }
    }

    /// `outcome`, `score`, `nimber` or `unknown`.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Win(_) | Verdict::Lose(_) | Verdict::Tie(_) | Verdict::Draw => "outcome",
            Verdict::Margin { .. } => "score",
            Verdict::Nimber { .. } => "nimber",
            Verdict::Unknown => "unknown",
        }
    }

    /// Moves to the end under best play, where known.
    pub fn remoteness(&self) -> Option<u32> {
        match *self {
            Verdict::Win(r) | Verdict::Lose(r) | Verdict::Tie(r) => r,
            Verdict::Margin { left, .. } => left,
            _ => None,
        }
    }

    /// What moving into a position worth `self` (to whoever moves there) is
    /// worth to the mover, when the move itself earns nothing.
    pub fn flip(self) -> Verdict {
        let next = |r: Option<u32>| r.map(|r| r + 1);
        match self {
            Verdict::Win(r) => Verdict::Lose(next(r)),
            Verdict::Lose(r) => Verdict::Win(next(r)),
            Verdict::Tie(r) => Verdict::Tie(next(r)),
            Verdict::Draw => Verdict::Draw,
            Verdict::Margin { score, left } => Verdict::Margin { score: -score, left: next(left) },
            Verdict::Nimber { nimber, .. } => Verdict::move_nimber(nimber),
            Verdict::Unknown => Verdict::Unknown,
        }
    }

    /// Larger is better for the mover: quicker wins, then wins without a
    /// count, ties and draws, longer losses, losses without a count, and
    /// unknown last; margins by size; of nimbers only who wins counts.
    fn key(&self) -> (i8, i64) {
        match *self {
            Verdict::Win(r) => (2, r.map_or(i64::MIN, |r| -i64::from(r))),
            Verdict::Lose(r) => (-2, r.map_or(-1, i64::from)),
            Verdict::Tie(_) | Verdict::Draw => (0, 0),
            Verdict::Margin { score, .. } => (2 * score.signum() as i8, score),
            Verdict::Nimber { win, .. } => (if win { 2 } else { -2 }, 0),
            Verdict::Unknown => (-3, 0),
        }
    }
}

impl Ord for Verdict {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Verdict {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<Outcome> for Verdict {
    fn from(o: Outcome) -> Verdict {
        match o {
            Outcome::Win(r) => Verdict::Win(Some(r)),
            Outcome::Lose(r) => Verdict::Lose(Some(r)),
            Outcome::Draw => Verdict::Draw,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Verdict::Win(Some(r)) => write!(f, "win in {r}"),
            Verdict::Lose(Some(0)) => write!(f, "lost"),
            Verdict::Lose(Some(r)) => write!(f, "lose in {r}"),
            Verdict::Tie(Some(r)) if r > 0 => write!(f, "tie in {r}"),
            Verdict::Win(None) | Verdict::Lose(None) | Verdict::Tie(_) | Verdict::Draw | Verdict::Unknown => {
                write!(f, "{}", self.result())
            }
            Verdict::Margin { score, .. } if score > 0 => write!(f, "+{score}"),
            Verdict::Margin { score, .. } => write!(f, "{score}"),
            Verdict::Nimber { nimber, .. } => write!(f, "{} (nimber {nimber})", self.result()),
        }
    }
}

/// `{"kind", "result", "remoteness"?, "score"?, "nimber"?}`: one form read
/// by the page, `analyze --json` and scripts alike.
impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", self.kind())?;
        map.serialize_entry("result", self.result())?;
        if let Some(r) = self.remoteness() {
            map.serialize_entry("remoteness", &r)?;
        }
        match *self {
            Verdict::Margin { score, .. } => map.serialize_entry("score", &score)?,
            Verdict::Nimber { nimber, .. } => map.serialize_entry("nimber", &nimber)?,
            _ => {}
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_order_for_every_kind() {
        let mut v = vec![
            Verdict::Lose(Some(2)),
            Verdict::Win(Some(5)),
            Verdict::Unknown,
            Verdict::Draw,
            Verdict::Lose(None),
            Verdict::Win(None),
            Verdict::Lose(Some(9)),
            Verdict::Win(Some(1)),
        ];
        v.sort_by(|a, b| b.cmp(a));
        assert_eq!(
            v,
            [
                Verdict::Win(Some(1)),
                Verdict::Win(Some(5)),
                Verdict::Win(None),
                Verdict::Draw,
                Verdict::Lose(Some(9)),
                Verdict::Lose(Some(2)),
                Verdict::Lose(None),
                Verdict::Unknown,
            ]
        );
        let m = |s| Verdict::Margin { score: s, left: None };
        assert!(m(3) > m(0) && m(0) > m(-2));
        assert!(Verdict::move_nimber(0) > Verdict::move_nimber(3));
    }

    #[test]
    fn flip_agrees_with_the_engine() {
        for o in [Outcome::Win(0), Outcome::Lose(0), Outcome::Win(7), Outcome::Lose(4), Outcome::Draw] {
            assert_eq!(Verdict::from(o).flip(), Verdict::from(o.flip()));
        }
        assert_eq!(Verdict::position_nimber(5).flip(), Verdict::move_nimber(5));
        assert_eq!(Verdict::position_nimber(0).flip(), Verdict::Nimber { nimber: 0, win: true });
    }

    #[test]
    fn words_and_json() {
        assert_eq!(Verdict::Win(Some(3)).to_string(), "win in 3");
        assert_eq!(Verdict::Lose(Some(0)).to_string(), "lost");
        assert_eq!(Verdict::Tie(Some(0)).to_string(), "tie");
        assert_eq!(Verdict::Margin { score: 2, left: Some(6) }.to_string(), "+2");
        assert_eq!(Verdict::Margin { score: -3, left: None }.to_string(), "-3");
        assert_eq!(Verdict::move_nimber(0).to_string(), "win (nimber 0)");
        let json = |v: Verdict| serde_json::to_string(&v).unwrap();
        assert_eq!(json(Verdict::Win(Some(3))), r#"{"kind":"outcome","result":"win","remoteness":3}"#);
        assert_eq!(json(Verdict::Draw), r#"{"kind":"outcome","result":"draw"}"#);
        assert_eq!(
            json(Verdict::Margin { score: -2, left: Some(4) }),
            r#"{"kind":"score","result":"lose","remoteness":4,"score":-2}"#
        );
        assert_eq!(json(Verdict::position_nimber(3)), r#"{"kind":"nimber","result":"win","nimber":3}"#);
    }
}
