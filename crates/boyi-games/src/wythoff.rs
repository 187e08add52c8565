//! Wythoff's game (POJ 1067, HDU 1527): two piles; a move takes any number
//! from one pile, or the same number from both; who takes the last stone
//! wins.
//!
//! Wythoff (1907): with `a <= b` and `k = b - a`, the mover loses exactly
//! when `a = ⌊kφ⌋`, φ the golden ratio. Computed exactly, without floating
//! point: `⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2` (√5·k is irrational for k > 0, so no
//! rounding can cross an integer), in 128-bit integers, so piles up to
//! 10^18 are exact; a double is already wrong at k = 102334155.
//!
//! [`Wythoff`] is the game as stated. Small positions are valued by the
//! engine's negamax, which counts moves; larger ones by the theorem, whose
//! winning moves (at most three kinds) are found directly. The tests check
//! the theorem against the generic solver on every position up to 80.

use boyi::solve::negamax::Negamax;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Diagram, Grid};
use crate::error::Error;
use crate::listing::{best_first, valued_by, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation::{self};
use crate::params::{Param, Params};
use crate::plot::{self, Tile};
use crate::verdict::Verdict;

/// A move: from the first pile, the second, or both, and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Take {
    First(u64),
    Second(u64),
    Both(u64),
}

/// The game on two piles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

impl Game for Wythoff {
    type Pos = (u64, u64);
    type Move = Take;
    type Value = Outcome;

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<Take>) {
        out.extend((1..=a).map(Take::First));
        out.extend((1..=b).map(Take::Second));
        out.extend((1..=a.min(b)).map(Take::Both));
    }

    fn play(&self, &(a, b): &(u64, u64), t: Take) -> StepOf<Self> {
        let pos = match t {
            Take::First(k) => (a - k, b),
            Take::Second(k) => (a, b - k),
            Take::Both(k) => (a - k, b - k),
        };
        Step { pos, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &(u64, u64)) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Wythoff {}

/// `⌊kφ⌋`, exactly: `(k + ⌊√(5k²)⌋) / 2`.
pub fn floor_phi(k: u64) -> u64 {
    let k = k as u128;
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

/// Whether the mover loses at `(a, b)` (a cold position).
pub fn cold(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    floor_phi(b - a) == a
}

/// The least `k` with `f(k) >= target`, for `f` increasing on `0..=most`.
fn least(target: u64, most: u64, f: impl Fn(u64) -> u64) -> u64 {
    let (mut lo, mut hi) = (0u64, most);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if f(mid) >= target {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// The larger pile of the cold pair whose smaller pile is `a`, if any.
fn cold_with_smaller(a: u64) -> Option<u64> {
    let k = least(a, a, floor_phi);
    (floor_phi(k) == a).then_some(a + k)
}

/// The smaller pile of the cold pair whose larger pile is `b`, if any.
fn cold_with_larger(b: u64) -> Option<u64> {
    let k = least(b, b, |k| floor_phi(k) + k);
    (k > 0 && floor_phi(k) + k == b).then(|| floor_phi(k))
}

/// Every winning move from `(a, b)`: to a cold position.
pub fn winning_moves(a: u64, b: u64) -> Vec<Take> {
    let mut out = Vec::new();
    let mut consider = |t: Take| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    // Leave the first pile as it is: the second must become its cold partner.
    for (keep, other, take) in [(a, b, Take::Second as fn(u64) -> Take), (b, a, Take::First as fn(u64) -> Take)] {
        let partners = [cold_with_smaller(keep), cold_with_larger(keep)];
        for p in partners.into_iter().flatten() {
            if p < other {
                consider(take(other - p));
            }
        }
    }
    // Take from both: the difference stays, the cold pair of that difference.
    let (lo, d) = (a.min(b), a.max(b) - a.min(b));
    let target = floor_phi(d);
    if target < lo {
        consider(Take::Both(lo - target));
    }
    out
}

/// Wythoff's game in the catalogue. A position is the player to move and
/// the two piles: `1:4,7` (the piles alone: player 1 moves).
pub struct WythoffListing;

static INFO: Info = Info {
    id: "wythoff",
    name: "Wythoff's game",
    aliases: &[],
    summary: "take from one pile, or the same from both; who takes the last stone wins",
    rules: "Two piles of stones. Take any number from one pile, or the same number from both. Who takes \
            the last stone wins.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[Param::text("piles", "Piles", "4,7").help("two piles, up to 10^18 each")],
    notation: "Position: the player to move and the piles (1:4,7). Move: a3 takes 3 from the first pile, b3 \
               from the second, ab3 from both.",
    end: "",
};

/// The largest pile: `5k²` must fit 128 bits with room to spare.
const MAX_PILE: u64 = 1_000_000_000_000_000_000;
/// Positions with both piles up to this are valued by the counting search.
const COUNTED: u64 = 60;
/// Moves listed beyond the winning ones.
const LIST_ALL: u64 = 300;

fn piles(text: &str, error: fn(String) -> Error) -> Result<(u64, u64), Error> {
    let v: Vec<u64> = notation::list(text, "a pile", 0, MAX_PILE).map_err(|e| error(e.to_string()))?;
    match v[..] {
        [a, b] => Ok((a, b)),
        _ => Err(error(format!("two piles, not {}", v.len()))),
    }
}

impl Listing for WythoffListing {
    type Game = Wythoff;
    type State = Moving<(u64, u64)>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Wythoff, Moving<(u64, u64)>), Error> {
        Ok((Wythoff, Moving::first(piles(params.text(&INFO.params[0]), Error::Params)?)))
    }

    fn parse(&self, text: &str) -> Result<(Wythoff, Moving<(u64, u64)>), Error> {
        let (mover, p) = notation::player(text)?;
        Ok((Wythoff, Moving { pos: piles(p, Error::Position)?, mover }))
    }

    fn write(&self, _: &Wythoff, m: &Moving<(u64, u64)>) -> String {
        format!("{}:{},{}", m.mover + 1, m.pos.0, m.pos.1)
    }

    fn params(&self, _: &Wythoff, m: &Moving<(u64, u64)>) -> Params {
        Params::new().with("piles", format!("{},{}", m.pos.0, m.pos.1))
    }

    fn pos<'s>(&self, m: &'s Moving<(u64, u64)>) -> &'s (u64, u64) {
        &m.pos
    }

    fn play(&self, game: &Wythoff, m: &Moving<(u64, u64)>, t: Take) -> Moving<(u64, u64)> {
        m.then(game.play(&m.pos, t).pos)
    }

    fn to_move(&self, _: &Wythoff, m: &Moving<(u64, u64)>) -> usize {
        m.mover as usize
    }

    /// Small takes first ([`LIST_ALL`] in all), then every winning move.
    fn moves(&self, _: &Wythoff, m: &Moving<(u64, u64)>) -> Vec<Take> {
        let (a, b) = m.pos;
        let per = LIST_ALL / 3;
        let mut out: Vec<Take> = (1..=a.min(per)).map(Take::First).collect();
        out.extend((1..=b.min(per)).map(Take::Second));
        out.extend((1..=a.min(b).min(per)).map(Take::Both));
        for t in winning_moves(a, b) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out
    }

    fn over(&self, _: &Wythoff, m: &Moving<(u64, u64)>) -> bool {
        m.pos == (0, 0)
    }

    fn parse_move(&self, _: &Wythoff, m: &Moving<(u64, u64)>, text: &str) -> Option<Take> {
        let text = text.trim().to_ascii_lowercase();
        let (a, b) = m.pos;
        let (kind, k) = text.split_at(text.find(|c: char| c.is_ascii_digit())?);
        let k: u64 = k.parse().ok().filter(|&k| k > 0)?;
        match kind {
            "a" if k <= a => Some(Take::First(k)),
            "b" if k <= b => Some(Take::Second(k)),
            "ab" if k <= a.min(b) => Some(Take::Both(k)),
            _ => None,
        }
    }

    fn move_name(&self, _: &Wythoff, _: &Moving<(u64, u64)>, t: Take) -> String {
        match t {
            Take::First(k) => format!("a{k}"),
            Take::Second(k) => format!("b{k}"),
            Take::Both(k) => format!("ab{k}"),
        }
    }

    fn move_label(&self, _: &Wythoff, _: &Moving<(u64, u64)>, t: Take) -> String {
        match t {
            Take::First(k) => format!("take {k} from the first pile"),
            Take::Second(k) => format!("take {k} from the second pile"),
            Take::Both(k) => format!("take {k} from both piles"),
        }
    }

    fn diagram(&self, _: &Wythoff, m: &Moving<(u64, u64)>) -> Diagram {
        let (a, b) = m.pos;
        let cells = vec![Cell::label(a.to_string()), Cell::label(b.to_string())];
        let (lo, hi) = (a.min(b), a.max(b));
        Diagram::grid(Grid::new(1, 2, cells)).note(format!(
            "piles {a} and {b}: {}",
            if cold(lo, hi) {
                format!("a cold pair (⌊{}φ⌋ = {lo}): the mover loses", hi - lo)
            } else {
                "not a cold pair: the mover wins".to_string()
            }
        ))
    }

    fn value(&self, game: &Wythoff, m: &Moving<(u64, u64)>, cx: &Cx) -> Result<Valued<Take>, Error> {
        let (a, b) = m.pos;
        if a.max(b) <= COUNTED {
            let mut search = Negamax::new(game, cx.ctl.clone());
            return valued_by(game, &m.pos, |c| search.value(c), Verdict::from, "negamax (counts moves)");
        }
        let listed = self.moves(game, m);
        let total = a + b + a.min(b);
        let mut moves: Vec<(Take, Verdict)> = listed
            .iter()
            .map(|&t| {
                (
                    t,
                    Verdict::bare({
                        let (x, y) = game.play(&m.pos, t).pos;
                        cold(x, y)
                    }),
                )
            })
            .collect();
        best_first(&mut moves);
        let mut v = Valued::new(Verdict::bare(!cold(a, b)), moves, "Wythoff's theorem (exact ⌊kφ⌋)")
            .note("values say who wins; every winning move is listed");
        v.unlisted = total - listed.len() as u64;
        Ok(v)
    }

    /// Who wins every position up to the piles' size (at least 12, at most
    /// 200 a side), the cold pairs in red, this position outlined.
    fn picture(&self, _: &Wythoff, m: &Moving<(u64, u64)>, _: &Cx) -> Result<Option<String>, Error> {
        let (a, b) = m.pos;
        if a.max(b) > MAP_SIDE {
            return Ok(None);
        }
        let side = (a.max(b) + 2).max(12);
        let cells: Vec<Vec<Tile>> =
            (0..side).map(|y| (0..side).map(|x| if cold(x, y) { Tile::Lose } else { Tile::Win }).collect()).collect();
        let title = format!("Wythoff's game: who wins, moving, from {a},{b} and below");
        let svg = plot::outcome_map_svg(&title, &cells, "first pile", "second pile", Some((a as usize, b as usize)));
        svg.map(Some).map_err(Error::input)
    }

    fn integers(&self, game: &Wythoff) -> Option<Integers> {
        Some(Integers::of(*game, 2, |p| (p[0], p[1]), |&(a, b)| vec![vec![a, b]]).with_piles(TAKES))
    }
}

/// The moves as `boyi rule` proves a rule for them.
const TAKES: &str = "piles:2:one,equal";

/// The largest pile a map is drawn for.
const MAP_SIDE: u64 = 200;

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::Control;

    #[test]
    fn cold_pairs_are_the_generic_solvers_losses_up_to_80() {
        let mut search = Negamax::new(&Wythoff, Control::default());
        for a in 0..=80u64 {
            for b in 0..=80u64 {
                let lost = !search.value(&(a, b)).unwrap().is_win();
                assert_eq!(cold(a, b), lost, "({a}, {b})");
                // The winning moves are exactly the moves to cold positions.
                let mut all = Vec::new();
                Wythoff.moves(&(a, b), &mut all);
                let mut want: Vec<Take> = all
                    .into_iter()
                    .filter(|&t| {
                        let (x, y) = Wythoff.play(&(a, b), t).pos;
                        cold(x, y)
                    })
                    .collect();
                let mut got = winning_moves(a, b);
                want.sort_by_key(|t| format!("{t:?}"));
                got.sort_by_key(|t| format!("{t:?}"));
                assert_eq!(got, want, "({a}, {b})");
            }
        }
    }

    /// Where doubles go wrong: k a Fibonacci number puts kφ within 10^-9 of
    /// an integer.
    #[test]
    fn exact_where_floating_point_fails() {
        assert_eq!(floor_phi(102_334_155), 165_580_140);
        assert_eq!(floor_phi(267_914_296), 433_494_436);
        assert!(cold(165_580_140, 267_914_295));
        assert!(cold(433_494_436, 701_408_732));
        assert!(cold(618_033_988, 999_999_999));
        assert!(!cold(618_033_988, 1_000_000_000));
        // 10^18: a pile of 618033988749894848 pairs with 10^18 (OEIS A000201 scaled).
        let a = floor_phi(381_966_011_250_105_152);
        assert!(cold(a, a + 381_966_011_250_105_152));
        assert_eq!(winning_moves(a, a + 381_966_011_250_105_152), []);
    }
}
