//! Take-and-break rules: what taking `k` tokens from a heap may leave.

/// A take-and-break rule on heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// `digits[k]` bit `j`: taking `k` tokens may leave exactly `j` non-empty
    /// heaps (`j` in 0..=3). Trailing zero digits are trimmed when nothing repeats.
    pub(super) digits: Vec<u8>,
    /// The digit of every take `k >= digits.len()` (0: no such takes). Only
    /// "remove the heap" and "leave one heap" (bits 0 and 1) may repeat.
    pub(super) tail: u8,
    /// Heaps left by a split must all have different sizes (Grundy's game).
    pub(super) unequal: bool,
}

impl TakeBreak {
    /// Validates a rule; the message says what is wrong with it.
    pub fn new(mut digits: Vec<u8>, tail: u8, unequal: bool) -> Result<Self, String> {
        if let Some(&d) = digits.iter().find(|&&d| d > 15) {
            return Err(format!("digit {d} leaves more than 3 heaps"));
        }
        if digits.first().is_some_and(|&d| d & 3 != 0) {
            return Err("taking no tokens must split the heap: the digit before the point must be 0, 4, 8 or 12".into());
        }
        if tail & !3 != 0 {
            return Err("a repeating digit may only remove a heap or leave one heap (1, 2 or 3)".into());
        }
        // (a repeating digit starts right after the last one given)
        while tail == 0 && digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        if digits.is_empty() {
            digits.push(0);
        }
        Ok(TakeBreak { digits, tail, unequal })
    }

    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    pub fn tail(&self) -> u8 {
        self.tail
    }

    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The digit of taking `k` tokens.
    #[inline]
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(self.tail)
    }

    /// The largest number of tokens a move takes, when it is bounded.
    pub fn max_take(&self) -> Option<u64> {
        (self.tail == 0).then(|| self.digits.len() as u64 - 1)
    }

    /// Whether the periodicity theorem for octal games applies: finitely
    /// many digits, at most two heaps left, and no constraint between them.
    pub fn provable(&self) -> bool {
        self.tail == 0 && !self.unequal && self.digits.iter().all(|&d| d < 8)
    }
}
