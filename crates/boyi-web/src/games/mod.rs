//! One adapter a game. Adding a game: a file here implementing
//! [`crate::WebGame`], a line in [`crate::game::registry`], and a drawing
//! in `assets/app.js` (`BOARDS`).

pub mod chase;
pub mod connect4;
pub mod geography;
pub mod nim;
pub mod young_chess;
