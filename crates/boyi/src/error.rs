use crate::control::format_bytes;

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
}
