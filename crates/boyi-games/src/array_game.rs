//! The array game (HAOI 2015 "数组游戏", BZOJ 4035): cells `1..=n` are white
//! or black; a move picks a white cell `x` and a `k` in `1..=n/x` and flips
//! cells `x, 2x, …, kx`. Whoever cannot move (no white cell) loses.
//!
//! A coin-turning game: the nimber of a colouring is the XOR of the nimbers
//! of its white cells alone, and a lone white cell's nimber depends only on
//! `q = n / x` (rounded down): `G(q) = mex({0} ∪ {G(q/2) ^ … ^ G(q/j) : 2 <= j <= q})`.
//! [`CellValues`] computes `G` for the O(√n) distinct quotients, walking
//! `j` in blocks of equal `q / j` (within a block the prefix XOR only
//! alternates): about n^(3/4) steps, and two arrays of √n values, so
//! n = 10^9 fits the judge's 32 MiB. [`ArrayGame`] is the game itself on
//! small boards; the tests value it whole and compare.

use boyi::solve::grundy::MexSet;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

/// The game on a board small enough for a bitmask (bit `x - 1` is cell `x`, set when white).
#[derive(Clone, Debug)]
pub struct ArrayGame {
    n: u32,
}

impl ArrayGame {
    pub const MAX_N: u32 = 30;

    pub fn new(n: u32) -> Self {
        assert!(n <= Self::MAX_N);
        ArrayGame { n }
    }
}

impl Game for ArrayGame {
    type Pos = u32;
    /// `(x, k)`: flip `x, 2x, …, kx`.
    type Move = (u32, u32);
    type Value = Outcome;

    fn moves(&self, &mask: &u32, out: &mut Vec<(u32, u32)>) {
        for x in (1..=self.n).filter(|&x| mask >> (x - 1) & 1 == 1) {
            out.extend((1..=self.n / x).map(|k| (x, k)));
        }
    }

    fn play(&self, &mask: &u32, (x, k): (u32, u32)) -> StepOf<Self> {
        let flips = (1..=k).fold(0u32, |f, j| f | 1 << (j * x - 1));
        Step { pos: mask ^ flips, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &u32) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for ArrayGame {
    /// One component per white cell (the coin-turning theorem).
    fn split(&self, &mask: &u32, out: &mut Vec<u32>) -> bool {
        if mask.count_ones() < 2 {
            return false;
        }
        let mut m = mask;
        while m != 0 {
            out.push(m & m.wrapping_neg());
            m &= m - 1;
        }
        true
    }
}

/// `G(n / x)` for every `x`, stored by quotient.
#[derive(Clone, Debug)]
pub struct CellValues {
    n: u64,
    root: u64,
    /// `small[q]` for `q <= root`; `large[n / q]` for `q > root`.
    small: Vec<u32>,
    large: Vec<u32>,
}

impl CellValues {
    pub const MAX_N: u64 = 1 << 40;

    /// Bytes the tables for `n` take.
    pub fn bytes_for(n: u64) -> u64 {
        2 * (n.isqrt() + 2) * 4
    }

    pub fn new(n: u64, mut check: impl FnMut() -> bool) -> Option<Self> {
        assert!((1..=Self::MAX_N).contains(&n));
        let root = n.isqrt();
        let mut t = CellValues { n, root, small: vec![0; root as usize + 1], large: vec![0; root as usize + 2] };
        // the distinct quotients n / x, ascending
        let mut quotients = Vec::with_capacity(2 * root as usize + 2);
        let mut x = 1;
        while x <= n {
            let q = n / x;
            quotients.push(q);
            x = n / q + 1;
        }
        quotients.reverse();
        let mut set = MexSet::new();
        for (i, &q) in quotients.iter().enumerate() {
            if i % 1024 == 0 && !check() {
                return None;
            }
            set.clear();
            set.insert(0); // k = 1 flips x alone
            let mut prefix = 0u32;
            let mut j = 2;
            while j <= q {
                let v = q / j;
                let last = q / v;
                let gv = t.get(v);
                // prefix XORs in the block: prefix ^ gv at j, prefix at j + 1, …
                set.insert((prefix ^ gv) as usize);
                if (last - j + 1) % 2 == 1 {
                    prefix ^= gv;
                }
                j = last + 1;
            }
            let value = set.mex() as u32;
            if q <= root {
                t.small[q as usize] = value;
            } else {
                t.large[(n / q) as usize] = value;
            }
        }
        Some(t)
    }

    /// `G(q)` for a quotient `q = n / x`.
    #[inline]
    pub fn get(&self, q: u64) -> u32 {
        if q <= self.root {
            self.small[q as usize]
        } else {
            self.large[(self.n / q) as usize]
        }
    }

    /// The nimber of cell `x` white alone.
    pub fn cell(&self, x: u64) -> u32 {
        self.get(self.n / x)
    }

    /// The nimber of a colouring: the XOR over its white cells.
    pub fn nimber(&self, white: &[u64]) -> u32 {
        white.iter().fold(0, |acc, &x| acc ^ self.cell(x))
    }
}

/// Single-cell nimbers straight from their definition, cell by cell from the
/// right: O(n log n), for checking [`CellValues`].
pub fn cell_values_direct(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut set = MexSet::new();
    for x in (1..=n).rev() {
        set.clear();
        set.insert(0);
        let mut prefix = 0;
        for j in 2..=n / x {
            prefix ^= g[j * x];
            set.insert(prefix as usize);
        }
        g[x] = set.mex() as u32;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::grundy::Grundy;
    use boyi::Control;
    use proptest::prelude::*;

    /// Every colouring of every board up to 12 cells: the game valued whole
    /// (no splitting) has the nimber the quotient table gives.
    #[test]
    fn every_small_board() {
        for n in 1..=12u32 {
            let game = ArrayGame::new(n);
            let table = CellValues::new(n as u64, || true).unwrap();
            let mut whole = Grundy::new(&game, Control::default()).without_split();
            for mask in 0..1u32 << n {
                let white: Vec<u64> = (1..=n as u64).filter(|&x| mask >> (x - 1) & 1 == 1).collect();
                assert_eq!(whole.value(&mask).unwrap(), table.nimber(&white), "n = {n}, mask {mask:b}");
            }
        }
    }

    proptest! {
        /// Divisor blocks agree with the cell-by-cell definition.
        #[test]
        fn blocks_match_the_definition(n in 1usize..4000) {
            let direct = cell_values_direct(n);
            let table = CellValues::new(n as u64, || true).unwrap();
            for (x, &want) in direct.iter().enumerate().skip(1) {
                prop_assert_eq!(table.cell(x as u64), want, "n = {}, x = {}", n, x);
            }
        }
    }
}
