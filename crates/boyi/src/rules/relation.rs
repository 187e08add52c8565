//! The move relation of a [`Piles`] game as a nondeterministic automaton
//! over pairs of positions (p, q): it reads the 2k piles' base-b digits side
//! by side, most significant first, p's piles on tracks 0..k and q's on
//! tracks k..2k (a letter is Σ digit_track · b^track), and accepts exactly
//! the pairs where q is a move from p, whatever number of leading zero
//! digits the words carry.
//!
//! Taking m·t from a pile is the sum p = q + m·t, whose carries run from
//! the least significant digit up; read from the top, the automaton holds
//! the carries it still owes the digits below and guesses, digit by digit,
//! t's digit and the carries coming up from below. A word ends owing
//! nothing, so every accepted word is an exact sum.

use super::piles::{Piles, Take};

/// An automaton that may be in several states at once.
#[derive(Clone, Debug)]
pub struct Nfa {
    pub letters: u32,
    pub starts: Vec<u32>,
    pub accepting: Vec<bool>,
    /// `next[state][letter]`: every state it may go to.
    pub next: Vec<Vec<Vec<u32>>>,
}

impl Nfa {
    pub fn states(&self) -> usize {
        self.accepting.len()
    }

    /// Both languages (the states side by side, no transition between).
    fn union(mut self, other: Nfa) -> Nfa {
        let shift = self.states() as u32;
        self.starts.extend(other.starts.iter().map(|s| s + shift));
        self.accepting.extend(other.accepting);
        self.next.extend(
            other
                .next
                .into_iter()
                .map(|row| row.into_iter().map(|targets| targets.into_iter().map(|s| s + shift).collect()).collect()),
        );
        self
    }
}

/// States the relation may have: beyond this the proof refuses.
pub const MOST_STATES: usize = 4096;

/// The digits of letter `letter`, track by track.
pub fn digits(letter: u32, base: u32, tracks: usize) -> Vec<u32> {
    let mut left = letter;
    (0..tracks)
        .map(|_| {
            let d = left % base;
            left /= base;
            d
        })
        .collect()
}

/// The move relation of `game` in base `base`, or why it is not built.
pub fn moves(game: &Piles, base: u32) -> Result<Nfa, String> {
    let k = game.piles;
    let letters = base.checked_pow(2 * k as u32).filter(|&l| l <= 1 << 12).ok_or_else(|| {
        format!("{k} piles in base {base}: {base}^{} letters for pairs of positions, too many", 2 * k)
    })?;
    let mut all: Option<Nfa> = None;
    for take in &game.takes {
        let one = match take {
            Take::One => at_most(k, 1, base, letters),
            Take::AtMost(j) => at_most(k, *j, base, letters),
            Take::Times(m) => times(m, base, letters)?,
        };
        all = Some(match all {
            None => one,
            Some(a) => a.union(one),
        });
        if all.as_ref().is_some_and(|a| a.states() > MOST_STATES) {
            return Err(format!("the moves need more than {MOST_STATES} states"));
        }
    }
    all.ok_or_else(|| "no moves".to_string())
}

/// q below p in at least one and at most `most` piles, equal in the rest.
/// A state is the set of piles where q already fell below p; no carries,
/// since q's digits then may be anything.
fn at_most(k: usize, most: usize, base: u32, letters: u32) -> Nfa {
    let states = 1usize << k;
    let next = (0..states)
        .map(|below| {
            (0..letters)
                .map(|letter| {
                    let d = digits(letter, base, 2 * k);
                    let mut now = below;
                    for i in 0..k {
                        if below & 1 << i != 0 {
                            continue;
                        }
                        match d[i].cmp(&d[k + i]) {
                            std::cmp::Ordering::Equal => {}
                            std::cmp::Ordering::Greater => now |= 1 << i,
                            // q above p where all before was equal: not a take
                            std::cmp::Ordering::Less => return vec![],
                        }
                    }
                    if now.count_ones() as usize <= most {
                        vec![now as u32]
                    } else {
                        vec![]
                    }
                })
                .collect()
        })
        .collect();
    Nfa { letters, starts: vec![0], accepting: (0..states).map(|s| s != 0).collect(), next }
}

/// p = q + m·t on every pile, t ≥ 1. A state is the carry each pile owes
/// the digits below (from 0 to mᵢ: a digit's sum qᵢ + mᵢ·dₜ + carry is at
/// most (b−1)(1+mᵢ) + mᵢ < b(mᵢ+1)) and whether t has had a digit other
/// than 0 yet.
fn times(m: &[u64], base: u32, letters: u32) -> Result<Nfa, String> {
    let k = m.len();
    let sizes: Vec<usize> = m.iter().map(|&x| x as usize + 1).collect();
    let carry_states: usize = sizes.iter().product();
    if carry_states * 2 > MOST_STATES {
        return Err(format!("multipliers {m:?} need more than {MOST_STATES} states"));
    }
    let encode = |carries: &[i64], started: bool| {
        carries.iter().zip(&sizes).rev().fold(0usize, |s, (&c, &n)| s * n + c as usize) * 2 + usize::from(started)
    };
    let decode = |mut s: usize| {
        let started = s % 2 == 1;
        s /= 2;
        let carries: Vec<i64> = sizes
            .iter()
            .map(|&n| {
                let c = s % n;
                s /= n;
                c as i64
            })
            .collect();
        (carries, started)
    };
    let b = i64::from(base);
    let states = carry_states * 2;
    let next = (0..states)
        .map(|s| {
            let (owed, started) = decode(s);
            (0..letters)
                .map(|letter| {
                    let d = digits(letter, base, 2 * k);
                    let mut targets = Vec::new();
                    for dt in 0..b {
                        // the carry from below that makes this digit's sum
                        // come out: q + m·dt + c_in = p + b·owed
                        let carries: Option<Vec<i64>> = (0..k)
                            .map(|i| {
                                let c = i64::from(d[i]) + b * owed[i] - i64::from(d[k + i]) - m[i] as i64 * dt;
                                (0..=m[i] as i64).contains(&c).then_some(c)
                            })
                            .collect();
                        if let Some(c) = carries {
                            targets.push(encode(&c, started || dt != 0) as u32);
                        }
                    }
                    targets
                })
                .collect()
        })
        .collect();
    // nothing owed above the top digit; nothing owed below the last, and t ≥ 1
    let accepting = (0..states).map(|s| s == encode(&vec![0; k], true)).collect();
    Ok(Nfa { letters, starts: vec![encode(&vec![0; k], false) as u32], accepting, next })
}

/// The move relation of `game` on Zeckendorf digits (sums of
/// non-consecutive Fibonacci numbers 1, 2, 3, 5, ...; two digits a letter
/// per pair of piles, as in base 2). It is right on canonical words (no two
/// ones running in a track); `proof.rs` never asks about others, since its
/// P-set reads a word with two ones running as no position at all.
pub fn zeckendorf(game: &Piles) -> Result<Nfa, String> {
    let k = game.piles;
    let letters = 1u32 << (2 * k);
    let mut all: Option<Nfa> = None;
    let mut add = |one: Nfa| -> Result<(), String> {
        let joined = match all.take() {
            None => one,
            Some(a) => a.union(one),
        };
        if joined.states() > MOST_STATES {
            return Err(format!("the moves need more than {MOST_STATES} states"));
        }
        all = Some(joined);
        Ok(())
    };
    for take in &game.takes {
        match take {
            // on canonical words the order of numbers is the order of
            // words of one length, as in base 2: at_most reads it unchanged
            Take::AtMost(j) => add(at_most(k, *j, 2, letters))?,
            Take::One => {
                for pile in 0..k {
                    let mut m = vec![0; k];
                    m[pile] = 1;
                    add(fibonacci_times(&m, letters)?)?;
                }
            }
            Take::Times(m) => add(fibonacci_times(m, letters)?)?,
        }
    }
    all.ok_or_else(|| "no moves".to_string())
}

/// p = q + m·t on every pile, t ≥ 1, in Zeckendorf digits; t's digits are
/// guessed as any string of 0s and 1s (every number has one), and a pile
/// with mᵢ = 0 is read digit for digit, as canonical words are unique.
///
/// Read from the top, the digits so far of pile i's pᵢ − qᵢ − mᵢ·t make a
/// sum S = a·F(r+2) + b·F(r+1) with r digits still to come (F(1) = F(2) =
/// 1); a digit difference e of weight F(r+1) makes it (a + b + e)·F(r+1) +
/// a·F(r), so the state (a, b) goes to (a + b + e, a), and the word is an
/// exact sum when a + b = 0 after the last digit. With φ the golden ratio,
/// V = aφ + b becomes φ(V + e): once |V| > φ²·E (E the largest |e|) its
/// excess over φ²·E grows by a factor φ at each digit, while a state
/// with a + b = 0 reached from (0, 0) has |V| ≤ E/φ. So states past that
/// bound are dropped, and the rest are finitely many (the other eigen-part,
/// W = b − a/φ, stays within φ·E from 0).
fn fibonacci_times(m: &[u64], letters: u32) -> Result<Nfa, String> {
    use std::collections::HashMap;
    type State = (Vec<(i64, i64)>, bool);
    let k = m.len();
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let bound: Vec<f64> = m.iter().map(|&x| phi * phi * (1 + x) as f64 + 1e-9).collect();
    let start: State = (vec![(0, 0); k], false);
    let mut ids: HashMap<State, u32> = HashMap::from([(start.clone(), 0)]);
    let mut states = vec![start];
    let mut next: Vec<Vec<Vec<u32>>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let (sums, started) = states[i].clone();
        let mut row = Vec::with_capacity(letters as usize);
        for letter in 0..letters {
            let d = digits(letter, 2, 2 * k);
            let mut targets = Vec::new();
            for dt in 0..2u64 {
                let after: Option<Vec<(i64, i64)>> = (0..k)
                    .map(|p| {
                        if m[p] == 0 {
                            // one number has one canonical word: p = q digit by digit
                            return (d[p] == d[k + p]).then_some((0, 0));
                        }
                        let e = i64::from(d[p]) - i64::from(d[k + p]) - (m[p] * dt) as i64;
                        let (a, b) = sums[p];
                        let (a, b) = (a + b + e, a);
                        ((a as f64 * phi + b as f64).abs() <= bound[p]).then_some((a, b))
                    })
                    .collect();
                let Some(after) = after else { continue };
                let t: State = (after, started || dt == 1);
                let id = match ids.get(&t) {
                    Some(&id) => id,
                    None => {
                        if states.len() >= MOST_STATES {
                            return Err(format!("multipliers {m:?} need more than {MOST_STATES} states"));
                        }
                        ids.insert(t.clone(), states.len() as u32);
                        states.push(t);
                        states.len() as u32 - 1
                    }
                };
                targets.push(id);
            }
            targets.sort();
            targets.dedup();
            row.push(targets);
        }
        next.push(row);
        i += 1;
    }
    let accepting = states.iter().map(|(sums, started)| *started && sums.iter().all(|&(a, b)| a + b == 0)).collect();
    Ok(Nfa { letters, starts: vec![0], accepting, next })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::automatic::Numeration;

    /// Whether `nfa` accepts the word of `letters`.
    fn run(nfa: &Nfa, letters: impl Iterator<Item = u32>) -> bool {
        let mut now: Vec<u32> = nfa.starts.clone();
        for letter in letters {
            let mut after: Vec<u32> = now.iter().flat_map(|&s| nfa.next[s as usize][letter as usize].clone()).collect();
            after.sort();
            after.dedup();
            now = after;
        }
        now.iter().any(|&s| nfa.accepting[s as usize])
    }

    /// Whether `nfa` accepts (p, q) written with `len` digits in `numeration`.
    fn accepts(nfa: &Nfa, numeration: Numeration, p: &[u64], q: &[u64], len: usize) -> bool {
        let radix = match numeration {
            Numeration::Base(b) => b,
            Numeration::Zeckendorf => 2,
        };
        let words: Vec<Vec<u32>> = p.iter().chain(q).map(|&x| numeration.digits(x)).collect();
        let letter = |place: usize| {
            words.iter().enumerate().map(|(t, w)| w.get(place).copied().unwrap_or(0) * radix.pow(t as u32)).sum()
        };
        run(nfa, (0..len).rev().map(letter))
    }

    /// Brute force: for every pair of positions below `side`, at each
    /// padding, the relation accepts exactly the moves `Piles::moves` lists.
    fn assert_is_the_moves(text: &str, nfa: &Nfa, numeration: Numeration, side: u64, lens: [usize; 2]) {
        let game = Piles::parse(text).unwrap();
        let all = game.positions_below(side);
        for p in &all {
            let listed = game.moves(p);
            for q in &all {
                let expected = listed.contains(q);
                for len in lens {
                    let got = accepts(nfa, numeration, p, q, len);
                    assert_eq!(got, expected, "{text} {}: {p:?} -> {q:?}", numeration.name());
                }
            }
        }
    }

    #[test]
    fn the_relation_is_the_moves_at_every_padding() {
        for text in ["piles:2:one,equal", "piles:2:1.2,3.0", "piles:2:moore2", "piles:3:moore2,1.0.2", "piles:1:2"] {
            let game = Piles::parse(text).unwrap();
            let side = if game.piles == 3 { 6 } else { 14 };
            for base in [2u32, 3] {
                assert_is_the_moves(text, &moves(&game, base).unwrap(), Numeration::Base(base), side, [4, 6]);
            }
        }
    }

    #[test]
    fn the_zeckendorf_relation_is_the_moves_on_canonical_words() {
        for text in
            ["piles:2:one,equal", "piles:2:1.2,3.0", "piles:2:moore2", "piles:3:moore2,one", "piles:1:2", "piles:2:1.3"]
        {
            let game = Piles::parse(text).unwrap();
            let side = if game.piles == 3 { 6 } else { 22 };
            assert_is_the_moves(text, &zeckendorf(&game).unwrap(), Numeration::Zeckendorf, side, [7, 9]);
        }
    }
}
