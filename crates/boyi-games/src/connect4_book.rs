//! Opening books for Connect Four: the exact score of every position up to a
//! number of stones, mirror images stored once, in a small binary file.
//!
//! The search asks the book through the model: a board carrying a book
//! values its early positions exactly in `search_moves`, so the engine's
//! alpha-beta stops there without knowing books exist.
//!
//! File layout (little endian): the magic `BOYIC4BK`, a format version
//! (u32), width, height and depth (u32 each), the entry count (u64), then the
//! entries sorted by key: the key (u64, as [`Connect4::key`]) and the score
//! (i8).

use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;

use boyi::solve::alphabeta::AlphaBeta;
use boyi::tt::TranspositionTable;
use boyi::{Control, Game};
use rayon::prelude::*;

use crate::connect4::{Board, Connect4, Shape};
use crate::error::Error;

const MAGIC: &[u8; 8] = b"BOYIC4BK";
const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    pub width: u32,
    pub height: u32,
    /// Positions with at most this many stones are in the book.
    pub depth: u32,
    /// Sorted by key.
    entries: Vec<(u64, i8)>,
}

impl Book {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The score of a position of the book's board, if the book holds it.
    pub fn get(&self, key: u64) -> Option<i32> {
        self.entries.binary_search_by_key(&key, |&(k, _)| k).ok().map(|i| self.entries[i].1 as i32)
    }

    /// Solves every position with at most `depth` stones that is not over
    /// and has no winning move (those need no book), on all threads.
    pub fn build<S: Shape>(game: &Connect4<S>, depth: u32, table_bytes: u64, ctl: &Control) -> Result<Book, Error> {
        let positions = positions_up_to(game, depth);
        ctl.reserve("the transposition table", table_bytes)?;
        let tt = Arc::new(TranspositionTable::with_bytes(table_bytes));
        ctl.start("book", positions.len() as u64);
        let scored: Result<Vec<(u64, i8)>, Error> = positions
            .par_iter()
            .map_init(
                || AlphaBeta::with_table(game, ctl.clone(), tt.clone()),
                |search, board| {
                    let score = search.value(board)?;
                    ctl.advance(1);
                    Ok((game.key(board), score as i8))
                },
            )
            .collect();
        ctl.finish();
        let mut entries = scored?;
        entries.sort_unstable();
        entries.dedup_by_key(|e| e.0);
        Ok(Book { width: game.width(), height: game.height(), depth, entries })
    }

    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let mut bytes = Vec::with_capacity(32 + self.entries.len() * 9);
        bytes.extend_from_slice(MAGIC);
        for v in [VERSION, self.width, self.height, self.depth] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        for &(k, s) in &self.entries {
            bytes.extend_from_slice(&k.to_le_bytes());
            bytes.push(s as u8);
        }
        std::fs::File::create(path)
            .and_then(|mut f| f.write_all(&bytes))
            .map_err(|e| Error::input(format!("cannot write the book {}: {e}", path.display())))
    }

    pub fn load(path: &Path) -> Result<Book, Error> {
        let bad = |why: &str| Error::input(format!("{} is not a boyi Connect Four book: {why}", path.display()));
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| Error::input(format!("cannot read the book {}: {e}", path.display())))?;
        if bytes.len() < 32 || &bytes[..8] != MAGIC {
            return Err(bad("wrong header"));
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        if u32_at(8) != VERSION {
            return Err(bad("unknown format version"));
        }
        let (width, height, depth) = (u32_at(12), u32_at(16), u32_at(20));
        let count = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes")) as usize;
        if bytes.len() != 32 + count.saturating_mul(9) {
            return Err(bad("the file is truncated or too long"));
        }
        let entries: Vec<(u64, i8)> = bytes[32..]
            .chunks_exact(9)
            .map(|c| (u64::from_le_bytes(c[..8].try_into().expect("8 bytes")), c[8] as i8))
            .collect();
        if entries.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(bad("entries out of order"));
        }
        Ok(Book { width, height, depth, entries })
    }
}

/// Every position with at most `depth` stones that is not over and where
/// the side to move has no winning move, one of each mirror pair.
fn positions_up_to<S: Shape>(game: &Connect4<S>, depth: u32) -> Vec<Board> {
    let mut seen = HashSet::new();
    let mut layer = vec![game.start()];
    let mut out = Vec::new();
    for stones in 0..=depth {
        let mut next = Vec::new();
        for board in layer {
            if !seen.insert(game.key(&board)) {
                continue;
            }
            let mut moves = Vec::new();
            game.moves(&board, &mut moves);
            if moves.is_empty() || game.wins_at_once(&board) {
                continue;
            }
            out.push(board);
            if stones < depth {
                next.extend(moves.iter().map(|&c| game.drop_in(&board, c as u32)));
            }
        }
        layer = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_round_trips_and_agrees_with_search() {
        let game = Connect4::new(4, 4);
        let ctl = Control::default();
        let book = Book::build(&game, 4, 1 << 20, &ctl).unwrap();
        assert!(!book.is_empty());
        let dir = std::env::temp_dir().join(format!("boyi-book-test-{}", std::process::id()));
        book.save(&dir).unwrap();
        let back = Book::load(&dir).unwrap();
        std::fs::remove_file(&dir).ok();
        assert_eq!(back, book);
        let mut search = AlphaBeta::new(&game, ctl, 1 << 20).unwrap();
        for board in positions_up_to(&game, 4) {
            assert_eq!(book.get(game.key(&board)), Some(search.value(&board).unwrap()));
        }
    }
}
