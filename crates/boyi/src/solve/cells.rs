//! The retrograde table's cells, two bytes a position or one. The solver
//! reads and writes every cell in the two-byte form
//! ([`super::retrograde`]'s `PENDING`, `ON_THE_SPOT` and packed outcomes);
//! a one-byte cell only stores it in fewer bits, so the algorithm is
//! written once.
//!
//! One byte is enough where turns alternate: every move passes the turn
//! and every ended position is lost for its mover or won in an odd number
//! of plies. Then a win's remoteness is odd and a loss's even, and a
//! settled cell needs only its remoteness. Dōbutsu Shōgi's table is
//! 2.5·10^8 positions: this halves what its build holds.
//!
//! ```text
//! narrow byte   0 ..= 191   settled: remoteness (odd win, even loss)
//!             192 ..= 253   unsettled: 254 - moves not yet known to lose (62 ..= 1)
//!                     254   a draw settled when counting
//!                     255   valued on the spot (ON_THE_SPOT)
//! ```
//!
//! A position that does not fit (more than 62 moves, a bonus turn, an
//! ended value of the wrong parity) makes the solve use two-byte cells;
//! one whose game outlasts remoteness 191 widens the table at that level
//! and goes on (see [`super::retrograde`]). A checkpoint keeps its cells'
//! width, and a solve resumes only in that width.

use std::sync::atomic::{AtomicU16, AtomicU8, Ordering::Relaxed};

use super::retrograde::{COUNT, LOSES_IN_TWO, ON_THE_SPOT, PENDING};
use crate::value::{Outcome, Value};

/// A cell of the retrograde table, read and written in the two-byte form.
pub(crate) trait Cell: Sync + Send + Sized {
    /// Bytes a position.
    const BYTES: u64;
    /// Whether the two-byte form `wide` can be stored here.
    fn fits(wide: u16) -> bool;
    /// A cell holding `wide`, which must fit.
    fn new(wide: u16) -> Self;
    fn load(&self) -> u16;
    fn store(&self, wide: u16);
    /// Replaces `current` by `new` (which must fit) if the cell still
    /// holds it; else gives what it holds.
    fn compare_exchange(&self, current: u16, new: u16) -> Result<u16, u16>;
    /// The cell as stored, for checkpoints (`BYTES` bytes little-endian).
    fn raw(&self) -> u16;
    fn from_raw(raw: u16) -> Self;
    /// Bit `i` set where `line[i]` holds a win or loss of remoteness
    /// `level`; `line` is at most 64 cells. A level's walk scans every
    /// marked line with it, 64 cells at a time, so it compares without
    /// branching.
    fn at_level(line: &[Self], level: u32) -> u64;
    /// Tells the cell, if unsettled, that one of its moves is worth
    /// `value`; whether that settled it. `None`: the stored form has no
    /// shortcut, and the solver updates the two-byte form.
    #[inline]
    fn tell(&self, _value: Outcome) -> Option<bool> {
        None
    }
    /// [`Cell::tell`] where no other thread touches the cell.
    #[inline]
    fn tell_alone(&self, _value: Outcome) -> Option<bool> {
        None
    }
}

impl Cell for AtomicU16 {
    const BYTES: u64 = 2;

    #[inline]
    fn fits(_: u16) -> bool {
        true
    }

    #[inline]
    fn new(wide: u16) -> Self {
        AtomicU16::new(wide)
    }

    #[inline]
    fn load(&self) -> u16 {
        AtomicU16::load(self, Relaxed)
    }

    #[inline]
    fn store(&self, wide: u16) {
        AtomicU16::store(self, wide, Relaxed)
    }

    #[inline]
    fn compare_exchange(&self, current: u16, new: u16) -> Result<u16, u16> {
        self.compare_exchange_weak(current, new, Relaxed, Relaxed)
    }

    fn raw(&self) -> u16 {
        AtomicU16::load(self, Relaxed)
    }

    fn from_raw(raw: u16) -> Self {
        AtomicU16::new(raw)
    }

    #[inline]
    fn at_level(line: &[Self], level: u32) -> u64 {
        line.iter().enumerate().fold(0, |hits, (i, cell)| {
            let cell = AtomicU16::load(cell, Relaxed);
            let kind = cell & PENDING;
            let hit = kind != 0 && kind != PENDING && u32::from(cell & COUNT) == level;
            hits | u64::from(hit) << i
        })
    }
}

/// Settled remoteness below this fits a narrow cell.
pub(crate) const NARROW_LEVELS: u32 = 192;
/// The most moves an unsettled narrow cell counts.
const NARROW_MOVES: u16 = 62;
const NARROW_DRAW: u8 = 254;
const NARROW_SPOT: u8 = 255;

/// Every narrow byte in the two-byte form.
const WIDE: [u16; 256] = {
    let mut wide = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        wide[b] = if b < NARROW_LEVELS as usize {
            // Outcome::pack, spelt out for a const
            if b % 2 == 0 {
                0x4000 | b as u16
            } else {
                0x8000 | b as u16
            }
        } else if b < NARROW_DRAW as usize {
            PENDING | (NARROW_DRAW as u16 - b as u16)
        } else if b == NARROW_DRAW as usize {
            0
        } else {
            ON_THE_SPOT
        };
        b += 1;
    }
    wide
};

#[inline]
fn narrow(wide: u16) -> u8 {
    debug_assert!(AtomicU8::fits(wide), "{wide:#x} does not fit a narrow cell");
    if wide == ON_THE_SPOT {
        NARROW_SPOT
    } else if wide & PENDING == PENDING {
        // The loses-in-two floor never matters where turns alternate: it
        // lifts only a loss in one, which needs an ended win in none.
        NARROW_DRAW - (wide & COUNT & !LOSES_IN_TWO) as u8
    } else if wide & PENDING == 0 {
        NARROW_DRAW
    } else {
        (wide & COUNT) as u8
    }
}

impl Cell for AtomicU8 {
    const BYTES: u64 = 1;

    fn fits(wide: u16) -> bool {
        if wide == ON_THE_SPOT || wide & PENDING == 0 {
            return wide == ON_THE_SPOT || wide == 0;
        }
        if wide & PENDING == PENDING {
            return (1..=NARROW_MOVES).contains(&(wide & COUNT & !LOSES_IN_TWO));
        }
        let r = u32::from(wide & COUNT);
        let parity_ok = match Outcome::unpack(wide) {
            Outcome::Win(_) => r % 2 == 1,
            _ => r % 2 == 0,
        };
        r < NARROW_LEVELS && parity_ok
    }

    #[inline]
    fn new(wide: u16) -> Self {
        AtomicU8::new(narrow(wide))
    }

    #[inline]
    fn load(&self) -> u16 {
        WIDE[AtomicU8::load(self, Relaxed) as usize]
    }

    #[inline]
    fn store(&self, wide: u16) {
        AtomicU8::store(self, narrow(wide), Relaxed)
    }

    #[inline]
    fn compare_exchange(&self, current: u16, new: u16) -> Result<u16, u16> {
        self.compare_exchange_weak(narrow(current), narrow(new), Relaxed, Relaxed)
            .map(|b| WIDE[b as usize])
            .map_err(|b| WIDE[b as usize])
    }

    fn raw(&self) -> u16 {
        u16::from(AtomicU8::load(self, Relaxed))
    }

    fn from_raw(raw: u16) -> Self {
        AtomicU8::new(raw as u8)
    }

    #[inline]
    fn at_level(line: &[Self], level: u32) -> u64 {
        // a narrow table is widened before its levels outgrow the byte
        debug_assert!(level < NARROW_LEVELS);
        line.iter()
            .enumerate()
            .fold(0, |hits, (i, cell)| hits | u64::from(u32::from(AtomicU8::load(cell, Relaxed)) == level) << i)
    }

    #[inline]
    fn tell(&self, value: Outcome) -> Option<bool> {
        if value.is_win() {
            // Turns alternate, so a level's positions are all wins or all
            // losses, and every update of a level that settles a win is this
            // same win: nothing can race a plain store but that same store,
            // and the lock a compare-and-swap takes was most of chase's
            // time. (Two threads may both count it settled: the count only
            // says whether the next level has work.)
            return self.tell_alone(value);
        }
        let mut byte = AtomicU8::load(self, Relaxed);
        loop {
            let Some((new, settles)) = narrow_told(byte, value) else { return Some(false) };
            match self.compare_exchange_weak(byte, new, Relaxed, Relaxed) {
                Ok(_) => return Some(settles),
                Err(actual) => byte = actual,
            }
        }
    }

    /// Counted down and settled in the byte itself: going through the
    /// two-byte form and back took chase n = 64 1.05 times as long.
    #[inline]
    fn tell_alone(&self, value: Outcome) -> Option<bool> {
        let Some((new, settles)) = narrow_told(AtomicU8::load(self, Relaxed), value) else { return Some(false) };
        AtomicU8::store(self, new, Relaxed);
        Some(settles)
    }
}

/// The narrow cell `byte`, if unsettled, told that one of its moves is
/// worth `value`: the byte it becomes, and whether that settles it. (No
/// loses-in-two floor here: see `narrow`.)
#[inline]
fn narrow_told(byte: u8, value: Outcome) -> Option<(u8, bool)> {
    if !(NARROW_LEVELS as u8..NARROW_DRAW).contains(&byte) {
        return None;
    }
    let settles = value.is_win() || byte == NARROW_DRAW - 1;
    // a settled byte is its remoteness; an unsettled one counts up to it
    let new = if settles { value.remoteness().map_or(NARROW_DRAW, |r| r as u8) } else { byte + 1 };
    debug_assert!(!settles || new == narrow(value.pack()), "{value:?} does not fit a narrow cell");
    Some((new, settles))
}

/// A finished narrow table's bytes in the database's one-byte encoding
/// ([`crate::db::Encoding::OutcomeByte`]), in place.
pub(crate) fn into_outcome_bytes(cells: Vec<AtomicU8>) -> Vec<u8> {
    use rayon::prelude::*;
    let mut bytes: Vec<u8> = cells.into_iter().map(AtomicU8::into_inner).collect();
    bytes.par_iter_mut().for_each(|b| {
        let value = Outcome::unpack(WIDE[*b as usize]);
        let mut out = [0u8];
        crate::db::Stored::encode(value, crate::db::Encoding::OutcomeByte, &mut out);
        *b = out[0];
    });
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_narrow_byte_round_trips() {
        for b in 0..=255u8 {
            let wide = WIDE[b as usize];
            assert!(AtomicU8::fits(wide), "{b}");
            assert_eq!(narrow(wide), b);
        }
    }

    #[test]
    fn a_narrow_cell_is_told_as_its_two_byte_form_is() {
        let values = [Outcome::Win(1), Outcome::Lose(2), Outcome::Win(7), Outcome::Lose(190), Outcome::Win(191)];
        for b in 0..=255u8 {
            for value in values {
                let wide = WIDE[b as usize];
                let (want, settles) = if wide & PENDING == PENDING {
                    super::super::retrograde::updated(wide, value)
                } else {
                    (wide, false)
                };
                let (alone, shared) = (AtomicU8::from_raw(u16::from(b)), AtomicU8::from_raw(u16::from(b)));
                let told = alone.tell_alone(value).expect("a narrow cell has the shortcut");
                assert_eq!((Cell::load(&alone), told), (want, settles), "byte {b} told {value:?} alone");
                let told = shared.tell(value).expect("a narrow cell has the shortcut");
                assert_eq!((Cell::load(&shared), told), (want, settles), "byte {b} told {value:?}");
            }
        }
    }

    #[test]
    fn what_does_not_fit_is_refused() {
        let refused = [
            Outcome::Win(2).pack(),
            Outcome::Lose(1).pack(),
            Outcome::Lose(NARROW_LEVELS).pack(),
            Outcome::Win(NARROW_LEVELS + 1).pack(),
            PENDING | (NARROW_MOVES + 1),
            PENDING,
        ];
        for wide in refused {
            assert!(!AtomicU8::fits(wide), "{wide:#x}");
        }
        assert!(AtomicU8::fits(PENDING | LOSES_IN_TWO | 3));
        assert!(AtomicU8::fits(Outcome::Win(NARROW_LEVELS - 1).pack()));
    }
}
