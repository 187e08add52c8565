//! BZOJ 1188 "分裂游戏": `t` cases of `n` and `n` bean counts; for each, the
//! first winning move `i j k` in lexicographic order (or `-1 -1 -1`) and the
//! number of winning moves.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, play_moves, AnalyzeRequest, Problem};
use crate::error::Error;
use crate::report::{Report, Shown, ShownMove};
use crate::split_game::{bean_values, nimber, winning_moves, SplitGame, MAX_BOTTLES};

pub struct SplitProblem;

const MAX_BEANS: u64 = 10_000;

fn parse(input: &str) -> Result<Vec<Vec<u64>>, Error> {
    let mut t = Tokens::new(input);
    let cases: usize = t.number_in("the case count t", 1..=10_000)?;
    let mut out = Vec::with_capacity(cases.min(1024));
    for case in 1..=cases {
        let n: usize = t.number_in(&format!("n of case {case}"), 2..=MAX_BOTTLES)?;
        let mut beans = Vec::with_capacity(n);
        for i in 0..n {
            beans.push(t.number_in(&format!("p_{i} of case {case}"), 0..=MAX_BEANS)?);
        }
        out.push(beans);
    }
    t.finish()?;
    Ok(out)
}

impl Problem for SplitProblem {
    fn id(&self) -> &'static str {
        "split-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj1188", "luogu3185", "hnoi2007-split"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 1188: move a bean from bottle i into bottles j and k (i < j <= k); each bean is a sum component"
    }

    fn help(&self) -> &'static str {
        "Input: t, then t cases, each `n` (2..=21) and n bean counts p_0 .. p_(n-1) (0..=10000).\n\
         Output: two lines a case: the lexicographically least winning move `i j k` (or `-1 -1 -1`)\n\
         and the number of winning moves.\n\
         Example:\n  1\n  3\n  0 0 1\n  -> -1 -1 -1\n  -> 0\n\
         Moves for analyze: `i,j,k` (0-based bottles), e.g. `boyi analyze split-game 0,2,3 < input`."
    }

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        let cases = parse(input)?;
        let mut out = String::new();
        for beans in cases {
            ctl.check()?;
            let g = bean_values(beans.len());
            let wins = winning_moves(&beans, &g);
            match wins.first() {
                Some((i, j, k)) => out += &format!("{i} {j} {k}\n"),
                None => out += "-1 -1 -1\n",
            }
            out += &format!("{}\n", wins.len());
        }
        Ok(out)
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        let beans = pick_case(parse(input)?, request.case)?;
        ctl.check()?;
        let n = beans.len();
        let game = SplitGame::new(n);
        let g = bean_values(n);
        // counts are at most 10^4, and a move adds two beans: u16 holds any analysed line
        let start: Vec<u16> = beans.iter().map(|&c| c as u16).collect();
        let mut played = 0;
        let pos = play_moves(
            &game,
            start,
            &request.moves,
            |_, s| {
                let v: Vec<u8> = s.split(',').map(|x| x.trim().parse().ok()).collect::<Option<_>>()?;
                (v.len() == 3).then(|| (v[0], v[1], v[2]))
            },
            |_, (i, j, k)| format!("{i},{j},{k}"),
            |_, _| played += 1,
        )?;
        let counts: Vec<u64> = pos.iter().map(|&c| c as u64).collect();
        let x = nimber(&counts, &g) as u64;
        let mut moves = Vec::new();
        for i in (0..n).filter(|&i| counts[i] > 0) {
            for j in i + 1..n {
                for k in j..n {
                    let left = x ^ (g[i] ^ g[j] ^ g[k]) as u64;
                    moves.push(ShownMove { mv: format!("{i},{j},{k}"), value: Shown::move_nimber(left) });
                }
            }
        }
        // winning moves first; the game's (lexicographic) order within each kind
        moves.sort_by_key(|m| !matches!(m.value, Shown::Nimber { nimber: 0, .. }));
        let values: Vec<String> = g.iter().map(|v| v.to_string()).collect();
        Ok(Report {
            game: self.id(),
            position: vec![
                format!("beans: {}", counts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")),
                format!("nimber of one bean in each bottle: {}", values.join(" ")),
            ],
            to_move: if played % 2 == 0 { "Congcong (first player)" } else { "Ruirui (second player)" }.to_string(),
            value: Shown::position_nimber(x),
            moves,
            solver: "grundy (each bean a component; XOR of their nimbers)",
        })
    }
}
