//! Dyadic rationals m / 2^k: the numbers short partizan games take, and
//! the breakpoints of their thermographs.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// `num / 2^exp`, always reduced (`num` odd or `exp` 0). Integers to
/// about 10^37 and denominators to 2^100 are exact; past that the
/// arithmetic panics rather than rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i128,
    exp: u32,
}

/// The largest power of two a denominator may be.
pub const MOST_EXP: u32 = 100;

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    pub fn new(num: i128, exp: u32) -> Dyadic {
        let (mut num, mut exp) = (num, exp);
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        assert!(exp <= MOST_EXP, "a denominator beyond 2^{MOST_EXP}");
        Dyadic { num, exp }
    }

    pub fn integer(n: i128) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    pub fn num(self) -> i128 {
        self.num
    }

    pub fn exp(self) -> u32 {
        self.exp
    }

    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Both over the larger denominator.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        let scale = |d: Dyadic| d.num.checked_mul(1i128 << (exp - d.exp)).expect("a number too large for boyi");
        (scale(self), scale(other), exp)
    }

    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    pub fn floor(self) -> i128 {
        self.num.div_euclid(1i128 << self.exp)
    }

    pub fn ceil(self) -> i128 {
        -(-self).floor()
    }

    /// The simplest number strictly between `lo` and `hi` (`None`: no
    /// bound on that side): the number `{lo | hi}` equals.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        match (lo, hi) {
            (None, None) => Dyadic::ZERO,
            (Some(l), None) => Dyadic::integer(if l < Dyadic::ZERO { 0 } else { l.floor() + 1 }),
            (None, Some(h)) => Dyadic::integer(if h > Dyadic::ZERO { 0 } else { h.ceil() - 1 }),
            (Some(l), Some(h)) => {
                assert!(l < h, "no number lies between {l} and {h}");
                // An integer if one lies between, the one nearest zero.
                let (first, last) = (l.floor() + 1, h.ceil() - 1);
                if first <= last {
                    return Dyadic::integer(if first > 0 {
                        first
                    } else if last < 0 {
                        last
                    } else {
                        0
                    });
                }
                // Otherwise the fraction with the smallest denominator.
                let mut exp = 1;
                loop {
                    let m = (l * (1i128 << exp)).floor() + 1;
                    if Dyadic::new(m, exp) < h {
                        return Dyadic::new(m, exp);
                    }
                    exp += 1;
                }
            }
        }
    }
}

impl std::ops::Mul<i128> for Dyadic {
    type Output = Dyadic;
    fn mul(self, k: i128) -> Dyadic {
        Dyadic::new(self.num.checked_mul(k).expect("a number too large for boyi"), self.exp)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, exp) = self.aligned(other);
        Dyadic::new(a.checked_add(b).expect("a number too large for boyi"), exp)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + -other
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic { num: -self.num, exp: self.exp }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1i128 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128, e: u32) -> Dyadic {
        Dyadic::new(n, e)
    }

    #[test]
    fn simplest_numbers() {
        let s = Dyadic::simplest_between;
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(d(0, 0)), None), d(1, 0));
        assert_eq!(s(Some(d(-3, 0)), None), d(0, 0));
        assert_eq!(s(None, Some(d(-2, 0))), d(-3, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), d(3, 2));
        assert_eq!(s(Some(d(-5, 1)), Some(d(7, 2))), d(0, 0));
        assert_eq!(s(Some(d(9, 3)), Some(d(5, 2))), d(19, 4));
        assert_eq!(s(Some(d(1, 0)), Some(d(9, 3))), d(17, 4));
        assert_eq!(s(Some(d(-9, 3)), Some(d(-1, 0))), d(-17, 4));
        assert_eq!(d(3, 2).to_string(), "3/4");
        assert_eq!(d(-6, 2).to_string(), "-3/2");
    }
}
