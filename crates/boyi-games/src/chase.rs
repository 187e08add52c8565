//! The pursuit of CQOI 2013 "棋盘游戏" (BZOJ 3106): on an `n × n` board,
//! player A moves the white piece one cell up, down, left or right; player
//! B moves the black piece one or two cells in a straight line. A moves
//! first, neither may pass, and moving onto the other piece wins at once.
//! Black may jump over white with a 2-cell move (only possible when white
//! is adjacent, where the 1-cell move captures anyway).
//!
//! Beyond the judge, black's reach is a parameter (2 in the judge's game)
//! and the board may be a torus, its edges wrapping around. On the judge's
//! board black always wins unless white captures at once, but on a torus
//! the pursued piece can run forever from many starts: a draw. There, moves
//! that land on the same cell (2 up = 1 down on a 3-torus) are one move.
//!
//! A position is (side to move, white's cell, black's cell), densely
//! numbered: `2·n⁴` positions, the ones with both pieces on one cell being
//! the ended games (the side to move was just captured). Pieces move back
//! and forth, so positions repeat: retrograde analysis values them.

use std::path::Path;

use boyi::db;
use boyi::game::Reversible;
use boyi::{Control, Game, Indexed, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Colour, Diagram, Grid, Mark, Target};
use crate::error::Error;
use crate::listing::survey::{self, Survey};
use crate::listing::{describe, valued_by, Cx, Info, Listing, Valued};
use crate::notation;
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Up, down, left, right as (row, column) steps.
const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

#[derive(Clone, Debug)]
pub struct Chase {
    n: u32,
    reach: u32,
    torus: bool,
    /// `n²`, and the reciprocal that divides a rank by it without a division.
    cells: u32,
    inverse: u64,
    /// Where each move goes: `steps[cell · 4·reach + move]`, `NONE` off the board.
    steps: Vec<u32>,
    /// How many moves the piece on a cell has: `counts[0]` white's (one
    /// step), `counts[1]` black's (up to its reach). Retrograde analysis
    /// counts every position's moves first; a lookup spares listing them.
    counts: [Vec<u8>; 2],
}

const NONE: u32 = u32::MAX;

/// `(white · n² + black) · 2 + side`, side 0 when white moves, cells
/// numbered `row · n + column` from 0: the position is its own rank. The
/// side to move is innermost so that a position's predecessors (the other
/// side to move, one piece a step away) are near it: in the cache, and in
/// the same slice when the ranks are cut into parts (with the side
/// outermost, every predecessor was in the other half).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Duel(u32);

/// A move: `(distance - 1) · 4 + direction`, directions as in [`DIRS`].
pub type ChaseMove = u8;

/// The pieces of a position, as `(row, column)` from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    pub white: (u32, u32),
    pub black: (u32, u32),
    pub white_to_move: bool,
}

impl Chase {
    /// Largest board whose `2·n⁴` positions have `u32` ranks.
    pub const MAX_N: u32 = 215;
    /// The judge's reach of the black piece.
    pub const CQOI_REACH: u32 = 2;

    /// `2 <= n <= MAX_N`, `1 <= reach`; a reach beyond the board changes nothing.
    pub fn new(n: u32, reach: u32) -> Self {
        Self::build(n, reach, false)
    }

    pub fn torus(n: u32, reach: u32) -> Self {
        Self::build(n, reach, true)
    }

    /// Bytes of the move table of an `n × n` board with that reach.
    pub fn bytes_for(n: u32, reach: u32) -> u64 {
        (n as u64).pow(2) * 4 * reach.min(n - 1) as u64 * 4
    }

    fn build(n: u32, reach: u32, torus: bool) -> Self {
        assert!((2..=Self::MAX_N).contains(&n) && reach >= 1);
        let reach = reach.min(n - 1);
        let cells = n * n;
        let mut steps = Vec::with_capacity((cells * 4 * reach) as usize);
        for cell in 0..cells {
            for dist in 1..=reach {
                for (dr, dc) in DIRS {
                    let (dr, dc, dist) = (dr as i64, dc as i64, dist as i64);
                    let (mut r, mut c) = ((cell / n) as i64 + dr * dist, (cell % n) as i64 + dc * dist);
                    if torus {
                        (r, c) = (r.rem_euclid(n as i64), c.rem_euclid(n as i64));
                    }
                    let on = (0..n as i64).contains(&r) && (0..n as i64).contains(&c);
                    steps.push(if on { (r * n as i64 + c) as u32 } else { NONE });
                }
            }
        }
        // Lemire's exact division of any u32 by a u32: floor(2^64 / d) + 1.
        let inverse = u64::MAX / cells as u64 + 1;
        let mut chase = Chase { n, reach, torus, cells, inverse, steps, counts: [Vec::new(), Vec::new()] };
        // from the move lists themselves, so the two cannot disagree
        let mut moves = Vec::new();
        for side in 0..2 {
            chase.counts[side] = (0..cells)
                .map(|cell| {
                    // the other piece anywhere else: it never blocks a move
                    let other = (cell + 1) % cells;
                    let (w, b) = if side == 0 { (cell, other) } else { (other, cell) };
                    moves.clear();
                    chase.moves(&chase.join(w, b, side == 0), &mut moves);
                    moves.len() as u8
                })
                .collect();
        }
        chase
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    pub fn reach(&self) -> u32 {
        self.reach
    }

    /// Positions in the index, `2·n⁴`.
    pub fn positions(n: u32) -> u64 {
        2 * (n as u64).pow(4)
    }

    fn cells(&self) -> u32 {
        self.cells
    }

    pub fn pos(&self, p: Pieces) -> Duel {
        let cell = |(r, c): (u32, u32)| r * self.n + c;
        let side = if p.white_to_move { 0 } else { 1 };
        Duel((cell(p.white) * self.cells() + cell(p.black)) << 1 | side)
    }

    pub fn pieces(&self, pos: Duel) -> Pieces {
        let (w, b, white) = self.split(pos);
        Pieces { white: (w / self.n, w % self.n), black: (b / self.n, b % self.n), white_to_move: white }
    }

    /// White's cell, black's cell, whether white moves.
    #[inline]
    fn split(&self, Duel(p): Duel) -> (u32, u32, bool) {
        let cells = (p >> 1, self.cells);
        let w = ((self.inverse as u128 * cells.0 as u128) >> 64) as u32;
        (w, cells.0 - w * cells.1, p & 1 == 0)
    }

    #[inline]
    fn join(&self, w: u32, b: u32, white_to_move: bool) -> Duel {
        let side = if white_to_move { 0 } else { 1 };
        Duel((w * self.cells() + b) << 1 | side)
    }

    /// The cell `dist` cells from `cell` in direction `dir`, if on the board.
    #[inline]
    fn shift(&self, cell: u32, dir: usize, dist: u32) -> Option<u32> {
        let to = self.steps[(cell * 4 * self.reach + (dist - 1) * 4) as usize + dir];
        (to != NONE).then_some(to)
    }

    /// Where a move takes the mover's piece, as `(row, column)` from 0.
    pub fn target(&self, pos: Duel, mv: ChaseMove) -> Option<(u32, u32)> {
        if mv as u32 / 4 >= self.reach {
            return None;
        }
        let (w, b, white) = self.split(pos);
        let cell = self.shift(if white { w } else { b }, (mv % 4) as usize, mv as u32 / 4 + 1)?;
        Some((cell / self.n, cell % self.n))
    }
}

impl Game for Chase {
    type Pos = Duel;
    type Move = ChaseMove;
    type Value = Outcome;

    #[inline]
    fn moves(&self, &pos: &Duel, out: &mut Vec<ChaseMove>) {
        let (w, b, white) = self.split(pos);
        if w == b {
            return;
        }
        let (from, reach) = if white { (w, 1) } else { (b, self.reach) };
        let first = out.len();
        for dist in 1..=reach {
            for dir in 0..4 {
                if let Some(to) = self.shift(from, dir, dist) {
                    let mv = ((dist - 1) * 4) as u8 + dir as u8;
                    if self.torus
                        && out[first..]
                            .iter()
                            .any(|&m| self.shift(from, (m % 4) as usize, m as u32 / 4 + 1) == Some(to))
                    {
                        continue;
                    }
                    out.push(mv);
                }
            }
        }
    }

    #[inline]
    fn play(&self, &pos: &Duel, mv: ChaseMove) -> StepOf<Self> {
        let (w, b, white) = self.split(pos);
        let (dir, dist) = ((mv % 4) as usize, mv as u32 / 4 + 1);
        let next = if white {
            self.join(self.shift(w, dir, dist).expect("legal move"), b, false)
        } else {
            self.join(w, self.shift(b, dir, dist).expect("legal move"), true)
        };
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    /// Both pieces on one cell: the side to move was just captured.
    fn terminal(&self, _: &Duel) -> Outcome {
        Outcome::Lose(0)
    }

    fn key(&self, pos: &Duel) -> u64 {
        pos.0 as u64
    }
}

impl Indexed for Chase {
    fn size(&self) -> u64 {
        Self::positions(self.n)
    }

    fn rank(&self, pos: &Duel) -> u64 {
        pos.0 as u64
    }

    fn unrank(&self, index: u64) -> Duel {
        Duel(index as u32)
    }
}

impl Reversible for Chase {
    /// The side that just moved stepped back along one of its moves; the
    /// position before must not have been an ended one.
    #[inline]
    fn count_moves(&self, &pos: &Duel, _: &mut Vec<ChaseMove>) -> (usize, Option<Outcome>) {
        let (w, b, white) = self.split(pos);
        if w == b {
            return (0, None);
        }
        let count = if white { self.counts[0][w as usize] } else { self.counts[1][b as usize] };
        (count as usize, None)
    }

    fn unmoves(&self, &pos: &Duel, out: &mut Vec<(Duel, Turn)>) {
        let first = out.len();
        self.each_unmove(pos, |before| {
            // On a torus several steps join the same two cells: one move.
            if self.torus && out[first..].iter().any(|&(p, _)| p == before) {
                return;
            }
            out.push((before, Turn::Pass));
        });
    }

    /// A rank is `(white's cell · cells + black's cell) · 2 + side`: a
    /// white step moves it by `2 · n · cells + 1` at most, a black one by
    /// `2 · reach · n + 1`. On the torus a step may wrap the board.
    fn predecessor_reach(&self) -> Option<u64> {
        let (n, cells) = (u64::from(self.n), u64::from(self.cells));
        (!self.torus).then(|| 2 * n * cells.max(u64::from(self.reach)) + 1)
    }

    /// Off the torus no two steps join the same cells, so the positions
    /// before are ranked as they are found, with no list (un-moves were a
    /// sixth of chase n = 64's time).
    #[inline]
    fn unmove_ranks(&self, pos: &Duel, scratch: &mut Vec<(Duel, Turn)>, mut f: impl FnMut(u64, Turn)) {
        if self.torus {
            scratch.clear();
            self.unmoves(pos, scratch);
            scratch.iter().for_each(|&(before, turn)| f(self.rank(&before), turn));
            return;
        }
        self.each_unmove(*pos, |before| f(self.rank(&before), Turn::Pass));
    }
}

impl Chase {
    /// Calls `f` with every position one move before `pos`: the side that
    /// just moved stepped back along one of its moves, not from the other
    /// piece's cell (on a torus, a position may come more than once).
    #[inline]
    fn each_unmove(&self, pos: Duel, mut f: impl FnMut(Duel)) {
        let (w, b, white) = self.split(pos);
        let (moved, still, reach) = if white { (b, w, self.reach) } else { (w, b, 1) };
        for dist in 1..=reach {
            for dir in 0..4 {
                // Stepping back is stepping the opposite way: directions pair up as 0-1, 2-3.
                if let Some(from) = self.shift(moved, dir ^ 1, dist) {
                    if from != still {
                        f(if white { self.join(w, from, false) } else { self.join(from, b, true) });
                    }
                }
            }
        }
    }
}

/// The chase in the catalogue, on a board or on a torus. A position is the
/// board size (on the torus with black's reach after a slash), white's
/// cell, black's cell (1-based) and who moves: `6:1,1:6,6:w`,
/// `5/2:1,1:1,3:b`. The size alone is the start: white in the top left
/// corner, black in the bottom right, white to move. Positions repeat, so
/// the whole board is solved once by retrograde analysis and kept.
pub struct ChaseListing {
    torus: bool,
}

impl ChaseListing {
    pub const PLAIN: ChaseListing = ChaseListing { torus: false };
    pub const TORUS: ChaseListing = ChaseListing { torus: true };

    fn instance(&self, game: &Chase) -> String {
        if self.torus {
            format!("{}/{}", game.n(), game.reach())
        } else {
            game.n().to_string()
        }
    }

    fn game(&self, n: u32, reach: u32, error: fn(String) -> Error) -> Result<Chase, Error> {
        if Chase::bytes_for(n, reach) > MAX_MOVE_TABLE {
            return Err(error(format!("an {n}x{n} torus with reach {reach} is too large to play here")));
        }
        Ok(if self.torus { Chase::torus(n, reach) } else { Chase::new(n, reach) })
    }
}

/// Positions whose move table would pass this are refused: it is built
/// as soon as a position is read.
const MAX_MOVE_TABLE: u64 = 64 << 20;

static PLAIN_INFO: Info = Info {
    id: "chase",
    name: "The chase",
    aliases: &[],
    summary: "white steps 1 cell, black 1 or 2 in a line; moving onto the other piece wins",
    rules: "White moves its piece one cell up, down, left or right; black moves its piece one or two cells \
            in a straight line. White moves first, neither may pass, and moving onto the other piece wins.",
    players: ["White", "Black"],
    values: "outcome",
    params: &[
        Param::int("n", "Board size", "6", 2, 128),
        Param::text("white", "White's cell", "1,1").help("row,column"),
        Param::text("black", "Black's cell", "").help("row,column; empty for the far corner"),
    ],
    notation: "Position: n:white's cell:black's cell:w or b, cells as row,col (6:1,1:6,6:w); n alone is the \
               start. Move: where the moved piece goes, row,col (1,2), or its direction U, D, L, R, repeated \
               for two cells (DD).",
    end: "a capture",
};

static TORUS_INFO: Info = Info {
    id: "torus-chase",
    name: "The chase on a torus",
    aliases: &[],
    summary: "the chase on an n x n torus, black reaching k cells: the pursued piece may run forever",
    rules: "The chase on a board whose edges wrap around: white steps one cell, black up to k cells in a \
            straight line; moving onto the other piece wins. Moves that land on one cell are one move. \
            Here the pursued piece can often run forever: a draw.",
    players: ["White", "Black"],
    values: "outcome",
    params: &[
        Param::int("n", "Torus size", "5", 2, 128),
        Param::int("k", "Black's reach", "2", 1, 127),
        Param::text("white", "White's cell", "1,1").help("row,column"),
        Param::text("black", "Black's cell", "").help("row,column; empty for the far corner"),
    ],
    notation: "Position: n/k:white's cell:black's cell:w or b, cells as row,col (5/2:1,1:1,3:b); n/k alone \
               is the start. Move: where the moved piece goes, row,col (1,2), or its direction U, D, L, R, \
               repeated once a cell (DD).",
    end: "a capture",
};

fn cell_of(text: &str, n: u32, what: &str, error: fn(String) -> Error) -> Result<(u32, u32), Error> {
    notation::cell(text)
        .filter(|&(r, c)| r < n && c < n)
        .ok_or_else(|| error(format!("{what}: \"{}\" is not a cell row,col from 1 to {n}", notation::shorten(text))))
}

impl Listing for ChaseListing {
    type Game = Chase;
    type State = Duel;

    fn info(&self) -> &'static Info {
        if self.torus {
            &TORUS_INFO
        } else {
            &PLAIN_INFO
        }
    }

    fn start(&self, params: &Params) -> Result<(Chase, Duel), Error> {
        let specs = self.info().params;
        let n = params.int(&specs[0])? as u32;
        let reach = if self.torus { params.int(&specs[1])? as u32 } else { Chase::CQOI_REACH };
        if self.torus && reach >= n {
            return Err(Error::params(format!("black's reach k must be below the size n = {n}")));
        }
        let (white, black) = (&specs[specs.len() - 2], &specs[specs.len() - 1]);
        let white = cell_of(params.text(white), n, "white's cell", Error::Params)?;
        let black = match params.text(black) {
            "" => (n - 1, n - 1),
            text => cell_of(text, n, "black's cell", Error::Params)?,
        };
        if white == black {
            return Err(Error::params("the pieces must start on different cells"));
        }
        let game = self.game(n, reach, Error::Params)?;
        let pos = game.pos(Pieces { white, black, white_to_move: true });
        Ok((game, pos))
    }

    fn parse(&self, text: &str) -> Result<(Chase, Duel), Error> {
        let form = if self.torus { "5/2:1,1:1,3:b" } else { "6:1,1:6,6:w" };
        let p = notation::parts(text, 1, 4, form)?;
        let (n, reach) = match (self.torus, p[0].split_once('/')) {
            (true, Some((n, k))) => {
                let n = notation::number(n, "the torus size", 2, Chase::MAX_N)?;
                (n, notation::number(k, "black's reach", 1, n - 1)?)
            }
            (false, None) => (notation::number(p[0], "the board size", 2, Chase::MAX_N)?, Chase::CQOI_REACH),
            _ => {
                return Err(Error::position(format!(
                    "\"{}\" is not a size like {}",
                    p[0],
                    &form[..form.find(':').unwrap_or(1)]
                )))
            }
        };
        let game = self.game(n, reach, Error::Position)?;
        let (white, black, white_to_move) = match p[..] {
            [_] => ((0, 0), (n - 1, n - 1), true),
            [_, w, b, side] => {
                let side = match side {
                    "w" | "W" => true,
                    "b" | "B" => false,
                    s => return Err(Error::position(format!("\"{s}\": who moves is w or b"))),
                };
                (cell_of(w, n, "white's cell", Error::Position)?, cell_of(b, n, "black's cell", Error::Position)?, side)
            }
            _ => return Err(Error::position(format!("expected a position like {form}, or the size alone"))),
        };
        let pos = game.pos(Pieces { white, black, white_to_move });
        Ok((game, pos))
    }

    fn write(&self, game: &Chase, &pos: &Duel) -> String {
        let p = game.pieces(pos);
        let cell = |(r, c): (u32, u32)| format!("{},{}", r + 1, c + 1);
        let side = if p.white_to_move { "w" } else { "b" };
        format!("{}:{}:{}:{side}", self.instance(game), cell(p.white), cell(p.black))
    }

    fn params(&self, game: &Chase, &pos: &Duel) -> Params {
        let p = game.pieces(pos);
        let cell = |(r, c): (u32, u32)| format!("{},{}", r + 1, c + 1);
        let params = Params::new().with("n", game.n()).with("white", cell(p.white)).with("black", cell(p.black));
        if self.torus {
            params.with("k", game.reach())
        } else {
            params
        }
    }

    fn pos<'s>(&self, state: &'s Duel) -> &'s Duel {
        state
    }

    fn play(&self, game: &Chase, pos: &Duel, mv: ChaseMove) -> Duel {
        game.play(pos, mv).pos
    }

    fn to_move(&self, game: &Chase, &pos: &Duel) -> usize {
        usize::from(!game.pieces(pos).white_to_move)
    }

    fn move_name(&self, game: &Chase, &pos: &Duel, mv: ChaseMove) -> String {
        game.target(pos, mv).map_or_else(|| "?".to_string(), |(r, c)| format!("{},{}", r + 1, c + 1))
    }

    fn move_label(&self, game: &Chase, &pos: &Duel, mv: ChaseMove) -> String {
        format!("to {}", self.move_name(game, &pos, mv))
    }

    /// `row,col` of the moved piece's destination, or a direction letter
    /// repeated once a cell (`U`, `DD`, ...).
    fn parse_move(&self, game: &Chase, &pos: &Duel, text: &str) -> Option<ChaseMove> {
        let target = match notation::cell(text) {
            Some(cell) => cell,
            None => {
                let upper = text.trim().to_ascii_uppercase();
                let dir = "UDLR".find(upper.chars().next()?)?;
                let reach = if game.pieces(pos).white_to_move { 1 } else { game.reach() };
                if !upper.chars().all(|ch| upper.starts_with(ch)) || upper.len() > reach as usize {
                    return None;
                }
                game.target(pos, ((upper.len() - 1) * 4 + dir).try_into().ok()?)?
            }
        };
        self.moves(game, &pos).into_iter().find(|&m| game.target(pos, m) == Some(target))
    }

    fn target(&self, game: &Chase, &pos: &Duel, mv: ChaseMove) -> Option<Target> {
        game.target(pos, mv).map(|(r, c)| Target::Cell([r, c]))
    }

    fn diagram(&self, game: &Chase, &pos: &Duel) -> Diagram {
        let n = game.n();
        let p = game.pieces(pos);
        let mut cells = vec![Cell::default(); (n * n) as usize];
        let at = |(r, c): (u32, u32)| (r * n + c) as usize;
        cells[at(p.white)] = Cell::piece(0, "W");
        cells[at(p.black)] = Cell::piece(1, "B");
        if p.white == p.black {
            // The side that just moved made the capture.
            cells[at(p.white)] = Cell::piece(u8::from(p.white_to_move), "X").mark(Mark::Line);
        }
        let cell = |(r, c): (u32, u32)| format!("{},{}", r + 1, c + 1);
        Diagram::grid(Grid { wraps: self.torus, ..Grid::new(n, n, cells).coloured([Colour::White, Colour::Black]) })
            .note(format!(
                "white (W) at {}, black (B) at {}; {} {n}x{n}, black's reach {}{}",
                cell(p.white),
                cell(p.black),
                if self.torus { "torus" } else { "board" },
                game.reach(),
                if p.white == p.black { "; captured (X)" } else { "" },
            ))
    }

    fn value(&self, game: &Chase, pos: &Duel, cx: &Cx) -> Result<Valued<ChaseMove>, Error> {
        let key = self.solved_key(game).expect("chase is solved whole");
        let table = cx.retrograde(&key, game)?;
        valued_by(game, pos, |child| Ok(table.value(game, child)), Verdict::from, cx.solved_by(&key, "retrograde"))
    }

    fn solved_key(&self, game: &Chase) -> Option<String> {
        // `@2`: the index with the side to move innermost; databases of the
        // first index (side outermost) are refused, not misread
        Some(format!("{}@2:{}", self.info().id, self.instance(game)))
    }

    /// How remoteness is spread over the whole board's solved positions.
    fn picture(&self, game: &Chase, _: &Duel, cx: &Cx) -> Result<Option<String>, Error> {
        let key = self.solved_key(game).expect("chase is solved whole");
        let table = cx.retrograde(&key, game)?;
        let mut stopped = false;
        let values = (0..table.len()).map_while(|rank| {
            stopped = rank % (1 << 20) == 0 && cx.ctl.check().is_err();
            (!stopped).then(|| table.value_at(rank))
        });
        let (won, lost, drawn) = crate::plot::remoteness_counts(values);
        if stopped {
            cx.ctl.check()?;
        }
        let title = format!("{}: the {} indexed positions by remoteness", self.instance(game), table.len());
        crate::plot::remoteness_svg(&title, &won, &lost, drawn).map(Some).map_err(Error::input)
    }

    fn save(&self, game: &Chase, ident: &db::Ident, path: &Path, cx: &Cx) -> Result<db::Header, Error> {
        cx.save_retrograde(game, ident, path)
    }

    fn verify(&self, game: &Chase, file: &db::Database, limit: usize, ctl: &Control) -> Result<Vec<String>, Error> {
        Ok(db::verify(game, file, limit, ctl)?.iter().map(describe).collect())
    }

    fn survey(&self, game: &Chase, file: &db::Database, ask: &survey::Ask, ctl: &Control) -> Result<Survey, Error> {
        survey::survey(game, file, ask, ctl, |&pos| self.write(game, &pos), None)
    }

    fn slot_position(&self, game: &Chase, _: &db::Database, slot: u64) -> Option<String> {
        (slot < game.size()).then(|| self.write(game, &game.unrank(slot)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::retrograde::{self, verify_unmoves};
    use boyi::{Control, Value};
    use std::collections::HashMap;

    type Cell = (i32, i32);

    /// A walk in stripes (no locked instructions, chase's predecessors
    /// lying at most `predecessor_reach` ranks away) gives what the walk by
    /// reverse edges gives, on one thread and on two: n = 24 is 12 stripes.
    #[test]
    fn striped_walks_agree_with_the_reverse_edges() {
        let game = Chase::new(24, 2);
        let ctl = Control::default();
        let by_edges = retrograde::solve_by_edges(&game, &ctl).unwrap();
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let striped = pool.install(|| retrograde::solve(&game, &ctl)).unwrap();
            for r in 0..game.size() {
                assert_eq!(striped.value_at(r), by_edges.value_at(r), "{threads} threads, rank {r}");
            }
        }
    }

    /// The rank space cut into parts (the distributed solver's algorithm,
    /// parts as threads) gives the one-process solve's database byte for
    /// byte, whether written whole or by each part at its place: chase,
    /// and torus chase with its draws.
    #[test]
    fn parts_write_the_same_database() {
        let ctl = Control::default();
        for game in [Chase::new(16, 2), Chase::torus(9, 2)] {
            let one = retrograde::solve(&game, &ctl).unwrap();
            let ident = boyi::db::Ident { game: "chase".into(), params: String::new(), key: "chase:parts".into() };
            let dir = std::env::temp_dir();
            let path = |tag: &str| dir.join(format!("boyi-parts-{}-{tag}.db", std::process::id()));
            boyi::db::write(&path("one"), &ident, &one, &ctl).unwrap();
            let want = std::fs::read(path("one")).unwrap();
            for parts in [2, 3, 4] {
                let (split, traffic) = boyi::solve::partitioned::solve(&game, parts, &ctl).unwrap();
                boyi::db::write(&path("split"), &ident, &split, &ctl).unwrap();
                assert!(std::fs::read(path("split")).unwrap() == want, "{parts} parts");
                assert!(traffic.busiest() > 0, "parts send each other updates");
                let _ = std::fs::remove_file(path("split"));
                let headers = boyi::peers::in_threads(parts, |peers| {
                    boyi::solve::partitioned::save_part(&game, &ident, &path("split"), peers, &ctl)
                })
                .unwrap();
                assert!(std::fs::read(path("split")).unwrap() == want, "{parts} parts, each writing its own");
                assert!(headers.windows(2).all(|h| h[0] == h[1]), "every part knows the header");
            }
            let _ = std::fs::remove_file(path("one"));
            let _ = std::fs::remove_file(path("split"));
        }
    }

    /// Every position of an `n × n` board as the statement tells it, valued
    /// by plain value iteration: horizon 0, 1, 2, ... (an unfinished game
    /// counts as a draw) until nothing changes.
    fn reference(n: i32, reach: i32, torus: bool) -> HashMap<(Cell, Cell, bool), Outcome> {
        let step = |(r, c): Cell, dr: i32, dc: i32| -> Option<Cell> {
            let (r, c) = if torus { ((r + dr).rem_euclid(n), (c + dc).rem_euclid(n)) } else { (r + dr, c + dc) };
            (r >= 0 && r < n && c >= 0 && c < n).then_some((r, c))
        };
        let cells: Vec<Cell> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        let moves = |w: Cell, b: Cell, white: bool| -> Vec<(Cell, Cell, bool)> {
            if w == b {
                return vec![];
            }
            let mut out = vec![];
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                for d in 1..=if white { 1 } else { reach.min(n - 1) } {
                    let next = if white {
                        step(w, dr, dc).map(|to| (to, b, false))
                    } else {
                        step(b, dr * d, dc * d).map(|to| (w, to, true))
                    };
                    if let Some(k) = next.filter(|k| !out.contains(k)) {
                        out.push(k);
                    }
                }
            }
            out
        };
        let mut v: HashMap<(Cell, Cell, bool), Outcome> = HashMap::new();
        for &w in &cells {
            for &b in &cells {
                for white in [true, false] {
                    v.insert((w, b, white), if w == b { Outcome::Lose(0) } else { Outcome::Draw });
                }
            }
        }
        loop {
            let next: HashMap<_, _> = v
                .keys()
                .map(|&(w, b, white)| {
                    let ms = moves(w, b, white);
                    let val = if ms.is_empty() {
                        Outcome::Lose(0)
                    } else {
                        ms.into_iter().map(|k| v[&k].flip()).max().unwrap()
                    };
                    ((w, b, white), val)
                })
                .collect();
            if next == v {
                return v;
            }
            v = next;
        }
    }

    #[test]
    fn unmoves_mirror_moves() {
        for n in 2..=5 {
            for reach in 1..=3 {
                assert_eq!(verify_unmoves(&Chase::new(n, reach)), Ok(()), "n = {n}, reach {reach}");
                assert_eq!(verify_unmoves(&Chase::torus(n, reach)), Ok(()), "torus n = {n}, reach {reach}");
            }
        }
    }

    #[test]
    fn retrograde_equals_exhaustive_reference_every_start() {
        let ctl = Control::default();
        for n in 2..=6u32 {
            for (reach, torus) in [(2, false), (1, false), (2, true), (3, true)] {
                let game = if torus { Chase::torus(n, reach) } else { Chase::new(n, reach) };
                let table = retrograde::solve(&game, &ctl).unwrap();
                let want = reference(n as i32, reach as i32, torus);
                assert_eq!(want.len() as u64, game.size());
                for ((w, b, white), v) in want {
                    let p = Pieces {
                        white: (w.0 as u32, w.1 as u32),
                        black: (b.0 as u32, b.1 as u32),
                        white_to_move: white,
                    };
                    let pos = game.pos(p);
                    assert_eq!(game.pieces(pos), p);
                    assert_eq!(table.value(&game, &pos), v, "n = {n}, reach {reach}, torus {torus}, {p:?}");
                }
            }
        }
    }

    /// The facts the problem file reports from its own exhaustive analysis:
    /// white wins (in 1) exactly when the pieces start side by side, there
    /// is never a draw, and the longest games per board size.
    #[test]
    fn published_facts_hold() {
        let ctl = Control::default();
        for (n, longest) in
            [(2, 2), (3, 8), (4, 10), (5, 12), (6, 16), (7, 20), (8, 22), (9, 24), (10, 28), (15, 44), (20, 58)]
        {
            let game = Chase::new(n, Chase::CQOI_REACH);
            let table = retrograde::solve(&game, &ctl).unwrap();
            let mut most = 0;
            for w in 0..n * n {
                for b in (0..n * n).filter(|&b| b != w) {
                    let p = Pieces { white: (w / n, w % n), black: (b / n, b % n), white_to_move: true };
                    let v = table.value(&game, &game.pos(p));
                    let adjacent = p.white.0.abs_diff(p.black.0) + p.white.1.abs_diff(p.black.1) == 1;
                    assert_eq!(v == Outcome::Win(1), adjacent, "n = {n}, {p:?}: {v:?}");
                    assert!(v.is_win() || matches!(v, Outcome::Lose(_)), "n = {n}, {p:?}: {v:?}");
                    most = most.max(v.remoteness().unwrap());
                }
            }
            assert_eq!(most, longest, "n = {n}");
        }
    }

    #[test]
    fn a_torus_allows_draws() {
        let game = Chase::torus(5, 2);
        let table = retrograde::solve(&game, &Control::default()).unwrap();
        let p = game.pos(Pieces { white: (0, 0), black: (0, 2), white_to_move: true });
        assert_eq!(table.value(&game, &p), Outcome::Draw);
        let analysis = table.analyze(&game, &p);
        assert!(analysis.iter().any(|m| m.value == Outcome::Draw));
        assert!(analysis.iter().all(|m| m.value <= Outcome::Draw));
        assert_eq!(Outcome::unpack(Outcome::Draw.pack()), Outcome::Draw);
    }
}
