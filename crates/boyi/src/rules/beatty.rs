//! Two coordinates whose P-positions are pairs `(A(k), B(k))`, `k = 0, 1,
//! 2, ...`, and their mirrors, `{A(k)}` and `{B(k)}` complementary (every
//! positive integer in exactly one), with `A(k) = ⌊kα⌋` for a quadratic
//! irrational `α`. Complementary Beatty sequences have `1/α + 1/β = 1`, so
//! where `B(k) = A(k) + c·k` (Wythoff's game, `c` = 1; Fraenkel's a-Wythoff
//! games) `α` is `(2 − c + √(c² + 4)) / 2` and nothing is guessed; otherwise
//! `α` is the one simple quadratic irrational (`(p + √q) / r`, `q`
//! square-free) that fits every pair with `B(k) = ⌊kβ⌋`, `β = α/(α − 1)`,
//! or there is no rule. The table must hold at least [`MIN_PAIRS`] pairs.

use super::Table;

/// Pairs a table must hold before a ratio is trusted.
pub const MIN_PAIRS: usize = 12;
/// The simple quadratic irrationals tried: `(p + √q) / r` for these `q` and `r`.
const MOST_Q: u64 = 200;
const MOST_R: i128 = 12;

/// `(p + s·√n) / r`, `r > 0`, `n` not a square, `s` ±1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quadratic {
    pub p: i128,
    pub s: i8,
    pub n: u128,
    pub r: i128,
}

impl Quadratic {
    pub fn value(&self) -> f64 {
        (self.p as f64 + f64::from(self.s) * (self.n as f64).sqrt()) / self.r as f64
    }

    /// `⌊k·self⌋`, exact while `k²·n` fits 128 bits (`k` up to 10^18 with `n` up to 340).
    pub fn floor_times(&self, k: u128) -> Option<i128> {
        let root = k.checked_mul(k)?.checked_mul(self.n)?.isqrt() as i128;
        // √(k²n) is irrational for k > 0: its ceiling is its floor plus one
        let num = if k == 0 {
            0
        } else if self.s > 0 {
            (k as i128).checked_mul(self.p)?.checked_add(root)?
        } else {
            (k as i128).checked_mul(self.p)?.checked_sub(root + 1)?
        };
        Some(num.div_euclid(self.r))
    }

    /// `α / (α − 1)`: what makes `⌊kα⌋` and `⌊kβ⌋` complementary.
    fn complement(&self) -> Option<Quadratic> {
        // (p + s√n) / (p − r + s√n), times the conjugate (p − r − s√n)
        let (p, r, n) = (self.p, self.r, self.n as i128);
        let den = (p - r) * (p - r) - n;
        if den == 0 {
            return None;
        }
        // numerator: p(p − r) − n + s√n(p − r − p) = p(p − r) − n − s·r·√n
        let (mut np, mut m, mut d) = (p * (p - r) - n, -r * i128::from(self.s), den);
        if d < 0 {
            (np, m, d) = (-np, -m, -d);
        }
        // s'·√(m²n)
        Some(Quadratic { p: np, s: if m > 0 { 1 } else { -1 }, n: (m * m) as u128 * self.n, r: d })
    }
}

/// How the second coordinate follows the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Second {
    /// `B(k) = A(k) + c·k`.
    Shifted(u64),
    /// `B(k) = ⌊kβ⌋`.
    Beatty(Quadratic),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beatty {
    pub alpha: Quadratic,
    pub second: Second,
}

impl Beatty {
    pub fn a(&self, k: u128) -> Option<i128> {
        self.alpha.floor_times(k)
    }

    pub fn b(&self, k: u128) -> Option<i128> {
        match self.second {
            Second::Shifted(c) => self.a(k)?.checked_add(k as i128 * c as i128),
            Second::Beatty(beta) => beta.floor_times(k),
        }
    }

    /// The `k` with `f(k) = x`, if there is one (`f` increasing, `f(k) >= k`).
    fn inverse(x: u64, f: impl Fn(u128) -> Option<i128>) -> Option<u128> {
        let (mut lo, mut hi) = (0u128, x as u128 + 1);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match f(mid) {
                Some(v) if v < x as i128 => lo = mid + 1,
                _ => hi = mid,
            }
        }
        (f(lo) == Some(x as i128)).then_some(lo)
    }

    /// Whether `(x, y)` is a P-position.
    pub fn is_p(&self, x: u64, y: u64) -> bool {
        let pair = |x: u64, y: u64| Beatty::inverse(x, |k| self.a(k)).is_some_and(|k| self.b(k) == Some(y as i128));
        pair(x, y) || pair(y, x)
    }
}

/// The P-positions of a two-coordinate table, as Beatty pairs.
pub fn find(table: &Table) -> Option<Beatty> {
    let side = table.side;
    let p = |x: usize, y: usize| table.at(&[x, y]) == 0;
    // symmetric, and (0, 0) the first pair
    if !p(0, 0) || (0..side).any(|x| (0..side).any(|y| p(x, y) != p(y, x))) {
        return None;
    }
    // the pair of each row, first coordinate the smaller: k = 0, 1, 2, ...
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for x in 0..side {
        let ys: Vec<usize> = (x..side).filter(|&y| p(x, y)).collect();
        match ys[..] {
            [] => {}
            [y] => pairs.push((x as u64, y as u64)),
            _ => return None,
        }
    }
    // the rows whose partner lies past the box end the data
    let complete = pairs.iter().take_while(|&&(_, b)| (b as usize) < side).count();
    let pairs = &pairs[..complete];
    if pairs.len() < MIN_PAIRS || pairs.windows(2).any(|w| w[1].0 <= w[0].0 || w[1].1 <= w[0].1) {
        return None;
    }
    let fits = |f: &dyn Fn(u128) -> Option<i128>, which: fn(&(u64, u64)) -> u64| {
        pairs.iter().enumerate().all(|(k, pair)| f(k as u128) == Some(which(pair) as i128))
    };
    // Complementary: every n from 1 to the last a_k the data pins down is
    // an a or a b, once. Then 1/α + 1/β = 1 ties the two together, which
    // is what makes α the one number that fits (a shift alone does not).
    let last_a = pairs[pairs.len() - 1].0;
    let mut seen = vec![0u8; last_a as usize + 1];
    for &(a, b) in &pairs[1..] {
        for v in [a, b] {
            if v <= last_a {
                seen[v as usize] += 1;
            }
        }
    }
    if seen[1..].iter().any(|&c| c != 1) {
        return None;
    }
    let shift = pairs.iter().enumerate().skip(1).map(|(k, &(a, b))| (b - a) / k as u64).next()?;
    let shifted = shift > 0 && pairs.iter().enumerate().all(|(k, &(a, b))| b == a + shift * k as u64);
    if shifted {
        // 1/α + 1/(α + c) = 1: α = (2 − c + √(c² + 4)) / 2
        let c = i128::from(shift);
        let alpha = Quadratic { p: 2 - c, s: 1, n: (c * c + 4) as u128, r: 2 };
        return fits(&|k| alpha.floor_times(k), |pair| pair.0)
            .then_some(Beatty { alpha, second: Second::Shifted(shift) });
    }
    // the interval the data pin α to: a_k <= kα < a_k + 1
    let (mut lo, mut hi) = (1.0f64, f64::INFINITY);
    for (k, &(a, _)) in pairs.iter().enumerate().skip(1) {
        lo = lo.max(a as f64 / k as f64);
        hi = hi.min((a + 1) as f64 / k as f64);
    }
    let mut found: Vec<Beatty> = Vec::new();
    for q in (2..=MOST_Q).filter(|&q| square_free(q)) {
        let root = (q as f64).sqrt();
        for r in 1..=MOST_R {
            // lo < (p + √q)/r < hi, with a little room for rounding
            let first = ((lo - 1e-9) * r as f64 - root).ceil() as i128;
            let last = ((hi + 1e-9) * r as f64 - root).floor() as i128;
            for p in first..=last {
                let alpha = Quadratic { p, s: 1, n: q as u128, r };
                if alpha.value() <= 1.0 || !fits(&|k| alpha.floor_times(k), |pair| pair.0) {
                    continue;
                }
                if let Some(beta) = alpha.complement() {
                    if beta.value() > 1.0 && fits(&|k| beta.floor_times(k), |pair| pair.1) {
                        found.push(Beatty { alpha, second: Second::Beatty(beta) });
                    }
                }
            }
        }
    }
    // one simple irrational only: two that fit the same data part somewhere past it
    let mut values: Vec<f64> = found.iter().map(|b| b.alpha.value()).collect();
    values.sort_by(f64::total_cmp);
    values.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
    (values.len() == 1).then(|| found[0])
}

fn square_free(q: u64) -> bool {
    (2..).take_while(|d| d * d <= q).all(|d| !q.is_multiple_of(d * d))
}

/// Exceptions allowed, all in the first quarter of the box (as for linear rules).
const MOST_EXCEPTIONS: usize = 24;

/// Shifted pairs `(⌊kα⌋, ⌊kα⌋ + c·k)` that every position of the table
/// follows but a few near the origin (misère Wythoff: (0, 1), (1, 0) and
/// (2, 2) P, (0, 0), (1, 2) and (2, 1) not), for c up to 6, α fixed by c.
pub fn with_exceptions(table: &Table) -> Option<(Beatty, super::Exceptions)> {
    let side = table.side;
    if table.dims != 2 || side < 32 {
        return None;
    }
    (1..=6i128).find_map(|c| {
        let alpha = Quadratic { p: 2 - c, s: 1, n: (c * c + 4) as u128, r: 2 };
        let rule = Beatty { alpha, second: Second::Shifted(c as u64) };
        let mut p = vec![false; side * side];
        let mut pairs = 0;
        for k in 0.. {
            let (Some(a), Some(b)) = (rule.a(k), rule.b(k)) else { return None };
            if a as usize >= side {
                break;
            }
            if (b as usize) < side {
                p[a as usize * side + b as usize] = true;
                p[b as usize * side + a as usize] = true;
                pairs += 1;
            }
        }
        // as many pairs as a ratio found from the data needs: (k, 7k) fits
        // c = 6 for k ≤ 6, and no further
        if pairs < MIN_PAIRS {
            return None;
        }
        let mut exceptions = Vec::new();
        for (i, &is_p) in p.iter().enumerate() {
            if is_p != (table.values[i] == 0) {
                let (x, y) = (i / side, i % side);
                if exceptions.len() == MOST_EXCEPTIONS || x.max(y) >= side / 4 {
                    return None;
                }
                exceptions.push((vec![x as u64, y as u64], u64::from(table.values[i] != 0)));
            }
        }
        Some((rule, exceptions))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wythoff's game by its moves: take any from one pile, or the same from both.
    fn wythoff_table(side: usize) -> Table {
        let mut p = vec![false; side * side];
        for x in 0..side {
            for y in 0..side {
                let reaches_p = (0..x).any(|a| p[a * side + y])
                    || (0..y).any(|b| p[x * side + b])
                    || (1..=x.min(y)).any(|t| p[(x - t) * side + (y - t)]);
                p[x * side + y] = !reaches_p;
            }
        }
        Table { dims: 2, side, values: p.iter().map(|&is_p| u64::from(!is_p)).collect() }
    }

    #[test]
    fn wythoff_is_the_golden_ratio_far_past_the_table() {
        let b = find(&wythoff_table(120)).expect("Wythoff's pairs");
        assert_eq!(b.alpha, Quadratic { p: 1, s: 1, n: 5, r: 2 });
        assert!(matches!(b.second, Second::Shifted(1) | Second::Beatty(_)));
        // the cold pairs by the closed form, at 10^18
        let k: u128 = 10u128.pow(17) + 7;
        let a = ((k + (5 * k * k).isqrt()) / 2) as u64;
        assert!(b.is_p(a, a + k as u64) && b.is_p(a + k as u64, a));
        assert!(!b.is_p(a, a + k as u64 + 1));
    }

    #[test]
    fn misere_wythoff_is_wythoffs_pairs_but_six_positions() {
        // the last to move loses: a move to (0, 0) is never made
        let side = 120;
        let mut p = vec![false; side * side];
        for x in 0..side {
            for y in 0..side {
                let reaches_p = (0..x).any(|a| (a, y) != (0, 0) && p[a * side + y])
                    || (0..y).any(|b| (x, b) != (0, 0) && p[x * side + b])
                    || (1..=x.min(y)).any(|t| (x - t, y - t) != (0, 0) && p[(x - t) * side + (y - t)]);
                p[x * side + y] = (x, y) != (0, 0) && !reaches_p;
            }
        }
        let table = Table { dims: 2, side, values: p.iter().map(|&is_p| u64::from(!is_p)).collect() };
        assert!(find(&table).is_none());
        let (b, mut e) = with_exceptions(&table).expect("Wythoff's pairs but a few");
        assert_eq!((b.alpha, b.second), (Quadratic { p: 1, s: 1, n: 5, r: 2 }, Second::Shifted(1)));
        e.sort();
        let v = |x: u64, y: u64, n: u64| (vec![x, y], n);
        assert_eq!(e, [v(0, 0, 1), v(0, 1, 0), v(1, 0, 0), v(1, 2, 1), v(2, 1, 1), v(2, 2, 0)]);
        // too few pairs inside the table to trust: (k, 7k) is c = 6's for k ≤ 6
        let side = 48;
        let sevens: Vec<u64> =
            (0..side * side).map(|i| u64::from(!((i / side) * 7 == i % side || (i % side) * 7 == i / side))).collect();
        assert!(with_exceptions(&Table { dims: 2, side, values: sevens }).is_none());
        // a table no shift fits is refused
        let side = 120;
        let mut other = table.clone();
        other.values[100 * side + 7] ^= 1;
        assert!(with_exceptions(&other).is_none());
    }

    #[test]
    fn a_complement_is_exact() {
        let phi = Quadratic { p: 1, s: 1, n: 5, r: 2 };
        let beta = phi.complement().unwrap();
        assert!((beta.value() - phi.value() * phi.value()).abs() < 1e-12);
        for k in 0..1000u128 {
            assert_eq!(beta.floor_times(k), Some(phi.floor_times(k).unwrap() + k as i128));
        }
    }

    #[test]
    fn too_few_pairs_say_nothing() {
        assert!(find(&wythoff_table(20)).is_none());
    }
}
