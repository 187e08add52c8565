//! The boyi catalogue: one module a game, holding its rules as an
//! implementation of the engine's model, its notation, what its positions
//! look like and how they are valued ([`listing::Listing`]), with a
//! brute-force test beside it; and judge adapters that answer classic judge
//! problems byte for byte.

pub mod array_game;
pub mod bash_game;
pub mod bench;
pub mod black_white;
pub mod catalogue;
pub mod chase;
pub mod coin_game;
pub mod computer;
pub mod connect4;
pub mod dawsons_kayles;
pub mod diagram;
pub mod dobutsu;
pub mod error;
pub mod every_euclid;
pub mod fibonacci_nim;
pub mod gems_fight;
pub mod generate;
pub mod geography;
pub mod hackenbush;
pub mod heap_report;
pub mod judge;
pub mod lasker_nim;
pub mod listing;
pub mod morris;
pub mod moving_pebbles;
pub mod nim;
pub mod notation;
pub mod octal;
pub mod params;
pub mod partizan;
pub mod permutation_game;
pub mod plot;
pub mod rabbit_egg;
pub mod report;
pub mod rule_report;
pub mod split_game;
pub mod staircase_nim;
pub mod subtraction;
pub mod terminal;
pub mod verdict;
pub mod wythoff;
pub mod young_chess;

pub use diagram::{Diagram, Target};
pub use error::Error;
pub use judge::{Problem, SolveOptions};
pub use listing::{Cx, Entry, Listing, Position, Session};
pub use params::{Param, Params};
pub use verdict::Verdict;
