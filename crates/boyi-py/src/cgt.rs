//! Partizan values from Python (`boyi.cgt`): one store for the process, so
//! a value is an id and equal values are the same id whatever made them.

use std::sync::{Mutex, MutexGuard, OnceLock};

use boyi::cgt::{self, Class, Copies, Dyadic, Format, Id, Parsed, Relation, Store, Thermograph};
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

/// Where work that may run long is done: a store of its own, watched by
/// each piece of work's control, so that Ctrl-C or the memory limit can
/// stop it. It is kept between calls (values made once serve the next
/// call) and thrown away when stopped; only answers are copied to
/// [`store`], whose values Python holds and which is never thrown away.
struct Workshop {
    store: Store,
    /// what values of [`store`] became here, and answers there
    inward: Copies,
    outward: Copies,
}

impl Workshop {
    fn new() -> Self {
        Workshop { store: Store::new(), inward: Copies::default(), outward: Copies::default() }
    }
}

fn workshop() -> MutexGuard<'static, Workshop> {
    static WORKSHOP: OnceLock<Mutex<Workshop>> = OnceLock::new();
    // (work that panicked may have left it stopped, half done: a new one)
    WORKSHOP.get_or_init(|| Mutex::new(Workshop::new())).lock().unwrap_or_else(|e| {
        let mut shop = e.into_inner();
        *shop = Workshop::new();
        shop
    })
}

/// Texts longer than this many forms and numbers are not written: a
/// sum's text can be exponentially longer than the value.
const MOST_WRITTEN: u64 = 1_000_000;

/// The value's text, unless it is too long to write.
fn written(g: Id, format: Format) -> Result<String, String> {
    let mut main = store();
    if main.written_upto(g, MOST_WRITTEN + 1) > MOST_WRITTEN {
        return Err(format!(
            "the value's text would write out more than {MOST_WRITTEN} forms and numbers (a part met twice is \
             written twice); compare, add or take its options instead"
        ));
    }
    Ok(main.write(g, format))
}

/// An answer made in the workshop, as [`store`] has it.
trait Carried: Send {
    fn carried(self, main: &mut Store, work: &Store, outward: &mut Copies) -> Self;
}

impl Carried for Id {
    fn carried(self, main: &mut Store, work: &Store, outward: &mut Copies) -> Id {
        main.copy_with(work, self, outward)
    }
}

impl Carried for Option<Id> {
    fn carried(self, main: &mut Store, work: &Store, outward: &mut Copies) -> Self {
        self.map(|g| g.carried(main, work, outward))
    }
}

impl Carried for Result<Id, String> {
    fn carried(self, main: &mut Store, work: &Store, outward: &mut Copies) -> Self {
        self.map(|g| g.carried(main, work, outward))
    }
}

macro_rules! carried_as_is {
    ($($t:ty),*) => {$(
        impl Carried for $t {
            fn carried(self, _: &mut Store, _: &Store, _: &mut Copies) -> Self {
                self
            }
        }
    )*};
}
carried_as_is!(bool, Relation, Dyadic, Thermograph, Class);

/// Work on values with at most this many parts in all (the operands'
/// followers, squared: sums and comparisons go by pairs of them) is done
/// directly in [`store`]: watching it from a thread of its own would cost
/// more than the work.
const DIRECT: usize = 1 << 12;

/// `work` on `operands` (values of [`store`]): directly when they are
/// small and `anyway` is false, otherwise [`in_workshop`].
fn guarded<T: Carried>(
    py: Python<'_>,
    operands: &[Id],
    anyway: bool,
    work: impl FnOnce(&mut Store, &[Id]) -> T + Send,
) -> PyResult<T> {
    if !anyway {
        let parts: usize = {
            let main = store();
            operands.iter().map(|&g| main.followers_upto(g, DIRECT)).sum()
        };
        if parts.saturating_mul(parts) <= DIRECT {
            return Ok(work(&mut store(), operands));
        }
    }
    in_workshop(py, operands, |s, g, _| Ok(work(s, g)))
}

/// `work` on `operands` (values of [`store`]) in the workshop, where Ctrl-C
/// (a `KeyboardInterrupt`) and the memory limit (a `ValueError`) stop it
/// and leave [`store`] as it was; its answer copied to [`store`].
fn in_workshop<T: Carried>(
    py: Python<'_>,
    operands: &[Id],
    work: impl FnOnce(&mut Store, &[Id], &Control) -> Result<T, String> + Send,
) -> PyResult<T> {
    let done = interruptible(py, |ctl: &Control| {
        let mut shop = workshop();
        let shop = &mut *shop;
        // (not watched while operands come in: a stopped store makes nothing)
        shop.store.watch(None);
        let inside: Vec<Id> = {
            let main = store();
            operands.iter().map(|&g| shop.store.copy_with(&main, g, &mut shop.inward)).collect()
        };
        shop.store.watch(Some(ctl));
        let answer = work(&mut shop.store, &inside, ctl);
        let stopped = shop.store.check();
        shop.store.watch(None);
        let thrown_away = stopped.is_err();
        let carried = match (stopped, answer) {
            (Err(e), _) => Err(e.to_string()),
            (Ok(()), Err(e)) => Err(e),
            (Ok(()), Ok(answer)) => Ok(answer.carried(&mut store(), &shop.store, &mut shop.outward)),
        };
        // thrown away when stopped; and past half the memory limit, or
        // values kept from earlier calls would refuse work that fits on
        // its own
        if thrown_away || shop.store.bytes() > ctl.memory_limit() / 2 {
            *shop = Workshop::new();
        }
        carried
    })?;
    done.map_err(PyValueError::new_err)
}

/// A value written in CGSuite's notation; a text with sums in it may take
/// long, so it is read where it can be stopped.
fn read(py: Python<'_>, text: &str) -> PyResult<Id> {
    // (sums; and long texts: many options to compare, or a long run of ups)
    let sums = text.contains('+') || text.contains('-') || text.len() > 64;
    let owned = text.to_string();
    let read = guarded(py, &[], sums, move |s: &mut Store, _: &[Id]| match cgt::parse(s, &owned) {
        Ok(Parsed::Value(id)) => Ok(id),
        Ok(Parsed::Comparison { .. }) => {
            Err(format!("`{owned}` is a comparison: compare two values with < == > instead"))
        }
        Err(e) => Err(format!("`{owned}`: {e}")),
    })?;
    read.map_err(PyValueError::new_err)
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
        return read(value.py(), &text);
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
    fn canonical(&self) -> PyResult<String> {
        written(self.id, Format::Cgsuite).map_err(PyValueError::new_err)
    }

    /// The canonical form in nested braces only (`{{2|0}|-1}`).
    fn braces(&self) -> PyResult<String> {
        written(self.id, Format::Braces).map_err(PyValueError::new_err)
    }

    /// `"L"` (Left wins), `"R"`, `"P"` (the second player wins) or `"N"`.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        Ok(guarded(py, &[self.id], false, |s, g| s.class(g[0]))?.letter())
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
        let d = guarded(py, &[self.id], false, |s, g| s.mean(g[0]))?;
        fraction(py, d)
    }

    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let d = guarded(py, &[self.id], false, |s, g| s.temperature(g[0]))?;
        fraction(py, d)
    }

    /// The reduced canonical form: the simplest value an infinitesimal
    /// away from this one (its ups and stars set aside).
    #[getter]
    fn reduced(&self, py: Python<'_>) -> PyResult<CgtValue> {
        Ok(CgtValue { id: guarded(py, &[self.id], false, |s, g| s.reduced(g[0]))? })
    }

    /// The atomic weight of an all-small value (how many ups it is
    /// worth), or `None` for a value that is not all-small.
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<CgtValue>> {
        Ok(guarded(py, &[self.id], false, |s, g| s.atomic_weight(g[0]))?.map(|id| CgtValue { id }))
    }

    /// Whether this value is at most `other` up to an infinitesimal.
    fn inf_le(&self, py: Python<'_>, other: &CgtValue) -> PyResult<bool> {
        guarded(py, &[self.id, other.id], false, |s, g| s.inf_leq(g[0], g[1]))
    }

    /// The value cooled by `t` (a number or `Fraction`, t ≥ 0): every move
    /// taxed `t`, until it is cooled past its temperature to its mean.
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let d = dyadic(t)?;
        if d < Dyadic::ZERO {
            return Err(PyValueError::new_err("cool(t): t is 0 or more"));
        }
        Ok(CgtValue { id: guarded(t.py(), &[self.id], false, |s, g| s.cool(g[0], d))? })
    }

    /// The number the value is (a `Fraction`), or `None`.
    fn number(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let n = store().as_number(self.id);
        n.map(|d| fraction(py, d)).transpose()
    }

    /// The thermograph: `{"left": [(t, x), ...], "right": [...], "mean",
    /// "temperature"}`, each wall's breakpoints from t = -1 to the mast.
    fn thermograph<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let th = guarded(py, &[self.id], false, |s, g| s.thermograph(g[0]))?;
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
        Ok(guarded(other_value.py(), &[self.id, b], false, |s, g| s.compare(g[0], g[1]))? == Relation::Confused)
    }

    fn __add__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let b = other(o)?;
        Ok(CgtValue { id: guarded(o.py(), &[self.id, b], false, |s, g| s.add(g[0], g[1]))? })
    }

    fn __radd__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        self.__add__(o)
    }

    fn __sub__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let b = other(o)?;
        Ok(CgtValue { id: guarded(o.py(), &[self.id, b], false, |s, g| s.sub(g[0], g[1]))? })
    }

    fn __rsub__(&self, o: &Bound<'_, PyAny>) -> PyResult<CgtValue> {
        let a = other(o)?;
        Ok(CgtValue { id: guarded(o.py(), &[a, self.id], false, |s, g| s.sub(g[0], g[1]))? })
    }

    fn __neg__(&self) -> CgtValue {
        CgtValue { id: store().neg(self.id) }
    }

    fn __richcmp__(&self, o: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> PyResult<bool> {
        use pyo3::basic::CompareOp::*;
        let b = match other(o) {
            Ok(b) => b,
            // (not a game value: unequal; Ctrl-C or the memory limit while
            // reading one is raised)
            Err(e) if matches!(op, Eq | Ne) && e.is_instance_of::<PyTypeError>(o.py()) => return Ok(matches!(op, Ne)),
            Err(e) => return Err(e),
        };
        let r = guarded(o.py(), &[self.id, b], false, |s, g| s.compare(g[0], g[1]))?;
        Ok(match op {
            Lt => r == Relation::Less,
            Le => matches!(r, Relation::Less | Relation::Equal),
            Eq => r == Relation::Equal,
            Ne => r != Relation::Equal,
            Gt => r == Relation::Greater,
            Ge => matches!(r, Relation::Greater | Relation::Equal),
        })
    }

    /// How many distinct values this one is made of (itself and the
    /// options of its options), up to a million.
    fn parts(&self) -> usize {
        store().followers_upto(self.id, 1_000_000)
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.id.index() as u32)
    }

    fn __str__(&self) -> String {
        written(self.id, Format::Cgsuite)
            .unwrap_or_else(|_| format!("<a value of {} parts, too long to write>", self.parts()))
    }

    fn __repr__(&self) -> String {
        match written(self.id, Format::Cgsuite) {
            Ok(text) => format!("boyi.cgt.parse({text:?})"),
            Err(_) => format!("<boyi.cgt value of {} parts, too long to write>", self.parts()),
        }
    }
}

/// A value written in CGSuite's notation (`"{1|-1} + ^ + *"`, `"3/4"`).
#[pyfunction]
pub fn cgt_parse(py: Python<'_>, text: &str) -> PyResult<CgtValue> {
    Ok(CgtValue { id: read(py, text)? })
}

/// `{left | right}` from values already made: the canonical form.
#[pyfunction]
pub fn cgt_game(py: Python<'_>, left: Vec<Bound<'_, PyAny>>, right: Vec<Bound<'_, PyAny>>) -> PyResult<CgtValue> {
    let lefts = left.len();
    let options = left.iter().chain(right.iter()).map(other).collect::<PyResult<Vec<Id>>>()?;
    let id = guarded(py, &options, false, |s, g| s.game(g[..lefts].to_vec(), g[lefts..].to_vec()))?;
    Ok(CgtValue { id })
}

/// The value of `position` in the catalogue's partizan game `game`. Parts
/// valued in the workshop serve the next position.
#[pyfunction]
pub fn cgt_catalogue_value(py: Python<'_>, game: &str, position: &str) -> PyResult<CgtValue> {
    let listing = boyi_games::partizan::game(game).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let id =
        in_workshop(py, &[], |s, _, ctl| listing.value(s, position, ctl).map(|(id, _)| id).map_err(|e| e.to_string()))?;
    Ok(CgtValue { id })
}

/// The partizan games of the catalogue: id, rules and an example.
#[pyfunction]
pub fn cgt_games() -> Vec<(&'static str, &'static str, &'static str)> {
    boyi_games::partizan::games().into_iter().map(|g| (g.id(), g.about(), g.example())).collect()
}
