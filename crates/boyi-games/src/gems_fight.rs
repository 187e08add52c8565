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

use crate::diagram::{Cell, Diagram, Grid, Mark, Target};
use crate::error::{reserve, Error};
use crate::listing::{valued_by, Cx, Info, Listing, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

#[derive(Clone, Debug)]
pub struct GemsFight {
    /// `bags[i][c]`: gems of colour `c` in bag `i`.
    bags: Vec<Vec<u16>>,
    /// Gems of one colour that make a stone.
    s: u16,
    /// Stones made once the bags in a mask are all in the cooker; without
    /// it (a game only played, not solved) each count is summed afresh.
    stones: Option<Vec<u16>>,
}

impl GemsFight {
    /// Masks are `u32`.
    pub const MAX_BAGS: usize = 32;

    /// `bags[i][c]` is the number of gems of colour `c` in bag `i`; `s >= 1`.
    /// The total of gems of one colour must fit a `u16`.
    /// The game for playing a few moves: stone counts are summed as needed.
    pub fn unindexed(colours: usize, bags: &[Vec<u16>], s: u16) -> Self {
        assert!(s >= 1 && bags.len() <= Self::MAX_BAGS);
        assert!(bags.iter().all(|b| b.len() == colours));
        GemsFight { bags: bags.to_vec(), s, stones: None }
    }

    /// The game for solving, with the stone count of every set of bags
    /// (see [`GemsFight::bytes_for`]).
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
        GemsFight { bags: bags.to_vec(), s, stones: Some(stones) }
    }

    /// Stones made once the bags in `taken` are in the cooker.
    #[inline]
    pub fn stones(&self, taken: u32) -> u16 {
        match &self.stones {
            Some(t) => t[taken as usize],
            None => self.count_stones(taken),
        }
    }

    /// [`GemsFight::stones`] summed afresh: kept out of line, so that the
    /// solver's lookup stays small enough to inline.
    #[cold]
    #[inline(never)]
    fn count_stones(&self, taken: u32) -> u16 {
        let colours = self.bags.first().map_or(0, Vec::len);
        (0..colours)
            .map(|c| {
                let gems: u32 = bitmask::ones(taken as u64).map(|b| self.bags[b as usize][c] as u32).sum();
                (gems / self.s as u32) as u16
            })
            .sum()
    }

    /// Gems of each colour in each bag.
    pub fn contents(&self) -> &[Vec<u16>] {
        &self.bags
    }

    /// Gems of one colour that make a stone.
    pub fn s(&self) -> u16 {
        self.s
    }

    /// Bytes the per-mask stone counts of `bags` bags take.
    pub fn bytes_for(bags: usize) -> u64 {
        (1u64 << bags) * 2
    }

    pub fn bags(&self) -> usize {
        self.bags.len()
    }

    /// No bag taken yet.
    pub fn start(&self) -> u32 {
        0
    }

    /// Stones made in the whole game, whoever makes them.
    pub fn total_stones(&self) -> u16 {
        self.stones(((1u64 << self.bags()) - 1) as u32)
    }
}

impl Game for GemsFight {
    type Pos = u32;
    /// The bag taken, 0-based.
    type Move = u8;
    type Value = i16;

    #[inline]
    fn moves(&self, &taken: &u32, out: &mut Vec<u8>) {
        let left = !taken as u64 & ((1u64 << self.bags()) - 1);
        out.extend(bitmask::ones(left).map(|b| b as u8));
    }

    #[inline]
    fn play(&self, &taken: &u32, bag: u8) -> StepOf<Self> {
        let next = taken | 1 << bag;
        let made = (self.stones(next) - self.stones(taken)) as i16;
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
        moves.sort_by_key(|&b| std::cmp::Reverse(self.stones(taken | 1 << b)));
    }
}

impl Indexed for GemsFight {
    fn size(&self) -> u64 {
        1 << self.bags()
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
        bitmask::PopcountRuns::new(self.bags() as u32, layer as u32, 4096)
    }
}

impl Layered for GemsFight {
    /// Layer = bags taken.
    fn layer_count(&self) -> usize {
        self.bags() + 1
    }

    fn layer_parts(&self, layer: usize) -> usize {
        self.runs(layer).count()
    }

    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, u32)>) {
        self.runs(layer).for_each(part, |m| out.push((m, m as u32)));
    }
}

/// Gems Fight in the catalogue. A position is the colour count, `S`, the
/// bags (each its gems' colours joined by `.`), then the bags taken so far
/// in order (1-based): `3:2:1.2.3,1.2.3:2`; the taken bags may be left out.
/// Who moves, and the stones each has, come from replaying the bags taken.
pub struct GemsFightListing;

/// The bags taken, in order, and what that made.
#[derive(Clone, Debug)]
pub struct Taken {
    pub mask: u32,
    pub order: Vec<u8>,
    /// 0 when Alice moves.
    pub mover: u8,
    pub stones: [i64; 2],
}

static INFO: Info = Info {
    id: "gems-fight",
    name: "Gems Fight!",
    aliases: &[],
    summary: "take bags of gems into a shared cooker; S of a colour make a stone and a bonus turn",
    rules: "Take one bag a turn and pour it into the cooker. Every S gems of one colour there melt into a \
            magic stone for the player who poured; a player who makes a stone moves again. Each plays \
            for more stones than the other.",
    players: ["Alice", "Bob"],
    values: "score",
    params: &[
        Param::int("colours", "Colours", "3", 1, 8),
        Param::int("s", "Gems a stone", "2", 1, 20),
        Param::text("bags", "Bags", "")
            .help("each bag its gems' colours joined by dots, bags by commas (1.2.3,1.1); empty for random bags"),
        Param::int("count", "Bags when random", "8", 1, 20),
        Param::int("seed", "Random seed", "0", 0, u32::MAX as i64).help("0 for new bags each time"),
    ],
    notation: "Position: colours:S:bags:taken, each bag its gems' colours joined by dots, the bags \
               taken in order (3:2:1.2.3,1.2.3:2). Move: the bag to take, 1-based (2).",
    end: "",
};

/// Bags a position may hold: solving it takes `2^bags` slots of 4 bytes.
const MAX_POSITION_BAGS: usize = 26;

impl GemsFightListing {
    /// No bag taken yet, Alice to move.
    pub fn start_of() -> Taken {
        Taken { mask: 0, order: Vec::new(), mover: 0, stones: [0, 0] }
    }

    fn bags_text(game: &GemsFight) -> String {
        let bag = |counts: &Vec<u16>| {
            join(counts.iter().enumerate().flat_map(|(c, &n)| std::iter::repeat_n(c + 1, n as usize)), ".")
        };
        join(game.contents().iter().map(bag), ",")
    }

    fn instance(game: &GemsFight) -> String {
        format!("{}:{}:{}", game.contents().first().map_or(0, Vec::len), game.s(), Self::bags_text(game))
    }

    fn bags(text: &str, colours: usize, error: fn(String) -> Error) -> Result<Vec<Vec<u16>>, Error> {
        let bags: Vec<Vec<u16>> = text
            .split(',')
            .map(str::trim)
            .filter(|b| !b.is_empty())
            .map(|b| {
                let mut counts = vec![0u16; colours];
                for gem in b.split('.') {
                    let c: usize =
                        notation::number(gem, "a gem's colour", 1, colours).map_err(|e| error(e.to_string()))?;
                    counts[c - 1] = counts[c - 1].saturating_add(1);
                }
                Ok(counts)
            })
            .collect::<Result<_, Error>>()?;
        if bags.is_empty() || bags.len() > MAX_POSITION_BAGS {
            return Err(error(format!("1 to {MAX_POSITION_BAGS} bags, not {}", bags.len())));
        }
        Ok(bags)
    }
}

impl Listing for GemsFightListing {
    type Game = GemsFight;
    type State = Taken;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(GemsFight, Taken), Error> {
        let [colours, s, bags, count, seed] = &INFO.params else { unreachable!() };
        let g = params.int(colours)? as usize;
        let text = params.text(bags);
        let contents = if text.is_empty() {
            let mut rng = notation::rng(params.int(seed)? as u64);
            (0..params.int(count)?)
                .map(|_| {
                    let mut counts = vec![0u16; g];
                    for _ in 0..rng.range(1, 4) {
                        counts[rng.range(0, g as i64 - 1) as usize] += 1;
                    }
                    counts
                })
                .collect()
        } else {
            Self::bags(text, g, Error::Params)?
        };
        let game = GemsFight::unindexed(g, &contents, params.int(s)? as u16);
        Ok((game, Self::start_of()))
    }

    fn parse(&self, text: &str) -> Result<(GemsFight, Taken), Error> {
        let p = notation::parts(text, 3, 4, "3:2:1.2.3,1.2.3:2")?;
        let g: usize = notation::number(p[0], "the colour count", 1, 64)?;
        let s: u16 = notation::number(p[1], "S", 1, u16::MAX)?;
        let game = GemsFight::unindexed(g, &Self::bags(p[2], g, Error::Position)?, s);
        let mut state = Self::start_of();
        for bag in p.get(3).copied().unwrap_or("").split(',').map(str::trim).filter(|b| !b.is_empty()) {
            let b: u8 = notation::number(bag, "a bag taken", 1, game.bags() as u8)?;
            if state.mask >> (b - 1) & 1 == 1 {
                return Err(Error::position(format!("bag {b} is taken twice")));
            }
            state = self.play(&game, &state, b - 1);
        }
        Ok((game, state))
    }

    fn write(&self, game: &GemsFight, state: &Taken) -> String {
        format!("{}:{}", Self::instance(game), join(state.order.iter().map(|b| b + 1), ","))
    }

    fn params(&self, game: &GemsFight, _: &Taken) -> Params {
        Params::new()
            .with("colours", game.contents().first().map_or(0, Vec::len))
            .with("s", game.s())
            .with("bags", Self::bags_text(game))
    }

    fn pos<'s>(&self, state: &'s Taken) -> &'s u32 {
        &state.mask
    }

    fn play(&self, game: &GemsFight, state: &Taken, bag: u8) -> Taken {
        let step = game.play(&state.mask, bag);
        let mut next = state.clone();
        next.mask = step.pos;
        next.order.push(bag);
        next.stones[state.mover as usize] += step.reward as i64;
        if step.turn == Turn::Pass {
            next.mover = 1 - state.mover;
        }
        next
    }

    fn to_move(&self, _: &GemsFight, state: &Taken) -> usize {
        state.mover as usize
    }

    fn move_name(&self, _: &GemsFight, _: &Taken, bag: u8) -> String {
        (bag + 1).to_string()
    }

    fn move_label(&self, _: &GemsFight, _: &Taken, bag: u8) -> String {
        format!("bag {}", bag + 1)
    }

    fn target(&self, _: &GemsFight, _: &Taken, bag: u8) -> Option<Target> {
        Some(Target::Cell([0, bag as u32]))
    }

    fn diagram(&self, game: &GemsFight, state: &Taken) -> Diagram {
        let mut cells: Vec<Cell> = Self::bags_text(game).split(',').map(Cell::label).collect();
        let mut mover = 0u8;
        let mut mask = 0u32;
        for &b in &state.order {
            cells[b as usize] = std::mem::take(&mut cells[b as usize]).mark(Mark::Gone);
            cells[b as usize].owner = Some(mover);
            let step = game.play(&mask, b);
            mask = step.pos;
            if step.turn == Turn::Pass {
                mover = 1 - mover;
            }
        }
        Diagram::grid(Grid::new(1, game.bags() as u32, cells))
            .note(format!("each bag's gems by colour; {} of a colour make a stone", game.s()))
            .note(format!("stones so far: Alice {}, Bob {}", state.stones[0], state.stones[1]))
    }

    fn points(&self, _: &GemsFight, state: &Taken) -> Option<[i64; 2]> {
        Some(state.stones)
    }

    fn value(&self, game: &GemsFight, state: &Taken, cx: &Cx) -> Result<Valued<u8>, Error> {
        reserve(cx.ctl, "the stone counts of every set of bags", GemsFight::bytes_for(game.bags()))?;
        let solved = GemsFight::new(game.contents().first().map_or(0, Vec::len), game.contents(), game.s());
        let table = cx.table(&format!("gems-fight:{}", Self::instance(game)), &solved)?;
        let left = Some(game.bags() as u32 - state.mask.count_ones());
        valued_by(
            &solved,
            &state.mask,
            |child| Ok(table.value(&solved, child)),
            |v| Verdict::Margin { score: v as i64, left },
            "table",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::{alphabeta::AlphaBeta, negamax::Negamax, table};
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
            prop_assert_eq!(table::solve(&game, &ctl).unwrap().value(&game, &0), want);
            prop_assert_eq!(table::solve(&GemsFight::unindexed(g, &bags, s), &ctl).unwrap().value(&game, &0), want);
            prop_assert_eq!(Negamax::new(&game, ctl.clone()).value(&0).unwrap(), want);
            prop_assert_eq!(AlphaBeta::new(&game, ctl, 1 << 12).unwrap().value(&0).unwrap(), want);
        }
    }
}
