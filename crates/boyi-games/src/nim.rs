//! Nim: take one or more counters from a single heap. Under normal play
//! who takes the last counter wins; under misère play (HDU 1907 "John")
//! who takes it loses.
//!
//! Bouton's theorem values normal play: the mover loses exactly when the
//! heaps' XOR (the nim-sum) is 0, and a winning move leaves it 0. Misère
//! play follows the SJ theorem ([`boyi::solve::misere`]), whose condition
//! Nim meets (only an empty heap is worth 0): the mover wins iff some heap
//! holds 2 or more and the nim-sum is not 0, or every heap holds at most 1
//! and the nim-sum is 0.
//!
//! [`Nim`] is the game as stated. Small positions are valued by the
//! engine's negamax over heaps kept sorted (a permutation is one position),
//! under either rule, which also counts the moves to the end; larger ones
//! by the theorems. The tests check both against plain recursion.

use boyi::solve::misere::{sj_first_player_wins, Misere};
use boyi::solve::negamax::Negamax;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Heap, Target};
use crate::error::Error;
use crate::listing::{best_first, valued_by, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Nim on heaps in a fixed order: a move is (heap, counters taken).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Pos = Vec<u32>;
    type Move = (u8, u32);
    type Value = Outcome;

    fn moves(&self, heaps: &Vec<u32>, out: &mut Vec<(u8, u32)>) {
        for (h, &size) in heaps.iter().enumerate() {
            out.extend((1..=size).map(|take| (h as u8, take)));
        }
    }

    fn play(&self, heaps: &Vec<u32>, (h, take): (u8, u32)) -> StepOf<Self> {
        let mut next = heaps.clone();
        next[h as usize] -= take;
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u32>) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Nim {}

/// Nim over heaps kept sorted without empty ones, so that a permutation of
/// the heaps is one position of the search.
struct Sorted;

impl Sorted {
    fn of(heaps: &[u32]) -> Vec<u32> {
        let mut v: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        v.sort_unstable();
        v
    }
}

impl Game for Sorted {
    type Pos = Vec<u32>;
    /// The heap's place in the sorted list and the size it is left with.
    type Move = (u8, u32);
    type Value = Outcome;

    fn moves(&self, pos: &Vec<u32>, out: &mut Vec<(u8, u32)>) {
        for (i, &h) in pos.iter().enumerate() {
            // Equal heaps give the same positions: try the first of them only.
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            out.extend((0..h).map(|k| (i as u8, k)));
        }
    }

    fn play(&self, pos: &Vec<u32>, (i, k): (u8, u32)) -> StepOf<Self> {
        let mut next = pos.clone();
        next[i as usize] = k;
        Step { pos: Sorted::of(&next), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u32>) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Sorted {}

/// Nim in the catalogue, under normal or misère play. A position is the
/// player to move (1 or 2) and the heaps: `1:3,4,5`; the heaps alone mean
/// player 1 moves.
pub struct NimListing {
    misere: bool,
}

impl NimListing {
    pub const NORMAL: NimListing = NimListing { misere: false };
    pub const MISERE: NimListing = NimListing { misere: true };
}

static INFO: Info = Info {
    id: "nim",
    name: "Nim",
    aliases: &[],
    summary: "take counters from one heap; who takes the last counter wins (Bouton's nim-sum)",
    rules: "Take one or more counters from a single heap. Who takes the last counter wins.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[Param::text("heaps", "Heaps", "3,4,5").help("1 to 50 heaps of 0 to 10000 counters")],
    notation: "Position: the player to move (1 or 2) and the heaps (1:3,4,5). Move: heap-counters taken, \
               the heap 1-based (2-4 takes 4 from the second heap).",
    end: "",
};

static MISERE_INFO: Info = Info {
    id: "misere-nim",
    name: "Misère Nim",
    aliases: &["anti-nim"],
    summary: "Nim where who takes the last counter loses (the SJ theorem)",
    rules: "Take one or more counters from a single heap. Who takes the last counter loses.",
    players: ["First", "Second"],
    values: "outcome",
    params: &[Param::text("heaps", "Heaps", "3,5,1").help("1 to 50 heaps of 0 to 10000 counters")],
    notation: "Position: the player to move (1 or 2) and the heaps (1:3,5,1). Move: heap-counters taken, \
               the heap 1-based (1-2 takes 2 from the first heap).",
    end: "",
};

const MAX_HEAPS: usize = 50;
const MAX_HEAP: u32 = 10_000;
/// Positions below the start that the counting search may visit: the
/// product of (heap + 1) bounds them.
const COUNTED_POSITIONS: u64 = 1_000_000;
/// Moves listed in all beyond the winning ones (a heap of n has n moves).
const LIST_ALL: usize = 2_000;

fn heaps_of(text: &str, error: fn(String) -> Error) -> Result<Vec<u32>, Error> {
    let heaps: Vec<u32> = notation::list(text, "a heap", 0, MAX_HEAP).map_err(|e| error(e.to_string()))?;
    if heaps.is_empty() || heaps.len() > MAX_HEAPS {
        return Err(error(format!("1 to {MAX_HEAPS} heaps, not {}", heaps.len())));
    }
    Ok(heaps)
}

/// The nim-sum of `heaps`.
pub fn nim_sum(heaps: &[u32]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ h as u64)
}

/// Whether the mover wins misère Nim on `heaps` (the SJ theorem).
pub fn misere_first_player_wins(heaps: &[u32]) -> bool {
    sj_first_player_wins(heaps.iter().map(|&h| h as u64))
}

impl Listing for NimListing {
    type Game = Nim;
    type State = Moving<Vec<u32>>;

    fn info(&self) -> &'static Info {
        if self.misere {
            &MISERE_INFO
        } else {
            &INFO
        }
    }

    fn start(&self, params: &Params) -> Result<(Nim, Moving<Vec<u32>>), Error> {
        Ok((Nim, Moving::first(heaps_of(params.text(&self.info().params[0]), Error::Params)?)))
    }

    fn parse(&self, text: &str) -> Result<(Nim, Moving<Vec<u32>>), Error> {
        let (mover, heaps) = notation::player(text)?;
        Ok((Nim, Moving { pos: heaps_of(heaps, Error::Position)?, mover }))
    }

    fn write(&self, _: &Nim, h: &Moving<Vec<u32>>) -> String {
        format!("{}:{}", h.mover + 1, join(&h.pos, ","))
    }

    fn params(&self, _: &Nim, h: &Moving<Vec<u32>>) -> Params {
        Params::new().with("heaps", join(&h.pos, ","))
    }

    fn pos<'s>(&self, h: &'s Moving<Vec<u32>>) -> &'s Vec<u32> {
        &h.pos
    }

    fn play(&self, game: &Nim, h: &Moving<Vec<u32>>, mv: (u8, u32)) -> Moving<Vec<u32>> {
        h.then(game.play(&h.pos, mv).pos)
    }

    fn to_move(&self, _: &Nim, h: &Moving<Vec<u32>>) -> usize {
        h.mover as usize
    }

    /// The first [`LIST_ALL`] moves, heap by heap, and every winning one.
    fn moves(&self, _: &Nim, h: &Moving<Vec<u32>>) -> Vec<(u8, u32)> {
        let mut out: Vec<(u8, u32)> = Vec::new();
        for (i, &size) in h.pos.iter().enumerate() {
            for take in 1..=size {
                if out.len() < LIST_ALL || self.wins(h, (i as u8, take)) {
                    out.push((i as u8, take));
                }
            }
        }
        out
    }

    fn over(&self, _: &Nim, h: &Moving<Vec<u32>>) -> bool {
        h.pos.iter().all(|&s| s == 0)
    }

    fn parse_move(&self, _: &Nim, h: &Moving<Vec<u32>>, text: &str) -> Option<(u8, u32)> {
        let (heap, take) = text.trim().split_once('-')?;
        let (heap, take) = (heap.trim().parse::<usize>().ok()?.checked_sub(1)?, take.trim().parse::<u32>().ok()?);
        (heap < h.pos.len() && (1..=h.pos[heap]).contains(&take)).then_some((heap as u8, take))
    }

    fn move_name(&self, _: &Nim, _: &Moving<Vec<u32>>, (h, take): (u8, u32)) -> String {
        format!("{}-{take}", h + 1)
    }

    fn move_label(&self, _: &Nim, _: &Moving<Vec<u32>>, (h, take): (u8, u32)) -> String {
        format!("take {take} from heap {}", h + 1)
    }

    fn target(&self, _: &Nim, _: &Moving<Vec<u32>>, (h, take): (u8, u32)) -> Option<Target> {
        Some(Target::Counter([h as u64, take as u64]))
    }

    fn diagram(&self, _: &Nim, h: &Moving<Vec<u32>>) -> Diagram {
        let heaps = h.pos.iter().enumerate().map(|(i, &s)| Heap { size: s as u64, label: format!("Heap {}", i + 1) });
        let d = Diagram::heaps(heaps.collect()).note(format!("nim-sum (XOR of the heaps): {}", nim_sum(&h.pos)));
        if self.misere {
            d.note("misère play: who takes the last counter loses")
        } else {
            d
        }
    }

    fn value(&self, game: &Nim, h: &Moving<Vec<u32>>, cx: &Cx) -> Result<Valued<(u8, u32)>, Error> {
        let below: u64 = h.pos.iter().fold(1u64, |p, &s| p.saturating_mul(s as u64 + 1));
        if below <= COUNTED_POSITIONS {
            if self.misere {
                let rule = Misere(&Sorted);
                let mut search = Negamax::new(&rule, cx.ctl.clone());
                return valued_by(
                    &Misere(game),
                    &h.pos,
                    |c| search.value(&Sorted::of(c)),
                    Verdict::from,
                    "negamax (misère, counts moves)",
                );
            }
            let mut search = Negamax::new(&Sorted, cx.ctl.clone());
            return valued_by(game, &h.pos, |c| search.value(&Sorted::of(c)), Verdict::from, "negamax (counts moves)");
        }
        let listed = self.moves(game, h);
        let unlisted = h.pos.iter().map(|&s| s as u64).sum::<u64>() - listed.len() as u64;
        let mut valued = if self.misere {
            let mut moves: Vec<((u8, u32), Verdict)> =
                listed.into_iter().map(|m| (m, Verdict::bare(self.wins(h, m)))).collect();
            best_first(&mut moves);
            Valued::new(Verdict::bare(misere_first_player_wins(&h.pos)), moves, "SJ theorem (misère Nim)")
                .note("too many positions to count moves: values say who wins")
        } else {
            let x = nim_sum(&h.pos);
            let mut moves: Vec<((u8, u32), Verdict)> = listed
                .into_iter()
                .map(|(i, take)| {
                    ((i, take), Verdict::move_nimber(x ^ h.pos[i as usize] as u64 ^ (h.pos[i as usize] - take) as u64))
                })
                .collect();
            best_first(&mut moves);
            Valued::new(Verdict::position_nimber(x), moves, "nim-sum (Bouton)")
                .note("too many positions to count moves: values are nim-sums")
        };
        valued.unlisted = unlisted;
        Ok(valued)
    }

    /// One heap (a position of Nim is the sum of its heaps); misère play
    /// is not a sum of Grundy values.
    fn integers(&self, game: &Nim) -> Option<Integers> {
        (!self.misere).then(|| {
            Integers::of(*game, 1, |p| vec![p[0] as u32], |heaps| heaps.iter().map(|&h| vec![u64::from(h)]).collect())
                .with_piles("piles:1:one")
        })
    }
}

impl NimListing {
    /// Whether the move `(heap, take)` wins, by the theorems.
    fn wins(&self, h: &Moving<Vec<u32>>, (i, take): (u8, u32)) -> bool {
        let mut after = h.pos.clone();
        after[i as usize] -= take;
        if self.misere {
            !misere_first_player_wins(&after)
        } else {
            nim_sum(&after) == 0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing::{Entry, Session};
    use boyi::Control;

    /// Plain recursion over unsorted heaps, straight from the rules; an
    /// ended game is `end` for the side to move.
    fn brute(heaps: &mut Vec<u32>, end: Outcome) -> Outcome {
        let mut best: Option<Outcome> = None;
        for i in 0..heaps.len() {
            for take in 1..=heaps[i] {
                heaps[i] -= take;
                let v = brute(heaps, end).flip();
                heaps[i] += take;
                best = Some(best.map_or(v, |b| b.max(v)));
            }
        }
        best.unwrap_or(end)
    }

    #[test]
    fn counted_values_and_the_nim_sum_agree_with_plain_recursion() {
        let (ctl, session) = (Control::default(), Session::default());
        let cx = Cx::new(&ctl, &session);
        for (listing, end) in [(&NimListing::NORMAL, Outcome::Lose(0)), (&NimListing::MISERE, Outcome::Win(0))] {
            for heaps in
                [vec![1u32], vec![0, 0], vec![1, 2], vec![3, 4, 5], vec![2, 2, 3], vec![1, 4, 2, 3], vec![5, 5]]
            {
                let pos = listing.open(&format!("1:{}", join(&heaps, ","))).unwrap();
                let a = pos.analyze(&cx).unwrap();
                assert_eq!(a.value, Verdict::from(brute(&mut heaps.clone(), end)), "{heaps:?}");
                let theory = if listing.misere { misere_first_player_wins(&heaps) } else { nim_sum(&heaps) != 0 };
                assert_eq!(a.value.result() == "win", theory);
                for m in &a.moves {
                    let next = pos.play(&m.info.name).unwrap();
                    let (_, h) = listing.parse(&next.text()).unwrap();
                    assert_eq!(
                        m.value,
                        Verdict::from(brute(&mut h.pos.clone(), end).flip()),
                        "{heaps:?} {}",
                        m.info.name
                    );
                }
            }
        }
        // Eight heaps of 30: one XOR, no search.
        let big = NimListing::NORMAL.open("30,30,30,30,30,30,30,29").unwrap().analyze(&cx).unwrap();
        assert_eq!(big.value, Verdict::position_nimber(3));
        assert!(big.moves[0].value.result() == "win" && big.moves.len() == 239);
        let big = NimListing::MISERE.open("30,30,30,30,30,30,30,29").unwrap().analyze(&cx).unwrap();
        assert_eq!(big.value, Verdict::Win(None));
        assert_eq!(NimListing::NORMAL.open("1:3,4,5").unwrap().play("2-4").unwrap().text(), "2:3,0,5");
        assert!(matches!(NimListing::NORMAL.open("1:3,4,5").unwrap().play("2-5"), Err(Error::Move(_))));
        assert!(matches!(NimListing::NORMAL.open("3:1"), Err(Error::Position(_))));
    }
}
