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
use pyo3::types::{PyDict, PyIterator, PyList, PyTuple};

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
        let method = |name: &str| -> PyResult<Bound<'py, PyAny>> {
            if !game.hasattr(name)? {
                return Err(PyValueError::new_err(format!(
                    "the game has no `{name}` method (a game needs start, moves and play)"
                )));
            }
            game.getattr(name)
        };
        method("start")?;
        let outcome = if game.hasattr("outcome")? { Some(game.getattr("outcome")?) } else { None };
        Ok(Callbacks { moves: method("moves")?, play: method("play")?, outcome: outcome.filter(|o| !o.is_none()) })
    }

    /// `moves(pos)` as a list; a callback's error comes out unchanged,
    /// with a note naming the position.
    fn moves_iter(&self, pos: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyIterator>> {
        let listed = self.moves.call1((pos,)).map_err(|e| noted(e, || format!("moves({})", short_repr(pos))))?;
        if listed.is_none() {
            return Err(PyValueError::new_err(format!(
                "moves({}) returned None; it must return the moves (a list, or any iterable)",
                short_repr(pos)
            )));
        }
        listed.try_iter().map_err(|e| {
            let error = PyValueError::new_err(format!(
                "moves({}) returned {}, which is not a list of moves",
                short_repr(pos),
                short_repr(&listed)
            ));
            error.set_cause(pos.py(), Some(e));
            error
        })
    }

    fn moves_of(&self, pos: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.moves_iter(pos)?.collect::<PyResult<_>>().map_err(|e| noted(e, || format!("moves({})", short_repr(pos))))
    }

    fn play_of(&self, pos: &Bound<'py, PyAny>, mv: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.play.call1((pos, mv)).map_err(|e| noted(e, || format!("play({}, {})", short_repr(pos), short_repr(mv))))
    }

    /// The rules' verdict on `pos`, where they end the game there.
    fn ruled(&self, pos: &Bound<'py, PyAny>) -> PyResult<Option<Outcome>> {
        let Some(outcome) = &self.outcome else { return Ok(None) };
        let word = outcome.call1((pos,)).map_err(|e| noted(e, || format!("outcome({})", short_repr(pos))))?;
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

/// A callback's own exception, unchanged but for a note (Python 3.11's
/// `add_note`, shown under the traceback) saying which call raised it.
fn noted(error: PyErr, call: impl FnOnce() -> String) -> PyErr {
    Python::attach(|py| {
        let value = error.value(py);
        if value.hasattr("add_note").unwrap_or(false) {
            let _ = value.call_method1("add_note", (format!("(raised by {} while boyi built the game)", call()),));
        }
    });
    error
}

/// Whether an error is the user's mistake to report (an `Exception`), as
/// opposed to Ctrl-C, `SystemExit` and the like, which must go through.
fn is_mistake(py: Python<'_>, error: &PyErr) -> bool {
    error.is_instance_of::<pyo3::exceptions::PyException>(py) && !error.is_instance_of::<PyMemoryError>(py)
}

/// A position that cannot be hashed is a `ValueError` naming it (the
/// `TypeError` kept as its cause); any other error from `__hash__` or
/// `__eq__` (Ctrl-C, the user's own) goes through unchanged.
fn hashing_error(pos: &Bound<'_, PyAny>, error: PyErr) -> PyErr {
    let py = pos.py();
    if !error.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
        return error;
    }
    let named = PyValueError::new_err(format!(
        "position {} is not hashable ({}): use tuples, frozensets, strings, or define __eq__ and __hash__",
        short_repr(pos),
        error.value(py)
    ));
    named.set_cause(py, Some(error));
    named
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
    /// Positions 0 to `starts - 1` are the starts, in the order given.
    starts: usize,
    positions: Numbering,
    graph: GameGraph,
    moves: Vec<Py<PyAny>>,
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
fn starts<'py>(game: &Bound<'py, PyAny>, start: Option<&Bound<'py, PyAny>>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    match start.filter(|s| !s.is_none()) {
        Some(list) if list.is_instance_of::<PyList>() => {
            let starts: Vec<_> = list.try_iter()?.collect::<PyResult<_>>()?;
            if starts.is_empty() {
                return Err(PyValueError::new_err("start=[] names no position to solve from"));
            }
            Ok(starts)
        }
        Some(one) => Ok(vec![one.clone()]),
        None => Ok(vec![game.call_method0("start").map_err(|e| noted(e, || "start()".to_string()))?]),
    }
}

fn build(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    max_positions: usize,
) -> PyResult<Built> {
    let calls = Callbacks::of(game)?;
    let starts = starts(game, start)?;
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
        let ruled = calls.ruled(&pos)?;
        if ruled.is_some() {
            graph.close(ruled);
            continue;
        }
        for mv in calls.moves_iter(&pos)? {
            let mv = mv.map_err(|e| noted(e, || format!("moves({})", short_repr(&pos))))?;
            let child = calls.play_of(&pos, &mv)?;
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
    Ok(Built { starts, positions, graph, moves })
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
            Ok(None) => Err(PyValueError::new_err(format!(
                "position {} is not reachable from the start{}: pass it to boyi.solve(game, start=[...]) \
                 to solve from it too",
                short_repr(pos),
                if self.built.starts > 1 { "s" } else { "" }
            ))),
            Err(e) => Err(hashing_error(pos, e)),
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
        // (one cell a position is enough for any map; refuse far more)
        let most = self.values.len().saturating_mul(64).max(1 << 24);
        let total =
            shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d)).filter(|&t| t <= most).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "shape {shape:?} has too many cells for {} positions (at most {most})",
                    self.values.len()
                ))
            })?;
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
            if kinds[flat] != -2 {
                return Err(PyValueError::new_err(format!("index() gives two positions the same cell {coords:?}")));
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
    /// The start position (the first, where `solve` was given several).
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.built.positions.object(py, 0).clone()
    }

    /// Every start `solve` was given (or `game.start()` alone).
    #[getter]
    fn starts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, (0..self.built.starts as u32).map(|i| self.built.positions.object(py, i).clone()))
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

    fn __contains__(&self, pos: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.built.positions.get(pos) {
            Ok(found) => Ok(found.is_some()),
            // (an unhashable thing is in no solution)
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(pos.py()) => Ok(false),
            Err(e) => Err(e),
        }
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
        let (won, lost, drawn) = plot::remoteness_counts(self.values.iter().copied());
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
/// no move is lost). `start` solves from another position instead, or
/// from several (a list), so that positions `start()` cannot reach can be
/// asked about too. Refuses games of more than `max_positions` positions.
#[pyfunction]
#[pyo3(signature = (game, *, start=None, max_positions=10_000_000))]
pub fn solve(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    max_positions: usize,
) -> PyResult<Solution> {
    let max_positions = max_positions.min(u32::MAX as usize);
    let built = build(py, game, start, max_positions)?;
    let graph = &built.graph;
    let (values, method) = interruptible(py, |ctl| graph::solve(graph, ctl))?.map_err(|e| engine_to_py("solve", e))?;
    Ok(Solution { built, values, method })
}

/// The usual mistakes of a new game definition, one line each (an empty
/// list when none is seen), found by walking up to `max_positions`
/// positions from the start: a missing method, an unhashable position,
/// `play` returning None or changing its argument, positions that are
/// equal but not built equal twice, an unknown outcome word, a move
/// listed twice. A walk stopped by `max_positions` with positions still to
/// see warns (`RuntimeWarning`) that the rest were not checked.
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
    // A mistake is reported; Ctrl-C, MemoryError and the like go through.
    let report = |e: PyErr, line: String, found: &mut Vec<String>| -> PyResult<()> {
        if !is_mistake(py, &e) {
            return Err(e);
        }
        say(line, found);
        Ok(())
    };
    for name in ["start", "moves", "play"] {
        if !game.hasattr(name)? {
            say(format!("the game has no `{name}` method"), &mut found);
        }
    }
    if !found.is_empty() {
        return Ok(found);
    }
    let calls = Callbacks::of(game)?;
    let start = match game.call_method0("start") {
        Ok(start) => start,
        Err(e) => {
            report(e.clone_ref(py), format!("start() raised {e}"), &mut found)?;
            return Ok(found);
        }
    };
    let seen = PyDict::new(py);
    if start.hash().is_ok() {
        seen.set_item(&start, true)?;
    }
    let mut queue = vec![start.unbind()];
    let mut next = 0;
    while next < queue.len() && next < max_positions.max(1) && found.len() < MOST {
        if next % CHECK_EVERY == 0 {
            py.check_signals()?;
        }
        let pos = queue[next].bind(py).clone();
        next += 1;
        let hash_before = match pos.hash() {
            Ok(h) => h,
            Err(e) => {
                let line =
                    format!("position {} is not hashable ({e}): use a tuple, frozenset or str", short_repr(&pos));
                report(e, line, &mut found)?;
                continue;
            }
        };
        match calls.ruled(&pos) {
            Ok(Some(_)) => continue,
            Ok(None) => {}
            Err(e) => {
                let line = e.to_string();
                report(e, line, &mut found)?;
                continue;
            }
        }
        let listed = match calls.moves_of(&pos) {
            Ok(listed) => listed,
            Err(e) => {
                let line = format!("moves({}) raised {e}", short_repr(&pos));
                report(e, line, &mut found)?;
                continue;
            }
        };
        for (i, mv) in listed.iter().enumerate() {
            for earlier in &listed[..i] {
                match earlier.eq(mv) {
                    Ok(true) => {
                        say(format!("moves({}) lists the move {} twice", short_repr(&pos), short_repr(mv)), &mut found)
                    }
                    Ok(false) => {}
                    Err(e) => report(
                        e,
                        format!("moves({}): comparing its moves raised an error", short_repr(&pos)),
                        &mut found,
                    )?,
                }
            }
            // (named before `play` runs, in case it changes the position)
            let (pos_text, mv_text) = (short_repr(&pos), short_repr(mv));
            let child = match calls.play.call1((&pos, mv)) {
                Ok(child) => child,
                Err(e) => {
                    let line = format!("play({pos_text}, {mv_text}) raised {e}");
                    report(e, line, &mut found)?;
                    continue;
                }
            };
            if pos.hash().ok() != Some(hash_before) {
                say(format!("play({pos_text}, {mv_text}) changed the position it was given"), &mut found);
            }
            if child.is_none() {
                say(format!("play({pos_text}, {mv_text}) returned None"), &mut found);
                continue;
            }
            if let Err(e) = child.hash() {
                let line =
                    format!("play({pos_text}, {mv_text}) returned {}, which is not hashable ({e})", short_repr(&child));
                report(e, line, &mut found)?;
                continue;
            }
            let again = match calls.play.call1((&pos, mv)) {
                Ok(again) => again,
                Err(e) => {
                    let line = format!("play({pos_text}, {mv_text}) raised {e} the second time");
                    report(e, line, &mut found)?;
                    continue;
                }
            };
            let same = match again.eq(&child) {
                Ok(same) => same,
                Err(e) => {
                    let line = format!("play({pos_text}, {mv_text}): comparing positions raised {e}");
                    report(e, line, &mut found)?;
                    continue;
                }
            };
            if !same || again.hash().ok() != child.hash().ok() {
                say(
                    format!(
                        "play({pos_text}, {mv_text}) built twice gives positions that are not equal with equal \
                         hashes: define __eq__ and __hash__ (or use tuples)"
                    ),
                    &mut found,
                );
            }
            if !seen.contains(&child)? {
                seen.set_item(&child, true)?;
                queue.push(child.unbind());
            }
        }
    }
    // A walk cut short checked only part of the game: an empty list would
    // read as "no mistakes" for a game that may have them, or never end.
    if next < queue.len() && found.len() < MOST {
        let message = format!(
            "validate checked the first {next} positions (max_positions={max_positions}) and the game goes on \
             past them: the rest were not checked, and boyi.solve needs the reachable positions to be finitely \
             many (raise max_positions to check more)"
        );
        let warnings = py.import("warnings")?;
        let category = py.get_type::<pyo3::exceptions::PyRuntimeWarning>();
        warnings.call_method1("warn", (message, category, 2))?;
    }
    Ok(found)
}
