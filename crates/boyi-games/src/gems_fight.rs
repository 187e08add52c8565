//! Gems Fight! (HDU 4778): bags of coloured gems are taken one per turn into
//! a shared cooker, where every `S` gems of one colour melt into a magic
//! stone for the player who caused it; a player who makes stones moves again.
//! Both maximise their stones minus the opponent's.
//!
//! The cooker only depends on which bags are in it, and so does the number of
//! stones made so far: `stones(taken) = Σ_colour ⌊gems of that colour / S⌋`.
//! A move's reward is the difference of that count before and after, so the
//! position is just the mask of bags taken, and the per-mask stone counts
//! are computed once.

use boyi::index::bitmask;
use boyi::{Game, Indexed, Layered, Step, StepOf, Turn};
use rayon::prelude::*;

#[derive(Clone, Debug)]
pub struct GemsFight {
    bags: usize,
    /// Stones made once the bags in a mask are all in the cooker.
    stones: Vec<u16>,
}

impl GemsFight {
    /// Masks are `u32`.
    pub const MAX_BAGS: usize = 32;

    /// `bags[i][c]` is the number of gems of colour `c` in bag `i`; `s >= 1`.
    /// The total of gems of one colour must fit a `u16`.
    pub fn new(colours: usize, bags: &[Vec<u16>], s: u16) -> Self {
        assert!(s >= 1 && bags.len() <= Self::MAX_BAGS);
        assert!(bags.iter().all(|b| b.len() == colours));
        let n = bags.len();
        // Colour totals of every mask from two half tables: 2·2^(n/2) rows
        // instead of n additions per mask.
        let lo_bits = n / 2;
        let half = |offset: usize, bits: usize| -> Vec<u16> {
            let mut t = vec![0u16; (1 << bits) * colours];
            for m in 1usize..1 << bits {
                let low = m.trailing_zeros() as usize;
                let prev = m & (m - 1);
                for c in 0..colours {
                    t[m * colours + c] = t[prev * colours + c] + bags[offset + low][c];
                }
            }
            t
        };
        let lo = half(0, lo_bits);
        let hi = half(lo_bits, n - lo_bits);
        let lo_mask = (1usize << lo_bits) - 1;
        // A quotient table: a division by a runtime S per colour per mask
        // would cost more than everything else here.
        let most = lo.iter().max().map_or(0, |&x| x as usize) + hi.iter().max().map_or(0, |&x| x as usize);
        let quotient: Vec<u16> = (0..=most as u32).map(|x| (x / s as u32) as u16).collect();
        let mut stones = vec![0u16; 1 << n];
        stones.par_chunks_mut(1 << 12).enumerate().for_each(|(chunk, out)| {
            let base = chunk << 12;
            for (k, slot) in out.iter_mut().enumerate() {
                let m = base + k;
                let (l, h) = ((m & lo_mask) * colours, (m >> lo_bits) * colours);
                *slot = (0..colours).map(|c| quotient[(lo[l + c] + hi[h + c]) as usize]).sum();
            }
        });
        GemsFight { bags: n, stones }
    }

    /// Bytes the per-mask stone counts of `bags` bags take.
    pub fn bytes_for(bags: usize) -> u64 {
        (1u64 << bags) * 2
    }

    pub fn bags(&self) -> usize {
        self.bags
    }

    /// No bag taken yet.
    pub fn start(&self) -> u32 {
        0
    }

    /// Stones made in the whole game, whoever makes them.
    pub fn total_stones(&self) -> u16 {
        self.stones[self.stones.len() - 1]
    }
}

impl Game for GemsFight {
    type Pos = u32;
    /// The bag taken, 0-based.
    type Move = u8;
    type Value = i16;

    #[inline]
    fn moves(&self, &taken: &u32, out: &mut Vec<u8>) {
        let left = !taken as u64 & ((1u64 << self.bags) - 1);
        out.extend(bitmask::ones(left).map(|b| b as u8));
    }

    #[inline]
    fn play(&self, &taken: &u32, bag: u8) -> StepOf<Self> {
        let next = taken | 1 << bag;
        let made = (self.stones[next as usize] - self.stones[taken as usize]) as i16;
        Step { pos: next, reward: made, turn: if made > 0 { Turn::Again } else { Turn::Pass } }
    }

    fn terminal(&self, _: &u32) -> i16 {
        0
    }

    fn key(&self, &taken: &u32) -> u64 {
        taken as u64
    }

    fn order_moves(&self, &taken: &u32, moves: &mut [u8]) {
        // Bags that make stones now (and keep the turn) first.
        moves.sort_by_key(|&b| std::cmp::Reverse(self.stones[(taken | 1 << b) as usize]));
    }
}

impl Indexed for GemsFight {
    fn size(&self) -> u64 {
        1 << self.bags
    }

    fn rank(&self, &taken: &u32) -> u64 {
        taken as u64
    }

    fn unrank(&self, index: u64) -> u32 {
        index as u32
    }
}

impl GemsFight {
    fn runs(&self, layer: usize) -> bitmask::PopcountRuns {
        bitmask::PopcountRuns::new(self.bags as u32, layer as u32, 4096)
    }
}

impl Layered for GemsFight {
    /// Layer = bags taken.
    fn layer_count(&self) -> usize {
        self.bags + 1
    }

    fn layer_parts(&self, layer: usize) -> usize {
        self.runs(layer).count()
    }

    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, u32)>) {
        self.runs(layer).for_each(part, |m| out.push((m, m as u32)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table::Table};
    use boyi::Control;
    use proptest::prelude::*;

    /// The game as the statement tells it: a cooker of counts, melted after
    /// every bag, bonus turn on any stone.
    fn brute(bags: &[Vec<u16>], s: u16, left: &mut Vec<bool>, cooker: &mut Vec<u16>) -> i32 {
        let mut best: Option<i32> = None;
        for i in 0..bags.len() {
            if !left[i] {
                continue;
            }
            let saved = cooker.clone();
            let mut made = 0;
            for (c, g) in cooker.iter_mut().enumerate() {
                *g += bags[i][c];
                made += (*g / s) as i32;
                *g %= s;
            }
            left[i] = false;
            let rest = brute(bags, s, left, cooker);
            left[i] = true;
            *cooker = saved;
            let v = if made > 0 { made + rest } else { -rest };
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        best.unwrap_or(0)
    }

    fn instance() -> impl Strategy<Value = (usize, Vec<Vec<u16>>, u16)> {
        (1usize..=3, 0usize..=7, 1u16..=4).prop_flat_map(|(g, b, s)| {
            (Just(g), proptest::collection::vec(proptest::collection::vec(0u16..=3, g), b), Just(s))
        })
    }

    proptest! {
        #[test]
        fn solvers_agree_with_brute_force((g, bags, s) in instance()) {
            let game = GemsFight::new(g, &bags, s);
            let want = brute(&bags, s, &mut vec![true; bags.len()], &mut vec![0; g]) as i16;
            let ctl = Control::default();
            prop_assert_eq!(Table::solve(&game, &ctl).unwrap().value(&0), want);
            prop_assert_eq!(Negamax::new(&game, ctl.clone()).value(&0).unwrap(), want);
            prop_assert_eq!(AlphaBeta::new(&game, ctl, 1 << 12).unwrap().value(&0).unwrap(), want);
        }
    }
}
