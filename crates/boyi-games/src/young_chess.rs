//! Young chess (BZOJ 5248, "一双木棋"): two players fill an `rows × cols`
//! board one cell at a time, each new cell having every cell to its left and
//! above it already filled, so the filled cells always form a Young diagram.
//! Black (moving first) scores `a[cell]` for each cell it fills, white
//! `b[cell]`; each maximises its own score minus the other's.
//!
//! A position is the diagram's boundary path ([`Staircase`]), so the game
//! needs `C(rows + cols, rows)` slots; the side to move follows from the
//! number of filled cells, which is also the layer.

use std::path::Path;

use boyi::db;
use boyi::index::staircase::{Corner, Staircase};
use boyi::{Control, Game, Indexed, Layered, Step, StepOf};

use crate::diagram::{Cell, Colour, Diagram, Grid, Mark, Target};
use crate::error::Error;
use crate::listing::{describe, valued_by, Cx, Info, Listing, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub path: u64,
    pub stones: u32,
}

#[derive(Clone, Debug)]
pub struct YoungChess {
    stair: Staircase,
    /// Row-major scores: black's `a`, white's `b`.
    pub a: Vec<i32>,
    pub b: Vec<i32>,
}

impl YoungChess {
    /// `a` and `b` are row-major, `rows * cols` each.
    pub fn new(rows: u32, cols: u32, a: Vec<i32>, b: Vec<i32>) -> Self {
        assert_eq!(a.len(), (rows * cols) as usize);
        assert_eq!(b.len(), a.len());
        YoungChess { stair: Staircase::new(rows, cols), a, b }
    }

    pub fn rows(&self) -> u32 {
        self.stair.rows()
    }

    pub fn cols(&self) -> u32 {
        self.stair.cols()
    }

    pub fn start(&self) -> Board {
        Board { path: self.stair.empty(), stones: 0 }
    }

    /// Row lengths of the filled diagram, top row first.
    pub fn row_lengths(&self, board: &Board) -> Vec<u32> {
        self.stair.row_lengths(board.path)
    }

    /// Whether black (the first player) moves in `board`.
    pub fn black_to_move(board: &Board) -> bool {
        board.stones.is_multiple_of(2)
    }

    /// The corner that fills cell `(row, col)` (0-based), if it is playable.
    pub fn corner_at(&self, board: &Board, row: u32, col: u32) -> Option<Corner> {
        let mut found = None;
        self.stair.corners(board.path, |c| {
            if c.row == row && c.col == col {
                found = Some(c);
            }
        });
        found
    }
}

impl Game for YoungChess {
    type Pos = Board;
    type Move = Corner;
    type Value = i32;

    #[inline]
    fn moves(&self, board: &Board, out: &mut Vec<Corner>) {
        self.stair.corners(board.path, |c| out.push(c));
    }

    #[inline]
    fn play(&self, board: &Board, c: Corner) -> StepOf<Self> {
        let cell = (c.row * self.stair.cols() + c.col) as usize;
        let reward = if Self::black_to_move(board) { self.a[cell] } else { self.b[cell] };
        Step {
            pos: Board { path: self.stair.fill(board.path, c), stones: board.stones + 1 },
            reward,
            turn: boyi::Turn::Pass,
        }
    }

    fn terminal(&self, _: &Board) -> i32 {
        0
    }

    fn key(&self, board: &Board) -> u64 {
        board.path
    }

    fn order_moves(&self, board: &Board, moves: &mut [Corner]) {
        // Greedy first: the cell worth most to the mover.
        let own = if Self::black_to_move(board) { &self.a } else { &self.b };
        let cols = self.stair.cols();
        moves.sort_by_key(|c| std::cmp::Reverse(own[(c.row * cols + c.col) as usize]));
    }
}

impl Indexed for YoungChess {
    fn size(&self) -> u64 {
        self.stair.size()
    }

    fn rank(&self, board: &Board) -> u64 {
        self.stair.rank(board.path)
    }

    fn unrank(&self, index: u64) -> Board {
        let path = self.stair.unrank(index);
        Board { path, stones: self.stair.area(path) }
    }

    #[inline]
    fn child_rank(&self, parent: u64, _: &Board, c: Corner, _: &StepOf<Self>) -> u64 {
        parent + self.stair.fill_delta(c)
    }
}

impl Layered for YoungChess {
    fn layer_count(&self) -> usize {
        (self.rows() * self.cols()) as usize + 1
    }

    fn layer_parts(&self, _: usize) -> usize {
        self.stair.area_parts()
    }

    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, Board)>) {
        let mut paths = Vec::new();
        self.stair.paths_with_area_part(layer as u32, part, &mut paths);
        let stones = layer as u32;
        out.extend(paths.into_iter().map(|(rank, path)| (rank, Board { path, stones })));
    }
}

/// Young chess in the catalogue. A position is the size, black's numbers
/// A and white's numbers B row by row, then the cells filled so far in the
/// order played (`row-col`, 1-based): `2x3:2,7,3,9,1,2:3,7,2,2,3,1:1-1,1-2`.
/// The cells may be left out (the start). The whole board is solved once by
/// the table and kept in the session; every position of it is a lookup.
pub struct YoungChessListing;

/// A board and the cells filled, in order (who filled what, the scores so far).
#[derive(Clone, Debug)]
pub struct Filled {
    pub board: Board,
    pub cells: Vec<Corner>,
}

static INFO: Info = Info {
    id: "young-chess",
    name: "Young chess (一双木棋)",
    aliases: &[],
    summary: "fill a Young diagram cell by cell; black scores A, white B",
    rules: "Fill cells in turn; a cell may be filled once every cell above it and to its left is. \
            Black scores the cell's A number, White its B number; each plays for the larger total.",
    players: ["Black", "White"],
    values: "score",
    params: &[
        Param::int("rows", "Rows", "3", 1, 16),
        Param::int("cols", "Columns", "4", 1, 16),
        Param::text("a", "Black's numbers (A)", "").help("row by row; empty for random numbers 0 to 9"),
        Param::text("b", "White's numbers (B)", "").help("row by row; empty for random numbers 0 to 9"),
        Param::int("seed", "Random seed", "0", 0, u32::MAX as i64).help("0 for new numbers each time"),
    ],
    notation: "Position: RxC:A:B:cells, A and B row by row, the cells filled in order as row-col \
               (2x3:2,7,3,9,1,2:3,7,2,2,3,1:1-1,1-2). Move: the cell to fill, row,col (1,2).",
    end: "",
};

impl YoungChessListing {
    fn instance(game: &YoungChess) -> String {
        format!("{}x{}:{}:{}", game.rows(), game.cols(), join(&game.a, ","), join(&game.b, ","))
    }

    /// The first position of `game`.
    pub fn start_of(&self, game: &YoungChess) -> Filled {
        Filled { board: game.start(), cells: Vec::new() }
    }

    /// The most a number may be: every score difference fits an `i32`.
    pub fn max_number(rows: u32, cols: u32) -> i32 {
        i32::MAX / (rows * cols) as i32
    }
}

impl Listing for YoungChessListing {
    type Game = YoungChess;
    type State = Filled;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(YoungChess, Filled), Error> {
        let [rows, cols, a, b, seed] = &INFO.params else { unreachable!() };
        let (rows, cols) = (params.int(rows)? as u32, params.int(cols)? as u32);
        let mut rng = notation::rng(params.int(seed)? as u64);
        let n = (rows * cols) as usize;
        let max = Self::max_number(rows, cols);
        let mut numbers = |spec: &Param| -> Result<Vec<i32>, Error> {
            let text = params.text(spec);
            if text.is_empty() {
                return Ok((0..n).map(|_| rng.range(0, 9) as i32).collect());
            }
            let v = notation::list(text, spec.name, 0, max).map_err(|e| Error::params(e.to_string()))?;
            if v.len() != n {
                return Err(Error::params(format!(
                    "{}: a {rows}x{cols} board needs {n} numbers, not {}",
                    spec.name,
                    v.len()
                )));
            }
            Ok(v)
        };
        let (a, b) = (numbers(a)?, numbers(b)?);
        let game = YoungChess::new(rows, cols, a, b);
        let board = game.start();
        Ok((game, Filled { board, cells: Vec::new() }))
    }

    fn parse(&self, text: &str) -> Result<(YoungChess, Filled), Error> {
        let p = notation::parts(text, 3, 4, "2x3:2,7,3,9,1,2:3,7,2,2,3,1:1-1,1-2")?;
        let (rows, cols) = notation::size(p[0], "the size", Staircase::MAX_STEPS - 2)?;
        if rows + cols >= Staircase::MAX_STEPS {
            return Err(Error::position(format!("a {rows}x{cols} board is too large: rows + columns < 64")));
        }
        let n = (rows * cols) as usize;
        let max = Self::max_number(rows, cols);
        let a = notation::list(p[1], "A", 0, max)?;
        let b = notation::list(p[2], "B", 0, max)?;
        if a.len() != n || b.len() != n {
            return Err(Error::position(format!(
                "a {rows}x{cols} board needs {n} numbers for A and for B, not {} and {}",
                a.len(),
                b.len()
            )));
        }
        let game = YoungChess::new(rows, cols, a, b);
        let mut state = Filled { board: game.start(), cells: Vec::new() };
        for (i, cell) in p.get(3).copied().unwrap_or("").split(',').map(str::trim).filter(|s| !s.is_empty()).enumerate()
        {
            let corner = notation::cell(cell)
                .and_then(|(r, c)| game.corner_at(&state.board, r, c))
                .ok_or_else(|| Error::position(format!("cell {} \"{cell}\" cannot be filled there", i + 1)))?;
            state = self.play(&game, &state, corner);
        }
        Ok((game, state))
    }

    fn write(&self, game: &YoungChess, state: &Filled) -> String {
        let cells = join(state.cells.iter().map(|c| format!("{}-{}", c.row + 1, c.col + 1)), ",");
        format!("{}:{cells}", Self::instance(game))
    }

    fn params(&self, game: &YoungChess, _: &Filled) -> Params {
        Params::new()
            .with("rows", game.rows())
            .with("cols", game.cols())
            .with("a", join(&game.a, ","))
            .with("b", join(&game.b, ","))
    }

    fn pos<'s>(&self, state: &'s Filled) -> &'s Board {
        &state.board
    }

    fn play(&self, game: &YoungChess, state: &Filled, c: Corner) -> Filled {
        let mut cells = state.cells.clone();
        cells.push(c);
        Filled { board: game.play(&state.board, c).pos, cells }
    }

    fn to_move(&self, _: &YoungChess, state: &Filled) -> usize {
        (state.board.stones % 2) as usize
    }

    fn move_name(&self, _: &YoungChess, _: &Filled, c: Corner) -> String {
        format!("{},{}", c.row + 1, c.col + 1)
    }

    fn move_label(&self, _: &YoungChess, _: &Filled, c: Corner) -> String {
        format!("row {}, column {}", c.row + 1, c.col + 1)
    }

    fn parse_move(&self, game: &YoungChess, state: &Filled, text: &str) -> Option<Corner> {
        notation::cell(text).and_then(|(r, c)| game.corner_at(&state.board, r, c))
    }

    fn target(&self, _: &YoungChess, _: &Filled, c: Corner) -> Option<Target> {
        Some(Target::Cell([c.row, c.col]))
    }

    fn diagram(&self, game: &YoungChess, state: &Filled) -> Diagram {
        let cols = game.cols();
        let mut cells: Vec<Cell> = (0..game.rows() * cols)
            .map(|i| Cell { worth: Some([game.a[i as usize] as i64, game.b[i as usize] as i64]), ..Cell::default() })
            .collect();
        for (i, c) in state.cells.iter().enumerate() {
            let cell = &mut cells[(c.row * cols + c.col) as usize];
            cell.owner = Some((i % 2) as u8);
            cell.label = ["B", "W"][i % 2].to_string();
        }
        let scores = self.points(game, state).unwrap_or_default();
        if let Some(last) = state.cells.last() {
            cells[(last.row * cols + last.col) as usize].marks.push(Mark::Last);
        }
        Diagram::grid(Grid::new(game.rows(), cols, cells).coloured([Colour::Black, Colour::White]))
            .note(format!("{} of {} cells filled (B black, W white)", state.board.stones, game.rows() * cols))
            .note(format!("scores so far: Black {}, White {}", scores[0], scores[1]))
    }

    fn points(&self, game: &YoungChess, state: &Filled) -> Option<[i64; 2]> {
        let mut points = [0i64; 2];
        for (i, c) in state.cells.iter().enumerate() {
            let cell = (c.row * game.cols() + c.col) as usize;
            points[i % 2] += if i % 2 == 0 { game.a[cell] } else { game.b[cell] } as i64;
        }
        Some(points)
    }

    fn value(&self, game: &YoungChess, state: &Filled, cx: &Cx) -> Result<Valued<Corner>, Error> {
        let key = self.solved_key(game).expect("young chess is solved whole");
        let table = cx.table(&key, game)?;
        let left = Some(game.rows() * game.cols() - state.board.stones);
        valued_by(
            game,
            &state.board,
            |child| Ok(table.value(game, child)),
            |v| Verdict::Margin { score: v as i64, left },
            cx.solved_by(&key, "table"),
        )
    }

    fn solved_key(&self, game: &YoungChess) -> Option<String> {
        Some(format!("young-chess:{}", Self::instance(game)))
    }

    fn save(&self, game: &YoungChess, ident: &db::Ident, path: &Path, cx: &Cx) -> Result<db::Header, Error> {
        cx.save_table(game, ident, path)
    }

    fn verify(
        &self,
        game: &YoungChess,
        file: &db::Database,
        limit: usize,
        ctl: &Control,
    ) -> Result<Vec<String>, Error> {
        Ok(db::verify(game, file, limit, ctl)?.iter().map(describe).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table};
    use boyi::Control;
    use proptest::prelude::*;

    /// Plain minimax over row lengths, written from the rules alone.
    fn brute(rows: usize, cols: usize, a: &[i32], b: &[i32], len: &mut Vec<usize>, black: bool) -> i32 {
        let mut best: Option<i32> = None;
        for i in 0..rows {
            let room = if i == 0 { cols } else { len[i - 1] };
            if len[i] < room {
                let cell = i * cols + len[i];
                len[i] += 1;
                let gain = if black { a[cell] } else { b[cell] };
                let v = gain - brute(rows, cols, a, b, len, !black);
                len[i] -= 1;
                best = Some(best.map_or(v, |x| x.max(v)));
            }
        }
        best.unwrap_or(0)
    }

    fn instance() -> impl Strategy<Value = (u32, u32, Vec<i32>, Vec<i32>)> {
        (1u32..=4, 1u32..=4).prop_flat_map(|(r, c)| {
            let n = (r * c) as usize;
            (Just(r), Just(c), proptest::collection::vec(0i32..20, n), proptest::collection::vec(0i32..20, n))
        })
    }

    proptest! {
        #[test]
        fn solvers_agree_with_brute_force((r, c, a, b) in instance()) {
            let g = YoungChess::new(r, c, a.clone(), b.clone());
            let want = brute(r as usize, c as usize, &a, &b, &mut vec![0; r as usize], true);
            let ctl = Control::default();
            let table = table::solve(&g, &ctl).unwrap();
            prop_assert_eq!(table.value(&g, &g.start()), want);
            prop_assert_eq!(Negamax::new(&g, ctl.clone()).value(&g.start()).unwrap(), want);
            let mut ab = AlphaBeta::new(&g, ctl, 1 << 12).unwrap();
            prop_assert_eq!(ab.value(&g.start()).unwrap(), want);
            // every position, not only the start
            for rank in 0..g.size() {
                let pos = g.unrank(rank);
                let lens: Vec<usize> = g.row_lengths(&pos).iter().map(|&x| x as usize).collect();
                let mut l = lens.clone();
                let bw = brute(r as usize, c as usize, &a, &b, &mut l, YoungChess::black_to_move(&pos));
                prop_assert_eq!(table.value_at(rank), bw);
            }
        }
    }

    #[test]
    fn sample() {
        let g = YoungChess::new(2, 3, vec![2, 7, 3, 9, 1, 2], vec![3, 7, 2, 2, 3, 1]);
        let table = table::solve(&g, &Control::default()).unwrap();
        assert_eq!(table.value(&g, &g.start()), 2);
    }
}
