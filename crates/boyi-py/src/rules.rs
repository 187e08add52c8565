//! 打表找规律 from Python: `find_rule` tables a game of integer positions
//! given by its moves, finds the rule the table follows (`boyi::rules`),
//! and returns it as a `Rule` with words, Python and C++; `check_rule`
//! compares a rule of the user's own with the table.
//!
//! Positions are integers (`dims=1`; an option may be a tuple of ints, a
//! split into several heaps, as in `boyi.grundy`) or tuples of `dims`
//! non-negative ints. Every position in the box is valued by its Grundy
//! value (the game is impartial: `moves` is both players'), positions the
//! moves reach outside the box as needed, each `moves` called once.

use boyi::rules::{self, Table, Values};
use boyi_games::plot;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyTuple};

use crate::plot::Picture;

/// A position as the user's `moves` reads it.
fn position<'py>(py: Python<'py>, pos: &[u64]) -> PyResult<Bound<'py, PyAny>> {
    if let [n] = pos {
        return Ok(n.into_pyobject(py)?.into_any());
    }
    Ok(PyTuple::new(py, pos)?.into_any())
}

/// What an option of `pos` is: the heaps it leaves (one for a plain move,
/// several for a split of a one-coordinate game), each a position.
fn option(option: &Bound<'_, PyAny>, dims: usize, pos: &[u64]) -> PyResult<Vec<Vec<u64>>> {
    let bad = || {
        PyTypeError::new_err(format!(
            "moves({}) gave {}: an option is {}",
            show(pos),
            option.repr().map(|r| r.to_string()).unwrap_or_default(),
            if dims == 1 {
                "an int (the heap left) or a tuple of ints (the heaps it splits into)".to_string()
            } else {
                format!("a tuple of {dims} non-negative ints")
            }
        ))
    };
    // a tuple first: asking a tuple for `__index__` raises and catches an
    // AttributeError, the most of the cost of a game with splits
    if !option.is_instance_of::<PyTuple>() && (option.is_instance_of::<PyInt>() || option.hasattr("__index__")?) {
        if dims != 1 {
            return Err(bad());
        }
        return Ok(vec![vec![option.extract::<u64>().map_err(|_| bad())?]]);
    }
    let items: Vec<u64> = match option.cast::<PyTuple>() {
        Ok(tuple) => tuple.iter().map(|x| x.extract::<u64>()).collect::<PyResult<_>>().map_err(|_| bad())?,
        Err(_) => option.extract().map_err(|_| bad())?,
    };
    if dims == 1 {
        Ok(items.into_iter().map(|h| vec![h]).collect())
    } else if items.len() == dims {
        Ok(vec![items])
    } else {
        Err(bad())
    }
}

fn show(pos: &[u64]) -> String {
    rules::code::tuple(pos)
}

/// A Python `moves` as the engine's tabler calls it.
type PythonMoves<'py> = Box<dyn FnMut(&[u64]) -> PyResult<Vec<rules::table::Option_>> + 'py>;

/// The engine's tabler over a Python `moves`, its failures as Python's.
struct Tabler<'py> {
    inner: rules::table::Tabler<PythonMoves<'py>>,
}

impl<'py> Tabler<'py> {
    fn new(moves: Bound<'py, PyAny>, dims: usize) -> Self {
        let mut asked = 0usize;
        let call = move |pos: &[u64]| -> PyResult<Vec<rules::table::Option_>> {
            asked += 1;
            if asked.is_multiple_of(4096) {
                moves.py().check_signals()?;
            }
            let listed = moves.call1((position(moves.py(), pos)?,))?;
            listed.try_iter()?.map(|o| option(&o?, dims, pos)).collect()
        };
        Tabler { inner: rules::table::Tabler::new(dims, Box::new(call)) }
    }

    fn table(&mut self, side: usize) -> PyResult<Table> {
        self.inner.table(side).map_err(failed)
    }
}

/// A tabling failure as Python's.
fn failed(failure: rules::table::Failure<PyErr>) -> PyErr {
    {
        match failure {
            rules::table::Failure::Moves(e) => e,
            rules::table::Failure::Cycle(pos) => PyValueError::new_err(format!(
                "position {} can be reached again from itself: find_rule values games that end (every line of \
                 play finite)",
                show(&pos)
            )),
            rules::table::Failure::TooLarge(side) => {
                PyValueError::new_err(format!("a table of side {side} is too large (at most 5·10^7 positions)"))
            }
        }
    }
}

fn kind(values: &str) -> PyResult<Values> {
    match values {
        "outcome" => Ok(Values::Outcome),
        "nimber" => Ok(Values::Nimber),
        other => Err(PyValueError::new_err(format!("values={other:?}: it is \"outcome\" or \"nimber\""))),
    }
}

/// `moves` itself, or a game's `moves` method.
fn moves_of<'py>(moves: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if moves.hasattr("moves")? && !moves.is_instance_of::<pyo3::types::PyFunction>() {
        return moves.getattr("moves");
    }
    if !moves.is_callable() {
        return Err(PyTypeError::new_err(
            "moves is a function from a position to its options, or a game with a moves method",
        ));
    }
    Ok(moves.clone())
}

/// A rule found in a table: its family, how sure it is, the words, and
/// the same as Python and C++ source.
#[pyclass(frozen, module = "boyi")]
pub struct Rule {
    rule: rules::Rule,
    table: Table,
    function: Py<PyAny>,
}

#[pymethods]
impl Rule {
    /// `"periodic"` (for several coordinates: along each axis), `"arithmetic-periodic"`, `"xor"`, `"beatty"`, `"linear"`, `"ratio"`, `"automatic"` or `"none"`.
    #[getter]
    fn family(&self) -> &'static str {
        self.rule.family()
    }

    /// Why the rule is proved, where it is (the theorem or the automata).
    #[getter]
    fn proof(&self) -> Option<String> {
        self.rule.proof.clone()
    }

    /// `"proved"`, `"checked"` (it agrees with the whole table, no further) or `"none"`.
    #[getter]
    fn status(&self) -> &'static str {
        self.rule.status.name()
    }

    /// The table's extent that agrees: every coordinate below it.
    #[getter]
    fn checked_to(&self) -> u64 {
        self.rule.checked_to
    }

    /// The positions the general form does not cover, with their values.
    #[getter]
    fn exceptions<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
        self.rule.exceptions.iter().map(|(pos, v)| Ok((position(py, pos)?, self.read(py, *v)?))).collect()
    }

    /// The rule in words.
    #[getter]
    fn text(&self) -> String {
        self.rule.text()
    }

    /// A self-contained Python function `rule(...)`, exact integer arithmetic.
    #[getter]
    fn code(&self) -> String {
        self.rule.python()
    }

    /// The same function in C++.
    #[getter]
    fn cpp(&self) -> String {
        self.rule.cpp()
    }

    /// The rule's value at `pos`: `"P"` or `"N"` for outcomes (P: the
    /// player to move loses), the nimber for nimbers; exact at any size.
    fn predict<'py>(&self, py: Python<'py>, pos: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if self.rule.form.is_none() {
            return Err(PyValueError::new_err("no rule was found, so it predicts nothing"));
        }
        let args = if self.rule.dims == 1 { PyTuple::new(py, [pos])? } else { pos.extract::<Bound<'py, PyTuple>>()? };
        self.function.bind(py).call1(args)
    }

    /// The table with the rule drawn over it: the Grundy sequence (or P and
    /// N) with its period, or a win / lose map with the rule's P-positions
    /// outlined.
    fn picture(&self) -> PyResult<Picture> {
        Picture::drawn(plot::rule_svg(&self.rule, &self.table))
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(self.picture()?.svg)
    }

    fn __repr__(&self) -> String {
        format!("<boyi.Rule {}>", self.rule)
    }

    fn __str__(&self) -> String {
        self.rule.text()
    }
}

impl Rule {
    fn read<'py>(&self, py: Python<'py>, v: u64) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self.rule.values {
            Values::Outcome => (if v == 0 { "P" } else { "N" }).into_pyobject(py)?.into_any(),
            Values::Nimber => v.into_pyobject(py)?.into_any(),
        })
    }

    fn new(py: Python<'_>, rule: rules::Rule, table: Table) -> PyResult<Rule> {
        let namespace = PyDict::new(py);
        let source = rule.python();
        py.run(&std::ffi::CString::new(source).expect("no NUL in generated code"), Some(&namespace), None)?;
        let function = namespace.get_item("rule")?.expect("the source defines rule").unbind();
        Ok(Rule { rule, table, function })
    }
}

/// Finds the rule of an impartial game of integer positions: `moves(pos)`
/// gives a position's options (`dims=1`: `pos` an int, an option an int or
/// a tuple of ints, the heaps a split leaves; `dims >= 2`: `pos` and each
/// option a tuple of `dims` non-negative ints), or `moves` is a game with
/// a `moves` method. Every position with coordinates up to `upto` is
/// tabled; without `upto` the table grows, doubling from a side of 1024
/// (one coordinate), 48 (two), 16 (three) or 8, while the rule found still
/// changes, and while no rule is found as long as the next table is
/// expected to take under 5 s to make, up to 32768, 384, 48 and 16. `values="outcome"` looks for the
/// P-positions, `"nimber"` for the Grundy values. Returns a `Rule`.
#[pyfunction]
#[pyo3(signature = (moves, dims=1, values="outcome", upto=None))]
pub fn find_rule(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    dims: usize,
    values: &str,
    upto: Option<usize>,
) -> PyResult<Rule> {
    let values = kind(values)?;
    if dims == 0 {
        return Err(PyValueError::new_err("dims is 1 or more"));
    }
    // A game given as takes ("piles:2:one,equal"): its moves are read as
    // rules, so its rule may be proved over every position.
    if let Ok(text) = moves.extract::<String>() {
        let report = boyi_games::rule_report::piles(&text, upto.map(|u| u as u64), values)
            .map_err(|e| PyValueError::new_err(format!("find_rule: {e}")))?;
        return Rule::new(py, report.rule, report.table);
    }
    let mut tabler = Tabler::new(moves_of(moves)?, dims);
    let (rule, table) =
        rules::table::find_growing(&mut tabler.inner, values, upto.map(|u| u as u64)).map_err(failed)?;
    Rule::new(py, rule, table)
}

/// Compares `f(pos)` (your rule: for outcomes `"P"`/`"N"` or a bool, True
/// meaning P; for nimbers an int) with the table of the game `moves`
/// (see `find_rule`) and returns the position nearest the origin where
/// they differ, or None where they agree everywhere up to `upto` (by
/// default 1000 for one coordinate, 64 for two, 16 for more).
#[pyfunction]
#[pyo3(signature = (f, moves, dims=1, values="outcome", upto=None))]
pub fn check_rule<'py>(
    py: Python<'py>,
    f: &Bound<'py, PyAny>,
    moves: &Bound<'py, PyAny>,
    dims: usize,
    values: &str,
    upto: Option<usize>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let kind = kind(values)?;
    let side = upto.map(|u| u + 1).unwrap_or(match dims {
        1 => 1001,
        2 => 65,
        _ => 17,
    });
    let mut tabler = Tabler::new(moves_of(moves)?, dims);
    let table = tabler.table(side)?;
    let mut failed: Option<PyErr> = None;
    let differs = rules::first_difference(&table, kind, |pos| {
        if failed.is_some() {
            return None;
        }
        let answer = position(py, pos).and_then(|p| {
            if dims == 1 {
                f.call1((p,))
            } else {
                f.call1(p.extract::<Bound<'py, PyTuple>>()?)
            }
        });
        match answer {
            Ok(a) => match kind {
                Values::Nimber => a.extract::<u64>().ok(),
                Values::Outcome => {
                    if let Ok(word) = a.extract::<String>() {
                        match word.as_str() {
                            "P" | "p" => Some(0),
                            "N" | "n" => Some(1),
                            _ => None,
                        }
                    } else {
                        a.is_truthy().ok().map(|p| u64::from(!p))
                    }
                }
            },
            Err(e) => {
                failed = Some(e);
                None
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    differs.map(|pos| position(py, &pos)).transpose()
}
