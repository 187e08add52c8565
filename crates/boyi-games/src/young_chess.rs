//! Young chess (BZOJ 5248, "一双木棋"): two players fill an `rows × cols`
//! board one cell at a time, each new cell having every cell to its left and
//! above it already filled, so the filled cells always form a Young diagram.
//! Black (moving first) scores `a[cell]` for each cell it fills, white
//! `b[cell]`; each maximises its own score minus the other's.
//!
//! A position is the diagram's boundary path ([`Staircase`]), so the game
//! needs `C(rows + cols, rows)` slots; the side to move follows from the
//! number of filled cells, which is also the layer.

use boyi::index::staircase::{Corner, Staircase};
use boyi::{Game, Indexed, Layered, Step, StepOf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub path: u64,
    pub stones: u32,
}

#[derive(Clone, Debug)]
pub struct YoungChess {
    stair: Staircase,
    /// Row-major scores: black's `a`, white's `b`.
    a: Vec<i32>,
    b: Vec<i32>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table::Table};
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
            let table = Table::solve(&g, &ctl).unwrap();
            prop_assert_eq!(table.value(&g.start()), want);
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
        let table = Table::solve(&g, &Control::default()).unwrap();
        assert_eq!(table.value(&g.start()), 2);
    }
}
