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
use super::Kind;
use crate::plot::Picture;
use crate::value::Value;

/// Every position's value, by position number.
pub enum Values {
    /// Win / lose / draw with remoteness (outcome and misère play).
    Outcome(Vec<Outcome>),
    Score(Vec<Scored>),
    Nimber(Vec<u64>),
}

/// Every reachable position of a game written in Python, solved: the value
/// of each for the side to move, of the kind `solve` was asked for.
#[pyclass(frozen, module = "boyi")]
pub struct Solution {
    game: Py<PyAny>,
    pub(super) kind: Kind,
    built: Built,
    values: Values,
    method: Method,
}

/// A move's value to its mover, and for scores the margin and length the
/// order breaks ties by.
pub(super) type MoveValue = (Verdict, Option<Scored>);

impl Solution {
    pub fn new(game: Py<PyAny>, kind: Kind, built: Built, values: Values, method: Method) -> Self {
        Solution { game, kind, built, values, method }
    }

    pub fn len(&self) -> usize {
        self.built.positions.len()
    }

    /// Whether every game ends (no position can repeat).
    pub fn always_ends(&self) -> bool {
        self.method == Method::Backward
    }

    /// The first start.
    pub fn start_object<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.built.positions.object(py, 0).clone()
    }

    /// Position number `n`.
    pub fn object<'py>(&self, py: Python<'py>, n: u32) -> Bound<'py, PyAny> {
        self.built.positions.object(py, n).clone()
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
        self.built.positions.get(pos).map_err(|e| hashing_error(pos, e))
    }

    fn unreachable(&self, pos: &Bound<'_, PyAny>) -> PyErr {
        PyValueError::new_err(format!(
            "position {} is not reachable from the start{}: pass it to boyi.solve(game, start=[...]) to solve \
             from it too",
            short_repr(pos),
            if self.built.starts > 1 { "s" } else { "" }
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
        let graph = &self.built.graph;
        let mut out: Vec<(Bound<'py, PyAny>, MoveValue)> = match self.find(pos)? {
            Some(v) if !graph.is_sum(v) => {
                let mut out = Vec::with_capacity(graph.edge_range(v).len());
                for (e, &c) in graph.edge_range(v).zip(graph.children(v)) {
                    let value = match &self.values {
                        Values::Outcome(values) => (Verdict::from(values[c as usize].flip()), None),
                        Values::Score(values) => {
                            let s = graph
                                .scored_move(e, values[c as usize])
                                .map_err(|e| PyValueError::new_err(format!("moves({}): {e}", short_repr(pos))))?;
                            (Verdict::Margin { score: s.margin, left: Some(s.moves) }, Some(s))
                        }
                        Values::Nimber(values) => (Verdict::move_nimber(values[c as usize]), None),
                    };
                    out.push((self.built.moves[e].bind(py).clone(), value));
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
    fn start<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.built.positions.object(py, 0).clone()
    }

    /// Every start `solve` was given (or `game.start()` alone).
    #[getter]
    fn starts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, (0..self.built.starts as u32).map(|i| self.built.positions.object(py, i).clone()))
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
        let graph = &self.built.graph;
        let parts: usize = (0..self.len() as u32).filter(|&v| graph.is_sum(v)).map(|v| graph.children(v).len()).sum();
        graph.edges() - parts
    }

    /// Every reachable position, in the order `to_numpy` uses (breadth
    /// first from the starts).
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.built.positions.objects().iter().map(|p| p.bind(py)))
    }

    fn __len__(&self) -> usize {
        self.len()
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.built.positions.get(key) {
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
