//! Fibonacci Nim (HDU 2516): one pile of stones; the first move takes any
//! number but not all, each later move at least one and at most twice what
//! the opponent just took; who takes the last stone wins.
//!
//! The theory (Whinihan 1963): write the pile as a sum of non-consecutive
//! Fibonacci numbers (its Zeckendorf representation). The mover wins
//! exactly when the smallest of them is at most what may be taken: taking
//! it leaves a pile whose smallest term is more than twice as large, which
//! the opponent cannot reach. So the first player, who may take all but
//! one, loses exactly when the pile is itself a Fibonacci number. Every
//! winning take is a sum of the smallest few Zeckendorf terms ([`winning_takes`]
//! checks each such sum), which the tests confirm against the generic solver.
//!
//! [`FibonacciNim`] is the game as stated; small piles are valued by the
//! engine's negamax, which counts moves, larger ones by the theorem.

use boyi::solve::negamax::Negamax;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Heap, Target};
use crate::error::Error;
use crate::listing::{best_first, valued_by, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation;
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// A position: the stones left and the most the mover may take (never
/// more than the stones left, so equal positions are written alike).
pub type Pile = (u64, u64);

#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNim;

impl FibonacciNim {
    /// The game's start: the first move may take all but one.
    pub fn start(n: u64) -> Pile {
        (n, n.saturating_sub(1))
    }
}

impl Game for FibonacciNim {
    type Pos = Pile;
    /// Stones taken.
    type Move = u64;
    type Value = Outcome;

    fn moves(&self, &(n, limit): &Pile, out: &mut Vec<u64>) {
        out.extend(1..=limit.min(n));
    }

    fn play(&self, &(n, _): &Pile, take: u64) -> StepOf<Self> {
        let left = n - take;
        Step { pos: (left, take.saturating_mul(2).min(left)), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Pile) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for FibonacciNim {}

/// The Fibonacci numbers 1, 2, 3, 5, ... that fit in a u64 (the 1 used once).
const FIBONACCI: [u64; 92] = {
    let mut f = [0u64; 92];
    f[0] = 1;
    f[1] = 2;
    let mut i = 2;
    while i < f.len() {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

/// The Zeckendorf terms of `n`, smallest first (greedy from the largest
/// Fibonacci number that fits).
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in FIBONACCI.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms.reverse();
    terms
}

/// Whether the mover wins with `n` stones left, allowed to take `limit`.
pub fn wins(n: u64, limit: u64) -> bool {
    n > 0 && zeckendorf(n)[0] <= limit
}

/// Whether `n` is a Fibonacci number (the first player loses a pile of it).
pub fn is_fibonacci(n: u64) -> bool {
    FIBONACCI.binary_search(&n).is_ok()
}

/// Every winning take from `(n, limit)`: the sums of the smallest
/// Zeckendorf terms that are allowed and leave the opponent lost.
pub fn winning_takes(n: u64, limit: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut take = 0u64;
    for t in zeckendorf(n) {
        take += t;
        if take > limit.min(n) {
            break;
        }
        let (left, next) = FibonacciNim.play(&(n, limit), take).pos;
        if !wins(left, next) {
            out.push(take);
        }
    }
    out
}

/// Fibonacci Nim in the catalogue. A position is the player to move, the
/// stones and the most that may be taken: `2:90,6`; `1:100` is the start.
pub struct FibonacciListing;

static INFO: Info = Info {
    id: "fibonacci-nim",
    name: "Fibonacci Nim",
    aliases: &[],
    summary: "take at most twice what was just taken (not all at first); who takes the last stone wins",
    rules: "One pile of stones. The first move takes any number but not all; each later move takes at least \
            one and at most twice what the opponent just took. Who takes the last stone wins.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[Param::text("stones", "Stones", "20").help("the pile, 1 to 10^18")],
    notation: "Position: the player to move, the stones and the most that may be taken (2:90,6); the stones \
               alone are the start (1:100). Move: the stones taken (3).",
    end: "",
};

const MAX_STONES: u64 = 1_000_000_000_000_000_000;

/// Whether some play reaches `(stones, most)` (`most` at most `stones`):
/// the start, or a pile after a take of `t`, where the most is `2t`
/// capped at the stones.
fn reachable((n, most): Pile) -> bool {
    n == 0 || most + 1 == n || most == n || (most >= 2 && most.is_multiple_of(2))
}

/// Piles up to this are valued by the counting search (n² positions).
const COUNTED: u64 = 120;
/// Small takes listed beyond the winning ones.
const LIST_ALL: u64 = 100;

impl Listing for FibonacciListing {
    type Game = FibonacciNim;
    type State = Moving<Pile>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(FibonacciNim, Moving<Pile>), Error> {
        let n = notation::number(params.text(&INFO.params[0]), "stones", 1, MAX_STONES)
            .map_err(|e| Error::Params(e.to_string()))?;
        Ok((FibonacciNim, Moving::first(FibonacciNim::start(n))))
    }

    fn parse(&self, text: &str) -> Result<(FibonacciNim, Moving<Pile>), Error> {
        let (mover, rest) = notation::player(text)?;
        let pile = match notation::list::<u64>(rest, "a number", 0, MAX_STONES)?[..] {
            [n] => FibonacciNim::start(n),
            [n, limit] => (n, limit.min(n)),
            _ => return Err(Error::position(format!("\"{}\" is not stones,most like 90,6", notation::shorten(rest)))),
        };
        if !reachable(pile) {
            return Err(Error::position(format!(
                "{} stones with at most {} to take cannot occur: the most is one less than the stones at the start, \
                 and later twice the last take (2 or more, even) or all the stones",
                pile.0, pile.1
            )));
        }
        Ok((FibonacciNim, Moving { pos: pile, mover }))
    }

    fn write(&self, _: &FibonacciNim, m: &Moving<Pile>) -> String {
        format!("{}:{},{}", m.mover + 1, m.pos.0, m.pos.1)
    }

    fn params(&self, _: &FibonacciNim, m: &Moving<Pile>) -> Params {
        Params::new().with("stones", m.pos.0.to_string())
    }

    fn pos<'s>(&self, m: &'s Moving<Pile>) -> &'s Pile {
        &m.pos
    }

    fn play(&self, game: &FibonacciNim, m: &Moving<Pile>, take: u64) -> Moving<Pile> {
        m.then(game.play(&m.pos, take).pos)
    }

    fn to_move(&self, _: &FibonacciNim, m: &Moving<Pile>) -> usize {
        m.mover as usize
    }

    /// The smallest takes ([`LIST_ALL`] of them), then every winning one.
    fn moves(&self, _: &FibonacciNim, m: &Moving<Pile>) -> Vec<u64> {
        let (n, limit) = m.pos;
        let mut out: Vec<u64> = (1..=limit.min(n).min(LIST_ALL)).collect();
        out.extend(winning_takes(n, limit).into_iter().filter(|&t| t > LIST_ALL));
        out
    }

    fn over(&self, _: &FibonacciNim, m: &Moving<Pile>) -> bool {
        m.pos.1 == 0
    }

    fn parse_move(&self, _: &FibonacciNim, m: &Moving<Pile>, text: &str) -> Option<u64> {
        text.trim().parse().ok().filter(|&t| t >= 1 && t <= m.pos.1)
    }

    fn move_name(&self, _: &FibonacciNim, _: &Moving<Pile>, take: u64) -> String {
        take.to_string()
    }

    fn move_label(&self, _: &FibonacciNim, _: &Moving<Pile>, take: u64) -> String {
        format!("take {take}")
    }

    fn target(&self, _: &FibonacciNim, _: &Moving<Pile>, take: u64) -> Option<Target> {
        Some(Target::Counter([0, take]))
    }

    fn diagram(&self, _: &FibonacciNim, m: &Moving<Pile>) -> Diagram {
        let (n, limit) = m.pos;
        let d = Diagram::heaps(vec![Heap { size: n, label: "Pile".into() }]).note(format!("may take 1 to {limit}"));
        if n == 0 {
            return d;
        }
        d.note(format!("Zeckendorf: {n} = {}", notation::join(zeckendorf(n).iter().rev(), " + ")))
    }

    fn value(&self, game: &FibonacciNim, m: &Moving<Pile>, cx: &Cx) -> Result<Valued<u64>, Error> {
        let (n, limit) = m.pos;
        if n <= COUNTED {
            let mut search = Negamax::new(game, cx.ctl.clone());
            return valued_by(game, &m.pos, |c| search.value(c), Verdict::from, "negamax (counts moves)");
        }
        let listed = self.moves(game, m);
        let mut moves: Vec<(u64, Verdict)> = listed
            .iter()
            .map(|&t| {
                let (left, next) = game.play(&m.pos, t).pos;
                (t, Verdict::bare(!wins(left, next)))
            })
            .collect();
        best_first(&mut moves);
        let mut v = Valued::new(Verdict::bare(wins(n, limit)), moves, "Zeckendorf's theorem")
            .note("values say who wins; every winning take is listed");
        v.unlisted = limit - listed.len() as u64;
        Ok(v)
    }

    /// A pile and the most the mover may take.
    fn integers(&self, game: &FibonacciNim) -> Option<Integers> {
        Some(Integers::of(*game, 2, |p| (p[0], p[1]), |&(n, limit)| vec![vec![n, limit]]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::Control;

    #[test]
    fn positions_no_play_reaches_are_refused() {
        for word in ["2:90,0", "2:90,1", "1:10,5", "2:10,7"] {
            assert!(matches!(FibonacciListing.parse(word), Err(Error::Position(_))), "{word} was read");
        }
        for word in ["1:100", "2:90,6", "2:90,89", "1:7,7", "2:7,9", "1:1,0", "2:0,0"] {
            assert!(FibonacciListing.parse(word).is_ok(), "{word} was refused");
        }
        // Every pile play reaches is read back.
        let game = FibonacciNim;
        let mut seen = vec![FibonacciNim::start(30)];
        while let Some(pile) = seen.pop() {
            assert!(reachable(pile), "{pile:?}");
            let mut moves = Vec::new();
            game.moves(&pile, &mut moves);
            seen.extend(moves.into_iter().map(|t| game.play(&pile, t).pos).filter(|p| p.0 > 25));
        }
    }

    #[test]
    fn the_theorem_and_its_winning_takes_match_the_generic_solver() {
        let mut search = Negamax::new(&FibonacciNim, Control::default());
        for n in 0..=150u64 {
            for limit in 0..=n {
                let won = search.value(&(n, limit)).unwrap().is_win();
                assert_eq!(wins(n, limit), won, "({n}, {limit})");
                let mut want = Vec::new();
                for t in 1..=limit {
                    let child = FibonacciNim.play(&(n, limit), t).pos;
                    if !search.value(&child).unwrap().is_win() {
                        want.push(t);
                    }
                }
                assert_eq!(winning_takes(n, limit), want, "({n}, {limit})");
            }
        }
    }

    #[test]
    fn the_first_player_loses_exactly_on_fibonacci_numbers() {
        let mut search = Negamax::new(&FibonacciNim, Control::default());
        let fib = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233];
        for n in 1..=300u64 {
            let won = search.value(&FibonacciNim::start(n)).unwrap().is_win();
            assert_eq!(!won, fib.contains(&n), "{n}");
            assert_eq!(is_fibonacci(n), fib.contains(&n), "{n}");
        }
        assert!(is_fibonacci(1_836_311_903));
        assert!(!is_fibonacci(1_836_311_904));
        assert!(is_fibonacci(7_540_113_804_746_346_429));
        assert_eq!(zeckendorf(u64::MAX).iter().sum::<u64>(), u64::MAX);
    }
}
