//! Two-player games written in Python, solved exactly, loops included.
//!
//! The user's callbacks are called once per reachable position, breadth
//! first from `start()`, to build the game graph in Rust; positions are
//! told apart by Python's own equality and hash (a dict maps each to its
//! number), never by their text. The engine then values the graph
//! (`boyi::solve::graph`): one backward pass when no position repeats,
//! retrograde analysis when positions do. Nothing calls back into Python
//! while solving, and nothing recurses.

use boyi::solve::graph::{self, GameGraph, Method};
use boyi::Outcome;
use boyi_games::verdict::Verdict;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::{engine_to_py, interruptible};
use crate::numbering::Numbering;
use crate::plot::Picture;
use crate::value::Value;
use boyi_games::plot;

/// Positions listed between checks for Ctrl-C (callbacks written in C
/// would otherwise never let Python see the signal).
const CHECK_EVERY: usize = 4096;

/// A value's kind in arrays: 1 win, 0 draw, -1 lose (-2: no position).
fn kind_of(o: &Outcome) -> i8 {
    match o {
        Outcome::Win(_) => 1,
        Outcome::Draw => 0,
        Outcome::Lose(_) => -1,
    }
}

fn remoteness_of(o: &Outcome) -> i32 {
    o.remoteness().map_or(-1, |r| r as i32)
}

/// The callbacks of a user's game, looked up once.
struct Callbacks<'py> {
    moves: Bound<'py, PyAny>,
    play: Bound<'py, PyAny>,
    outcome: Option<Bound<'py, PyAny>>,
}

impl<'py> Callbacks<'py> {
    fn of(game: &Bound<'py, PyAny>) -> PyResult<Self> {
        let method = |name: &str| {
            game.getattr(name).map_err(|_| {
                PyValueError::new_err(format!("the game has no `{name}` method (a game needs start, moves and play)"))
            })
        };
        Ok(Callbacks { moves: method("moves")?, play: method("play")?, outcome: game.getattr("outcome").ok() })
    }

    /// The rules' verdict on `pos`, where they end the game there.
    fn ruled(&self, pos: &Bound<'py, PyAny>) -> PyResult<Option<Outcome>> {
        let Some(outcome) = &self.outcome else { return Ok(None) };
        let word = outcome.call1((pos,))?;
        if word.is_none() {
            return Ok(None);
        }
        match word.extract::<String>().ok().as_deref() {
            Some("win") => Ok(Some(Outcome::Win(0))),
            Some("lose") => Ok(Some(Outcome::Lose(0))),
            Some("draw") => Ok(Some(Outcome::Draw)),
            _ => Err(PyValueError::new_err(format!(
                "outcome({}) returned {}; it must return \"win\", \"lose\", \"draw\" or None",
                short_repr(pos),
                short_repr(&word)
            ))),
        }
    }
}

/// A value's repr, cut short for one-line messages.
fn short_repr(x: &Bound<'_, PyAny>) -> String {
    let text = x.repr().map(|r| r.to_string()).unwrap_or_else(|_| "<no repr>".to_string());
    if text.chars().count() > 80 {
        format!("{}...", text.chars().take(77).collect::<String>())
    } else {
        text
    }
}

/// The reachable part of a game: positions numbered breadth first from
/// the start, the graph, and every move's object in the graph's order.
struct Built {
    positions: Numbering,
    graph: GameGraph,
    moves: Vec<Py<PyAny>>,
}

/// Python's cyclic garbage collector held off while the graph is built:
/// everything the build allocates stays alive until the solve ends, so a
/// collection then only walks it all to free nothing (a sixth of the build
/// of a 10^6-position game, measured). The collector's state is restored
/// however the build ends.
struct CollectorPaused<'py> {
    gc: Bound<'py, PyModule>,
    was_enabled: bool,
}

impl<'py> CollectorPaused<'py> {
    fn new(py: Python<'py>) -> PyResult<Self> {
        let gc = py.import("gc")?;
        let was_enabled = gc.call_method0("isenabled")?.extract()?;
        gc.call_method0("disable")?;
        Ok(CollectorPaused { gc, was_enabled })
    }
}

impl Drop for CollectorPaused<'_> {
    fn drop(&mut self) {
        if self.was_enabled {
            let _ = self.gc.call_method0("enable");
        }
    }
}

fn build(py: Python<'_>, game: &Bound<'_, PyAny>, max_positions: usize) -> PyResult<Built> {
    let calls = Callbacks::of(game)?;
    let start = game.call_method0("start")?;
    let mut positions = Numbering::default();
    let number = |pos: &Bound<'_, PyAny>, positions: &mut Numbering| -> PyResult<u32> {
        let found = positions.number(pos, max_positions).map_err(|e| {
            PyValueError::new_err(format!("position {} cannot be hashed or compared: {e}", short_repr(pos)))
        })?;
        found.ok_or_else(|| {
            PyMemoryError::new_err(format!(
                "the game has more than {max_positions} reachable positions (max_positions={max_positions}); \
                 raise max_positions to solve it"
            ))
        })
    };
    number(&start, &mut positions)?;
    let _paused = CollectorPaused::new(py)?;
    let mut graph = GameGraph::new();
    let mut moves = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        if next % CHECK_EVERY == 0 {
            py.check_signals()?;
        }
        let pos = positions.object(py, next as u32).clone();
        next += 1;
        let ruled = calls.ruled(&pos)?;
        if ruled.is_some() {
            graph.close(ruled);
            continue;
        }
        for mv in calls.moves.call1((&pos,))?.try_iter()? {
            let mv = mv?;
            let child = calls.play.call1((&pos, &mv))?;
            if child.is_none() {
                return Err(PyValueError::new_err(format!(
                    "play({}, {}) returned None; it must return the next position",
                    short_repr(&pos),
                    short_repr(&mv)
                )));
            }
            graph.push_move(number(&child, &mut positions)?);
            moves.push(mv.unbind());
        }
        graph.close(None);
    }
    Ok(Built { positions, graph, moves })
}

/// Every reachable position of a game written in Python, solved: win,
/// lose or draw with remoteness (moves to the end under best play; the
/// winner hurries, the loser delays), for the side to move.
#[pyclass(frozen, module = "boyi")]
pub struct Solution {
    built: Built,
    values: Vec<Outcome>,
    method: Method,
}

impl Solution {
    fn id_of(&self, pos: &Bound<'_, PyAny>) -> PyResult<u32> {
        match self.built.positions.get(pos) {
            Ok(Some(id)) => Ok(id),
            Ok(None) => {
                Err(PyValueError::new_err(format!("position {} is not reachable from the start", short_repr(pos))))
            }
            Err(e) => Err(PyValueError::new_err(format!("position {} cannot be looked up: {e}", short_repr(pos)))),
        }
    }

    /// Values laid out by the user's `index` (see `to_numpy`): the shape,
    /// then kinds and remoteness in row-major order.
    fn layout(
        &self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        shape: Option<Vec<usize>>,
    ) -> PyResult<(Vec<usize>, Vec<i8>, Vec<i32>)> {
        let mut cells: Vec<Vec<usize>> = Vec::with_capacity(self.values.len());
        for pos in self.built.positions.objects() {
            let at = index.call1((pos.bind(py),))?;
            let coords: Vec<i64> = if let Ok(i) = at.extract::<i64>() { vec![i] } else { at.extract()? };
            let coords =
                coords.iter().map(|&c| usize::try_from(c)).collect::<Result<Vec<usize>, _>>().map_err(|_| {
                    PyValueError::new_err(format!(
                        "index({}) = {} is negative",
                        short_repr(pos.bind(py)),
                        short_repr(&at)
                    ))
                })?;
            if cells.first().is_some_and(|first| first.len() != coords.len()) {
                return Err(PyValueError::new_err("index() must give every position as many coordinates"));
            }
            cells.push(coords);
        }
        let dims = cells.first().map_or(1, Vec::len);
        let shape = match shape {
            Some(shape) => shape,
            None => (0..dims).map(|d| cells.iter().map(|c| c[d] + 1).max().unwrap_or(0)).collect(),
        };
        if shape.len() != dims {
            return Err(PyValueError::new_err(format!("shape has {} axes, index() gives {dims}", shape.len())));
        }
        let total: usize = shape.iter().product();
        let mut kinds = vec![-2i8; total];
        let mut remoteness = vec![-1i32; total];
        for (value, coords) in self.values.iter().zip(&cells) {
            let mut flat = 0;
            for (&c, &size) in coords.iter().zip(&shape) {
                if c >= size {
                    return Err(PyValueError::new_err(format!("index {coords:?} is outside shape {shape:?}")));
                }
                flat = flat * size + c;
            }
            kinds[flat] = kind_of(value);
            remoteness[flat] = remoteness_of(value);
        }
        Ok((shape, kinds, remoteness))
    }

    /// `(move, value to its mover)` for every move of position `v`, best
    /// first; ties keep the order `moves` listed them in.
    fn valued_moves(&self, v: u32) -> Vec<(usize, Verdict)> {
        let mut out: Vec<(usize, Verdict)> = self
            .built
            .graph
            .edge_range(v)
            .zip(self.built.graph.children(v))
            .map(|(e, &c)| (e, Verdict::from(self.values[c as usize].flip())))
            .collect();
        out.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
        out
    }
}

#[pymethods]
impl Solution {
    /// The start position.
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.built.positions.object(py, 0).clone()
    }

    /// The value of `pos` (the start when left out) for the side to move.
    #[pyo3(signature = (pos=None))]
    fn value(&self, pos: Option<&Bound<'_, PyAny>>) -> PyResult<Value> {
        let v = match pos {
            Some(pos) => self.id_of(pos)?,
            None => 0,
        };
        Ok(Value(Verdict::from(self.values[v as usize])))
    }

    /// Every move of `pos` with its value to the mover, best first.
    fn moves<'py>(&self, pos: &Bound<'py, PyAny>) -> PyResult<Vec<(Bound<'py, PyAny>, Value)>> {
        let py = pos.py();
        let v = self.id_of(pos)?;
        Ok(self
            .valued_moves(v)
            .into_iter()
            .map(|(e, value)| (self.built.moves[e].bind(py).clone(), Value(value)))
            .collect())
    }

    /// A best move of `pos` (the first listed of the best), or None where the game is over.
    fn best<'py>(&self, pos: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = pos.py();
        let v = self.id_of(pos)?;
        Ok(self.valued_moves(v).first().map(|&(e, _)| self.built.moves[e].bind(py).clone()))
    }

    /// Reachable positions won, lost and drawn for the side to move.
    #[getter]
    fn counts(&self) -> (u64, u64, u64) {
        let mut counts = (0, 0, 0);
        for value in &self.values {
            match value {
                Outcome::Win(_) => counts.0 += 1,
                Outcome::Lose(_) => counts.1 += 1,
                Outcome::Draw => counts.2 += 1,
            }
        }
        counts
    }

    /// `"backward"` when no position repeats, else `"retrograde"`.
    #[getter]
    fn method(&self) -> &'static str {
        match self.method {
            Method::Backward => "backward",
            Method::Retrograde => "retrograde",
        }
    }

    /// Moves between reachable positions.
    #[getter]
    fn edges(&self) -> usize {
        self.built.graph.edges()
    }

    /// Every reachable position, in the order `to_numpy` uses (breadth
    /// first from the start).
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.built.positions.objects().iter().map(|p| p.bind(py)))
    }

    fn __len__(&self) -> usize {
        self.built.positions.len()
    }

    fn __contains__(&self, pos: &Bound<'_, PyAny>) -> bool {
        matches!(self.built.positions.get(pos), Ok(Some(_)))
    }

    /// Two numpy arrays: `kind` (int8: 1 win, 0 draw, -1 lose) and
    /// `remoteness` (int32, -1 for a draw). Without `index` they follow
    /// `positions()`; with `index`, a function from a position to an int
    /// or a tuple of ints, they are laid out in `shape` (by default one
    /// past the largest index in each axis), and cells no reachable
    /// position lands on hold kind -2 and remoteness -1.
    #[pyo3(signature = (index=None, shape=None))]
    fn to_numpy<'py>(
        &self,
        py: Python<'py>,
        index: Option<&Bound<'py, PyAny>>,
        shape: Option<Vec<usize>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let Some(index) = index else {
            let kinds: Vec<i8> = self.values.iter().map(kind_of).collect();
            let remoteness: Vec<i32> = self.values.iter().map(remoteness_of).collect();
            return PyTuple::new(py, [kinds.into_pyarray(py).into_any(), remoteness.into_pyarray(py).into_any()]);
        };
        let (shape, kinds, remoteness) = self.layout(py, index, shape)?;
        let kinds = kinds.into_pyarray(py).reshape(shape.clone())?;
        let remoteness = remoteness.into_pyarray(py).reshape(shape)?;
        PyTuple::new(py, [kinds.into_any(), remoteness.into_any()])
    }

    /// How many positions are won and lost at each remoteness, as a picture.
    fn plot(&self) -> PyResult<Picture> {
        let (mut won, mut lost, mut drawn) = (Vec::new(), Vec::new(), 0);
        for value in &self.values {
            let (counts, r) = match *value {
                Outcome::Win(r) => (&mut won, r),
                Outcome::Lose(r) => (&mut lost, r),
                Outcome::Draw => {
                    drawn += 1;
                    continue;
                }
            };
            if counts.len() <= r as usize {
                counts.resize(r as usize + 1, 0u64);
            }
            counts[r as usize] += 1;
        }
        let title = format!("{} positions by remoteness", self.values.len());
        Picture::drawn(plot::remoteness_svg(&title, &won, &lost, drawn))
    }

    /// Jupyter draws a solution as its remoteness histogram.
    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(self.plot()?.svg)
    }

    /// A win / lose / draw map over two coordinates: `index(pos)` gives a
    /// position's `(x, y)` (as for `to_numpy`).
    #[pyo3(signature = (index, shape=None, title="who wins", x="x", y="y"))]
    fn plot_map<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
        shape: Option<Vec<usize>>,
        title: &str,
        x: &str,
        y: &str,
    ) -> PyResult<Picture> {
        let (shape, kinds, _) = self.layout(py, index, shape)?;
        let [width, height] = shape[..] else {
            return Err(PyValueError::new_err(format!(
                "plot_map draws two coordinates; index() gives {}",
                shape.len()
            )));
        };
        let cells: Vec<Vec<plot::Tile>> = (0..height)
            .map(|row| {
                (0..width)
                    .map(|col| match kinds[col * height + row] {
                        1 => plot::Tile::Win,
                        -1 => plot::Tile::Lose,
                        0 => plot::Tile::Draw,
                        _ => plot::Tile::Empty,
                    })
                    .collect()
            })
            .collect();
        Picture::drawn(plot::outcome_map_svg(title, &cells, x, y, None))
    }

    fn __repr__(&self) -> String {
        let (w, l, d) = self.counts();
        format!(
            "<boyi.Solution: start {}; {} positions ({w} won, {l} lost, {d} drawn), {} moves, by {}>",
            Verdict::from(self.values[0]),
            self.values.len(),
            self.built.graph.edges(),
            self.method()
        )
    }
}

/// Solves every position reachable from `game.start()`: see `Solution`.
/// The game is any object with `start()`, `moves(pos)`, `play(pos, move)`
/// and optionally `outcome(pos)` (`"win"`, `"lose"` or `"draw"` for the
/// side to move where the rules end the game, else None; a position with
/// no move is lost). Refuses games of more than `max_positions` positions.
#[pyfunction]
#[pyo3(signature = (game, *, max_positions=10_000_000))]
pub fn solve(py: Python<'_>, game: &Bound<'_, PyAny>, max_positions: usize) -> PyResult<Solution> {
    let max_positions = max_positions.min(u32::MAX as usize);
    let built = build(py, game, max_positions)?;
    let graph = &built.graph;
    let (values, method) = interruptible(py, |ctl| graph::solve(graph, ctl))?.map_err(|e| engine_to_py("solve", e))?;
    Ok(Solution { built, values, method })
}

/// The usual mistakes of a new game definition, one line each (an empty
/// list when none is seen), found by walking up to `max_positions`
/// positions from the start: a missing method, an unhashable position,
/// `play` returning None or changing its argument, positions that are
/// equal but not built equal twice, an unknown outcome word, a move
/// listed twice.
#[pyfunction]
#[pyo3(signature = (game, *, max_positions=10_000))]
pub fn validate(py: Python<'_>, game: &Bound<'_, PyAny>, max_positions: usize) -> PyResult<Vec<String>> {
    const MOST: usize = 20;
    let mut found: Vec<String> = Vec::new();
    let say = |line: String, found: &mut Vec<String>| {
        if found.len() < MOST && !found.contains(&line) {
            found.push(line);
        }
    };
    for name in ["start", "moves", "play"] {
        if game.getattr(name).is_err() {
            say(format!("the game has no `{name}` method"), &mut found);
        }
    }
    if !found.is_empty() {
        return Ok(found);
    }
    let calls = Callbacks::of(game)?;
    let start = match game.call_method0("start") {
        Ok(start) => start,
        Err(e) => return Ok(vec![format!("start() raised {e}")]),
    };
    let seen = PyDict::new(py);
    if start.hash().is_ok() {
        seen.set_item(&start, true)?;
    }
    let mut queue = vec![start.unbind()];
    let mut next = 0;
    while next < queue.len() && next < max_positions && found.len() < MOST {
        let pos = queue[next].bind(py).clone();
        next += 1;
        let hash_before = match pos.hash() {
            Ok(h) => h,
            Err(e) => {
                say(
                    format!("position {} is not hashable ({e}): use a tuple, frozenset or str", short_repr(&pos)),
                    &mut found,
                );
                continue;
            }
        };
        match calls.ruled(&pos) {
            Ok(Some(_)) => continue,
            Ok(None) => {}
            Err(e) => {
                say(e.to_string(), &mut found);
                continue;
            }
        }
        let listed: Vec<Bound<'_, PyAny>> = match calls.moves.call1((&pos,)).and_then(|ms| ms.try_iter()?.collect()) {
            Ok(listed) => listed,
            Err(e) => {
                say(format!("moves({}) raised {e}", short_repr(&pos)), &mut found);
                continue;
            }
        };
        for (i, mv) in listed.iter().enumerate() {
            if listed[..i].iter().any(|earlier| earlier.eq(mv).unwrap_or(false)) {
                say(format!("moves({}) lists the move {} twice", short_repr(&pos), short_repr(mv)), &mut found);
            }
            let child = match calls.play.call1((&pos, mv)) {
                Ok(child) => child,
                Err(e) => {
                    say(format!("play({}, {}) raised {e}", short_repr(&pos), short_repr(mv)), &mut found);
                    continue;
                }
            };
            if pos.hash().ok() != Some(hash_before) {
                say(
                    format!("play({}, {}) changed the position it was given", short_repr(&pos), short_repr(mv)),
                    &mut found,
                );
            }
            if child.is_none() {
                say(format!("play({}, {}) returned None", short_repr(&pos), short_repr(mv)), &mut found);
                continue;
            }
            if let Err(e) = child.hash() {
                say(
                    format!(
                        "play({}, {}) returned {}, which is not hashable ({e})",
                        short_repr(&pos),
                        short_repr(mv),
                        short_repr(&child)
                    ),
                    &mut found,
                );
                continue;
            }
            if let Ok(again) = calls.play.call1((&pos, mv)) {
                if !again.eq(&child).unwrap_or(false) || again.hash().ok() != child.hash().ok() {
                    say(
                        format!(
                            "play({}, {}) built twice gives positions that are not equal with equal hashes: \
                         define __eq__ and __hash__ (or use tuples)",
                            short_repr(&pos),
                            short_repr(mv)
                        ),
                        &mut found,
                    );
                }
            }
            if !seen.contains(&child).unwrap_or(true) {
                seen.set_item(&child, true)?;
                queue.push(child.unbind());
            }
        }
    }
    Ok(found)
}
