//! One coordinate: `v(n + p) = v(n) + s` from a preperiod on (periodic when
//! the saltus `s` is 0, arithmetic-periodic otherwise), the values before
//! the preperiod given one by one. Plain forms such as `n`, `n mod k` and
//! `⌊n/k⌋` are such sequences, and `code.rs` says them so.

use super::{Exceptions, Values};

/// `v(n)`: the first `preperiod + period` values as listed, then
/// `v(n) = v(n - period) + saltus`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodic {
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
    pub values: Vec<u64>,
}

impl Periodic {
    /// `v(n)`, exact for `n` up to 2^64 (a value past 2^64 saturates).
    pub fn at(&self, n: u64) -> u64 {
        if n < self.preperiod + self.period {
            return self.values[n as usize];
        }
        let k = (n - self.preperiod) / self.period;
        let base = self.values[(self.preperiod + (n - self.preperiod) % self.period) as usize];
        base.saturating_add(self.saltus.saturating_mul(k))
    }

    /// Whether `self` and `other` agree at every n ≥ 0. Past both
    /// preperiods each rises by a fixed amount over the lcm L of the
    /// periods; rising alike and agreeing on the first L values there (and
    /// before) is agreeing everywhere, by induction on n. Periods whose lcm
    /// passes 2^20 are not compared (false).
    pub fn same(&self, other: &Periodic) -> bool {
        let gcd = |mut a: u64, mut b: u64| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let lcm = self.period / gcd(self.period, other.period) * other.period;
        if lcm > 1 << 20 {
            return false;
        }
        let rise = |p: &Periodic| p.saltus.checked_mul(lcm / p.period);
        if rise(self).is_none() || rise(self) != rise(other) {
            return false;
        }
        let start = self.preperiod.max(other.preperiod);
        (0..start + lcm).all(|n| self.at(n) == other.at(n))
    }

    /// The values of one period, from the preperiod.
    pub fn cycle(&self) -> &[u64] {
        &self.values[self.preperiod as usize..]
    }

    /// What the periodic form gives `n` below the preperiod, carried back
    /// (`None` where it would be negative); where the sequence differs, `n`
    /// is an exception.
    pub fn backwards(&self, n: u64) -> Option<u64> {
        let behind = self.preperiod - n;
        let periods = behind.div_ceil(self.period);
        let i = (self.period * periods - behind) as usize;
        self.cycle()[i].checked_sub(self.saltus * periods)
    }
}

/// The least period (then the least preperiod) `values` show with margin:
/// the repeating stretch holds at least three periods and is longer than
/// the preperiod by two periods, so a period that only happens to fit the
/// end of a short table is not taken. Outcomes are read as 0 (P) and 1.
/// The exceptions are the preperiod's positions.
pub fn find(values: &[u64], kind: Values) -> Option<(Periodic, Exceptions)> {
    let seq: Vec<u64> = values.iter().map(|&v| kind.read(v)).collect();
    let found = least_period(&seq)?;
    let exceptions = (0..found.preperiod)
        .filter(|&n| found.backwards(n) != Some(seq[n as usize]))
        .map(|n| (vec![n], seq[n as usize]))
        .collect();
    Some((found, exceptions))
}

/// [`find`] on values already read.
pub fn least_period(seq: &[u64]) -> Option<Periodic> {
    let len = seq.len();
    if len < 4 {
        return None;
    }
    let last = len - 1;
    for p in 1..=len / 3 {
        let Some(saltus) = seq[last].checked_sub(seq[last - p]) else { continue };
        // the least n0 with v(n + p) = v(n) + saltus for n0 <= n <= last - p
        let mut n0 = last - p;
        loop {
            if seq[n0 + p] != seq[n0].wrapping_add(saltus) {
                n0 += 1;
                break;
            }
            if n0 == 0 {
                break;
            }
            n0 -= 1;
        }
        let stretch = len - n0;
        if stretch >= 3 * p && stretch >= n0 + 2 * p {
            return Some(Periodic { preperiod: n0 as u64, period: p as u64, saltus, values: seq[..n0 + p].to_vec() });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_forms_are_periodic_sequences() {
        let n: Vec<u64> = (0..100).collect();
        let p = least_period(&n).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
        assert_eq!(p.at(1_000_000_000_000_000_000), 1_000_000_000_000_000_000);
        let m: Vec<u64> = (0..100).map(|n| n % 7).collect();
        let p = least_period(&m).unwrap();
        assert_eq!((p.period, p.saltus), (7, 0));
        assert_eq!(p.at(10u64.pow(18)), 10u64.pow(18) % 7);
        let q: Vec<u64> = (0..100).map(|n| n / 3 + 2).collect();
        let p = least_period(&q).unwrap();
        assert_eq!((p.period, p.saltus), (3, 1));
        assert_eq!(p.at(10u64.pow(18)), 10u64.pow(18) / 3 + 2);
    }

    #[test]
    fn a_preperiod_is_kept_and_a_short_table_says_nothing() {
        let mut s: Vec<u64> = (0..60).map(|n| n % 4).collect();
        s[3] = 9;
        s[5] = 7;
        let p = least_period(&s).unwrap();
        assert_eq!((p.preperiod, p.period), (6, 4));
        assert_eq!(p.at(5), 7);
        // a period that fits only the table's end is refused
        let mut t: Vec<u64> = (0..30).map(|n| n * 7 % 11).collect();
        t.extend([1, 2, 1, 2, 1, 2]);
        assert!(least_period(&t).is_none());
    }
}
