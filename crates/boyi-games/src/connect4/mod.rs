//! Connect Four on any `width × height` board with `width · (height + 1) <= 64`:
//! players drop stones into columns; four in a row (vertically,
//! horizontally or diagonally) wins; a full board is a draw.
//!
//! Scores follow the usual solver convention: 0 for a draw; a win for the
//! side to move scores `⌊(W·H + 1 − s) / 2⌋`, where `s` is the number of stones
//! on the board just before its winning stone (the sooner, the more); a loss
//! scores the negative of the winner's score.
//!
//! In parts: [`board`] the bitboards, moves and notation; [`search`] the
//! hooks through which the engine's alpha-beta searches it fast; [`book`]
//! opening books. This file is the game's catalogue entry: positions are
//! move strings, every column is valued by the engine's alpha-beta over a
//! table shared by the session, and the standard board carries an opening
//! book (built by `boyi book`, shipped in `data/connect4/`) so that every
//! position is playable from the empty board.

mod board;
pub mod book;
mod book_checkpoint;
mod search;

use std::sync::{Arc, OnceLock};

use boyi::solve::alphabeta::AlphaBeta;
use boyi::{Control, Game};

pub use board::{AnySize, Board, Connect4, Fixed, MoveError, Shape, Standard};
pub use book::Book;

use crate::diagram::{Cell, Diagram, Grid, Mark, Target};
use crate::error::Error;
use crate::listing::{best_first, Cx, Info, Listing, Valued};
use crate::notation;
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Work on a board whose size type [`with_board`] chooses.
pub trait OnBoard {
    type Output;
    fn run<S: Shape>(self, game: Connect4<S>) -> Result<Self::Output, Error>;
}

/// Runs `work` on a `width × height` board: the standard size compiled for
/// speed, any other read at run time; with `book` consulted when given.
pub fn with_board<W: OnBoard>(size: (u32, u32), book: Option<Arc<Book>>, work: W) -> Result<W::Output, Error> {
    let (w, h) = size;
    if !Connect4::fits(w, h) || w > 9 {
        return Err(Error::input(format!(
            "a {w}x{h} board does not fit: width 1 to 9 (columns are single digits) and width * (height + 1) <= 64"
        )));
    }
    if size == Connect4::STANDARD {
        let game = Connect4::with_shape(Standard {});
        work.run(match book {
            Some(b) => game.with_book(b)?,
            None => game,
        })
    } else {
        let game = Connect4::new(w, h);
        work.run(match book {
            Some(b) => game.with_book(b)?,
            None => game,
        })
    }
}

/// The transposition table a search may take: 1 GiB, or half the memory
/// limit if that is less.
pub fn table_bytes(ctl: &Control) -> u64 {
    (1u64 << 30).min(ctl.memory_limit() / 2)
}

/// The standard board's opening book, shipped with boyi.
pub fn shipped_book() -> Arc<Book> {
    static BOOK: OnceLock<Arc<Book>> = OnceLock::new();
    BOOK.get_or_init(|| {
        Arc::new(
            Book::from_bytes(include_bytes!("../../data/connect4/7x6.book")).expect("the shipped book is well formed"),
        )
    })
    .clone()
}

/// The book for a board of `size`: one of `files` made for it, else the
/// shipped one for the standard board.
pub fn book_for(size: (u32, u32), files: &[std::path::PathBuf]) -> Result<Option<Arc<Book>>, Error> {
    for path in files {
        let book = Book::load(path)?;
        if (book.width, book.height) == size {
            return Ok(Some(Arc::new(book)));
        }
    }
    Ok((size == Connect4::STANDARD).then(shipped_book))
}

/// What an exact score says, for the side to move with `stones` on a board
/// of `cells`: the winner's stone falls when `s` stones are on the board,
/// `s` of the winner's parity, and the score is `(cells + 1 - s) / 2`; a
/// draw fills the board.
pub fn verdict(cells: u32, stones: u32, score: i32) -> Verdict {
    if score == 0 {
        return Verdict::Tie(Some(cells - stones));
    }
    let winner_parity = if score > 0 { stones % 2 } else { (stones + 1) % 2 };
    let a = cells + 1 - 2 * score.unsigned_abs();
    let s = if a % 2 == winner_parity { a } else { a - 1 };
    let remoteness = Some(s + 1 - stones);
    if score > 0 {
        Verdict::Win(remoteness)
    } else {
        Verdict::Lose(remoteness)
    }
}

/// Connect Four in the catalogue. A position is the columns played from
/// the empty board, 1-based, with the size first when it is not 7x6:
/// `4453`, `6x5:4453`.
pub struct Connect4Listing;

/// A board and the move string that led to it.
#[derive(Clone, Debug)]
pub struct Played {
    pub board: Board,
    pub moves: String,
}

static INFO: Info = Info {
    id: "connect4",
    name: "Connect Four",
    aliases: &[],
    summary: "drop stones into columns; four in a row wins (exact scores by parallel alpha-beta)",
    rules: "Drop a stone into a column; four in a row (across, up or diagonally) wins. A full board is a tie.",
    players: ["Red", "Blue"],
    values: "outcome",
    params: &[
        Param::int("width", "Columns", "7", 4, 9),
        Param::int("height", "Rows", "6", 4, 9).help("columns x (rows + 1) at most 64"),
        Param::text("moves", "Opening moves", "").help("columns already played, e.g. 4453"),
    ],
    notation: "Position: the columns played from the empty board, 1-based, the size first when not 7x6 \
               (4453, 6x5:4453). Move: a column (4).",
    end: "",
};

/// Boards with at least this many cells and no book are refused with
/// fewer than [`MIN_STONES`] stones: their analysis takes minutes (the 7x6
/// board with 4 stones took 20 s on our machine without a book).
const LARGE_BOARD: u32 = 42;
const MIN_STONES: u32 = 4;

impl Connect4Listing {
    fn split(text: &str) -> Result<((u32, u32), &str), Error> {
        let Some((size, moves)) = text.split_once(':') else {
            return Ok((Connect4::STANDARD, text.trim()));
        };
        let size = notation::size(size, "the board size", 9)?;
        Ok((size, moves.trim()))
    }

    fn open(size: (u32, u32), moves: &str, error: fn(String) -> Error) -> Result<(Connect4, Played), Error> {
        let (w, h) = size;
        if !(4..=9).contains(&w) || !(4..=9).contains(&h) || !Connect4::fits(w, h) {
            return Err(error(format!(
                "a {w}x{h} board is not offered: width and height 4 to 9 with width * (height + 1) <= 64"
            )));
        }
        let moves: String = moves.chars().filter(|c| !c.is_whitespace()).collect();
        let game = Connect4::new(w, h);
        let board = game.parse(&moves).map_err(|e| error(e.to_string()))?;
        Ok((game, Played { board, moves }))
    }
}

/// Every column of a position valued by the engine's search.
struct Columns<'a> {
    board: Board,
    cx: &'a Cx<'a>,
}

impl OnBoard for Columns<'_> {
    type Output = Vec<(u8, Verdict)>;

    fn run<S: Shape>(self, game: Connect4<S>) -> Result<Self::Output, Error> {
        let (cx, b) = (self.cx, &self.board);
        let key = format!("connect4:{}x{}", game.width(), game.height());
        let tt = cx.session.search_table(&key, cx.session.search_bytes(), cx.ctl)?;
        // Progress counts columns; the searches report none of their own.
        let mut search = AlphaBeta::with_table(&game, cx.ctl.without_progress(), tt);
        let mut legal = Vec::new();
        game.moves(b, &mut legal);
        legal.sort_unstable();
        cx.ctl.start("valuing moves", legal.len() as u64);
        let mut out = Vec::with_capacity(legal.len());
        for c in legal {
            let child = game.drop_in(b, c as u32);
            let value = if game.last_mover_won(&child) {
                Verdict::Win(Some(1))
            } else {
                let score = search.value_parallel(&child, None, cx.session.threads())?;
                verdict(game.cells(), child.moves, score).flip()
            };
            out.push((c, value));
            cx.ctl.advance(1);
        }
        cx.ctl.finish();
        Ok(out)
    }
}

impl Listing for Connect4Listing {
    type Game = Connect4;
    type State = Played;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Connect4, Played), Error> {
        let [width, height, moves] = &INFO.params else { unreachable!() };
        let size = (params.int(width)? as u32, params.int(height)? as u32);
        Self::open(size, params.text(moves), Error::Params)
    }

    fn parse(&self, text: &str) -> Result<(Connect4, Played), Error> {
        let (size, moves) = Self::split(text)?;
        Self::open(size, moves, Error::Position)
    }

    fn write(&self, game: &Connect4, p: &Played) -> String {
        if (game.width(), game.height()) == Connect4::STANDARD {
            p.moves.clone()
        } else {
            format!("{}x{}:{}", game.width(), game.height(), p.moves)
        }
    }

    fn params(&self, game: &Connect4, p: &Played) -> Params {
        Params::new().with("width", game.width()).with("height", game.height()).with("moves", &p.moves)
    }

    fn pos<'s>(&self, p: &'s Played) -> &'s Board {
        &p.board
    }

    fn play(&self, game: &Connect4, p: &Played, c: u8) -> Played {
        Played { board: game.drop_in(&p.board, c as u32), moves: format!("{}{}", p.moves, c + 1) }
    }

    fn to_move(&self, _: &Connect4, p: &Played) -> usize {
        (p.board.moves % 2) as usize
    }

    /// Columns left to right.
    fn moves(&self, game: &Connect4, p: &Played) -> Vec<u8> {
        let mut out = Vec::new();
        game.moves(&p.board, &mut out);
        out.sort_unstable();
        out
    }

    fn move_name(&self, _: &Connect4, _: &Played, c: u8) -> String {
        (c + 1).to_string()
    }

    fn move_label(&self, _: &Connect4, _: &Played, c: u8) -> String {
        format!("column {}", c + 1)
    }

    fn target(&self, _: &Connect4, _: &Played, c: u8) -> Option<Target> {
        Some(Target::Column(c as u32))
    }

    fn diagram(&self, game: &Connect4, p: &Played) -> Diagram {
        let (w, h) = (game.width(), game.height());
        let rows = game.rows(&p.board);
        let mut cells: Vec<Cell> = rows
            .iter()
            .flat_map(|row| {
                row.chars().map(|ch| match ch {
                    'X' => Cell::piece(0, "X"),
                    'O' => Cell::piece(1, "O"),
                    _ => Cell::default(),
                })
            })
            .collect();
        for (r, c) in game.fours(&p.board) {
            cells[(r * w + c) as usize].marks.push(Mark::Line);
        }
        if let Some(last) = p.moves.chars().last().and_then(|c| c.to_digit(10)).map(|c| c - 1) {
            if let Some(r) = (0..h).find(|&r| rows[r as usize].as_bytes()[last as usize] != b'.') {
                cells[(r * w + last) as usize].marks.push(Mark::Last);
            }
        }
        Diagram::grid(Grid { drop: true, ..Grid::new(h, w, cells) }).note(format!(
            "{}; X ({}) moves first",
            notation::count(p.board.moves as u64, "stone", "stones"),
            INFO.players[0]
        ))
    }

    fn value(&self, game: &Connect4, p: &Played, cx: &Cx) -> Result<Valued<u8>, Error> {
        let size = (game.width(), game.height());
        let book = book_for(size, cx.session.books())?;
        if book.is_none() && !game.last_mover_won(&p.board) && game.cells() >= LARGE_BOARD && p.board.moves < MIN_STONES
        {
            return Err(Error::TooBig(format!(
                "positions with fewer than {MIN_STONES} stones on a {}x{} board take minutes to solve exactly \
                 without an opening book; play a few moves first (or build one with `boyi book connect4`)",
                size.0, size.1
            )));
        }
        let mut moves = with_board(size, book, Columns { board: p.board, cx })?;
        best_first(&mut moves);
        let value = match moves.first() {
            Some(best) => best.1,
            None if game.last_mover_won(&p.board) => Verdict::Lose(Some(0)),
            None => Verdict::Tie(Some(0)),
        };
        Ok(Valued::new(value, moves, "alpha-beta (null window, shared table, opening book)"))
    }

    fn build_book(&self, params: &Params, depth: u32, out: &std::path::Path, ctl: &Control) -> Result<usize, Error> {
        let (game, _) = self.start(params)?;
        book::build_file((game.width(), game.height()), depth, out, ctl)
    }

    fn estimate_book(&self, params: &Params, depth: u32, samples: usize, ctl: &Control) -> Result<String, Error> {
        let (game, _) = self.start(params)?;
        book::estimate((game.width(), game.height()), depth, samples, ctl)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::alphabeta::AlphaBeta;
    use boyi::Control;
    use proptest::prelude::*;

    /// Plain minimax over the whole tree, from the rules and the definition
    /// of the score (memoised, so small boards are quick).
    fn brute(g: &Connect4, b: &Board, memo: &mut std::collections::HashMap<Board, i32>) -> i32 {
        if let Some(&v) = memo.get(b) {
            return v;
        }
        let mut moves = Vec::new();
        g.moves(b, &mut moves);
        let v = if moves.is_empty() {
            g.terminal(b)
        } else {
            moves.iter().map(|&c| -brute(g, &g.drop_in(b, c as u32), memo)).max().unwrap()
        };
        memo.insert(*b, v);
        v
    }

    fn random_position(g: &Connect4, picks: &[u8]) -> Board {
        let mut b = g.start();
        for &p in picks {
            let mut moves = Vec::new();
            g.moves(&b, &mut moves);
            if moves.is_empty() {
                break;
            }
            b = g.drop_in(&b, moves[p as usize % moves.len()] as u32);
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn alphabeta_equals_plain_minimax_on_small_boards(
            (w, h) in prop_oneof![Just((4u32, 4u32)), Just((5, 4))],
            picks in proptest::collection::vec(any::<u8>(), 0..12),
            threads in 1usize..3,
        ) {
            let g = Connect4::new(w, h);
            let b = random_position(&g, &picks);
            // One memo per board size for the whole run: the tree is valued once.
            thread_local!(static MEMO: std::cell::RefCell<std::collections::HashMap<(u32, u32), std::collections::HashMap<Board, i32>>> = Default::default());
            let want = MEMO.with(|m| brute(&g, &b, m.borrow_mut().entry((w, h)).or_default()));
            let mut ab = AlphaBeta::new(&g, Control::default(), 1 << 16).unwrap().with_solo_nodes(0);
            prop_assert_eq!(ab.value_parallel(&b, None, threads).unwrap(), want);
            ab.clear();
            prop_assert_eq!(ab.value_within(&b, -1, 1).unwrap(), want.signum());
        }
    }

    /// What each thread did adds up: the threads' nodes are the search's,
    /// a hit is a probe that found an entry and a cutoff a hit that settled
    /// the node, and no thread shares more positions than it searched.
    #[test]
    fn thread_stats_add_up() {
        let g = Connect4::new(5, 4);
        let mut ab = AlphaBeta::new(&g, Control::default(), 1 << 16).unwrap().with_solo_nodes(0).with_stats();
        for (threads, moves) in [(2, ""), (2, "33"), (1, "3")] {
            ab.clear();
            ab.value_parallel(&g.parse(moves).unwrap(), None, threads).unwrap();
            let stats = ab.thread_stats();
            assert_eq!(stats.len(), threads, "{moves}");
            assert_eq!(stats.iter().map(|s| s.nodes).sum::<u64>(), ab.nodes(), "{moves}");
            for s in &stats {
                assert!(s.probes >= s.hits && s.hits >= s.cutoffs && s.probes > 0, "{moves}: {s:?}");
                assert!(s.nodes >= s.probes);
            }
            if let [a, b] = &stats[..] {
                assert!(a.shared_with(b) <= a.distinct().min(b.distinct()));
                assert_eq!(a.shared_with(b), b.shared_with(a));
            }
        }
        let plain = AlphaBeta::new(&g, Control::default(), 1 << 16).unwrap();
        assert!(plain.thread_stats().is_empty(), "off unless asked for");
    }

    /// The two strategy bounds of the search (claimeven for the second
    /// player, follow-up for the first) against plain minimax on random
    /// positions: whenever one says something, it holds, and each says
    /// something often enough for this to fail if it were wrong.
    #[test]
    fn strategy_bounds_hold() {
        let mut rng = crate::generate::Rng::new(11);
        let mut said = [0u32; 2];
        for (w, h, fewest, positions) in
            [(4u32, 4u32, 0i64, 20_000), (5, 4, 0, 20_000), (6, 4, 6, 20_000), (7, 6, 28, 5_000)]
        {
            let g = Connect4::new(w, h);
            let mut memo = std::collections::HashMap::new();
            let claimeven_checks = said[0] + 150;
            for _ in 0..positions {
                let stones = rng.range(fewest, g.cells() as i64 - 2);
                let picks: Vec<u8> = (0..stones).map(|_| rng.range(0, 255) as u8).collect();
                let b = random_position(&g, &picks);
                let mut moves = Vec::new();
                g.moves(&b, &mut moves);
                if moves.is_empty() {
                    continue;
                }
                let playable = g.possible(&b);
                let second_to_move = b.moves % 2;
                let bound =
                    if second_to_move == 0 { g.claimeven_bound(&b, playable) } else { g.follow_up_bound(&b, playable) };
                // (claimeven says something far more often: a sample is enough)
                if bound == i32::MAX || second_to_move == 0 && said[0] >= claimeven_checks {
                    continue;
                }
                said[second_to_move as usize] += 1;
                let value = brute(&g, &b, &mut memo);
                assert!(value <= bound, "{w}x{h} {b:?}: value {value}, bound {bound}");
            }
        }
        assert!(said[0] >= 400 && said[1] > 100, "bounds said something {said:?} times");
    }

    /// The shortcut the search takes for the claimeven bound after each of
    /// the second player's replies gives what the bound gives on the board
    /// after the reply.
    #[test]
    fn claimeven_after_a_reply() {
        let mut rng = crate::generate::Rng::new(12);
        let mut bounded = 0;
        for (w, h) in [(4u32, 4u32), (7, 6), (6, 4)] {
            let g = Connect4::new(w, h);
            for _ in 0..5_000 {
                let stones = 2 * rng.range(0, g.cells() as i64 / 2 - 1) + 1;
                let picks: Vec<u8> = (0..stones).map(|_| rng.range(0, 255) as u8).collect();
                let b = random_position(&g, &picks);
                if b.moves.is_multiple_of(2) || g.last_mover_won(&b) {
                    continue;
                }
                let playable = g.possible(&b);
                let evens = g.even_rows & g.board & !b.mask & !playable;
                for c in 0..w {
                    if !g.can_play(&b, c) {
                        continue;
                    }
                    let child = g.drop_in(&b, c);
                    let expected = g.claimeven_bound(&child, g.possible(&child));
                    assert_eq!(g.claimeven_after(&b, playable & g.column_mask(c), evens), expected, "{b:?} then {c}");
                    bounded += (expected != i32::MAX) as u32;
                }
            }
        }
        assert!(bounded > 1000, "the bound said something {bounded} times");
    }

    #[test]
    fn four_by_four_from_the_start() {
        // 4x4 Connect Four is a draw (Tromp's table of small boards).
        let g = Connect4::new(4, 4);
        let mut ab = AlphaBeta::new(&g, Control::default(), 1 << 20).unwrap();
        assert_eq!(ab.value(&g.start()).unwrap(), 0);
    }

    #[test]
    fn move_strings() {
        let g = Connect4::new(7, 6);
        assert_eq!(g.parse("4453").unwrap().moves, 4);
        assert_eq!(g.parse("48"), Err(MoveError::BadCharacter { at: 1, found: '8' }));
        assert_eq!(g.parse("1111111"), Err(MoveError::FullColumn { at: 6, column: 1 }));
        assert_eq!(g.parse("1212121").map(|b| b.moves), Ok(7));
        assert_eq!(g.parse("12121213"), Err(MoveError::GameOver { at: 7 }));
        assert!(g.last_mover_won(&g.parse("1212121").unwrap()));
    }

    /// Connect Four with win / lose / draw values, straight from the rules.
    struct Plain(Connect4);

    impl Game for Plain {
        type Pos = Board;
        type Move = u8;
        type Value = boyi::Outcome;
        fn moves(&self, b: &Board, out: &mut Vec<u8>) {
            self.0.moves(b, out)
        }
        fn play(&self, b: &Board, c: u8) -> boyi::StepOf<Self> {
            boyi::Step { pos: self.0.drop_in(b, c as u32), reward: (), turn: boyi::Turn::Pass }
        }
        fn terminal(&self, b: &Board) -> boyi::Outcome {
            if self.0.last_mover_won(b) {
                boyi::Outcome::Lose(0)
            } else {
                boyi::Outcome::Draw
            }
        }
    }

    /// The listing's verdicts are plain minimax's outcomes, remoteness
    /// included (a draw that fills the board is a tie), on random positions
    /// of the 4x4 board.
    #[test]
    fn verdicts_are_the_remoteness_of_plain_minimax() {
        use crate::listing::{Entry, Session};
        let plain = Plain(Connect4::new(4, 4));
        let mut brute = boyi::solve::negamax::Negamax::new(&plain, Control::default());
        let (ctl, session) = (Control::default(), Session::new(1 << 20, 1 << 20));
        let cx = Cx::new(&ctl, &session);
        let mut rng = crate::generate::Rng::new(3);
        for _ in 0..60 {
            let mut moves = String::new();
            for _ in 0..rng.range(0, 10) {
                let b = plain.0.parse(&moves).unwrap();
                let mut legal = Vec::new();
                plain.0.moves(&b, &mut legal);
                if legal.is_empty() {
                    break;
                }
                moves.push(char::from(b'1' + legal[rng.range(0, legal.len() as i64 - 1) as usize]));
            }
            let pos = Connect4Listing.open(&format!("4x4:{moves}")).unwrap();
            let analysis = pos.analyze(&cx).unwrap();
            let b = plain.0.parse(&moves).unwrap();
            for m in &analysis.moves {
                let child = plain.0.drop_in(&b, m.info.name.parse::<u32>().unwrap() - 1);
                let want = match brute.value(&child).unwrap().flip() {
                    boyi::Outcome::Draw => Verdict::Tie(Some(16 - b.moves)),
                    o => Verdict::from(o),
                };
                assert_eq!(m.value, want, "{moves} {}", m.info.name);
            }
        }
        let start = Connect4Listing.open("").unwrap();
        assert_eq!(start.play("4").unwrap().text(), "4");
        assert!(matches!(start.play("8"), Err(Error::Move(_))));
        assert!(matches!(Connect4Listing.open("3x3:1"), Err(Error::Position(_))));
        assert_eq!(Connect4Listing.open("6x5:44").unwrap().play("1").unwrap().text(), "6x5:441");
    }

    /// The shipped book against published values: the first player wins
    /// the empty board with her last stone (score 1), and the columns left
    /// to right score -2, -1, 0, 1, 0, -1, -2 (Tromp; Pons' solver).
    #[test]
    fn the_shipped_book_knows_the_opening() {
        let book = shipped_book();
        let g = Connect4::with_shape(Standard {});
        assert_eq!((book.width, book.height), Connect4::STANDARD);
        assert!(book.depth >= 4, "depth {}", book.depth);
        assert_eq!(book.get(g.key(&g.start())), Some(1));
        let scores: Vec<i32> = (0..7).map(|c| -book.get(g.key(&g.drop_in(&g.start(), c))).unwrap()).collect();
        assert_eq!(scores, [-2, -1, 0, 1, 0, -1, -2]);
    }

    #[test]
    fn mirror_keys_agree() {
        let g = Connect4::new(7, 6);
        let a = g.parse("1123").unwrap();
        let b = g.parse("7765").unwrap();
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key(&a), g.key(&g.parse("1124").unwrap()));
    }
}
