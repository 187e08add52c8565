//! Impartial heap games from Python: Grundy values of a rule given as a
//! callback, periods of any sequence, and the engine's own solver for
//! octal, hexadecimal and subtraction codes (no callback at all).

use boyi::solve::grundy::MexSet;
use boyi::solve::heaps::{find_period, Nimbers, Periodicity};
use boyi_games::heap_report::{self, GrundyReport};
use boyi_games::octal as codes;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

use crate::errors::{interruptible, to_py};
use crate::plot::Picture;

/// Heaps valued between checks for Ctrl-C.
const CHECK_EVERY: usize = 1024;

/// The Grundy values `G(0), ..., G(n)` of the rule `moves`: `moves(k)`
/// yields the options of a heap of `k`, each an int (the heap left) or a
/// tuple of ints (the heaps it splits into; `()` removes it). Every heap
/// an option leaves must be smaller than `k`.
#[pyfunction]
pub fn grundy(py: Python<'_>, moves: &Bound<'_, PyAny>, n: i64) -> PyResult<Vec<u32>> {
    if n < 0 {
        return Err(PyValueError::new_err(format!("grundy: n must be 0 or more, not {n}")));
    }
    let n = usize::try_from(n).map_err(|_| PyValueError::new_err(format!("grundy: n = {n} is too large")))?;
    let mut g: Vec<u32> = Vec::with_capacity(n.saturating_add(1).min(1 << 24));
    let mut seen = MexSet::new();
    for k in 0..=n {
        if k % CHECK_EVERY == 0 {
            py.check_signals()?;
        }
        seen.clear();
        let options = moves.call1((k,))?;
        for option in options.try_iter()? {
            let option = option?;
            // an int, or anything that is one (numpy's integers); else heaps
            // a tuple is asked nothing more: a failed `hasattr` costs an exception
            let value = if !option.is_instance_of::<PyTuple>()
                && (option.is_instance_of::<PyInt>() || option.hasattr("__index__")?)
            {
                heap_value(&g, k, &option)?
            } else if let Some(parts) = option.try_iter().ok().filter(|_| !option.is_instance_of::<PyString>()) {
                let mut x = 0;
                for part in parts {
                    x ^= heap_value(&g, k, &part?)?;
                }
                x
            } else {
                return Err(PyValueError::new_err(format!(
                    "grundy: moves({k}) gave {}, which is neither a heap (an int) nor heaps (a tuple of ints)",
                    option.repr()?
                )));
            };
            seen.insert(value as usize);
        }
        g.push(seen.mex() as u32);
    }
    Ok(g)
}

fn heap_value(g: &[u32], k: usize, heap: &Bound<'_, PyAny>) -> PyResult<u32> {
    let h: i64 = heap.extract().map_err(|_| {
        PyValueError::new_err(format!(
            "grundy: moves({k}) gave a heap {}, which is not an int",
            heap.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })?;
    if h < 0 || h as u64 >= k as u64 {
        return Err(PyValueError::new_err(format!(
            "grundy: moves({k}) leaves a heap of {h}; every heap a move leaves must be smaller than {k}"
        )));
    }
    Ok(g[h as usize])
}

/// A sequence's period: `G(n + period) = G(n) + saltus` from `preperiod`
/// on. `status` is `"proved"` (octal codes, by the periodicity theorem),
/// `"observed"` (it repeats convincingly in the values computed) or `"none"`.
#[pyclass(frozen, module = "boyi", get_all)]
#[derive(Clone)]
pub struct Period {
    pub period: Option<u64>,
    pub preperiod: Option<u64>,
    pub saltus: i64,
    pub status: &'static str,
}

impl Period {
    fn from_found(found: Option<Periodicity>) -> Period {
        match found {
            Some(p) => Period {
                period: Some(p.period),
                preperiod: Some(p.preperiod),
                saltus: p.saltus,
                status: if p.proved { "proved" } else { "observed" },
            },
            None => Period { period: None, preperiod: None, saltus: 0, status: "none" },
        }
    }
}

#[pymethods]
impl Period {
    fn __bool__(&self) -> bool {
        self.period.is_some()
    }

    fn __str__(&self) -> String {
        match (self.period, self.preperiod) {
            (Some(p), Some(pre)) => {
                let saltus = if self.saltus != 0 { format!(", saltus {}", self.saltus) } else { String::new() };
                format!("period {p}{saltus}, preperiod {pre} ({})", self.status)
            }
            _ => "no period seen".to_string(),
        }
    }

    fn __repr__(&self) -> String {
        format!("<boyi.Period {}>", self.__str__())
    }
}

/// The least period of `values` (Grundy values, say), its preperiod and
/// saltus, as far as the values show it: a period must repeat at least
/// three times, over as many values as precede it. With `rule`, the code
/// the values are the Grundy values of (`"0.07"`...), a period of an
/// octal game is `"proved"` once the values reach the periodicity
/// theorem's bound (the values are checked to be that rule's).
#[pyfunction]
#[pyo3(signature = (values, rule=None))]
pub fn period(values: &Bound<'_, PyAny>, rule: Option<&str>) -> PyResult<Period> {
    let values = values
        .try_iter()?
        .enumerate()
        .map(|(i, v)| {
            let v = v?;
            v.extract::<u32>().map_err(|_| {
                PyValueError::new_err(format!(
                    "period: values[{i}] = {} is not an int from 0 to 2^32 - 1",
                    v.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })
        })
        .collect::<PyResult<Vec<u32>>>()?;
    let provable = match rule {
        Some(code) => {
            let heap = codes::parse(code).map_err(|e| to_py("period", e))?;
            // "proved" must be true of the rule: the values are checked against the engine's
            let to = values.len().saturating_sub(1) as u64;
            let own = heap_report::grundy(code, to, values.len(), &boyi::Control::default())
                .map_err(|e| to_py("period", e))?;
            if let Some(n) = (0..values.len()).find(|&n| own.values[n] != values[n]) {
                return Err(PyValueError::new_err(format!(
                    "period: the values are not {}'s Grundy values: G({n}) is {}, not {}",
                    own.rule, own.values[n], values[n]
                )));
            }
            heap.rule.max_take().filter(|_| heap.rule.provable())
        }
        None => None,
    };
    Ok(Period::from_found(find_period(&Nimbers::U32(values), provable)))
}

/// The Grundy sequence of an octal, hexadecimal or subtraction code
/// (`"0.07"`, `"4.07"`, `"sub:1,3,4"`, `"allbut:2"`, `"grundy"`), computed by the
/// engine's own solver, with its period and whether it is proved.
#[pyclass(frozen, module = "boyi")]
pub struct Sequence {
    report: GrundyReport,
}

#[pymethods]
impl Sequence {
    /// The code as the engine writes it.
    #[getter]
    fn rule(&self) -> &str {
        &self.report.rule
    }

    #[getter]
    fn name(&self) -> Option<&'static str> {
        self.report.name
    }

    /// The moves, in words.
    #[getter]
    fn moves(&self) -> &str {
        &self.report.moves
    }

    /// `G(0), ..., G(n)`.
    #[getter]
    fn values(&self) -> Vec<u32> {
        self.report.values.clone()
    }

    #[getter]
    fn period(&self) -> Period {
        Period {
            period: self.report.period,
            preperiod: self.report.preperiod,
            saltus: self.report.saltus,
            status: self.report.status,
        }
    }

    fn __len__(&self) -> usize {
        self.report.values.len()
    }

    fn __getitem__(&self, n: isize) -> PyResult<u32> {
        let len = self.report.values.len() as isize;
        let at = if n < 0 { n + len } else { n };
        usize::try_from(at).ok().and_then(|at| self.report.values.get(at)).copied().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!("heap {n} is beyond the {} computed", self.report.to))
        })
    }

    /// The values against heap size, the period marked (at most `heaps` of them).
    #[pyo3(signature = (heaps=5000))]
    fn plot(&self, heaps: usize) -> PyResult<Picture> {
        Picture::drawn(self.report.svg(heaps))
    }

    /// Jupyter draws a sequence as its plot.
    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(self.plot(5000)?.svg)
    }

    /// What `boyi grundy RULE --to N` prints.
    fn __str__(&self) -> String {
        self.report.render()
    }

    fn __repr__(&self) -> String {
        format!("<boyi.Sequence {} to {}: {}>", self.report.rule, self.report.to, self.report.summary)
    }
}

/// The Grundy values `G(0), ..., G(n)` of an octal, hexadecimal or
/// subtraction code (`"0.07"` Dawson's Kayles, `"4.07"`, `"hex:0.F"`,
/// `"sub:1,3,4"`, `"allbut:2"`, `"grundy"` for Grundy's game, or a name:
/// `"kayles"`, `"dawsons-kayles"`), computed by the engine's own solver
/// with no callback, as a `Sequence`: its values, its period and
/// preperiod, and whether the periodicity theorem proves them. What
/// `boyi grundy CODE --to n` computes.
#[pyfunction]
#[pyo3(signature = (code, n=1000))]
pub fn octal(py: Python<'_>, code: &str, n: i64) -> PyResult<Sequence> {
    let to = u64::try_from(n).map_err(|_| PyValueError::new_err(format!("octal: n must be 0 or more, not {n}")))?;
    let show = usize::try_from(to).unwrap_or(usize::MAX).saturating_add(1);
    let code = code.to_string();
    let report = interruptible(py, |ctl| heap_report::grundy(&code, to, show, ctl))?.map_err(|e| to_py("octal", e))?;
    Ok(Sequence { report })
}
