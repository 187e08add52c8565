/// Why a solve did not produce an answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{what} needs {}, limit {}", format_bytes(*needed), format_bytes(*limit))]
    Memory { what: String, needed: u64, limit: u64 },
    #[error("interrupted")]
    Interrupted,
    #[error("the game has a cycle (a position repeats), which this solver cannot value; use retrograde analysis")]
    Cycle,
    #[error("{0}")]
    Unsupported(String),
    /// A database file that cannot be read, or is not what was asked for.
    #[error("{0}")]
    Data(String),
    /// Another part of a partitioned solve stopped (with its own error).
    #[error("part {part} of {parts} of the solve stopped, so the others stop too")]
    PartStopped { part: usize, parts: usize },
}

/// Bytes in the units people read: `6.2 GiB`, `512 MiB`, `12 KiB`.
pub fn format_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 || value >= 100.0 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}
