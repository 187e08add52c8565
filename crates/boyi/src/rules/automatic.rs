//! Values read off the digits: a finite automaton reads every coordinate's
//! digits together, most significant first (base b, or Zeckendorf's sums
//! of non-consecutive Fibonacci numbers), and the state it stops in gives
//! the value. Fibonacci numbers, numbers with an even count of ones,
//! Wythoff's pairs read in Zeckendorf and Moore's Nim_k are all of this
//! form.
//!
//! The automaton is learned from the table as the states a prefix of
//! digits can be in: two prefixes are one state when every continuation
//! the table holds gives them the same value (Myhill–Nerode, on what the
//! table shows). It is learned from the positions with one digit fewer
//! than the table holds and then held to every position of the table, so
//! the digit the learning never saw must come out right; a state first
//! reached too deep for its continuations to be compared at all refuses
//! the family instead of guessing.

use super::Table;

/// How a coordinate is written in digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numeration {
    /// Base b, b >= 2.
    Base(u32),
    /// Zeckendorf: sums of non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...
    Zeckendorf,
}

impl Numeration {
    fn radix(self) -> u32 {
        match self {
            Numeration::Base(b) => b,
            Numeration::Zeckendorf => 2,
        }
    }

    /// The weights of the digits, least significant first, up to the one
    /// past `max` (weights[k] for the digit k places from the right).
    fn weights(self, max: u128) -> Vec<u128> {
        let mut w: Vec<u128> = vec![1];
        if let Numeration::Zeckendorf = self {
            w.push(2);
        }
        while *w.last().unwrap() <= max {
            let next = match self {
                Numeration::Base(b) => w[w.len() - 1] * u128::from(b),
                Numeration::Zeckendorf => w[w.len() - 1] + w[w.len() - 2],
            };
            w.push(next);
        }
        w
    }

    /// `x`'s digits, least significant first (greedy for Zeckendorf).
    pub fn digits(self, x: u64) -> Vec<u32> {
        let weights = self.weights(u128::from(x));
        let mut left = u128::from(x);
        let mut out = vec![0; weights.len()];
        for k in (0..weights.len()).rev() {
            let d = left / weights[k];
            let d = match self {
                Numeration::Base(_) => d,
                Numeration::Zeckendorf => d.min(1),
            };
            out[k] = d as u32;
            left -= d * weights[k];
        }
        while out.len() > 1 && out.last() == Some(&0) {
            out.pop();
        }
        out
    }

    /// Digits enough for every number below `side` to be written... and
    /// every string of that many digits to be below `side`: the count `n`
    /// with all n-digit numbers in the table.
    fn digits_within(self, side: usize) -> usize {
        let weights = self.weights(side as u128);
        // numbers with n digits are below weights[n]
        (0..weights.len()).rev().find(|&n| weights[n] <= side as u128).unwrap_or(0)
    }

    pub fn name(self) -> String {
        match self {
            Numeration::Base(b) => format!("base {b}"),
            Numeration::Zeckendorf => "Zeckendorf".to_string(),
        }
    }
}

/// A letter: one digit a coordinate, the first coordinate's digit lowest
/// (`Σ dᵢ·radix^i`).
type Letter = u32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    pub numeration: Numeration,
    pub dims: usize,
    /// `next[state][letter]`; `u32::MAX` where no valid digits lead.
    pub next: Vec<Vec<u32>>,
    /// The value of the state where reading stops.
    pub output: Vec<u64>,
}

/// States the learning may make: more would be the table memorised.
const MOST_STATES: usize = 48;
/// Digits a state's continuations must be compared over, at least (the
/// digit held out of the learning is what guards the deepest merges).
const DEPTH: usize = 1;
/// Digit strings the learning needs at least (or four digits): fewer would
/// fit an automaton to too little.
const LEAST_STRINGS: u64 = 256;

impl Automaton {
    /// The value at `pos`, or `None` where no transition is known.
    pub fn at(&self, pos: &[u64]) -> Option<u64> {
        let digits: Vec<Vec<u32>> = pos.iter().map(|&x| self.numeration.digits(x)).collect();
        let len = digits.iter().map(Vec::len).max().unwrap_or(0);
        let radix = self.numeration.radix();
        let mut state = 0u32;
        for k in (0..len).rev() {
            let letter = digits.iter().rev().fold(0, |l: Letter, d| l * radix + d.get(k).copied().unwrap_or(0));
            state = *self.next[state as usize].get(letter as usize)?;
            if state == u32::MAX {
                return None;
            }
        }
        Some(self.output[state as usize])
    }

    pub fn states(&self) -> usize {
        self.output.len()
    }
}

/// A prefix of letters as the numbers it stands for so far. For base b
/// each coordinate is `(value, _)`; for Zeckendorf `(A, B)` with A the
/// value of the digits and B the value were each shifted one place down
/// (so appending a digit d makes `(A + B + d, A + d)`).
#[derive(Clone, Debug)]
struct Reading {
    numbers: Vec<(u64, u64)>,
    /// Each coordinate's last digit (Zeckendorf forbids two ones running).
    last: Letter,
}

struct Learner<'a> {
    table: &'a Table,
    numeration: Numeration,
    radix: u32,
    letters: u32,
}

impl Learner<'_> {
    fn digit(&self, letter: Letter, coordinate: usize) -> u32 {
        letter / self.radix.pow(coordinate as u32) % self.radix
    }

    fn valid_after(&self, last: Letter, letter: Letter) -> bool {
        match self.numeration {
            Numeration::Base(_) => true,
            Numeration::Zeckendorf => last & letter == 0,
        }
    }

    fn append(&self, r: &Reading, letter: Letter) -> Reading {
        let numbers = r
            .numbers
            .iter()
            .enumerate()
            .map(|(c, &(a, b))| {
                let d = u64::from(self.digit(letter, c));
                match self.numeration {
                    Numeration::Base(base) => (a * u64::from(base) + d, 0),
                    Numeration::Zeckendorf => (a + b + d, a + d),
                }
            })
            .collect();
        Reading { numbers, last: letter }
    }

    fn value(&self, r: &Reading) -> u64 {
        let pos: Vec<usize> = r.numbers.iter().map(|&(a, _)| a as usize).collect();
        self.table.at(&pos)
    }

    /// Whether every continuation of up to `depth` letters gives `u` and
    /// `v` the same value.
    fn agree(&self, u: &Reading, v: &Reading, depth: usize) -> bool {
        if self.value(u) != self.value(v) {
            return false;
        }
        depth == 0
            || (0..self.letters)
                .all(|l| !self.valid_after(u.last, l) || self.agree(&self.append(u, l), &self.append(v, l), depth - 1))
    }
}

/// The automaton of `table` in `numeration`, where one fits.
pub fn find(table: &Table, numeration: Numeration) -> Option<Automaton> {
    let radix = numeration.radix();
    let letters = radix.checked_pow(table.dims as u32).filter(|&l| l <= 64)?;
    let digits = numeration.digits_within(table.side);
    // one digit fewer than the table holds: the last is the test
    let learn = digits
        .checked_sub(1)
        .filter(|&d| d >= 4 || u64::from(letters).checked_pow(d as u32).is_none_or(|n| n >= LEAST_STRINGS))?;
    let learner = Learner { table, numeration, radix, letters };
    let start = Reading { numbers: vec![(0, 0); table.dims], last: 0 };
    // each state's shortest prefix, how deep it lies, the prefix's reading
    let mut states: Vec<(usize, Reading)> = vec![(0, start)];
    let mut next: Vec<Vec<u32>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let (depth, reading) = states[i].clone();
        let mut row = vec![u32::MAX; letters as usize];
        for l in 0..letters {
            if !learner.valid_after(reading.last, l) {
                continue;
            }
            let child = learner.append(&reading, l);
            let d = depth + 1;
            let same = states.iter().position(|(sd, s)| {
                let deeper = d.max(*sd);
                // Zeckendorf: only prefixes that allow the same next digits
                let same_next = s.last == child.last || numeration != Numeration::Zeckendorf;
                same_next && learn >= deeper + DEPTH && learner.agree(s, &child, learn - deeper)
            });
            row[l as usize] = match same {
                Some(s) => s as u32,
                None => {
                    if states.len() == MOST_STATES || learn < d + DEPTH {
                        return None;
                    }
                    states.push((d, child));
                    (states.len() - 1) as u32
                }
            };
        }
        next.push(row);
        i += 1;
    }
    let output = states.iter().map(|(_, r)| learner.value(r)).collect();
    let automaton = Automaton { numeration, dims: table.dims, next, output };
    // held to the whole table, the digit never learned from included
    (0..table.len())
        .all(|i| {
            let pos: Vec<u64> = table.coords(i).into_iter().map(|c| c as u64).collect();
            automaton.at(&pos) == Some(table.values[i])
        })
        .then_some(automaton)
}

/// The numerations tried, simplest first.
pub const NUMERATIONS: [Numeration; 3] = [Numeration::Base(2), Numeration::Zeckendorf, Numeration::Base(3)];

#[cfg(test)]
mod tests {
    use super::*;

    fn one(f: impl Fn(u64) -> u64, side: usize) -> Table {
        Table::one((0..side as u64).map(f).collect())
    }

    #[test]
    fn digits_both_ways() {
        assert_eq!(Numeration::Base(2).digits(6), [0, 1, 1]);
        assert_eq!(Numeration::Base(10).digits(0), [0]);
        // 12 = 8 + 3 + 1
        assert_eq!(Numeration::Zeckendorf.digits(12), [1, 0, 1, 0, 1]);
        let top = Numeration::Zeckendorf.digits(u64::MAX);
        assert!(top.windows(2).all(|w| w[0] + w[1] <= 1), "no two ones running");
    }

    #[test]
    fn evil_numbers_and_fibonacci_numbers() {
        let evil = one(|n| u64::from(n.count_ones() % 2 == 1), 4096);
        let a = find(&evil, Numeration::Base(2)).expect("automatic in base 2");
        assert_eq!(a.states(), 2);
        for n in [10u64.pow(18), 12345678901234567, u64::MAX - 1] {
            assert_eq!(a.at(&[n]), Some(u64::from(n.count_ones() % 2 == 1)));
        }
        let mut fib = vec![1u64, 2];
        while fib[fib.len() - 1] < 1 << 62 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let is_fib = |n: u64| u64::from(!fib.contains(&n));
        let t = one(is_fib, 4000);
        assert!(find(&t, Numeration::Base(2)).is_none(), "Fibonacci numbers are not automatic in base 2");
        let z = find(&t, Numeration::Zeckendorf).expect("automatic in Zeckendorf");
        for n in [fib[80], fib[80] + 1, fib[85] - 1, 10u64.pow(18)] {
            assert_eq!(z.at(&[n]), Some(is_fib(n)), "{n}");
        }
    }

    #[test]
    fn wythoff_in_zeckendorf_and_moore_in_base_two() {
        let side = 150usize;
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let mut p = vec![vec![false; side]; side];
        for k in 0..side {
            let a = (k as f64 * phi).floor() as usize;
            if a + k < side {
                p[a][a + k] = true;
                p[a + k][a] = true;
            }
        }
        let t = Table { dims: 2, side, values: (0..side * side).map(|i| u64::from(!p[i / side][i % side])).collect() };
        let z = find(&t, Numeration::Zeckendorf).expect("Wythoff's pairs are Zeckendorf-automatic");
        // (⌊kφ⌋, ⌊kφ⌋ + k) far out, exactly: ⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2
        for k in [10u64.pow(9), 123456789012, 10u64.pow(17)] {
            let a = ((u128::from(k) + (5 * u128::from(k) * u128::from(k)).isqrt()) / 2) as u64;
            assert_eq!(z.at(&[a, a + k]), Some(0));
            assert_eq!(z.at(&[a + k, a]), Some(0));
            assert_eq!(z.at(&[a, a + k + 1]), Some(1));
        }
        // Moore's Nim_2 on three heaps: P iff each bit column has a multiple of 3 ones
        let side = 32usize;
        let moore = |x: usize, y: usize, z: usize| {
            (0..6).all(|b| ((x >> b & 1) + (y >> b & 1) + (z >> b & 1)).is_multiple_of(3))
        };
        let t = Table {
            dims: 3,
            side,
            values: (0..side.pow(3)).map(|i| u64::from(!moore(i / side / side, i / side % side, i % side))).collect(),
        };
        let a = find(&t, Numeration::Base(2)).expect("Moore's Nim_2 is automatic");
        assert_eq!(a.at(&[1 << 40, 1 << 40, 1 << 40]), Some(0));
        assert_eq!(a.at(&[(5 << 40) + 3, (5 << 40) + 3, (5 << 40) + 3]), Some(0));
        assert_eq!(a.at(&[5 << 40, 5 << 40, 7 << 40]), Some(1));
    }

    #[test]
    fn what_no_automaton_reads_is_refused() {
        // squares are not automatic in any base
        let t = one(|n| u64::from(n.isqrt() * n.isqrt() != n), 4096);
        for numeration in NUMERATIONS {
            assert!(find(&t, numeration).is_none(), "{numeration:?}");
        }
        // nor is a sequence without bound (Nim's nimbers)
        assert!(find(&one(|n| n, 4096), Numeration::Base(2)).is_none());
    }
}
