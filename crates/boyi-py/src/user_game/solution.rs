//! `boyi.Solution`: every reachable position of a user's game with its
//! value, of the kind asked for, and every move's value to its mover.

use std::cmp::Ordering;

use boyi::solve::graph::scores::Scored;
use boyi::solve::graph::Method;
use boyi::Outcome;
use boyi_games::plot;
use boyi_games::verdict::Verdict;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::build::Built;
use super::callbacks::{hashing_error, short_repr, Callbacks};
use super::file::{self, Saved};
use super::Kind;
use crate::errors::engine_to_py;
use crate::plot::Picture;
use crate::value::Value;

/// Every position's value, by position number.
pub enum Values {
    /// Win / lose / draw with remoteness (outcome and misère play).
    Outcome(Vec<Outcome>),
    Score(Vec<Scored>),
    Nimber(Vec<u64>),
}

/// Where a solution's positions and moves are: built in memory by
/// `solve`, or in a file `load` opened.
pub enum Store {
    Built(Built),
    Saved(Saved),
}

impl Store {
    fn len(&self) -> usize {
        match self {
            Store::Built(b) => b.positions.len(),
            Store::Saved(s) => s.len,
        }
    }

    fn starts(&self) -> usize {
        match self {
            Store::Built(b) => b.starts,
            Store::Saved(s) => s.starts,
        }
    }

    fn object<'py>(&self, py: Python<'py>, v: u32) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Store::Built(b) => Ok(b.positions.object(py, v).clone()),
            Store::Saved(s) => s.object(py, v),
        }
    }

    fn edge_range(&self, v: u32) -> std::ops::Range<usize> {
        match self {
            Store::Built(b) => b.graph.edge_range(v),
            Store::Saved(s) => s.edge_range(v),
        }
    }

    fn child(&self, e: usize) -> u32 {
        match self {
            Store::Built(b) => b.graph.target(e),
            Store::Saved(s) => s.child(e),
        }
    }

    fn move_object<'py>(&self, py: Python<'py>, e: usize) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Store::Built(b) => Ok(b.moves[e].bind(py).clone()),
            Store::Saved(s) => s.move_object(py, e),
        }
    }

    fn step(&self, e: usize) -> (i64, bool) {
        match self {
            Store::Built(b) => b.graph.step(e),
            Store::Saved(s) => s.step(e),
        }
    }

    fn is_sum(&self, v: u32) -> bool {
        match self {
            Store::Built(b) => b.graph.is_sum(v),
            Store::Saved(s) => s.is_sum(v),
        }
    }
}

/// Every reachable position of a game written in Python, solved: the value
/// of each for the side to move, of the kind `solve` was asked for.
#[pyclass(frozen, module = "boyi")]
pub struct Solution {
    game: Py<PyAny>,
    pub(super) kind: Kind,
    store: Store,
    values: Values,
    method: Method,
}

/// A move's value to its mover, and for scores the margin and length the
/// order breaks ties by.
pub(super) type MoveValue = (Verdict, Option<Scored>);

impl Solution {
    pub fn new(game: Py<PyAny>, kind: Kind, store: Store, values: Values, method: Method) -> Self {
        Solution { game, kind, store, values, method }
    }

    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Whether every game ends (no position can repeat).
    pub fn always_ends(&self) -> bool {
        self.method == Method::Backward
    }

    /// The first start.
    pub fn start_object<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.store.object(py, 0)
    }

    /// Position number `n`.
    pub fn object<'py>(&self, py: Python<'py>, n: u32) -> PyResult<Bound<'py, PyAny>> {
        self.store.object(py, n)
    }

    /// The number of `pos`, where the solution reached it.
    pub fn number_of(&self, pos: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        self.find(pos)
    }

    /// Position `v`'s value for the side to move.
    pub fn verdict(&self, v: u32) -> Verdict {
        match &self.values {
            Values::Outcome(values) => Verdict::from(values[v as usize]),
            Values::Score(values) => {
                let s = values[v as usize];
                Verdict::Margin { score: s.margin, left: Some(s.moves) }
            }
            Values::Nimber(values) => Verdict::position_nimber(values[v as usize]),
        }
    }

    /// The number of `pos`, where it was reached.
    fn find(&self, pos: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        match &self.store {
            Store::Built(b) => b.positions.get(pos).map_err(|e| hashing_error(pos, e)),
            Store::Saved(saved) => {
                let game = self.game.bind(pos.py());
                let key = if saved.keyed { Some(game.getattr("key")?) } else { None };
                let mut bytes = Vec::new();
                match file::key_of(key.as_ref(), pos, &mut bytes) {
                    Ok(()) => Ok(saved.find(&bytes)),
                    // (what has no encoding was never saved)
                    Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(pos.py()) => Ok(None),
                    Err(e) => Err(e),
                }
            }
        }
    }

    fn unreachable(&self, pos: &Bound<'_, PyAny>) -> PyErr {
        PyValueError::new_err(format!(
            "position {} is not reachable from the start{}: pass it to boyi.solve(game, start=[...]) to solve \
             from it too",
            short_repr(pos),
            if self.store.starts() > 1 { "s" } else { "" }
        ))
    }

    /// The nimber of `pos`: looked up, or for a sum not reached as a
    /// whole (a move out of a sum leads to one), the XOR of its parts'.
    fn nimber_of(&self, calls: &Callbacks<'_>, pos: &Bound<'_, PyAny>, depth: u32) -> PyResult<u64> {
        let Values::Nimber(values) = &self.values else { unreachable!("nimbers only") };
        if let Some(v) = self.find(pos)? {
            return Ok(values[v as usize]);
        }
        match calls.parts(pos)? {
            Some(parts) if depth < 64 => {
                parts.iter().try_fold(0, |x, part| Ok(x ^ self.nimber_of(calls, part, depth + 1)?))
            }
            _ => Err(self.unreachable(pos)),
        }
    }

    /// The value of `pos` for the side to move.
    pub(super) fn value_of(&self, py: Python<'_>, pos: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        if let Some(v) = self.find(pos)? {
            return Ok(self.verdict(v));
        }
        if self.kind == Kind::Nimber {
            let calls = Callbacks::of(self.game.bind(py), false)?;
            return Ok(Verdict::position_nimber(self.nimber_of(&calls, pos, 0)?));
        }
        Err(self.unreachable(pos))
    }

    /// Every move of `pos` with its value to the mover, best first (ties
    /// in the order `moves` listed them).
    pub(super) fn valued_moves<'py>(&self, pos: &Bound<'py, PyAny>) -> PyResult<Vec<(Bound<'py, PyAny>, MoveValue)>> {
        let py = pos.py();
        let store = &self.store;
        let mut out: Vec<(Bound<'py, PyAny>, MoveValue)> = match self.find(pos)? {
            Some(v) if !store.is_sum(v) => {
                let mut out = Vec::with_capacity(store.edge_range(v).len());
                for e in store.edge_range(v) {
                    let c = store.child(e);
                    let value = match &self.values {
                        Values::Outcome(values) => (Verdict::from(values[c as usize].flip()), None),
                        Values::Score(values) => {
                            let (reward, again) = store.step(e);
                            let s = Scored::back(reward, again, values[c as usize]).ok_or_else(|| {
                                PyValueError::new_err(format!("moves({}): a margin passes ±2^63", short_repr(pos)))
                            })?;
                            (Verdict::Margin { score: s.margin, left: Some(s.moves) }, Some(s))
                        }
                        Values::Nimber(values) => (Verdict::move_nimber(values[c as usize]), None),
                    };
                    out.push((store.move_object(py, e)?, value));
                }
                out
            }
            // A sum's moves are its parts' moves: asked of the game now,
            // each child valued by its parts.
            Some(_) => self.moves_of_sum(pos)?,
            None if self.kind == Kind::Nimber => {
                self.value_of(py, pos)?;
                self.moves_of_sum(pos)?
            }
            None => return Err(self.unreachable(pos)),
        };
        out.sort_by(|(_, a), (_, b)| better(b, a));
        Ok(out)
    }

    fn moves_of_sum<'py>(&self, pos: &Bound<'py, PyAny>) -> PyResult<Vec<(Bound<'py, PyAny>, MoveValue)>> {
        let calls = Callbacks::of(self.game.bind(pos.py()), false)?;
        let mut out = Vec::new();
        for mv in calls.moves_of(pos)? {
            let child = calls.play_of(pos, &mv, self.kind)?.position;
            let nimber = self.nimber_of(&calls, &child, 0)?;
            out.push((mv, (Verdict::move_nimber(nimber), None)));
        }
        Ok(out)
    }

    /// Two columns a position (see `to_numpy`), with what fills a cell no
    /// position lands on.
    fn columns(&self) -> (Column, Column) {
        match &self.values {
            Values::Outcome(values) => (
                Column::I8(values.iter().map(kind_of).collect(), -2),
                Column::I32(values.iter().map(|o| o.remoteness().map_or(-1, |r| r as i32)).collect(), -1),
            ),
            Values::Score(values) => (
                Column::I64(values.iter().map(|s| s.margin).collect(), 0),
                Column::I32(values.iter().map(|s| s.moves as i32).collect(), -1),
            ),
            Values::Nimber(values) => (
                Column::I64(values.iter().map(|&g| g as i64).collect(), -1),
                Column::I8(values.iter().map(|&g| if g != 0 { 1 } else { -1 }).collect(), -2),
            ),
        }
    }

    /// Who wins each position: 1, 0 (a draw or a level score) or -1.
    fn results(&self) -> Vec<i8> {
        match &self.values {
            Values::Outcome(values) => values.iter().map(kind_of).collect(),
            Values::Score(values) => values.iter().map(|s| s.margin.signum() as i8).collect(),
            Values::Nimber(values) => values.iter().map(|&g| if g != 0 { 1 } else { -1 }).collect(),
        }
    }

    /// Where each position lands in the user's `index` (see `to_numpy`):
    /// the shape, and each position's cell in row-major order.
    fn layout(
        &self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        shape: Option<Vec<usize>>,
    ) -> PyResult<(Vec<usize>, Vec<usize>)> {
        let mut cells: Vec<Vec<usize>> = Vec::with_capacity(self.len());
        for v in 0..self.len() as u32 {
            let pos = self.store.object(py, v)?;
            let at = index.call1((&pos,))?;
            let coords: Vec<i64> = if let Ok(i) = at.extract::<i64>() { vec![i] } else { at.extract()? };
            let coords =
                coords.iter().map(|&c| usize::try_from(c)).collect::<Result<Vec<usize>, _>>().map_err(|_| {
                    PyValueError::new_err(format!("index({}) = {} is negative", short_repr(&pos), short_repr(&at)))
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
        let most = self.len().saturating_mul(64).max(1 << 24);
        let total =
            shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d)).filter(|&t| t <= most).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "shape {shape:?} has too many cells for {} positions (at most {most})",
                    self.len()
                ))
            })?;
        let mut taken = vec![false; total];
        let mut flat_cells = Vec::with_capacity(cells.len());
        for coords in &cells {
            let mut flat = 0;
            for (&c, &size) in coords.iter().zip(&shape) {
                if c >= size {
                    return Err(PyValueError::new_err(format!("index {coords:?} is outside shape {shape:?}")));
                }
                flat = flat * size + c;
            }
            if std::mem::replace(&mut taken[flat], true) {
                return Err(PyValueError::new_err(format!("index() gives two positions the same cell {coords:?}")));
            }
            flat_cells.push(flat);
        }
        Ok((shape, flat_cells))
    }
}

/// Whether move value `a` is better for its mover than `b`: the value's
/// own order, and among equal margins the game's length (the winner
/// hurries, the loser delays).
fn better(a: &MoveValue, b: &MoveValue) -> Ordering {
    match (a.1, b.1) {
        (Some(x), Some(y)) if x.margin == y.margin => {
            if x.better_than(y) {
                Ordering::Greater
            } else if y.better_than(x) {
                Ordering::Less
            } else {
                Ordering::Equal
            }
        }
        _ => a.0.cmp(&b.0),
    }
}

/// A value's kind in arrays: 1 win, 0 draw, -1 lose.
fn kind_of(o: &Outcome) -> i8 {
    match o {
        Outcome::Win(_) => 1,
        Outcome::Draw => 0,
        Outcome::Lose(_) => -1,
    }
}

/// A numpy column by position, and the value of a cell no position fills.
enum Column {
    I8(Vec<i8>, i8),
    I32(Vec<i32>, i32),
    I64(Vec<i64>, i64),
}

impl Column {
    fn into_numpy<'py>(self, py: Python<'py>, placed: Option<(&[usize], &[usize])>) -> PyResult<Bound<'py, PyAny>> {
        fn lay<T: Copy>(values: Vec<T>, fill: T, placed: Option<(&[usize], &[usize])>) -> (Vec<T>, Option<Vec<usize>>) {
            match placed {
                None => (values, None),
                Some((shape, cells)) => {
                    let mut out = vec![fill; shape.iter().product()];
                    for (&cell, value) in cells.iter().zip(values) {
                        out[cell] = value;
                    }
                    (out, Some(shape.to_vec()))
                }
            }
        }
        macro_rules! numpy {
            ($values:expr, $fill:expr) => {{
                let (values, shape) = lay($values, $fill, placed);
                let array = values.into_pyarray(py);
                match shape {
                    Some(shape) => array.reshape(shape)?.into_any(),
                    None => array.into_any(),
                }
            }};
        }
        Ok(match self {
            Column::I8(values, fill) => numpy!(values, fill),
            Column::I32(values, fill) => numpy!(values, fill),
            Column::I64(values, fill) => numpy!(values, fill),
        })
    }
}

#[pymethods]
impl Solution {
    /// The start position (the first, where `solve` was given several).
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.store.object(py, 0)
    }

    /// Every start `solve` was given (or `game.start()` alone).
    #[getter]
    fn starts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let starts = (0..self.store.starts() as u32).map(|v| self.store.object(py, v)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, starts)
    }

    /// The values asked for: `"outcome"`, `"score"`, `"nimber"` or `"misere"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind.name()
    }

    /// The value of `pos` (the start when left out) for the side to move.
    #[pyo3(signature = (pos=None))]
    fn value(&self, py: Python<'_>, pos: Option<&Bound<'_, PyAny>>) -> PyResult<Value> {
        match pos {
            Some(pos) => Ok(Value(self.value_of(py, pos)?)),
            None => Ok(Value(self.verdict(0))),
        }
    }

    /// Every move of `pos` with its value to the mover, best first.
    fn moves<'py>(&self, pos: &Bound<'py, PyAny>) -> PyResult<Vec<(Bound<'py, PyAny>, Value)>> {
        Ok(self.valued_moves(pos)?.into_iter().map(|(mv, (value, _))| (mv, Value(value))).collect())
    }

    /// A best move of `pos` (the first listed of the best), or None where the game is over.
    fn best<'py>(&self, pos: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(self.valued_moves(pos)?.into_iter().next().map(|(mv, _)| mv))
    }

    /// Reachable positions won, lost and drawn for the side to move (for
    /// scores: ahead, behind and level; for nimbers: nonzero, zero and 0).
    #[getter]
    fn counts(&self) -> (u64, u64, u64) {
        let mut counts = (0, 0, 0);
        for r in self.results() {
            match r {
                1 => counts.0 += 1,
                -1 => counts.1 += 1,
                _ => counts.2 += 1,
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

    /// Moves between reachable positions (a sum's parts are not moves).
    #[getter]
    fn edges(&self) -> usize {
        let store = &self.store;
        (0..self.len() as u32).filter(|&v| !store.is_sum(v)).map(|v| store.edge_range(v).len()).sum()
    }

    /// Every reachable position, in the order `to_numpy` uses (breadth
    /// first from the starts).
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let all = (0..self.len() as u32).map(|v| self.store.object(py, v)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, all)
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.find(key) {
            Ok(found) => Ok(found.is_some()),
            // (an unhashable thing is in no solution)
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(key.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Two numpy arrays, by kind: outcomes and misère play `(kind,
    /// remoteness)` (int8: 1 win, 0 draw, -1 lose; int32, -1 for a draw);
    /// scores `(margin, moves)` (int64, int32); nimbers `(nimber, kind)`
    /// (int64; int8 1 or -1). Without `index` they follow `positions()`;
    /// with `index`, a function from a position to an int or a tuple of
    /// ints, they are laid out in `shape` (by default one past the largest
    /// index in each axis), and cells no reachable position lands on hold
    /// kind -2, remoteness and moves -1, margin 0, nimber -1.
    #[pyo3(signature = (index=None, shape=None))]
    fn to_numpy<'py>(
        &self,
        py: Python<'py>,
        index: Option<&Bound<'py, PyAny>>,
        shape: Option<Vec<usize>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let (a, b) = self.columns();
        let laid = match index {
            Some(index) => Some(self.layout(py, index, shape)?),
            None => None,
        };
        let placed = laid.as_ref().map(|(shape, cells)| (&shape[..], &cells[..]));
        PyTuple::new(py, [a.into_numpy(py, placed)?, b.into_numpy(py, placed)?])
    }

    /// How many positions are won and lost at each remoteness (for scores:
    /// ahead and behind at each length), as a picture.
    fn plot(&self) -> PyResult<Picture> {
        let (won, lost, drawn) = match &self.values {
            Values::Outcome(values) => plot::remoteness_counts(values.iter().copied()),
            Values::Score(values) => plot::remoteness_counts(values.iter().map(|s| match s.margin.signum() {
                1 => Outcome::Win(s.moves),
                -1 => Outcome::Lose(s.moves),
                _ => Outcome::Draw,
            })),
            Values::Nimber(_) => {
                return Err(PyValueError::new_err(
                    "a nimber game's positions have no remoteness to draw: plot_map(index) draws who wins",
                ))
            }
        };
        let title =
            format!("{} positions by {}", self.len(), if self.kind == Kind::Score { "length" } else { "remoteness" });
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
        let (shape, cells) = self.layout(py, index, shape)?;
        let [width, height] = shape[..] else {
            return Err(PyValueError::new_err(format!(
                "plot_map draws two coordinates; index() gives {}",
                shape.len()
            )));
        };
        let mut kinds = vec![-2i8; width * height];
        for (&cell, r) in cells.iter().zip(self.results()) {
            kinds[cell] = r;
        }
        let tiles: Vec<Vec<plot::Tile>> = (0..height)
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
        Picture::drawn(plot::outcome_map_svg(title, &tiles, x, y, None))
    }

    /// Writes the solution to `path`, a boyi database file (`boyi db info`
    /// reads its header); `boyi.load(path, game)` opens it again and answers
    /// by lookup. Positions are found in it by the game's `key(pos)` (an int
    /// or bytes) where it has one, else by their own encoding (None, bools,
    /// ints, floats, str, bytes, and tuples and frozensets of these).
    fn save(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        let game = self.game.bind(py);
        let key = match &self.store {
            Store::Built(_) => Some(game.getattr("key")).and_then(Result::ok).filter(|k| k.is_callable()),
            Store::Saved(saved) if saved.keyed => Some(game.getattr("key")?),
            Store::Saved(_) => None,
        };
        let n = self.len();
        let mut keys = Vec::with_capacity(n);
        let mut moves = Vec::with_capacity(n);
        let mut sums = Vec::with_capacity(n);
        for v in 0..n as u32 {
            if v.is_multiple_of(4096) {
                py.check_signals()?;
            }
            let mut k = Vec::new();
            match &self.store {
                Store::Built(_) => file::key_of(key.as_ref(), &self.store.object(py, v)?, &mut k)?,
                Store::Saved(saved) => k.extend_from_slice(saved.key_bytes(v)),
            }
            keys.push(k);
            let mut kept = Vec::with_capacity(self.store.edge_range(v).len());
            for e in self.store.edge_range(v) {
                let mut mv = Vec::new();
                file::encode(&self.store.move_object(py, e)?, &mut mv)?;
                let (reward, again) = self.store.step(e);
                kept.push((self.store.child(e), mv, reward, again));
            }
            moves.push(kept);
            sums.push(self.store.is_sum(v));
        }
        let contents = file::Contents {
            kind: self.kind,
            ends: self.method == Method::Backward,
            name: super::entry::names(game)?.1,
            starts: self.store.starts(),
            keys,
            keyed: key.is_some(),
            values: &self.values,
            moves,
            sums,
        };
        py.detach(|| file::write(&path, contents)).map(drop).map_err(|e| engine_to_py("save", e))
    }

    fn __repr__(&self) -> String {
        let (w, l, d) = self.counts();
        let counted = match self.kind {
            Kind::Score => format!("{w} ahead, {l} behind, {d} level"),
            Kind::Nimber => format!("{w} nonzero, {l} zero"),
            _ => format!("{w} won, {l} lost, {d} drawn"),
        };
        format!(
            "<boyi.Solution ({}): start {}; {} positions ({counted}), {} moves, by {}>",
            self.kind.name(),
            self.verdict(0),
            self.len(),
            self.edges(),
            self.method()
        )
    }
}

/// Opens a solution `Solution.save` wrote, for `game` (the game it was
/// saved from: moves of positions the file does not hold, and play and
/// serve, ask it). Positions the file holds are answered by lookup: no
/// method of the game is called for them (but `key`, where positions are
/// kept by key).
#[pyfunction]
pub fn load(py: Python<'_>, path: std::path::PathBuf, game: &Bound<'_, PyAny>) -> PyResult<Solution> {
    let (saved, values) = py.detach(|| Saved::open(&path)).map_err(PyValueError::new_err)?;
    let id = super::entry::names(game)?.1;
    let file_game = saved.game().to_string();
    if file_game != format!("python:{id}") {
        return Err(PyValueError::new_err(format!(
            "{} holds a solution of {file_game}, not of this game (python:{id})",
            path.display()
        )));
    }
    let method = if saved.ends { Method::Backward } else { Method::Retrograde };
    Ok(Solution::new(game.clone().unbind(), saved.kind, Store::Saved(saved), values, method))
}
