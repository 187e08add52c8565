//! The array game (HAOI 2015 "数组游戏", BZOJ 4035): cells `1..=n` are white
//! or black; a move picks a white cell `x` and a `k` in `1..=n/x` and flips
//! cells `x, 2x, …, kx`. Whoever cannot move (no white cell) loses.
//!
//! A coin-turning game: the nimber of a colouring is the XOR of the nimbers
//! of its white cells alone, and a lone white cell's nimber depends only on
//! `q = n / x` (rounded down): `G(q) = mex({0} ∪ {G(q/2) ^ … ^ G(q/j) : 2 <= j <= q})`.
//! [`CellValues`] computes `G` for the O(√n) distinct quotients, walking
//! `j` in blocks of equal `q / j` (within a block the prefix XOR only
//! alternates): about n^(3/4) steps, and two arrays of √n values, so
//! n = 10^9 fits the judge's 32 MiB. [`ArrayGame`] is the game itself on
//! small boards; the tests value it whole and compare.

use boyi::solve::grundy::MexSet;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Diagram, Grid};
use crate::error::{reserve, Error};
use crate::listing::{best_first, Cx, Info, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// The game on a board small enough for a bitmask (bit `x - 1` is cell `x`, set when white).
#[derive(Clone, Debug)]
pub struct ArrayGame {
    n: u32,
}

impl ArrayGame {
    pub const MAX_N: u32 = 30;

    pub fn new(n: u32) -> Self {
        assert!(n <= Self::MAX_N);
        ArrayGame { n }
    }
}

impl Game for ArrayGame {
    type Pos = u32;
    /// `(x, k)`: flip `x, 2x, …, kx`.
    type Move = (u32, u32);
    type Value = Outcome;

    fn moves(&self, &mask: &u32, out: &mut Vec<(u32, u32)>) {
        for x in (1..=self.n).filter(|&x| mask >> (x - 1) & 1 == 1) {
            out.extend((1..=self.n / x).map(|k| (x, k)));
        }
    }

    fn play(&self, &mask: &u32, (x, k): (u32, u32)) -> StepOf<Self> {
        let flips = (1..=k).fold(0u32, |f, j| f | 1 << (j * x - 1));
        Step { pos: mask ^ flips, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &u32) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for ArrayGame {
    /// One component per white cell (the coin-turning theorem).
    fn split(&self, &mask: &u32, out: &mut Vec<u32>) -> bool {
        if mask.count_ones() < 2 {
            return false;
        }
        let mut m = mask;
        while m != 0 {
            out.push(m & m.wrapping_neg());
            m &= m - 1;
        }
        true
    }
}

/// `G(n / x)` for every `x`, stored by quotient: `G(q)` depends only on
/// the quotient `q = n / x` (the cells `x` flips with are `jx`, and
/// `n / (jx) = q / j`), and there are only about `2·sqrt(n)` quotients.
#[derive(Clone, Debug)]
pub struct CellValues {
    n: u64,
    root: u64,
    /// `small[q] = G(q)` for `q <= root` (every such `q` is a quotient).
    small: Vec<u32>,
    /// `by_divisor[m] = G(n / m)` for every `m <= root`, so that a quotient
    /// above the root reached as `n / (x·j)` is read without a division.
    by_divisor: Vec<u32>,
}

impl CellValues {
    pub const MAX_N: u64 = 1 << 40;

    /// Bytes the tables for `n` take.
    pub fn bytes_for(n: u64) -> u64 {
        2 * (n.isqrt() + 2) * 4
    }

    /// The table, or None when `check` says to stop (it is asked every
    /// 1024 quotients).
    pub fn new(n: u64, mut check: impl FnMut() -> bool) -> Option<Self> {
        assert!((1..=Self::MAX_N).contains(&n));
        let root = n.isqrt();
        let mut t = CellValues { n, root, small: vec![0; root as usize + 1], by_divisor: vec![0; root as usize + 1] };
        let mut set = MexSet::new();
        // Quotients in ascending order: 1..=root, then n / m for m from root
        // down (those above root; equal ones share a value).
        for q in 1..=root {
            if q % 1024 == 0 && !check() {
                return None;
            }
            t.small[q as usize] = t.mex_of(q, None, &mut set);
        }
        let mut last = (0, 0);
        for m in (1..=root).rev() {
            if m % 1024 == 0 && !check() {
                return None;
            }
            let q = n / m;
            if q <= root {
                t.by_divisor[m as usize] = t.small[q as usize];
                continue;
            }
            if q != last.0 {
                last = (q, t.mex_of(q, Some(m), &mut set));
            }
            t.by_divisor[m as usize] = last.1;
        }
        Some(t)
    }

    /// `G(q)`: the mex over `k` of `G(q/2) ^ ... ^ G(q/k)` (0 for `k = 1`),
    /// `q = n / x`. The terms come in increasing `j`: one at a time while
    /// `j <= sqrt(q)` (one division each), then in runs of equal `q / j`,
    /// a run for each value `v` below (one division each). `x`, known for
    /// quotients above the root, reads `G(q / j)` as `by_divisor[x·j]`.
    fn mex_of(&self, q: u64, x: Option<u64>, set: &mut MexSet) -> u32 {
        set.clear();
        set.insert(0); // k = 1 flips x alone
        let mut prefix = 0u32;
        let s = q.isqrt();
        for j in 2..=s {
            let g = match x {
                Some(x) if x * j <= self.root => self.by_divisor[(x * j) as usize],
                _ => self.small[(q / j) as usize],
            };
            set.insert((prefix ^ g) as usize);
            prefix ^= g;
        }
        // j in (s, q]: q / j runs down from q / (s + 1) to 1, every value
        // taken, on the run j in (q / (v + 1), q / v].
        let mut end = s.max(1);
        for v in (1..=q / (s + 1)).rev() {
            let top = q / v;
            let g = self.small[v as usize];
            set.insert((prefix ^ g) as usize);
            if (top - end) % 2 == 1 {
                prefix ^= g;
            }
            end = top;
        }
        set.mex() as u32
    }

    /// `G(q)` for a quotient `q = n / x`.
    #[inline]
    pub fn get(&self, q: u64) -> u32 {
        if q <= self.root {
            self.small[q as usize]
        } else {
            self.by_divisor[(self.n / q) as usize]
        }
    }

    /// The nimber of cell `x` white alone.
    pub fn cell(&self, x: u64) -> u32 {
        if x <= self.root {
            self.by_divisor[x as usize]
        } else {
            self.small[(self.n / x) as usize]
        }
    }

    /// The nimber of a colouring: the XOR over its white cells.
    pub fn nimber(&self, white: &[u64]) -> u32 {
        white.iter().fold(0, |acc, &x| acc ^ self.cell(x))
    }
}

/// The array game on any board, as the catalogue plays it: the white
/// cells, ascending. A move `(x, k)` flips `x, 2x, …, kx`.
#[derive(Clone, Debug)]
pub struct ArrayBoard {
    n: u64,
}

impl ArrayBoard {
    pub fn n(&self) -> u64 {
        self.n
    }
}

impl Game for ArrayBoard {
    type Pos = Vec<u64>;
    type Move = (u64, u64);
    type Value = Outcome;

    fn moves(&self, white: &Vec<u64>, out: &mut Vec<(u64, u64)>) {
        for &x in white {
            out.extend((1..=self.n / x).map(|k| (x, k)));
        }
    }

    fn play(&self, white: &Vec<u64>, (x, k): (u64, u64)) -> StepOf<Self> {
        let mut next = white.clone();
        for j in 1..=k {
            match next.binary_search(&(j * x)) {
                Ok(i) => {
                    next.remove(i);
                }
                Err(i) => next.insert(i, j * x),
            }
        }
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u64>) -> Outcome {
        Outcome::Lose(0)
    }
}

/// The array game in the catalogue. A position is the player to move, `n`
/// and the white cells: `1:3:1,2`. Valued by the coin-turning theory: the
/// XOR of the white cells' nimbers, computed for the `O(√n)` quotients and
/// kept in the session.
pub struct ArrayListing;

static INFO: Info = Info {
    id: "array-game",
    name: "The array game",
    aliases: &[],
    summary: "flip cells x, 2x, ..., kx from a white cell x; who cannot move loses",
    rules: "Cells 1 to n are white or black. A move picks a white cell x and a k from 1 to n/x, and flips \
            cells x, 2x, ..., kx. Who has no white cell to pick loses.",
    players: ["First", "Second"],
    values: "nimber",
    params: &[
        Param::int("n", "Cells", "12", 1, 1_000_000_000),
        Param::text("white", "White cells", "2,3,5").help("the white cells, 1 to n"),
    ],
    notation: "Position: the player to move, n and the white cells (1:3:1,2). Move: x,k, flipping x, 2x, \
               ..., kx (2,1).",
    end: "",
};

/// Moves listed for one white cell (beyond these, only winning ones).
const LIST_K: u64 = 60;
/// Largest `k` examined for winning moves.
const WALK_K: u64 = 100_000;
/// White cells a position may have; a move that could leave more (it flips
/// more cells than there is room for) is not played.
const MAX_WHITE: usize = 100_000;
/// Moves listed in all, so that a position of many white cells stays a
/// page's worth (the winning ones beyond these are listed by `value`).
const LIST_ALL: usize = 2_000;
/// Boards up to this many cells are drawn cell by cell.
const DRAWN: u64 = 60;

impl ArrayListing {
    fn whites(n: u64, text: &str, error: fn(String) -> Error) -> Result<Vec<u64>, Error> {
        let mut white: Vec<u64> = notation::list(text, "a white cell", 1, n).map_err(|e| error(e.to_string()))?;
        white.sort_unstable();
        if let Some(w) = white.windows(2).find(|w| w[0] == w[1]) {
            return Err(error(format!("cell {} is listed twice", w[0])));
        }
        if white.len() > MAX_WHITE {
            return Err(error(format!("at most {MAX_WHITE} white cells, not {}", white.len())));
        }
        Ok(white)
    }

    /// The nimbers of single white cells of `game`, kept in the session.
    fn values(game: &ArrayBoard, cx: &Cx) -> Result<std::sync::Arc<CellValues>, Error> {
        cx.session.cache().get_or(&format!("array-game:{}", game.n), || {
            reserve(cx.ctl, "the single-cell nimbers", CellValues::bytes_for(game.n))?;
            cx.ctl.start("single-cell nimbers", 0);
            let t = CellValues::new(game.n, || cx.ctl.check().is_ok());
            cx.ctl.finish();
            cx.ctl.check()?;
            Ok::<_, Error>((t.expect("only an interrupt stops the table"), CellValues::bytes_for(game.n)))
        })
    }

    pub fn board(n: u64) -> ArrayBoard {
        ArrayBoard { n }
    }
}

impl Listing for ArrayListing {
    type Game = ArrayBoard;
    type State = Moving<Vec<u64>>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(ArrayBoard, Moving<Vec<u64>>), Error> {
        let n = params.int(&INFO.params[0])? as u64;
        let white = Self::whites(n, params.text(&INFO.params[1]), Error::Params)?;
        Ok((ArrayBoard { n }, Moving::first(white)))
    }

    fn parse(&self, text: &str) -> Result<(ArrayBoard, Moving<Vec<u64>>), Error> {
        let p = notation::parts(text, 3, 3, "1:3:1,2")?;
        let mover = notation::number::<u8>(p[0], "the player to move", 1, 2)? - 1;
        let n = notation::number(p[1], "n", 1, 1_000_000_000)?;
        Ok((ArrayBoard { n }, Moving { pos: Self::whites(n, p[2], Error::Position)?, mover }))
    }

    fn write(&self, game: &ArrayBoard, m: &Moving<Vec<u64>>) -> String {
        format!("{}:{}:{}", m.mover + 1, game.n, join(&m.pos, ","))
    }

    fn params(&self, game: &ArrayBoard, m: &Moving<Vec<u64>>) -> Params {
        Params::new().with("n", game.n).with("white", join(&m.pos, ","))
    }

    fn pos<'s>(&self, m: &'s Moving<Vec<u64>>) -> &'s Vec<u64> {
        &m.pos
    }

    fn play(&self, game: &ArrayBoard, m: &Moving<Vec<u64>>, mv: (u64, u64)) -> Moving<Vec<u64>> {
        m.then(game.play(&m.pos, mv).pos)
    }

    fn to_move(&self, _: &ArrayBoard, m: &Moving<Vec<u64>>) -> usize {
        m.mover as usize
    }

    /// The first [`LIST_K`] moves of each white cell (a cell near 1 has n of
    /// them), [`LIST_ALL`] in all.
    fn moves(&self, game: &ArrayBoard, m: &Moving<Vec<u64>>) -> Vec<(u64, u64)> {
        m.pos.iter().flat_map(|&x| (1..=(game.n / x).min(LIST_K)).map(move |k| (x, k))).take(LIST_ALL).collect()
    }

    fn over(&self, _: &ArrayBoard, m: &Moving<Vec<u64>>) -> bool {
        m.pos.is_empty()
    }

    fn parse_move(&self, game: &ArrayBoard, m: &Moving<Vec<u64>>, text: &str) -> Option<(u64, u64)> {
        let (x, k) = text.trim().split_once(',')?;
        let (x, k) = (x.trim().parse::<u64>().ok()?, k.trim().parse::<u64>().ok()?);
        let room = (MAX_WHITE - m.pos.len()) as u64;
        (m.pos.binary_search(&x).is_ok() && (1..=game.n / x).contains(&k) && k <= room).then_some((x, k))
    }

    fn move_name(&self, _: &ArrayBoard, _: &Moving<Vec<u64>>, (x, k): (u64, u64)) -> String {
        format!("{x},{k}")
    }

    fn move_label(&self, _: &ArrayBoard, _: &Moving<Vec<u64>>, (x, k): (u64, u64)) -> String {
        if k == 1 {
            format!("flip cell {x}")
        } else {
            format!("flip cells {x}, {}, ..., {}", 2 * x, k * x)
        }
    }

    fn diagram(&self, game: &ArrayBoard, m: &Moving<Vec<u64>>) -> Diagram {
        let listed = join(m.pos.iter().take(40), " ") + if m.pos.len() > 40 { " ..." } else { "" };
        if game.n > DRAWN {
            let cells = m.pos.iter().take(DRAWN as usize).map(|x| Cell::piece(0, x.to_string())).collect::<Vec<_>>();
            let cols = cells.len() as u32;
            return Diagram::grid(Grid::new(1, cols, cells)).note(format!("n = {}; white cells: {listed}", game.n));
        }
        let cells = (1..=game.n)
            .map(|x| if m.pos.binary_search(&x).is_ok() { Cell::piece(0, "W") } else { Cell::default() })
            .collect();
        Diagram::grid(Grid::new(1, game.n as u32, cells))
            .note(format!("cells 1 to {} (W white); white cells: {listed}", game.n))
    }

    fn value(&self, game: &ArrayBoard, m: &Moving<Vec<u64>>, cx: &Cx) -> Result<Valued<(u64, u64)>, Error> {
        let t = Self::values(game, cx)?;
        let x_all = t.nimber(&m.pos) as u64;
        let mut moves = Vec::new();
        let mut unlisted = 0u64;
        for &x in &m.pos {
            let q = game.n / x;
            // the move (x, k) leaves x_all ^ g(x) ^ (g(2x) ^ … ^ g(kx))
            let top = q.min(WALK_K);
            let mut prefix = 0u64;
            for k in 1..=top {
                if k > 1 {
                    prefix ^= t.cell(k * x) as u64;
                }
                let left = x_all ^ t.cell(x) as u64 ^ prefix;
                if (k <= LIST_K && moves.len() < LIST_ALL) || (left == 0 && moves.len() < 10_000) {
                    moves.push(((x, k), Verdict::move_nimber(left)));
                } else {
                    unlisted += 1;
                }
            }
            unlisted += q - top;
        }
        best_first(&mut moves);
        let mut valued = Valued::new(
            Verdict::position_nimber(x_all),
            moves,
            "grundy (coin turning: XOR of single-cell nimbers, grouped by n/x)",
        )
        .note(format!("nimbers of the white cells alone: {}", join(m.pos.iter().take(40).map(|&x| t.cell(x)), " ")));
        if unlisted > 0 {
            valued = valued.note(format!(
                "{unlisted} moves with k > {LIST_K} are not listed (the winning ones with k <= {WALK_K} are)"
            ));
        }
        valued.unlisted = unlisted;
        Ok(valued)
    }
}

/// Single-cell nimbers straight from their definition, cell by cell from the
/// right: O(n log n), for checking [`CellValues`].
pub fn cell_values_direct(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut set = MexSet::new();
    for x in (1..=n).rev() {
        set.clear();
        set.insert(0);
        let mut prefix = 0;
        for j in 2..=n / x {
            prefix ^= g[j * x];
            set.insert(prefix as usize);
        }
        g[x] = set.mex() as u32;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move may not leave more white cells than a position can hold:
    /// every position it leads to reads back.
    #[test]
    fn moves_leave_positions_that_read_back() {
        use crate::listing::Entry;
        let pos = ArrayListing.open("1:1000000:1").unwrap();
        assert!(pos.play("1,1000000").is_err());
        let next = pos.play("1,50000").unwrap();
        assert_eq!(ArrayListing.open(&next.text()).unwrap().text(), next.text());
        // Many white cells list a page's worth of moves.
        let many: Vec<String> = (1..=1500).map(|x| x.to_string()).collect();
        let big = ArrayListing.open(&format!("1:1000000000:{}", many.join(","))).unwrap();
        assert_eq!(big.moves().len(), LIST_ALL);
    }
    use boyi::solve::grundy::Grundy;
    use boyi::Control;
    use proptest::prelude::*;

    /// Every colouring of every board up to 12 cells: the game valued whole
    /// (no splitting) has the nimber the quotient table gives.
    #[test]
    fn every_small_board() {
        for n in 1..=12u32 {
            let game = ArrayGame::new(n);
            let table = CellValues::new(n as u64, || true).unwrap();
            let mut whole = Grundy::new(&game, Control::default()).without_split();
            for mask in 0..1u32 << n {
                let white: Vec<u64> = (1..=n as u64).filter(|&x| mask >> (x - 1) & 1 == 1).collect();
                assert_eq!(whole.value(&mask).unwrap(), table.nimber(&white), "n = {n}, mask {mask:b}");
            }
        }
    }

    /// Large boards too, where most quotients lie above the root and are
    /// read by divisor (squares and their neighbours move the root's edge).
    #[test]
    fn blocks_match_the_definition_on_large_boards() {
        for n in [999_999usize, 1_000_000, 1_002_001, (1 << 20) - 1] {
            let direct = cell_values_direct(n);
            let table = CellValues::new(n as u64, || true).unwrap();
            for (x, &want) in direct.iter().enumerate().skip(1) {
                assert_eq!(table.cell(x as u64), want, "n = {n}, x = {x}");
            }
        }
    }

    proptest! {
        /// Divisor blocks agree with the cell-by-cell definition.
        #[test]
        fn blocks_match_the_definition(n in 1usize..4000) {
            let direct = cell_values_direct(n);
            let table = CellValues::new(n as u64, || true).unwrap();
            for (x, &want) in direct.iter().enumerate().skip(1) {
                prop_assert_eq!(table.cell(x as u64), want, "n = {}, x = {}", n, x);
            }
        }
    }
}
