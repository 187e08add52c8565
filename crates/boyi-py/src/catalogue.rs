//! The catalogue from Python, through the interface the command line and
//! the page use: the same positions, values and judge output, byte for byte.

use std::sync::OnceLock;

use boyi_games::catalogue::{self as registry, Cx, Entry, Session};
use boyi_games::error::Error;
use boyi_games::judge::SolveOptions;
use boyi_games::report::Report;
use boyi_games::verdict::Verdict;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};

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
/// (`analyze("chase", n=6)`); `moves` (a list of moves, each a str or an
/// int, or one str of moves separated by spaces) are played from the
/// position first.
#[pyfunction]
#[pyo3(signature = (game, position=None, *, moves=None, **params))]
#[pyo3(text_signature = "(game, position=None, *, moves=(), **params)")]
pub fn analyze<'py>(
    py: Python<'py>,
    game: &str,
    position: Option<String>,
    moves: Option<&Bound<'py, PyAny>>,
    params: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let entry = entry(game)?;
    let id = entry.info().id;
    let moves = move_words(id, moves)?;
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
    let (json, value, values) = interruptible(py, |ctl| {
        let pos = registry::play_all(registry::position_from_words(entry, &words)?, &moves)?;
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

/// `moves` as the words `play` takes: a list (or any iterable) of str or
/// int (Connect Four's columns, Nim's counts), or one str of moves
/// separated by spaces. Anything else is named, in Python's words.
fn move_words(id: &str, moves: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(moves) = moves.filter(|m| !m.is_none()) else { return Ok(Vec::new()) };
    if moves.is_instance_of::<PyString>() {
        return Ok(moves.extract::<String>()?.split_whitespace().map(str::to_string).collect());
    }
    let items = moves.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{id}: moves must be a list of moves (str or int) or a str of moves separated by spaces, not {}",
            type_name(moves)
        ))
    })?;
    items
        .enumerate()
        .map(|(i, item)| {
            let item = item?;
            if item.is_instance_of::<PyString>() {
                item.extract::<String>()
            } else if item.is_instance_of::<PyInt>() && !item.is_instance_of::<PyBool>() {
                Ok(item.str()?.to_string())
            } else {
                Err(PyTypeError::new_err(format!(
                    "{id}: moves[{i}] is {}, not a move: a move is a str or an int",
                    type_name(&item)
                )))
            }
        })
        .collect()
}

fn type_name(x: &Bound<'_, PyAny>) -> String {
    x.get_type().name().map(|n| format!("a {n}")).unwrap_or_else(|_| "something else".to_string())
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
