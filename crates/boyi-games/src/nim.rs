//! Nim: take one or more counters from a single heap; who takes the last
//! counter wins. Bouton's theorem: the mover loses exactly when the heaps'
//! XOR (the nim-sum) is 0, and a winning move leaves it 0.
//!
//! [`Nim`] is the game as stated. Small positions are valued by the
//! engine's negamax over heaps kept sorted (a permutation is one position),
//! which also counts the moves to the end; larger ones by the nim-sum
//! alone, one XOR however large. The tests check both against plain
//! recursion.

use boyi::solve::negamax::Negamax;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Heap, Target};
use crate::error::Error;
use crate::listing::{best_first, valued_by, Cx, Info, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Nim on heaps in a fixed order: a move is (heap, counters taken).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Pos = Vec<u8>;
    type Move = (u8, u8);
    type Value = Outcome;

    fn moves(&self, heaps: &Vec<u8>, out: &mut Vec<(u8, u8)>) {
        for (h, &size) in heaps.iter().enumerate() {
            out.extend((1..=size).map(|take| (h as u8, take)));
        }
    }

    fn play(&self, heaps: &Vec<u8>, (h, take): (u8, u8)) -> StepOf<Self> {
        let mut next = heaps.clone();
        next[h as usize] -= take;
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u8>) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Nim {}

/// Nim over heaps kept sorted without empty ones, so that a permutation of
/// the heaps is one position of the search.
struct Sorted;

impl Sorted {
    fn of(heaps: &[u8]) -> Vec<u8> {
        let mut v: Vec<u8> = heaps.iter().copied().filter(|&h| h > 0).collect();
        v.sort_unstable();
        v
    }
}

impl Game for Sorted {
    type Pos = Vec<u8>;
    /// The heap's place in the sorted list and the size it is left with.
    type Move = (u8, u8);
    type Value = Outcome;

    fn moves(&self, pos: &Vec<u8>, out: &mut Vec<(u8, u8)>) {
        for (i, &h) in pos.iter().enumerate() {
            // Equal heaps give the same positions: try the first of them only.
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            out.extend((0..h).map(|k| (i as u8, k)));
        }
    }

    fn play(&self, pos: &Vec<u8>, (i, k): (u8, u8)) -> StepOf<Self> {
        let mut next = pos.clone();
        next[i as usize] = k;
        Step { pos: Sorted::of(&next), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u8>) -> Outcome {
        Outcome::Lose(0)
    }
}

/// Nim in the catalogue. A position is the player to move (1 or 2) and the
/// heaps: `1:3,4,5`; the heaps alone mean player 1 moves.
pub struct NimListing;

static INFO: Info = Info {
    id: "nim",
    name: "Nim",
    aliases: &[],
    summary: "take counters from one heap; who takes the last counter wins (Bouton's nim-sum)",
    rules: "Take one or more counters from a single heap. Who takes the last counter wins.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[Param::text("heaps", "Heaps", "3,4,5").help("1 to 12 heaps of 0 to 100 counters")],
    notation: "Position: the player to move (1 or 2) and the heaps (1:3,4,5). Move: heap-counters taken, \
               the heap 1-based (2-4 takes 4 from the second heap).",
    end: "",
};

const MAX_HEAPS: usize = 12;
const MAX_HEAP: u8 = 100;
/// Positions below the start that the counting search may visit: the
/// product of (heap + 1) bounds them.
const COUNTED_POSITIONS: u64 = 1_000_000;

fn heaps_of(text: &str, error: fn(String) -> Error) -> Result<Vec<u8>, Error> {
    let heaps: Vec<u8> = notation::list(text, "a heap", 0, MAX_HEAP).map_err(|e| error(e.to_string()))?;
    if heaps.is_empty() || heaps.len() > MAX_HEAPS {
        return Err(error(format!("1 to {MAX_HEAPS} heaps, not {}", heaps.len())));
    }
    Ok(heaps)
}

/// The nim-sum of `heaps`.
pub fn nim_sum(heaps: &[u8]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ h as u64)
}

impl Listing for NimListing {
    type Game = Nim;
    type State = Moving<Vec<u8>>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Nim, Moving<Vec<u8>>), Error> {
        Ok((Nim, Moving::first(heaps_of(params.text(&INFO.params[0]), Error::Params)?)))
    }

    fn parse(&self, text: &str) -> Result<(Nim, Moving<Vec<u8>>), Error> {
        let (mover, heaps) = notation::player(text)?;
        Ok((Nim, Moving { pos: heaps_of(heaps, Error::Position)?, mover }))
    }

    fn write(&self, _: &Nim, h: &Moving<Vec<u8>>) -> String {
        format!("{}:{}", h.mover + 1, join(&h.pos, ","))
    }

    fn params(&self, _: &Nim, h: &Moving<Vec<u8>>) -> Params {
        Params::new().with("heaps", join(&h.pos, ","))
    }

    fn pos<'s>(&self, h: &'s Moving<Vec<u8>>) -> &'s Vec<u8> {
        &h.pos
    }

    fn play(&self, game: &Nim, h: &Moving<Vec<u8>>, mv: (u8, u8)) -> Moving<Vec<u8>> {
        h.then(game.play(&h.pos, mv).pos)
    }

    fn to_move(&self, _: &Nim, h: &Moving<Vec<u8>>) -> usize {
        h.mover as usize
    }

    fn move_name(&self, _: &Nim, _: &Moving<Vec<u8>>, (h, take): (u8, u8)) -> String {
        format!("{}-{take}", h + 1)
    }

    fn move_label(&self, _: &Nim, _: &Moving<Vec<u8>>, (h, take): (u8, u8)) -> String {
        format!("take {take} from heap {}", h + 1)
    }

    fn target(&self, _: &Nim, _: &Moving<Vec<u8>>, (h, take): (u8, u8)) -> Option<Target> {
        Some(Target::Counter([h as u64, take as u64]))
    }

    fn diagram(&self, _: &Nim, h: &Moving<Vec<u8>>) -> Diagram {
        let heaps = h.pos.iter().enumerate().map(|(i, &s)| Heap { size: s as u64, label: format!("Heap {}", i + 1) });
        Diagram::heaps(heaps.collect()).note(format!("nim-sum (XOR of the heaps): {}", nim_sum(&h.pos)))
    }

    fn value(&self, game: &Nim, h: &Moving<Vec<u8>>, cx: &Cx) -> Result<Valued<(u8, u8)>, Error> {
        let below: u64 = h.pos.iter().map(|&s| s as u64 + 1).product();
        if below <= COUNTED_POSITIONS {
            let mut search = Negamax::new(&Sorted, cx.ctl.clone());
            return valued_by(game, &h.pos, |c| search.value(&Sorted::of(c)), Verdict::from, "negamax (counts moves)");
        }
        let x = nim_sum(&h.pos);
        let mut moves: Vec<((u8, u8), Verdict)> = self
            .moves(game, h)
            .into_iter()
            .map(|(i, take)| {
                ((i, take), Verdict::move_nimber(x ^ h.pos[i as usize] as u64 ^ (h.pos[i as usize] - take) as u64))
            })
            .collect();
        best_first(&mut moves);
        Ok(Valued::new(Verdict::position_nimber(x), moves, "nim-sum (Bouton)")
            .note("too many positions to count moves: values are nim-sums"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing::{Entry, Session};
    use boyi::Control;

    /// Plain recursion over unsorted heaps, straight from the rules.
    fn brute(heaps: &mut Vec<u8>) -> Outcome {
        let mut best: Option<Outcome> = None;
        for i in 0..heaps.len() {
            for take in 1..=heaps[i] {
                heaps[i] -= take;
                let v = brute(heaps).flip();
                heaps[i] += take;
                best = Some(best.map_or(v, |b| b.max(v)));
            }
        }
        best.unwrap_or(Outcome::Lose(0))
    }

    #[test]
    fn counted_values_and_the_nim_sum_agree_with_plain_recursion() {
        let (ctl, session) = (Control::default(), Session::default());
        let cx = Cx { ctl: &ctl, session: &session };
        for heaps in [vec![1u8], vec![0, 0], vec![1, 2], vec![3, 4, 5], vec![2, 2, 3], vec![1, 4, 2, 3], vec![5, 5]] {
            let pos = NimListing.open(&format!("1:{}", join(&heaps, ","))).unwrap();
            let a = pos.analyze(&cx).unwrap();
            assert_eq!(a.value, Verdict::from(brute(&mut heaps.clone())), "{heaps:?}");
            assert_eq!(a.value.result() == "win", nim_sum(&heaps) != 0);
            for m in &a.moves {
                let next = pos.play(&m.info.name).unwrap();
                let (_, h) = NimListing.parse(&next.text()).unwrap();
                assert_eq!(m.value, Verdict::from(brute(&mut h.pos.clone()).flip()), "{heaps:?} {}", m.info.name);
            }
        }
        // Eight heaps of 30: one XOR, no search.
        let big = NimListing.open("30,30,30,30,30,30,30,29").unwrap().analyze(&cx).unwrap();
        assert_eq!(big.value, Verdict::position_nimber(3));
        assert!(big.moves[0].value.result() == "win" && big.moves.len() == 239);
        assert_eq!(NimListing.open("1:3,4,5").unwrap().play("2-4").unwrap().text(), "2:3,0,5");
        assert!(matches!(NimListing.open("1:3,4,5").unwrap().play("2-5"), Err(Error::Move(_))));
        assert!(matches!(NimListing.open("3:1"), Err(Error::Position(_))));
    }
}
