//! A user's game as boyi calls it: its methods looked up once, each call's
//! failure named by the call that raised it, and `boyi.Step`, what `play`
//! returns for a move that earns points or gives a bonus turn.

use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyIterator};

use super::Kind;
use boyi::Outcome;

/// What `play(pos, move)` returns when a move does more than lead
/// somewhere: `reward` points for its mover, and with `again=True` the
/// mover moves next too (a bonus turn). A bare position is
/// `Step(position)`.
#[pyclass(frozen, module = "boyi", get_all)]
pub struct Step {
    pub position: Py<PyAny>,
    pub reward: i64,
    pub again: bool,
}

#[pymethods]
impl Step {
    #[new]
    #[pyo3(signature = (position, reward=0, again=false))]
    fn new(position: Py<PyAny>, reward: i64, again: bool) -> Self {
        Step { position, reward, again }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("Step({}, reward={}, again={})", short_repr(self.position.bind(py)), self.reward, self.again)
    }
}

/// Where a move led: the position, what it earned and who moves next.
pub struct Landed<'py> {
    pub position: Bound<'py, PyAny>,
    pub reward: i64,
    pub again: bool,
}

/// The callbacks of a user's game, looked up once.
pub struct Callbacks<'py> {
    pub game: Bound<'py, PyAny>,
    moves: Bound<'py, PyAny>,
    pub play: Bound<'py, PyAny>,
    outcome: Option<Bound<'py, PyAny>>,
    components: Option<Bound<'py, PyAny>>,
}

impl<'py> Callbacks<'py> {
    /// The game's methods; `start` must be one of them unless the starts
    /// are given (`needs_start` false).
    pub fn of(game: &Bound<'py, PyAny>, needs_start: bool) -> PyResult<Self> {
        let method = |name: &str| -> PyResult<Bound<'py, PyAny>> {
            if !game.hasattr(name)? {
                return Err(PyValueError::new_err(format!(
                    "the game has no `{name}` method (a game needs start, moves and play)"
                )));
            }
            game.getattr(name)
        };
        let optional = |name: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
            Ok(if game.hasattr(name)? { Some(game.getattr(name)?).filter(|f| !f.is_none()) } else { None })
        };
        if needs_start {
            method("start")?;
        }
        Ok(Callbacks {
            game: game.clone(),
            moves: method("moves")?,
            play: method("play")?,
            outcome: optional("outcome")?,
            components: optional("components")?,
        })
    }

    /// `game.start()`.
    pub fn start(&self) -> PyResult<Bound<'py, PyAny>> {
        self.game.call_method0("start").map_err(|e| noted(e, || "start()".to_string()))
    }

    /// `moves(pos)` as an iterator; a callback's error comes out unchanged,
    /// with a note naming the position.
    pub fn moves_iter(&self, pos: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyIterator>> {
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

    pub fn moves_of(&self, pos: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.moves_iter(pos)?.collect::<PyResult<_>>().map_err(|e| noted(e, || format!("moves({})", short_repr(pos))))
    }

    /// `play(pos, mv)`, a `Step` taken apart; rewards and bonus turns only
    /// where the values are scores.
    pub fn play_of(&self, pos: &Bound<'py, PyAny>, mv: &Bound<'py, PyAny>, kind: Kind) -> PyResult<Landed<'py>> {
        let child = self
            .play
            .call1((pos, mv))
            .map_err(|e| noted(e, || format!("play({}, {})", short_repr(pos), short_repr(mv))))?;
        let landed = match child.cast::<Step>() {
            Ok(step) => {
                let step = step.get();
                Landed { position: step.position.bind(pos.py()).clone(), reward: step.reward, again: step.again }
            }
            Err(_) => Landed { position: child, reward: 0, again: false },
        };
        if landed.position.is_none() {
            return Err(PyValueError::new_err(format!(
                "play({}, {}) returned None; it must return the next position",
                short_repr(pos),
                short_repr(mv)
            )));
        }
        if kind != Kind::Score && (landed.reward != 0 || landed.again) {
            return Err(PyValueError::new_err(format!(
                "play({}, {}) returned a Step with a reward or a bonus turn: those are values=\"score\"",
                short_repr(pos),
                short_repr(mv)
            )));
        }
        Ok(landed)
    }

    /// Where the rules end the game at `pos`: its value for the side to move.
    pub fn ruled(&self, pos: &Bound<'py, PyAny>, kind: Kind) -> PyResult<Option<Ruled>> {
        let Some(outcome) = &self.outcome else { return Ok(None) };
        let word = outcome.call1((pos,)).map_err(|e| noted(e, || format!("outcome({})", short_repr(pos))))?;
        if word.is_none() {
            return Ok(None);
        }
        let wrong = |what: &str| {
            PyValueError::new_err(format!("outcome({}) returned {}; {what}", short_repr(pos), short_repr(&word)))
        };
        match kind {
            Kind::Outcome => match word.extract::<String>().ok().as_deref() {
                Some("win") => Ok(Some(Ruled::Outcome(Outcome::Win(0)))),
                Some("lose") => Ok(Some(Ruled::Outcome(Outcome::Lose(0)))),
                Some("draw") => Ok(Some(Ruled::Outcome(Outcome::Draw))),
                _ => Err(wrong("it must return \"win\", \"lose\", \"draw\" or None")),
            },
            Kind::Score if word.is_instance_of::<PyInt>() && !word.is_instance_of::<PyBool>() => {
                Ok(Some(Ruled::Score(word.extract().map_err(|_| wrong("the points must fit in 64 bits"))?)))
            }
            Kind::Score => Err(wrong("with values=\"score\" it must return the points still to come (an int) or None")),
            Kind::Nimber | Kind::Misere => {
                Err(wrong("impartial games end only where no move is left, so outcome() must return None"))
            }
        }
    }

    /// Whether `outcome(pos)` gives a number (a scored game's points to come).
    pub fn ends_with_points(&self, pos: &Bound<'py, PyAny>) -> PyResult<bool> {
        let Some(outcome) = &self.outcome else { return Ok(false) };
        let said = outcome.call1((pos,))?;
        Ok(said.is_instance_of::<PyInt>() && !said.is_instance_of::<PyBool>())
    }

    /// The independent parts `pos` is the sum of, where the game says and
    /// they are not `pos` itself; `None` for a position of one part.
    pub fn parts(&self, pos: &Bound<'py, PyAny>) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
        let Some(components) = &self.components else { return Ok(None) };
        let listed = components.call1((pos,)).map_err(|e| noted(e, || format!("components({})", short_repr(pos))))?;
        if listed.is_none() {
            return Ok(None);
        }
        let parts: Vec<Bound<'py, PyAny>> = listed
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "components({}) returned {}; it must return the parts (a list) or None",
                    short_repr(pos),
                    short_repr(&listed)
                ))
            })?
            .collect::<PyResult<_>>()?;
        if let [one] = &parts[..] {
            if one.is(pos) || one.eq(pos)? {
                return Ok(None);
            }
        }
        Ok(Some(parts))
    }

    pub fn has_components(&self) -> bool {
        self.components.is_some()
    }
}

/// What the rules say at an ended position.
pub enum Ruled {
    Outcome(Outcome),
    Score(i64),
}

/// A callback's own exception, unchanged but for a note (Python 3.11's
/// `add_note`, shown under the traceback) saying which call raised it.
pub fn noted(error: PyErr, call: impl FnOnce() -> String) -> PyErr {
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
pub fn is_mistake(py: Python<'_>, error: &PyErr) -> bool {
    error.is_instance_of::<pyo3::exceptions::PyException>(py) && !error.is_instance_of::<PyMemoryError>(py)
}

/// A position that cannot be hashed is a `ValueError` naming it (the
/// `TypeError` kept as its cause); any other error from `__hash__` or
/// `__eq__` (Ctrl-C, the user's own) goes through unchanged.
pub fn hashing_error(pos: &Bound<'_, PyAny>, error: PyErr) -> PyErr {
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
pub fn short_repr(x: &Bound<'_, PyAny>) -> String {
    let text = x.repr().map(|r| r.to_string()).unwrap_or_else(|_| "<no repr>".to_string());
    if text.chars().count() > 80 {
        format!("{}...", text.chars().take(77).collect::<String>())
    } else {
        text
    }
}

/// `x` if it is not a `Step`, else the position it carries.
pub fn unstep<'py>(x: Bound<'py, PyAny>) -> Bound<'py, PyAny> {
    match x.cast::<Step>() {
        Ok(step) => step.get().position.bind(x.py()).clone(),
        Err(_) => x,
    }
}
