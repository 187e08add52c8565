//! boyi: exact solvers for two-player games of perfect information.
//!
//! A game implements the model in [`game`]; the solvers in [`solve`] value
//! its positions, each with the method that suits its class of game. The
//! engine knows no game by name and does no terminal I/O.

pub mod cgt;
pub mod control;
pub mod db;
pub mod error;
pub mod game;
pub mod index;
pub mod memory;
pub mod peers;
pub mod rules;
pub mod solve;
pub mod tt;
pub mod value;

pub use control::{Control, Progress};
pub use error::Error;
pub use game::{Game, Impartial, Indexed, Known, Layered, Step, StepOf};
pub use solve::{Analysis, MoveValue};
pub use value::{Outcome, Turn, Value};
