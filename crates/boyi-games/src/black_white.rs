//! Black and white (SDOI 2011 "黑白棋", BZOJ 2281): on a row of `n` cells sit
//! `k` pieces alternating white, black, white, … from the left. White (the
//! first player) moves white pieces right, black moves black pieces left; a
//! turn moves 1 to `d` of one's own pieces, each by any positive distance,
//! never onto or over another piece. Whoever cannot move loses.
//!
//! [`BlackWhite`] is the game as stated. The theory: pair each white piece with
//! the black one to its right; a move shrinks the gaps of 1 to `d` pairs, by
//! either player, so the game is Moore's Nim_d on the gaps, lost for the
//! mover exactly when every bit is set in a multiple of `d + 1` gaps.
//! [`count_first_wins`] counts the winning layouts with that criterion and a
//! DP over the bits of the gaps; the tests solve every board of up to 10
//! cells with negamax and compare.

use boyi::solve::negamax::Negamax;
use boyi::{Game, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Colour, Diagram, Grid};
use crate::error::Error;
use crate::listing::{valued_by, Cx, Info, Listing, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

pub const MODULUS: u64 = 1_000_000_007;

/// The game on a board of at most 128 cells.
#[derive(Clone, Debug)]
pub struct BlackWhite {
    n: u32,
    d: u32,
}

/// Occupied cells (bit `c` for cell `c`, 0-based) and whether white moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub cells: u128,
    pub white: bool,
}

impl Row {
    /// The occupied cells, left to right.
    pub fn places(&self) -> Vec<u32> {
        (0..128).filter(|c| self.cells >> c & 1 == 1).collect()
    }

    /// Gaps inside each (white, black) pair, left to right.
    pub fn gaps(&self) -> Vec<u32> {
        self.places().chunks(2).map(|p| p.get(1).map_or(0, |b| b - p[0] - 1)).collect()
    }
}

impl BlackWhite {
    pub const MAX_N: u32 = 128;

    pub fn new(n: u32, d: u32) -> Self {
        assert!(n <= Self::MAX_N);
        BlackWhite { n, d }
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    pub fn d(&self) -> u32 {
        self.d
    }

    /// Whether one move of the side to move leads from `from` to `to`: 1 to
    /// `d` of its pieces each move toward its partner, none onto or past it.
    pub fn leads_to(&self, from: &Row, to: &Row) -> bool {
        let (a, b) = (from.places(), to.places());
        if a.len() != b.len() || to.white == from.white {
            return false;
        }
        let mut moved = 0;
        for (i, (&x, &y)) in a.iter().zip(&b).enumerate() {
            let mine = (i % 2 == 0) == from.white;
            let ok = match (mine, from.white) {
                _ if x == y => true,
                (true, true) => y > x && y < a[i + 1],
                (true, false) => y < x && y > a[i - 1],
                (false, _) => false,
            };
            if !ok {
                return false;
            }
            moved += usize::from(x != y);
        }
        (1..=self.d as usize).contains(&moved)
    }
}

impl Game for BlackWhite {
    type Pos = Row;
    /// A move is named by the cells it leaves occupied.
    type Move = u128;
    type Value = Outcome;

    fn moves(&self, pos: &Row, out: &mut Vec<u128>) {
        let cells = pos.places();
        // the mover's pieces: whites at even places, blacks at odd places
        let mine: Vec<usize> = (0..cells.len()).filter(|&i| (i % 2 == 0) == pos.white).collect();
        // room[i]: how far piece mine[i] can go (to its pair partner)
        let room: Vec<u32> = mine
            .iter()
            .map(|&i| if pos.white { cells[i + 1] - cells[i] - 1 } else { cells[i] - cells[i - 1] - 1 })
            .collect();
        struct Walk<'a> {
            d: u32,
            mine: &'a [usize],
            room: &'a [u32],
            white: bool,
        }
        // piece by piece: leave it, or move it by 1..=room while under d moved
        fn go(w: &Walk, i: usize, moved: u32, cur: &mut [u32], out: &mut Vec<u128>) {
            if i == w.mine.len() {
                if moved > 0 {
                    out.push(cur.iter().fold(0u128, |m, &c| m | 1 << c));
                }
                return;
            }
            go(w, i + 1, moved, cur, out);
            if moved < w.d {
                let at = cur[w.mine[i]];
                for step in 1..=w.room[i] {
                    cur[w.mine[i]] = if w.white { at + step } else { at - step };
                    go(w, i + 1, moved + 1, cur, out);
                }
                cur[w.mine[i]] = at;
            }
        }
        let walk = Walk { d: self.d, mine: &mine, room: &room, white: pos.white };
        go(&walk, 0, 0, &mut cells.clone(), out);
    }

    fn play(&self, pos: &Row, to: u128) -> StepOf<Self> {
        Step { pos: Row { cells: to, white: !pos.white }, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Row) -> Outcome {
        Outcome::Lose(0)
    }
}

/// Black and white in the catalogue. A position is the board length, `d`,
/// the occupied cells (1-based, white first, alternating) and who moves:
/// `10:2:1,4,6,10:w` (who moves may be left out: white). Boards of at most
/// 16 cells are solved by negamax, which counts moves; larger ones get
/// Moore's criterion, their moves too many to list.
pub struct BlackWhiteListing;

static INFO: Info = Info {
    id: "black-white",
    name: "Black and white",
    aliases: &[],
    summary: "move 1 to d of your pieces toward their partners; Moore's Nim_d on the gaps",
    rules: "Pieces alternate white, black, white, ... from the left. White moves white pieces right, black \
            moves black pieces left: a turn moves 1 to d of one's own pieces, each any distance, never onto or \
            over another piece. Who cannot move loses.",
    players: ["White", "Black"],
    values: "outcome",
    params: &[
        Param::int("n", "Cells", "10", 2, 128),
        Param::int("k", "Pieces", "4", 2, 64).help("an even number"),
        Param::int("d", "Pieces a move", "2", 1, 64),
        Param::text("cells", "Occupied cells", "").help("k cells, 1 to n; empty for a random layout"),
        Param::int("seed", "Random seed", "0", 0, u32::MAX as i64).help("0 for a new layout each time"),
    ],
    notation: "Position: n:d:occupied cells:w or b (10:2:1,4,6,10:w). Move: the occupied cells it leaves \
               (3,4,6,10).",
    end: "",
};

/// Boards up to this length are solved move by move.
const SOLVED_CELLS: u32 = 16;

impl BlackWhiteListing {
    fn row(n: u32, cells: &[u32], white: bool, error: fn(String) -> Error) -> Result<Row, Error> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != cells.len() || cells.len() % 2 == 1 || cells.is_empty() {
            return Err(error(format!("an even number of distinct cells from 1 to {n}, not {}", join(cells, ","))));
        }
        Ok(Row { cells: sorted.iter().fold(0u128, |m, &c| m | 1 << (c - 1)), white })
    }
}

impl Listing for BlackWhiteListing {
    type Game = BlackWhite;
    type State = Row;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(BlackWhite, Row), Error> {
        let [n, k, d, cells, seed] = &INFO.params else { unreachable!() };
        let (n, k, d) = (params.int(n)? as u32, params.int(k)? as u32, params.int(d)? as u32);
        if k % 2 == 1 || k > n || d > k {
            return Err(Error::params(format!("k = {k} must be even, at most n = {n}, and d = {d} at most k")));
        }
        let text = params.text(cells);
        let cells: Vec<u32> = if text.is_empty() {
            let mut all: Vec<u32> = (1..=n).collect();
            notation::rng(params.int(seed)? as u64).shuffle(&mut all);
            all.truncate(k as usize);
            all
        } else {
            notation::list(text, "a cell", 1, n).map_err(|e| Error::params(e.to_string()))?
        };
        if cells.len() != k as usize {
            return Err(Error::params(format!("{} cells given for k = {k} pieces", cells.len())));
        }
        Ok((BlackWhite::new(n, d), Self::row(n, &cells, true, Error::Params)?))
    }

    fn parse(&self, text: &str) -> Result<(BlackWhite, Row), Error> {
        let p = notation::parts(text, 3, 4, "10:2:1,4,6,10:w")?;
        let n = notation::number(p[0], "the board length", 2, BlackWhite::MAX_N)?;
        let cells: Vec<u32> = notation::list(p[2], "a cell", 1, n)?;
        let d = notation::number(p[1], "d", 1, cells.len().max(1) as u32)?;
        let white = match p.get(3).copied().unwrap_or("w") {
            "w" | "W" => true,
            "b" | "B" => false,
            s => return Err(Error::position(format!("\"{s}\": who moves is w or b"))),
        };
        Ok((BlackWhite::new(n, d), Self::row(n, &cells, white, Error::Position)?))
    }

    fn write(&self, game: &BlackWhite, row: &Row) -> String {
        let side = if row.white { "w" } else { "b" };
        format!("{}:{}:{}:{side}", game.n(), game.d(), join(row.places().iter().map(|c| c + 1), ","))
    }

    fn params(&self, game: &BlackWhite, row: &Row) -> Params {
        let cells = row.places();
        Params::new()
            .with("n", game.n())
            .with("k", cells.len())
            .with("d", game.d())
            .with("cells", join(cells.iter().map(|c| c + 1), ","))
    }

    fn pos<'s>(&self, row: &'s Row) -> &'s Row {
        row
    }

    fn play(&self, game: &BlackWhite, row: &Row, to: u128) -> Row {
        game.play(row, to).pos
    }

    fn to_move(&self, _: &BlackWhite, row: &Row) -> usize {
        usize::from(!row.white)
    }

    /// Every move on a short board; a long one has too many to list.
    fn moves(&self, game: &BlackWhite, row: &Row) -> Vec<u128> {
        if game.n() > SOLVED_CELLS {
            return Vec::new();
        }
        let mut out = Vec::new();
        game.moves(row, &mut out);
        out
    }

    fn over(&self, _: &BlackWhite, row: &Row) -> bool {
        row.gaps().iter().all(|&g| g == 0)
    }

    fn parse_move(&self, game: &BlackWhite, row: &Row, text: &str) -> Option<u128> {
        let cells: Vec<u32> = notation::list(text, "a cell", 1, game.n()).ok()?;
        let to = Self::row(game.n(), &cells, !row.white, Error::Move).ok()?;
        game.leads_to(row, &to).then_some(to.cells)
    }

    fn move_name(&self, _: &BlackWhite, _: &Row, to: u128) -> String {
        join((0..128).filter(|c| to >> c & 1 == 1).map(|c| c + 1), ",")
    }

    fn diagram(&self, game: &BlackWhite, row: &Row) -> Diagram {
        let mut cells = vec![Cell::default(); game.n() as usize];
        for (i, &c) in row.places().iter().enumerate() {
            cells[c as usize] = if i % 2 == 0 { Cell::piece(0, "W") } else { Cell::piece(1, "B") };
        }
        let pieces = row.places().len();
        Diagram::grid(Grid::new(1, game.n(), cells).coloured([Colour::White, Colour::Black]))
            .note(format!("gaps inside the pairs (Nim_{} piles): {}", game.d(), join(row.gaps(), " ")))
            .note(format!(
                "white wins {} of the layouts of {pieces} pieces on {} cells (mod 10^9+7)",
                count_first_wins(game.n() as usize, pieces, game.d() as usize),
                game.n()
            ))
    }

    fn value(&self, game: &BlackWhite, row: &Row, cx: &Cx) -> Result<Valued<u128>, Error> {
        if game.n() <= SOLVED_CELLS {
            let mut search = Negamax::new(game, cx.ctl.clone());
            return valued_by(game, row, |c| search.value(c), Verdict::from, "negamax");
        }
        let gaps: Vec<u64> = row.gaps().iter().map(|&g| g as u64).collect();
        let lost = nim_d_lost(&gaps, game.d() as u64);
        let mut v = Valued::new(Verdict::bare(!lost), Vec::new(), "theory (Moore's Nim_d criterion on the gaps)")
            .note(format!("more than {SOLVED_CELLS} cells: the theory's verdict; moves are too many to list"));
        v.unlisted = u64::from(!self.over(game, row));
        Ok(v)
    }
}

/// Moore's criterion: the mover loses Nim_d exactly when, for every bit,
/// the number of piles with that bit set is a multiple of `d + 1`.
pub fn nim_d_lost(piles: &[u64], d: u64) -> bool {
    (0..64).all(|b| (piles.iter().filter(|&&p| p >> b & 1 == 1).count() as u64).is_multiple_of(d + 1))
}

/// Binomials mod [`MODULUS`] up to `n`.
struct Binomials {
    fact: Vec<u64>,
    inv: Vec<u64>,
}

impl Binomials {
    fn new(n: usize) -> Self {
        let mut fact = vec![1u64; n + 1];
        for i in 1..=n {
            fact[i] = fact[i - 1] * i as u64 % MODULUS;
        }
        let mut inv = vec![1u64; n + 1];
        inv[n] = pow(fact[n], MODULUS - 2);
        for i in (1..=n).rev() {
            inv[i - 1] = inv[i] * i as u64 % MODULUS;
        }
        Binomials { fact, inv }
    }

    fn c(&self, n: usize, k: usize) -> u64 {
        if k > n {
            0
        } else {
            self.fact[n] * self.inv[k] % MODULUS * self.inv[n - k] % MODULUS
        }
    }
}

fn pow(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    b %= MODULUS;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % MODULUS;
        }
        b = b * b % MODULUS;
        e >>= 1;
    }
    r
}

/// Layouts of `k` pieces on `n` cells that white (moving first) wins, mod
/// 10^9 + 7: all `C(n, k)` layouts less the lost ones. A lost layout has
/// gaps `g_1..g_h` (h = k/2) meeting Moore's criterion; `ways[s]` counts such
/// gap vectors of total `s`, built bit by bit (a multiple of `d + 1` gaps
/// get each bit), and the other `n - k - s` empty cells go into the `h + 1`
/// slots outside the pairs: `C(n - k - s + h, h)` ways.
pub fn count_first_wins(n: usize, k: usize, d: usize) -> u64 {
    assert!(k.is_multiple_of(2) && k <= n && d >= 1);
    let h = k / 2;
    let free = n - k;
    let b = Binomials::new(n + h + 1);
    let mut ways = vec![0u64; free + 1];
    ways[0] = 1;
    let mut bit = 1;
    while bit <= free {
        let mut next = vec![0u64; free + 1];
        for (s, &w) in ways.iter().enumerate().filter(|(_, &w)| w != 0) {
            let mut cnt = 0;
            while cnt <= h && s + cnt * bit <= free {
                next[s + cnt * bit] = (next[s + cnt * bit] + w * b.c(h, cnt)) % MODULUS;
                cnt += d + 1;
            }
        }
        ways = next;
        bit *= 2;
    }
    let lost = ways.iter().enumerate().fold(0, |acc, (s, &w)| (acc + w * b.c(free - s + h, h)) % MODULUS);
    (b.c(n, k) + MODULUS - lost) % MODULUS
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::Control;

    /// `leads_to` knows exactly the moves the game generates.
    #[test]
    fn leads_to_matches_the_moves() {
        let game = BlackWhite::new(8, 2);
        for cells in (0u128..1 << 8).filter(|c| c.count_ones() == 4) {
            for white in [true, false] {
                let row = Row { cells, white };
                let mut moves = Vec::new();
                game.moves(&row, &mut moves);
                for to in (0u128..1 << 8).filter(|c| c.count_ones() == 4) {
                    let next = Row { cells: to, white: !white };
                    assert_eq!(game.leads_to(&row, &next), moves.contains(&to), "{cells:b} -> {to:b}");
                }
            }
        }
    }

    /// Every board up to 10 cells, every even k and every d: the literal game
    /// solved by negamax, layout by layout, gives the DP's count; and each
    /// layout's verdict is Moore's criterion on its gaps.
    #[test]
    fn counts_match_the_literal_game() {
        for n in 2..=10u32 {
            for k in (2..=n).step_by(2) {
                for d in 1..=k {
                    let game = BlackWhite::new(n, d);
                    let mut nm = Negamax::new(&game, Control::default());
                    let mut wins = 0;
                    for cells in 0u128..1 << n {
                        if cells.count_ones() != k {
                            continue;
                        }
                        let row = Row { cells, white: true };
                        let win = nm.value(&row).unwrap().is_win();
                        let gaps: Vec<u64> = row.gaps().iter().map(|&g| g as u64).collect();
                        assert_eq!(!nim_d_lost(&gaps, d as u64), win, "n={n} k={k} d={d} cells={cells:b}");
                        wins += win as u64;
                    }
                    assert_eq!(count_first_wins(n as usize, k as usize, d as usize), wins, "n={n} k={k} d={d}");
                }
            }
        }
    }

    #[test]
    fn statement_cases() {
        for (n, k, d, want) in [
            (10, 4, 2, 182),
            (8, 4, 1, 48),
            (9, 6, 2, 63),
            (10, 6, 3, 175),
            (7, 2, 1, 15),
            (11, 4, 4, 294),
            (2, 2, 1, 0),
        ] {
            assert_eq!(count_first_wins(n, k, d), want, "{n} {k} {d}");
        }
    }
}
