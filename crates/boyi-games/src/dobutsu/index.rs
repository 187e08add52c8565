//! The index places our lion, their lion, then the other pieces: which of
//! the ten free squares hold pieces (a combination), which kinds stand
//! there (an arrangement of a multiset), their owners, which chicks are
//! hens, and how many of each kind in hand are ours. Boards mirrored left
//! to right are one position. Lions side by side, or one already home,
//! mean the game is over at once: the index leaves those boards out (21
//! of the 132 lion placements remain) and moves into them are valued on
//! the spot ([`Indexed::outside`]).

use boyi::{Indexed, Outcome};

use super::rules::{ended, Board, Dobutsu};
use super::stored::Stored;
use super::{CHICK, FILES, HAND_KINDS, HEN, LION, SQUARES, THEIRS};

impl Indexed for Dobutsu {
    fn size(&self) -> u64 {
        self.index.size()
    }

    fn rank(&self, b: &Board) -> u64 {
        let (mut ours, mut theirs) = (0, 0);
        for (s, &p) in b.cells.iter().enumerate() {
            if p == LION {
                ours = s;
            } else if p == LION | THEIRS {
                theirs = s;
            }
        }
        if mirror_first(ours, theirs) {
            let flip = |s: usize| s - s % FILES + (FILES - 1 - s % FILES);
            self.index.rank(&b.mirrored(), flip(ours), flip(theirs))
        } else {
            self.index.rank(b, ours, theirs)
        }
    }

    /// Positions over at once: we take their lion, or it is home. The
    /// index leaves out those where the lions alone say so (see
    /// [`lions_indexed`]); the others keep a slot but are never searched.
    fn outside(&self, b: &Board) -> Option<Outcome> {
        // Our lion reached their back rank and stayed: we had won. No move
        // leads here (the game ends first); `parse` refuses such boards.
        ended(b).or_else(|| (b.lion(0) / FILES == 0).then_some(Outcome::Win(0)))
    }

    fn unrank(&self, rank: u64) -> Board {
        self.index.unrank(rank)
    }

    /// A rank's last digits are the hand (the count of our chicks in hand
    /// the least significant part), which chicks are hens, and the owners
    /// of the pieces other than lions (the first piece, square by square,
    /// the least significant bit): count them up like an odometer, and
    /// unrank only when all three wrap round.
    #[inline]
    fn unrank_next(&self, rank: u64, b: &mut Board) {
        // (every 1024th rank: at every one, the check would cost debug
        // builds the whole saving)
        debug_assert!(
            rank > 0 && (!rank.is_multiple_of(1024) || *b == self.index.unrank(rank - 1)),
            "not the position before rank {rank}"
        );
        for slot in (0..3).rev() {
            if b.hand[1][slot] > 0 {
                b.hand[1][slot] -= 1;
                b.hand[0][slot] += 1;
                return;
            }
            b.hand[1][slot] = b.hand[0][slot];
            b.hand[0][slot] = 0;
        }
        for p in b.cells.iter_mut().filter(|p| **p & 7 >= CHICK) {
            *p ^= CHICK ^ HEN;
            if *p & 7 == HEN {
                return;
            }
        }
        for p in b.cells.iter_mut().filter(|p| **p != 0 && **p & 7 != LION) {
            *p ^= THEIRS;
            if *p & THEIRS != 0 {
                return;
            }
        }
        *b = self.index.unrank(rank);
    }

    fn stored(&self, rank: u64) -> bool {
        self.index.stored(rank)
    }

    fn stored_below(&self, rank: u64) -> u64 {
        self.index.stored_below(rank)
    }

    fn stored_rank(&self, slot: u64) -> u64 {
        self.index.stored_rank(slot)
    }
}

/// Whether the index holds positions with our lion on `ours` and theirs on
/// `theirs`. The rest are over at once ([`Dobutsu::outside`]): lions side
/// by side (we take theirs), their lion on our back rank (it has arrived,
/// or we take it), our lion on our far rank (we had won). Of the boards
/// mirrored left to right one is kept: our lion on file A, or on file B
/// with theirs on file A or B. 21 pairs of the 132, as in
/// `clausecker/dobutsu`'s table.
pub(super) const fn lions_indexed(ours: usize, theirs: usize) -> bool {
    ours != theirs
        && ours / FILES != 0
        && theirs / FILES != 3
        && !side_by_side(ours, theirs)
        && (ours.is_multiple_of(FILES) || (ours % FILES == 1 && theirs % FILES != 2))
}

/// Whether two squares touch (a lion's step apart).
const fn side_by_side(a: usize, b: usize) -> bool {
    (a / FILES).abs_diff(b / FILES) <= 1 && (a % FILES).abs_diff(b % FILES) <= 1
}

/// Whether the mirror image of a board with lions on these squares is the
/// one the index keeps.
pub(super) fn mirror_first(ours: usize, theirs: usize) -> bool {
    ours % FILES == 2 || (ours % FILES == 1 && theirs % FILES == 2)
}

/// Binomial coefficients C(n, k) for n, k up to 10 (the free squares).
const BINOMIAL: [[u64; 11]; 11] = {
    let mut t = [[0u64; 11]; 11];
    let mut n = 0;
    while n <= 10 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

#[inline]
fn binomial(n: u64, k: u64) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The hand slot of each kind (a hen counts as a chick).
const SLOT: [u8; 8] = [0, 0, 0, 1, 2, 2, 0, 0];

/// The squares that hold a piece, a bit each.
#[inline]
fn occupied_squares(cells: &[u8; SQUARES]) -> u16 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128};
        let mut bytes = [0u8; 16];
        bytes[..SQUARES].copy_from_slice(cells);
        // SAFETY: SSE2 is enabled (the cfg above), and the load reads the 16 bytes of
        // `bytes`, which is 16 bytes long.
        let empty =
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(bytes.as_ptr().cast()), _mm_setzero_si128())) };
        !empty as u16 & ((1 << SQUARES) - 1)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    cells.iter().enumerate().fold(0, |m, (s, &p)| m | u16::from(p != 0) << s)
}

/// One block of the index: how many of each kind stand on the board.
#[derive(Clone, Debug)]
pub(super) struct Block {
    pub(super) on: [u8; 3],
    /// The arrangements of those kinds over the occupied squares, in order.
    arrangements: Vec<[u8; 6]>,
    /// The place in `arrangements` of each arrangement, by its slots read
    /// as base-3 digits (3^6 entries at most): ranking without a search.
    arrangement_rank: Vec<u16>,
    pub(super) offset: u64,
    /// The stored positions before this block, under one lion pair.
    pub(super) stored_offset: u64,
    pub(super) stored: Stored,
    /// Our pieces in hand of each kind, by hand code: unranking reads the
    /// three digits at once instead of dividing for each.
    ours_in_hand: Vec<[u8; 3]>,
    /// The occupied free squares of each combination, a bit a free
    /// square (colex order), so unranking does not search for them.
    combinations: Vec<u16>,
}

/// A rank taken apart: its lion pair, block, which squares hold which
/// kinds, the owners of the pieces on them, the hens, the hand code.
pub(super) struct Digits<'a> {
    pub(super) lions: u64,
    pub(super) block: &'a Block,
    pub(super) squares: u64,
    pub(super) owners: u64,
    pub(super) hens: u64,
    pub(super) hand: u64,
}

/// The ranking of positions (see the module's doc).
#[derive(Clone, Debug)]
pub(super) struct Index {
    material: [u8; 3],
    /// (our lion, their lion) square pairs as [`lions_indexed`] keeps them.
    pub(super) lions: Vec<(u8, u8)>,
    lion_rank: [[u32; SQUARES]; SQUARES],
    pub(super) blocks: Vec<Block>,
    /// Positions a lion pair carries: the sum of the blocks.
    pub(super) per_lions: u64,
    /// Of them, those a database stores ([`Index::stored`]).
    pub(super) per_lions_stored: u64,
    /// The ten squares other than the lions', in order, by lion pair.
    free: Vec<[u8; SQUARES - 2]>,
    /// The block holding each run of `1 << BLOCK_SHIFT` ranks' first, so
    /// a rank finds its block in a step or two, not a binary search.
    block_from: Vec<u8>,
}

const BLOCK_SHIFT: u32 = 10;

impl Index {
    pub(super) fn new(material: [u8; 3]) -> Self {
        let mut lions = Vec::new();
        let mut lion_rank = [[u32::MAX; SQUARES]; SQUARES];
        for ours in 0..SQUARES {
            for theirs in 0..SQUARES {
                if lions_indexed(ours, theirs) {
                    lion_rank[ours][theirs] = lions.len() as u32;
                    lions.push((ours as u8, theirs as u8));
                }
            }
        }
        let mut blocks = Vec::new();
        let mut offset = 0;
        let mut stored_offset = 0;
        for e in 0..=material[0] {
            for g in 0..=material[1] {
                for c in 0..=material[2] {
                    let on = [e, g, c];
                    let m = (e + g + c) as u64;
                    let arrangements = arrangements(on);
                    let hands: u64 = (0..3).map(|k| (material[k] - on[k]) as u64 + 1).product();
                    let size = binomial(10, m) * arrangements.len() as u64 * (1 << m) * (1 << c) * hands;
                    let mut arrangement_rank = vec![u16::MAX; 3usize.pow(m as u32)];
                    for (i, a) in arrangements.iter().enumerate() {
                        arrangement_rank[base3(&a[..m as usize])] = i as u16;
                    }
                    let digits = binomial(10, m) * arrangements.len() as u64;
                    let held: [u64; 3] = std::array::from_fn(|k| (material[k] - on[k]) as u64);
                    let ours_in_hand: Vec<[u8; 3]> = (0..hands)
                        .map(|mut code| {
                            let mut mine = [0u8; 3];
                            for slot in (0..3).rev() {
                                mine[slot] = (code % (held[slot] + 1)) as u8;
                                code /= held[slot] + 1;
                            }
                            mine
                        })
                        .collect();
                    let stored = Stored::new(material, on, &ours_in_hand);
                    let combinations = (0..binomial(10, m)).map(|c| colex_unrank(c, m)).collect();
                    blocks.push(Block {
                        on,
                        arrangements,
                        arrangement_rank,
                        offset,
                        stored_offset,
                        stored,
                        ours_in_hand,
                        combinations,
                    });
                    offset += size;
                    stored_offset += digits * blocks.last().unwrap().stored.per_digit;
                }
            }
        }
        // ranks are read as 32-bit numbers when taken apart
        assert!(lions.len() as u64 * offset <= u64::from(u32::MAX), "the index outgrows 32 bits");
        let free = lions
            .iter()
            .map(|&(ours, theirs)| {
                let mut free = [0u8; SQUARES - 2];
                let others = (0..SQUARES as u8).filter(|&s| s != ours && s != theirs);
                free.iter_mut().zip(others).for_each(|(f, s)| *f = s);
                free
            })
            .collect();
        let block_from = (0..offset.div_ceil(1 << BLOCK_SHIFT))
            .map(|run| (blocks.partition_point(|b: &Block| b.offset <= run << BLOCK_SHIFT) - 1) as u8)
            .collect();
        Index {
            material,
            lions,
            lion_rank,
            blocks,
            per_lions: offset,
            per_lions_stored: stored_offset,
            free,
            block_from,
        }
    }

    /// The block holding rank `r` under a lion pair.
    #[inline]
    fn block_at(&self, r: u64) -> &Block {
        let mut i = self.block_from[(r >> BLOCK_SHIFT) as usize] as usize;
        while i + 1 < self.blocks.len() && self.blocks[i + 1].offset <= r {
            i += 1;
        }
        &self.blocks[i]
    }

    /// A rank's digits, as [`Index::rank`] composes them. Every part fits
    /// 32 bits (checked in `new`), and 32-bit division is the cheaper:
    /// unranking is a fifth of a build.
    #[inline]
    pub(super) fn digits(&self, rank: u64) -> Digits<'_> {
        debug_assert!(rank < self.size(), "rank {rank} past the index");
        let (rank, per_lions) = (rank as u32, self.per_lions as u32);
        let (lions, r) = (rank / per_lions, rank % per_lions);
        let block = self.block_at(r as u64);
        let r = r - block.offset as u32;
        let m = block.on.iter().sum::<u8>() as u32;
        let chicks = block.on[2] as u32;
        let hands = block.stored.hands as u32;
        let rest = r / hands;
        Digits {
            lions: lions as u64,
            block,
            squares: (rest >> chicks >> m) as u64,
            owners: ((rest >> chicks) & ((1 << m) - 1)) as u64,
            hens: (rest & ((1 << chicks) - 1)) as u64,
            hand: (r % hands) as u64,
        }
    }

    pub(super) fn size(&self) -> u64 {
        self.lions.len() as u64 * self.per_lions
    }

    /// `b` with our lion on `ours` and theirs on `theirs`, a pair [`lions_indexed`] keeps.
    pub(super) fn rank(&self, b: &Board, ours: usize, theirs: usize) -> u64 {
        debug_assert!(lions_indexed(ours, theirs), "rank of a board out of the index: {b:?}");
        let lions = self.lion_rank[ours][theirs] as u64;
        // The pieces other than lions, square by square: found by a mask
        // of the occupied squares, so the loop runs once a piece with no
        // branch on what each square holds (ranking the positions before
        // is a quarter of a build).
        let mut occupied = occupied_squares(&b.cells) & !(1 << ours | 1 << theirs);
        let mut on = 0u32;
        let mut code = 0usize;
        let mut owners = 0u64;
        let mut hens = 0u64;
        let mut combination = 0u64;
        let mut m = 0usize;
        let mut chicks = 0;
        while occupied != 0 {
            let s = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let p = b.cells[s];
            let slot = SLOT[(p & 7) as usize];
            on += 1 << (8 * slot);
            code = code * 3 + slot as usize;
            owners |= u64::from(p >> 3) << m;
            let chick = p & 7 >= CHICK;
            hens |= u64::from(p & 7 == HEN) << chicks;
            chicks += usize::from(chick);
            m += 1;
            // colex rank of the occupied free squares (the lions' are not free)
            let free = s - usize::from(ours < s) - usize::from(theirs < s);
            combination += BINOMIAL[free][m];
        }
        let on = [on as u8, (on >> 8) as u8, (on >> 16) as u8];
        let block = self.block(on);
        let arr = block.arrangement_rank[code];
        let mut r = combination;
        r = r * block.arrangements.len() as u64 + arr as u64;
        r = (r << m) | owners;
        r = (r << chicks) | hens;
        for slot in 0..3 {
            let held = (self.material[slot] - on[slot]) as u64;
            r = r * (held + 1) + b.hand[0][slot] as u64;
        }
        lions * self.per_lions + block.offset + r
    }

    fn block(&self, on: [u8; 3]) -> &Block {
        let i = (on[0] as usize * (self.material[1] as usize + 1) + on[1] as usize) * (self.material[2] as usize + 1)
            + on[2] as usize;
        &self.blocks[i]
    }

    pub(super) fn unrank(&self, rank: u64) -> Board {
        let Digits { lions, block, squares, owners, hens, hand } = self.digits(rank);
        let lions = lions as usize;
        let (ours, theirs) = self.lions[lions];
        let mine = block.ours_in_hand[hand as usize];
        let mut hand = [mine, [0; 3]];
        for slot in 0..3 {
            hand[1][slot] = self.material[slot] - block.on[slot] - mine[slot];
        }
        let m = block.on.iter().sum::<u8>() as usize;
        let kinds = block.arrangements.len() as u64;
        let arrangement = &block.arrangements[(squares % kinds) as usize];
        let mut occupied = block.combinations[(squares / kinds) as usize];
        let free = &self.free[lions];
        let mut cells = [0u8; SQUARES];
        cells[ours as usize] = LION;
        cells[theirs as usize] = LION | THEIRS;
        let mut chick = 0;
        for i in 0..m {
            let mut piece = HAND_KINDS[arrangement[i] as usize];
            if piece == CHICK {
                if hens >> chick & 1 == 1 {
                    piece = HEN;
                }
                chick += 1;
            }
            if owners >> i & 1 == 1 {
                piece |= THEIRS;
            }
            cells[free[occupied.trailing_zeros() as usize] as usize] = piece;
            occupied &= occupied - 1;
        }
        Board { cells, hand }
    }
}

/// The `m` free squares (of ten) of colex rank `combination`, a bit each.
fn colex_unrank(mut combination: u64, m: u64) -> u16 {
    let (mut mask, mut k, mut x) = (0u16, m, 10u64);
    // the largest square first
    while k > 0 {
        x -= 1;
        if binomial(x, k) <= combination {
            combination -= binomial(x, k);
            mask |= 1 << x;
            k -= 1;
        }
    }
    mask
}

/// Slots read as base-3 digits, the first the most significant.
fn base3(slots: &[u8]) -> usize {
    slots.iter().fold(0, |code, &d| code * 3 + d as usize)
}

/// Every sequence of the slots 0, 1, 2 with `on[k]` of slot k, sorted (the
/// unused tail stays 0, so sequences sort as their used part).
fn arrangements(on: [u8; 3]) -> Vec<[u8; 6]> {
    fn fill(left: &mut [u8; 3], at: usize, cur: &mut [u8; 6], out: &mut Vec<[u8; 6]>) {
        if left.iter().all(|&n| n == 0) {
            out.push(*cur);
            return;
        }
        for slot in 0..3 {
            if left[slot] > 0 {
                left[slot] -= 1;
                cur[at] = slot as u8;
                fill(left, at + 1, cur, out);
                cur[at] = 0;
                left[slot] += 1;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut on.clone(), 0, &mut [0; 6], &mut out);
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::Game;
    use std::collections::HashSet;

    #[test]
    fn index_sizes() {
        // 21 lion pairs times the placements of the rest
        assert_eq!(Dobutsu::with_material([0, 0, 0]).size(), 21);
        assert_eq!(Dobutsu::full().size(), 21 * 11_878_227);
    }

    #[test]
    fn ranks_round_trip() {
        for material in [[0, 0, 1], [1, 0, 1], [0, 2, 0], [2, 0, 0], [1, 1, 2]] {
            let g = Dobutsu::with_material(material);
            let mut next = g.unrank(0);
            for r in 0..g.size() {
                let b = g.unrank(r);
                assert!(g.holds(&b), "{material:?} {r} {b:?}");
                assert_eq!(g.rank(&b), r, "{material:?} {b:?}");
                if r > 0 {
                    g.unrank_next(r, &mut next);
                }
                assert_eq!(next, b, "{material:?}: the rank after {}", r.wrapping_sub(1));
            }
        }
        let g = Dobutsu::full();
        let mut seed = 7u64;
        for _ in 0..200_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let r = (seed >> 11) % g.size();
            let b = g.unrank(r);
            assert!(g.holds(&b));
            assert!(g.indexed(&b));
            assert_eq!(g.rank(&b), r);
            let m = b.mirrored();
            if m != b && mirror_first(m.lion(0), m.lion(THEIRS)) {
                assert_eq!(g.rank(&m), r, "mirrored boards are one position");
            }
        }
    }

    /// Every position a few plies from the start is in the index.
    #[test]
    fn positions_near_the_start_have_ranks() {
        let g = Dobutsu::full();
        let mut layer = vec![g.start()];
        let mut seen = HashSet::new();
        for _ in 0..5 {
            let mut next = Vec::new();
            for b in layer {
                assert!(g.holds(&b));
                if !g.indexed(&b) {
                    assert!(g.outside(&b).is_some(), "left out of the index yet not over: {b:?}");
                    continue;
                }
                assert_eq!(g.rank(&g.unrank(g.rank(&b))), g.rank(&b));
                let mut moves = Vec::new();
                g.moves(&b, &mut moves);
                for mv in moves {
                    let c = g.play(&b, mv).pos;
                    if seen.insert(c) {
                        next.push(c);
                    }
                }
            }
            layer = next;
        }
        assert!(seen.len() > 1000, "{}", seen.len());
    }
}
