//! Tic-tac-toe, as a game of the catalogue: the engine's view (a position
//! and its moves), and the catalogue's (notation, picture, how it is
//! valued). A position is the cells X holds and the cells O holds, one bit
//! a cell from the top left; X moves first.

use boyi::{Game, Outcome, Step, StepOf, Turn};
use boyi_games::catalogue::{valued_by, Cx, Info, Listing, Valued};
use boyi_games::diagram::{Cell, Diagram, Grid, Target};
use boyi_games::{Error, Params, Verdict};

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// The board: (X's cells, O's cells).
pub type Board = (u16, u16);

fn has_line(cells: u16) -> bool {
    LINES.iter().any(|line| line & !cells == 0)
}

fn to_move(&(x, o): &Board) -> usize {
    usize::from(x.count_ones() > o.count_ones())
}

pub struct TicTacToe;

impl Game for TicTacToe {
    type Pos = Board;
    /// The cell, 0 to 8.
    type Move = u8;
    type Value = Outcome;

    fn moves(&self, &(x, o): &Board, out: &mut Vec<u8>) {
        if !has_line(x) && !has_line(o) {
            out.extend((0..9).filter(|&c| (x | o) >> c & 1 == 0));
        }
    }

    fn play(&self, board: &Board, cell: u8) -> StepOf<Self> {
        let (x, o) = *board;
        let pos = if to_move(board) == 0 { (x | 1 << cell, o) } else { (x, o | 1 << cell) };
        Step { pos, reward: (), turn: Turn::Pass }
    }

    /// The game is over: whoever made a line just moved, and won.
    fn terminal(&self, &(x, o): &Board) -> Outcome {
        if has_line(x) || has_line(o) {
            Outcome::Lose(0)
        } else {
            Outcome::Draw
        }
    }
}

pub struct TicTacToeListing;

static INFO: Info = Info {
    id: "tic-tac-toe",
    name: "Tic-tac-toe",
    aliases: &[],
    summary: "three in a row wins (a game added in a crate of its own)",
    rules: "X and O take turns marking an empty cell of a 3x3 grid; X moves first. Three of one's marks in a \
            row, column or diagonal win; a full board without one is a tie.",
    players: ["X", "O"],
    values: "outcome",
    params: &[],
    notation: "Position: the rows from the top, X, O or . a cell (X.O/.X./...). Move: the cell, a1 to c3 (c1 is \
               the top right).",
    end: "",
};

fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 3) as char, 3 - cell / 3)
}

impl Listing for TicTacToeListing {
    type Game = TicTacToe;
    type State = Board;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, _: &Params) -> Result<(TicTacToe, Board), Error> {
        Ok((TicTacToe, (0, 0)))
    }

    fn parse(&self, text: &str) -> Result<(TicTacToe, Board), Error> {
        let cells: String = text.chars().filter(|&c| c != '/').collect();
        if cells.chars().count() != 9 {
            return Err(Error::position(format!("\"{text}\" is not three rows of three cells (X, O or .)")));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (i, c) in cells.chars().enumerate() {
            match c {
                'X' | 'x' => x |= 1 << i,
                'O' | 'o' => o |= 1 << i,
                '.' => {}
                other => return Err(Error::position(format!("'{other}' is not a cell: X, O or ."))),
            }
        }
        if !(x.count_ones() == o.count_ones() || x.count_ones() == o.count_ones() + 1) {
            return Err(Error::position("X moves first, so X has as many marks as O or one more"));
        }
        Ok((TicTacToe, (x, o)))
    }

    fn write(&self, _: &TicTacToe, &(x, o): &Board) -> String {
        let cell = |i: u8| {
            if x >> i & 1 == 1 {
                'X'
            } else if o >> i & 1 == 1 {
                'O'
            } else {
                '.'
            }
        };
        (0..3).map(|r| (0..3).map(|c| cell(3 * r + c)).collect::<String>()).collect::<Vec<_>>().join("/")
    }

    fn pos<'s>(&self, board: &'s Board) -> &'s Board {
        board
    }

    fn play(&self, game: &TicTacToe, board: &Board, cell: u8) -> Board {
        game.play(board, cell).pos
    }

    fn to_move(&self, _: &TicTacToe, board: &Board) -> usize {
        to_move(board)
    }

    fn move_name(&self, _: &TicTacToe, _: &Board, cell: u8) -> String {
        cell_name(cell)
    }

    fn target(&self, _: &TicTacToe, _: &Board, cell: u8) -> Option<Target> {
        Some(Target::Cell([u32::from(cell / 3), u32::from(cell % 3)]))
    }

    fn diagram(&self, _: &TicTacToe, &(x, o): &Board) -> Diagram {
        let cells = (0..9)
            .map(|i| match (x >> i & 1, o >> i & 1) {
                (1, _) => Cell::piece(0, "X"),
                (_, 1) => Cell::piece(1, "O"),
                _ => Cell::default(),
            })
            .collect();
        Diagram::grid(Grid::new(3, 3, cells))
    }

    /// A board has at most 5,478 positions: memoised negamax, moves counted;
    /// a draw by the rules (a full board) is a tie.
    fn value(&self, game: &TicTacToe, board: &Board, cx: &Cx) -> Result<Valued<u8>, Error> {
        let mut search = boyi::solve::negamax::Negamax::new(game, cx.ctl.clone());
        let verdict = |o: Outcome| match o {
            Outcome::Draw => Verdict::Tie(None),
            o => Verdict::from(o),
        };
        valued_by(game, board, |child| search.value(child), verdict, "negamax")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain minimax over every line of play: 1 the mover wins, 0 a tie, -1 the mover loses.
    fn minimax(board: Board) -> i32 {
        let mut moves = Vec::new();
        TicTacToe.moves(&board, &mut moves);
        if moves.is_empty() {
            return if TicTacToe.terminal(&board) == Outcome::Draw { 0 } else { -1 };
        }
        moves.iter().map(|&c| -minimax(TicTacToe.play(&board, c).pos)).max().unwrap()
    }

    #[test]
    fn the_start_is_a_tie_and_values_match_minimax() {
        let ctl = boyi::Control::default();
        let mut search = boyi::solve::negamax::Negamax::new(&TicTacToe, ctl);
        for board in [(0, 0), (0b1, 0), (0b1, 0b10), (0b100_000_001, 0b000_010_000)] {
            let want = minimax(board);
            let got = match search.value(&board).unwrap() {
                Outcome::Win(_) => 1,
                Outcome::Draw => 0,
                Outcome::Lose(_) => -1,
            };
            assert_eq!(got, want, "{board:?}");
        }
        assert_eq!(minimax((0, 0)), 0);
    }
}
