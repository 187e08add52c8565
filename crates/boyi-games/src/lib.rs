//! The boyi catalogue: one file per game holding its rules as an
//! implementation of the engine's model, with a brute-force test beside it,
//! and judge adapters that answer classic judge problems byte for byte.

pub mod array_game;
pub mod black_white;
pub mod catalogue;
pub mod chase;
pub mod coin_game;
pub mod connect4;
pub mod connect4_book;
pub mod error;
pub mod gems_fight;
pub mod generate;
pub mod geography;
pub mod heap_report;
pub mod judge;
pub mod moving_pebbles;
pub mod octal;
pub mod permutation_game;
pub mod rabbit_egg;
pub mod report;
pub mod split_game;
pub mod subtraction;
pub mod young_chess;

pub use error::Error;
pub use judge::{AnalyzeRequest, Problem, SolveOptions};
pub use report::Report;
