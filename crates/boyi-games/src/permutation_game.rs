//! The permutation game (InterviewStreet / HackerRank "Permutation game",
//! also called sorted removal): players take turns removing one number from
//! a sequence, keeping the order of the rest; the game ends as soon as what
//! remains is strictly increasing, and whoever made that last removal wins.
//! Values may repeat; equal neighbours are not increasing.
//!
//! A position is the mask of the numbers still present. Normal play: a
//! position whose remainder is increasing has no moves, and its mover lost.

use boyi::index::bitmask;
use boyi::{Game, Indexed, Layered, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Diagram, Grid, Mark, Target};
use crate::error::{reserve, Error};
use crate::listing::{valued_by, Cx, Info, Listing, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

#[derive(Clone, Debug)]
pub struct PermutationGame {
    values: Vec<i64>,
    /// Bit `mask` is set when the numbers in `mask` are strictly increasing;
    /// without it (a game only played, not solved) each check scans.
    increasing: Option<Vec<u64>>,
}

impl PermutationGame {
    /// Longest sequence: masks are `u32` and the increasing-set bitmap takes
    /// `2^n` bits.
    pub const MAX_LEN: usize = 30;

    /// The game for playing a few moves: checks scan the numbers.
    pub fn unindexed(values: Vec<i64>) -> Self {
        assert!(values.len() <= Self::MAX_LEN);
        PermutationGame { values, increasing: None }
    }

    /// The game for solving: a bitmap of every increasing subset, `2^n` bits
    /// (see [`PermutationGame::bytes_for`]).
    pub fn new(values: Vec<i64>) -> Self {
        assert!(values.len() <= Self::MAX_LEN);
        let n = values.len();
        let mut increasing = vec![0u64; (1usize << n).div_ceil(64)];
        increasing[0] |= 1;
        for mask in 1usize..1 << n {
            let top = 63 - (mask as u64).leading_zeros() as usize;
            let rest = mask & !(1 << top);
            let ok = if rest == 0 {
                true
            } else {
                let below = 63 - (rest as u64).leading_zeros() as usize;
                get(&increasing, rest) && values[below] < values[top]
            };
            if ok {
                increasing[mask / 64] |= 1 << (mask % 64);
            }
        }
        PermutationGame { values, increasing: Some(increasing) }
    }

    /// Bytes the increasing-set bitmap of a length-`n` sequence takes.
    pub fn bytes_for(n: usize) -> u64 {
        (1u64 << n).div_ceil(8)
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// Every number present.
    pub fn start(&self) -> u32 {
        ((1u64 << self.values.len()) - 1) as u32
    }

    #[inline]
    pub fn is_increasing(&self, mask: u32) -> bool {
        match &self.increasing {
            Some(bits) => get(bits, mask as usize),
            None => self.scan_increasing(mask),
        }
    }

    /// [`PermutationGame::is_increasing`] without the bitmap: kept out of
    /// line, so that the solver's lookup stays small enough to inline.
    #[cold]
    #[inline(never)]
    fn scan_increasing(&self, mask: u32) -> bool {
        let mut left = bitmask::ones(mask as u64).map(|i| self.values[i as usize]);
        let Some(mut prev) = left.next() else { return true };
        left.all(|v| {
            let up = prev < v;
            prev = v;
            up
        })
    }
}

#[inline]
fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

impl Game for PermutationGame {
    type Pos = u32;
    /// The index (0-based, in the original sequence) of the number removed.
    type Move = u8;
    type Value = Outcome;

    #[inline]
    fn moves(&self, &mask: &u32, out: &mut Vec<u8>) {
        if !self.is_increasing(mask) {
            out.extend(bitmask::ones(mask as u64).map(|i| i as u8));
        }
    }

    #[inline]
    fn play(&self, &mask: &u32, i: u8) -> StepOf<Self> {
        Step { pos: mask & !(1 << i), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &u32) -> Outcome {
        Outcome::Lose(0)
    }

    fn key(&self, &mask: &u32) -> u64 {
        mask as u64
    }

    fn order_moves(&self, &mask: &u32, moves: &mut [u8]) {
        // Removals that end the game at once come first.
        moves.sort_by_key(|&i| !self.is_increasing(mask & !(1 << i)));
    }
}

impl Indexed for PermutationGame {
    fn size(&self) -> u64 {
        1 << self.values.len()
    }

    fn rank(&self, &mask: &u32) -> u64 {
        mask as u64
    }

    fn unrank(&self, index: u64) -> u32 {
        index as u32
    }
}

impl PermutationGame {
    fn runs(&self, layer: usize) -> bitmask::PopcountRuns {
        let n = self.values.len() as u32;
        bitmask::PopcountRuns::new(n, n - layer as u32, 4096)
    }
}

impl Layered for PermutationGame {
    /// Layer = numbers removed so far.
    fn layer_count(&self) -> usize {
        self.values.len() + 1
    }

    fn layer_parts(&self, layer: usize) -> usize {
        self.runs(layer).count()
    }

    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, u32)>) {
        self.runs(layer).for_each(part, |m| out.push((m, m as u32)));
    }
}

/// The permutation game in the catalogue. A position is the sequence, a
/// removed number written with an `x` before it: `5,x3,2,1,4`. The first
/// player moves when an even count is removed. Solved whole by the table.
pub struct PermutationListing;

static INFO: Info = Info {
    id: "permutation-game",
    name: "Permutation game",
    aliases: &[],
    summary: "remove numbers until the rest is strictly increasing; the last remover wins",
    rules: "Remove one number in turn, keeping the order of the rest. As soon as what remains is strictly \
            increasing the game ends, and whoever removed the last number wins.",
    players: ["Alice", "Bob"],
    values: "outcome",
    params: &[
        Param::text("numbers", "Numbers", "").help("the sequence; empty for a random permutation of 1..n"),
        Param::int("n", "Length", "7", 1, 24).help("the length of a random permutation"),
        Param::int("seed", "Random seed", "0", 0, u32::MAX as i64).help("0 for a new permutation each time"),
    ],
    notation: "Position: the numbers, a removed one with an x before it (5,x3,2,1,4). \
               Move: the place of the number to remove, 1-based in the original sequence (2).",
    end: "",
};

/// Longest sequence a position may have: solving it takes `2^n` two-byte slots.
const MAX_POSITION_LEN: usize = PermutationGame::MAX_LEN;

impl Listing for PermutationListing {
    type Game = PermutationGame;
    type State = u32;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(PermutationGame, u32), Error> {
        let [numbers, n, seed] = &INFO.params else { unreachable!() };
        let text = params.text(numbers);
        let values = if text.is_empty() {
            let mut v: Vec<i64> = (1..=params.int(n)?).collect();
            notation::rng(params.int(seed)? as u64).shuffle(&mut v);
            v
        } else {
            notation::list(text, "numbers", i64::MIN, i64::MAX).map_err(|e| Error::params(e.to_string()))?
        };
        if values.is_empty() || values.len() > MAX_POSITION_LEN {
            return Err(Error::params(format!("1 to {MAX_POSITION_LEN} numbers, not {}", values.len())));
        }
        let game = PermutationGame::unindexed(values);
        let start = game.start();
        Ok((game, start))
    }

    fn parse(&self, text: &str) -> Result<(PermutationGame, u32), Error> {
        let items: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        if items.is_empty() || items.len() > MAX_POSITION_LEN {
            return Err(Error::position(format!(
                "a position has 1 to {MAX_POSITION_LEN} numbers, not {}",
                items.len()
            )));
        }
        let mut values = Vec::with_capacity(items.len());
        let mut mask = 0u32;
        for (i, item) in items.iter().enumerate() {
            let (present, number) = match item.strip_prefix(['x', 'X']) {
                Some(rest) => (false, rest),
                None => (true, *item),
            };
            values.push(notation::number(number, "a number", i64::MIN, i64::MAX)?);
            if present {
                mask |= 1 << i;
            }
        }
        Ok((PermutationGame::unindexed(values), mask))
    }

    fn write(&self, game: &PermutationGame, &mask: &u32) -> String {
        let items =
            game.values()
                .iter()
                .enumerate()
                .map(|(i, v)| if mask >> i & 1 == 1 { v.to_string() } else { format!("x{v}") });
        join(items, ",")
    }

    fn params(&self, game: &PermutationGame, _: &u32) -> Params {
        Params::new().with("numbers", join(game.values(), ","))
    }

    fn pos<'s>(&self, state: &'s u32) -> &'s u32 {
        state
    }

    fn play(&self, game: &PermutationGame, mask: &u32, i: u8) -> u32 {
        game.play(mask, i).pos
    }

    fn to_move(&self, game: &PermutationGame, &mask: &u32) -> usize {
        (game.len() - mask.count_ones() as usize) % 2
    }

    fn move_name(&self, _: &PermutationGame, _: &u32, i: u8) -> String {
        (i + 1).to_string()
    }

    fn move_label(&self, game: &PermutationGame, _: &u32, i: u8) -> String {
        format!("remove number {} ({})", i + 1, game.values()[i as usize])
    }

    fn target(&self, _: &PermutationGame, _: &u32, i: u8) -> Option<Target> {
        Some(Target::Cell([0, i as u32]))
    }

    fn diagram(&self, game: &PermutationGame, &mask: &u32) -> Diagram {
        let cells = game
            .values()
            .iter()
            .enumerate()
            .map(|(i, v)| {
                if mask >> i & 1 == 1 {
                    Cell::label(v.to_string())
                } else {
                    Cell::label(v.to_string()).mark(Mark::Gone)
                }
            })
            .collect();
        let d = Diagram::grid(Grid::new(1, game.len() as u32, cells));
        if game.is_increasing(mask) {
            d.note("the rest is strictly increasing: the game is over")
        } else {
            d
        }
    }

    fn value(&self, game: &PermutationGame, &mask: &u32, cx: &Cx) -> Result<Valued<u8>, Error> {
        reserve(cx.ctl, "the increasing-subsequence bitmap", PermutationGame::bytes_for(game.len()))?;
        let key = format!("permutation-game:{}", join(game.values(), ","));
        let solved = PermutationGame::new(game.values().to_vec());
        let table = cx.table(&key, &solved)?;
        valued_by(&solved, &mask, |child| Ok(table.value(&solved, child)), Verdict::from, "table")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table};
    use boyi::Control;
    use proptest::prelude::*;

    /// Win/lose straight from the rules, on explicit vectors.
    fn brute_wins(seq: &[i64]) -> bool {
        if seq.windows(2).all(|w| w[0] < w[1]) {
            return false;
        }
        (0..seq.len()).any(|i| {
            let mut rest = seq.to_vec();
            rest.remove(i);
            !brute_wins(&rest)
        })
    }

    proptest! {
        #[test]
        fn solvers_agree_with_brute_force(seq in proptest::collection::vec(0i64..5, 1..8)) {
            let g = PermutationGame::new(seq.clone());
            let want = brute_wins(&seq);
            let ctl = Control::default();
            let table = table::solve(&g, &ctl).unwrap();
            let t = table.value(&g, &g.start());
            prop_assert_eq!(t.is_win(), want);
            prop_assert_eq!(Negamax::new(&g, ctl.clone()).value(&g.start()).unwrap(), t);
            prop_assert_eq!(AlphaBeta::new(&g, ctl, 1 << 12).unwrap().value(&g.start()).unwrap(), t);
        }
    }

    proptest! {
        /// The scan and the bitmap agree on every subset.
        #[test]
        fn scanning_agrees_with_the_bitmap(seq in proptest::collection::vec(0i64..6, 1..9)) {
            let (plain, indexed) = (PermutationGame::unindexed(seq.clone()), PermutationGame::new(seq.clone()));
            for mask in 0..1u32 << seq.len() {
                prop_assert_eq!(plain.is_increasing(mask), indexed.is_increasing(mask));
            }
        }
    }

    #[test]
    fn samples() {
        let ctl = Control::default();
        for (seq, alice) in [(vec![1, 3, 2], true), (vec![5, 3, 2, 1, 4], false), (vec![1, 1], true)] {
            let g = PermutationGame::new(seq);
            assert_eq!(table::solve(&g, &ctl).unwrap().value(&g, &g.start()).is_win(), alice);
        }
    }
}
