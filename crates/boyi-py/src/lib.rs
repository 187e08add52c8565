//! The `boyi` Python package: the catalogue through the interface every
//! front end uses, Grundy values of rules written in Python, and games
//! written in Python solved exactly (loops included) on a graph built once.
//!
//! Everything that touches Python sits behind the `python` feature, which
//! only the maturin build (`pyproject.toml`) turns on: plain `cargo build`
//! and `cargo test` of the workspace need no Python headers.

#[cfg(feature = "python")]
mod catalogue;
#[cfg(feature = "python")]
mod cgt;
#[cfg(feature = "python")]
mod database;
#[cfg(feature = "python")]
mod errors;
#[cfg(feature = "python")]
mod heaps;
#[cfg(feature = "python")]
mod numbering;
#[cfg(feature = "python")]
mod plot;
#[cfg(feature = "python")]
mod rules;
#[cfg(feature = "python")]
mod user_game;
#[cfg(feature = "python")]
mod value;

#[cfg(feature = "python")]
use pyo3::prelude::*;

#[cfg(feature = "python")]
#[pymodule]
fn _boyi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<value::Value>()?;
    m.add_class::<heaps::Period>()?;
    m.add_class::<heaps::Sequence>()?;
    m.add_class::<user_game::Solution>()?;
    m.add_class::<user_game::Step>()?;
    m.add_class::<user_game::Server>()?;
    m.add_class::<plot::Picture>()?;
    m.add_function(wrap_pyfunction!(plot::plot_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::catalogue, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::games, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::problems, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::solve_judge, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::grundy, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::period, m)?)?;
    m.add_function(wrap_pyfunction!(heaps::octal, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::solve, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::validate, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::play, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::serve, m)?)?;
    m.add_function(wrap_pyfunction!(user_game::load, m)?)?;
    m.add_class::<database::Database>()?;
    m.add_function(wrap_pyfunction!(database::open_db, m)?)?;
    m.add_class::<rules::Rule>()?;
    m.add_class::<cgt::CgtValue>()?;
    m.add_function(wrap_pyfunction!(cgt::cgt_parse, m)?)?;
    m.add_function(wrap_pyfunction!(cgt::cgt_game, m)?)?;
    m.add_function(wrap_pyfunction!(cgt::cgt_catalogue_value, m)?)?;
    m.add_function(wrap_pyfunction!(cgt::cgt_games, m)?)?;
    m.add_function(wrap_pyfunction!(rules::find_rule, m)?)?;
    m.add_function(wrap_pyfunction!(rules::check_rule, m)?)?;
    Ok(())
}
