//! Values of positions, always seen from the side to move.
//!
//! Two families share one trait: numeric scores (`i8`..`i64`, "my points minus
//! yours from here on") and [`Outcome`] (win / lose / draw with remoteness).
//! A solver only needs [`Value::back`]: the value of a move to its mover, given
//! what the move earned, whether the turn passed, and the value of the position
//! it led to for whoever moves there.

use std::cmp::Ordering;
use std::fmt;

/// Who moves after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The opponent moves next: the child's value is negated.
    Pass,
    /// The mover plays again (a bonus turn): the child's value is added.
    Again,
}

/// Bound used by alpha-beta windows in score space; every real score is far
/// inside it, so sentinels never collide with values.
pub const SCORE_INF: i64 = 1 << 60;

/// A position's value from the side to move. Larger is better for the mover.
pub trait Value: Copy + Ord + fmt::Debug + Send + Sync + 'static {
    /// What a single move earns its mover (`()` for pure win/lose games).
    type Reward: Copy + fmt::Debug + Send + Sync + 'static;
    /// Compact form kept in flat tables; see [`Value::pack`].
    type Packed: Packed;
    /// Largest remoteness `pack` keeps exactly; tables refuse deeper games.
    const PACKED_DEPTH_LIMIT: u32 = u32::MAX;

    /// The value of a move to its mover.
    fn back(reward: Self::Reward, turn: Turn, child: Self) -> Self;

    fn pack(self) -> Self::Packed;
    fn unpack(packed: Self::Packed) -> Self;

    /// An order-preserving embedding into `i64`, far inside `±SCORE_INF`.
    fn to_score(self) -> i64;
    fn from_score(score: i64) -> Self;
    /// `back` in score space, also defined between real values and on sentinels.
    fn back_score(reward: Self::Reward, turn: Turn, child: i64) -> i64;
    /// The inverse of `back_score`: the child score that maps to `parent`.
    /// Alpha-beta turns a parent window into a child window with it.
    fn child_bound(reward: Self::Reward, turn: Turn, parent: i64) -> i64;
}

/// A packed value with an atomic twin of the same size, so that threads can
/// fill one flat table without locks (relaxed loads and stores compile to
/// plain moves).
pub trait Packed: Copy + Default + Send + Sync + 'static {
    type Atomic: Send + Sync;
    fn atomic(self) -> Self::Atomic;
    fn load(cell: &Self::Atomic) -> Self;
    fn store(cell: &Self::Atomic, value: Self);
    /// The value as the low bytes of a u64, for the wire.
    fn to_bits(self) -> u64;
    /// The inverse of [`Packed::to_bits`].
    fn from_bits(bits: u64) -> Self;
}

macro_rules! packed_atomic {
    ($($t:ty => $a:ty),*) => {$(
        impl Packed for $t {
            type Atomic = $a;
            #[inline]
            fn atomic(self) -> $a {
                <$a>::new(self)
            }
            #[inline]
            fn load(cell: &$a) -> $t {
                cell.load(std::sync::atomic::Ordering::Relaxed)
            }
            #[inline]
            fn store(cell: &$a, value: $t) {
                cell.store(value, std::sync::atomic::Ordering::Relaxed)
            }
            #[inline]
            fn to_bits(self) -> u64 {
                self as u64
            }
            #[inline]
            fn from_bits(bits: u64) -> $t {
                bits as $t
            }
        }
    )*};
}
packed_atomic!(
    i8 => std::sync::atomic::AtomicI8,
    i16 => std::sync::atomic::AtomicI16,
    i32 => std::sync::atomic::AtomicI32,
    i64 => std::sync::atomic::AtomicI64,
    u8 => std::sync::atomic::AtomicU8,
    u16 => std::sync::atomic::AtomicU16,
    u32 => std::sync::atomic::AtomicU32
);

macro_rules! numeric_value {
    ($($t:ty),*) => {$(
        impl Value for $t {
            type Reward = $t;
            type Packed = $t;

            #[inline]
            fn back(reward: $t, turn: Turn, child: $t) -> $t {
                match turn {
                    Turn::Pass => reward - child,
                    Turn::Again => reward + child,
                }
            }
            #[inline]
            fn pack(self) -> $t {
                self
            }
            #[inline]
            fn unpack(packed: $t) -> $t {
                packed
            }
            #[inline]
            fn to_score(self) -> i64 {
                self as i64
            }
            #[inline]
            fn from_score(score: i64) -> $t {
                score as $t
            }
            #[inline]
            fn back_score(reward: $t, turn: Turn, child: i64) -> i64 {
                match turn {
                    Turn::Pass => (reward as i64).saturating_sub(child),
                    Turn::Again => (reward as i64).saturating_add(child),
                }
            }
            #[inline]
            fn child_bound(reward: $t, turn: Turn, parent: i64) -> i64 {
                match turn {
                    Turn::Pass => (reward as i64).saturating_sub(parent),
                    Turn::Again => parent.saturating_sub(reward as i64),
                }
            }
        }
    )*};
}
numeric_value!(i8, i16, i32, i64);

/// Win / lose / draw for the side to move, with remoteness: the number of
/// moves to the end under best play. The winner hurries, the loser delays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(u32),
    Lose(u32),
    Draw,
}

impl Outcome {
    /// Largest remoteness a packed outcome can hold.
    pub const MAX_PACKED_REMOTENESS: u32 = 0x3fff;
    /// Half-width of the score embedding: `Win(r)` is `SCALE - r`. Small
    /// enough that every outcome's score fits the transposition table's 32
    /// bits; remoteness beyond 2^30 moves does not occur in practice.
    const SCALE: i64 = 1 << 30;

    pub fn remoteness(self) -> Option<u32> {
        match self {
            Outcome::Win(r) | Outcome::Lose(r) => Some(r),
            Outcome::Draw => None,
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Outcome::Win(_))
    }

    /// The outcome for the opponent of the side this outcome belongs to,
    /// one move earlier: what the mover gets by moving into `self`.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win(r) => Outcome::Lose(r + 1),
            Outcome::Lose(r) => Outcome::Win(r + 1),
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl Ord for Outcome {
    fn cmp(&self, other: &Self) -> Ordering {
        self.to_score().cmp(&other.to_score())
    }
}

impl PartialOrd for Outcome {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(0) => write!(f, "win now"),
            Outcome::Lose(0) => write!(f, "lost"),
            Outcome::Win(r) => write!(f, "win in {r}"),
            Outcome::Lose(r) => write!(f, "lose in {r}"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}

impl Value for Outcome {
    type Reward = ();
    /// Two bits of kind, fourteen of remoteness: 2 bytes a position.
    type Packed = u16;
    const PACKED_DEPTH_LIMIT: u32 = Self::MAX_PACKED_REMOTENESS;

    #[inline]
    fn back(_: (), turn: Turn, child: Outcome) -> Outcome {
        match turn {
            Turn::Pass => child.flip(),
            Turn::Again => match child {
                Outcome::Win(r) => Outcome::Win(r + 1),
                Outcome::Lose(r) => Outcome::Lose(r + 1),
                Outcome::Draw => Outcome::Draw,
            },
        }
    }

    #[inline]
    fn pack(self) -> u16 {
        let cap = |r: u32| r.min(Self::MAX_PACKED_REMOTENESS) as u16;
        match self {
            Outcome::Draw => 0,
            Outcome::Lose(r) => 0x4000 | cap(r),
            Outcome::Win(r) => 0x8000 | cap(r),
        }
    }

    #[inline]
    fn unpack(packed: u16) -> Outcome {
        let r = (packed & 0x3fff) as u32;
        match packed >> 14 {
            0 => Outcome::Draw,
            1 => Outcome::Lose(r),
            _ => Outcome::Win(r),
        }
    }

    #[inline]
    fn to_score(self) -> i64 {
        match self {
            Outcome::Win(r) => Self::SCALE - r as i64,
            Outcome::Lose(r) => r as i64 - Self::SCALE,
            Outcome::Draw => 0,
        }
    }

    #[inline]
    fn from_score(score: i64) -> Outcome {
        match score.cmp(&0) {
            Ordering::Greater => Outcome::Win((Self::SCALE - score) as u32),
            Ordering::Less => Outcome::Lose((score + Self::SCALE) as u32),
            Ordering::Equal => Outcome::Draw,
        }
    }

    // In score space a passing move negates and steps one unit toward zero
    // (one more move to the end); a bonus turn only steps toward zero.
    #[inline]
    fn back_score(_: (), turn: Turn, child: i64) -> i64 {
        match turn {
            Turn::Pass => -child + child.signum(),
            Turn::Again => child - child.signum(),
        }
    }

    #[inline]
    fn child_bound(_: (), turn: Turn, parent: i64) -> i64 {
        match turn {
            Turn::Pass => -parent - parent.signum(),
            Turn::Again => parent + parent.signum(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_order() {
        let mut v = vec![Outcome::Lose(0), Outcome::Win(5), Outcome::Draw, Outcome::Lose(7), Outcome::Win(1)];
        v.sort();
        assert_eq!(v, [Outcome::Lose(0), Outcome::Lose(7), Outcome::Draw, Outcome::Win(5), Outcome::Win(1)]);
    }

    #[test]
    fn outcome_pack_round_trip() {
        for o in [Outcome::Draw, Outcome::Win(0), Outcome::Lose(0), Outcome::Win(77), Outcome::Lose(16383)] {
            assert_eq!(Outcome::unpack(o.pack()), o);
        }
    }

    #[test]
    fn score_space_agrees_with_back() {
        let outs = [Outcome::Draw, Outcome::Win(0), Outcome::Lose(0), Outcome::Win(9), Outcome::Lose(4)];
        for o in outs {
            for turn in [Turn::Pass, Turn::Again] {
                let b = Outcome::back((), turn, o);
                assert_eq!(Outcome::back_score((), turn, o.to_score()), b.to_score());
                assert_eq!(Outcome::child_bound((), turn, b.to_score()), o.to_score());
                assert_eq!(Outcome::from_score(b.to_score()), b);
            }
        }
        for c in [-5i32, 0, 17] {
            for r in [-3i32, 0, 4] {
                for turn in [Turn::Pass, Turn::Again] {
                    let b = i32::back(r, turn, c);
                    assert_eq!(i32::back_score(r, turn, c as i64), b as i64);
                    assert_eq!(i32::child_bound(r, turn, b as i64), c as i64);
                }
            }
        }
    }
}
