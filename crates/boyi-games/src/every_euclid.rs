//! The Euclid game under Every-SG (HDU 3595 "GG and MM"): several games of
//! two piles each; a move in one game subtracts a positive multiple of the
//! smaller pile from the larger (equal piles: one may be emptied), and a
//! game with an empty pile is over. On a turn a player must move in
//! **every** game not yet over; who makes the last move wins.
//!
//! Every-SG ([`boyi::solve::every`]): each game's *step* (how long it lasts
//! when its winner stretches it and its loser ends it) decides, and the
//! mover wins exactly when the largest step is odd. For the Euclid game the
//! step follows Euclid's algorithm ([`step`]): with `a <= b`, a multiple of
//! `a` in `b` ends it in one; two or more `a`s in `b` let the mover choose
//! the parity of what follows; one `a` forces the move. The tests check it
//! against the engine's generic steps for every pair up to 300.

use boyi::solve::every::first_player_wins;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Diagram, Grid, Mark};
use crate::error::Error;
use crate::listing::{best_first, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// One Euclid game: its two piles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Euclid;

impl Game for Euclid {
    type Pos = (u64, u64);
    /// The multiple of the smaller pile taken from the larger.
    type Move = u64;
    type Value = Outcome;

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<u64>) {
        if let Some(most) = a.max(b).checked_div(a.min(b)) {
            out.extend(1..=most);
        }
    }

    fn play(&self, &(a, b): &(u64, u64), k: u64) -> StepOf<Self> {
        let (lo, hi) = (a.min(b), a.max(b));
        Step { pos: (lo, hi - k * lo), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &(u64, u64)) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Euclid {}

/// The Every-SG step of one game, by Euclid's algorithm.
pub fn step(p: u64, q: u64) -> u32 {
    let (mut a, mut b) = (p.min(q), p.max(q));
    if a == 0 {
        return 0;
    }
    // The quotients down to the pair where the smaller pile divides the larger.
    let mut quotients = Vec::new();
    while b % a != 0 {
        quotients.push(b / a);
        (a, b) = (b % a, a);
    }
    let mut s = 1u32;
    for &q in quotients.iter().rev() {
        // A forced move adds one step; with a choice the mover either goes
        // straight to a losing pair or passes through the pair before it.
        s = if q == 1 || s.is_multiple_of(2) { s + 1 } else { s + 2 };
    }
    s
}

/// The move of the Every-SG strategy in one game (the multiple taken), if
/// it is not over: with one smaller pile in the larger the move is forced;
/// with more the game is won, and the winner goes to the one losing
/// position within reach (the remainder after all the multiples, or one
/// pile more than that) that lasts longest.
pub fn strategy_move((p, q): (u64, u64)) -> Option<u64> {
    let (a, b) = (p.min(q), p.max(q));
    let most = b.checked_div(a)?;
    if most == 1 || b % a == 0 {
        return Some(most);
    }
    Some(if step(b % a, a).is_multiple_of(2) { most } else { most - 1 })
}

/// All the games at once: a move is one move in every game not over.
#[derive(Clone, Copy, Debug, Default)]
pub struct Every;

/// Each unfinished game's number of moves, for decoding joint moves.
fn radices(pos: &[(u64, u64)]) -> Vec<u64> {
    pos.iter().map(|&(a, b)| a.max(b).checked_div(a.min(b)).unwrap_or(0)).filter(|&n| n > 0).collect()
}

impl Game for Every {
    type Pos = Vec<(u64, u64)>;
    /// The multiples taken in each unfinished game, in mixed radix.
    type Move = u64;
    type Value = Outcome;

    fn moves(&self, pos: &Vec<(u64, u64)>, out: &mut Vec<u64>) {
        let r = radices(pos);
        if !r.is_empty() {
            let count = r.iter().fold(1u64, |c, &n| c.saturating_mul(n));
            out.extend(0..count);
        }
    }

    fn play(&self, pos: &Vec<(u64, u64)>, mut code: u64) -> StepOf<Self> {
        let mut next = pos.clone();
        for p in next.iter_mut() {
            if let Some(n) = p.0.max(p.1).checked_div(p.0.min(p.1)) {
                *p = Euclid.play(p, code % n + 1).pos;
                code /= n;
            }
        }
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<(u64, u64)>) -> Outcome {
        Outcome::Lose(0)
    }
}

/// The joint move taking `ks[i]` times the smaller pile in the `i`-th
/// unfinished game.
fn encode(pos: &[(u64, u64)], ks: &[u64]) -> Option<u64> {
    let r = radices(pos);
    if r.len() != ks.len() {
        return None;
    }
    let mut code = 0u64;
    for (&n, &k) in r.iter().zip(ks).rev() {
        if !(1..=n).contains(&k) {
            return None;
        }
        code = code.checked_mul(n)?.checked_add(k - 1)?;
    }
    Some(code)
}

fn decode(pos: &[(u64, u64)], mut code: u64) -> Vec<u64> {
    radices(pos)
        .into_iter()
        .map(|n| {
            let k = code % n + 1;
            code /= n;
            k
        })
        .collect()
}

/// The Euclid game under Every-SG in the catalogue. A position is the
/// player to move and the games' piles, games separated by `;`:
/// `1:3,2;4,1` (the games alone: player 1 moves).
pub struct EveryEuclidListing;

static INFO: Info = Info {
    id: "every-euclid",
    name: "Euclid's game, all at once (Every-SG)",
    aliases: &[],
    summary: "subtract multiples of the smaller pile in every game at once; who moves last wins (Every-SG)",
    rules: "Several games of two piles. In one game a move subtracts a positive multiple of the smaller \
            pile from the larger; a game with an empty pile is over. Each turn, move in every game not over. \
            Who makes the last move wins.",
    players: ["MM", "GG"],
    values: "outcome",
    params: &[Param::text("games", "Games", "3,2;4,1").help("each game's two piles; games separated by ;")],
    notation: "Position: the player to move and the games' piles, games separated by ; (1:3,2;4,1). Move: \
               the multiple taken in each game not over, in order (1,4).",
    end: "",
};

const MAX_GAMES: usize = 1_000;
const MAX_PILE: u64 = 1_000_000_000_000;
/// Joint moves are listed when there are at most this many; else only the
/// strategy's.
const LIST_ALL: u64 = 1_000;

fn games_of(text: &str, error: fn(String) -> Error) -> Result<Vec<(u64, u64)>, Error> {
    let games = text
        .split(';')
        .map(str::trim)
        .filter(|g| !g.is_empty())
        .map(|g| match notation::list(g, "a pile", 0, MAX_PILE) {
            Ok(v) if v.len() == 2 => Ok((v[0], v[1])),
            Ok(v) => Err(error(format!("a game has two piles, not {}", v.len()))),
            Err(e) => Err(error(e.to_string())),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if games.is_empty() || games.len() > MAX_GAMES {
        return Err(error(format!("1 to {MAX_GAMES} games, not {}", games.len())));
    }
    Ok(games)
}

fn steps(pos: &[(u64, u64)]) -> Vec<u32> {
    pos.iter().map(|&(a, b)| step(a, b)).collect()
}

impl Listing for EveryEuclidListing {
    type Game = Every;
    type State = Moving<Vec<(u64, u64)>>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Every, Moving<Vec<(u64, u64)>>), Error> {
        Ok((Every, Moving::first(games_of(params.text(&INFO.params[0]), Error::Params)?)))
    }

    fn parse(&self, text: &str) -> Result<(Every, Moving<Vec<(u64, u64)>>), Error> {
        let (mover, games) = notation::player(text)?;
        Ok((Every, Moving { pos: games_of(games, Error::Position)?, mover }))
    }

    fn write(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>) -> String {
        format!("{}:{}", m.mover + 1, join(m.pos.iter().map(|(a, b)| format!("{a},{b}")), ";"))
    }

    fn params(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>) -> Params {
        Params::new().with("games", join(m.pos.iter().map(|(a, b)| format!("{a},{b}")), ";"))
    }

    fn pos<'s>(&self, m: &'s Moving<Vec<(u64, u64)>>) -> &'s Vec<(u64, u64)> {
        &m.pos
    }

    fn play(&self, game: &Every, m: &Moving<Vec<(u64, u64)>>, code: u64) -> Moving<Vec<(u64, u64)>> {
        m.then(game.play(&m.pos, code).pos)
    }

    fn to_move(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>) -> usize {
        m.mover as usize
    }

    /// Every joint move when they are few; else the strategy's only.
    fn moves(&self, game: &Every, m: &Moving<Vec<(u64, u64)>>) -> Vec<u64> {
        let r = radices(&m.pos);
        if r.is_empty() {
            return Vec::new();
        }
        if r.iter().fold(1u64, |c, &n| c.saturating_mul(n)) <= LIST_ALL {
            let mut out = Vec::new();
            game.moves(&m.pos, &mut out);
            return out;
        }
        let ks: Vec<u64> = m.pos.iter().filter_map(|&p| strategy_move(p)).collect();
        encode(&m.pos, &ks).into_iter().collect()
    }

    fn over(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>) -> bool {
        radices(&m.pos).is_empty()
    }

    fn parse_move(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>, text: &str) -> Option<u64> {
        let ks: Vec<u64> = notation::list(text, "a multiple", 1, MAX_PILE).ok()?;
        encode(&m.pos, &ks)
    }

    fn move_name(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>, code: u64) -> String {
        join(decode(&m.pos, code), ",")
    }

    fn move_label(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>, code: u64) -> String {
        let ks = decode(&m.pos, code);
        let live = m.pos.iter().filter(|&&(a, b)| a.min(b) > 0);
        join(live.zip(ks).map(|(&(a, b), k)| format!("{}x{} from {}", k, a.min(b), a.max(b))), "; ")
    }

    fn diagram(&self, _: &Every, m: &Moving<Vec<(u64, u64)>>) -> Diagram {
        let cells = m
            .pos
            .iter()
            .flat_map(|&(a, b)| {
                let over = a.min(b) == 0;
                let cell = |x: u64| {
                    if over {
                        Cell::label(x.to_string()).mark(Mark::Gone)
                    } else {
                        Cell::label(x.to_string())
                    }
                };
                [cell(a), cell(b)]
            })
            .collect();
        Diagram::grid(Grid::new(m.pos.len() as u32, 2, cells))
            .note(format!("steps of the games: {} (the largest decides)", join(steps(&m.pos), " ")))
    }

    fn value(&self, game: &Every, m: &Moving<Vec<(u64, u64)>>, cx: &Cx) -> Result<Valued<u64>, Error> {
        cx.ctl.check()?;
        let r = radices(&m.pos);
        let listed = self.moves(game, m);
        let mut moves: Vec<(u64, Verdict)> = listed
            .iter()
            .map(|&code| (code, Verdict::bare(!first_player_wins(steps(&game.play(&m.pos, code).pos)))))
            .collect();
        best_first(&mut moves);
        let total = r.iter().fold(1u64, |c, &n| c.saturating_mul(n));
        let mut v = Valued::new(Verdict::bare(first_player_wins(steps(&m.pos))), moves, "Every-SG (the largest step)")
            .note("values say who wins; the largest step is how long the game lasts");
        if !r.is_empty() {
            v.unlisted = total - listed.len() as u64;
        }
        Ok(v)
    }

    /// One Euclid game, its two piles (the sum of several is Every-SG, not a XOR).
    fn integers(&self, _: &Every) -> Option<Integers> {
        Some(Integers::of(Euclid, 2, |p| (p[0], p[1]), |&(a, b)| vec![vec![a, b]]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::every::Steps;
    use boyi::solve::negamax::Negamax;
    use boyi::Control;

    #[test]
    fn euclids_algorithm_gives_the_generic_steps() {
        let mut generic = Steps::new(&Euclid, Control::default());
        for a in 0..=300u64 {
            for b in a..=300u64 {
                assert_eq!(step(a, b), generic.step(&(a, b)).unwrap(), "({a}, {b})");
            }
        }
        assert_eq!((step(3, 2), step(4, 1), step(5, 3), step(8, 5)), (2, 1, 3, 4));
    }

    #[test]
    fn the_listing_agrees_with_the_whole_game() {
        let mut whole = Negamax::new(&Every, Control::default());
        for games in [
            vec![(1, 1), (1, 1), (1, 1)],
            vec![(3, 2)],
            vec![(2, 3), (1, 1)],
            vec![(3, 2), (4, 1)],
            vec![(7, 2), (5, 3)],
        ] {
            assert_eq!(first_player_wins(steps(&games)), whole.value(&games).unwrap().is_win(), "{games:?}");
        }
        // The strategy's move in one game is the generic rule's choice.
        let mut generic = Steps::new(&Euclid, Control::default());
        for a in 1..=60u64 {
            for b in a..=60u64 {
                let k = strategy_move((a, b)).unwrap();
                let child = Euclid.play(&(a, b), k).pos;
                let s = generic.step(&(a, b)).unwrap();
                assert_eq!(generic.step(&child).unwrap() + 1, s, "({a}, {b}) by {k}");
            }
        }
        // The strategy's joint move keeps the win.
        let games = vec![(7u64, 2u64), (5, 3), (9, 4)];
        assert!(first_player_wins(steps(&games)));
        let ks: Vec<u64> = games.iter().filter_map(|&p| strategy_move(p)).collect();
        let next = Every.play(&games, encode(&games, &ks).unwrap()).pos;
        assert!(!first_player_wins(steps(&next)));
        assert_eq!(decode(&games, encode(&games, &ks).unwrap()), ks);
    }
}
