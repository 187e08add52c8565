//! Young diagrams in an `rows × cols` box, as the lattice path of their
//! boundary: `rows + cols` steps read from the bottom-left corner, a set bit
//! for each step up, a clear bit for each step right. Row `i` (0 at the top)
//! is the `(rows - 1 - i)`-th up step, and its length is the number of right
//! steps before it.
//!
//! Filling the cell at an outer corner turns "up, right" into "right, up": one
//! set bit moves one place higher. Ranking the paths as subsets in colex order
//! ([`Combinations`]) therefore needs `C(rows + cols, rows)` slots, every move
//! raises the rank, and the new rank is the old one plus a single binomial.

use super::binomial::Combinations;

/// A cell that can be filled, located on the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Corner {
    /// Position of the up step that the fill moves one place higher.
    pub bit: u32,
    /// How many up steps lie below it.
    pub below: u32,
    /// Row of the cell, 0 at the top.
    pub row: u32,
    /// Column of the cell, 0 at the left.
    pub col: u32,
}

#[derive(Clone, Debug)]
pub struct Staircase {
    rows: u32,
    cols: u32,
    comb: Combinations,
}

impl Staircase {
    /// Largest `rows + cols` a path fits in (one `u64`).
    pub const MAX_STEPS: u32 = 64;

    pub fn new(rows: u32, cols: u32) -> Self {
        assert!(rows + cols <= Self::MAX_STEPS);
        Staircase { rows, cols, comb: Combinations::new(rows + cols, rows) }
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Number of diagrams: `C(rows + cols, rows)`.
    pub fn size(&self) -> u64 {
        self.comb.size()
    }

    pub fn empty(&self) -> u64 {
        low_bits(self.rows)
    }

    pub fn full(&self) -> u64 {
        low_bits(self.rows) << self.cols
    }

    pub fn rank(&self, path: u64) -> u64 {
        self.comb.rank(path)
    }

    pub fn unrank(&self, rank: u64) -> u64 {
        self.comb.unrank(rank)
    }

    /// The path of a diagram given by its row lengths, top row first
    /// (non-increasing, each at most `cols`).
    pub fn from_row_lengths(&self, lengths: &[u32]) -> u64 {
        assert_eq!(lengths.len(), self.rows as usize);
        let mut path = 0;
        for (i, &len) in lengths.iter().enumerate() {
            let below = self.rows - 1 - i as u32;
            path |= 1u64 << (len + below);
        }
        path
    }

    pub fn row_lengths(&self, path: u64) -> Vec<u32> {
        let mut lengths = vec![0; self.rows as usize];
        for (below, p) in super::bitmask::ones(path).enumerate() {
            lengths[self.rows as usize - 1 - below] = p - below as u32;
        }
        lengths
    }

    /// Number of filled cells.
    pub fn area(&self, path: u64) -> u32 {
        let sum: u32 = super::bitmask::ones(path).sum();
        sum - self.rows * self.rows.saturating_sub(1) / 2
    }

    /// Calls `f` for each cell that can be filled, bottom row first.
    #[inline]
    pub fn corners(&self, path: u64, mut f: impl FnMut(Corner)) {
        let inner = low_bits((self.rows + self.cols).saturating_sub(1));
        let mut candidates = path & !(path >> 1) & inner;
        while candidates != 0 {
            let bit = candidates.trailing_zeros();
            let below = (path & low_bits(bit)).count_ones();
            f(Corner { bit, below, row: self.rows - 1 - below, col: bit - below });
            candidates &= candidates - 1;
        }
    }

    /// The path after filling `corner`.
    #[inline]
    pub fn fill(&self, path: u64, corner: Corner) -> u64 {
        path ^ (0b11 << corner.bit)
    }

    /// How much filling `corner` raises the rank.
    #[inline]
    pub fn fill_delta(&self, corner: Corner) -> u64 {
        self.comb.step_up_delta(corner.bit, corner.below)
    }

    /// Appends `(rank, path)` for every diagram with `area` cells, ascending.
    pub fn paths_with_area(&self, area: u32, out: &mut Vec<(u64, u64)>) {
        for part in 0..self.area_parts() {
            self.paths_with_area_part(area, part, out);
        }
    }

    /// Rows whose lengths name a part.
    const PART_ROWS: u32 = 3;

    /// The diagrams of one area are cut into parts by the lengths of the top
    /// rows, so that threads can enumerate different parts; most parts are
    /// small, and empty ones cost nothing.
    pub fn area_parts(&self) -> usize {
        (self.cols as usize + 1).pow(self.rows.min(Self::PART_ROWS))
    }

    /// Appends `(rank, path)` for the diagrams with `area` cells in one part,
    /// ascending; parts in order give ascending ranks overall.
    pub fn paths_with_area_part(&self, area: u32, part: usize, out: &mut Vec<(u64, u64)>) {
        if self.rows == 0 {
            if area == 0 {
                out.push((0, 0));
            }
            return;
        }
        let choices = self.cols as usize + 1;
        let depth = self.rows.min(Self::PART_ROWS) as usize;
        let mut top = [0u32; Self::PART_ROWS as usize];
        let mut rest = part;
        for slot in top[..depth].iter_mut().rev() {
            *slot = (rest % choices) as u32;
            rest /= choices;
        }
        let top = &top[..depth];
        if top.windows(2).any(|w| w[1] > w[0]) || top.iter().sum::<u32>() > area {
            return;
        }
        let mut acc = (0u64, 0u64);
        for (row, &len) in top.iter().enumerate() {
            let below = self.rows - 1 - row as u32;
            acc.0 += self.comb.binomial().get(len + below, below + 1);
            acc.1 |= 1 << (len + below);
        }
        let rest = area - top.iter().sum::<u32>();
        let row = top.len() as u32;
        if row == self.rows {
            if rest == 0 {
                out.push(acc);
            }
        } else {
            self.extend_rows(row, top[top.len() - 1], rest, acc, out);
        }
    }

    // Colex order compares the highest up step first, which is the top row:
    // choosing row lengths top-down, each ascending, yields ascending ranks.
    fn extend_rows(&self, row: u32, max_len: u32, area: u32, (rank, path): (u64, u64), out: &mut Vec<(u64, u64)>) {
        let below = self.rows - 1 - row;
        if below == 0 {
            if area <= max_len {
                out.push((rank + area as u64, path | 1 << area));
            }
            return;
        }
        for len in area.div_ceil(below + 1)..=max_len.min(area) {
            let term = self.comb.binomial().get(len + below, below + 1);
            self.extend_rows(row + 1, len, area - len, (rank + term, path | 1 << (len + below)), out);
        }
    }
}

#[inline]
fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every diagram in the box, by plain enumeration of row lengths.
    fn all_diagrams(rows: u32, cols: u32) -> Vec<Vec<u32>> {
        let mut out = vec![vec![]];
        for _ in 0..rows {
            let mut next = Vec::new();
            for d in &out {
                let max = *d.last().unwrap_or(&cols);
                for len in 0..=max {
                    let mut e = d.clone();
                    e.push(len);
                    next.push(e);
                }
            }
            out = next;
        }
        out
    }

    #[test]
    fn diagrams_map_onto_all_ranks() {
        for rows in 0..=5 {
            for cols in 0..=5 {
                let s = Staircase::new(rows, cols);
                let mut seen = vec![false; s.size() as usize];
                for d in all_diagrams(rows, cols) {
                    let path = s.from_row_lengths(&d);
                    assert_eq!(s.row_lengths(path), d);
                    assert_eq!(s.area(path), d.iter().sum::<u32>());
                    let r = s.rank(path);
                    assert!(!seen[r as usize]);
                    seen[r as usize] = true;
                    assert_eq!(s.unrank(r), path);
                }
                assert!(seen.iter().all(|&x| x));
                assert_eq!(s.rank(s.empty()), 0);
                assert_eq!(s.rank(s.full()), s.size() - 1);
            }
        }
    }

    #[test]
    fn area_layers_are_exact_and_ascending() {
        for rows in 0..=5 {
            for cols in 0..=5 {
                let s = Staircase::new(rows, cols);
                let mut total = 0;
                for area in 0..=rows * cols + 1 {
                    let mut layer = Vec::new();
                    s.paths_with_area(area, &mut layer);
                    assert!(layer.windows(2).all(|w| w[0].0 < w[1].0));
                    for &(r, path) in &layer {
                        assert_eq!(s.unrank(r), path);
                        assert_eq!(s.area(path), area);
                    }
                    total += layer.len() as u64;
                }
                assert_eq!(total, s.size());
            }
        }
    }

    #[test]
    fn corners_are_the_playable_cells() {
        let s = Staircase::new(4, 5);
        for d in all_diagrams(4, 5) {
            let path = s.from_row_lengths(&d);
            let mut found = Vec::new();
            s.corners(path, |c| found.push((c.row, c.col)));
            let mut expected = Vec::new();
            for (i, &len) in d.iter().enumerate() {
                let room = if i == 0 { 5 } else { d[i - 1] };
                if len < room {
                    expected.push((i as u32, len));
                }
            }
            found.sort();
            assert_eq!(found, expected);
        }
    }

    proptest! {
        #[test]
        fn fill_delta_equals_full_rank(rows in 1u32..=16, cols in 1u32..=16, pick in any::<u64>()) {
            let s = Staircase::new(rows, cols);
            let path = s.unrank(pick % s.size());
            let rank = s.rank(path);
            s.corners(path, |c| {
                let next = s.fill(path, c);
                assert_eq!(s.rank(next), rank + s.fill_delta(c));
                assert_eq!(s.area(next), s.area(path) + 1);
            });
        }
    }
}
