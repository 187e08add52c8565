//! Staircase Nim (POJ 1704 "Georgia and Bob"): men stand on distinct cells
//! of a strip numbered from 1; a move slides one man left by one or more
//! cells, never onto or over another man nor off the strip; who cannot
//! move loses.
//!
//! The theory: with the cells sorted and `gap_i` the free cells just left of
//! man `i` (the wall at cell 0), pair the men from the right; the gaps
//! `gap_N, gap_{N-2}, …` are Nim heaps, since moving the right man of a pair
//! takes from its heap and moving the left one only hands the same counters
//! to the pair on its left, which the opponent can take back. So the
//! position's nimber is their XOR ([`nimber`]). [`Staircase`] is the game as
//! stated; the tests value it whole with the engine's Grundy solver.

use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Diagram, Grid, Heap, Target};
use crate::error::Error;
use crate::listing::{best_first, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation::{self, join};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// The men's cells, ascending (1-based).
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Game for Staircase {
    type Pos = Vec<u32>;
    /// (which man, from the left; the cell it moves to)
    type Move = (u32, u32);
    type Value = Outcome;

    fn moves(&self, cells: &Vec<u32>, out: &mut Vec<(u32, u32)>) {
        for (i, &c) in cells.iter().enumerate() {
            let wall = if i == 0 { 0 } else { cells[i - 1] };
            out.extend((wall + 1..c).rev().map(|to| (i as u32, to)));
        }
    }

    fn play(&self, cells: &Vec<u32>, (i, to): (u32, u32)) -> StepOf<Self> {
        let mut next = cells.clone();
        next[i as usize] = to;
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u32>) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Staircase {}

/// The gaps: free cells left of each man (sorted cells).
pub fn gaps(cells: &[u32]) -> Vec<u32> {
    cells.iter().enumerate().map(|(i, &c)| c - if i == 0 { 0 } else { cells[i - 1] } - 1).collect()
}

/// The XOR of the gaps of the last man, the third last, and so on.
pub fn nimber(cells: &[u32]) -> u64 {
    gaps(cells).iter().rev().step_by(2).fold(0, |x, &g| x ^ g as u64)
}

/// Staircase Nim in the catalogue. A position is the player to move and the
/// men's cells: `1:1,5,6,7` (the cells alone: player 1 moves).
pub struct StaircaseListing;

static INFO: Info = Info {
    id: "staircase-nim",
    name: "Staircase Nim",
    aliases: &["georgia-and-bob"],
    summary: "slide a man left along a strip, never past another; who cannot move loses",
    rules: "Men stand on cells of a strip. A move slides one man left by one or more cells, never onto or \
            over another man and never off the strip. Who cannot move loses.",
    players: ["Georgia", "Bob"],
    values: "nimber",
    params: &[Param::text("cells", "Cells", "1,5,6,7,9,12").help("the men's cells, distinct, 1 to 10000")],
    notation: "Position: the player to move and the men's cells (1:1,5,6,7). Move: from-to, the cell a man \
               leaves and the cell it lands on (5-3).",
    end: "",
};

pub const MAX_CELL: u32 = 10_000;
const MAX_MEN: usize = 1_000;
/// Strips up to this long are drawn cell by cell; longer ones as their gaps.
const DRAWN: u32 = 60;

fn cells_of(text: &str, error: fn(String) -> Error) -> Result<Vec<u32>, Error> {
    let mut cells: Vec<u32> = notation::list(text, "a cell", 1, MAX_CELL).map_err(|e| error(e.to_string()))?;
    cells.sort_unstable();
    if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
        return Err(error(format!("two men on cell {}", w[0])));
    }
    if cells.is_empty() || cells.len() > MAX_MEN {
        return Err(error(format!("1 to {MAX_MEN} men, not {}", cells.len())));
    }
    Ok(cells)
}

impl Listing for StaircaseListing {
    type Game = Staircase;
    type State = Moving<Vec<u32>>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Staircase, Moving<Vec<u32>>), Error> {
        Ok((Staircase, Moving::first(cells_of(params.text(&INFO.params[0]), Error::Params)?)))
    }

    fn parse(&self, text: &str) -> Result<(Staircase, Moving<Vec<u32>>), Error> {
        let (mover, cells) = notation::player(text)?;
        Ok((Staircase, Moving { pos: cells_of(cells, Error::Position)?, mover }))
    }

    fn write(&self, _: &Staircase, m: &Moving<Vec<u32>>) -> String {
        format!("{}:{}", m.mover + 1, join(&m.pos, ","))
    }

    fn params(&self, _: &Staircase, m: &Moving<Vec<u32>>) -> Params {
        Params::new().with("cells", join(&m.pos, ","))
    }

    fn pos<'s>(&self, m: &'s Moving<Vec<u32>>) -> &'s Vec<u32> {
        &m.pos
    }

    fn play(&self, game: &Staircase, m: &Moving<Vec<u32>>, mv: (u32, u32)) -> Moving<Vec<u32>> {
        m.then(game.play(&m.pos, mv).pos)
    }

    fn to_move(&self, _: &Staircase, m: &Moving<Vec<u32>>) -> usize {
        m.mover as usize
    }

    fn parse_move(&self, game: &Staircase, m: &Moving<Vec<u32>>, text: &str) -> Option<(u32, u32)> {
        let (from, to) = text.trim().split_once('-')?;
        let (from, to) = (from.trim().parse::<u32>().ok()?, to.trim().parse::<u32>().ok()?);
        let i = m.pos.binary_search(&from).ok()? as u32;
        let mut legal = Vec::new();
        game.moves(&m.pos, &mut legal);
        legal.contains(&(i, to)).then_some((i, to))
    }

    fn move_name(&self, _: &Staircase, m: &Moving<Vec<u32>>, (i, to): (u32, u32)) -> String {
        format!("{}-{to}", m.pos[i as usize])
    }

    fn move_label(&self, _: &Staircase, m: &Moving<Vec<u32>>, (i, to): (u32, u32)) -> String {
        format!("slide the man on {} to {to}", m.pos[i as usize])
    }

    fn target(&self, _: &Staircase, m: &Moving<Vec<u32>>, (_, to): (u32, u32)) -> Option<Target> {
        (*m.pos.last().unwrap_or(&0) <= DRAWN).then_some(Target::Cell([0, to - 1]))
    }

    fn diagram(&self, _: &Staircase, m: &Moving<Vec<u32>>) -> Diagram {
        let last = *m.pos.last().unwrap_or(&0);
        let note = format!("gaps, right to left: {} (every other one from the right is a Nim heap)", {
            let mut g = gaps(&m.pos);
            g.reverse();
            join(g, " ")
        });
        if last <= DRAWN {
            let cells =
                (1..=last).map(|c| if m.pos.binary_search(&c).is_ok() { Cell::piece(0, "M") } else { Cell::default() });
            return Diagram::grid(Grid::new(1, last, cells.collect())).note(note);
        }
        let heaps =
            gaps(&m.pos).into_iter().enumerate().map(|(i, g)| Heap { size: g as u64, label: format!("Gap {}", i + 1) });
        Diagram::heaps(heaps.collect()).note(note)
    }

    fn value(&self, game: &Staircase, m: &Moving<Vec<u32>>, cx: &Cx) -> Result<Valued<(u32, u32)>, Error> {
        cx.ctl.check()?;
        let mut moves: Vec<((u32, u32), Verdict)> = self
            .moves(game, m)
            .into_iter()
            .map(|mv| (mv, Verdict::move_nimber(nimber(&game.play(&m.pos, mv).pos))))
            .collect();
        best_first(&mut moves);
        Ok(Valued::new(Verdict::position_nimber(nimber(&m.pos)), moves, "staircase Nim (XOR of every other gap)"))
    }

    /// Three men by their gaps (the free cells left of each, the first
    /// against the wall): enough for the rule to show that only every
    /// other gap counts, from the right.
    fn integers(&self, _: &Staircase) -> Option<Integers> {
        Some(Integers::of(
            Staircase,
            3,
            |gaps| {
                let mut cell = 0;
                gaps.iter()
                    .map(|&g| {
                        cell += g as u32 + 1;
                        cell
                    })
                    .collect()
            },
            |cells| vec![gaps(cells).into_iter().map(u64::from).collect()],
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::grundy::Grundy;
    use boyi::Control;

    /// Every placement of 1 to 4 men on cells 1..=9: the theory's nimber is
    /// the Grundy value of the whole position.
    #[test]
    fn every_other_gap_is_the_grundy_value() {
        let mut grundy = Grundy::new(&Staircase, Control::default());
        let mut checked = 0;
        for mask in 1u32..1 << 9 {
            if mask.count_ones() > 4 {
                continue;
            }
            let cells: Vec<u32> = (1..=9).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            assert_eq!(grundy.value(&cells).unwrap() as u64, nimber(&cells), "{cells:?}");
            checked += 1;
        }
        assert!(checked > 200);
    }
}
