//! Two coordinates whose P-positions depend only on the ratio y : x: the
//! quadrant cut by lines through the origin, `y = s·x`, into sectors each
//! P or N (a line with rational slope has points of its own, P or N too),
//! the axes and the origin apart. Euclid's game is the model: a player
//! subtracts a multiple of the smaller number from the larger, and the
//! position is P when a number is 0 or the larger is below φ times the
//! smaller (Cole and Davie, 1969).
//!
//! The slopes are read off where the table changes along its rows and
//! columns far from the origin: each change pins its line's slope to an
//! interval, the intervals of one line meet in a narrow one, and the slope
//! is the one simple number in it: a fraction a/b with b ≤ 12, else the
//! quadratic irrational (p + √q)/r, q ≤ 200, of least r, where every other
//! in the interval has more than twice that r (or no rule).

use std::cmp::Ordering;

use super::beatty::Quadratic;
use super::Table;

/// Changes a line must show before its slope is trusted.
const MIN_CHANGES: usize = 8;
/// Lines a rule may have.
const MOST_LINES: usize = 6;
const MOST_DENOMINATOR: u64 = 12;
const MOST_Q: u128 = 200;
// the C++ `code.rs` writes settles d ≥ 15x before squaring d: √n < 15
const _: () = assert!(MOST_Q < 225);
const MOST_R: i128 = 12;

/// The slope of a line through the origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slope {
    /// `a / b`, in lowest terms.
    Rational { a: u64, b: u64 },
    /// `(p + √n) / r`, irrational.
    Irrational(Quadratic),
}

impl Slope {
    pub fn value(&self) -> f64 {
        match self {
            Slope::Rational { a, b } => *a as f64 / *b as f64,
            Slope::Irrational(q) => q.value(),
        }
    }

    /// Where `y` stands against `slope · x`, exactly (`x` > 0).
    pub fn compare(&self, x: u64, y: u64) -> Ordering {
        match *self {
            Slope::Rational { a, b } => (u128::from(y) * u128::from(b)).cmp(&(u128::from(a) * u128::from(x))),
            Slope::Irrational(q) => {
                // (slopes are made with +√n only; the words and code read them so)
                debug_assert_eq!(q.s, 1);
                // y against x(p + √n)/r: d = r·y − p·x against x√n
                let d = i128::from(y) * q.r - q.p * i128::from(x);
                if d < 0 {
                    return Ordering::Less;
                }
                let d = d as u128;
                // √n is irrational: never equal
                if wide_less(d, d, q.n * u128::from(x), u128::from(x)) {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
        }
    }
}

/// Whether `a·b < c·d`, without overflow.
fn wide_less(a: u128, b: u128, c: u128, d: u128) -> bool {
    fn mul(a: u128, b: u128) -> (u128, u128) {
        let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
        let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
        let low = a0 * b0;
        let (mid, carry) = (a1 * b0).overflowing_add(a0 * b1);
        let (lo, c2) = low.overflowing_add(mid << 64);
        let hi = a1 * b1 + (mid >> 64) + (u128::from(carry) << 64) + u128::from(c2);
        (hi, lo)
    }
    mul(a, b) < mul(c, d)
}

/// The P-positions by sectors of the quadrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ratio {
    /// Increasing, all positive.
    pub slopes: Vec<Slope>,
    /// Whether the open sector below the first slope, between each two,
    /// and above the last is P.
    pub sectors: Vec<bool>,
    /// Whether the points on each line are P (only rational lines have any).
    pub lines: Vec<bool>,
    /// `(x, 0)` for x ≥ 1, `(0, y)` for y ≥ 1, `(0, 0)`.
    pub x_axis: bool,
    pub y_axis: bool,
    pub origin: bool,
}

/// Where a point lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Origin,
    XAxis,
    YAxis,
    Sector(usize),
    Line(usize),
}

impl Ratio {
    fn place(slopes: &[Slope], x: u64, y: u64) -> Place {
        match (x, y) {
            (0, 0) => return Place::Origin,
            (_, 0) => return Place::XAxis,
            (0, _) => return Place::YAxis,
            _ => {}
        }
        for (i, s) in slopes.iter().enumerate() {
            match s.compare(x, y) {
                Ordering::Less => return Place::Sector(i),
                Ordering::Equal => return Place::Line(i),
                Ordering::Greater => {}
            }
        }
        Place::Sector(slopes.len())
    }

    pub fn is_p(&self, x: u64, y: u64) -> bool {
        match Self::place(&self.slopes, x, y) {
            Place::Origin => self.origin,
            Place::XAxis => self.x_axis,
            Place::YAxis => self.y_axis,
            Place::Sector(i) => self.sectors[i],
            Place::Line(i) => self.lines[i],
        }
    }

    /// Whether swapping the coordinates changes nothing.
    pub fn symmetric(&self) -> bool {
        let m = self.slopes.len();
        self.x_axis == self.y_axis
            && (0..m).all(|i| {
                let (s, t) = (self.slopes[i], self.slopes[m - 1 - i]);
                let mirrored = match (s, t) {
                    (Slope::Rational { a, b }, Slope::Rational { a: c, b: d }) => a == d && b == c,
                    (Slope::Irrational(_), Slope::Irrational(_)) => (s.value() * t.value() - 1.0).abs() < 1e-12,
                    _ => false,
                };
                mirrored && self.lines[i] == self.lines[m - 1 - i]
            })
            && (0..=m).all(|i| self.sectors[i] == self.sectors[m - i])
    }
}

/// An interval of slopes, as fractions `lo.0/lo.1 ≤ s ≤ hi.0/hi.1`.
#[derive(Clone, Copy, Debug)]
struct Span {
    lo: (u64, u64),
    hi: (u64, u64),
}

fn less(a: (u64, u64), b: (u64, u64)) -> bool {
    u128::from(a.0) * u128::from(b.1) < u128::from(b.0) * u128::from(a.1)
}

impl Span {
    fn mid(&self) -> f64 {
        (self.lo.0 as f64 / self.lo.1 as f64 + self.hi.0 as f64 / self.hi.1 as f64) / 2.0
    }

    /// The common part, if the two meet.
    fn meet(&self, other: &Span) -> Option<Span> {
        let lo = if less(self.lo, other.lo) { other.lo } else { self.lo };
        let hi = if less(self.hi, other.hi) { self.hi } else { other.hi };
        (!less(hi, lo)).then_some(Span { lo, hi })
    }

    fn contains(&self, v: f64) -> bool {
        let eps = 1e-12;
        v >= self.lo.0 as f64 / self.lo.1 as f64 - eps && v <= self.hi.0 as f64 / self.hi.1 as f64 + eps
    }
}

/// Points a fraction's line must have in the table before the fraction is
/// taken: an irrational slope's span ends at fractions too (29/12 for
/// 1 + √2 in a table of side 96), whose lines the table crosses at a
/// point or two.
const LEAST_POINTS: u64 = 4;

/// The one simple number in `span`: the fraction of least denominator
/// whose line has [`LEAST_POINTS`] points in a table of side `side`, or
/// the simplest quadratic irrational where no fraction is.
fn simplest(span: &Span, side: u64) -> Option<Slope> {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    for b in 1..=MOST_DENOMINATOR {
        // a/b within [lo, hi], exactly
        let first = (u128::from(span.lo.0) * u128::from(b)).div_ceil(u128::from(span.lo.1)) as u64;
        let last = (u128::from(span.hi.0) * u128::from(b) / u128::from(span.hi.1)) as u64;
        let found: Vec<u64> =
            (first.max(1)..=last).filter(|&a| gcd(a, b) == 1 && (side - 1) / a.max(b) >= LEAST_POINTS).collect();
        match found[..] {
            [] => {}
            [a] => return Some(Slope::Rational { a, b }),
            _ => return None,
        }
    }
    let (lo, hi) = (span.lo.0 as f64 / span.lo.1 as f64, span.hi.0 as f64 / span.hi.1 as f64);
    let mut found: Vec<Quadratic> = Vec::new();
    for n in (2..=MOST_Q).filter(|&n| (2..).take_while(|d| d * d <= n).all(|d| n % (d * d) != 0)) {
        let root = (n as f64).sqrt();
        for r in 1..=MOST_R {
            let first = ((lo - 1e-9) * r as f64 - root).ceil() as i128;
            let last = ((hi + 1e-9) * r as f64 - root).floor() as i128;
            for p in first..=last {
                let q = Quadratic { p, s: 1, n, r };
                if q.value() > 0.0 && span.contains(q.value()) {
                    found.push(q);
                }
            }
        }
    }
    // The data pin a slope only between two fractions (Fibonacci ratios
    // for φ), where forms of large r crowd: the simplest form is taken
    // when every other value in the span needs more than twice its r.
    found.sort_by_key(|q| (q.r, q.n, q.p));
    let best = *found.first()?;
    let alone = found.iter().all(|q| (q.value() - best.value()).abs() < 1e-12 || q.r > 2 * best.r);
    alone.then_some(Slope::Irrational(best))
}

/// The sectors the P-positions of `table` (values 0 for P) fall into.
pub fn find(table: &Table) -> Option<Ratio> {
    let side = table.side;
    if table.dims != 2 || side < 32 {
        return None;
    }
    let p = |x: usize, y: usize| table.at(&[x, y]) == 0;
    // each change far from the origin pins its line's slope
    let far = side / 4;
    let mut spans: Vec<Span> = Vec::new();
    for x in 1..side {
        for y in 2..side {
            if x.max(y) >= far && p(x, y) != p(x, y - 1) {
                // (y − 1) ≤ s·x ≤ y
                spans.push(Span { lo: ((y - 1) as u64, x as u64), hi: (y as u64, x as u64) });
            }
        }
    }
    for y in 1..side {
        for x in 2..side {
            if x.max(y) >= far && p(x, y) != p(x - 1, y) {
                // x − 1 ≤ y/s ≤ x
                spans.push(Span { lo: (y as u64, x as u64), hi: (y as u64, (x - 1) as u64) });
            }
        }
    }
    if spans.len() > MOST_LINES * 4 * side {
        return None;
    }
    spans.sort_by(|a, b| a.mid().total_cmp(&b.mid()));
    let mut lines: Vec<(Span, usize)> = Vec::new();
    for s in spans {
        match lines.last_mut().and_then(|(l, n)| l.meet(&s).map(|m| (l, n, m))) {
            Some((l, n, m)) => {
                *l = m;
                *n += 1;
            }
            None => lines.push((s, 1)),
        }
    }
    // (no line at all: the axes alone, which the automata say as well)
    if lines.is_empty() || lines.len() > MOST_LINES || lines.iter().any(|&(_, n)| n < MIN_CHANGES) {
        return None;
    }
    let slopes: Vec<Slope> = lines.iter().map(|(span, _)| simplest(span, side as u64)).collect::<Option<_>>()?;
    if slopes.windows(2).any(|w| w[0].value() >= w[1].value()) {
        return None;
    }
    // each place's status, the same at every point of it in the table
    let m = slopes.len();
    let mut status: Vec<Option<bool>> = vec![None; 2 * m + 4];
    let slot = |place: Place| match place {
        Place::Sector(i) => i,
        Place::Line(i) => m + 1 + i,
        Place::XAxis => 2 * m + 1,
        Place::YAxis => 2 * m + 2,
        Place::Origin => 2 * m + 3,
    };
    for x in 0..side {
        for y in 0..side {
            let s = &mut status[slot(Ratio::place(&slopes, x as u64, y as u64))];
            match *s {
                None => *s = Some(p(x, y)),
                Some(v) if v != p(x, y) => return None,
                _ => {}
            }
        }
    }
    let get = |i: usize| status[i].unwrap_or(false);
    Some(Ratio {
        sectors: (0..=m).map(get).collect(),
        lines: (0..m).map(|i| get(m + 1 + i)).collect(),
        x_axis: get(2 * m + 1),
        y_axis: get(2 * m + 2),
        origin: get(2 * m + 3),
        slopes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Euclid's game by its moves: take a positive multiple of the smaller
    /// number from the larger, staying at 0 or more.
    fn euclid(side: usize) -> Table {
        let mut p = vec![false; side * side];
        for sum in 0..2 * side {
            for x in sum.saturating_sub(side - 1)..=sum.min(side - 1) {
                let y = sum - x;
                let (lo, hi) = (x.min(y), x.max(y));
                let won = lo > 0
                    && (1..=hi / lo).any(|k| {
                        let rest = hi - k * lo;
                        let (a, b) = if x >= y { (rest, y) } else { (x, rest) };
                        p[a * side + b]
                    });
                p[x * side + y] = !won;
            }
        }
        Table { dims: 2, side, values: p.into_iter().map(|p| u64::from(!p)).collect() }
    }

    #[test]
    fn euclids_game_is_the_golden_ratio() {
        let r = find(&euclid(96)).unwrap();
        let phi = Quadratic { p: 1, s: 1, n: 5, r: 2 };
        let over_phi = Quadratic { p: -1, s: 1, n: 5, r: 2 };
        let one = Slope::Rational { a: 1, b: 1 };
        assert_eq!(r.slopes, vec![Slope::Irrational(over_phi), one, Slope::Irrational(phi)]);
        assert_eq!(r.sectors, vec![false, true, true, false]);
        assert!(r.symmetric() && r.x_axis && r.origin);
        // exact far out: the larger below φ times the smaller
        let truth = |x: u64, y: u64| {
            let (lo, hi) = (u128::from(x.min(y)), u128::from(x.max(y)));
            lo == 0 || (lo != hi && (2 * hi - lo) * (2 * hi - lo) < 5 * lo * lo)
        };
        let mut seed = 7u64;
        for _ in 0..20000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let x = seed >> (4 + seed % 50);
            let y = ((x as f64) * 1.618033988749895) as u64 + (seed >> 60) % 5;
            for (a, b) in [(x, y), (y, x), (x, y.saturating_sub(3))] {
                if a.max(b) < 1 << 62 {
                    assert_eq!(r.is_p(a, b), truth(a, b), "({a}, {b})");
                }
            }
        }
    }

    /// Slopes a planted rule may have: simple fractions, φ and 1/φ, √2.
    fn pool() -> Vec<Slope> {
        let q = |p, n, r| Slope::Irrational(Quadratic { p, s: 1, n, r });
        let f = |a, b| Slope::Rational { a, b };
        vec![f(1, 3), f(1, 2), q(-1, 5, 2), q(0, 2, 2), f(1, 1), q(1, 2, 1), f(3, 2), q(1, 5, 2), f(2, 1), f(3, 1)]
            .into_iter()
            .filter(|s| s.value() > 0.0 && s.value() < 4.0)
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

        /// A planted rule of sectors is found again, or none is: what is
        /// found agrees with the planted rule far past the table.
        #[test]
        fn planted_sectors_are_found_or_refused(
            chosen in proptest::collection::vec(proptest::prelude::any::<bool>(), 10),
            statuses in proptest::collection::vec(proptest::prelude::any::<bool>(), 24),
        ) {
            let slopes: Vec<Slope> = pool().into_iter().zip(&chosen).filter(|(_, &c)| c).map(|(s, _)| s).take(4).collect();
            let m = slopes.len();
            let planted = Ratio {
                sectors: statuses[..=m].to_vec(),
                lines: statuses[m + 1..2 * m + 1].to_vec(),
                x_axis: statuses[20],
                y_axis: statuses[21],
                origin: statuses[22],
                slopes,
            };
            let side = 96;
            let table = Table {
                dims: 2,
                side,
                values: (0..side * side).map(|i| u64::from(!planted.is_p((i / side) as u64, (i % side) as u64))).collect(),
            };
            if let Some(found) = find(&table) {
                let mut seed = 11u64;
                for _ in 0..2000 {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let x = seed >> (8 + seed % 40);
                    let s = planted.slopes.get((seed >> 3) as usize % m.max(1)).map_or(1.0, Slope::value);
                    let y = ((x as f64) * s) as u64 + (seed >> 61);
                    for (a, b) in [(x, y), (y, x), (x, y.saturating_sub(5))] {
                        proptest::prop_assert_eq!(found.is_p(a, b), planted.is_p(a, b), "({}, {}): {:?}", a, b, found);
                    }
                }
            }
        }
    }

    #[test]
    fn wide_products_compare() {
        let big = u128::MAX / 3;
        assert!(wide_less(big, 5, big, 6) && !wide_less(big, big, big - 1, big));
        assert!(wide_less(1 << 70, 1 << 70, 1 << 71, 1 << 70));
    }

    #[test]
    fn a_table_of_no_lines_is_refused() {
        // x XOR y = 0 (Nim) is the diagonal, but x·y mod 7 = 0 is no sector
        let t = |f: fn(usize, usize) -> bool| Table {
            dims: 2,
            side: 64,
            values: (0..64 * 64).map(|i| u64::from(!f(i / 64, i % 64))).collect(),
        };
        assert!(find(&t(|x, y| (x * y) % 7 == 0)).is_none());
        let r = find(&t(|x, y| y >= 2 * x)).unwrap();
        assert_eq!(r.slopes, vec![Slope::Rational { a: 2, b: 1 }]);
        assert_eq!((r.sectors.clone(), r.lines.clone()), (vec![false, true], vec![true]));
    }
}
