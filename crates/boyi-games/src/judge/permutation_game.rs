//! The permutation game: `T`, then `T` cases of `N` and `N` numbers; one line
//! a case, `Alice` when the first player wins, else `Bob`.

use boyi::solve::table::Table;
use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, play_moves, AnalyzeRequest, Problem};
use crate::error::{reserve, Error};
use crate::permutation_game::PermutationGame;
use crate::report::{shown_moves, Report, Show};

pub struct PermutationProblem;

fn parse(input: &str) -> Result<Vec<Vec<i64>>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count T", 1..=100_000)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: usize = t.number_in(&format!("N of case {case}"), 1..=PermutationGame::MAX_LEN)?;
        let mut seq = Vec::with_capacity(n);
        for i in 1..=n {
            seq.push(t.number::<i64>(&format!("number {i} of case {case}"))?);
        }
        out.push(seq);
    }
    t.finish()?;
    Ok(out)
}

fn solve_one(seq: Vec<i64>, ctl: &Control) -> Result<(PermutationGame, boyi::Outcome), Error> {
    reserve(ctl, "the increasing-subsequence bitmap", PermutationGame::bytes_for(seq.len()))?;
    let game = PermutationGame::new(seq);
    let value = Table::solve(&game, ctl)?.value(&game.start());
    Ok((game, value))
}

impl Problem for PermutationProblem {
    fn id(&self) -> &'static str {
        "permutation-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["sorted-removal", "hackerrank-permutation-game"]
    }

    fn summary(&self) -> &'static str {
        "Remove numbers until the rest is strictly increasing; the last remover wins (bitmask table)"
    }

    fn help(&self) -> &'static str {
        "Input: T, then T cases, each `N` and a line of N integers (values may repeat).\n\
         Output: one line a case, `Alice` if the first player wins, else `Bob`.\n\
         Example:\n  2\n  3\n  1 3 2\n  5\n  5 3 2 1 4\n  -> Alice\n  -> Bob\n\
         Moves for analyze: the 1-based place, in the original sequence, of the number removed,\n\
         e.g. `boyi analyze permutation-game --case 2 1 < input`.\n\
         Sizes: N <= 30 within the memory limit; 2^N positions of 2 bytes (N = 24: 32 MiB)."
    }

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        let cases = parse(input)?;
        let mut out = String::new();
        for seq in cases {
            let (_, value) = solve_one(seq, ctl)?;
            out.push_str(if value.is_win() { "Alice\n" } else { "Bob\n" });
        }
        Ok(out)
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        let seq = pick_case(parse(input)?, request.case)?;
        reserve(ctl, "the increasing-subsequence bitmap", PermutationGame::bytes_for(seq.len()))?;
        let game = PermutationGame::new(seq);
        let name = |i: u8| format!("{} (value {})", i + 1, game.values()[i as usize]);
        let mut removed = 0;
        let mask = play_moves(
            &game,
            game.start(),
            &request.moves,
            |_, s| s.trim().parse::<u8>().ok()?.checked_sub(1),
            |_, i| (i + 1).to_string(),
            |_, _| removed += 1,
        )?;
        let table = Table::solve(&game, ctl)?;
        let analysis = table.analyze(&mask);
        let left: Vec<String> = (0..game.len())
            .map(|i| if mask >> i & 1 == 1 { game.values()[i].to_string() } else { "_".to_string() })
            .collect();
        let mut position = vec![left.join(" ")];
        if game.is_increasing(mask) {
            position.push("the rest is strictly increasing: the game is over".to_string());
        }
        Ok(Report {
            game: self.id(),
            position,
            to_move: if removed % 2 == 0 { "Alice (first player)" } else { "Bob (second player)" }.to_string(),
            value: table.value(&mask).show(),
            moves: shown_moves::<PermutationGame>(&analysis, name),
            solver: "table",
        })
    }
}
