//! The reachable part of a user's game, built once: the callbacks are
//! called once per position, breadth first from the starts, and positions
//! are numbered by Python's own equality and hash (never by their text).
//! What the graph carries depends on the values asked for: rewards and
//! bonus turns for scores, a position's parts for nimbers of sums.

use boyi::solve::graph::GameGraph;
use boyi::Outcome;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::callbacks::{hashing_error, noted, short_repr, Callbacks, Ruled};
use super::Kind;
use crate::numbering::Numbering;

/// Positions listed between checks for Ctrl-C (callbacks written in C
/// would otherwise never let Python see the signal).
pub const CHECK_EVERY: usize = 4096;

/// The reachable part of a game: positions numbered breadth first from
/// the starts, the graph, and every move's object in the graph's order
/// (`None` where a sum's "move" is one of its parts).
pub struct Built {
    /// Positions 0 to `starts - 1` are the starts, in the order given.
    pub starts: usize,
    pub positions: Numbering,
    pub graph: GameGraph,
    pub moves: Vec<Py<PyAny>>,
}

/// Python's cyclic collector kept off the graph while it is built:
/// everything the build keeps stays alive until the solve ends, so a
/// collection that walks it frees nothing (a sixth of the build of a
/// 10^6-position game, measured). What was built so far is moved to the
/// permanent generation now and then (`gc.freeze`), which collections
/// skip, while the garbage cycles a callback makes are still collected.
/// The objects are unfrozen when the build ends, unless the program had
/// frozen objects of its own.
/// Collections also come less often meanwhile (the youngest generation's
/// threshold raised to `YOUNG`), and the thresholds are restored after.
struct Frozen<'py> {
    gc: Bound<'py, PyModule>,
    thaw: bool,
    thresholds: Bound<'py, PyAny>,
}

impl<'py> Frozen<'py> {
    const YOUNG: u64 = 100_000;

    fn new(py: Python<'py>) -> PyResult<Self> {
        let gc = py.import("gc")?;
        let thaw = gc.call_method0("get_freeze_count")?.extract::<usize>()? == 0;
        let thresholds = gc.call_method0("get_threshold")?;
        let (young, middle, old): (u64, u64, u64) = thresholds.extract()?;
        gc.call_method1("set_threshold", (young.max(Self::YOUNG), middle, old))?;
        Ok(Frozen { gc, thaw, thresholds })
    }

    fn freeze(&self) -> PyResult<()> {
        self.gc.call_method0("freeze").map(drop)
    }
}

impl Drop for Frozen<'_> {
    fn drop(&mut self) {
        if self.thaw {
            let _ = self.gc.call_method0("unfreeze");
        }
        let _ = self.gc.call_method1(
            "set_threshold",
            self.thresholds.cast::<PyTuple>().ok().cloned().unwrap_or_else(|| PyTuple::empty(self.gc.py())),
        );
    }
}

/// The positions a solve starts from: `start` (one position, or a list of
/// several), else `game.start()`. A list is several starts; any other
/// value, a tuple included, is one position.
fn starts<'py>(calls: &Callbacks<'py>, start: Option<&Bound<'py, PyAny>>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    match start.filter(|s| !s.is_none()) {
        Some(list) if list.is_instance_of::<PyList>() => {
            let starts: Vec<_> = list.try_iter()?.collect::<PyResult<_>>()?;
            if starts.is_empty() {
                return Err(PyValueError::new_err("start=[] names no position to solve from"));
            }
            Ok(starts)
        }
        Some(one) => Ok(vec![one.clone()]),
        None => Ok(vec![calls.start()?]),
    }
}

pub fn build(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    kind: Kind,
    start: Option<&Bound<'_, PyAny>>,
    max_positions: usize,
) -> PyResult<Built> {
    let calls = Callbacks::of(game, start.is_none_or(|s| s.is_none()))?;
    let starts = starts(&calls, start)?;
    let mut positions = Numbering::default();
    let number = |pos: &Bound<'_, PyAny>, positions: &mut Numbering| -> PyResult<u32> {
        let found = positions.number(pos, max_positions).map_err(|e| hashing_error(pos, e))?;
        found.ok_or_else(|| {
            PyMemoryError::new_err(format!(
                "the game has more than {max_positions} reachable positions (max_positions={max_positions}); \
                 raise max_positions to solve it (positions that are objects without __eq__ and __hash__ never \
                 meet again: boyi.validate(game) checks)"
            ))
        })
    };
    for start in &starts {
        number(start, &mut positions)?;
    }
    // (a start listed twice is numbered once)
    let starts = positions.len();
    let sums = kind == Kind::Nimber && calls.has_components();
    let frozen = Frozen::new(py)?;
    let mut graph = GameGraph::new();
    let mut moves = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        if next % CHECK_EVERY == 0 {
            py.check_signals()?;
            frozen.freeze()?;
        }
        let pos = positions.object(py, next as u32).clone();
        next += 1;
        if sums {
            if let Some(parts) = calls.parts(&pos)? {
                for part in &parts {
                    graph.push_move(number(part, &mut positions)?);
                    moves.push(py.None());
                }
                graph.close_sum();
                continue;
            }
        }
        match calls.ruled(&pos, kind)? {
            Some(Ruled::Outcome(o)) => {
                graph.close(Some(o));
                continue;
            }
            Some(Ruled::Score(points)) => {
                graph.close_scored(Some(points));
                continue;
            }
            None => {}
        }
        let mut listed = 0;
        for mv in calls.moves_iter(&pos)? {
            let mv = mv.map_err(|e| noted(e, || format!("moves({})", short_repr(&pos))))?;
            let landed = calls.play_of(&pos, &mv, kind)?;
            let child = number(&landed.position, &mut positions)?;
            match kind {
                Kind::Score => graph.push_step(child, landed.reward, landed.again),
                _ => graph.push_move(child),
            }
            moves.push(mv.unbind());
            listed += 1;
        }
        match kind {
            Kind::Score => graph.close_scored(None),
            // the last move was the opponent's, and who makes it loses
            Kind::Misere if listed == 0 => graph.close(Some(Outcome::Win(0))),
            _ => graph.close(None),
        }
    }
    Ok(Built { starts, positions, graph, moves })
}
