//! Boards of stones ranked one per class of the board's symmetries, as
//! Gasser and Gévay & Danner index Morris positions: a tier's index is the
//! classes of the first side's stones, each times the ways the other side's
//! stones stand on the points left. A position is folded first: the
//! symmetry that makes the first side's stones least (as a mask), and of
//! those the one that makes the other side's least. A board whose first
//! side's stones are symmetric keeps slots for the other side's images that
//! are not least; those slots are never looked up but valued all the same
//! (the tier solver copies their class's value), so the index stays a
//! product and about sixteen times smaller than the boards.

use std::sync::OnceLock;

use boyi::index::binomial::Combinations;

use super::board::Board;

/// The classes of one count of stones: each class's least mask, and the
/// class of every mask by its rank among the masks of that count, with the
/// symmetry that makes it its class's least ([`SEVERAL`] where more than
/// one does: the least mask is symmetric itself).
#[derive(Debug)]
struct Classes {
    least: Vec<u32>,
    of_rank: Vec<u32>,
    to_least: Vec<u8>,
}

/// More than one symmetry makes a mask its class's least.
const SEVERAL: u8 = u8::MAX;

/// A board's symmetries (just the identity when unfolded) and its classes
/// of stones, built for a count when first asked for.
#[derive(Debug)]
pub struct Folding {
    points: u32,
    /// Each symmetry as the images of a mask's bytes, or-ed together.
    maps: Vec<[[u32; 256]; 3]>,
    classes: Vec<OnceLock<Classes>>,
}

impl Folding {
    /// Folds by every symmetry of `board`, or by none.
    pub fn new(board: &Board, symmetric: bool) -> Folding {
        let syms = board.symmetries();
        let syms = if symmetric { &syms[..] } else { &syms[..1] };
        let maps = syms
            .iter()
            .map(|sym| {
                let mut map = [[0u32; 256]; 3];
                for (byte, table) in map.iter_mut().enumerate() {
                    for (bits, image) in table.iter_mut().enumerate() {
                        for i in 0..8 {
                            let p = 8 * byte + i;
                            if bits >> i & 1 == 1 && p < sym.len() {
                                *image |= 1 << sym[p];
                            }
                        }
                    }
                }
                map
            })
            .collect();
        let points = board.points();
        Folding { points, maps, classes: (0..=points).map(|_| OnceLock::new()).collect() }
    }

    pub fn symmetries(&self) -> usize {
        self.maps.len()
    }

    /// `stones`' image under symmetry `s`.
    pub fn image(&self, s: usize, stones: u32) -> u32 {
        // boards have at most 24 points: three bytes
        let m = &self.maps[s];
        m[0][(stones & 0xff) as usize] | m[1][(stones >> 8 & 0xff) as usize] | m[2][(stones >> 16 & 0xff) as usize]
    }

    /// The representative of `(first, second)`'s class: `first` made least,
    /// then `second` among the symmetries that keep `first` so.
    pub fn fold(&self, first: u32, second: u32) -> (u32, u32) {
        let mut best = (first, second);
        for s in 1..self.maps.len() {
            let f = self.image(s, first);
            if f < best.0 || (f == best.0 && self.image(s, second) < best.1) {
                best = (f, self.image(s, second));
            }
        }
        best
    }

    fn classes(&self, count: u32) -> &Classes {
        self.classes[count as usize].get_or_init(|| {
            let all = Combinations::new(self.points, count);
            let mut least = Vec::new();
            let mut of_rank = vec![u32::MAX; all.size() as usize];
            for r in 0..all.size() {
                if of_rank[r as usize] != u32::MAX {
                    continue;
                }
                let mask = all.unrank(r) as u32;
                let class = least.len() as u32;
                let mut rep = mask;
                for s in 0..self.maps.len() {
                    let image = self.image(s, mask);
                    rep = rep.min(image);
                    of_rank[all.rank(image as u64) as usize] = class;
                }
                least.push(rep);
            }
            let to_least = (0..all.size())
                .map(|r| {
                    let mask = all.unrank(r) as u32;
                    let rep = least[of_rank[r as usize] as usize];
                    let mut by = (0..self.maps.len()).filter(|&s| self.image(s, mask) == rep);
                    match (by.next(), by.next()) {
                        (Some(s), None) => s as u8,
                        _ => SEVERAL,
                    }
                })
                .collect();
            Classes { least, of_rank, to_least }
        })
    }

    /// The class of `first` (of `count` stones) and `second` moved by the
    /// symmetry that makes `first` its class's least (of several, the one
    /// that makes `second` least): [`Folding::fold`] by table, where the
    /// symmetry is found by the rank of `first` alone but for symmetric
    /// boards of the first side.
    /// Also the least board of `first`'s class.
    pub fn fold_rank(&self, count: u32, first: u32, second: u32) -> (u64, u32, u32) {
        let classes = self.classes(count);
        let r = Combinations::new(self.points, count).rank(first as u64) as usize;
        let class = classes.of_rank[r];
        let least = classes.least[class as usize];
        let s = classes.to_least[r];
        if s != SEVERAL {
            return (class as u64, least, self.image(s as usize, second));
        }
        let second = (0..self.maps.len())
            .filter(|&s| self.image(s, first) == least)
            .map(|s| self.image(s, second))
            .min()
            .unwrap_or(second);
        (class as u64, least, second)
    }

    /// Classes of `count` stones.
    pub fn size(&self, count: u32) -> u64 {
        self.classes(count).least.len() as u64
    }

    /// The class of `stones` (of `count` stones).
    pub fn rank(&self, count: u32, stones: u32) -> u64 {
        self.classes(count).of_rank[Combinations::new(self.points, count).rank(stones as u64) as usize] as u64
    }

    /// The least stones of class `class`.
    pub fn unrank(&self, count: u32, class: u64) -> u32 {
        self.classes(count).least[class as usize]
    }
}
