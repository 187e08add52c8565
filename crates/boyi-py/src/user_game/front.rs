//! A user's game in the terminal (`boyi.play`) and on the page
//! (`boyi.serve`), the same ones catalogue games get: the game joins the
//! catalogue as an `Entry` (`entry.rs`) and the front ends take it from
//! there.

use std::sync::Mutex;

use boyi::Control;
use boyi_games::catalogue::{self, Cx, Entry, Session};
use boyi_games::terminal::{self, Opponent, Terminal};
use boyi_games::{Error, Params};
use pyo3::exceptions::{PyEOFError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use super::entry::UserEntry;
use super::solution::Solution;
use crate::errors::to_py;

/// The solution to play from: the one given (it must be of this game's
/// positions), or `game` solved now with `values`.
fn solution_for(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    solution: Option<Py<Solution>>,
    values: &str,
) -> PyResult<Py<Solution>> {
    match solution {
        Some(solution) => Ok(solution),
        None => Py::new(py, super::solve(py, game, values, None, 10_000_000)?),
    }
}

fn seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
}

/// Python's `print` and `input`: what a person types reaches the game
/// as it would at the interpreter's own prompt, Ctrl-C included.
struct PythonTerminal<'py> {
    py: Python<'py>,
    /// An exception `input` or `print` raised (Ctrl-C: `KeyboardInterrupt`),
    /// raised again once the game has stopped.
    raised: Option<PyErr>,
}

impl PythonTerminal<'_> {
    fn stop(&mut self, e: PyErr) -> Error {
        self.raised = Some(e);
        Error::Engine(boyi::Error::Interrupted)
    }
}

impl Terminal for PythonTerminal<'_> {
    fn say(&mut self, text: &str) -> Result<(), Error> {
        let builtins = self.py.import("builtins").map_err(|e| self.stop(e))?;
        let kwargs = pyo3::types::PyDict::new(self.py);
        let printed = kwargs
            .set_item("end", "")
            .and_then(|_| kwargs.set_item("flush", true))
            .and_then(|_| builtins.call_method("print", (text,), Some(&kwargs)));
        printed.map(drop).map_err(|e| self.stop(e))
    }

    fn ask(&mut self, prompt: &str) -> Result<Option<String>, Error> {
        let builtins = self.py.import("builtins").map_err(|e| self.stop(e))?;
        match builtins.call_method1("input", (prompt,)) {
            Ok(line) => line.extract::<String>().map(Some).map_err(|e| self.stop(e)),
            Err(e) if e.is_instance_of::<PyEOFError>(self.py) => Ok(None),
            Err(e) => Err(self.stop(e)),
        }
    }
}

/// Plays `game` against the computer in the terminal, as `boyi play` plays
/// the catalogue's games: the position drawn after every move (the game's
/// `diagram`, else its moves listed), `?` for every move's value, `u` to
/// undo, `q` to quit. `first="you"` or `"computer"`; `skill` from 0 to 1
/// (1: perfect play). Solves the game first unless `solution` is given.
#[pyfunction]
#[pyo3(signature = (game, solution=None, *, first="you", skill=1.0, values="outcome"))]
pub fn play(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    solution: Option<Py<Solution>>,
    first: &str,
    skill: f64,
    values: &str,
) -> PyResult<()> {
    let human_first = match first {
        "you" => true,
        "computer" => false,
        other => return Err(PyValueError::new_err(format!("first={other:?}: it is \"you\" or \"computer\""))),
    };
    if !(0.0..=1.0).contains(&skill) {
        return Err(PyValueError::new_err(format!("skill={skill}: it is from 0 (weakest) to 1 (perfect play)")));
    }
    let solution = solution_for(py, game, solution, values)?;
    let entry: &'static UserEntry = UserEntry::leaked(game, solution)?;
    let start = entry.start(&Params::new()).map_err(|e| to_py("play", e))?;
    let (ctl, session) = (Control::default(), Session::default());
    let mut term = PythonTerminal { py, raised: None };
    let played =
        terminal::play(start, human_first, Opponent { skill, seed: seed() }, &Cx::new(&ctl, &session), &mut term);
    if let Some(raised) = term.raised {
        return Err(raised);
    }
    played.map_err(|e| to_py("play", e))
}

/// A page serving a user's game: `url` opens it; `stop()` (or leaving a
/// `with` block) stops the server.
#[pyclass(module = "boyi")]
pub struct Server {
    running: Mutex<Option<boyi_web::Running>>,
    #[pyo3(get)]
    url: String,
}

#[pymethods]
impl Server {
    /// Stops the server (requests under way are cancelled).
    fn stop(&self, py: Python<'_>) {
        let running = self.running.lock().unwrap_or_else(|e| e.into_inner()).take();
        // The server's threads may wait for the interpreter to call the game.
        py.detach(move || drop(running));
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, py: Python<'_>, _args: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        self.stop(py);
        false
    }

    fn __repr__(&self) -> String {
        let running = self.running.lock().map(|r| r.is_some()).unwrap_or(false);
        format!("<boyi.Server {} ({})>", self.url, if running { "running" } else { "stopped" })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Dropped with the interpreter held: stop the server on a thread of
        // its own, so a request waiting for the interpreter cannot hang this.
        if let Some(running) = self.running.get_mut().ok().and_then(Option::take) {
            std::thread::spawn(move || drop(running));
        }
    }
}

/// Serves `game` on the page `boyi serve` serves (every move coloured by
/// its value, the computer at a chosen skill, the value history), beside
/// the catalogue's games; its id in the picker and the address is its
/// `name`. `port=0` picks a free port; the server listens on 127.0.0.1.
/// Solves the game first unless `solution` is given.
#[pyfunction]
#[pyo3(signature = (game, solution=None, *, port=0, values="outcome"))]
pub fn serve(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    solution: Option<Py<Solution>>,
    port: u16,
    values: &str,
) -> PyResult<Server> {
    let solution = solution_for(py, game, solution, values)?;
    let entry: &'static UserEntry = UserEntry::leaked(game, solution)?;
    catalogue::register(entry).map_err(|e| to_py("serve", e))?;
    let config = boyi_web::Config { port, ..boyi_web::Config::default() };
    let running = py
        .detach(|| boyi_web::start(config))
        .map_err(|e| PyRuntimeError::new_err(format!("serve: the server cannot start: {e}")))?;
    let url = format!("{}/#{}", running.url(), entry.info().id);
    Ok(Server { running: Mutex::new(Some(running)), url })
}
