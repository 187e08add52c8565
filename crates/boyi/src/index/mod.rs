//! State indexing: maps between positions and dense ranks `0..N`, so solvers
//! can keep values in flat arrays instead of hash maps.
//!
//! - [`bitmask`]: subsets of up to 64 items, ranked by their mask.
//! - [`binomial`]: k-subsets ranked in colex order with the binomial number
//!   system, `C(n, k)` slots instead of `2^n`.
//! - [`bytewise`]: masks of up to 32 items colex-ranked, squeezed and
//!   spread by byte tables (a lookup a byte, for boards' hot paths).
//! - [`staircase`]: Young diagrams in an `n × m` box as lattice paths, ranked
//!   as `n`-subsets of `n + m` steps, with O(1) rank updates for a move.

pub mod binomial;
pub mod bitmask;
pub mod bytewise;
pub mod staircase;
