//! `boyi.open_db`: a catalogue database (Dōbutsu Shōgi, chase,
//! young-chess...) from Python: its slots as a numpy array over the file's
//! memory map, its values decoded, and a position's value by lookup.

use std::path::PathBuf;
use std::sync::Arc;

use boyi::db::{Encoding, Layout};
use boyi::{Control, Outcome};
use boyi_games::catalogue::{self as registry, Cx, Session};
use numpy::IntoPyArray;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{interruptible, to_py};
use crate::value::Value;

/// A database file of a catalogue game, open for lookups.
#[pyclass(frozen, module = "boyi", name = "Database")]
pub struct Database {
    db: Arc<boyi::db::Database>,
    path: PathBuf,
    session: Session,
}

impl Database {
    fn range(&self, start: u64, stop: Option<u64>) -> PyResult<(u64, u64)> {
        let stop = stop.unwrap_or(self.db.len()).min(self.db.len());
        if start > stop {
            return Err(PyValueError::new_err(format!("start {start} is past stop {stop}")));
        }
        Ok((start, stop))
    }
}

/// Opens a database `boyi db build` wrote (checking its checksum).
#[pyfunction]
pub fn open_db(py: Python<'_>, path: PathBuf) -> PyResult<Database> {
    let db =
        py.detach(|| boyi::db::Database::open(&path)).map_err(|e| PyValueError::new_err(format!("open_db: {e}")))?;
    let db = Arc::new(db);
    let limit = Control::default().memory_limit();
    let session = Session::new(limit / 4, (1u64 << 30).min(limit / 2)).with_databases(vec![db.clone()]);
    Ok(Database { db, path, session })
}

#[pymethods]
impl Database {
    /// What the file says of itself: game, params, key, positions, encoding, layout.
    #[getter]
    fn header<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let h = self.db.header();
        let d = PyDict::new(py);
        d.set_item("game", &h.game)?;
        d.set_item("params", h.params_line())?;
        d.set_item("key", &h.key)?;
        d.set_item("positions", h.size)?;
        d.set_item("encoding", h.encoding.describe())?;
        d.set_item("layout", h.layout.describe())?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.db.len() as usize
    }

    /// Every slot by rank, as the file holds it, as a numpy array: for a
    /// plain file a view of its memory map (no copy; pages are read when
    /// touched). Slots are `uint8` for win / lose / draw in one byte (0 a
    /// draw, `(r + 1) / 2` a win in `r` plies, `128 + r / 2` a loss in `r`),
    /// `uint16` in the engine's two-byte packing, and signed integers for
    /// scores; `outcomes()` decodes them. A compressed file has no slots to
    /// map: `inflate=True` inflates them all into memory, and says first
    /// what that costs.
    #[pyo3(signature = (inflate=false))]
    fn values<'py>(&self, py: Python<'py>, inflate: bool) -> PyResult<Bound<'py, PyAny>> {
        let h = self.db.header();
        let dtype = match h.encoding {
            Encoding::OutcomeByte => "u1",
            Encoding::OutcomeWord => "<u2",
            Encoding::Integer { bytes: 1 } => "i1",
            Encoding::Integer { bytes: 2 } => "<i2",
            Encoding::Integer { bytes: 4 } => "<i4",
            Encoding::Integer { .. } => "<i8",
        };
        let bytes = h.size * h.encoding.slot_bytes() as u64;
        match h.layout {
            Layout::Plain => {
                let numpy = py.import("numpy")?;
                let kwargs = PyDict::new(py);
                kwargs.set_item("dtype", dtype)?;
                kwargs.set_item("mode", "r")?;
                kwargs.set_item("offset", h.data_offset)?;
                kwargs.set_item("shape", (h.size,))?;
                numpy.call_method("memmap", (&self.path,), Some(&kwargs))
            }
            Layout::Zstd { .. } if !inflate => Err(PyValueError::new_err(format!(
                "{} is compressed in zstd blocks, so its slots cannot be mapped: values(inflate=True) inflates all {} \
                 positions into {} of memory (every block once)",
                self.path.display(),
                h.size,
                boyi::error::format_bytes(bytes)
            ))),
            Layout::Zstd { .. } => {
                let raw = interruptible(py, |ctl| -> Result<Vec<u8>, boyi::Error> {
                    ctl.reserve("the inflated slots", bytes)?;
                    let mut raw = Vec::with_capacity(bytes as usize);
                    self.db.slot_bytes(0, h.size, &mut raw)?;
                    Ok(raw)
                })?
                .map_err(|e| PyMemoryError::new_err(format!("values: {e}")))?;
                raw.into_pyarray(py).call_method1("view", (dtype,))
            }
        }
    }

    /// Win / lose / draw of ranks `start` to `stop`, decoded: `(kind,
    /// remoteness)`, int8 (1 win, 0 draw, -1 lose) and int32 (-1 for a draw).
    #[pyo3(signature = (start=0, stop=None))]
    fn outcomes<'py>(&self, py: Python<'py>, start: u64, stop: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        let (start, stop) = self.range(start, stop)?;
        if !matches!(self.db.header().encoding, Encoding::OutcomeByte | Encoding::OutcomeWord) {
            return Err(PyValueError::new_err("outcomes: the file holds scores, not win / lose / draw"));
        }
        let (kinds, remoteness): (Vec<i8>, Vec<i32>) = py.detach(|| {
            (start..stop)
                .map(|r| match self.db.get::<Outcome>(r) {
                    Some(Outcome::Win(d)) => (1, d as i32),
                    Some(Outcome::Lose(d)) => (-1, d as i32),
                    _ => (0, -1),
                })
                .unzip()
        });
        PyTuple::new(py, [kinds.into_pyarray(py).into_any(), remoteness.into_pyarray(py).into_any()])
    }

    /// The value of `position` (in its game's notation, as `boyi analyze`
    /// reads it) for the side to move, looked up in the file.
    fn value(&self, py: Python<'_>, position: &str) -> PyResult<Value> {
        let id = self.db.header().game.clone();
        let entry =
            registry::game(&id).ok_or_else(|| PyValueError::new_err(format!("the file's game {id} is unknown")))?;
        let position = position.to_string();
        let analysis = interruptible(py, |ctl| {
            let pos = entry.open(&position)?;
            pos.analyze(&Cx::new(ctl, &self.session))
        })?
        .map_err(|e| to_py(&id, e))?;
        Ok(Value(analysis.value))
    }

    fn __repr__(&self) -> String {
        let h = self.db.header();
        format!("<boyi.Database {} ({}): {} positions, {}>", h.game, h.params_line(), h.size, h.encoding.describe())
    }
}
