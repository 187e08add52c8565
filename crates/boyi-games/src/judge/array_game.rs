//! BZOJ 4035 "数组游戏": `n`, `K`, then `K` queries of `w` white cells; `Yes`
//! when the first player wins, else `No`.

use boyi::Control;

use super::tokens::Tokens;
use super::{pick_case, AnalyzeRequest, Problem};
use crate::array_game::CellValues;
use crate::error::{reserve, Error};
use crate::report::{Report, Shown, ShownMove};

pub struct ArrayProblem;

const MAX_N: u64 = 1_000_000_000;

struct Input {
    n: u64,
    queries: Vec<Vec<u64>>,
}

fn parse(input: &str) -> Result<Input, Error> {
    let mut t = Tokens::new(input);
    let n: u64 = t.number_in("the array length n", 1..=MAX_N)?;
    let k: usize = t.number_in("the query count K", 1..=100_000)?;
    let mut queries = Vec::with_capacity(k.min(1024));
    for q in 1..=k {
        let w: u64 = t.number_in(&format!("the white cell count of query {q}"), 1..=n.min(100_000))?;
        let mut cells = Vec::with_capacity(w as usize);
        for i in 1..=w {
            cells.push(t.number_in(&format!("white cell {i} of query {q}"), 1..=n)?);
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if let Some(x) = sorted.windows(2).find(|p| p[0] == p[1]) {
            return Err(Error::input(format!("query {q}: cell {} is listed twice", x[0])));
        }
        queries.push(cells);
    }
    t.finish()?;
    Ok(Input { n, queries })
}

fn table(n: u64, ctl: &Control) -> Result<CellValues, Error> {
    reserve(ctl, "the single-cell nimbers", CellValues::bytes_for(n))?;
    ctl.start("single-cell nimbers", 0);
    let t = CellValues::new(n, || ctl.check().is_ok());
    ctl.finish();
    ctl.check()?;
    Ok(t.expect("only an interrupt stops the table"))
}

/// Moves listed for one white cell in `analyze` (beyond these, only winning ones).
const LIST_K: u64 = 60;
/// Largest `k` examined for winning moves in `analyze`.
const WALK_K: u64 = 100_000;

impl Problem for ArrayProblem {
    fn id(&self) -> &'static str {
        "array-game"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["bzoj4035", "luogu3179", "haoi2015-array"]
    }

    fn summary(&self) -> &'static str {
        "BZOJ 4035: flip cells x, 2x, ..., kx from a white x; coin turning with nimbers grouped by n/x"
    }

    fn help(&self) -> &'static str {
        "Input: n (1..=10^9), K, then K queries: `w` and w distinct white cells in 1..=n.\n\
         Output: one line a query, `Yes` if the first player wins, else `No`.\n\
         Example:\n  3\n  2\n  2\n  1 2\n  2\n  2 3\n  -> Yes\n  -> No\n\
         Analyze: `--case K` picks query K; moves are `x,k` (flip x, 2x, ..., kx), e.g.\n\
         `boyi analyze array-game --case 2 2,1 < input`.\n\
         Sizes: two tables of sqrt(n) nimbers (n = 10^9: 248 KiB), about n^(3/4) steps."
    }

    fn solve(&self, input: &str, ctl: &Control) -> Result<String, Error> {
        let input = parse(input)?;
        let t = table(input.n, ctl)?;
        let mut out = String::new();
        for cells in &input.queries {
            out.push_str(if t.nimber(cells) != 0 { "Yes\n" } else { "No\n" });
        }
        Ok(out)
    }

    fn analyze(&self, input: &str, request: &AnalyzeRequest, ctl: &Control) -> Result<Report, Error> {
        let input = parse(input)?;
        let n = input.n;
        let mut white: Vec<u64> = pick_case(input.queries, request.case)?;
        let t = table(n, ctl)?;
        for (i, text) in request.moves.iter().enumerate() {
            let parsed = text
                .split_once(',')
                .and_then(|(x, k)| Some((x.trim().parse::<u64>().ok()?, k.trim().parse::<u64>().ok()?)));
            let legal = parsed.filter(|&(x, k)| white.contains(&x) && (1..=n / x).contains(&k));
            let Some((x, k)) = legal else {
                return Err(Error::input(format!(
                    "move {} \"{text}\" is not legal here: a move is `x,k` with x white and 1 <= k <= n/x",
                    i + 1
                )));
            };
            if k > 1_000_000 {
                return Err(Error::input(format!("move {} \"{text}\" flips more than 10^6 cells", i + 1)));
            }
            for j in 1..=k {
                let c = j * x;
                match white.iter().position(|&w| w == c) {
                    Some(p) => {
                        white.swap_remove(p);
                    }
                    None => white.push(c),
                }
            }
        }
        white.sort_unstable();
        let x_all = t.nimber(&white) as u64;
        let mut moves = Vec::new();
        let mut hidden = 0u64;
        for &x in &white {
            let q = n / x;
            // the move (x, k) leaves x_all ^ g(x) ^ (g(2x) ^ … ^ g(kx))
            let top = q.min(WALK_K);
            let mut prefix = 0u64;
            for k in 1..=top {
                if k > 1 {
                    prefix ^= t.cell(k * x) as u64;
                }
                let left = x_all ^ t.cell(x) as u64 ^ prefix;
                if k <= LIST_K || (left == 0 && moves.len() < 10_000) {
                    moves.push(ShownMove { mv: format!("{x},{k}"), value: Shown::move_nimber(left) });
                } else {
                    hidden += 1;
                }
            }
            hidden += q - top;
        }
        moves.sort_by_key(|m| !matches!(m.value, Shown::Nimber { nimber: 0, .. }));
        let mut position = vec![
            format!("n = {n}; white cells: {}", white.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")),
            format!(
                "nimbers of the white cells alone: {}",
                white.iter().map(|&x| t.cell(x).to_string()).collect::<Vec<_>>().join(" ")
            ),
        ];
        if hidden > 0 {
            position.push(format!(
                "{hidden} moves with k > {LIST_K} are not listed (the winning ones with k <= {WALK_K} are)"
            ));
        }
        Ok(Report {
            game: self.id(),
            position,
            to_move: if request.moves.len().is_multiple_of(2) { "甲 (first player)" } else { "乙 (second player)" }
                .to_string(),
            value: Shown::position_nimber(x_all),
            moves,
            solver: "grundy (coin turning: XOR of single-cell nimbers, grouped by n/x)",
        })
    }
}
