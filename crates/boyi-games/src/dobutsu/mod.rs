//! Dōbutsu Shōgi (どうぶつしょうぎ): 3 files × 4 ranks, each side a lion,
//! an elephant, a giraffe and a chick; captured pieces go to the captor's
//! hand and may be dropped on any empty square. The rules are those of
//! `clausecker/dobutsu` (its README, man page and `rules.h`):
//!
//! - lion: one square any way; elephant: one diagonally; giraffe: one
//!   orthogonally; chick: one forward; hen (a promoted chick): one
//!   orthogonally or diagonally forward. All capture as they move.
//! - A chick that moves onto the far rank becomes a hen; a dropped chick
//!   stays a chick, even on the far rank (where it cannot move). A
//!   captured hen goes to the hand as a chick.
//! - Capturing the lion wins. A lion that moves onto the far rank where
//!   it cannot be captured at once wins; a lion may move onto an attacked
//!   square, and then is captured. No legal move loses; endless play is a
//!   draw.
//!
//! The engine sees a position from the side to move ("ours"), which moves
//! up the board: row 0 is our far rank, row 3 our back rank. So the
//! positions with Gote to move are the same as those with Sente to move,
//! turned round, and one solve covers both. A position that ends the
//! game has no moves: where we can capture their lion it is a win in one
//! ply (the capture), where their lion stands on our back rank out of our
//! reach it is lost.
//!
//! The material is part of the game: a position with fewer pieces (say
//! the lions and one chick each) is a smaller game of its own, small
//! enough for the tests' plain solvers.
//!
//! In parts: [`rules`] the board, the pieces' steps, moves and the end of
//! the game; [`index`] the ranking of positions; [`stored`] the positions
//! a database keeps; [`unmoves`] moves taken back, for retrograde
//! analysis; [`notation`] positions as text; [`listing`] the game's
//! catalogue entry.

// Squares and hand slots index several arrays at once (cells, hands,
// kinds, the lion table): loops over the index read better than zips.
#![allow(clippy::needless_range_loop)]

mod index;
mod listing;
mod notation;
mod rules;
mod stored;
#[cfg(test)]
mod tests;
mod unmoves;

pub use listing::DobutsuListing;
pub use rules::{Board, Dobutsu, Shift};

/// Squares: row * 3 + file, from the mover's side (row 0 the far rank).
const SQUARES: usize = 12;
const FILES: usize = 3;

/// Piece codes on a square: 0 empty, a kind, plus `THEIRS` for the
/// opponent's pieces.
pub const LION: u8 = 1;
pub const ELEPHANT: u8 = 2;
pub const GIRAFFE: u8 = 3;
pub const CHICK: u8 = 4;
pub const HEN: u8 = 5;
pub const THEIRS: u8 = 8;

/// Kinds that can be held in hand, in this order: elephant, giraffe, chick.
const HAND_KINDS: [u8; 3] = [ELEPHANT, GIRAFFE, CHICK];

fn hand_slot(kind: u8) -> usize {
    match kind {
        ELEPHANT => 0,
        GIRAFFE => 1,
        _ => 2,
    }
}
