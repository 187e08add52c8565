//! Pictures from Python: the SVG the command line and the page draw
//! (`boyi_games::plot`), as objects Jupyter shows by themselves.

use boyi::solve::heaps::{find_period, Nimbers};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// An SVG picture: `svg` is its text; Jupyter draws it; `save(path)` writes it.
#[pyclass(frozen, module = "boyi")]
pub struct Picture {
    #[pyo3(get)]
    pub svg: String,
}

impl Picture {
    pub fn drawn(svg: Result<String, String>) -> PyResult<Picture> {
        svg.map(|svg| Picture { svg }).map_err(PyRuntimeError::new_err)
    }
}

#[pymethods]
impl Picture {
    fn _repr_svg_(&self) -> String {
        self.svg.clone()
    }

    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, &self.svg)
            .map_err(|e| PyValueError::new_err(format!("cannot write {}: {e}", path.display())))
    }

    fn __repr__(&self) -> String {
        format!("<boyi.Picture: {} bytes of SVG>", self.svg.len())
    }
}

/// Grundy values (of `boyi.grundy`, say) against heap size, with the
/// period `boyi.period` sees marked.
#[pyfunction]
#[pyo3(signature = (values, title=None))]
pub fn plot_grundy(values: Vec<u32>, title: Option<String>) -> PyResult<Picture> {
    const MOST: usize = 5000;
    if values.len() > MOST {
        return Err(PyValueError::new_err(format!(
            "plot_grundy draws at most {MOST} values (a point each), not {}: pass values[:{MOST}]",
            values.len()
        )));
    }
    let found = find_period(&Nimbers::U32(values.clone()), None);
    let title = title.unwrap_or_else(|| match found {
        Some(p) => {
            format!("G(0) to G({}): period {}, preperiod {}", values.len().saturating_sub(1), p.period, p.preperiod)
        }
        None => format!("G(0) to G({}): no period seen", values.len().saturating_sub(1)),
    });
    Picture::drawn(boyi_games::plot::grundy_svg(&title, &values, found.map(|p| (p.period, p.preperiod))))
}
