//! Two-player games written in Python, solved exactly: win / lose / draw
//! with remoteness (loops included), margins of scored games with bonus
//! turns, nimbers of impartial games (sums by their parts), and misère
//! play.
//!
//! The user's callbacks are called once per reachable position to build
//! the game graph in Rust (`build.rs`); the engine then values the graph
//! (`boyi::solve::graph`) with the interpreter released. Nothing calls back
//! into Python while solving, and nothing recurses.

mod build;
mod callbacks;
mod checks;
mod entry;
mod file;
mod front;
mod solution;

use boyi::solve::graph::{self, Method};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pub use callbacks::Step;
pub use checks::validate;
pub use front::{play, serve, Server};
pub use solution::{load, Solution};

use crate::errors::{engine_to_py, interruptible};
use callbacks::short_repr;
use solution::Values;

/// The kind of value asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Outcome,
    Score,
    Nimber,
    Misere,
}

impl Kind {
    fn parse(text: &str) -> PyResult<Kind> {
        match text {
            "outcome" => Ok(Kind::Outcome),
            "score" => Ok(Kind::Score),
            "nimber" => Ok(Kind::Nimber),
            "misere" | "misère" => Ok(Kind::Misere),
            other => Err(PyValueError::new_err(format!(
                "values={other:?}: it is \"outcome\", \"score\", \"nimber\" or \"misere\""
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Outcome => "outcome",
            Kind::Score => "score",
            Kind::Nimber => "nimber",
            Kind::Misere => "misere",
        }
    }
}

/// Solves every position reachable from `game.start()`: see `Solution`.
/// The game is any object with `start()`, `moves(pos)` and
/// `play(pos, move)`; what else it may have depends on `values`:
///
/// - `"outcome"`: win, lose or draw with the moves to the end, positions
///   that repeat included; `outcome(pos)` may end the game by the rules
///   (`"win"`, `"lose"` or `"draw"` for the side to move; None otherwise),
///   and a position with no move is lost.
/// - `"score"`: the best margin the side to move can force (its points
///   minus the opponent's from there on) and the moves the game then
///   lasts; `play` may return `boyi.Step(position, reward=0, again=False)`
///   (points for the mover; `again=True`: the mover moves again), and
///   `outcome(pos)` may return the points still to come at an ended
///   position (an int); a position with no move ends with 0. A position
///   that can repeat is a `ValueError` naming it.
/// - `"nimber"`: the Grundy value of every position of an impartial game
///   (who cannot move loses); `components(pos)` may give the independent
///   parts a position is the sum of (their nimbers XOR), each solved once.
/// - `"misere"`: win or lose when whoever makes the last move loses.
///
/// `start` solves from another position instead, or from several (a
/// list), so that positions `start()` cannot reach can be asked about too.
/// Refuses games of more than `max_positions` positions.
#[pyfunction]
#[pyo3(signature = (game, *, values="outcome", start=None, max_positions=10_000_000))]
pub fn solve(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    values: &str,
    start: Option<&Bound<'_, PyAny>>,
    max_positions: usize,
) -> PyResult<Solution> {
    let kind = Kind::parse(values)?;
    let max_positions = max_positions.min(u32::MAX as usize);
    let built = build::build(py, game, kind, start, max_positions)?;
    let g = &built.graph;
    let solved = interruptible(py, |ctl| -> Result<(Values, Method), boyi::Error> {
        Ok(match kind {
            Kind::Outcome | Kind::Misere => {
                let (values, method) = graph::solve(g, ctl)?;
                (Values::Outcome(values), method)
            }
            Kind::Score => (Values::Score(graph::scores::solve(g, ctl)?), Method::Backward),
            Kind::Nimber => (Values::Nimber(graph::nimbers::solve(g, ctl)?), Method::Backward),
        })
    })?;
    let (values, method) = match solved {
        Ok(solved) => solved,
        Err(boyi::Error::Cycle) => {
            let at = built.graph.position_on_cycle().map_or_else(String::new, |v| {
                format!(" (position {} repeats)", short_repr(built.positions.object(py, v)))
            });
            let why = match kind {
                Kind::Score => "a scored game must end: positions that repeat have no margin",
                _ => "the nimbers of games whose positions repeat (Smith's loopy theory) are not computed",
            };
            return Err(PyValueError::new_err(format!("solve: {why}{at}; values=\"outcome\" values loopy games")));
        }
        Err(e) => return Err(engine_to_py("solve", e)),
    };
    Ok(Solution::new(game.clone().unbind(), kind, solution::Store::Built(built), values, method))
}
