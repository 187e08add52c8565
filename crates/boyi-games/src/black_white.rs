//! Black and white (SDOI 2011 "黑白棋", BZOJ 2281): on a row of `n` cells sit
//! `k` pieces alternating white, black, white, … from the left. White (the
//! first player) moves white pieces right, black moves black pieces left; a
//! turn moves 1 to `d` of one's own pieces, each by any positive distance,
//! never onto or over another piece. Whoever cannot move loses.
//!
//! [`Board`] is the game as stated. The theory: pair each white piece with
//! the black one to its right; a move shrinks the gaps of 1 to `d` pairs, by
//! either player, so the game is Moore's Nim_d on the gaps, lost for the
//! mover exactly when every bit is set in a multiple of `d + 1` gaps.
//! [`count_first_wins`] counts the winning layouts with that criterion and a
//! DP over the bits of the gaps; the tests solve every board of up to 10
//! cells with negamax and compare.

use boyi::{Game, Outcome, Step, StepOf, Turn};

pub const MODULUS: u64 = 1_000_000_007;

/// The game on a board of at most 16 cells.
#[derive(Clone, Debug)]
pub struct Board {
    n: u32,
    d: u32,
}

/// Occupied cells (bit `c` for cell `c`, 0-based) and whether white moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub cells: u16,
    pub white: bool,
}

impl Board {
    pub const MAX_N: u32 = 16;

    pub fn new(n: u32, d: u32) -> Self {
        assert!(n <= Self::MAX_N);
        Board { n, d }
    }

    /// Gaps inside each (white, black) pair, left to right.
    pub fn gaps(cells: u16) -> Vec<u32> {
        let pos: Vec<u32> = (0..16).filter(|c| cells >> c & 1 == 1).collect();
        pos.chunks(2).map(|p| p[1] - p[0] - 1).collect()
    }
}

impl Game for Board {
    type Pos = Layout;
    /// A move is named by the cells it leaves occupied.
    type Move = u16;
    type Value = Outcome;

    fn moves(&self, pos: &Layout, out: &mut Vec<u16>) {
        let cells: Vec<u32> = (0..self.n).filter(|c| pos.cells >> c & 1 == 1).collect();
        // the mover's pieces: whites at even places, blacks at odd places
        let mine: Vec<usize> = (0..cells.len()).filter(|&i| (i % 2 == 0) == pos.white).collect();
        // room[i]: how far piece mine[i] can go (to its pair partner)
        let room: Vec<u32> = mine
            .iter()
            .map(|&i| if pos.white { cells[i + 1] - cells[i] - 1 } else { cells[i] - cells[i - 1] - 1 })
            .collect();
        struct Walk<'a> {
            d: u32,
            mine: &'a [usize],
            room: &'a [u32],
            white: bool,
        }
        // piece by piece: leave it, or move it by 1..=room while under d moved
        fn go(w: &Walk, i: usize, moved: u32, cur: &mut [u32], out: &mut Vec<u16>) {
            if i == w.mine.len() {
                if moved > 0 {
                    out.push(cur.iter().fold(0u16, |m, &c| m | 1 << c));
                }
                return;
            }
            go(w, i + 1, moved, cur, out);
            if moved < w.d {
                let at = cur[w.mine[i]];
                for step in 1..=w.room[i] {
                    cur[w.mine[i]] = if w.white { at + step } else { at - step };
                    go(w, i + 1, moved + 1, cur, out);
                }
                cur[w.mine[i]] = at;
            }
        }
        let walk = Walk { d: self.d, mine: &mine, room: &room, white: pos.white };
        go(&walk, 0, 0, &mut cells.clone(), out);
    }

    fn play(&self, pos: &Layout, to: u16) -> StepOf<Self> {
        Step { pos: Layout { cells: to, white: !pos.white }, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Layout) -> Outcome {
        Outcome::Lose(0)
    }
}

/// Moore's criterion: the mover loses Nim_d exactly when, for every bit,
/// the number of piles with that bit set is a multiple of `d + 1`.
pub fn nim_d_lost(piles: &[u64], d: u64) -> bool {
    (0..64).all(|b| (piles.iter().filter(|&&p| p >> b & 1 == 1).count() as u64).is_multiple_of(d + 1))
}

/// Binomials mod [`MODULUS`] up to `n`.
struct Binomials {
    fact: Vec<u64>,
    inv: Vec<u64>,
}

impl Binomials {
    fn new(n: usize) -> Self {
        let mut fact = vec![1u64; n + 1];
        for i in 1..=n {
            fact[i] = fact[i - 1] * i as u64 % MODULUS;
        }
        let mut inv = vec![1u64; n + 1];
        inv[n] = pow(fact[n], MODULUS - 2);
        for i in (1..=n).rev() {
            inv[i - 1] = inv[i] * i as u64 % MODULUS;
        }
        Binomials { fact, inv }
    }

    fn c(&self, n: usize, k: usize) -> u64 {
        if k > n {
            0
        } else {
            self.fact[n] * self.inv[k] % MODULUS * self.inv[n - k] % MODULUS
        }
    }
}

fn pow(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    b %= MODULUS;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % MODULUS;
        }
        b = b * b % MODULUS;
        e >>= 1;
    }
    r
}

/// Layouts of `k` pieces on `n` cells that white (moving first) wins, mod
/// 10^9 + 7: all `C(n, k)` layouts less the lost ones. A lost layout has
/// gaps `g_1..g_h` (h = k/2) meeting Moore's criterion; `ways[s]` counts such
/// gap vectors of total `s`, built bit by bit (a multiple of `d + 1` gaps
/// get each bit), and the other `n - k - s` empty cells go into the `h + 1`
/// slots outside the pairs: `C(n - k - s + h, h)` ways.
pub fn count_first_wins(n: usize, k: usize, d: usize) -> u64 {
    assert!(k.is_multiple_of(2) && k <= n && d >= 1);
    let h = k / 2;
    let free = n - k;
    let b = Binomials::new(n + h + 1);
    let mut ways = vec![0u64; free + 1];
    ways[0] = 1;
    let mut bit = 1;
    while bit <= free {
        let mut next = vec![0u64; free + 1];
        for (s, &w) in ways.iter().enumerate().filter(|(_, &w)| w != 0) {
            let mut cnt = 0;
            while cnt <= h && s + cnt * bit <= free {
                next[s + cnt * bit] = (next[s + cnt * bit] + w * b.c(h, cnt)) % MODULUS;
                cnt += d + 1;
            }
        }
        ways = next;
        bit *= 2;
    }
    let lost = ways.iter().enumerate().fold(0, |acc, (s, &w)| (acc + w * b.c(free - s + h, h)) % MODULUS);
    (b.c(n, k) + MODULUS - lost) % MODULUS
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::negamax::Negamax;
    use boyi::Control;

    /// Every board up to 10 cells, every even k and every d: the literal game
    /// solved by negamax, layout by layout, gives the DP's count; and each
    /// layout's verdict is Moore's criterion on its gaps.
    #[test]
    fn counts_match_the_literal_game() {
        for n in 2..=10u32 {
            for k in (2..=n).step_by(2) {
                for d in 1..=k {
                    let game = Board::new(n, d);
                    let mut nm = Negamax::new(&game, Control::default());
                    let mut wins = 0;
                    for cells in 0u16..1 << n {
                        if cells.count_ones() != k {
                            continue;
                        }
                        let win = nm.value(&Layout { cells, white: true }).unwrap().is_win();
                        let gaps: Vec<u64> = Board::gaps(cells).iter().map(|&g| g as u64).collect();
                        assert_eq!(!nim_d_lost(&gaps, d as u64), win, "n={n} k={k} d={d} cells={cells:b}");
                        wins += win as u64;
                    }
                    assert_eq!(count_first_wins(n as usize, k as usize, d as usize), wins, "n={n} k={k} d={d}");
                }
            }
        }
    }

    #[test]
    fn statement_cases() {
        for (n, k, d, want) in [
            (10, 4, 2, 182),
            (8, 4, 1, 48),
            (9, 6, 2, 63),
            (10, 6, 3, 175),
            (7, 2, 1, 15),
            (11, 4, 4, 294),
            (2, 2, 1, 0),
        ] {
            assert_eq!(count_first_wins(n, k, d), want, "{n} {k} {d}");
        }
    }
}
