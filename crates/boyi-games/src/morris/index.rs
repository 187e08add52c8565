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

use std::cell::Cell;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

use boyi::index::binomial::Combinations;
use boyi::index::bytewise::Bytewise;

use super::board::Board;

/// The classes of one count of stones: each class's least mask, and by a
/// mask's rank among the masks of its count, packed in one word (one
/// memory access a fold): its class (bits 0..24), the symmetries that make
/// it its class's least (bits 24..40, a bit each) and that least mask
/// (bits 40..64).
#[derive(Debug)]
struct Classes {
    least: Vec<u32>,
    of_rank: Vec<u64>,
}

fn class_of(packed: u64) -> u64 {
    packed & 0xff_ffff
}

fn symmetries_of(packed: u64) -> u32 {
    (packed >> 24 & 0xffff) as u32
}

fn least_of(packed: u64) -> u32 {
    (packed >> 40) as u32
}

/// A board's symmetries (just the identity when unfolded) and its classes
/// of stones, built for a count when first asked for.
#[derive(Debug)]
pub struct Folding {
    points: u32,
    /// Each symmetry as the images of a mask's bytes, or-ed together.
    maps: Vec<[[u32; 256]; 3]>,
    classes: Vec<OnceLock<Classes>>,
    /// Tells this folding's entries in a thread's memos (of the last fold
    /// here, of the last unrank in `rules.rs`) from another's; never 0, the
    /// memos' empty key.
    id: u32,
}

thread_local! {
    /// The last stones a thread folded, by folding, count and stones, with
    /// their packed class: a position's moves mostly leave the side that
    /// did not move as it was, the first side of every child they lead to.
    static LAST: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
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
        // classes, symmetries and least masks share a word
        assert!(points <= 24 && syms.len() <= 16);
        static IDS: AtomicU32 = AtomicU32::new(1);
        let id = IDS.fetch_add(1, Ordering::Relaxed).max(1);
        Folding { points, maps, classes: (0..=points).map(|_| OnceLock::new()).collect(), id }
    }

    /// A number no other folding of this process has.
    pub fn id(&self) -> u32 {
        self.id
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
            let mut of_rank = vec![u64::MAX; all.size() as usize];
            for r in 0..all.size() {
                if of_rank[r as usize] != u64::MAX {
                    continue;
                }
                let mask = all.unrank(r) as u32;
                let class = least.len() as u64;
                let rep = (0..self.maps.len()).map(|s| self.image(s, mask)).min().unwrap_or(mask);
                for s in 0..self.maps.len() {
                    of_rank[all.rank(self.image(s, mask) as u64) as usize] = class;
                }
                least.push(rep);
            }
            for (r, packed) in of_rank.iter_mut().enumerate() {
                let mask = all.unrank(r as u64) as u32;
                let rep = least[*packed as usize];
                let by = (0..self.maps.len()).filter(|&s| self.image(s, mask) == rep).fold(0u64, |m, s| m | 1 << s);
                *packed |= by << 24 | (rep as u64) << 40;
            }
            Classes { least, of_rank }
        })
    }

    /// `first`'s packed class (of `count` stones), remembered for the next
    /// call on this thread.
    #[inline]
    fn packed(&self, count: u32, first: u32) -> u64 {
        let key = (self.id as u64) << 32 | (count as u64) << 24 | first as u64;
        let (last, packed) = LAST.get();
        if last == key {
            return packed;
        }
        let packed = self.classes(count).of_rank[Bytewise::shared().rank(first) as usize];
        LAST.set((key, packed));
        packed
    }

    /// The class of `first` (of `count` stones) and `second` moved by the
    /// symmetry that makes `first` its class's least (of several, the one
    /// that makes `second` least): [`Folding::fold`] by table.
    /// Also the least board of `first`'s class.
    #[inline]
    pub fn fold_rank(&self, count: u32, first: u32, second: u32) -> (u64, u32, u32) {
        let packed = self.packed(count, first);
        let mut syms = symmetries_of(packed);
        let mut image = self.image(syms.trailing_zeros() as usize, second);
        syms &= syms - 1;
        while syms != 0 {
            image = image.min(self.image(syms.trailing_zeros() as usize, second));
            syms &= syms - 1;
        }
        (class_of(packed), least_of(packed), image)
    }

    /// The class of `first` (of `count` stones), its class's least board,
    /// and the one symmetry that makes `first` that board; `None` where
    /// several do (`first` has a symmetry of its own).
    pub fn only_symmetry(&self, count: u32, first: u32) -> Option<(u64, u32, usize)> {
        let packed = self.packed(count, first);
        let syms = symmetries_of(packed);
        (syms.count_ones() == 1).then(|| (class_of(packed), least_of(packed), syms.trailing_zeros() as usize))
    }

    /// Point `p`'s image under symmetry `s`.
    #[inline]
    pub fn point(&self, s: usize, p: u32) -> u32 {
        self.maps[s][p as usize / 8][1 << (p % 8)].trailing_zeros()
    }

    /// Whether `stones` (of `count`) have a symmetry of their own besides
    /// the identity: whether more than one symmetry makes them their
    /// class's least (those symmetries are one times the ones that keep
    /// `stones`).
    pub fn symmetric(&self, count: u32, stones: u32) -> bool {
        symmetries_of(self.packed(count, stones)).count_ones() > 1
    }

    /// Classes of `count` stones.
    pub fn size(&self, count: u32) -> u64 {
        self.classes(count).least.len() as u64
    }

    /// The class of `stones` (of `count` stones).
    pub fn rank(&self, count: u32, stones: u32) -> u64 {
        class_of(self.packed(count, stones))
    }

    /// The least stones of class `class`.
    pub fn unrank(&self, count: u32, class: u64) -> u32 {
        self.classes(count).least[class as usize]
    }
}
