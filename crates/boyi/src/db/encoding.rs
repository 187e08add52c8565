//! Values as slot bytes: the narrowest encoding that holds a file's values
//! exactly (the format is in [`crate::db`]'s doc).

use crate::value::{Outcome, Value};

/// How the value bytes are to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Win / lose / draw in one byte (see the format in [`crate::db`]).
    OutcomeByte,
    /// Win / lose / draw in the engine's two-byte packing.
    OutcomeWord,
    /// A signed score in `bytes` bytes.
    Integer { bytes: u8 },
}

impl Encoding {
    pub fn slot_bytes(self) -> u8 {
        match self {
            Encoding::OutcomeByte => 1,
            Encoding::OutcomeWord => 2,
            Encoding::Integer { bytes } => bytes,
        }
    }

    pub(super) fn code(self) -> u8 {
        match self {
            Encoding::OutcomeByte => 1,
            Encoding::OutcomeWord => 2,
            Encoding::Integer { .. } => 3,
        }
    }

    pub(super) fn from_code(code: u8, bytes: u8) -> Option<Encoding> {
        match (code, bytes) {
            (1, 1) => Some(Encoding::OutcomeByte),
            (2, 2) => Some(Encoding::OutcomeWord),
            (3, 1 | 2 | 4 | 8) => Some(Encoding::Integer { bytes }),
            _ => None,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Encoding::OutcomeByte => "win/lose/draw and remoteness, 1 byte a position".into(),
            Encoding::OutcomeWord => "win/lose/draw and remoteness, 2 bytes a position".into(),
            Encoding::Integer { bytes } => {
                format!("scores, {bytes} byte{} a position", if bytes == 1 { "" } else { "s" })
            }
        }
    }
}

/// A value type a database can hold.
pub trait Stored: Value {
    /// The narrowest encoding that holds all of `values` exactly.
    fn encoding(values: impl Iterator<Item = Self>) -> Encoding;
    fn encode(self, encoding: Encoding, out: &mut [u8]);
    fn decode(encoding: Encoding, bytes: &[u8]) -> Option<Self>;
}

impl Stored for Outcome {
    fn encoding(mut values: impl Iterator<Item = Self>) -> Encoding {
        let fits = values.all(|v| match v {
            Outcome::Draw => true,
            Outcome::Win(r) => r % 2 == 1 && r <= 253,
            Outcome::Lose(r) => r % 2 == 0 && r <= 254,
        });
        if fits {
            Encoding::OutcomeByte
        } else {
            Encoding::OutcomeWord
        }
    }

    fn encode(self, encoding: Encoding, out: &mut [u8]) {
        match encoding {
            Encoding::OutcomeByte => {
                out[0] = match self {
                    Outcome::Draw => 0,
                    Outcome::Win(r) => r.div_ceil(2) as u8,
                    Outcome::Lose(r) => 128 + (r / 2) as u8,
                }
            }
            _ => out.copy_from_slice(&self.pack().to_le_bytes()),
        }
    }

    fn decode(encoding: Encoding, bytes: &[u8]) -> Option<Self> {
        match encoding {
            Encoding::OutcomeByte => Some(match bytes[0] {
                0 => Outcome::Draw,
                b @ 1..=127 => Outcome::Win(2 * b as u32 - 1),
                b => Outcome::Lose(2 * (b as u32 - 128)),
            }),
            Encoding::OutcomeWord => Some(Outcome::unpack(u16::from_le_bytes([bytes[0], bytes[1]]))),
            Encoding::Integer { .. } => None,
        }
    }
}

macro_rules! stored_integer {
    ($($t:ty),*) => {$(
        impl Stored for $t {
            fn encoding(values: impl Iterator<Item = Self>) -> Encoding {
                let (lo, hi) = values.fold((0i64, 0i64), |(lo, hi), v| (lo.min(v as i64), hi.max(v as i64)));
                let bytes = [1u8, 2, 4, 8]
                    .into_iter()
                    .find(|&b| b == 8 || (lo >= -(1i64 << (8 * b - 1)) && hi < (1i64 << (8 * b - 1))))
                    .unwrap_or(8);
                Encoding::Integer { bytes }
            }

            fn encode(self, encoding: Encoding, out: &mut [u8]) {
                let n = encoding.slot_bytes() as usize;
                out.copy_from_slice(&(self as i64).to_le_bytes()[..n]);
            }

            fn decode(encoding: Encoding, bytes: &[u8]) -> Option<Self> {
                let Encoding::Integer { bytes: n } = encoding else { return None };
                let n = n as usize;
                let mut wide = [if bytes[n - 1] & 0x80 != 0 { 0xff } else { 0 }; 8];
                wide[..n].copy_from_slice(&bytes[..n]);
                <$t>::try_from(i64::from_le_bytes(wide)).ok()
            }
        }
    )*};
}

stored_integer!(i8, i16, i32, i64);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn round_trip<V: Stored>(values: &[V]) -> Result<(), TestCaseError> {
        let encoding = V::encoding(values.iter().copied());
        let w = encoding.slot_bytes() as usize;
        let mut slot = [0u8; 8];
        for &v in values {
            v.encode(encoding, &mut slot[..w]);
            prop_assert_eq!(V::decode(encoding, &slot[..w]), Some(v));
        }
        Ok(())
    }

    fn outcome() -> impl Strategy<Value = Outcome> {
        prop_oneof![Just(Outcome::Draw), (0u32..400).prop_map(Outcome::Win), (0u32..400).prop_map(Outcome::Lose)]
    }

    proptest! {
        #[test]
        fn outcomes_round_trip(values in proptest::collection::vec(outcome(), 0..20)) {
            round_trip(&values)?;
        }

        #[test]
        fn alternating_play_takes_one_byte(wins in proptest::collection::vec(0u32..127, 0..10), losses in proptest::collection::vec(0u32..=127, 0..10)) {
            let values: Vec<Outcome> = wins.iter().map(|&k| Outcome::Win(2 * k + 1))
                .chain(losses.iter().map(|&k| Outcome::Lose(2 * k)))
                .chain(std::iter::once(Outcome::Draw))
                .collect();
            prop_assert_eq!(Outcome::encoding(values.iter().copied()), Encoding::OutcomeByte);
            round_trip(&values)?;
        }

        #[test]
        fn scores_round_trip_in_the_fewest_bytes(values in proptest::collection::vec(any::<i64>(), 0..20), shift in 0u32..64) {
            let values: Vec<i64> = values.iter().map(|v| v >> shift).collect();
            let Encoding::Integer { bytes } = i64::encoding(values.iter().copied()) else { unreachable!() };
            let fits_in = |b: u32| b == 8 || values.iter().all(|&v| v >= -(1i64 << (8 * b - 1)) && v < 1i64 << (8 * b - 1));
            prop_assert!(fits_in(bytes as u32));
            if bytes > 1 {
                prop_assert!(!fits_in(bytes as u32 / 2));
            }
            round_trip(&values)?;
            let small: Vec<i32> = values.iter().map(|&v| v as i32).collect();
            round_trip(&small)?;
        }
    }

    #[test]
    fn a_win_in_253_plies_is_the_last_that_fits_a_byte() {
        assert_eq!(Outcome::encoding([Outcome::Win(253), Outcome::Lose(254)].into_iter()), Encoding::OutcomeByte);
        assert_eq!(Outcome::encoding([Outcome::Win(255)].into_iter()), Encoding::OutcomeWord);
        assert_eq!(Outcome::encoding([Outcome::Win(2)].into_iter()), Encoding::OutcomeWord);
        assert_eq!(Outcome::encoding([Outcome::Lose(3)].into_iter()), Encoding::OutcomeWord);
    }
}
