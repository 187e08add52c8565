//! The catalogue from Python, through the interface the command line and
//! the page use: the same positions, values and judge output, byte for byte.

use std::sync::OnceLock;

use boyi_games::catalogue::{self as registry, Cx, Entry, Session};
use boyi_games::error::Error;
use boyi_games::judge::SolveOptions;
use boyi_games::report::Report;
use boyi_games::verdict::Verdict;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::{interruptible, to_py};
use crate::value::Value;

/// One session for the interpreter's life, as the server keeps one: a
/// table solved once (a chase board, a young-chess board) answers every
/// later question about that instance.
fn session() -> &'static Session {
    static SESSION: OnceLock<Session> = OnceLock::new();
    SESSION.get_or_init(|| {
        let limit = boyi::Control::default().memory_limit();
        Session::new(limit / 4, (1u64 << 30).min(limit / 2))
    })
}

fn entry(name: &str) -> PyResult<&'static dyn Entry> {
    registry::game(name).ok_or_else(|| {
        let ids: Vec<&str> = registry::games().iter().map(|g| g.info().id).collect();
        PyValueError::new_err(format!("unknown game `{name}`; known: {}", ids.join(", ")))
    })
}

/// The ids of every game in the catalogue.
#[pyfunction]
pub fn catalogue() -> Vec<&'static str> {
    registry::games().iter().map(|g| g.info().id).collect()
}

/// Every game as `boyi list --json` describes it: id, name, aliases,
/// summary, players, value kind, parameters and notation.
#[pyfunction]
pub fn games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (registry::list_json().to_string(),))
}

/// The ids of every judge problem `solve_judge` answers.
#[pyfunction]
pub fn problems() -> Vec<&'static str> {
    registry::problems().iter().map(|p| p.id()).collect()
}

/// A position's value and every move's value, best first: what
/// `boyi analyze GAME [POSITION | name=value...] [MOVES...] --json` prints,
/// with each value a `boyi.Value`. Parameters come as keywords
/// (`analyze("chase", n=6)`); `moves` are played from the position first.
#[pyfunction]
#[pyo3(signature = (game, position=None, *, moves=Vec::new(), **params))]
pub fn analyze<'py>(
    py: Python<'py>,
    game: &str,
    position: Option<String>,
    moves: Vec<String>,
    params: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let entry = entry(game)?;
    let id = entry.info().id;
    let mut words = Vec::new();
    match (position, params) {
        (Some(_), Some(params)) if !params.is_empty() => {
            return Err(PyValueError::new_err(format!(
                "{id}: give a position or parameters, not both (the position says its parameters)"
            )));
        }
        (Some(position), _) => words.push(position),
        (None, Some(params)) => {
            for (name, value) in params.iter() {
                words.push(format!("{}={}", name.str()?, value.str()?));
            }
        }
        (None, None) => {}
    }
    words.extend(moves);
    let (json, value, values) = interruptible(py, |ctl| {
        let pos = registry::position_from_words(entry, &words)?;
        let analysis = pos.analyze(&Cx::new(ctl, session()))?;
        let report = Report::new(pos.as_ref(), analysis);
        let values: Vec<Verdict> = report.moves.iter().map(|m| m.value).collect();
        let json = serde_json::to_string(&report).expect("reports serialize");
        Ok::<_, Error>((json, report.value, values))
    })?
    .map_err(|e| to_py(id, e))?;
    let report = py.import("json")?.call_method1("loads", (json,))?;
    report.set_item("value", Value(value))?;
    let listed = report.get_item("moves")?;
    let listed = listed.cast::<PyList>()?;
    for (m, v) in listed.iter().zip(values) {
        m.set_item("value", Value(v))?;
    }
    Ok(report)
}

/// The judge's output for judge input `text`: byte for byte what
/// `boyi solve PROBLEM` writes.
#[pyfunction]
pub fn solve_judge(py: Python<'_>, problem: &str, text: &str) -> PyResult<String> {
    let p = registry::problem(problem).ok_or_else(|| {
        let ids: Vec<&str> = registry::problems().iter().map(|p| p.id()).collect();
        PyValueError::new_err(format!("unknown judge problem `{problem}`; known: {}", ids.join(", ")))
    })?;
    let text = text.to_string();
    interruptible(py, |ctl| p.solve(&text, &SolveOptions::default(), ctl))?.map_err(|e| to_py(p.id(), e))
}
