//! The Bash game (巴什博弈; HDU 1846 "Brave Game"): one pile of `n`
//! stones; a move takes 1 to `m` of them; who takes the last stone wins.
//!
//! The theory: the mover loses exactly when `n` is a multiple of `m + 1`
//! (whatever the opponent takes, `t`, the other answers `m + 1 − t`). The
//! length of play follows too: from a multiple `k(m + 1)` the loser,
//! delaying, takes one stone a turn and the winner the rest of `m + 1`, so
//! it lasts `2k` moves; from any other pile the winner first takes
//! `n mod (m + 1)`, one move more. Small piles are also valued by the
//! engine's negamax, and the module's test holds the two together.

use boyi::{Game, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Heap, Target};
use crate::error::Error;
use crate::listing::{best_first, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation;
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// The pile's game: a move takes 1 to `most` stones.
#[derive(Clone, Copy, Debug)]
pub struct Bash {
    pub most: u64,
}

impl Game for Bash {
    /// The stones left.
    type Pos = u64;
    /// Stones taken.
    type Move = u64;
    type Value = Outcome;

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(1..=self.most.min(n));
    }

    fn play(&self, &n: &u64, take: u64) -> StepOf<Self> {
        Step { pos: n - take, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &u64) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Bash {
    /// The value of a pile of `n` for the side to move, by the theory.
    pub fn value(&self, n: u64) -> Outcome {
        let round = self.most + 1;
        let k = n / round;
        let rounds = u32::try_from(k.saturating_mul(2)).unwrap_or(u32::MAX - 1);
        if n.is_multiple_of(round) {
            Outcome::Lose(rounds)
        } else {
            Outcome::Win(rounds + 1)
        }
    }
}

/// The Bash game in the catalogue. A position is the player to move, the
/// stones and the most a move takes: `1:20,3`.
pub struct BashListing;

static INFO: Info = Info {
    id: "bash-game",
    name: "Bash game (巴什博弈)",
    aliases: &[],
    summary: "take 1 to m stones from one pile; who takes the last wins (lose on multiples of m + 1)",
    rules: "One pile of stones. A move takes at least one and at most m stones. Who takes the last stone wins.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[
        Param::int("stones", "Stones", "20", 0, 1_000_000_000_000_000_000),
        Param::int("most", "Most a move takes", "3", 1, 1_000_000_000_000_000_000),
    ],
    notation: "Position: the player to move, the stones and the most a move takes (1:20,3). Move: the stones \
               taken (2).",
    end: "",
};

const MOST: u64 = 1_000_000_000_000_000_000;
/// Takes listed one by one at most; the winning take is always among them.
const LISTED: u64 = 100;

impl Listing for BashListing {
    type Game = Bash;
    type State = Moving<u64>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Bash, Moving<u64>), Error> {
        let n = params.int(&INFO.params[0])? as u64;
        let most = params.int(&INFO.params[1])? as u64;
        Ok((Bash { most }, Moving::first(n)))
    }

    fn parse(&self, text: &str) -> Result<(Bash, Moving<u64>), Error> {
        let (mover, rest) = notation::player(text)?;
        match notation::list::<u64>(rest, "a number", 0, MOST)?[..] {
            [n, most] if most >= 1 => Ok((Bash { most }, Moving { pos: n, mover })),
            _ => Err(Error::position(format!(
                "\"{}\" is not stones,most like 20,3 (most at least 1)",
                notation::shorten(rest)
            ))),
        }
    }

    fn write(&self, game: &Bash, m: &Moving<u64>) -> String {
        format!("{}:{},{}", m.mover + 1, m.pos, game.most)
    }

    fn params(&self, game: &Bash, m: &Moving<u64>) -> Params {
        Params::new().with("stones", m.pos.to_string()).with("most", game.most.to_string())
    }

    fn pos<'s>(&self, m: &'s Moving<u64>) -> &'s u64 {
        &m.pos
    }

    fn play(&self, game: &Bash, m: &Moving<u64>, take: u64) -> Moving<u64> {
        m.then(game.play(&m.pos, take).pos)
    }

    fn to_move(&self, _: &Bash, m: &Moving<u64>) -> usize {
        m.mover as usize
    }

    /// The smallest takes, and the winning one where it is larger.
    fn moves(&self, game: &Bash, m: &Moving<u64>) -> Vec<u64> {
        let most = game.most.min(m.pos);
        let mut out: Vec<u64> = (1..=most.min(LISTED)).collect();
        let winning = m.pos % (game.most + 1);
        if winning > LISTED {
            out.push(winning);
        }
        out
    }

    fn over(&self, _: &Bash, m: &Moving<u64>) -> bool {
        m.pos == 0
    }

    fn parse_move(&self, game: &Bash, m: &Moving<u64>, text: &str) -> Option<u64> {
        text.trim().parse().ok().filter(|&t| t >= 1 && t <= game.most.min(m.pos))
    }

    fn move_name(&self, _: &Bash, _: &Moving<u64>, take: u64) -> String {
        take.to_string()
    }

    fn move_label(&self, _: &Bash, _: &Moving<u64>, take: u64) -> String {
        format!("take {take}")
    }

    fn target(&self, _: &Bash, _: &Moving<u64>, take: u64) -> Option<Target> {
        Some(Target::Counter([0, take]))
    }

    fn diagram(&self, game: &Bash, m: &Moving<u64>) -> Diagram {
        Diagram::heaps(vec![Heap { size: m.pos, label: "Pile".into() }]).note(format!(
            "a move takes 1 to {}; the mover loses on multiples of {}",
            game.most,
            game.most + 1
        ))
    }

    fn value(&self, game: &Bash, m: &Moving<u64>, _: &Cx) -> Result<Valued<u64>, Error> {
        let listed = self.moves(game, m);
        let mut moves: Vec<(u64, Verdict)> =
            listed.iter().map(|&t| (t, Verdict::from(game.value(m.pos - t).flip()))).collect();
        best_first(&mut moves);
        let mut v =
            Valued::new(Verdict::from(game.value(m.pos)), moves, "the Bash game's theorem (multiples of m + 1)");
        v.unlisted = game.most.min(m.pos) - listed.len() as u64;
        Ok(v)
    }

    fn integers(&self, game: &Bash) -> Option<Integers> {
        let integers = Integers::of(*game, 1, |p| p[0], |&n| vec![vec![n]]);
        // a subtraction game while its set is short enough to write out
        Some(if game.most <= MOST_WRITTEN_OUT {
            let takes: Vec<String> = (1..=game.most).map(|t| t.to_string()).collect();
            integers.with_heap_code(format!("sub:{}", takes.join(",")))
        } else {
            integers
        })
    }
}

/// The largest most-take whose subtraction set `boyi rule` writes out.
const MOST_WRITTEN_OUT: u64 = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::negamax::Negamax;
    use boyi::Control;

    #[test]
    fn the_theorem_counts_moves_as_negamax_does() {
        for most in 1..=6 {
            let game = Bash { most };
            let mut search = Negamax::new(&game, Control::default());
            for n in 0..=60 {
                assert_eq!(game.value(n), search.value(&n).unwrap(), "n = {n}, m = {most}");
            }
        }
    }
}
