//! Periods and preperiods of computed sequences, proved by the
//! periodicity theorem for octal games where it applies.

use super::{Nimbers, Word};

/// Period and preperiod of a sequence: `G(n + period) = G(n) + saltus` for
/// every `n >= preperiod` computed, `preperiod` the least such.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    pub period: u64,
    pub preperiod: u64,
    /// 0 for a plain period; otherwise the sequence is arithmetic-periodic.
    pub saltus: i64,
    /// Proved by the periodicity theorem for octal games.
    pub proved: bool,
}

/// The period of `values` (`G(0..=N)`): the least period the periodicity
/// theorem proves for a rule taking at most `max_take` tokens (pass `None`
/// when it does not apply), else the least that repeats convincingly: at
/// least three times, over at least half as many heaps as the preperiod.
/// Plain periods are tried before arithmetic ones.
pub fn find_period(values: &Nimbers, max_take: Option<u64>) -> Option<Periodicity> {
    match values {
        Nimbers::U8(v) => period_of(v, max_take),
        Nimbers::U16(v) => period_of(v, max_take),
        Nimbers::U32(v) => period_of(v, max_take),
    }
}

fn period_of<T: Word>(g: &[T], max_take: Option<u64>) -> Option<Periodicity> {
    if g.len() < 2 {
        return None;
    }
    let last = g.len() - 1;
    let mut observed: Option<Periodicity> = None;
    for p in 1..=last / 2 {
        if observed.is_some_and(|o| (p as u64).is_multiple_of(o.period)) {
            continue; // a multiple of a period found already says nothing new
        }
        let saltus = g[last].get() as i64 - g[last - p].get() as i64;
        if saltus != 0 && (max_take.is_some() || observed.is_some()) {
            continue;
        }
        // the least n0 with G(n + p) = G(n) + saltus for all n0 <= n <= last - p
        let mut i = last - p;
        loop {
            if g[i + p].get() as i64 - g[i].get() as i64 != saltus {
                i += 1;
                break;
            }
            if i == 0 {
                break;
            }
            i -= 1;
        }
        let n0 = i;
        let stretch = (last + 1 - n0) as u64;
        let (p64, n064) = (p as u64, n0 as u64);
        if let Some(t) = max_take {
            if saltus == 0 && last as u64 + 1 >= 2 * n064 + 2 * p64 + t {
                return Some(Periodicity { period: p64, preperiod: n064, saltus, proved: true });
            }
        }
        // An arithmetic period (saltus) seen only at the end must hold over
        // at least as many values as come before it: a short run like the
        // 1, 2, 3 closing a pure period 1, 2, 3 repeated is not one.
        let long_enough = if saltus == 0 { 2 * stretch >= n064 } else { stretch >= n064 };
        if observed.is_none() && stretch >= 3 * p64 && long_enough {
            let found = Periodicity { period: p64, preperiod: n064, saltus, proved: false };
            if max_take.is_none() {
                return Some(found);
            }
            observed = Some(found);
        }
        if max_take.is_some_and(|t| 2 * p64 + t > last as u64 + 1) && observed.is_some() {
            break; // no longer period can be proved
        }
    }
    observed
}
