//! Proving a rule over every position, where the moves are a [`Piles`]
//! game and the P-set the rule gives is read by a finite automaton on base-b
//! digits: the P-set is the game's only when it is a kernel of the move
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
//! A rule outside this (other numerations, nimbers, exceptions, forms no
//! automaton is made of) is refused, never guessed at.

use std::collections::{HashMap, VecDeque};

use super::automatic::{Automaton, Numeration};
use super::piles::Piles;
use super::relation::{self, Nfa};
use super::{as_automaton, Rule, Status};

/// A P-set read off digits, most significant first, any leading zeros.
#[derive(Clone, Debug)]
struct PSet {
    base: u32,
    /// b^k: one digit of each of the k piles.
    letters: u32,
    start: u32,
    next: Vec<Vec<u32>>,
    p: Vec<bool>,
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
    let words = kernel(rule, game)?;
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
    let moves = relation::moves(game, pset.base).map_err(NotProved::Outside)?;
    no_move_joins(&pset, &moves, game.piles)?;
    let subsets = every_other_moves_in(&pset, &moves, game.piles)?;
    Ok(format!(
        "the kernel property over all positions, by automata in base {}: no move joins two P-positions and every \
         other position moves into one (P-set: {} states; moves: {} states; positions with a move into P: {} sets of \
         states)",
        pset.base,
        automaton.states(),
        moves.states(),
        subsets
    ))
}

impl PSet {
    /// `a` read with any leading zeros: a new start state stays put on
    /// zero letters and stands for the position 0 (what `a` says of one
    /// zero letter), and leaves on the first other letter as `a` would.
    fn of(a: &Automaton) -> Result<PSet, NotProved> {
        let base = match a.numeration {
            Numeration::Base(b) => b,
            Numeration::Zeckendorf => {
                return Err(NotProved::Outside("P-set read in Zeckendorf digits (only base b is proved)".into()))
            }
        };
        let letters = base.pow(a.dims as u32);
        let defined = a.next.iter().all(|row| row.len() == letters as usize && row.iter().all(|&s| s != u32::MAX));
        if !defined || a.next.len() != a.output.len() || a.output.is_empty() {
            return Err(NotProved::Outside("the automaton has missing transitions".into()));
        }
        let n = a.output.len() as u32;
        let mut next = a.next.clone();
        let mut first = a.next[0].clone();
        first[0] = n;
        next.push(first);
        let mut p: Vec<bool> = a.output.iter().map(|&v| v == 0).collect();
        p.push(a.output[a.next[0][0] as usize] == 0);
        Ok(PSet { base, letters, start: n, next, p })
    }
}

/// The numbers a word of letters (k tracks, most significant first)
/// writes. Breadth first finds the shortest word, far shorter than the 40
/// base-3 digits a u64 holds, so wrapping is only a guard against a panic.
fn read(word: &[u32], base: u32, tracks: usize) -> Vec<u64> {
    let mut out = vec![0u64; tracks];
    for &letter in word {
        for (x, d) in out.iter_mut().zip(relation::digits(letter, base, tracks)) {
            *x = x.wrapping_mul(u64::from(base)).wrapping_add(u64::from(d));
        }
    }
    out
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
            let pq = read(&word_to(&parents, &s), pset.base, 2 * k);
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

/// (ii): every position the P-set leaves out has a move into it. Returns
/// how many sets of states the subset construction made.
fn every_other_moves_in(pset: &PSet, moves: &Nfa, k: usize) -> Result<usize, NotProved> {
    let b = pset.letters;
    let m_states = moves.states() as u32;
    // a state of "p has a move into P": q's P-state and the relation's
    let mut start: Vec<u32> = moves.starts.iter().map(|&m| pset.start * m_states + m).collect();
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
        if !pset.p[sp as usize] && !accepts(&listed[set as usize]) {
            let p = read(&word_to(&parents, &s), pset.base, k);
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
                                after.push(sq2 * m_states + m);
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
    fn wythoff_is_checked_not_proved() {
        let (rule, result) = proved("piles:2:one,equal", 64);
        assert_eq!(rule.status, Status::Checked);
        assert!(matches!(result, Err(NotProved::Outside(_))), "{result:?}");
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
        let mut zeckendorf = nim_automaton();
        zeckendorf.numeration = Numeration::Zeckendorf;
        assert!(matches!(kernel(&rule_of(zeckendorf), &nim), Err(NotProved::Outside(_))));
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
