//! Which positions a level of retrograde analysis settled, for the next
//! level's walk to find in rank order (neighbouring positions'
//! predecessors are neighbours in the table too, with no list to sort).
//!
//! A bit stands for a line of positions. Where a game's predecessors lie
//! all over the table, a walked position waits on a cache miss for each
//! of them, and scanning its line of 128 cells (two cache lines of
//! one-byte cells) for those of the level is lost in that wait: the marks
//! then cost 1/1024 of a byte a position, where a bit a position came to
//! 31 MB a level beside Dōbutsu Shōgi's 249 MB table (lines of 64 cost
//! 0.48 MB more and took 0.99 of the time; lines of 256 took 1.03).
//! Where predecessors are neighbours a walked position is cheap and the
//! scan was not (1.2 times chase n = 64's time), so a bit stands for one
//! position there.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::cells::Cell;

/// Positions a bit stands for, as a power of two, where predecessors are scattered.
const SCATTERED_LINE_LOG2: u32 = 7;
/// Positions a worker takes at once: at most this many...
const TASK_MOST: usize = 1 << 16;
/// ...and, where the level is large enough, at least this many.
const TASK_LEAST: usize = 1 << 10;

pub(super) struct Marks {
    words: Vec<AtomicU64>,
    /// Positions a bit stands for, as a power of two.
    line_log2: u32,
}

impl Marks {
    fn line_log2(scattered: bool) -> u32 {
        if scattered {
            SCATTERED_LINE_LOG2
        } else {
            0
        }
    }

    /// Words the marks of `positions` positions take.
    fn count(positions: u64, scattered: bool) -> u64 {
        positions.div_ceil(64 << Self::line_log2(scattered))
    }

    /// Bytes the marks of `positions` positions take.
    pub(super) fn bytes(positions: u64, scattered: bool) -> u64 {
        Self::count(positions, scattered) * 8
    }

    /// No position marked; `scattered`: whether the game's predecessors lie far apart.
    pub(super) fn new(positions: usize, scattered: bool) -> Self {
        let line_log2 = Self::line_log2(scattered);
        let count = Self::count(positions as u64, scattered) as usize;
        let mut words = Vec::with_capacity(count);
        words.par_extend((0..count).into_par_iter().map(|_| AtomicU64::new(0)));
        Marks { words, line_log2 }
    }

    /// How many words the marks take.
    pub(super) fn words(&self) -> usize {
        self.words.len()
    }

    /// Positions a word stands for.
    pub(super) fn word_span(&self) -> usize {
        64 << self.line_log2
    }

    /// Words a worker takes at once out of `words`: at most 65,536
    /// positions, at least 1,024 where the level has 64 times that, and
    /// never less than a word (8,192 positions where a bit stands for a
    /// line).
    pub(super) fn words_per_task(&self, words: usize) -> usize {
        let span = self.word_span();
        (words / 64).clamp((TASK_LEAST / span).max(1), (TASK_MOST / span).max(1))
    }

    /// The word and bit of the line of the position `rank`.
    #[inline]
    fn place(&self, rank: u64) -> (&AtomicU64, u64) {
        let line = (rank >> self.line_log2) as usize;
        (&self.words[line / 64], 1 << (line % 64))
    }

    /// Marks the position `rank` (its line).
    #[inline]
    pub(super) fn mark(&self, rank: u64) {
        let (word, bit) = self.place(rank);
        // a line's later positions find it marked: a load leaves the word's
        // cache line shared where an or would take it
        if self.line_log2 == 0 || word.load(Relaxed) & bit == 0 {
            word.fetch_or(bit, Relaxed);
        }
    }

    /// [`Marks::mark`] where no other thread touches the word (a striped walk).
    #[inline]
    pub(super) fn mark_alone(&self, rank: u64) {
        let (word, bit) = self.place(rank);
        let w = word.load(Relaxed);
        if w & bit == 0 {
            word.store(w | bit, Relaxed);
        }
    }

    /// Calls `visit` with every position of the words `words` to walk at
    /// `level`, in rank order: the cells of that remoteness in the lines
    /// marked (clearing the marks), or, when `scan`, in every line (the
    /// marks are the scan's to find, so they are cleared too).
    #[inline]
    pub(super) fn each_at_level<C: Cell>(
        &self,
        cells: &[C],
        words: Range<usize>,
        level: u32,
        scan: bool,
        mut visit: impl FnMut(usize),
    ) {
        let span = self.word_span();
        if scan {
            self.words[words.clone()].iter().for_each(|w| w.store(0, Relaxed));
            let first = words.start * span;
            let lines = cells[first..(words.end * span).min(cells.len())].chunks(64);
            for (l, line) in lines.enumerate() {
                each_bit(C::at_level(line, level), first + l * 64, &mut visit);
            }
            return;
        }
        let line = 1 << self.line_log2;
        for (w, word) in self.words[words.clone()].iter().enumerate() {
            // most words are empty: a plain load skips them, where a swap
            // would lock every one
            let bits = word.load(Relaxed);
            if bits == 0 {
                continue;
            }
            word.store(0, Relaxed);
            let first = (words.start + w) * span;
            if line == 1 {
                // a bit a position: marked means settled for this level
                each_bit(bits, first, &mut visit);
                continue;
            }
            each_bit(bits, 0, |l| {
                let from = first + l * line;
                // `Cell::at_level` takes at most 64 cells
                for part in (from..(from + line).min(cells.len())).step_by(64) {
                    each_bit(C::at_level(&cells[part..(part + 64).min(cells.len())], level), part, &mut visit);
                }
            });
        }
    }
}

/// Calls `f` with `offset` plus the place of every bit set in `bits`, lowest first.
#[inline]
fn each_bit(mut bits: u64, offset: usize, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(offset + bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}
