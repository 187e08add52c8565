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

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `nfa` accepts (p, q) written with `len` digits.
    fn accepts(nfa: &Nfa, base: u32, p: &[u64], q: &[u64], len: u32) -> bool {
        let k = p.len();
        let mut now: Vec<u32> = nfa.starts.clone();
        for place in (0..len).rev() {
            let digit = |x: u64| (x / u64::from(base).pow(place) % u64::from(base)) as u32;
            let letter = p.iter().chain(q).enumerate().map(|(t, &x)| digit(x) * base.pow(t as u32)).sum::<u32>();
            let mut after: Vec<u32> = now.iter().flat_map(|&s| nfa.next[s as usize][letter as usize].clone()).collect();
            after.sort();
            after.dedup();
            now = after;
        }
        debug_assert!(k > 0);
        now.iter().any(|&s| nfa.accepting[s as usize])
    }

    #[test]
    fn the_relation_is_the_moves_at_every_padding() {
        // brute force: q is a move from p exactly when Piles::moves lists it
        for text in ["piles:2:one,equal", "piles:2:1.2,3.0", "piles:2:moore2", "piles:3:moore2,1.0.2", "piles:1:2"] {
            let game = Piles::parse(text).unwrap();
            for base in [2u32, 3] {
                let nfa = moves(&game, base).unwrap();
                let side = if game.piles == 3 { 6u64 } else { 14 };
                let all: Vec<Vec<u64>> = (0..side.pow(game.piles as u32))
                    .map(|i| (0..game.piles).map(|c| i / side.pow(c as u32) % side).collect())
                    .collect();
                for p in &all {
                    let listed = game.moves(p);
                    for q in &all {
                        let expected = listed.contains(q);
                        for len in [4, 6] {
                            assert_eq!(accepts(&nfa, base, p, q, len), expected, "{text} base {base}: {p:?} -> {q:?}");
                        }
                    }
                }
            }
        }
    }
}
