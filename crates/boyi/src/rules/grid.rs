//! Several coordinates, periodic in each: `v(x + pₐ·eₐ) = v(x) + sₐ` once
//! coordinate a is at least its preperiod, whatever the others are, so
//! the values are a finite block repeated along every axis (each repeat
//! adding the axis's saltus). Some games of bounded moves have nimbers of
//! this form that are no XOR of sequences: taking one or two from a pile
//! or one from both gives (x + y) mod 3 (a king walking to a corner does
//! not: its nimbers follow the diagonal). Strips along the axes that
//! follow a rule of their own are part of the block, not exceptions.
//!
//! Each axis's period is taken with the margin of `periodic.rs` (the
//! repeating stretch at least three periods and two periods longer than
//! the preperiod), over every slice across the axis at once.

use super::{Table, Values};

/// Entries a block may have: more would be the table memorised.
const MOST_ENTRIES: u64 = 4096;

/// `v(x)`: the block's value at each coordinate brought back into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub preperiods: Vec<u64>,
    pub periods: Vec<u64>,
    pub saltus: Vec<u64>,
    /// Row-major (the last coordinate fastest), extent `preperiod + period`
    /// an axis.
    pub block: Vec<u64>,
}

impl Grid {
    /// The block's extent along each axis.
    pub fn extents(&self) -> Vec<u64> {
        self.preperiods.iter().zip(&self.periods).map(|(a, p)| a + p).collect()
    }

    /// `v(pos)`, exact for coordinates up to 2^64 (a value past 2^64
    /// saturates).
    pub fn at(&self, pos: &[u64]) -> u64 {
        let mut index = 0u64;
        let mut rise = 0u64;
        for (a, &x) in pos.iter().enumerate() {
            let (start, period) = (self.preperiods[a], self.periods[a]);
            let (inside, k) = if x < start + period {
                (x, 0)
            } else {
                let k = (x - start) / period;
                (start + (x - start) % period, k)
            };
            index = index * (start + period) + inside;
            rise = rise.saturating_add(self.saltus[a].saturating_mul(k));
        }
        self.block[index as usize].saturating_add(rise)
    }
}

/// Values along `axis` at coordinate `c`, every other coordinate in turn.
fn slice(table: &Table, axis: usize, c: usize) -> impl Iterator<Item = usize> + '_ {
    let across = table.len() / table.side;
    (0..across).map(move |j| {
        // j's digits (base side) fill the other coordinates in order
        let mut pos = vec![0; table.dims];
        let mut rest = j;
        for d in (0..table.dims).rev().filter(|&d| d != axis) {
            pos[d] = rest % table.side;
            rest /= table.side;
        }
        pos[axis] = c;
        table.index(&pos)
    })
}

/// The least period along `axis` (then the least preperiod), with its
/// saltus, where one shows with margin.
fn axis_period(table: &Table, seq: &[u64], axis: usize) -> Option<(u64, u64, u64)> {
    let len = table.side;
    let last = len - 1;
    let slices: Vec<Vec<usize>> = (0..len).map(|c| slice(table, axis, c).collect()).collect();
    for p in 1..=len / 3 {
        let Some(saltus) = seq[slices[last][0]].checked_sub(seq[slices[last - p][0]]) else { continue };
        let shifts =
            |c: usize| slices[c].iter().zip(&slices[c + p]).all(|(&i, &j)| seq[j] == seq[i].wrapping_add(saltus));
        let mut c0 = last - p;
        loop {
            if !shifts(c0) {
                c0 += 1;
                break;
            }
            if c0 == 0 {
                break;
            }
            c0 -= 1;
        }
        let stretch = len - c0;
        if stretch >= 3 * p && stretch >= c0 + 2 * p {
            return Some((c0 as u64, p as u64, saltus));
        }
    }
    None
}

/// The grid `table` follows, if every axis is periodic with margin and the
/// block is small; outcomes are read as 0 (P) and 1, with no saltus.
pub fn find(table: &Table, kind: Values) -> Option<Grid> {
    if table.dims < 2 || table.side < 4 {
        return None;
    }
    let seq: Vec<u64> = table.values.iter().map(|&v| kind.read(v)).collect();
    let mut grid = Grid { preperiods: vec![], periods: vec![], saltus: vec![], block: vec![] };
    let mut entries = 1u64;
    for axis in 0..table.dims {
        let (start, period, saltus) = axis_period(table, &seq, axis)?;
        if kind == Values::Outcome && saltus != 0 {
            return None;
        }
        entries = entries.saturating_mul(start + period);
        if entries > MOST_ENTRIES {
            return None;
        }
        grid.preperiods.push(start);
        grid.periods.push(period);
        grid.saltus.push(saltus);
    }
    let extents = grid.extents();
    grid.block = (0..entries)
        .map(|mut i| {
            let mut pos = vec![0; table.dims];
            for d in (0..table.dims).rev() {
                pos[d] = (i % extents[d]) as usize;
                i /= extents[d];
            }
            seq[table.index(&pos)]
        })
        .collect();
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two(side: usize, f: impl Fn(usize, usize) -> u64) -> Table {
        Table { dims: 2, side, values: (0..side * side).map(|i| f(i / side, i % side)).collect() }
    }

    /// Nimbers of a game of two piles whose moves are the steps `steps`
    /// (taken from both piles at once), by their definition.
    fn nimbers(side: usize, steps: &[(usize, usize)]) -> Table {
        let mut v = vec![0u64; side * side];
        for x in 0..side {
            for y in 0..side {
                let mut seen = 0u64;
                for &(dx, dy) in steps {
                    if x >= dx && y >= dy {
                        seen |= 1 << v[(x - dx) * side + y - dy];
                    }
                }
                v[x * side + y] = seen.trailing_ones() as u64;
            }
        }
        Table { dims: 2, side, values: v }
    }

    #[test]
    fn bounded_takes_repeat_along_each_axis() {
        // take one or two from a pile, or one from both
        let t = nimbers(96, &[(1, 0), (2, 0), (0, 1), (0, 2), (1, 1)]);
        let g = find(&t, Values::Nimber).unwrap();
        for x in 0..96 {
            for y in 0..96 {
                assert_eq!(g.at(&[x, y]), t.at(&[x as usize, y as usize]), "({x}, {y})");
            }
        }
        // far out, by the definition's own pattern one period back
        let far = 10u64.pow(18);
        assert_eq!(g.at(&[far, far + 1]), g.at(&[far - g.periods[0], far + 1]));
        // a king walking to the corner: its nimbers follow the diagonal,
        // no block
        assert!(find(&nimbers(96, &[(1, 0), (0, 1), (1, 1)]), Values::Nimber).is_none());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

        /// A planted block is found again, or none is: what is found
        /// agrees with the planted values far past the table.
        #[test]
        fn planted_blocks_are_found_or_refused(
            preperiods in proptest::collection::vec(0u64..6, 2),
            periods in proptest::collection::vec(1u64..7, 2),
            saltus in proptest::collection::vec(0u64..2, 2),
            values in proptest::collection::vec(0u64..3, 144),
        ) {
            let extents: Vec<u64> = preperiods.iter().zip(&periods).map(|(a, p)| a + p).collect();
            let block = values[..(extents[0] * extents[1]) as usize].to_vec();
            let planted = Grid { preperiods, periods, saltus, block };
            let t = two(60, |x, y| planted.at(&[x as u64, y as u64]));
            if let Some(found) = find(&t, Values::Nimber) {
                for x in [0u64, 7, 59, 60, 1000, 10u64.pow(15) + 7] {
                    for y in [0u64, 3, 61, 997, 10u64.pow(12) + 1] {
                        proptest::prop_assert_eq!(found.at(&[x, y]), planted.at(&[x, y]), "({}, {})", x, y);
                    }
                }
            }
        }
    }

    #[test]
    fn strips_saltus_and_what_is_refused() {
        // a strip along each axis with values of its own, then (x + 2y) mod 5
        let t = two(60, |x, y| {
            (if x < 2 {
                y % 5 + 7
            } else if y < 1 {
                x % 5 + 9
            } else {
                (x + 2 * y) % 5
            }) as u64
        });
        let g = find(&t, Values::Nimber).unwrap();
        assert_eq!((g.preperiods.clone(), g.periods.clone()), (vec![2, 1], vec![5, 5]));
        assert_eq!(g.at(&[10u64.pow(18), 7]), (10u64.pow(18) + 14) % 5);
        // x + y rises by one a step of either coordinate
        let g = find(&two(40, |x, y| (x + y) as u64), Values::Nimber).unwrap();
        assert_eq!((g.periods.clone(), g.saltus.clone()), (vec![1, 1], vec![1, 1]));
        // a pattern that only settles past a third of the table is refused
        assert!(find(&two(60, |x, y| if x < 30 { (x * y) as u64 % 7 } else { 0 }), Values::Nimber).is_none());
        // and x XOR y is no finite block
        assert!(find(&two(64, |x, y| (x ^ y) as u64), Values::Nimber).is_none());
    }
}
