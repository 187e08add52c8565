//! Nimbers proved for a game of piles whose every move takes from one pile
//! only. Such a position is the sum of its piles, so its nimber is the XOR
//! of theirs (the Sprague-Grundy theorem). A pile from which any positive
//! multiple of m may be taken (m the least such for that pile: `one` is
//! m = 1) has nimber ⌊n/m⌋: its options' nimbers are ⌊n/m⌋ − 1, ..., 0
//! (taking m, 2m, ...) and none is ⌊n/m⌋, since every take is at least m;
//! a pile nothing takes from has nimber 0. So the whole game's nimbers are
//! known in closed form, and a found rule is proved by being that form:
//! each of its sequences equal to the pile's at every n, which
//! [`Periodic::same`] decides.

use super::periodic::Periodic;
use super::piles::{Piles, Take};
use super::proof::NotProved;
use super::{Form, Rule, Values};

/// For each pile, the least m such that any positive multiple of m may be
/// taken from it alone (`None`: nothing takes from it); `None` as a whole
/// where some move takes from several piles.
pub fn least_takes(game: &Piles) -> Option<Vec<Option<u64>>> {
    let mut least: Vec<Option<u64>> = vec![None; game.piles];
    let mut offer = |pile: usize, m: u64| least[pile] = Some(least[pile].map_or(m, |l| l.min(m)));
    for take in &game.takes {
        match take {
            Take::One | Take::AtMost(1) => (0..game.piles).for_each(|i| offer(i, 1)),
            Take::AtMost(_) => return None,
            Take::Times(m) => {
                let mut nonzero = m.iter().enumerate().filter(|(_, &x)| x != 0);
                let (pile, &times) = nonzero.next()?;
                if nonzero.next().is_some() {
                    return None;
                }
                offer(pile, times);
            }
        }
    }
    Some(least)
}

/// A pile's nimbers (`values` Nimber) or outcomes (0 where its nimber is 0,
/// else 1) as a sequence: ⌊n/m⌋, or 0 for a pile nothing takes from.
fn pile_sequence(least: Option<u64>, values: Values) -> Periodic {
    match (least, values) {
        (None, _) => Periodic { preperiod: 0, period: 1, saltus: 0, values: vec![0] },
        (Some(m), Values::Nimber) => Periodic { preperiod: 0, period: m, saltus: 1, values: vec![0; m as usize] },
        (Some(m), Values::Outcome) => {
            let mut values = vec![0; m as usize];
            values.push(1);
            Periodic { preperiod: m, period: 1, saltus: 0, values }
        }
    }
}

/// The proof's words, where `rule` is the closed form the theorem gives
/// `game`.
pub fn proof(rule: &Rule, game: &Piles) -> Result<String, NotProved> {
    if rule.dims != game.piles {
        return Err(NotProved::Outside("the rule's coordinates are not the game's piles".into()));
    }
    let least = least_takes(game).ok_or_else(|| {
        NotProved::Outside("a move takes from several piles: the position is no sum of its piles".into())
    })?;
    // an outcome rule of one pile is its own sequence; of several, the
    // piles' nimbers XORed (P where that is 0)
    let (parts, read): (Vec<&Periodic>, Values) = match (&rule.form, rule.values) {
        (Some(Form::Periodic(p)), values) if rule.dims == 1 => (vec![p], values),
        (Some(Form::Xor(parts)), _) => (parts.iter().collect(), Values::Nimber),
        _ => {
            return Err(NotProved::Outside(
                "the rule is not the XOR of one sequence a pile, the form the Sprague-Grundy theorem gives".into(),
            ))
        }
    };
    let theorem = |pos: &[u64]| -> u64 {
        let nimber = pos.iter().zip(&least).fold(0, |x, (&n, m)| x ^ m.map_or(0, |m| n / m));
        rule.values.read(nimber)
    };
    for (i, (part, &m)) in parts.iter().zip(&least).enumerate() {
        let want = pile_sequence(m, read);
        if !part.same(&want) {
            // the first n along this pile's axis where the rule says otherwise
            let stretch = part.preperiod.max(want.preperiod) + part.period.max(want.period).saturating_mul(4);
            let wrong = (0..stretch.min(1 << 20)).map(|n| {
                let mut p = vec![0; game.piles];
                p[i] = n;
                p
            });
            return Err(match wrong.into_iter().find(|p| rule.predict(p) != Some(theorem(p))) {
                Some(p) => NotProved::Wrong {
                    why: format!("at {p:?} the theorem's nimber XOR gives {}, the rule otherwise", theorem(&p)),
                    p,
                    q: None,
                },
                None => NotProved::Outside(format!("pile {}'s sequence is not ⌊n/m⌋ as the theorem gives", i + 1)),
            });
        }
    }
    if let Some((p, v)) = rule.exceptions.iter().find(|(p, v)| rule.values.read(*v) != theorem(p)) {
        return Err(NotProved::Wrong {
            why: format!("at {p:?} the rule's exception says {v}, the theorem {}", theorem(p)),
            p: p.clone(),
            q: None,
        });
    }
    let piles: Vec<String> = least.iter().map(|m| m.map_or("none".to_string(), |m| m.to_string())).collect();
    Ok(format!(
        "the Sprague-Grundy theorem: every move takes from one pile, so a position is the sum of its piles and its \
         nimber the XOR of theirs; a pile from which any positive multiple of m may be taken has nimber ⌊n/m⌋ (its \
         options' nimbers are ⌊n/m⌋ − 1, ..., 0, and every take is at least m), one nothing takes from 0 (m by pile: \
         {})",
        piles.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{find, Table};

    /// Nimbers of every position in a box, by the moves: the brute force
    /// the theorem is held to.
    fn brute(game: &Piles, side: u64) -> Table {
        let dims = game.piles;
        let len = side.pow(dims as u32) as usize;
        let mut values = vec![0u64; len];
        let index = |p: &[u64]| p.iter().fold(0u64, |i, &c| i * side + c) as usize;
        let coords = |mut i: u64| {
            let mut p = vec![0; dims];
            for d in (0..dims).rev() {
                p[d] = i % side;
                i /= side;
            }
            p
        };
        // every move lowers the sum: positions by their sum
        let mut order: Vec<u64> = (0..len as u64).collect();
        order.sort_by_key(|&i| coords(i).iter().sum::<u64>());
        for i in order {
            let seen: Vec<u64> = game.moves(&coords(i)).iter().map(|q| values[index(q)]).collect();
            values[i as usize] = (0..).find(|g| !seen.contains(g)).unwrap();
        }
        Table { dims, side: side as usize, values }
    }

    #[test]
    fn the_theorem_is_every_separable_game_s_nimbers() {
        for text in [
            "piles:1:one",
            "piles:1:3",
            "piles:2:one",
            "piles:3:one",
            "piles:2:2.0,0.3",
            "piles:2:3.0,2.0",
            "piles:3:0.2.0,moore1",
        ] {
            let game = Piles::parse(text).unwrap();
            let least = least_takes(&game).unwrap();
            let side = if game.piles == 3 { 12 } else { 30 };
            let table = brute(&game, side);
            for i in 0..table.len() {
                let p = table.coords(i);
                let want = p.iter().zip(&least).fold(0, |x, (&n, m)| x ^ m.map_or(0, |m| n as u64 / m));
                assert_eq!(table.values[i], want, "{text} at {p:?}");
            }
            for values in [Values::Nimber, Values::Outcome] {
                let rule = find(&table, values);
                if values == Values::Nimber || game.piles == 1 {
                    let words = proof(&rule, &game).unwrap_or_else(|e| panic!("{text} {values:?}: {}", e.text()));
                    assert!(words.contains("Sprague-Grundy"));
                }
            }
        }
    }

    #[test]
    fn moves_on_several_piles_and_wrong_rules_are_refused() {
        for text in ["piles:2:one,equal", "piles:2:1.1", "piles:3:moore2"] {
            let game = Piles::parse(text).unwrap();
            assert!(least_takes(&game).is_none(), "{text}");
        }
        let game = Piles::parse("piles:2:2.0,0.3").unwrap();
        let table = brute(&game, 30);
        let rule = find(&table, Values::Nimber);
        // another game's rule: a pile of m = 3 read as m = 2
        let other = Piles::parse("piles:2:2.0,0.2").unwrap();
        match proof(&rule, &other) {
            Err(NotProved::Wrong { p, .. }) => assert_eq!(p, vec![0, 2]),
            other => panic!("{:?}", other.map_err(|e| e.text())),
        }
        // a sequence off the theorem's past the table: refused
        let mut off = rule.clone();
        if let Some(Form::Xor(parts)) = &mut off.form {
            assert_eq!((parts[1].preperiod, parts[1].period, parts[1].saltus), (0, 3, 1));
            parts[1].preperiod = 1;
            parts[1].values = vec![0, 0, 0, 1];
        }
        assert!(proof(&off, &game).is_ok(), "the same sequence written with a longer preperiod is the same");
        if let Some(Form::Xor(parts)) = &mut off.form {
            parts[0].saltus = 2;
        }
        assert!(proof(&off, &game).is_err());
    }
}
