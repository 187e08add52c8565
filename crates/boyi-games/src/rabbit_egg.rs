//! NOI 2011 "兔兔与蛋蛋游戏" (BZOJ 2437): a board with one empty cell,
//! every other cell holding a white or a black piece. Tutu moves first and
//! slides a white piece next to the empty cell into it; Dandan does the same
//! with a black piece; who cannot move loses.
//!
//! [`RabbitEgg`] is the game as stated. Its values come from geography:
//! call the empty cell's colour the opponent's (black when Tutu moves).
//! The empty cell walks to the mover's colour, then to the opponent's, and
//! so on; by parity it stands on the mover's colour exactly at odd distance
//! from where it started, and a cell it left holds a piece of the wrong
//! colour for its parity from then on, so it never comes back. The game is
//! therefore undirected vertex geography on the cells whose colour fits
//! their parity (mover's colour at odd distance, the opponent's at even),
//! adjacent ones joined: a bipartite graph, solved by matching.

use boyi::solve::matching::{Graph, Matching};
use boyi::{Control, Game, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Colour, Diagram, Grid, Target};
use crate::error::Error;
use crate::listing::{counted, Cx, Info, Listing, Valued};
use crate::notation;
use crate::params::{Param, Params};
use crate::verdict::Verdict;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    White,
    Black,
}

#[derive(Clone, Debug)]
pub struct RabbitEgg {
    rows: u32,
    cols: u32,
}

/// The white pieces (a bitset over cells `row · cols + col`), the empty
/// cell, and whether Tutu (white) moves. Every other cell holds black.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    white: Vec<u64>,
    pub empty: u32,
    pub tutu_to_move: bool,
}

impl Board {
    pub fn piece(&self, cell: u32) -> Option<Piece> {
        if cell == self.empty {
            None
        } else if self.white[cell as usize / 64] >> (cell % 64) & 1 == 1 {
            Some(Piece::White)
        } else {
            Some(Piece::Black)
        }
    }

    pub fn mover(&self) -> Piece {
        if self.tutu_to_move {
            Piece::White
        } else {
            Piece::Black
        }
    }
}

impl RabbitEgg {
    pub fn new(rows: u32, cols: u32) -> Self {
        assert!(rows >= 1 && cols >= 1);
        RabbitEgg { rows, cols }
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn cols(&self) -> u32 {
        self.cols
    }

    pub fn cells(&self) -> u32 {
        self.rows * self.cols
    }

    /// A board with Tutu to move; `pieces[cell]` is `None` for the empty cell only.
    pub fn board(&self, pieces: &[Option<Piece>]) -> Board {
        assert_eq!(pieces.len(), self.cells() as usize);
        let mut white = vec![0u64; pieces.len().div_ceil(64)];
        let mut empty = None;
        for (c, p) in pieces.iter().enumerate() {
            match p {
                Some(Piece::White) => white[c / 64] |= 1 << (c % 64),
                Some(Piece::Black) => {}
                None => {
                    assert!(empty.is_none(), "one empty cell");
                    empty = Some(c as u32);
                }
            }
        }
        Board { white, empty: empty.expect("one empty cell"), tutu_to_move: true }
    }

    /// The cells next to `cell`.
    pub fn neighbours(&self, cell: u32) -> impl Iterator<Item = u32> {
        let (r, c, rows, cols) = (cell / self.cols, cell % self.cols, self.rows, self.cols);
        [
            (r > 0).then(|| cell - cols),
            (r + 1 < rows).then(|| cell + cols),
            (c > 0).then(|| cell - 1),
            (c + 1 < cols).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Why moving the piece on `cell` into the empty cell is illegal, if it is.
    pub fn illegal(&self, board: &Board, cell: u32) -> Option<&'static str> {
        match board.piece(cell) {
            None => Some("that is the empty cell"),
            Some(_) if !self.neighbours(board.empty).any(|c| c == cell) => {
                Some("that cell is not next to the empty cell")
            }
            Some(Piece::Black) if board.tutu_to_move => {
                Some("that piece is black (X), but Tutu moves white (O) pieces")
            }
            Some(Piece::White) if !board.tutu_to_move => {
                Some("that piece is white (O), but Dandan moves black (X) pieces")
            }
            Some(_) => None,
        }
    }

    /// The cells the empty cell can ever reach from `board`, joined where
    /// adjacent; every other cell is an isolated vertex.
    pub fn geography_graph(&self, board: &Board) -> Graph {
        let (er, ec) = (board.empty / self.cols, board.empty % self.cols);
        let fits = |cell: u32| {
            let odd = (cell / self.cols + cell % self.cols + er + ec) % 2 == 1;
            match board.piece(cell) {
                None => true,
                Some(p) => (p == board.mover()) == odd,
            }
        };
        let mut edges = Vec::new();
        for cell in 0..self.cells() {
            if fits(cell) {
                // Each edge once: to the right and downwards.
                let right = (cell % self.cols + 1 < self.cols).then_some(cell + 1);
                let down = (cell + self.cols < self.cells()).then_some(cell + self.cols);
                for next in [right, down].into_iter().flatten() {
                    if fits(next) {
                        edges.push((cell, next));
                    }
                }
            }
        }
        Graph::from_edges(self.cells() as usize, &edges)
    }

    /// Whether the player to move wins, at `board` and after each move of
    /// `record` (legal moves, the cells whose pieces moved): one value more
    /// than moves. One matching, kept maximum as the empty cell walks.
    pub fn wins_along(&self, board: &Board, record: &[u32], ctl: &Control) -> Result<Vec<bool>, Error> {
        ctl.reserve("the board's graph and matching", Graph::bytes_for(self.cells() as u64, 2 * self.cells() as u64))?;
        let graph = self.geography_graph(board);
        let mut m = Matching::maximum(&graph, ctl)?;
        let mut wins = Vec::with_capacity(record.len() + 1);
        let mut empty = board.empty;
        for &cell in record {
            debug_assert!(m.is_alive(cell) && graph.neighbours(empty).contains(&cell));
            wins.push(m.delete(empty));
            empty = cell;
        }
        wins.push(m.mover_wins(empty));
        Ok(wins)
    }

    /// Every legal move at the position reached by `record` from `board`,
    /// with whether it wins for the mover.
    pub fn moves_after(&self, board: &Board, record: &[u32], ctl: &Control) -> Result<(bool, Vec<(u32, bool)>), Error> {
        ctl.reserve("the board's graph and matching", Graph::bytes_for(self.cells() as u64, 2 * self.cells() as u64))?;
        let graph = self.geography_graph(board);
        let mut m = Matching::maximum(&graph, ctl)?;
        let mut empty = board.empty;
        for &cell in record {
            m.delete(empty);
            empty = cell;
        }
        Ok((m.mover_wins(empty), m.geography_moves(empty)))
    }
}

impl Game for RabbitEgg {
    type Pos = Board;
    /// The cell whose piece moves into the empty cell.
    type Move = u32;
    type Value = Outcome;

    fn moves(&self, board: &Board, out: &mut Vec<u32>) {
        out.extend(self.neighbours(board.empty).filter(|&c| board.piece(c) == Some(board.mover())));
    }

    fn play(&self, board: &Board, cell: u32) -> StepOf<Self> {
        let mut next = board.clone();
        if board.tutu_to_move {
            next.white[board.empty as usize / 64] |= 1 << (board.empty % 64);
            next.white[cell as usize / 64] &= !(1 << (cell % 64));
        }
        next.empty = cell;
        next.tutu_to_move = !board.tutu_to_move;
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Board) -> Outcome {
        Outcome::Lose(0)
    }
}

/// Rabbit and egg in the catalogue. A position is the board row by row,
/// rows separated by `/` (`X` black, `O` white, `.` the empty cell), then
/// who moves, `t` for Tutu or `d` for Dandan: `XO.OXO:t` (left out: Tutu).
/// Small boards are valued by negamax, which counts moves; larger ones by
/// maximum matching, which says who wins but not how soon.
pub struct RabbitEggListing;

static INFO: Info = Info {
    id: "rabbit-egg",
    name: "Rabbit and egg",
    aliases: &[],
    summary: "slide your colour's piece into the one empty cell; who cannot move loses",
    rules: "Every cell but one holds a white (O) or black (X) piece. Tutu slides a white piece next to the \
            empty cell into it, Dandan a black one; Tutu moves first. Who cannot move loses.",
    players: ["Tutu", "Dandan"],
    values: "outcome",
    params: &[Param::text("board", "Board", "XOXOX/OXOXO/XO.OX/OXOXO")
        .help("rows of X (black), O (white) and one . (empty), separated by /")],
    notation: "Position: the rows separated by /, then t (Tutu moves) or d (Dandan) (XO.OXO:t). Move: the \
               cell row,col whose piece slides into the empty cell (1,2).",
    end: "",
};

/// Boards of at most this many cells are valued by counting negamax.
const COUNTED_CELLS: u32 = 30;
const NEGAMAX_BYTES: u64 = 32 << 20;
/// The judge's boards are at most 40 x 40; these go to 2000 x 2000.
pub const MAX_SIDE: u32 = 2000;

impl RabbitEggListing {
    /// The board of `rows` (`X`, `O`, `.`), Tutu to move.
    pub fn board(text: &str, error: fn(String) -> Error) -> Result<(RabbitEgg, Board), Error> {
        let rows: Vec<&str> = text.split('/').map(str::trim).collect();
        let cols = rows[0].chars().count();
        if cols == 0 || rows.len() > MAX_SIDE as usize || cols > MAX_SIDE as usize {
            return Err(error(format!("rows of 1 to {MAX_SIDE} cells, at most {MAX_SIDE} of them")));
        }
        let mut pieces = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != cols {
                return Err(error(format!("row {} has {} cells, row 1 has {cols}", r + 1, row.chars().count())));
            }
            for ch in row.chars() {
                pieces.push(match ch {
                    'X' | 'x' => Some(Piece::Black),
                    'O' | 'o' => Some(Piece::White),
                    '.' => None,
                    _ => return Err(error(format!("row {}: '{}' is not X, O or .", r + 1, ch.escape_debug()))),
                });
            }
        }
        let empties = pieces.iter().filter(|p| p.is_none()).count();
        if empties != 1 {
            return Err(error(format!("the board has {empties} empty cells (.); it must have exactly one")));
        }
        let game = RabbitEgg::new(rows.len() as u32, cols as u32);
        let board = game.board(&pieces);
        Ok((game, board))
    }

    fn rows(game: &RabbitEgg, board: &Board) -> Vec<String> {
        (0..game.rows())
            .map(|r| {
                (0..game.cols())
                    .map(|c| match board.piece(r * game.cols() + c) {
                        None => '.',
                        Some(Piece::White) => 'O',
                        Some(Piece::Black) => 'X',
                    })
                    .collect()
            })
            .collect()
    }
}

impl Listing for RabbitEggListing {
    type Game = RabbitEgg;
    type State = Board;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(RabbitEgg, Board), Error> {
        Self::board(params.text(&INFO.params[0]), Error::Params)
    }

    fn parse(&self, text: &str) -> Result<(RabbitEgg, Board), Error> {
        let p = notation::parts(text, 1, 2, "XO.OXO:t")?;
        let (game, mut board) = Self::board(p[0], Error::Position)?;
        board.tutu_to_move = match p.get(1).copied().unwrap_or("t") {
            "t" | "T" => true,
            "d" | "D" => false,
            s => return Err(Error::position(format!("\"{s}\": who moves is t (Tutu) or d (Dandan)"))),
        };
        Ok((game, board))
    }

    fn write(&self, game: &RabbitEgg, board: &Board) -> String {
        format!("{}:{}", Self::rows(game, board).join("/"), if board.tutu_to_move { "t" } else { "d" })
    }

    fn params(&self, game: &RabbitEgg, board: &Board) -> Params {
        Params::new().with("board", Self::rows(game, board).join("/"))
    }

    fn pos<'s>(&self, board: &'s Board) -> &'s Board {
        board
    }

    fn play(&self, game: &RabbitEgg, board: &Board, cell: u32) -> Board {
        game.play(board, cell).pos
    }

    fn to_move(&self, _: &RabbitEgg, board: &Board) -> usize {
        usize::from(!board.tutu_to_move)
    }

    fn move_name(&self, game: &RabbitEgg, _: &Board, cell: u32) -> String {
        format!("{},{}", cell / game.cols() + 1, cell % game.cols() + 1)
    }

    fn move_label(&self, game: &RabbitEgg, board: &Board, cell: u32) -> String {
        format!("slide the piece on {} into the empty cell", self.move_name(game, board, cell))
    }

    fn parse_move(&self, game: &RabbitEgg, board: &Board, text: &str) -> Option<u32> {
        let (r, c) = notation::cell(text).filter(|&(r, c)| r < game.rows() && c < game.cols())?;
        let cell = r * game.cols() + c;
        game.illegal(board, cell).is_none().then_some(cell)
    }

    fn target(&self, game: &RabbitEgg, _: &Board, cell: u32) -> Option<Target> {
        Some(Target::Cell([cell / game.cols(), cell % game.cols()]))
    }

    fn diagram(&self, game: &RabbitEgg, board: &Board) -> Diagram {
        let cells = (0..game.cells())
            .map(|c| match board.piece(c) {
                None => Cell::label("."),
                Some(Piece::White) => Cell::piece(0, "O"),
                Some(Piece::Black) => Cell::piece(1, "X"),
            })
            .collect();
        Diagram::grid(Grid::new(game.rows(), game.cols(), cells).coloured([Colour::White, Colour::Black]))
            .note("Tutu moves the white pieces (O), Dandan the black ones (X)")
    }

    fn value(&self, game: &RabbitEgg, board: &Board, cx: &Cx) -> Result<Valued<u32>, Error> {
        if game.cells() <= COUNTED_CELLS {
            if let Some(valued) = counted(game, board, cx, NEGAMAX_BYTES)? {
                return Ok(valued);
            }
        }
        let (wins, mut moves) = game.moves_after(board, &[], cx.ctl)?;
        moves.sort_by_key(|&(c, win)| (!win, c));
        let moves = moves.into_iter().map(|(c, win)| (c, Verdict::bare(win))).collect();
        Ok(Valued::new(Verdict::bare(wins), moves, "matching (bipartite geography)")
            .note("values say who wins, not how soon: matching does not count moves"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::negamax::Negamax;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Along a random legal game on a random board up to 4x4, the
        /// matching's verdict at every position and for every move equals
        /// the generic negamax over the literal rules.
        #[test]
        fn geography_equals_the_generic_solver(
            (rows, cols, colours, empty) in (1u32..=4, 1u32..=4).prop_flat_map(|(r, c)| {
                (Just(r), Just(c), proptest::collection::vec(any::<bool>(), (r * c) as usize), 0..r * c)
            }),
            choices in proptest::collection::vec(any::<prop::sample::Index>(), 16),
        ) {
            let game = RabbitEgg::new(rows, cols);
            let pieces: Vec<Option<Piece>> = (0..rows * cols)
                .map(|c| if c == empty { None } else if colours[c as usize] { Some(Piece::White) } else { Some(Piece::Black) })
                .collect();
            let start = game.board(&pieces);
            let ctl = Control::default();
            let mut negamax = Negamax::new(&game, ctl.clone());
            let mut record = Vec::new();
            let mut board = start.clone();
            for pick in &choices {
                let mut moves = Vec::new();
                game.moves(&board, &mut moves);
                let (wins, by_move) = game.moves_after(&start, &record, &ctl).unwrap();
                prop_assert_eq!(wins, negamax.value(&board).unwrap().is_win());
                let mut by_move = by_move;
                by_move.sort();
                let want: Vec<(u32, bool)> = moves
                    .iter()
                    .map(|&c| (c, !negamax.value(&game.play(&board, c).pos).unwrap().is_win()))
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                prop_assert_eq!(by_move, want);
                if moves.is_empty() {
                    break;
                }
                let c = moves[pick.index(moves.len())];
                prop_assert!(game.illegal(&board, c).is_none());
                record.push(c);
                board = game.play(&board, c).pos;
            }
            let along = game.wins_along(&start, &record, &ctl).unwrap();
            let mut board = start.clone();
            for (t, &w) in along.iter().enumerate() {
                prop_assert_eq!(w, negamax.value(&board).unwrap().is_win(), "position {}", t);
                if t < record.len() {
                    board = game.play(&board, record[t]).pos;
                }
            }
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        let game = RabbitEgg::new(1, 3);
        let board = game.board(&[Some(Piece::Black), None, Some(Piece::White)]);
        assert_eq!(game.illegal(&board, 1), Some("that is the empty cell"));
        assert!(game.illegal(&board, 0).unwrap().contains("black"));
        assert_eq!(game.illegal(&board, 2), None);
    }
}
