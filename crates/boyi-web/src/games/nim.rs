//! Nim on the page, self-contained: take any number of counters from one
//! heap; who takes the last counter wins. Position: the player to move (1
//! or 2), then the heaps: `1:3,4,5`.
//!
//! Who wins is the XOR of the heaps (nonzero: the mover); how soon comes
//! from the engine's memoised negamax over sorted heaps, small enough here
//! to search whole. A test checks both against plain recursion.

use boyi::solve::negamax::Negamax;
use boyi::{Game, Outcome, Step, StepOf, Turn};
use serde_json::{json, Map, Value as Json};

use crate::error::ApiError;
use crate::game::{numbers, text_param, Ctx, Info, MoveInfo, Param, State, Val, WebGame};

pub struct NimWeb;

const MAX_HEAPS: usize = 8;
const MAX_HEAP: i64 = 30;
/// The product of (heap + 1) over the heaps bounds the positions searched.
const MAX_POSITIONS: u64 = 1_000_000;

/// Nim over heaps kept sorted, so that a permutation is one position.
struct Heaps;

impl Game for Heaps {
    type Pos = Vec<u8>;
    /// The heap's place in the sorted list and the size it is left with.
    type Move = (u8, u8);
    type Value = Outcome;

    fn moves(&self, pos: &Vec<u8>, out: &mut Vec<(u8, u8)>) {
        for (i, &h) in pos.iter().enumerate() {
            // Equal heaps give the same positions: try the first of them only.
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            out.extend((0..h).map(|k| (i as u8, k)));
        }
    }

    fn play(&self, pos: &Vec<u8>, (i, k): (u8, u8)) -> StepOf<Self> {
        let mut next = pos.clone();
        next[i as usize] = k;
        next.retain(|&h| h > 0);
        next.sort_unstable();
        Step { pos: next, reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, _: &Vec<u8>) -> Outcome {
        Outcome::Lose(0)
    }
}

fn sorted(heaps: &[u8]) -> Vec<u8> {
    let mut v: Vec<u8> = heaps.iter().copied().filter(|&h| h > 0).collect();
    v.sort_unstable();
    v
}

fn parse(position: &str) -> Result<(usize, Vec<u8>), ApiError> {
    let (player, heaps) =
        position.split_once(':').ok_or_else(|| ApiError::bad_position("expected `player:heaps`, like 1:3,4,5"))?;
    let player = match player.trim() {
        "1" => 0,
        "2" => 1,
        p => return Err(ApiError::bad_position(format!("\"{p}\": the player to move is 1 or 2"))),
    };
    let heaps = heaps_of(heaps).map_err(|e| ApiError::bad_position(e.message))?;
    Ok((player, heaps))
}

fn heaps_of(text: &str) -> Result<Vec<u8>, ApiError> {
    let heaps: Vec<u8> = numbers(text, "heap", (0, MAX_HEAP))?.into_iter().map(|h| h as u8).collect();
    if heaps.is_empty() || heaps.len() > MAX_HEAPS {
        return Err(ApiError::bad_params(format!("1 to {MAX_HEAPS} heaps, not {}", heaps.len())));
    }
    Ok(heaps)
}

fn write(player: usize, heaps: &[u8]) -> String {
    let h: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    format!("{}:{}", player + 1, h.join(","))
}

impl WebGame for NimWeb {
    fn info(&self) -> Info {
        Info {
            id: "nim",
            name: "Nim",
            rules: "Take one or more counters from a single heap. Who takes the last counter wins.",
            players: ["First", "Second"],
            values: "outcome",
            params: vec![Param::text("heaps", "Heaps", "3,4,5", "1 to 8 heaps of 0 to 30")],
        }
    }

    fn start(&self, params: &Map<String, Json>) -> Result<String, ApiError> {
        let text = match text_param(params, "heaps")? {
            "" => "3,4,5",
            t => t,
        };
        Ok(write(0, &heaps_of(text)?))
    }

    fn play(&self, position: &str, mv: &str) -> Result<String, ApiError> {
        let (player, mut heaps) = parse(position)?;
        let take = mv
            .split_once('-')
            .and_then(|(h, k)| Some((h.trim().parse::<usize>().ok()?.checked_sub(1)?, k.trim().parse::<u8>().ok()?)));
        match take {
            Some((h, k)) if h < heaps.len() && k >= 1 && k <= heaps[h] => {
                heaps[h] -= k;
                Ok(write(1 - player, &heaps))
            }
            _ => Err(ApiError::illegal_move(format!(
                "\"{mv}\" is not a move: heap-count, taking 1 or more from a heap that has them"
            ))),
        }
    }

    fn analyze(&self, position: &str, cx: &Ctx) -> Result<State, ApiError> {
        let (player, heaps) = parse(position)?;
        let positions: u64 = heaps.iter().map(|&h| h as u64 + 1).product();
        if positions > MAX_POSITIONS {
            return Err(ApiError::too_big(format!(
                "these heaps have up to {positions} positions below them; the page searches at most {MAX_POSITIONS}"
            )));
        }
        let mut search = Negamax::new(&Heaps, cx.ctl.clone());
        let mut moves = Vec::new();
        for (h, &size) in heaps.iter().enumerate() {
            for take in 1..=size {
                let mut next = heaps.clone();
                next[h] -= take;
                let value = search.value(&sorted(&next))?.flip();
                moves.push(MoveInfo {
                    mv: format!("{}-{take}", h + 1),
                    label: format!("take {take} from heap {}", h + 1),
                    value: Val::outcome(value),
                    position: write(1 - player, &next),
                    at: json!([h, take]),
                });
            }
        }
        // Best first; among equals, the smaller take from the earlier heap.
        moves.sort_by_key(|m| {
            let o = match (m.value.result, m.value.remoteness.unwrap_or(0)) {
                (Val::WIN, r) => Outcome::Win(r),
                (_, r) => Outcome::Lose(r),
            };
            std::cmp::Reverse(o)
        });
        let value = search.value(&sorted(&heaps))?;
        Ok(State {
            game: "nim",
            position: write(player, &heaps),
            to_move: player,
            over: moves.is_empty(),
            value: Val::outcome(value),
            moves,
            board: json!({ "heaps": heaps, "xor": heaps.iter().fold(0, |x, &h| x ^ h) }),
            solver: "nim-sum + negamax",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::Control;

    /// Plain recursion over unsorted heaps, straight from the rules.
    fn brute(heaps: &mut Vec<u8>) -> Outcome {
        let mut best: Option<Outcome> = None;
        for i in 0..heaps.len() {
            for take in 1..=heaps[i] {
                heaps[i] -= take;
                let v = brute(heaps).flip();
                heaps[i] += take;
                best = Some(best.map_or(v, |b| b.max(v)));
            }
        }
        best.unwrap_or(Outcome::Lose(0))
    }

    #[test]
    fn xor_and_remoteness_agree_with_plain_recursion() {
        let ctl = Control::default();
        let cache = crate::cache::Cache::new(1 << 20);
        let cx = Ctx { ctl: &ctl, cache: &cache };
        for heaps in [vec![1u8], vec![0, 0], vec![1, 2], vec![3, 4, 5], vec![2, 2, 3], vec![1, 4, 2, 3], vec![5, 5]] {
            let state = NimWeb.analyze(&write(0, &heaps), &cx).unwrap();
            let xor = heaps.iter().fold(0, |x, &h| x ^ h);
            assert_eq!(state.value.result == Val::WIN, xor != 0, "{heaps:?}");
            assert_eq!(state.value, Val::outcome(brute(&mut heaps.clone())), "{heaps:?}");
            for m in &state.moves {
                let (_, mut next) = parse(&m.position).unwrap();
                assert_eq!(m.value, Val::outcome(brute(&mut next).flip()), "{heaps:?} {}", m.mv);
            }
        }
        assert_eq!(NimWeb.play("1:3,4,5", "2-4").unwrap(), "2:3,0,5");
        assert_eq!(NimWeb.play("1:3,4,5", "2-5").unwrap_err().code, "illegal_move");
        assert_eq!(NimWeb.play("1:3,4,5", "4-1").unwrap_err().code, "illegal_move");
        assert_eq!(NimWeb.analyze("3:1", &cx).unwrap_err().code, "bad_position");
        assert_eq!(NimWeb.analyze("1:30,30,30,30,30", &cx).unwrap_err().code, "too_big");
    }
}
