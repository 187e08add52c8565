//! A rule's P-set as an automaton on digits (base b or Zeckendorf), most significant
//! first, where its form has one: a learned automaton as it is; Nim's XOR
//! (every binary column even); a linear equation (the partial sum Σ cᵢ·xᵢ
//! of the digits read so far, dead once it is too far from r for the digits
//! left to bring it back); a congruence or residues (the same, mod m); a
//! periodic sequence of one pile (n mod the period, and n itself while it
//! is within the preperiod); Wythoff's pairs on Zeckendorf digits (Silber's
//! theorem). A rule's exceptions are read too: the prefix
//! read so far is kept exactly while it could still be an exception.
//!
//! Every automaton built here answers P as output 0; the ones built from a
//! form also read leading zeros as nothing (the state of 0 loops on them).

use std::collections::HashMap;
use std::hash::Hash;

use super::automatic::{Automaton, Numeration};
use super::beatty::{Beatty, Quadratic, Second};
use super::grid::Grid;
use super::linear::Linear;
use super::periodic::Periodic;
use super::relation::digits;
use super::{Form, Rule, Values};

/// States an automaton built here may have.
pub const MOST_STATES: usize = 20_000;

/// `rule`'s values (outcomes: 0 for P) as an automaton, or why not.
pub fn of(rule: &Rule) -> Result<Automaton, String> {
    if rule.values != Values::Outcome {
        return Err("the kernel proof is of P-positions; nimbers are not proved".into());
    }
    let dims = rule.dims;
    let base = 2;
    let plain = match &rule.form {
        Some(Form::Automatic(a)) => a.clone(),
        Some(Form::Xor(parts)) if parts.iter().all(is_identity) => {
            build(dims, base, 0u8, |&odd, l| odd | (l.count_ones() % 2) as u8, |&odd| u64::from(odd))?
        }
        Some(Form::Xor(_)) => return Err("an XOR of sequences other than Nim's is not proved".into()),
        Some(Form::Linear(l)) => linear(l, dims, base)?,
        Some(Form::Periodic(p)) => periodic(p)?,
        Some(Form::Grid(g)) => grid(g, dims, base)?,
        Some(Form::Ratio(_)) => return Err("sectors by the coordinates' ratio are not read as an automaton".into()),
        Some(Form::Beatty(b)) if is_wythoff(b) => wythoff_pairs()?,
        Some(Form::Beatty(_)) => {
            return Err("Beatty pairs other than Wythoff's are read in other numerations (Ostrowski's), not done".into())
        }
        None => return Err("no rule".into()),
    };
    with_exceptions(plain, &rule.exceptions)
}

/// Whether the pairs are Wythoff's, (⌊kφ⌋, ⌊kφ⌋ + k).
fn is_wythoff(b: &Beatty) -> bool {
    let phi = Quadratic { p: 1, s: 1, n: 5, r: 2 };
    let phi_squared = Quadratic { p: 3, s: 1, n: 5, r: 2 };
    b.alpha == phi && (b.second == Second::Shifted(1) || b.second == Second::Beatty(phi_squared))
}

/// Wythoff's pairs and their mirrors on Zeckendorf digits, by Silber's
/// theorem (1976): the A(k) = ⌊kφ⌋ are the numbers whose Zeckendorf digits
/// end in an even number of 0s, and B(k) = A(k) + k has A(k)'s digits with
/// one 0 more. A state follows each way round (the smaller number on the
/// first track or on the second) as `None` once it has failed, or as b's
/// last digit (a's next digit must repeat it), the parity of a's 0s since
/// its last 1, and whether a has had a 1.
fn wythoff_pairs() -> Result<Automaton, String> {
    type Way = Option<(u32, u32, bool)>;
    let step = |way: &Way, a: u32, b: u32| -> Way {
        let (last_b, zeros, started) = (*way)?;
        (a == last_b).then_some(if a == 1 { (b, 0, true) } else { (b, zeros ^ u32::from(started), started) })
    };
    let p = |way: &Way| way.is_some_and(|(last_b, zeros, _)| last_b == 0 && zeros == 0);
    let start: (Way, Way) = (Some((0, 0, false)), Some((0, 0, false)));
    let mut a = build(
        2,
        2,
        start,
        |(x_first, y_first), letter| {
            let (x, y) = (letter & 1, letter >> 1 & 1);
            (step(x_first, x, y), step(y_first, y, x))
        },
        |(x_first, y_first)| u64::from(!(p(x_first) || p(y_first))),
    )?;
    a.numeration = Numeration::Zeckendorf;
    Ok(a)
}

/// Nim's sequence `G(n) = n`.
fn is_identity(p: &Periodic) -> bool {
    p.saltus == p.period && p.values.iter().enumerate().all(|(i, &v)| v == i as u64)
}

/// The automaton whose states are the values of `step` reached from
/// `start`, breadth first, numbered as found.
fn build<S: Clone + Eq + Hash>(
    dims: usize,
    base: u32,
    start: S,
    step: impl Fn(&S, u32) -> S,
    output: impl Fn(&S) -> u64,
) -> Result<Automaton, String> {
    let letters = base.pow(dims as u32);
    let mut ids: HashMap<S, u32> = HashMap::from([(start.clone(), 0)]);
    let mut states = vec![start];
    let mut next = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let row = (0..letters)
            .map(|l| {
                let t = step(&states[i], l);
                match ids.get(&t) {
                    Some(&id) => Ok(id),
                    None if states.len() >= MOST_STATES => Err(format!("more than {MOST_STATES} states")),
                    None => {
                        ids.insert(t.clone(), states.len() as u32);
                        states.push(t);
                        Ok(states.len() as u32 - 1)
                    }
                }
            })
            .collect::<Result<Vec<u32>, String>>()?;
        next.push(row);
        i += 1;
    }
    let output = states.iter().map(output).collect();
    Ok(Automaton { numeration: Numeration::Base(base), dims, next, output })
}

fn linear(l: &Linear, dims: usize, base: u32) -> Result<Automaton, String> {
    let b = i128::from(base);
    let sum = |c: &[i64], s: i128, letter: u32| {
        let d = digits(letter, base, dims);
        s * b + c.iter().zip(d).map(|(&c, d)| i128::from(c) * i128::from(d)).sum::<i128>()
    };
    match l {
        Linear::Equal { coefficients, r } => {
            // s·b^j plus what j more digits add lies within
            // [s·b^j + neg·(b^j − 1), s·b^j + pos·(b^j − 1)]: past these
            // bounds s can never come back to r
            let pos: i128 = coefficients.iter().filter(|&&c| c > 0).map(|&c| i128::from(c)).sum();
            let neg: i128 = coefficients.iter().filter(|&&c| c < 0).map(|&c| i128::from(c)).sum();
            let r = i128::from(*r);
            let (low, high) = (-r.abs() - pos, r.abs() - neg);
            let dead = high + 1;
            build(
                dims,
                base,
                0i128,
                |&s, letter| {
                    if s == dead {
                        return dead;
                    }
                    let t = sum(coefficients, s, letter);
                    if (low..=high).contains(&t) {
                        t
                    } else {
                        dead
                    }
                },
                |&s| u64::from(s != r),
            )
        }
        Linear::Congruent { coefficients, r, m } => {
            let m = i128::from(*m);
            build(
                dims,
                base,
                0i128,
                |&s, letter| sum(coefficients, s, letter).rem_euclid(m),
                |&s| u64::from(s != i128::from(*r)),
            )
        }
        Linear::Residues { moduli, residues } => build(
            dims,
            base,
            vec![0u64; dims],
            |s, letter| {
                let d = digits(letter, base, dims);
                s.iter().zip(moduli).zip(d).map(|((&x, &m), d)| (x * u64::from(base) + u64::from(d)) % m).collect()
            },
            |s| u64::from(!residues.contains(s)),
        ),
    }
}

/// A periodic sequence of one pile: n mod the period, and n while it is
/// below the preperiod plus a period (None past it).
fn periodic(p: &Periodic) -> Result<Automaton, String> {
    if p.period == 0 || p.values.len() as u64 != p.preperiod + p.period {
        return Err("a periodic sequence without a period".into());
    }
    if p.saltus != 0 {
        return Err("an arithmetic-periodic sequence is not an outcome".into());
    }
    let (pre, per) = (p.preperiod, p.period);
    let b = 2u64;
    build(
        1,
        2,
        (Some(0u64), 0u64),
        |&(n, r), d| {
            let n = n.map(|n| n * b + u64::from(d)).filter(|&n| n < pre + per);
            (n, (r * b + u64::from(d)) % per)
        },
        |&(n, r)| match n {
            Some(n) => p.values[n as usize],
            // n ≥ pre: its place in the cycle is (n − pre) mod per
            None => p.values[(pre + (r + per - pre % per) % per) as usize],
        },
    )
}

/// A block repeated along each axis: each coordinate exactly while it is
/// inside the block, and its residue mod the axis's period.
fn grid(g: &Grid, dims: usize, base: u32) -> Result<Automaton, String> {
    if g.saltus.iter().any(|&s| s != 0) {
        return Err("an arithmetic-periodic grid is not an outcome".into());
    }
    let b = u64::from(base);
    let start: Vec<(Option<u64>, u64)> = vec![(Some(0), 0); dims];
    build(
        dims,
        base,
        start,
        |s, letter| {
            let d = digits(letter, base, dims);
            s.iter()
                .zip(&d)
                .enumerate()
                .map(|(a, (&(n, r), &d))| {
                    let limit = g.preperiods[a] + g.periods[a];
                    (n.map(|n| n * b + u64::from(d)).filter(|&n| n < limit), (r * b + u64::from(d)) % g.periods[a])
                })
                .collect()
        },
        |s| {
            let pos: Vec<u64> = s
                .iter()
                .enumerate()
                .map(|(a, &(n, r))| {
                    let (pre, per) = (g.preperiods[a], g.periods[a]);
                    n.unwrap_or(pre + (r + per - pre % per) % per)
                })
                .collect();
            g.at(&pos)
        },
    )
}

/// `a` with `exceptions` (positions and their outcomes) read exactly.
fn with_exceptions(a: Automaton, exceptions: &[(Vec<u64>, u64)]) -> Result<Automaton, String> {
    if exceptions.is_empty() {
        return Ok(a);
    }
    let Numeration::Base(base) = a.numeration else { return Err("exceptions outside base b".into()) };
    if a.next.iter().flatten().any(|&s| s == u32::MAX) {
        return Err("the automaton has missing transitions".into());
    }
    let most = exceptions.iter().flat_map(|(p, _)| p.iter().copied()).max().unwrap_or(0);
    let dims = a.dims;
    let b = u64::from(base);
    // `proof.rs` starts this on the first letter other than zero, as
    // `Automaton::at` starts `a`, so the prefix kept is the coordinates'.
    build(
        dims,
        base,
        (0u32, Some(vec![0u64; dims])),
        |(s, exact), letter| {
            let d = digits(letter, base, dims);
            let exact = exact.as_ref().and_then(|x| {
                let y: Vec<u64> = x.iter().zip(&d).map(|(&x, &d)| x * b + u64::from(d)).collect();
                y.iter().all(|&c| c <= most).then_some(y)
            });
            (a.next[*s as usize][letter as usize], exact)
        },
        |(s, exact)| {
            exact
                .as_ref()
                .and_then(|x| exceptions.iter().find(|(p, _)| p == x).map(|(_, v)| *v))
                .unwrap_or(a.output[*s as usize])
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Status;

    fn rule(dims: usize, form: Form, exceptions: Vec<(Vec<u64>, u64)>) -> Rule {
        Rule {
            values: Values::Outcome,
            dims,
            form: Some(form),
            status: Status::Checked,
            checked_to: 0,
            exceptions,
            proof: None,
        }
    }

    /// The automaton and the rule's own prediction agree near the origin
    /// and far out.
    fn agree(rule: &Rule) {
        let a = of(rule).unwrap();
        let mut points: Vec<u64> = (0..40).collect();
        points.extend([1 << 40, (1 << 40) + 1, 3 << 50, 12345678901]);
        let positions: Vec<Vec<u64>> = match rule.dims {
            1 => points.iter().map(|&x| vec![x]).collect(),
            _ => points.iter().flat_map(|&x| points.iter().map(move |&y| vec![x, y])).collect(),
        };
        for pos in positions {
            assert_eq!(a.at(&pos), rule.predict(&pos), "{pos:?}: {}", rule.text());
        }
    }

    #[test]
    fn every_form_read_as_its_rule() {
        let equal = |coefficients: Vec<i64>, r| Form::Linear(Linear::Equal { coefficients, r });
        agree(&rule(2, equal(vec![1, -1], 0), vec![]));
        agree(&rule(2, equal(vec![2, -1], 1), vec![]));
        agree(&rule(2, equal(vec![1, 3], 3), vec![]));
        agree(&rule(2, Form::Linear(Linear::Congruent { coefficients: vec![1, 2], r: 1, m: 5 }), vec![]));
        let residues = Linear::Residues { moduli: vec![3, 4], residues: vec![vec![0, 0], vec![2, 1]] };
        agree(&rule(2, Form::Linear(residues), vec![]));
        // with exceptions, one of them the origin
        agree(&rule(2, equal(vec![1, -1], 0), vec![(vec![0, 0], 1), (vec![2, 5], 0), (vec![7, 7], 1)]));
        let periodic = Periodic { preperiod: 3, period: 5, saltus: 0, values: vec![1, 0, 0, 1, 1, 0, 1, 0] };
        agree(&rule(1, Form::Periodic(periodic), vec![(vec![1], 1)]));
        let nim = Periodic { preperiod: 0, period: 1, saltus: 1, values: vec![0] };
        agree(&rule(2, Form::Xor(vec![nim.clone(), nim]), vec![]));
        // a block of 3×4 (preperiods 1 and 2, periods 2 and 2) with P scattered in it
        let block = vec![0, 1, 1, 0, 1, 1, 0, 1, 0, 1, 1, 0];
        let grid = Grid { preperiods: vec![1, 2], periods: vec![2, 2], saltus: vec![0, 0], block };
        agree(&rule(2, Form::Grid(grid), vec![(vec![4, 4], 0)]));
        // nimbers and Nim-like XORs of other sequences are not read
        let mut nimbers = rule(2, equal(vec![1, -1], 0), vec![]);
        nimbers.values = Values::Nimber;
        assert!(of(&nimbers).is_err());
        let other = Periodic { preperiod: 0, period: 2, saltus: 0, values: vec![0, 1] };
        assert!(of(&rule(2, Form::Xor(vec![other.clone(), other]), vec![])).is_err());
    }

    /// Silber's theorem as the automaton reads it, against the pairs
    /// computed from φ: every position near the origin, and each pair and
    /// its neighbours far out.
    #[test]
    fn wythoffs_pairs_on_zeckendorf_digits() {
        let phi = Quadratic { p: 1, s: 1, n: 5, r: 2 };
        let wythoff = Beatty { alpha: phi, second: Second::Shifted(1) };
        let r = rule(2, Form::Beatty(wythoff), vec![]);
        let a = of(&r).unwrap();
        assert_eq!(a.numeration, Numeration::Zeckendorf);
        for x in 0..400u64 {
            for y in 0..400u64 {
                assert_eq!(a.at(&[x, y]), Some(u64::from(!wythoff.is_p(x, y))), "({x}, {y})");
            }
        }
        let mut k = 1u128;
        while k < 1 << 58 {
            let (x, y) = (wythoff.a(k).unwrap() as u64, wythoff.b(k).unwrap() as u64);
            assert_eq!((a.at(&[x, y]), a.at(&[y, x])), (Some(0), Some(0)), "k = {k}");
            for (dx, dy) in [(0, 1), (1, 0), (1, 1), (0, u64::MAX), (u64::MAX, 0)] {
                let (u, v) = (x.wrapping_add(dx), y.wrapping_add(dy));
                assert_eq!(a.at(&[u, v]), Some(1), "k = {k}: ({u}, {v})");
            }
            k = k * 7 / 3 + 1;
        }
        // other pairs are refused
        let other = Beatty { alpha: phi, second: Second::Shifted(2) };
        assert!(of(&rule(2, Form::Beatty(other), vec![])).is_err());
    }
}
