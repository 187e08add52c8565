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
use boyi::{Control, Error, Game, Outcome, Step, StepOf, Turn};

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
