//! Dawson's Kayles: a row of pins; a move knocks down two adjacent standing
//! pins; who cannot move loses. Octal game 0.07 (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 4): its Grundy values have period 34 from heap 53.
//!
//! A position is the standing pins, a bitmask over the row. The runs of
//! standing pins between fallen ones never interact, so a position is the
//! sum of its runs ([`Impartial::split`]), each run moved to the start of
//! the row so that equal runs are one position of the engine's memoised
//! Grundy solver. The tests value whole rows without splitting, and the
//! runs by the heap solver's 0.07 sequence, and compare.

use boyi::solve::grundy::Grundy;
use boyi::{Game, Impartial, Outcome, Step, StepOf, Turn};

use crate::diagram::{Cell, Diagram, Grid, Mark, Target};
use crate::error::Error;
use crate::listing::{best_first, Cx, Info, Integers, Listing, Moving, Valued};
use crate::notation;
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// A row of `n` pins (at most 64).
#[derive(Clone, Copy, Debug)]
pub struct Pins {
    n: u32,
}

impl Pins {
    pub const MAX: u32 = 64;

    pub fn new(n: u32) -> Self {
        assert!((1..=Self::MAX).contains(&n));
        Pins { n }
    }

    /// Every pin standing.
    pub fn full(&self) -> u64 {
        u64::MAX >> (64 - self.n)
    }
}

impl Game for Pins {
    /// Bit `i` set: pin `i` (from the left, from 0) stands.
    type Pos = u64;
    /// The left pin of the two knocked down.
    type Move = u8;
    type Value = Outcome;

    fn moves(&self, &pins: &u64, out: &mut Vec<u8>) {
        let pairs = pins & (pins >> 1);
        out.extend((0..self.n).filter(|&i| pairs >> i & 1 == 1).map(|i| i as u8));
    }

    fn play(&self, &pins: &u64, i: u8) -> StepOf<Self> {
        Step { pos: pins & !(3 << i), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &u64) -> Outcome {
        Outcome::Lose(0)
    }
}

impl Impartial for Pins {
    /// One component a run of standing pins, shifted to start at pin 0.
    fn split(&self, &pins: &u64, out: &mut Vec<u64>) -> bool {
        let mut runs = Vec::new();
        let mut rest = pins;
        while rest != 0 {
            let start = rest.trailing_zeros();
            let len = (rest >> start).trailing_ones();
            runs.push(if len == 64 { u64::MAX } else { (1u64 << len) - 1 });
            rest &= !(runs[runs.len() - 1] << start);
        }
        if runs.len() < 2 {
            return false;
        }
        out.extend(runs);
        true
    }
}

/// Dawson's Kayles in the catalogue. A position is the player to move and
/// the row, `o` a standing pin and `.` a fallen one: `1:oooo.ooo` (the row
/// alone: player 1 moves).
pub struct DawsonsKaylesListing;

static INFO: Info = Info {
    id: "dawsons-kayles",
    name: "Dawson's Kayles",
    aliases: &["0.07"],
    summary: "knock down two adjacent pins of a row; who cannot move loses (octal 0.07)",
    rules: "Pins stand in a row. A move knocks down two neighbouring standing pins. Who cannot move loses.",
    players: ["First", "Second"],
    values: "nimber",
    params: &[Param::int("n", "Pins", "10", 1, Pins::MAX as i64)],
    notation: "Position: the player to move and the row, o a standing pin, . a fallen one (1:oooo.ooo). \
               Move: the left pin of the two knocked down, 1-based (3).",
    end: "",
};

impl Listing for DawsonsKaylesListing {
    type Game = Pins;
    type State = Moving<u64>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Pins, Moving<u64>), Error> {
        let game = Pins::new(params.int(&INFO.params[0])? as u32);
        Ok((game, Moving::first(game.full())))
    }

    fn parse(&self, text: &str) -> Result<(Pins, Moving<u64>), Error> {
        let (mover, row) = notation::player(text)?;
        if row.is_empty() || row.len() > Pins::MAX as usize {
            return Err(Error::position(format!("a row of 1 to {} pins (o standing, . fallen)", Pins::MAX)));
        }
        let mut pins = 0u64;
        for (i, ch) in row.chars().enumerate() {
            match ch {
                'o' | 'O' => pins |= 1 << i,
                '.' => {}
                _ => {
                    return Err(Error::position(format!("'{}' is not a pin: o standing, . fallen", ch.escape_debug())))
                }
            }
        }
        Ok((Pins::new(row.chars().count() as u32), Moving { pos: pins, mover }))
    }

    fn write(&self, game: &Pins, m: &Moving<u64>) -> String {
        let row: String = (0..game.n).map(|i| if m.pos >> i & 1 == 1 { 'o' } else { '.' }).collect();
        format!("{}:{row}", m.mover + 1)
    }

    fn params(&self, game: &Pins, _: &Moving<u64>) -> Params {
        Params::new().with("n", game.n)
    }

    fn pos<'s>(&self, m: &'s Moving<u64>) -> &'s u64 {
        &m.pos
    }

    fn play(&self, game: &Pins, m: &Moving<u64>, i: u8) -> Moving<u64> {
        m.then(game.play(&m.pos, i).pos)
    }

    fn to_move(&self, _: &Pins, m: &Moving<u64>) -> usize {
        m.mover as usize
    }

    fn move_name(&self, _: &Pins, _: &Moving<u64>, i: u8) -> String {
        (i + 1).to_string()
    }

    fn move_label(&self, _: &Pins, _: &Moving<u64>, i: u8) -> String {
        format!("knock down pins {} and {}", i + 1, i + 2)
    }

    fn target(&self, _: &Pins, _: &Moving<u64>, i: u8) -> Option<Target> {
        Some(Target::Cell([0, i as u32]))
    }

    fn diagram(&self, game: &Pins, m: &Moving<u64>) -> Diagram {
        let cells = (0..game.n)
            .map(|i| if m.pos >> i & 1 == 1 { Cell::label("o") } else { Cell::label("o").mark(Mark::Gone) })
            .collect();
        Diagram::grid(Grid::new(1, game.n, cells)).note("a move knocks down a pin and its right-hand neighbour")
    }

    fn value(&self, game: &Pins, m: &Moving<u64>, cx: &Cx) -> Result<Valued<u8>, Error> {
        let mut grundy = Grundy::new(game, cx.ctl.clone());
        let value = Verdict::position_nimber(grundy.value(&m.pos)? as u64);
        let mut moves: Vec<(u8, Verdict)> =
            grundy.analyze(&m.pos)?.into_iter().map(|(i, left)| (i, Verdict::move_nimber(left as u64))).collect();
        best_first(&mut moves);
        Ok(Valued::new(value, moves, "grundy (each run of pins a component; XOR of their nimbers)"))
    }

    /// The 0.07 sequence, the nimber of each run length, to the row's
    /// length (at least 200 heaps, enough for the periodicity theorem to
    /// prove the period).
    fn picture(&self, game: &Pins, _: &Moving<u64>, cx: &Cx) -> Result<Option<String>, Error> {
        let to = u64::from(game.n).max(200);
        let report = crate::heap_report::grundy("0.07", to, to as usize + 1, cx.ctl)?;
        report.svg(to as usize + 1).map(Some).map_err(Error::input)
    }

    /// A run of `n` pins: knocking down two leaves the runs either side.
    fn integers(&self, _: &Pins) -> Option<Integers> {
        Some(Integers {
            dims: 1,
            moves: Box::new(|p| {
                let n = p[0];
                (0..n.saturating_sub(1)).map(|left| vec![vec![left], vec![n - 2 - left]]).collect()
            }),
            piles: None,
            heap_code: Some("0.07".to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::heaps::{heap_values, Method, TakeBreak};
    use boyi::Control;

    /// The mex over every move of the whole row, no splitting, memoised.
    fn brute(pins: u64, n: u32, memo: &mut std::collections::HashMap<u64, u32>) -> u32 {
        if let Some(&v) = memo.get(&pins) {
            return v;
        }
        let options: Vec<u32> =
            (0..n).filter(|&i| pins >> i & 3 == 3).map(|i| brute(pins & !(3 << i), n, memo)).collect();
        let v = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(pins, v);
        v
    }

    #[test]
    fn runs_sum_to_the_whole_row_and_match_the_octal_sequence() {
        let octal =
            heap_values(&TakeBreak::new(vec![0, 0, 7], 0, false).unwrap(), 64, Method::Auto, &Control::default())
                .unwrap()
                .values;
        for n in 1..=14u32 {
            let game = Pins::new(n);
            let mut whole = std::collections::HashMap::new();
            let mut grundy = Grundy::new(&game, Control::default());
            for pins in 0..1u64 << n {
                let want = brute(pins, n, &mut whole);
                assert_eq!(grundy.value(&pins).unwrap(), want, "n = {n}, pins {pins:b}");
            }
            assert_eq!(
                grundy.value(&game.full()).unwrap(),
                octal.get(n as usize),
                "a full row of {n} is heap {n} of 0.07"
            );
        }
        // Rows longer than brute force can go: the runs still follow 0.07.
        let game = Pins::new(64);
        let mut grundy = Grundy::new(&game, Control::default());
        assert_eq!(grundy.value(&game.full()).unwrap(), octal.get(64));
    }

    #[test]
    fn notation_reads_back() {
        let (game, m) = DawsonsKaylesListing.parse("2:oo.ooo").unwrap();
        assert_eq!((game.n, m.pos, m.mover), (6, 0b111011, 1));
        assert_eq!(DawsonsKaylesListing.write(&game, &m), "2:oo.ooo");
        assert!(DawsonsKaylesListing.parse("1:ox").is_err());
    }
}
