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

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use boyi::solve::alphabeta::AlphaBeta;
use boyi::tt::TranspositionTable;
use boyi::{Control, Game};
use rayon::prelude::*;

use super::{book_checkpoint, Board, Connect4, Shape};
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

    /// Values every position with at most `depth` stones that is not over
    /// and has no winning move (those need no book). Only the positions
    /// with exactly `depth` stones are searched, on all threads; every
    /// shallower one is the best of its children, so the expensive early
    /// positions cost nothing (a book of depth 4 took 8.5 minutes when each
    /// of its positions was searched).
    ///
    /// Where `ctl` names a checkpoint, the leaves scored are appended to it
    /// as the build goes (at most once every `every`, and when it stops), and
    /// a build finding a checkpoint of the same board and depth searches
    /// only the leaves it lacks.
    pub fn build<S: Shape>(game: &Connect4<S>, depth: u32, table_bytes: u64, ctl: &Control) -> Result<Book, Error> {
        let layers = layers_up_to(game, depth);
        let leaves = layers.last().map_or(&[][..], |l| &l[..]);
        ctl.reserve("the transposition table", table_bytes)?;
        let tag = format!("connect4 {}x{} depth {depth}", game.width(), game.height());
        let (mut known, saver) = match ctl.checkpoint() {
            Some(cp) => {
                let known = book_checkpoint::resume(&cp.path, &tag)?;
                if !known.is_empty() {
                    ctl.note(&format!(
                        "resuming from the checkpoint {}: {} of the {} leaves scored",
                        cp.path.display(),
                        known.len(),
                        leaves.len()
                    ));
                }
                let saver = book_checkpoint::Saver::start(&cp.path, &tag, cp.every, &known)?;
                (known, Some(saver))
            }
            None => (HashMap::new(), None),
        };
        let todo: Vec<&Board> = leaves.iter().filter(|b| !known.contains_key(&game.key(b))).collect();
        let tt = Arc::new(TranspositionTable::with_bytes(table_bytes));
        ctl.start("book", leaves.len() as u64);
        ctl.advance((leaves.len() - todo.len()) as u64);
        let quiet = ctl.without_progress();
        let scored: Result<Vec<(u64, i8)>, Error> = todo
            .par_iter()
            .map_init(
                || AlphaBeta::with_table(game, quiet.clone(), tt.clone()),
                |search, board| {
                    let score = search.value(board)? as i8;
                    let key = game.key(board);
                    if let Some(saver) = &saver {
                        saver.add(key, score)?;
                    }
                    ctl.advance(1);
                    Ok((key, score))
                },
            )
            .collect();
        ctl.finish();
        if let Some(saver) = &saver {
            saver.flush()?;
        }
        known.extend(scored?);
        for layer in layers.iter().rev().skip(1) {
            for board in layer {
                let score = best_child(game, board, &known);
                known.insert(game.key(board), score as i8);
            }
        }
        let mut entries: Vec<(u64, i8)> = known.into_iter().collect();
        entries.sort_unstable();
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
        let bytes =
            std::fs::read(path).map_err(|e| Error::input(format!("cannot read the book {}: {e}", path.display())))?;
        Book::from_bytes(&bytes)
            .map_err(|why| Error::input(format!("{} is not a boyi Connect Four book: {why}", path.display())))
    }

    /// A book from the bytes of its file; the error says what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, &'static str> {
        if bytes.len() < 32 || &bytes[..8] != MAGIC {
            return Err("wrong header");
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        if u32_at(8) != VERSION {
            return Err("unknown format version");
        }
        let (width, height, depth) = (u32_at(12), u32_at(16), u32_at(20));
        let count = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes")) as usize;
        if bytes.len() != 32 + count.saturating_mul(9) {
            return Err("the file is truncated or too long");
        }
        let entries: Vec<(u64, i8)> = bytes[32..]
            .chunks_exact(9)
            .map(|c| (u64::from_le_bytes(c[..8].try_into().expect("8 bytes")), c[8] as i8))
            .collect();
        if entries.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err("entries out of order");
        }
        Ok(Book { width, height, depth, entries })
    }
}

/// Builds the book of every position of a `size` board up to `depth`
/// stones into `out`; returns how many positions it holds.
pub fn build_file(size: (u32, u32), depth: u32, out: &Path, ctl: &Control) -> Result<usize, Error> {
    struct Build<'a> {
        depth: u32,
        out: &'a Path,
        ctl: &'a Control,
    }
    impl super::OnBoard for Build<'_> {
        type Output = usize;
        fn run<S: Shape>(self, game: Connect4<S>) -> Result<usize, Error> {
            let book = Book::build(&game, self.depth, super::table_bytes(self.ctl), self.ctl)?;
            book.save(self.out)?;
            if let Some(cp) = self.ctl.checkpoint() {
                let _ = std::fs::remove_file(&cp.path);
            }
            Ok(book.len())
        }
    }
    super::with_board(size, None, Build { depth, out, ctl })
}

/// How long the book of a `size` board up to `depth` stones would take to
/// build here: `samples` of its leaves, in four runs spread over them, searched
/// as the build searches (all threads, one shared table), the time scaled
/// to every leaf. A guess: leaves differ, and a build's table, shared by
/// more leaves, helps it more.
pub fn estimate(size: (u32, u32), depth: u32, samples: usize, ctl: &Control) -> Result<String, Error> {
    struct Estimate<'a> {
        depth: u32,
        samples: usize,
        ctl: &'a Control,
    }
    impl super::OnBoard for Estimate<'_> {
        type Output = String;
        fn run<S: Shape>(self, game: Connect4<S>) -> Result<String, Error> {
            let layers = layers_up_to(&game, self.depth);
            let leaves = layers.last().map_or(&[][..], |l| &l[..]);
            // four runs of neighbours, spread over the leaves: neighbours
            // share subtrees in the table as a build's leaves do
            let run = self.samples.div_ceil(4).max(1);
            let gap = leaves.len() / 4;
            let sample: Vec<Board> = (0..4)
                .flat_map(|k| leaves.iter().skip(k * gap).take(run.min(gap.max(1))))
                .take(self.samples)
                .copied()
                .collect();
            let table_bytes = super::table_bytes(self.ctl);
            self.ctl.reserve("the transposition table", table_bytes)?;
            let tt = Arc::new(TranspositionTable::with_bytes(table_bytes));
            let quiet = self.ctl.without_progress();
            let started = std::time::Instant::now();
            self.ctl.start("sampling the book's leaves", sample.len() as u64);
            sample.par_iter().try_for_each_init(
                || AlphaBeta::with_table(&game, quiet.clone(), tt.clone()),
                |search, board| -> Result<(), Error> {
                    search.value(board)?;
                    self.ctl.advance(1);
                    Ok(())
                },
            )?;
            self.ctl.finish();
            let took = started.elapsed().as_secs_f64();
            let whole = took * leaves.len() as f64 / sample.len().max(1) as f64;
            Ok(format!(
                "depth {}: {} positions searched ({} in the book with the shallower ones); {} of them took {:.1} s \
                 on {} threads: the whole build about {}",
                self.depth,
                leaves.len(),
                layers.iter().map(Vec::len).sum::<usize>(),
                sample.len(),
                took,
                rayon::current_num_threads(),
                duration_words(whole)
            ))
        }
    }
    super::with_board(size, None, Estimate { depth, samples, ctl })
}

/// `1 h 22 min`, `9 min`, `40 s`.
fn duration_words(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..=99 => format!("{s} s"),
        100..=5999 => format!("{} min", (s + 30) / 60),
        _ => format!("{} h {} min", s / 3600, (s % 3600 + 30) / 60),
    }
}

/// The positions with 0, 1, ..., `depth` stones that are not over and where
/// the side to move has no winning move, one of each mirror pair, layer by
/// layer.
fn layers_up_to<S: Shape>(game: &Connect4<S>, depth: u32) -> Vec<Vec<Board>> {
    let mut seen = HashSet::new();
    let mut layer = vec![game.start()];
    let mut out = Vec::new();
    for stones in 0..=depth {
        let mut kept = Vec::new();
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
            kept.push(board);
            if stones < depth {
                next.extend(moves.iter().map(|&c| game.drop_in(&board, c as u32)));
            }
        }
        out.push(kept);
        layer = next;
    }
    out
}

/// The score of `board` from its children's: each is in `known`, or lets
/// its mover win at once, or fills the board.
fn best_child<S: Shape>(game: &Connect4<S>, board: &Board, known: &HashMap<u64, i8>) -> i32 {
    let mut moves = Vec::new();
    game.moves(board, &mut moves);
    moves
        .iter()
        .map(|&c| {
            let child = game.drop_in(board, c as u32);
            let score = match known.get(&game.key(&child)) {
                Some(&s) => s as i32,
                None if child.moves == game.cells() => 0,
                None => {
                    debug_assert!(game.wins_at_once(&child), "a child missing from the book");
                    (game.cells() as i32 + 1 - child.moves as i32) / 2
                }
            };
            -score
        })
        .max()
        .expect("a position in the book has moves")
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
        for board in layers_up_to(&game, 4).concat() {
            assert_eq!(book.get(game.key(&board)), Some(search.value(&board).unwrap()));
        }
    }

    /// A build resumes from the leaves its checkpoint holds (it searches
    /// them no more: a score planted there reaches the book), a checkpoint
    /// of another depth is not read, and a finished build removes its file.
    #[test]
    fn a_build_resumes_from_its_checkpoint() {
        let game = Connect4::new(4, 4);
        let dir = std::env::temp_dir().join(format!("boyi-book-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (out, path) = (dir.join("b.book"), dir.join("b.checkpoint"));
        let with_checkpoint = || {
            Control::default().with_checkpoint(boyi::control::Checkpoint {
                path: path.clone(),
                tag: String::new(),
                every: std::time::Duration::ZERO,
            })
        };
        let plain = Book::build(&game, 3, 1 << 20, &Control::default()).unwrap();
        // every leaf but one scored, and one of them planted wrong
        let leaves = layers_up_to(&game, 3).pop().unwrap();
        let keys: Vec<u64> = leaves.iter().map(|b| game.key(b)).collect();
        let mut known: HashMap<u64, i8> = keys.iter().map(|&k| (k, plain.get(k).unwrap() as i8)).collect();
        known.remove(&keys[0]);
        let planted = keys[1];
        known.insert(planted, 99);
        let tag = "connect4 4x4 depth 3";
        book_checkpoint::Saver::start(&path, tag, std::time::Duration::ZERO, &known).unwrap();
        let resumed = Book::build(&game, 3, 1 << 20, &with_checkpoint()).unwrap();
        assert_eq!(resumed.get(planted), Some(99), "the checkpoint's leaves are not searched again");
        assert_eq!(resumed.get(keys[0]), plain.get(keys[0]), "the missing leaf is searched");
        assert_eq!(book_checkpoint::resume(&path, tag).unwrap().len(), keys.len(), "the checkpoint grows");
        // another depth's checkpoint is started over, not read
        let depth4 = Book::build(&game, 4, 1 << 20, &with_checkpoint()).unwrap();
        assert_eq!(depth4, Book::build(&game, 4, 1 << 20, &Control::default()).unwrap());
        build_file((4, 4), 3, &out, &with_checkpoint()).unwrap();
        assert_eq!(Book::load(&out).unwrap(), plain);
        assert!(!path.exists(), "a finished build removes its checkpoint");
        std::fs::remove_dir_all(&dir).ok();
    }
}
