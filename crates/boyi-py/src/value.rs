//! `boyi.Value`: the catalogue's one value type (a `Verdict`) in Python,
//! with its one ordering, its words and its JSON form.

use boyi_games::verdict::Verdict;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// A position's value for the side to move, or a move's value for its mover.
/// Larger is better for the mover: `max(values)` is the best move.
#[pyclass(frozen, module = "boyi")]
#[derive(Clone)]
pub struct Value(pub Verdict);

#[pymethods]
impl Value {
    /// `"win"`, `"lose"`, `"tie"`, `"draw"` or `"unknown"`; `"score"` for a
    /// margin of points and `"nimber"` for a Grundy value.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Verdict::Margin { .. } => "score",
            Verdict::Nimber { .. } => "nimber",
            v => v.result(),
        }
    }

    /// Who gets the better of it: `"win"`, `"lose"`, `"tie"`, `"draw"` or `"unknown"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.0.result()
    }

    /// Moves to the end under best play, where counted.
    #[getter]
    fn remoteness(&self) -> Option<u32> {
        self.0.remoteness()
    }

    #[getter]
    fn score(&self) -> Option<i64> {
        match self.0 {
            Verdict::Margin { score, .. } => Some(score),
            _ => None,
        }
    }

    #[getter]
    fn nimber(&self) -> Option<u64> {
        match self.0 {
            Verdict::Nimber { nimber, .. } => Some(nimber),
            _ => None,
        }
    }

    /// The form `boyi analyze --json` writes.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("kind", self.0.kind())?;
        dict.set_item("result", self.0.result())?;
        if let Some(r) = self.0.remoteness() {
            dict.set_item("remoteness", r)?;
        }
        if let Some(score) = self.score() {
            dict.set_item("score", score)?;
        }
        if let Some(nimber) = self.nimber() {
            dict.set_item("nimber", nimber)?;
        }
        Ok(dict)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<boyi.Value {}>", self.0)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<Value>() else {
            return py.NotImplemented();
        };
        let other = other.get().0;
        let answer = match op {
            // Equal values are the same value, not merely as good (a tie and a draw are as good).
            CompareOp::Eq => self.0 == other,
            CompareOp::Ne => self.0 != other,
            CompareOp::Lt => self.0 < other,
            CompareOp::Le => self.0 <= other,
            CompareOp::Gt => self.0 > other,
            CompareOp::Ge => self.0 >= other,
        };
        PyBool::new(py, answer).to_owned().into_any().unbind()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }
}
