//! Lasker's Nim (HDU 3032 "Nim or not Nim?"): a move takes one or more
//! counters from a heap, or splits a heap into two non-empty heaps; who
//! takes the last counter wins.
//!
//! A Multi-SG game: a move may replace a component (a heap) by several.
//! The engine's Grundy solver takes that in its sum machinery: a heap's
//! moves lead to positions of one or two heaps, and a position splits into
//! its heaps ([`boyi::Impartial::split`]), so two heaps are valued as the
//! XOR of theirs. The values follow a pattern of period 4 ([`heap_value`]):
//! `g(4k+1) = 4k+1`, `g(4k+2) = 4k+2`, `g(4k+3) = 4k+4`, `g(4k+4) = 4k+3`;
//! the tests check it against the solver for heaps up to 600.

use boyi::solve::grundy::Grundy;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Diagram, Heap, Target};
use crate::error::Error;
use crate::listing::{best_first, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// A move on heap `heap`: leave `a` counters (`b = 0`), or split it into
/// heaps of `a` and `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    pub heap: u32,
    pub a: u64,
    pub b: u64,
}

/// Heaps in a fixed order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

impl Game for Lasker {
    type Pos = Vec<u64>;
    type Move = Cut;
    type Value = Outcome;

    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<Cut>) {
        for (i, &h) in heaps.iter().enumerate() {
            let heap = i as u32;
            out.extend((0..h).map(|a| Cut { heap, a, b: 0 }));
            out.extend((1..=h / 2).map(|a| Cut { heap, a, b: h - a }));
        }
    }

    fn play(&self, heaps: &Vec<u64>, c: Cut) -> StepOf<Self> {
        let mut next = heaps.clone();
        next[c.heap as usize] = c.a;
        if c.b > 0 {
            next.push(c.b);
        }
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u64>) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Lasker {
    /// A position of several heaps is the sum of its heaps.
    fn split(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        let live: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        if live.len() < 2 && live.len() == heaps.len() {
            return false;
        }
        out.extend(live.into_iter().map(|h| vec![h]));
        true
    }
}

/// The Grundy value of one heap of `n`.
pub fn heap_value(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The heap whose value is `v` (the values are a permutation of the heaps).
pub fn heap_of_value(v: u64) -> u64 {
    match v % 4 {
        0 if v > 0 => v - 1,
        3 => v + 1,
        _ => v,
    }
}

/// The XOR of the heaps' values.
pub fn nimber(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ heap_value(h))
}

/// Lasker's Nim in the catalogue. A position is the player to move and the
/// heaps: `1:2,2,3` (the heaps alone: player 1 moves).
pub struct LaskerListing;

static INFO: Info = Info {
    id: "lasker-nim",
    name: "Lasker's Nim",
    aliases: &[],
    summary: "take from a heap, or split a heap in two; who takes the last counter wins (Multi-SG)",
    rules: "Take one or more counters from one heap, or split one heap into two non-empty heaps. Who takes \
            the last counter wins.",
    players: ["Alice", "Bob"],
    values: "nimber",
    params: &[Param::text("heaps", "Heaps", "2,2,3").help("heaps of up to 2^31 - 1")],
    notation: "Position: the player to move and the heaps (1:2,2,3). Move: h-a leaves a counters in heap h \
               (1-based); h:a+b splits it into a and b (3:1+2).",
    end: "",
};

const MAX_HEAP: u64 = (1 << 31) - 1;
const MAX_HEAPS: usize = 1_000;
/// Moves listed beyond the winning ones.
const LIST_ALL: usize = 2_000;
/// Heaps up to this size have their winning splits searched.
const SPLITS_SEARCHED: u64 = 1_000_000;

fn heaps_of(text: &str, error: fn(String) -> Error) -> Result<Vec<u64>, Error> {
    let heaps: Vec<u64> = notation::list(text, "a heap", 0, MAX_HEAP).map_err(|e| error(e.to_string()))?;
    if heaps.is_empty() || heaps.len() > MAX_HEAPS {
        return Err(error(format!("1 to {MAX_HEAPS} heaps, not {}", heaps.len())));
    }
    Ok(heaps)
}

impl LaskerListing {
    /// The moves that leave nimber 0.
    fn winning(heaps: &[u64]) -> Vec<Cut> {
        let x = nimber(heaps);
        let mut out = Vec::new();
        if x == 0 {
            return out;
        }
        for (i, &h) in heaps.iter().enumerate() {
            let heap = i as u32;
            let target = x ^ heap_value(h);
            let a = heap_of_value(target);
            if a < h {
                out.push(Cut { heap, a, b: 0 });
            }
            if h <= SPLITS_SEARCHED {
                out.extend((1..=h / 2).filter(|&a| heap_value(a) ^ heap_value(h - a) == target).map(|a| Cut {
                    heap,
                    a,
                    b: h - a,
                }));
            }
        }
        out
    }
}

impl Listing for LaskerListing {
    type Game = Lasker;
    type State = Moving<Vec<u64>>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Lasker, Moving<Vec<u64>>), Error> {
        Ok((Lasker, Moving::first(heaps_of(params.text(&INFO.params[0]), Error::Params)?)))
    }

    fn parse(&self, text: &str) -> Result<(Lasker, Moving<Vec<u64>>), Error> {
        let (mover, heaps) = notation::player(text)?;
        Ok((Lasker, Moving { pos: heaps_of(heaps, Error::Position)?, mover }))
    }

    fn write(&self, _: &Lasker, m: &Moving<Vec<u64>>) -> String {
        format!("{}:{}", m.mover + 1, join(&m.pos, ","))
    }

    fn params(&self, _: &Lasker, m: &Moving<Vec<u64>>) -> Params {
        Params::new().with("heaps", join(&m.pos, ","))
    }

    fn pos<'s>(&self, m: &'s Moving<Vec<u64>>) -> &'s Vec<u64> {
        &m.pos
    }

    fn play(&self, game: &Lasker, m: &Moving<Vec<u64>>, c: Cut) -> Moving<Vec<u64>> {
        m.then(game.play(&m.pos, c).pos)
    }

    fn to_move(&self, _: &Lasker, m: &Moving<Vec<u64>>) -> usize {
        m.mover as usize
    }

    /// The first [`LIST_ALL`] moves, heap by heap, and every winning one.
    fn moves(&self, game: &Lasker, m: &Moving<Vec<u64>>) -> Vec<Cut> {
        let mut out = Vec::new();
        for (i, &h) in m.pos.iter().enumerate() {
            if out.len() >= LIST_ALL {
                break;
            }
            let mut one = Vec::new();
            game.moves(&vec![h], &mut one);
            out.extend(one.into_iter().take(LIST_ALL - out.len()).map(|c| Cut { heap: i as u32, ..c }));
        }
        for c in Self::winning(&m.pos) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    fn over(&self, _: &Lasker, m: &Moving<Vec<u64>>) -> bool {
        m.pos.iter().all(|&h| h == 0)
    }

    fn parse_move(&self, _: &Lasker, m: &Moving<Vec<u64>>, text: &str) -> Option<Cut> {
        let text = text.trim();
        let (heap, rest) = text.split_once([':', '-'])?;
        let heap = heap.trim().parse::<usize>().ok()?.checked_sub(1)?;
        let h = *m.pos.get(heap)?;
        let heap = heap as u32;
        match rest.split_once('+') {
            Some((a, b)) => {
                let (a, b) = (a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?);
                (a > 0 && b > 0 && a.checked_add(b) == Some(h)).then_some(Cut { heap, a: a.min(b), b: a.max(b) })
            }
            None => {
                let a = rest.trim().parse::<u64>().ok()?;
                (a < h).then_some(Cut { heap, a, b: 0 })
            }
        }
    }

    fn move_name(&self, _: &Lasker, _: &Moving<Vec<u64>>, c: Cut) -> String {
        if c.b == 0 {
            format!("{}-{}", c.heap + 1, c.a)
        } else {
            format!("{}:{}+{}", c.heap + 1, c.a, c.b)
        }
    }

    fn move_label(&self, _: &Lasker, m: &Moving<Vec<u64>>, c: Cut) -> String {
        if c.b == 0 {
            format!("take {} from heap {}", m.pos[c.heap as usize] - c.a, c.heap + 1)
        } else {
            format!("split heap {} into {} and {}", c.heap + 1, c.a, c.b)
        }
    }

    fn target(&self, _: &Lasker, m: &Moving<Vec<u64>>, c: Cut) -> Option<Target> {
        (c.b == 0).then(|| Target::Counter([c.heap as u64, m.pos[c.heap as usize] - c.a]))
    }

    fn diagram(&self, _: &Lasker, m: &Moving<Vec<u64>>) -> Diagram {
        let heaps = m.pos.iter().enumerate().map(|(i, &s)| Heap { size: s, label: format!("Heap {}", i + 1) });
        Diagram::heaps(heaps.collect())
            .note(format!("heap values: {}", join(m.pos.iter().map(|&h| heap_value(h)).take(40), " ")))
    }

    fn value(&self, game: &Lasker, m: &Moving<Vec<u64>>, cx: &Cx) -> Result<Valued<Cut>, Error> {
        cx.ctl.check()?;
        let listed = self.moves(game, m);
        let total: u64 = m.pos.iter().map(|&h| h + h / 2).sum();
        let mut moves: Vec<(Cut, Verdict)> =
            listed.iter().map(|&c| (c, Verdict::move_nimber(nimber(&game.play(&m.pos, c).pos)))).collect();
        best_first(&mut moves);
        let mut v = Valued::new(Verdict::position_nimber(nimber(&m.pos)), moves, "Multi-SG (XOR of heap values)");
        v.unlisted = total - listed.len() as u64;
        if m.pos.iter().any(|&h| h > SPLITS_SEARCHED) {
            v = v.note(format!("winning splits of heaps above {SPLITS_SEARCHED} are not searched"));
        }
        Ok(v)
    }

    /// One heap; a split leaves the sum of two.
    fn integers(&self, game: &Lasker) -> Option<Integers> {
        Some(Integers::of(*game, 1, |p| vec![p[0]], |heaps| heaps.iter().map(|&h| vec![h]).collect()))
    }
}

/// Values heaps through the engine's Multi-SG machinery, for checking.
pub fn solver_heap_value(grundy: &mut Grundy<Lasker>, n: u64) -> u64 {
    grundy.value(&vec![n]).expect("small heaps solve") as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::negamax::Negamax;
    use boyi::Control;

    #[test]
    fn the_period_four_pattern_is_the_solvers() {
        let mut grundy = Grundy::new(&Lasker, Control::default());
        for n in 0..=600 {
            assert_eq!(solver_heap_value(&mut grundy, n), heap_value(n), "heap {n}");
            assert_eq!(heap_of_value(heap_value(n)), n);
        }
        // 2^31 - 1 is 3 mod 4: its value is 2^31.
        assert_eq!(heap_value((1 << 31) - 1), 1 << 31);
    }

    /// The XOR rule against a whole-position search that knows nothing of
    /// Sprague-Grundy, on small multisets.
    #[test]
    fn the_sum_rule_is_the_whole_game() {
        let mut whole = Negamax::new(&Lasker, Control::default());
        for heaps in [vec![1u64, 2, 3], vec![1, 2, 4], vec![3, 4], vec![4, 7], vec![2, 2, 3], vec![3, 3], vec![5, 2, 1]]
        {
            assert_eq!(whole.value(&heaps).unwrap().is_win(), nimber(&heaps) != 0, "{heaps:?}");
            for c in LaskerListing::winning(&heaps) {
                assert!(!whole.value(&Lasker.play(&heaps, c).pos).unwrap().is_win(), "{heaps:?} {c:?}");
            }
        }
    }
}
