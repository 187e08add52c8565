//! Proving a rule over every position, where the moves are a [`Piles`]
//! game and the P-set the rule gives is read by a finite automaton on base-b
//! or Zeckendorf digits (Wythoff's pairs among them): the P-set is the game's only when it is a kernel of the move
//! graph, that is (i) no move joins two P-positions and (ii) every other
//! position has a move into one. Every move lowers the piles' sum, so the
//! game ends and its P-positions are the only set with both properties
//! (by induction on the sum); both are questions about automata that have
//! finite answers (the method Walnut uses for Wythoff's game):
//!
//! (i) the pairs (p, q) with P(p), P(q) and a move p → q are the words
//!     accepted by the product of the P-automaton read twice and the move
//!     relation (`relation.rs`): it must accept nothing;
//! (ii) the positions with a move into P are the move relation with q read
//!     by the P-automaton and then forgotten: nondeterministic in p, made
//!     deterministic by sets of states; no position outside P may be
//!     outside it.
//!
//! The rule's automaton reads exactly the digits the largest coordinate
//! needs; here it is wrapped so that any number of leading zero letters
//! reads as the same position, which is what the relation's words carry.
//! On Zeckendorf digits a word with two ones running in a track is no
//! position: the P-set reads it into a state that is neither checked nor
//! P, so the relation need only be right on canonical words.
//! A rule outside this (other numerations, nimbers, exceptions, forms no
//! automaton is made of) is refused, never guessed at.

use std::collections::{HashMap, VecDeque};

use super::automatic::{Automaton, Numeration};
use super::piles::Piles;
use super::relation::{self, Nfa};
use super::{as_automaton, Form, Rule, Status, Values};

/// A P-set read off digits, most significant first, any leading zeros.
#[derive(Clone, Debug)]
struct PSet {
    numeration: Numeration,
    /// radix^k: one digit of each of the k piles.
    letters: u32,
    start: u32,
    next: Vec<Vec<u32>>,
    p: Vec<bool>,
    /// Whether the words reaching the state write positions (Zeckendorf's
    /// words with two ones running in a track write none).
    valid: Vec<bool>,
}

/// Why a rule is not proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotProved {
    /// Outside what this proof does (the reason in words).
    Outside(String),
    /// The rule is wrong: `p` and, where the failure is a move, `q`.
    Wrong { why: String, p: Vec<u64>, q: Option<Vec<u64>> },
}

impl NotProved {
    pub fn text(&self) -> String {
        match self {
            NotProved::Outside(why) => why.clone(),
            NotProved::Wrong { why, .. } => why.clone(),
        }
    }
}

/// Sets of states, or product states, a check may visit.
pub const MOST_VISITED: usize = 2_000_000;
/// Sets of states the subset construction of (ii) may make.
pub const MOST_SUBSETS: usize = 20_000;

/// Proves `rule` for `game`: the status becomes proved with the proof's
/// words, or stays as it was and the reason is returned.
pub fn prove(rule: &mut Rule, game: &Piles) -> Result<(), NotProved> {
    // nimbers only by the theorem on sums; outcomes by the kernel, or by
    // the theorem where the kernel proof cannot read the rule
    let words = match rule.values {
        Values::Nimber => super::separable::proof(rule, game)?,
        Values::Outcome => match kernel(rule, game) {
            Err(NotProved::Outside(why)) => super::separable::proof(rule, game).map_err(|e| match e {
                NotProved::Outside(_) => NotProved::Outside(why),
                wrong => wrong,
            })?,
            other => other?,
        },
    };
    rule.status = Status::Proved;
    rule.proof = Some(words);
    Ok(())
}

/// The proof's words, where (i) and (ii) hold for `rule`'s P-set in `game`.
pub fn kernel(rule: &Rule, game: &Piles) -> Result<String, NotProved> {
    if rule.dims != game.piles {
        return Err(NotProved::Outside("the rule's coordinates are not the game's piles".into()));
    }
    let automaton = as_automaton::of(rule).map_err(NotProved::Outside)?;
    if automaton.dims != game.piles {
        return Err(NotProved::Outside("the automaton's coordinates are not the game's piles".into()));
    }
    let pset = PSet::of(&automaton)?;
    let moves = match pset.numeration {
        Numeration::Base(b) => relation::moves(game, b),
        Numeration::Zeckendorf => relation::zeckendorf(game),
    }
    .map_err(NotProved::Outside)?;
    no_move_joins(&pset, &moves, game.piles)?;
    let subsets = every_other_moves_in(&pset, &moves, game.piles)?;
    let digits = match pset.numeration {
        Numeration::Base(b) => format!("in base {b}"),
        Numeration::Zeckendorf => "on Zeckendorf digits".to_string(),
    };
    let beatty = if let Some(Form::Beatty(_)) = rule.form {
        "; the pairs (⌊kφ⌋, ⌊kφ²⌋) are the automaton's by Silber's theorem (1976): a's Zeckendorf digits end in an \
         even number of 0s, b's are a's with one 0 more"
    } else {
        ""
    };
    Ok(format!(
        "the kernel property over all positions, by automata {digits}: no move joins two P-positions and every other \
         position moves into one (P-set: {} states; moves: {} states; positions with a move into P: {} sets of \
         states){beatty}",
        automaton.states(),
        moves.states(),
        subsets
    ))
}

impl PSet {
    /// `a` read with any leading zeros: a new start state stays put on
    /// zero letters and stands for the position 0 (what `a` says of one
    /// zero letter), and leaves on the first other letter as `a` would.
    ///
    /// Zeckendorf's words are read with the last letter beside the state:
    /// a letter with a one where the last had one leads to a state of no
    /// position, and a state of positions must have every transition a
    /// position's word takes.
    fn of(a: &Automaton) -> Result<PSet, NotProved> {
        let missing = || NotProved::Outside("the automaton has missing transitions".into());
        let (radix, zeckendorf) = match a.numeration {
            Numeration::Base(b) => (b, false),
            Numeration::Zeckendorf => (2, true),
        };
        let letters = radix.pow(a.dims as u32);
        let shaped = a.next.iter().all(|row| row.len() == letters as usize);
        if !shaped || a.next.len() != a.output.len() || a.output.is_empty() || a.next[0][0] == u32::MAX {
            return Err(missing());
        }
        let n = a.output.len() as u32;
        let mut next = a.next.clone();
        let mut first = a.next[0].clone();
        first[0] = n;
        next.push(first);
        let mut p: Vec<bool> = a.output.iter().map(|&v| v == 0).collect();
        p.push(a.output[a.next[0][0] as usize] == 0);
        if !zeckendorf {
            if next.iter().flatten().any(|&s| s == u32::MAX) {
                return Err(missing());
            }
            let valid = vec![true; p.len()];
            return Ok(PSet { numeration: a.numeration, letters, start: n, next, p, valid });
        }
        // states (state, last letter), and one more: no position
        let mut ids: HashMap<(u32, u32), u32> = HashMap::from([((n, 0), 0)]);
        let mut states = vec![(n, 0u32)];
        let mut rows: Vec<Vec<u32>> = Vec::new();
        let sink = u32::MAX;
        let mut i = 0;
        while i < states.len() {
            let (s, last) = states[i];
            let mut row = Vec::with_capacity(letters as usize);
            for letter in 0..letters {
                if letter & last != 0 {
                    row.push(sink);
                    continue;
                }
                let t = next[s as usize][letter as usize];
                if t == u32::MAX {
                    return Err(missing());
                }
                let id = *ids.entry((t, letter)).or_insert_with(|| {
                    states.push((t, letter));
                    states.len() as u32 - 1
                });
                row.push(id);
            }
            rows.push(row);
            i += 1;
        }
        let sink = states.len() as u32;
        for row in &mut rows {
            for t in row.iter_mut().filter(|t| **t == u32::MAX) {
                *t = sink;
            }
        }
        rows.push(vec![sink; letters as usize]);
        let mut p: Vec<bool> = states.iter().map(|&(s, _)| p[s as usize]).collect();
        p.push(false);
        let mut valid = vec![true; states.len()];
        valid.push(false);
        Ok(PSet { numeration: a.numeration, letters, start: 0, next: rows, p, valid })
    }
}

/// The numbers a word of letters (k tracks, most significant first)
/// writes. Breadth first finds the shortest word, far shorter than the 40
/// base-3 digits a u64 holds, so wrapping is only a guard against a panic.
fn read(word: &[u32], numeration: Numeration, tracks: usize) -> Vec<u64> {
    // Zeckendorf: (the value, the value were each digit one place lower)
    let mut out = vec![(0u64, 0u64); tracks];
    let radix = match numeration {
        Numeration::Base(b) => b,
        Numeration::Zeckendorf => 2,
    };
    for &letter in word {
        for ((x, lower), d) in out.iter_mut().zip(relation::digits(letter, radix, tracks)) {
            let d = u64::from(d);
            (*x, *lower) = match numeration {
                Numeration::Base(b) => (x.wrapping_mul(u64::from(b)).wrapping_add(d), 0),
                Numeration::Zeckendorf => (x.wrapping_add(*lower).wrapping_add(d), x.wrapping_add(d)),
            };
        }
    }
    out.into_iter().map(|(x, _)| x).collect()
}

/// The word by which breadth-first search reached `at`.
fn word_to<S: std::hash::Hash + Eq + Clone>(parents: &HashMap<S, Option<(S, u32)>>, at: &S) -> Vec<u32> {
    let mut word = Vec::new();
    let mut cur = at.clone();
    while let Some(Some((parent, letter))) = parents.get(&cur) {
        word.push(*letter);
        cur = parent.clone();
    }
    word.reverse();
    word
}

/// (i): the product of P(p), P(q) and the moves accepts nothing.
fn no_move_joins(pset: &PSet, moves: &Nfa, k: usize) -> Result<(), NotProved> {
    let b = pset.letters;
    type State = (u32, u32, u32);
    let mut parents: HashMap<State, Option<(State, u32)>> = HashMap::new();
    let mut queue = VecDeque::new();
    for &m in &moves.starts {
        let s = (pset.start, pset.start, m);
        parents.insert(s, None);
        queue.push_back(s);
    }
    while let Some(s @ (sp, sq, sm)) = queue.pop_front() {
        if pset.p[sp as usize] && pset.p[sq as usize] && moves.accepting[sm as usize] {
            let pq = read(&word_to(&parents, &s), pset.numeration, 2 * k);
            let (p, q) = (pq[..k].to_vec(), pq[k..].to_vec());
            return Err(NotProved::Wrong {
                why: format!("wrong: {p:?} and {q:?} are both P by the rule, and one moves to the other"),
                p,
                q: Some(q),
            });
        }
        for letter in 0..moves.letters {
            let (pl, ql) = (letter % b, letter / b);
            for &m in &moves.next[sm as usize][letter as usize] {
                let t = (pset.next[sp as usize][pl as usize], pset.next[sq as usize][ql as usize], m);
                if !parents.contains_key(&t) {
                    if parents.len() >= MOST_VISITED {
                        return Err(NotProved::Outside(format!("more than {MOST_VISITED} product states")));
                    }
                    parents.insert(t, Some((s, letter)));
                    queue.push_back(t);
                }
            }
        }
    }
    Ok(())
}

/// Which states (q's P-state, the relation's) some continuation takes to q
/// in P and the move complete: the others can never make a move into P,
/// and are left out of (ii)'s sets (Zeckendorf's words of no position most
/// of all), which keeps those sets few.
fn can_reach_p(pset: &PSet, moves: &Nfa) -> Vec<bool> {
    let b = pset.letters as usize;
    let m_states = moves.states();
    let pairs = pset.p.len() * m_states;
    if pairs.saturating_mul(b * b) > MOST_VISITED * 8 {
        // too many to trace back: every state kept, as if alive
        return vec![true; pairs];
    }
    let mut before: Vec<Vec<u32>> = vec![Vec::new(); pairs];
    for q in 0..pset.p.len() {
        for m in 0..m_states {
            let x = (q * m_states + m) as u32;
            for ql in 0..b {
                let q2 = pset.next[q][ql] as usize;
                for pl in 0..b {
                    for &m2 in &moves.next[m][pl + ql * b] {
                        before[q2 * m_states + m2 as usize].push(x);
                    }
                }
            }
        }
    }
    let mut alive: Vec<bool> = (0..pairs).map(|x| pset.p[x / m_states] && moves.accepting[x % m_states]).collect();
    let mut stack: Vec<u32> = (0..pairs as u32).filter(|&x| alive[x as usize]).collect();
    while let Some(x) = stack.pop() {
        for &y in &before[x as usize] {
            if !alive[y as usize] {
                alive[y as usize] = true;
                stack.push(y);
            }
        }
    }
    alive
}

/// (ii): every position the P-set leaves out has a move into it. Returns
/// how many sets of states the subset construction made.
fn every_other_moves_in(pset: &PSet, moves: &Nfa, k: usize) -> Result<usize, NotProved> {
    let b = pset.letters;
    let m_states = moves.states() as u32;
    // a state of "p has a move into P": q's P-state and the relation's
    let alive = can_reach_p(pset, moves);
    let mut start: Vec<u32> =
        moves.starts.iter().map(|&m| pset.start * m_states + m).filter(|&x| alive[x as usize]).collect();
    start.sort();
    start.dedup();
    let mut subsets: HashMap<Vec<u32>, u32> = HashMap::from([(start.clone(), 0)]);
    let mut listed: Vec<Vec<u32>> = vec![start];
    let mut step: Vec<Vec<Option<u32>>> = vec![vec![None; b as usize]];
    let accepts =
        |set: &[u32]| set.iter().any(|&s| pset.p[(s / m_states) as usize] && moves.accepting[(s % m_states) as usize]);
    type State = (u32, u32);
    let mut parents: HashMap<State, Option<(State, u32)>> = HashMap::from([((pset.start, 0), None)]);
    let mut queue = VecDeque::from([(pset.start, 0u32)]);
    while let Some(s @ (sp, set)) = queue.pop_front() {
        if !pset.valid[sp as usize] {
            // no position: neither checked nor read further
            continue;
        }
        if !pset.p[sp as usize] && !accepts(&listed[set as usize]) {
            let p = read(&word_to(&parents, &s), pset.numeration, k);
            return Err(NotProved::Wrong {
                why: format!("wrong: {p:?} is N by the rule but has no move to a P-position of it"),
                p,
                q: None,
            });
        }
        for pl in 0..b {
            let to = match step[set as usize][pl as usize] {
                Some(to) => to,
                None => {
                    let mut after = Vec::new();
                    for &x in &listed[set as usize] {
                        let (sq, sm) = (x / m_states, x % m_states);
                        for ql in 0..b {
                            let sq2 = pset.next[sq as usize][ql as usize];
                            for &m in &moves.next[sm as usize][(pl + ql * b) as usize] {
                                let x = sq2 * m_states + m;
                                if alive[x as usize] {
                                    after.push(x);
                                }
                            }
                        }
                    }
                    after.sort();
                    after.dedup();
                    let id = match subsets.get(&after) {
                        Some(&id) => id,
                        None => {
                            if listed.len() >= MOST_SUBSETS {
                                return Err(NotProved::Outside(format!("more than {MOST_SUBSETS} sets of states")));
                            }
                            let id = listed.len() as u32;
                            subsets.insert(after.clone(), id);
                            listed.push(after);
                            step.push(vec![None; b as usize]);
                            id
                        }
                    };
                    step[set as usize][pl as usize] = Some(id);
                    id
                }
            };
            let t = (pset.next[sp as usize][pl as usize], to);
            if !parents.contains_key(&t) {
                if parents.len() >= MOST_VISITED {
                    return Err(NotProved::Outside(format!("more than {MOST_VISITED} product states")));
                }
                parents.insert(t, Some((s, pl)));
                queue.push_back(t);
            }
        }
    }
    Ok(listed.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{find, Form, Table, Values};
    use proptest::prelude::*;

    /// Who wins each position of `game` below `side`, by brute force.
    fn outcomes(game: &Piles, side: usize) -> Table {
        game.outcomes(side).unwrap()
    }

    fn proved(text: &str, side: usize) -> (Rule, Result<(), NotProved>) {
        let game = Piles::parse(text).unwrap();
        let mut rule = find(&outcomes(&game, side), Values::Outcome);
        assert_eq!(rule.status, Status::Checked, "{text}: {rule}");
        let result = prove(&mut rule, &game);
        (rule, result)
    }

    #[test]
    fn nim_on_two_and_three_piles_is_proved() {
        for (text, side) in [("piles:2:one", 32), ("piles:3:one", 16)] {
            let (rule, result) = proved(text, side);
            assert_eq!(result, Ok(()), "{text}");
            assert_eq!(rule.status, Status::Proved);
            assert!(rule.proof.as_ref().unwrap().starts_with("the kernel property over all positions"));
        }
    }

    #[test]
    fn moores_nim_is_proved() {
        let (rule, result) = proved("piles:3:moore2", 32);
        assert_eq!(result, Ok(()), "{rule}");
        assert_eq!(rule.family(), "automatic");
        // P iff every binary column holds a multiple of 3 ones
        let x = (5u64 << 40) + 3;
        assert_eq!(rule.predict(&[x, x, x]), Some(0));
        assert_eq!(rule.predict(&[x, x, x + 1]), Some(1));
    }

    #[test]
    fn wythoff_is_proved_on_zeckendorf_digits() {
        let (rule, result) = proved("piles:2:one,equal", 64);
        assert_eq!(result, Ok(()), "{rule}");
        assert_eq!((rule.status, rule.family()), (Status::Proved, "beatty"));
        let words = rule.proof.as_ref().unwrap();
        assert!(words.contains("on Zeckendorf digits") && words.contains("Silber"), "{words}");
        // the same set learned as an automaton from the table is proved too
        let game = Piles::parse("piles:2:one,equal").unwrap();
        let table = outcomes(&game, 89);
        let learned = crate::rules::automatic::find(&table, Numeration::Zeckendorf).expect("Wythoff is automatic");
        let learned = rule_of(learned);
        assert_eq!(kernel(&learned, &game).map(|_| ()), Ok(()));
        // and a rule for another game of two piles is refused with a real counterexample
        let other = Piles::parse("piles:2:one,1.2").unwrap();
        assert_real(&learned, &other, &kernel(&learned, &other).unwrap_err());
    }

    /// Wythoff's P-set learned from a table, with a state's output flipped:
    /// each flip is refused with a counterexample the brute force confirms.
    #[test]
    fn planted_wrong_zeckendorf_p_sets_are_refused() {
        let game = Piles::parse("piles:2:one,equal").unwrap();
        let right = crate::rules::automatic::find(&outcomes(&game, 89), Numeration::Zeckendorf).unwrap();
        for state in 0..right.states() {
            let mut wrong = right.clone();
            wrong.output[state] = 1 - wrong.output[state].min(1);
            let rule = rule_of(wrong);
            match kernel(&rule, &game) {
                // a state no canonical word reaches may flip unseen
                Ok(_) => {}
                Err(e @ NotProved::Wrong { .. }) => assert_real(&rule, &game, &e),
                Err(e) => panic!("state {state}: {e:?}"),
            }
        }
        // Nim's automaton read on Zeckendorf digits is still x = y: proved
        let mut nim = nim_automaton();
        nim.numeration = Numeration::Zeckendorf;
        let nim_game = Piles::parse("piles:2:one").unwrap();
        assert_eq!(kernel(&rule_of(nim), &nim_game).map(|_| ()), Ok(()));
    }

    /// Nim's P-set on two piles as a learned automaton would have it:
    /// state 1 once a binary column is odd.
    fn nim_automaton() -> Automaton {
        Automaton {
            numeration: Numeration::Base(2),
            dims: 2,
            next: vec![vec![0, 1, 1, 0], vec![1; 4]],
            output: vec![0, 1],
        }
    }

    fn rule_of(a: Automaton) -> Rule {
        Rule {
            values: Values::Outcome,
            dims: a.dims,
            form: Some(Form::Automatic(a)),
            status: Status::Checked,
            checked_to: 0,
            exceptions: Vec::new(),
            proof: None,
        }
    }

    /// A refusal's counterexample must be a real one of the rule.
    fn assert_real(rule: &Rule, game: &Piles, wrong: &NotProved) {
        let NotProved::Wrong { p, q, .. } = wrong else { panic!("not refuted: {wrong:?}") };
        match q {
            Some(q) => {
                assert_eq!((rule.predict(p), rule.predict(q)), (Some(0), Some(0)));
                assert!(game.moves(p).contains(q), "{p:?} -> {q:?}");
            }
            None => {
                assert_eq!(rule.predict(p), Some(1));
                assert!(game.moves(p).iter().all(|q| rule.predict(q) == Some(1)), "{p:?}");
            }
        }
    }

    #[test]
    fn planted_wrong_p_sets_are_refused() {
        let nim = Piles::parse("piles:2:one").unwrap();
        let mut right = rule_of(nim_automaton());
        assert_eq!(prove(&mut right, &nim), Ok(()));
        // the dead state called P: every position with an odd column is P
        let mut flipped = nim_automaton();
        flipped.output[1] = 0;
        let rule = rule_of(flipped);
        let wrong = kernel(&rule, &nim).unwrap_err();
        assert_real(&rule, &nim, &wrong);
        assert!(matches!(&wrong, NotProved::Wrong { q: Some(_), .. }), "(i) fails");
        // the even state called N: nothing is P, and (0, 0) has no move
        let mut flipped = nim_automaton();
        flipped.output[0] = 1;
        let rule = rule_of(flipped);
        let wrong = kernel(&rule, &nim).unwrap_err();
        assert_real(&rule, &nim, &wrong);
        assert_eq!(wrong, NotProved::Wrong { why: wrong.text(), p: vec![0, 0], q: None });
        // extra P-positions far out: (2^j, 0), by a third state (x's one
        // bit read, y all zero) called P
        let mut planted = Automaton {
            numeration: Numeration::Base(2),
            dims: 2,
            next: vec![vec![0, 2, 1, 0], vec![1; 4], vec![2, 1, 1, 1]],
            output: vec![0, 1, 0],
        };
        let rule = rule_of(planted.clone());
        assert_eq!(rule.predict(&[1 << 40, 0]), Some(0));
        let wrong = kernel(&rule, &nim).unwrap_err();
        assert_real(&rule, &nim, &wrong);
        planted.output[2] = 1;
        assert_eq!(kernel(&rule_of(planted), &nim).map(|_| ()), Ok(()), "the same automaton, right again");
        // the right P-set for the wrong game: Nim's rule for Wythoff's game
        let wythoff = Piles::parse("piles:2:one,equal").unwrap();
        let wrong = kernel(&right, &wythoff).unwrap_err();
        assert_real(&right, &wythoff, &wrong);
    }

    #[test]
    fn base_three_is_proved_and_refused_as_well() {
        // two piles of Nim read in base 3: equal digits so far, or not
        let same = (0..9).map(|l| if l % 3 == l / 3 { 0 } else { 1 }).collect();
        let mut a =
            Automaton { numeration: Numeration::Base(3), dims: 2, next: vec![same, vec![1; 9]], output: vec![0, 1] };
        let nim = Piles::parse("piles:2:one").unwrap();
        let words = kernel(&rule_of(a.clone()), &nim).unwrap();
        assert!(words.contains("in base 3"), "{words}");
        // x = y also for the game of equal takes alone? (1, 0) cannot move: wrong
        let equal = Piles::parse("piles:2:equal").unwrap();
        let wrong = kernel(&rule_of(a.clone()), &equal).unwrap_err();
        assert_real(&rule_of(a.clone()), &equal, &wrong);
        // the digit 2 on both piles called N: (2, 2) is N with no move to P
        a.next[0][8] = 1;
        let rule = rule_of(a);
        assert_real(&rule, &nim, &kernel(&rule, &nim).unwrap_err());
    }

    #[test]
    fn what_is_outside_is_refused_and_exceptions_are_read() {
        let nim = Piles::parse("piles:2:one").unwrap();
        // an exception is read with the rule: (1, 0) made P, beside (0, 0)
        let mut with_exception = rule_of(nim_automaton());
        with_exception.exceptions.push((vec![1, 0], 0));
        assert_real(&with_exception, &nim, &kernel(&with_exception, &nim).unwrap_err());
        let mut nimbers = rule_of(nim_automaton());
        nimbers.values = Values::Nimber;
        assert!(matches!(kernel(&nimbers, &nim), Err(NotProved::Outside(_))));
        // a Zeckendorf automaton with a transition missing on a canonical word
        let mut missing = nim_automaton();
        missing.numeration = Numeration::Zeckendorf;
        missing.next[1][2] = u32::MAX;
        assert!(matches!(kernel(&rule_of(missing), &nim), Err(NotProved::Outside(_))));
        let three = Piles::parse("piles:3:one").unwrap();
        assert!(matches!(kernel(&rule_of(nim_automaton()), &three), Err(NotProved::Outside(_))));
    }

    /// A random k-pile game of one to three kinds of take.
    fn game() -> impl Strategy<Value = Piles> {
        (2usize..=3).prop_flat_map(|k| {
            let take = prop_oneof![
                Just(crate::rules::piles::Take::One),
                (1..=k).prop_map(crate::rules::piles::Take::AtMost),
                prop::collection::vec(0u64..=3, k)
                    .prop_filter("a take takes", |m| m.iter().any(|&x| x > 0))
                    .prop_map(crate::rules::piles::Take::Times),
            ];
            prop::collection::vec(take, 1..=3).prop_map(move |takes| Piles::new(k, takes).unwrap())
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Soundness against brute force: whatever is proved from a small
        /// table holds on a table three times its side.
        #[test]
        fn proved_rules_hold_past_the_table(game in game()) {
            let (small, large) = if game.piles == 2 { (32, 96) } else { (16, 32) };
            let mut rule = find(&outcomes(&game, small), Values::Outcome);
            if prove(&mut rule, &game).is_ok() {
                let table = outcomes(&game, large);
                for i in 0..table.len() {
                    let pos: Vec<u64> = table.coords(i).into_iter().map(|c| c as u64).collect();
                    prop_assert_eq!(rule.predict(&pos), Some(table.values[i]), "{} at {:?}: {}", game, pos, rule);
                }
            }
        }
    }
}
