//! BZOJ 1982 "Moving Pebbles": cases until the end of input, each `n` and `n`
//! pile sizes (one a line by custom, but any whitespace does); `first player`
//! or `second player` a case.

use boyi::solve::negamax::Negamax;
use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, play_moves, AnalyzeRequest, Problem};
use crate::error::Error;
use crate::moving_pebbles::{second_player_wins, Pebbles, Piles};
use crate::report::{shown_moves, Report, Show, Shown};

pub struct PebblesProblem;

const MAX_PILES: usize = 100_000;
const MAX_PILE: u64 = 1 << 62;
/// Positions `analyze` solves move by move (beyond them it gives the theory's value only).
const ANALYZE_STONES: u64 = 16;

fn parse(input: &str) -> Result<Vec<Vec<u64>>, Error> {
    let mut t = Tokens::new(input);
    let mut cases = Vec::new();
    while !t.at_end() {
        let case = cases.len() + 1;
        let n: usize = t.number_in(&format!("the pile count n of case {case}"), 1..=MAX_PILES)?;
        let mut piles = Vec::with_capacity(n);
        for i in 1..=n {
            piles.push(t.number_in(&format!("pile {i} of case {case}"), 1..=MAX_PILE)?);
        }
        cases.push(piles);
    }
    if cases.is_empty() {
        return Err(Error::input("the input has no case: expected n and n pile sizes"));
    }
    Ok(cases)
}

impl Problem for PebblesProblem {
    fn id(&self) -> &'static str {
        "moving-pebbles"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj1982", "spoj2021", "poj1740"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 1982: take stones from a pile and spread some of the rest onto other piles; pairs of equal piles lose"
    }

    fn help(&self) -> &'static str {
        "Input: cases until the end of input, each `n` (1..=100000) and n positive pile sizes.\n\
         Output: `first player` or `second player` (who wins) a case.\n\
         Example:\n  3 2 1 3\n  -> first player\n\
         Analyze: `--case K` picks a case; a move is named by the piles it leaves, e.g. `2,5,2`.\n\
         Positions of at most 8 piles and 16 stones are solved move by move (negamax);\n\
         larger ones get the pairing rule's verdict only."
    }

    fn solve(&self, input: &str, _ctl: &Control) -> Result<String, Error> {
        let mut out = String::new();
        for mut piles in parse(input)? {
            out.push_str(if second_player_wins(&mut piles) { "second player\n" } else { "first player\n" });
        }
        Ok(out)
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        let mut piles = pick_case(parse(input)?, request.case)?;
        let total: u64 = piles.iter().sum();
        let small = piles.len() <= Piles::MAX && total <= ANALYZE_STONES;
        if !small {
            if !request.moves.is_empty() {
                return Err(Error::input(format!(
                    "moves can be played on at most {} piles of {ANALYZE_STONES} stones in all",
                    Piles::MAX
                )));
            }
            let second = second_player_wins(&mut piles);
            let shown: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
            return Ok(Report {
                game: self.id(),
                position: vec![
                    format!("piles: {}", shown.join(" ")),
                    "too large to list moves; the verdict is the pairing rule's".to_string(),
                ],
                to_move: "first player".to_string(),
                value: Shown::Outcome { result: if second { "lose" } else { "win" }, remoteness: None },
                moves: Vec::new(),
                solver: "theory (equal pairs lose)",
            });
        }
        let sizes: Vec<u8> = piles.iter().map(|&p| p as u8).collect();
        let mut played = 0;
        let pos = play_moves(
            &Pebbles,
            Piles::new(&sizes),
            &request.moves,
            |_, s| {
                let v: Vec<u8> = s.split(',').map(|x| x.trim().parse().ok()).collect::<Option<_>>()?;
                (v.len() <= Piles::MAX).then(|| Piles::new(&v))
            },
            |_, p| p.sizes().iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","),
            |_, _| played += 1,
        )?;
        let mut nm = Negamax::new(&Pebbles, ctl.clone());
        let analysis = nm.analyze(&pos)?;
        let value = nm.value(&pos)?;
        let name = |p: Piles| p.sizes().iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
        Ok(Report {
            game: self.id(),
            position: vec![format!(
                "piles: {}",
                pos.sizes().iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
            )],
            to_move: if played % 2 == 0 { "first player" } else { "second player" }.to_string(),
            value: value.show(),
            moves: shown_moves::<Pebbles>(&analysis, name),
            solver: "negamax",
        })
    }
}
