//! Sprague–Grundy values of impartial games.
//!
//! - [`MexSet`]: the minimum excluded value of a small set of nimbers, as a
//!   bitset that is cleared and reused, so computing a mex allocates nothing.
//! - [`Grundy`]: the nimber of any [`Impartial`] position, memoised, with an
//!   explicit stack (no recursion limit) and cycle detection. A position that
//!   splits into independent components is valued as the XOR of theirs, so a
//!   component met in many sums is valued once.
//! - Sums: [`nim_sum`], and [`sum_targets`] / [`Grundy::sum_winning_moves`],
//!   which find the winning moves of a sum from its components: a move in
//!   component `i` wins exactly when it leaves that component with the value
//!   `X ^ g_i` (X the sum's nimber), which brings the total to 0.
//!
//! Heap games whose values form a sequence (octal games, Grundy's game) have
//! their own solver in [`super::heaps`].

use rustc_hash::FxHashMap;

use crate::control::Control;
use crate::error::Error;
use crate::game::Impartial;

/// A set of small non-negative integers with a fast minimum excluded value.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Words below this index may be non-zero; `clear` zeroes only those.
    used: usize,
}

impl MexSet {
    pub fn new() -> Self {
        MexSet::default()
    }

    /// A set that holds values below `capacity` without growing.
    pub fn with_capacity(capacity: usize) -> Self {
        MexSet { words: vec![0; capacity.div_ceil(64).max(1)], used: 0 }
    }

    #[inline]
    pub fn insert(&mut self, value: usize) {
        let w = value / 64;
        if w >= self.words.len() {
            self.words.resize((w + 1).next_power_of_two(), 0);
        }
        self.words[w] |= 1 << (value % 64);
        self.used = self.used.max(w + 1);
    }

    #[inline]
    pub fn contains(&self, value: usize) -> bool {
        self.words.get(value / 64).is_some_and(|w| w >> (value % 64) & 1 == 1)
    }

    #[inline]
    pub fn clear(&mut self) {
        self.words[..self.used].fill(0);
        self.used = 0;
    }

    /// The least value not in the set.
    #[inline]
    pub fn mex(&self) -> usize {
        for (i, &w) in self.words[..self.used].iter().enumerate() {
            if w != u64::MAX {
                return i * 64 + (!w).trailing_zeros() as usize;
            }
        }
        self.used * 64
    }

    /// The mex of `values`, reusing this set's memory.
    pub fn mex_of(&mut self, values: impl IntoIterator<Item = usize>) -> usize {
        self.clear();
        for v in values {
            self.insert(v);
        }
        self.mex()
    }
}

/// The nimber of a sum of games: the XOR of its components' nimbers.
pub fn nim_sum(values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(0, |x, v| x ^ v)
}

/// For a sum whose components have nimbers `values`: for each component, the
/// nimber a move in it must leave for the sum to become 0 (`X ^ g_i`). The
/// sum is lost for the mover when X = 0, and then no target is reachable
/// from a component by one move unless it moves to the same value (which a
/// component can never do: a position has no option of its own nimber).
pub fn sum_targets(values: &[u64]) -> impl Iterator<Item = (usize, u64)> + '_ {
    let x = nim_sum(values.iter().copied());
    values.iter().enumerate().map(move |(i, &g)| (i, x ^ g))
}

#[derive(Clone, Copy)]
enum Memo {
    Open,
    Done(u32),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Combine {
    /// The position is valued whole: the mex of its options.
    Mex,
    /// The position is a sum: the XOR of its components.
    Xor,
}

struct Frame<P> {
    pos: P,
    combine: Combine,
    /// Children (options or components) are `pending[start..end]`; `next` is the one to value.
    start: usize,
    next: usize,
    end: usize,
    /// Option values collected so far are `values[vstart..]` (Mex frames).
    vstart: usize,
    xor: u32,
}

/// Memoised Grundy values of an impartial game.
pub struct Grundy<'g, G: Impartial> {
    game: &'g G,
    ctl: Control,
    memo: FxHashMap<G::Pos, Memo>,
    mex: MexSet,
    /// Whether positions are split into their components (off only to test
    /// the sum rule against whole-position values).
    use_split: bool,
}

impl<'g, G: Impartial> Grundy<'g, G> {
    const CHECK_EVERY: usize = 1 << 14;

    pub fn new(game: &'g G, ctl: Control) -> Self {
        Grundy { game, ctl, memo: FxHashMap::default(), mex: MexSet::new(), use_split: true }
    }

    /// Values every position whole, ignoring [`Impartial::split`]: the plain
    /// definition, for cross-checking the sum rule.
    pub fn without_split(mut self) -> Self {
        self.use_split = false;
        self
    }

    /// Positions valued so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The nimber of `root`.
    pub fn value(&mut self, root: &G::Pos) -> Result<u32, Error> {
        match self.memo.get(root) {
            Some(Memo::Done(v)) => return Ok(*v),
            Some(Memo::Open) => return Err(Error::Cycle),
            None => {}
        }
        let mut pending: Vec<G::Pos> = Vec::new();
        let mut values: Vec<u32> = Vec::new();
        let mut moves = Vec::new();
        let mut stack: Vec<Frame<G::Pos>> = Vec::new();
        self.open(root.clone(), &mut pending, &mut moves, &values, &mut stack);
        let mut since_check = 0;
        loop {
            let top = stack.last_mut().expect("the stack is never empty here");
            if top.next < top.end {
                let child = pending[top.next].clone();
                top.next += 1;
                match self.memo.get(&child) {
                    Some(Memo::Done(v)) => {
                        let v = *v;
                        Self::absorb(top, &mut values, v);
                    }
                    Some(Memo::Open) => return Err(Error::Cycle),
                    None => {
                        self.open(child, &mut pending, &mut moves, &values, &mut stack);
                        since_check += 1;
                        if since_check == Self::CHECK_EVERY {
                            since_check = 0;
                            self.ctl.check()?;
                            self.ctl.advance(Self::CHECK_EVERY as u64);
                            let per_entry = std::mem::size_of::<(G::Pos, Memo)>() + 1;
                            self.ctl.reserve("the Grundy memo", (self.memo.capacity() * per_entry) as u64)?;
                        }
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("the stack is never empty here");
            pending.truncate(frame.start);
            let value = match frame.combine {
                Combine::Xor => frame.xor,
                Combine::Mex => {
                    let v = self.mex.mex_of(values[frame.vstart..].iter().map(|&v| v as usize)) as u32;
                    values.truncate(frame.vstart);
                    v
                }
            };
            self.memo.insert(frame.pos, Memo::Done(value));
            match stack.last_mut() {
                Some(parent) => Self::absorb(parent, &mut values, value),
                None => return Ok(value),
            }
        }
    }

    #[inline]
    fn absorb(frame: &mut Frame<G::Pos>, values: &mut Vec<u32>, v: u32) {
        match frame.combine {
            Combine::Xor => frame.xor ^= v,
            Combine::Mex => values.push(v),
        }
    }

    fn open(
        &mut self,
        pos: G::Pos,
        pending: &mut Vec<G::Pos>,
        moves: &mut Vec<G::Move>,
        values: &[u32],
        stack: &mut Vec<Frame<G::Pos>>,
    ) {
        let start = pending.len();
        let combine = if self.use_split && self.game.split(&pos, pending) {
            Combine::Xor
        } else {
            moves.clear();
            self.game.moves(&pos, moves);
            pending.extend(moves.iter().map(|&mv| self.game.play(&pos, mv).pos));
            Combine::Mex
        };
        self.memo.insert(pos.clone(), Memo::Open);
        let end = pending.len();
        stack.push(Frame { pos, combine, start, next: start, end, vstart: values.len(), xor: 0 });
    }

    /// Every legal move of `pos` with the nimber of the position it leaves;
    /// the winning moves are those that leave 0.
    pub fn analyze(&mut self, pos: &G::Pos) -> Result<Vec<(G::Move, u32)>, Error> {
        let mut moves = Vec::new();
        self.game.moves(pos, &mut moves);
        moves.into_iter().map(|mv| Ok((mv, self.value(&self.game.play(pos, mv).pos)?))).collect()
    }

    /// The winning moves of a sum, found from its components: component `i`
    /// (of nimber `g_i`, the sum's nimber being X) must move to `X ^ g_i`.
    /// Returns `(component index, move in that component)` pairs; empty when
    /// `pos` is lost for the mover. A position that does not split is its
    /// own single component.
    pub fn sum_winning_moves(&mut self, pos: &G::Pos) -> Result<Vec<(usize, G::Move)>, Error> {
        let mut parts = Vec::new();
        if !self.game.split(pos, &mut parts) {
            parts.push(pos.clone());
        }
        let values = parts.iter().map(|p| self.value(p).map(u64::from)).collect::<Result<Vec<_>, _>>()?;
        let mut out = Vec::new();
        if nim_sum(values.iter().copied()) == 0 {
            return Ok(out);
        }
        for (i, target) in sum_targets(&values) {
            for (mv, v) in self.analyze(&parts[i])? {
                if u64::from(v) == target {
                    out.push((i, mv));
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, StepOf};
    use crate::{Outcome, Step, Turn};
    use proptest::prelude::*;

    #[test]
    fn mex_of_small_sets() {
        let mut s = MexSet::new();
        assert_eq!(s.mex_of([]), 0);
        assert_eq!(s.mex_of([1, 2, 3]), 0);
        assert_eq!(s.mex_of([0, 1, 2, 4]), 3);
        assert_eq!(s.mex_of(0..64), 64);
        assert_eq!(s.mex_of((0..200).filter(|&v| v != 130)), 130);
        // clearing forgets everything, including the high words
        assert_eq!(s.mex_of([0]), 1);
        assert!(!s.contains(5) && s.contains(0));
    }

    proptest! {
        /// The bitset mex is the plain definition.
        #[test]
        fn mex_is_least_missing(values in proptest::collection::vec(0usize..300, 0..80)) {
            let mut s = MexSet::with_capacity(8);
            let want = (0..).find(|v| !values.contains(v)).unwrap();
            prop_assert_eq!(s.mex_of(values.iter().copied()), want);
        }
    }

    /// Nim on a few heaps; a position splits into its heaps.
    struct Nim;

    impl Game for Nim {
        type Pos = Vec<u8>;
        /// (heap index, tokens left in it)
        type Move = (u8, u8);
        type Value = Outcome;
        fn moves(&self, pos: &Vec<u8>, out: &mut Vec<(u8, u8)>) {
            for (i, &h) in pos.iter().enumerate() {
                out.extend((0..h).map(|l| (i as u8, l)));
            }
        }
        fn play(&self, pos: &Vec<u8>, (i, l): (u8, u8)) -> StepOf<Self> {
            let mut p = pos.clone();
            p[i as usize] = l;
            Step { pos: p, reward: (), turn: Turn::Pass }
        }
        fn terminal(&self, _: &Vec<u8>) -> Outcome {
            Outcome::Lose(0)
        }
    }

    impl Impartial for Nim {
        fn split(&self, pos: &Vec<u8>, out: &mut Vec<Vec<u8>>) -> bool {
            if pos.len() < 2 {
                return false;
            }
            out.extend(pos.iter().map(|&h| vec![h]));
            true
        }
    }

    /// Wins straight from the rules: some move leaves a lost position.
    fn brute_wins(pos: &mut Vec<u8>) -> bool {
        for i in 0..pos.len() {
            let h = pos[i];
            for l in 0..h {
                pos[i] = l;
                let lost = !brute_wins(pos);
                pos[i] = h;
                if lost {
                    return true;
                }
            }
        }
        false
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Nimbers of Nim are the XOR of the heaps, with or without splitting,
        /// and the winning moves of the sum are exactly those the brute force finds.
        #[test]
        fn nim_values_and_winning_moves(heaps in proptest::collection::vec(0u8..5, 1..4)) {
            let want = heaps.iter().fold(0u32, |x, &h| x ^ h as u32);
            let mut split = Grundy::new(&Nim, Control::default());
            let mut whole = Grundy::new(&Nim, Control::default()).without_split();
            prop_assert_eq!(split.value(&heaps).unwrap(), want);
            prop_assert_eq!(whole.value(&heaps).unwrap(), want);
            prop_assert_eq!(brute_wins(&mut heaps.clone()), want != 0);
            let mut from_sum: Vec<(u8, u8)> = split
                .sum_winning_moves(&heaps)
                .unwrap()
                .into_iter()
                .map(|(i, (_, l))| (i as u8, l))
                .collect();
            from_sum.sort();
            let mut brute = Vec::new();
            let mut moves = Vec::new();
            Nim.moves(&heaps, &mut moves);
            for mv in moves {
                if !brute_wins(&mut Nim.play(&heaps, mv).pos) {
                    brute.push(mv);
                }
            }
            brute.sort();
            prop_assert_eq!(from_sum, brute);
        }
    }

    /// A two-position loop is reported, not searched forever.
    struct Loop;
    impl Game for Loop {
        type Pos = u8;
        type Move = ();
        type Value = Outcome;
        fn moves(&self, _: &u8, out: &mut Vec<()>) {
            out.push(());
        }
        fn play(&self, p: &u8, _: ()) -> StepOf<Self> {
            Step { pos: 1 - p, reward: (), turn: Turn::Pass }
        }
        fn terminal(&self, _: &u8) -> Outcome {
            Outcome::Lose(0)
        }
    }
    impl Impartial for Loop {}

    #[test]
    fn cycles_are_reported() {
        assert!(matches!(Grundy::new(&Loop, Control::default()).value(&0), Err(Error::Cycle)));
    }

    #[test]
    fn sum_targets_bring_the_xor_to_zero() {
        let values = [3u64, 5, 6];
        let x = nim_sum(values);
        assert_eq!(x, 0);
        let values = [1u64, 4, 7];
        for (i, t) in sum_targets(&values) {
            let mut v = values;
            v[i] = t;
            assert_eq!(nim_sum(v), 0);
        }
    }
}
