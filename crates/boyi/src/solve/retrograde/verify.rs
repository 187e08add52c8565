//! A game's un-moves checked against its moves, for tests.

use rustc_hash::FxHashMap;

use crate::game::Reversible;
use crate::value::{Outcome, Turn, Value};

/// Checks that a game's un-moves mirror its moves exactly: for every move
/// `p -> x`, `unmoves(x)` lists `p` with the same turn, as many times as
/// there are such moves, and nothing else. Meant for tests: it walks the
/// whole space and keeps every edge in a hash map.
pub fn verify_unmoves<G: Reversible<Value = Outcome>>(game: &G) -> Result<(), String> {
    let mut balance: FxHashMap<(u64, u64, bool), i64> = FxHashMap::default();
    let mut moves = Vec::new();
    let mut back = Vec::new();
    for r in 0..game.size() {
        let pos = game.unrank(r);
        if game.rank(&pos) != r {
            return Err(format!("rank(unrank({r})) = {}", game.rank(&pos)));
        }
        if game.outside(&pos).is_some() {
            // valued on the spot: never walked, so its un-moves are never asked
            continue;
        }
        moves.clear();
        game.moves(&pos, &mut moves);
        let (mut inside, mut out) = (0, None);
        for &mv in &moves {
            let step = game.play(&pos, mv);
            if let Some(v) = game.outside(&step.pos) {
                out = out.max(Some(Outcome::back((), step.turn, v)));
                continue;
            }
            inside += 1;
            *balance.entry((game.rank(&step.pos), r, step.turn == Turn::Again)).or_default() += 1;
        }
        let mut scratch = Vec::new();
        if game.count_moves(&pos, &mut scratch) != (inside, out) {
            return Err(format!(
                "count_moves({r}) = {:?}; its moves give {inside} into the index and {out:?} out of it",
                game.count_moves(&pos, &mut scratch)
            ));
        }
        back.clear();
        game.unmoves(&pos, &mut back);
        let listed: Vec<(u64, Turn)> = back.iter().map(|(p, turn)| (game.rank(p), *turn)).collect();
        let mut ranked = Vec::new();
        game.unmove_ranks(&pos, &mut back, |p, turn| ranked.push((p, turn)));
        if ranked != listed {
            return Err(format!("unmove_ranks({r}) = {ranked:?}; its un-moves rank as {listed:?}"));
        }
        if let Some(reach) = game.predecessor_reach() {
            if let Some(&(p, _)) = listed.iter().find(|&&(p, _)| p.abs_diff(r) > reach) {
                return Err(format!("{p} is one move before {r}, further than the predecessor reach {reach}"));
            }
        }
        for (p, turn) in listed {
            *balance.entry((r, p, turn == Turn::Again)).or_default() -= 1;
        }
    }
    let mut wrong: Vec<_> = balance.into_iter().filter(|&(_, n)| n != 0).collect();
    wrong.sort();
    match wrong.first() {
        None => Ok(()),
        Some(&((x, p, again), n)) => Err(format!(
            "{} wrong edges; first: {p} -> {x} (bonus turn: {again}) has {} more moves than un-moves",
            wrong.len(),
            n
        )),
    }
}
