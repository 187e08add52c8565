//! Connect Four: one move string a line (1-based columns, `4453`), an
//! optional expected score after it (ignored), one exact score a line out.
//! The benchmark sets of Pascal Pons' solver are in this format.

use boyi::solve::alphabeta::AlphaBeta;
use boyi::Control;

use super::{AnalyzeRequest, Problem, SolveOptions};
use crate::connect4::{Board, Connect4, Shape, Standard};
use crate::connect4_book::Book;
use crate::error::Error;
use crate::report::{Report, Show, ShownMove};

pub struct Connect4Problem;

/// Table size: 1 GiB, or half the memory limit if that is less.
pub fn table_bytes(ctl: &Control) -> u64 {
    (1u64 << 30).min(ctl.memory_limit() / 2)
}

pub fn threads(options: &SolveOptions) -> usize {
    if options.threads > 0 {
        options.threads
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// Work to do on a board whose size type is chosen by [`with_board`].
pub trait OnBoard {
    type Output;
    fn run<S: Shape>(self, game: Connect4<S>) -> Result<Self::Output, Error>;
}

/// Runs `work` on the board of `options`' size: the standard size compiled
/// for speed, any other read at run time.
pub fn with_board<W: OnBoard>(options: &SolveOptions, work: W) -> Result<W::Output, Error> {
    let (w, h) = options.size.unwrap_or(Connect4::STANDARD);
    if !Connect4::fits(w, h) || w > 9 {
        return Err(Error::input(format!(
            "a {w}x{h} board does not fit: width 1..=9 (columns are single digits) and width * (height + 1) <= 64"
        )));
    }
    let book = match &options.book {
        Some(path) => Some(std::sync::Arc::new(Book::load(path)?)),
        None => None,
    };
    let with_book = |game: Connect4<_>| match &book {
        Some(b) => game.with_book(b.clone()),
        None => Ok(game),
    };
    if (w, h) == Connect4::STANDARD {
        work.run(with_book(Connect4::with_shape(Standard {}))?)
    } else {
        work.run(match &book {
            Some(b) => Connect4::new(w, h).with_book(b.clone())?,
            None => Connect4::new(w, h),
        })
    }
}

/// Builds an opening book of every position up to `depth` stones into `out`;
/// returns how many positions it holds.
pub fn build_book(options: &SolveOptions, depth: u32, out: &std::path::Path, ctl: &Control) -> Result<usize, Error> {
    struct Build<'a> {
        depth: u32,
        out: &'a std::path::Path,
        ctl: &'a Control,
    }
    impl OnBoard for Build<'_> {
        type Output = usize;
        fn run<S: Shape>(self, game: Connect4<S>) -> Result<usize, Error> {
            let book = Book::build(&game, self.depth, table_bytes(self.ctl), self.ctl)?;
            book.save(self.out)?;
            Ok(book.len())
        }
    }
    if options.book.is_some() {
        return Err(Error::input("--book is for solving with a book, not for building one"));
    }
    with_board(options, Build { depth, out, ctl })
}

/// The positions of a judge input, each with the line it came from.
pub fn parse_lines<S: Shape>(game: &Connect4<S>, input: &str) -> Result<Vec<Board>, Error> {
    let mut out = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let mut tokens = line.split_whitespace();
        // An empty line is the empty board, as in Pons' solver.
        let moves = tokens.next().unwrap_or("");
        if let Some(score) = tokens.next() {
            if score.parse::<i32>().is_err() {
                return Err(Error::input(format!("line {}, token 2: expected a score, found \"{score}\"", i + 1)));
            }
        }
        if let Some(extra) = tokens.next() {
            return Err(Error::input(format!("line {}, token 3: unexpected extra input \"{extra}\"", i + 1)));
        }
        let board = game.parse(moves).map_err(|e| Error::input(format!("line {}: {e}", i + 1)))?;
        out.push(board);
    }
    Ok(out)
}

/// The exact score (or its sign, when `weak`) of `board`.
pub fn score<S: Shape>(
    search: &mut AlphaBeta<Connect4<S>>,
    board: &Board,
    weak: bool,
    threads: usize,
) -> Result<i32, Error> {
    let range = weak.then_some((-1, 1));
    Ok(search.value_parallel(board, range, threads)?)
}

impl Problem for Connect4Problem {
    fn id(&self) -> &'static str {
        "connect4"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["connect-four", "connect-4"]
    }

    fn summary(&self) -> &'static str {
        "Connect Four on any board up to 64 cells with sentinels: exact scores by parallel alpha-beta"
    }

    fn help(&self) -> &'static str {
        "Input: one position a line, as the 1-based columns played from the empty board (`4453`);\n\
         anything after the first token (an expected score) is ignored. An empty line is the empty board.\n\
         Output: one score a line: 0 for a draw; if the side to move wins, (W*H + 1 - s) / 2 where s is\n\
         the number of stones before its winning stone; the negative of that if it loses.\n\
         Example:\n  2252576253462244111563365343671351441 -1\n  -> -1\n\
         Options: --size WxH (default 7x6), --weak (only 1 / 0 / -1), --threads N, --book FILE (from `boyi book`).\n\
         Moves for analyze: the move string, e.g. `boyi analyze connect4 4453` (no stdin)."
    }

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        self.solve_with(input, &SolveOptions::default(), ctl)
    }

    fn solve_with(&self, input: &str, options: &SolveOptions, ctl: &Control) -> Result<String, Error> {
        struct Solve<'a> {
            input: &'a str,
            options: &'a SolveOptions,
            ctl: &'a Control,
        }
        impl OnBoard for Solve<'_> {
            type Output = String;
            fn run<S: Shape>(self, game: Connect4<S>) -> Result<String, Error> {
                let boards = parse_lines(&game, self.input)?;
                let mut search = AlphaBeta::new(&game, self.ctl.clone(), table_bytes(self.ctl))?;
                let threads = threads(self.options);
                let mut out = String::new();
                for board in &boards {
                    out.push_str(&format!("{}\n", score(&mut search, board, self.options.weak, threads)?));
                }
                Ok(out)
            }
        }
        with_board(options, Solve { input, options, ctl })
    }

    fn analyze_reads_input(&self) -> bool {
        false
    }

    fn analyze(&self, _: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        struct Analyze<'a> {
            request: &'a AnalyzeRequest,
            ctl: &'a Control,
        }
        impl OnBoard for Analyze<'_> {
            type Output = Report;
            fn run<S: Shape>(self, game: Connect4<S>) -> Result<Report, Error> {
                analyze(&game, self.request, self.ctl)
            }
        }
        with_board(&request.options, Analyze { request, ctl })
    }
}

fn analyze<S: Shape>(game: &Connect4<S>, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
    let board = game.parse(&request.moves.concat())?;
    let mut search = AlphaBeta::new(game, ctl.clone(), table_bytes(ctl))?;
    let threads = threads(&request.options);
    let weak = request.options.weak;
    let value = score(&mut search, &board, weak, threads)?;
    let mut legal = Vec::new();
    boyi::Game::moves(game, &board, &mut legal);
    let mut scored = Vec::new();
    for c in legal {
        let child = game.drop_in(&board, c as u32);
        let v = if game.last_mover_won(&child) {
            let win = (game.cells() as i32 + 1 - board.moves as i32) / 2;
            if weak {
                1
            } else {
                win
            }
        } else {
            -score(&mut search, &child, weak, threads)?
        };
        scored.push((c, v));
    }
    scored.sort_by_key(|&(c, v)| (std::cmp::Reverse(v), c));
    let mut position = game.rows(&board);
    position.push((1..=game.width()).map(|c| c.to_string()).collect());
    Ok(Report {
        game: "connect4",
        position,
        to_move: if board.moves % 2 == 0 { "first player (X)" } else { "second player (O)" }.to_string(),
        value: value.show(),
        moves: scored.into_iter().map(|(c, v)| ShownMove { mv: (c + 1).to_string(), value: v.show() }).collect(),
        solver: "alpha-beta (null window, ABDADA on all cores)",
    })
}
