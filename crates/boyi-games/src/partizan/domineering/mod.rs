//! Domineering: Left places vertical dominoes, Right horizontal ones, on
//! the empty cells of a region; who cannot place loses. A region is rows
//! joined by `|`, `.` empty and `#` filled (`...|..#`), or `RxC` for an
//! empty rectangle. Regions no domino spans are independent parts; a part
//! is valued once up to the symmetries that keep the game (mirrors, half
//! turn) and the ones that swap the players (transposes: the negative).

use boyi::cgt::Partizan;

mod bounds;

use crate::error::Error;

/// Cells a region may have: one bit each.
pub const MOST_CELLS: usize = 128;

/// Cells the largest part of a position may have: a canonical form is
/// out of reach beyond (5×6, 30 cells, takes about 10 s and 400 MB).
pub const MOST_PART_CELLS: u32 = 36;

/// The lowest `n` bits (n from 0 to 128).
fn low_bits(n: usize) -> u128 {
    if n == 0 {
        0
    } else {
        u128::MAX >> (128 - n)
    }
}

/// A region: `empty` has bit `r·w + c` set for each empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    pub h: u8,
    pub w: u8,
    pub empty: u128,
}

impl Region {
    pub fn rectangle(h: usize, w: usize) -> Result<Region, Error> {
        if h == 0 || w == 0 || h * w > MOST_CELLS {
            return Err(Error::position(format!("a {h}x{w} region: boyi's Domineering takes 1 to {MOST_CELLS} cells")));
        }
        let cells = h * w;
        let empty = low_bits(cells);
        Ok(Region { h: h as u8, w: w as u8, empty })
    }

    pub fn parse(text: &str) -> Result<Region, Error> {
        let text = text.trim();
        if let Some((h, w)) = text.split_once(['x', 'X', '×']) {
            if let (Ok(h), Ok(w)) = (h.trim().parse::<usize>(), w.trim().parse::<usize>()) {
                return Region::rectangle(h, w);
            }
        }
        let rows: Vec<&str> = text.split(['|', '/', '\n']).map(str::trim).collect();
        let w = rows[0].chars().count();
        if rows.iter().any(|r| r.chars().count() != w) {
            return Err(Error::position(format!(
                "`{text}`: every row of a Domineering region is as long as the first"
            )));
        }
        let mut region = Region::rectangle(rows.len(), w)?;
        region.empty = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => region.empty |= 1 << region.bit(r, c),
                    '#' => {}
                    other => {
                        return Err(Error::position(format!(
                            "`{other}` in a Domineering region: `.` is an empty cell, `#` a filled one, `|` ends a row"
                        )))
                    }
                }
            }
        }
        Ok(region)
    }

    fn bit(&self, r: usize, c: usize) -> usize {
        r * self.w as usize + c
    }

    pub fn is_empty_at(&self, r: usize, c: usize) -> bool {
        self.empty >> self.bit(r, c) & 1 == 1
    }

    /// The top (left) cells of the dominoes that fit, and the step to
    /// the other cell.
    fn domino_tops(&self, vertical: bool) -> (u128, u32) {
        let e = self.empty;
        if vertical {
            let w = u32::from(self.w);
            (e & e.checked_shr(w).unwrap_or(0), w)
        } else {
            (e & (e >> 1) & !self.last_column(), 1)
        }
    }

    fn placements(&self, vertical: bool) -> Vec<Region> {
        let (mut tops, step) = self.domino_tops(vertical);
        let mut out = Vec::with_capacity(tops.count_ones() as usize);
        while tops != 0 {
            let b = tops & tops.wrapping_neg();
            tops &= !b;
            out.push(Region { empty: self.empty & !(b | b << step), ..*self });
        }
        out
    }

    #[cfg(test)]
    /// The cell's image under symmetry `s` (bit 0: mirror rows, bit 1:
    /// mirror columns, bit 2: transpose), and the image's height and width.
    fn image(&self, s: u8, r: usize, c: usize) -> (usize, usize, usize) {
        let (h, w) = (self.h as usize, self.w as usize);
        let r = if s & 1 == 1 { h - 1 - r } else { r };
        let c = if s & 2 == 2 { w - 1 - c } else { c };
        if s & 4 == 4 {
            (c * h + r, w, h)
        } else {
            (r * w + c, h, w)
        }
    }

    #[cfg(test)]
    fn transformed(&self, s: u8) -> Region {
        let mut empty = 0u128;
        let mut dims = (self.h, self.w);
        for r in 0..self.h as usize {
            for c in 0..self.w as usize {
                let (bit, h, w) = self.image(s, r, c);
                dims = (h as u8, w as u8);
                if self.is_empty_at(r, c) {
                    empty |= 1 << bit;
                }
            }
        }
        Region { h: dims.0, w: dims.1, empty }
    }

    /// `transformed(4)`, by the empty cells only.
    fn transposed(&self) -> Region {
        let (h, w) = (self.h as usize, self.w as usize);
        let mut empty = 0u128;
        let mut cells = self.empty;
        while cells != 0 {
            let b = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            empty |= 1 << ((b % w) * h + b / w);
        }
        Region { h: self.w, w: self.h, empty }
    }

    /// The region, its rows mirrored, its columns mirrored, and both
    /// (what `transformed` gives for 0 to 3), by whole rows.
    fn mirrors(&self) -> [Region; 4] {
        let (h, w) = (self.h as usize, self.w as usize);
        let row = low_bits(w);
        let mut out = [Region { empty: 0, ..*self }; 4];
        for r in 0..h {
            let bits = self.empty >> (r * w) & row;
            let reversed = bits.reverse_bits() >> (128 - w);
            out[0].empty |= bits << (r * w);
            out[1].empty |= bits << ((h - 1 - r) * w);
            out[2].empty |= reversed << (r * w);
            out[3].empty |= reversed << ((h - 1 - r) * w);
        }
        out
    }

    /// Every cell of the region's rectangle.
    fn full(&self) -> u128 {
        low_bits(self.cells())
    }

    /// The cells of one row, at row 0.
    fn row_mask(&self) -> u128 {
        low_bits(self.w as usize)
    }

    /// Cells beside any of `x`, inside the rectangle (bit-parallel).
    fn beside(&self, x: u128) -> u128 {
        let w = self.w as usize;
        let (first_column, last_column) = (self.first_column(), self.last_column());
        // (a row of 128 cells has no row above or below: shifts by w fall off)
        let (above, below) = (x.checked_shl(w as u32).unwrap_or(0), x.checked_shr(w as u32).unwrap_or(0));
        (above | below | ((x & !last_column) << 1) | ((x & !first_column) >> 1)) & self.full()
    }

    /// The empty cells a domino could still cover, split into the parts
    /// no domino joins, each cut to its bounding box.
    fn parts(&self) -> Vec<Region> {
        let w = self.w as usize;
        let mut live = self.empty & self.beside(self.empty);
        let mut parts = Vec::new();
        while live != 0 {
            let mut part = live & live.wrapping_neg();
            loop {
                let grown = (part | self.beside(part)) & live;
                if grown == part {
                    break;
                }
                part = grown;
            }
            live &= !part;
            let (top, bottom) = (part.trailing_zeros() as usize / w, (127 - part.leading_zeros() as usize) / w);
            let mut columns = 0u128;
            for r in top..=bottom {
                columns |= part >> (r * w) & self.row_mask();
            }
            let (left, right) = (columns.trailing_zeros() as usize, 127 - columns.leading_zeros() as usize);
            let pw = right - left + 1;
            let mut empty = 0u128;
            for r in top..=bottom {
                empty |= (part >> (r * w + left) & low_bits(pw)) << ((r - top) * pw);
            }
            parts.push(Region { h: (bottom - top + 1) as u8, w: pw as u8, empty });
        }
        parts
    }

    /// Whether no part (of [`Region::parts`]) has more than `most` empty
    /// cells: the same flood, stopped as soon as the answer is known.
    fn parts_within(&self, most: usize) -> bool {
        let most = most.min(MOST_CELLS) as u32;
        let mut live = self.empty & self.beside(self.empty);
        while live.count_ones() > most {
            let mut part = live & live.wrapping_neg();
            loop {
                let grown = (part | self.beside(part)) & live;
                if grown.count_ones() > most {
                    return false;
                }
                if grown == part {
                    break;
                }
                part = grown;
            }
            live &= !part;
        }
        true
    }

    /// Refused up front when a part is too large for its canonical form
    /// to be found.
    pub fn within_reach(&self) -> Result<(), Error> {
        if let Some(big) = self.parts().into_iter().find(|p| p.empty.count_ones() > MOST_PART_CELLS) {
            return Err(Error::TooBig(format!(
                "a part of {} empty cells ({}x{} around it): canonical forms reach parts of {MOST_PART_CELLS} cells \
                 (5x6, 30 cells, takes about 10 s and 400 MB); --outcome says who wins larger boards",
                big.empty.count_ones(),
                big.h,
                big.w
            )));
        }
        Ok(())
    }

    /// The first column's cells.
    fn first_column(&self) -> u128 {
        // 1 + 2^w + 2^2w + ... is (2^hw - 1) / (2^w - 1)
        low_bits(self.cells()) / low_bits(self.w as usize)
    }

    /// The last column's cells.
    fn last_column(&self) -> u128 {
        self.first_column() << (self.w - 1)
    }

    /// Empty cells: what a part's size is measured in.
    pub fn empty_cells(&self) -> usize {
        self.empty.count_ones() as usize
    }

    pub fn cells(&self) -> usize {
        self.h as usize * self.w as usize
    }
}

impl std::fmt::Display for Region {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows: Vec<String> = (0..self.h as usize)
            .map(|r| (0..self.w as usize).map(|c| if self.is_empty_at(r, c) { '.' } else { '#' }).collect())
            .collect();
        write!(f, "{}", rows.join("|"))
    }
}

pub struct Domineering;

impl Partizan for Domineering {
    type Position = Region;

    fn left_options(&self, p: &Region) -> Vec<Region> {
        p.placements(true)
    }

    fn right_options(&self, p: &Region) -> Vec<Region> {
        p.placements(false)
    }

    fn components(&self, p: &Region) -> Vec<Region> {
        p.parts()
    }

    /// Parts are measured by their empty cells, as the catalogue's
    /// outcome search does: `size` (`Region::empty_cells` there) is not
    /// called, and debug builds check that it would give the same answer.
    fn parts_within(&self, p: &Region, size: fn(&Region) -> usize, most: usize) -> bool {
        let within = p.parts_within(most);
        debug_assert_eq!(within, p.parts().iter().all(|c| size(c) <= most), "{p}");
        within
    }

    fn normal(&self, p: &Region) -> (Region, bool) {
        // the four mirrors of the region and, when it is square, of its
        // transpose (a search of one board meets no other shape)
        let mirrors = p.mirrors().into_iter().map(|m| (m, false));
        let best = mirrors.min().expect("four mirrors");
        if p.h != p.w {
            return best;
        }
        p.transposed().mirrors().into_iter().map(|m| (m, true)).fold(best, std::cmp::min)
    }

    fn count_options(&self, p: &Region, left: bool) -> usize {
        p.domino_tops(left).0.count_ones() as usize
    }

    fn order_options(&self, p: &Region, options: &mut [Region], left: bool) {
        bounds::order(p, options, left);
    }

    /// A player to move who is sure of more moves than the other can
    /// make wins (she outlasts him); one whose opponent, moving second, is
    /// sure of as many as she can make loses (he answers each of hers).
    /// What each is sure of is counted in `bounds`.
    fn decided(&self, p: &Region, left: bool) -> Option<bool> {
        let mine = bounds::reserve(p, left, true);
        if mine.sure > mine.their_most {
            return Some(true);
        }
        let theirs = bounds::reserve(p, !left, false);
        if theirs.sure >= theirs.their_most {
            return Some(false);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::cgt::{Format, Store, Valuer};

    fn value(text: &str, split: bool) -> (Store, boyi::cgt::Id) {
        let mut store = Store::new();
        let region = Region::parse(text).unwrap();
        let mut v = Valuer::new(&Domineering, &mut store);
        v.split = split;
        let id = v.value(&region).unwrap();
        (store, id)
    }

    fn named(text: &str) -> String {
        let (mut s, id) = value(text, true);
        s.write(id, Format::Cgsuite)
    }

    #[test]
    fn small_regions_have_their_known_values() {
        // Left's vertical domino: a column of two is 1, a row of two -1
        assert_eq!(named(".|."), "1");
        assert_eq!(named(".."), "-1");
        assert_eq!(named(".|.|.|."), "2");
        assert_eq!(named("2x2"), "±1");
        // the L-tromino: either player's domino leaves one dead cell
        assert_eq!(named("..|.#"), "*");
        // Left's only domino leaves Right a row of two; Right's best
        // leaves nothing: {-1 | 0}
        assert_eq!(named("...|.##"), "-1/2");
        // rectangles as the cgt-py package (0.11) values them too
        assert_eq!(named("3x7"), "-15/8±9/8");
        assert_eq!(named("4x5"), "1");
        assert_eq!(named("5x4"), "-1");
        let (mut s, id) = value("4x4", true);
        assert_eq!(
            s.write(id, Format::Braces),
            "{0,{{2|0},{2|{2|0}}|{2|0},{{2|0}|0}}|0,{{0|-2},{0|{0|-2}}|{0|-2},{{0|-2}|-2}}}"
        );
    }

    #[test]
    fn splitting_into_parts_changes_no_value() {
        // every region of up to 3x4 cells (a seventh of the 3x4 ones),
        // valued split into parts and as one tree, in one store: the same
        // value is the same id
        let mut store = Store::new();
        let mut regions = Vec::new();
        for (h, w) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4)] {
            let cells = h * w;
            for mask in 0u128..(1 << cells) {
                if mask.count_ones() >= 2 && (cells < 12 || mask % 7 == 0) {
                    regions.push(Region { h: h as u8, w: w as u8, empty: mask });
                }
            }
        }
        let split: Vec<_> = {
            let mut v = Valuer::new(&Domineering, &mut store);
            regions.iter().map(|r| v.value(r).unwrap()).collect()
        };
        let mut v = Valuer::new(&Domineering, &mut store);
        v.split = false;
        for (r, &x) in regions.iter().zip(&split) {
            assert_eq!(v.value(r).unwrap(), x, "{r}");
        }
    }

    #[test]
    fn bad_regions_are_refused() {
        for bad in ["..|.", "..x", "0x3", "12x12", ""] {
            assert!(Region::parse(bad).is_err(), "{bad}");
        }
        assert!(Region::parse("7x7").unwrap().within_reach().is_err());
        assert!(Region::parse(".......|#######|.......").unwrap().within_reach().is_ok());
        // a strip of 128 cells: every bit, no shift past the word
        let strip = Region::parse("1x128").unwrap();
        assert_eq!(strip.parts(), [strip]);
        assert_eq!(strip.placements(false).len(), 127);
    }
}

#[cfg(test)]
mod outcome_tests {
    use super::*;
    use boyi::cgt::{Class, Store, Valuer};
    use std::collections::HashMap;

    /// Whether the player to move wins, by plain search over every
    /// placement (no values, no parts).
    fn wins(region: Region, left: bool, memo: &mut HashMap<(u128, bool), bool>) -> bool {
        if let Some(&w) = memo.get(&(region.empty, left)) {
            return w;
        }
        let w = region.placements(left).into_iter().any(|next| !wins(next, !left, memo));
        memo.insert((region.empty, left), w);
        w
    }

    /// Every answer the move counts give is the plain search's, on every
    /// region inside 4x4, 3x6, 6x3, 1x7, 7x1 and 2x5; and they do answer often.
    #[test]
    fn decided_positions_are_decided_right() {
        let mut answered = 0;
        for (h, w) in [(4u8, 4u8), (3, 6), (6, 3), (1, 7), (7, 1), (2, 5), (4, 5), (5, 4)] {
            let mut memo = HashMap::new();
            for empty in 0u128..1 << (h as u32 * w as u32) {
                let r = Region { h, w, empty };
                for left in [true, false] {
                    if let Some(d) = Domineering.decided(&r, left) {
                        answered += 1;
                        assert_eq!(d, wins(r, left, &mut memo), "{r}, Left to move: {left}");
                    }
                }
            }
        }
        assert!(answered > 100_000, "{answered}");
    }

    #[test]
    fn mirrors_are_the_transforms() {
        for (h, w) in [(3u8, 4u8), (1, 5), (5, 1), (2, 2)] {
            for empty in (0u128..1 << (h as u32 * w as u32)).step_by(3) {
                let r = Region { h, w, empty };
                let by_cells: Vec<Region> = (0..4).map(|s| r.transformed(s)).collect();
                assert_eq!(r.mirrors().to_vec(), by_cells, "{r}");
                assert_eq!(r.transposed(), r.transformed(4), "{r}");
            }
        }
        let wide = Region::rectangle(1, 128).unwrap();
        assert_eq!(wide.mirrors()[3], wide);
    }

    #[test]
    fn options_are_counted_as_listed() {
        for (h, w) in [(3u8, 4u8), (4, 3), (1, 9), (9, 1), (2, 2)] {
            for empty in 0u128..1 << (h as u32 * w as u32) {
                let r = Region { h, w, empty };
                assert_eq!(Domineering.count_options(&r, true), r.placements(true).len(), "{r}");
                assert_eq!(Domineering.count_options(&r, false), r.placements(false).len(), "{r}");
            }
        }
    }

    #[test]
    fn published_outcomes_of_squares() {
        // Breuker, Uiterwijk and van den Herik (2000): 4x4 and 6x6 are won
        // by the first player, 5x5 by the second
        let mut store = Store::new();
        let mut search = boyi::cgt::Outcomes::new(&Domineering, &mut store, Region::empty_cells, 16);
        for (n, want) in [(4, Class::N), (5, Class::P), (6, Class::N)] {
            assert_eq!(search.class(&Region::rectangle(n, n).unwrap()).unwrap(), want, "{n}x{n}");
        }
    }

    /// Every rectangle with sides 1 to 6: Breuker, Uiterwijk and van den
    /// Herik's table (2000), which Obsequi (Bullock, 2002) gives too.
    #[test]
    fn published_outcomes_of_rectangles() {
        let table = ["PRRRRR", "LNNRLN", "LNNRRR", "LLLNLN", "LRLRPR", "LNLNLN"];
        let mut store = Store::new();
        let mut search = boyi::cgt::Outcomes::new(&Domineering, &mut store, Region::empty_cells, 14);
        for (h, row) in table.iter().enumerate() {
            for (w, want) in row.chars().enumerate() {
                let got = search.class(&Region::rectangle(h + 1, w + 1).unwrap()).unwrap();
                assert_eq!(got.letter(), want.to_string(), "{}x{}", h + 1, w + 1);
            }
        }
    }

    /// Threads searching together answer as one thread does: on the
    /// published rectangles, and on 5x6 and 6x5 with random holes.
    #[test]
    fn threads_together_find_the_same_classes() {
        let table = ["PRRRRR", "LNNRLN", "LNNRRR", "LLLNLN", "LRLRPR", "LNLNLN"];
        let ctl = boyi::Control::default();
        let together = |r: &Region, threads: usize| {
            let mut store = Store::new();
            boyi::cgt::class_on_threads(&Domineering, &mut store, Region::empty_cells, 12, &ctl, threads, r).unwrap().0
        };
        for threads in [2, 3] {
            for (h, row) in table.iter().enumerate() {
                for (w, want) in row.chars().enumerate() {
                    let got = together(&Region::rectangle(h + 1, w + 1).unwrap(), threads);
                    assert_eq!(got.letter(), want.to_string(), "{}x{} on {threads} threads", h + 1, w + 1);
                }
            }
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for i in 0..24 {
            let (h, w) = if i % 2 == 0 { (5, 6) } else { (6, 5) };
            let mut r = Region::rectangle(h, w).unwrap();
            for _ in 0..4 {
                r.empty &= !(1u128 << (next() % 30));
            }
            let mut store = Store::new();
            let alone = boyi::cgt::Outcomes::new(&Domineering, &mut store, Region::empty_cells, 12).class(&r).unwrap();
            assert_eq!(together(&r, 2), alone, "{r}");
        }
    }

    #[test]
    fn classes_agree_with_plain_search() {
        let mut store = Store::new();
        let mut regions = Vec::new();
        for h in 1..=4 {
            for w in 1..=5 {
                regions.push(Region::rectangle(h, w).unwrap());
            }
        }
        // and every fifth region inside 4x4
        for mask in (0u128..1 << 16).step_by(5) {
            regions.push(Region { h: 4, w: 4, empty: mask });
        }
        let mut memos: HashMap<(u8, u8), HashMap<(u128, bool), bool>> = HashMap::new();
        let mut valuer = Valuer::new(&Domineering, &mut store);
        let mut classes = Vec::new();
        for r in &regions {
            let v = valuer.value(r).unwrap();
            classes.push(v);
        }
        let mut wanted = Vec::new();
        for (r, v) in regions.iter().zip(classes) {
            let memo = memos.entry((r.h, r.w)).or_default();
            let (left_first, right_first) = (wins(*r, true, memo), wins(*r, false, memo));
            let want = match (left_first, right_first) {
                (true, true) => Class::N,
                (true, false) => Class::L,
                (false, true) => Class::R,
                (false, false) => Class::P,
            };
            assert_eq!(store.class(v), want, "{r}");
            wanted.push(want);
        }
        // the search of wins and losses, its parts up to `small` cells
        // valued (0: nothing valued, all searched), says the same
        for small in [0, 5, 9] {
            let mut store = Store::new();
            let mut search = boyi::cgt::Outcomes::new(&Domineering, &mut store, Region::empty_cells, small);
            for (r, want) in regions.iter().zip(&wanted) {
                assert_eq!(search.class(r).unwrap(), *want, "{r} (parts to {small} valued)");
            }
        }
    }
}
