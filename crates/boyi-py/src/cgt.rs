//! Partizan values from Python (`boyi.cgt`): one store for the process, so
//! a value is an id and equal values are the same id whatever made them.

use std::sync::{Mutex, MutexGuard, OnceLock};

use boyi::cgt::{self, Dyadic, Format, Id, Parsed, Relation, Store};
use boyi::Control;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::interruptible;

fn store() -> MutexGuard<'static, Store> {
    static STORE: OnceLock<Mutex<Store>> = OnceLock::new();
    // (a panic while it was held leaves values that are still right)
    STORE.get_or_init(|| Mutex::new(Store::new())).lock().unwrap_or_else(|e| e.into_inner())
}

fn fraction(py: Python<'_>, d: Dyadic) -> PyResult<Py<PyAny>> {
    let den = 1i128 << d.exp();
    Ok(py.import("fractions")?.getattr("Fraction")?.call1((d.num(), den))?.unbind())
}

/// A short partizan game's value in canonical form. `+`, `-`, and the
/// comparisons are the game's (`a < b`, `a == b`; neither `a <= b` nor
/// `a >= b` when they are confused: `a.confused_with(b)`).
#[pyclass(frozen, module = "boyi", name = "CgtValue")]
#[derive(Clone, Copy)]
pub struct CgtValue {
    id: Id,
}

/// A dyadic rational from an int, a `Fraction` over a power of two, or a
/// number in the notation ("3/4").
fn dyadic(value: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    let id = other(value)?;
    store().as_number(id).ok_or_else(|| PyValueError::new_err("a number such as 1, 3/4 or Fraction(3, 4)"))
}

fn other(value: &Bound<'_, PyAny>) -> PyResult<Id> {
    if let Ok(v) = value.cast::<CgtValue>() {
        return Ok(v.get().id);
    }
    if let Ok(n) = value.extract::<i64>() {
        return Ok(store().integer(n.into()));
    }
    if let Ok(text) = value.extract::<String>() {
        return cgt::value(&mut store(), &text).map_err(PyValueError::new_err);
    }
    // a Fraction: numerator / denominator, the denominator a power of two
    if let (Ok(n), Ok(d)) = (value.getattr("numerator"), value.getattr("denominator")) {
        if let (Ok(n), Ok(d)) = (n.extract::<i64>(), d.extract::<i64>()) {
            return cgt::value(&mut store(), &format!("{n}/{d}")).map_err(PyValueError::new_err);
        }
    }
    Err(PyTypeError::new_err("a game value, an int or a value in CGSuite's notation"))
}

#[pymethods]
impl CgtValue {
    /// The canonical form in CGSuite's notation (`±1`, `^*`, `{2|0||-1}`).
    #[getter]
    fn canonical(&self) -> String {
        store().write(self.id, Format::Cgsuite)
    }

    /// The canonical form in nested braces only (`{{2|0}|-1}`).
    fn braces(&self) -> String {
        store().write(self.id, Format::Braces)
    }

    /// `"L"` (Left wins), `"R"`, `"P"` (the second player wins) or `"N"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        store().class(self.id).letter()
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left(&self) -> Vec<CgtValue> {
        store().left(self.id).into_iter().map(|id| CgtValue { id }).collect()
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right(&self) -> Vec<CgtValue> {
        store().right(self.id).into_iter().map(|id| CgtValue { id }).collect()
    }

    #[getter]
    fn left_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let d = store().left_stop(self.id);
        fraction(py, d)
    }

    #[getter]
    fn right_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let d = store().right_stop(self.id);
        fraction(py, d)
    }

    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let d = store().mean(self.id);
        fraction(py, d)
    }

    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let d = store().temperature(self.id);
        fraction(py, d)
    }

    /// The reduced canonical form: the simplest value an infinitesimal
    /// away from this one (its ups and stars set aside).
    #[getter]
    fn reduced(&self) -> CgtValue {
        CgtValue { id: store().reduced(self.id) }
    }

    /// The atomic weight of an all-small value (how many ups it is
    /// worth), or `None` for a value that is not all-small.
    #[getter]
    fn atomic_weight(&self) -> Option<CgtValue> {
        store().atomic_weight(self.id).map(|id| CgtValue { id })
    }

    /// Whether this value is at most `other` up to an infinitesimal.
    fn inf_le(&self, other: &CgtValue) -> bool {
        store().inf_leq(self.id, other.id)
    }

    /// The value cooled by `t` (a number or `Fraction`, t ≥ 0): every move
    /// taxed `t`, until it is cooled past its temperature to its mean.
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let d = dyadic(t)?;
        if d < Dyadic::ZERO {
            return Err(PyValueError::new_err("cool(t): t is 0 or more"));
        }
        Ok(CgtValue { id: store().cool(self.id, d) })
    }

    /// The number the value is (a `Fraction`), or `None`.
    fn number(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let n = store().as_number(self.id);
        n.map(|d| fraction(py, d)).transpose()
    }

    /// The thermograph: `{"left": [(t, x), ...], "right": [...], "mean",
    /// "temperature"}`, each wall's breakpoints from t = -1 to the mast.
    fn thermograph<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let th = store().thermograph(self.id);
        let d = PyDict::new(py);
        let wall = |t: &cgt::Trajectory| -> PyResult<Vec<(Py<PyAny>, Py<PyAny>)>> {
            t.points().into_iter().map(|(t, x)| Ok((fraction(py, t)?, fraction(py, x)?))).collect()
        };
        d.set_item("left", wall(&th.left)?)?;
        d.set_item("right", wall(&th.right)?)?;
        d.set_item("mean", fraction(py, th.mean)?)?;
        d.set_item("temperature", fraction(py, th.temperature)?)?;
        Ok(d)
    }

    /// Neither ≤ nor ≥: the first player wins their difference.
    fn confused_with(&self, other_value: &Bound<'_, PyAny>) -> PyResult<bool> {
        let b = other(other_value)?;
        Ok(store().compare(self.id, b) == Relation::Confused)
    }

    fn __add__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let b = other(o)?;
        Ok(CgtValue { id: store().add(self.id, b) })
    }

    fn __radd__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        self.__add__(o)
    }

    fn __sub__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let b = other(o)?;
        Ok(CgtValue { id: store().sub(self.id, b) })
    }

    fn __rsub__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let a = other(o)?;
        Ok(CgtValue { id: store().sub(a, self.id) })
    }

    fn __neg__(&self) -> CgtValue {
        CgtValue { id: store().neg(self.id) }
    }

    fn __richcmp__(&self, o: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> PyResult<bool> {
        use pyo3::basic::CompareOp::*;
        let b = match other(o) {
            Ok(b) => b,
            Err(_) if matches!(op, Eq | Ne) => return Ok(matches!(op, Ne)),
            Err(e) => return Err(e),
        };
        let r = store().compare(self.id, b);
        Ok(match op {
            Lt => r == Relation::Less,
            Le => matches!(r, Relation::Less | Relation::Equal),
            Eq => r == Relation::Equal,
            Ne => r != Relation::Equal,
            Gt => r == Relation::Greater,
            Ge => matches!(r, Relation::Greater | Relation::Equal),
        })
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.id.index() as u32)
    }

    fn __str__(&self) -> String {
        self.canonical()
    }

    fn __repr__(&self) -> String {
        format!("boyi.cgt.parse({:?})", self.canonical())
    }
}

/// A value written in CGSuite's notation (`"{1|-1} + ^ + *"`, `"3/4"`).
#[pyfunction]
pub fn cgt_parse(text: &str) -> PyResult<CgtValue> {
    match cgt::parse(&mut store(), text).map_err(|e| PyValueError::new_err(format!("`{text}`: {e}")))? {
        Parsed::Value(id) => Ok(CgtValue { id }),
        Parsed::Comparison { .. } => {
            Err(PyValueError::new_err(format!("`{text}` is a comparison: compare two values with < == > instead")))
        }
    }
}

/// `{left | right}` from values already made: the canonical form.
#[pyfunction]
pub fn cgt_game(left: Vec<Bound<'_, PyAny>>, right: Vec<Bound<'_, PyAny>>) -> PyResult<CgtValue> {
    let left = left.iter().map(other).collect::<PyResult<Vec<Id>>>()?;
    let right = right.iter().map(other).collect::<PyResult<Vec<Id>>>()?;
    Ok(CgtValue { id: store().game(left, right) })
}

/// Where catalogue positions are valued: a store of its own, watched by
/// each valuation's control, so Ctrl-C or the memory limit can stop it.
/// It is kept between calls (parts valued once serve the next position)
/// and thrown away when stopped; only the answer is copied to [`store`].
fn workshop() -> MutexGuard<'static, Store> {
    static WORKSHOP: OnceLock<Mutex<Store>> = OnceLock::new();
    WORKSHOP.get_or_init(|| Mutex::new(Store::new())).lock().unwrap_or_else(|e| e.into_inner())
}

/// The value of `position` in the catalogue's partizan game `game`.
#[pyfunction]
pub fn cgt_catalogue_value(py: Python<'_>, game: &str, position: &str) -> PyResult<CgtValue> {
    let listing = boyi_games::partizan::game(game).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let valued = interruptible(py, |ctl: &Control| {
        let mut work = workshop();
        work.watch(Some(ctl));
        let answer = listing.value(&mut work, position, ctl);
        let stopped = work.check();
        work.watch(None);
        let copied = match (&stopped, answer) {
            (Err(e), _) => Err(e.to_string()),
            (Ok(()), Err(e)) => Err(e.to_string()),
            (Ok(()), Ok((id, _))) => Ok(store().copy_from(&work, id)),
        };
        // thrown away when stopped; and past half the memory limit, or
        // parts kept from earlier calls would refuse a position that fits
        // on its own
        if stopped.is_err() || work.bytes() > ctl.memory_limit() / 2 {
            *work = Store::new();
        }
        copied
    })?;
    valued.map(|id| CgtValue { id }).map_err(PyValueError::new_err)
}

/// The partizan games of the catalogue: id, rules and an example.
#[pyfunction]
pub fn cgt_games() -> Vec<(&'static str, &'static str, &'static str)> {
    boyi_games::partizan::games().into_iter().map(|g| (g.id(), g.about(), g.example())).collect()
}
