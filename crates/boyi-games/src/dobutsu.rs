//! Dōbutsu Shōgi (どうぶつしょうぎ): 3 files × 4 ranks, each side a lion,
//! an elephant, a giraffe and a chick; captured pieces go to the captor's
//! hand and may be dropped on any empty square. The rules are those of
//! `clausecker/dobutsu` (its README, man page and `rules.h`):
//!
//! - lion: one square any way; elephant: one diagonally; giraffe: one
//!   orthogonally; chick: one forward; hen (a promoted chick): one
//!   orthogonally or diagonally forward. All capture as they move.
//! - A chick that moves onto the far rank becomes a hen; a dropped chick
//!   stays a chick, even on the far rank (where it cannot move). A
//!   captured hen goes to the hand as a chick.
//! - Capturing the lion wins. A lion that moves onto the far rank where
//!   it cannot be captured at once wins; a lion may move onto an attacked
//!   square, and then is captured. No legal move loses; endless play is a
//!   draw.
//!
//! The engine sees a position from the side to move ("ours"), which moves
//! up the board: row 0 is our far rank, row 3 our back rank. So the
//! positions with Gote to move are the same as those with Sente to move,
//! turned round, and one solve covers both. A position that ends the
//! game has no moves: where we can capture their lion it is a win in one
//! ply (the capture), where their lion stands on our back rank out of our
//! reach it is lost.
//!
//! The index places our lion, their lion, then the other pieces: which of
//! the ten free squares hold pieces (a combination), which kinds stand
//! there (an arrangement of a multiset), their owners, which chicks are
//! hens, and how many of each kind in hand are ours. Boards mirrored left
//! to right are one position. Lions side by side, or one already home,
//! mean the game is over at once: the index leaves those boards out (21
//! of the 132 lion placements remain) and moves into them are valued on
//! the spot ([`Indexed::outside`]).
//!
//! The material is part of the game: a position with fewer pieces (say
//! the lions and one chick each) is a smaller game of its own, small
//! enough for the tests' plain solvers.

// Squares and hand slots index several arrays at once (cells, hands,
// kinds, the lion table): loops over the index read better than zips.
#![allow(clippy::needless_range_loop)]

use std::path::Path;
use std::sync::Arc;

use boyi::db;
use boyi::game::Reversible;
use boyi::solve::Solved;
use boyi::{Control, Game, Indexed, Outcome, Step, StepOf, Turn, Value};

use crate::diagram::{Cell, Diagram, Grid, Target};
use crate::error::Error;
use crate::listing::{describe, valued_by, Cx, Info, Listing, Lookup, Moving, Valued};
use crate::params::{Param, Params};
use crate::verdict::Verdict;

/// Squares: row * 3 + file, from the mover's side (row 0 the far rank).
const SQUARES: usize = 12;
const FILES: usize = 3;

/// Piece codes on a square: 0 empty, a kind, plus `THEIRS` for the
/// opponent's pieces.
pub const LION: u8 = 1;
pub const ELEPHANT: u8 = 2;
pub const GIRAFFE: u8 = 3;
pub const CHICK: u8 = 4;
pub const HEN: u8 = 5;
pub const THEIRS: u8 = 8;

/// Kinds that can be held in hand, in this order: elephant, giraffe, chick.
const HAND_KINDS: [u8; 3] = [ELEPHANT, GIRAFFE, CHICK];

fn hand_slot(kind: u8) -> usize {
    match kind {
        ELEPHANT => 0,
        GIRAFFE => 1,
        _ => 2,
    }
}

/// A position from the side to move: the board and both hands
/// (`hand[0]` ours), counts of elephants, giraffes and chicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    pub cells: [u8; SQUARES],
    pub hand: [[u8; 3]; 2],
}

impl Board {
    /// The same position seen from the other side.
    pub fn turned(&self) -> Board {
        let mut cells = [0u8; SQUARES];
        for (s, &p) in self.cells.iter().enumerate() {
            cells[SQUARES - 1 - s] = if p == 0 { 0 } else { p ^ THEIRS };
        }
        Board { cells, hand: [self.hand[1], self.hand[0]] }
    }

    /// Files A and C swapped.
    pub fn mirrored(&self) -> Board {
        let mut cells = self.cells;
        for row in 0..4 {
            cells.swap(row * FILES, row * FILES + 2);
        }
        Board { cells, hand: self.hand }
    }

    fn lion(&self, owner: u8) -> usize {
        self.cells.iter().position(|&p| p == LION | owner).expect("both lions are on the board")
    }
}

/// Where a piece on `from` may step, for the side moving up the board
/// (`up`) or down it.
#[inline]
fn steps(kind: u8, from: usize, up: bool) -> impl Iterator<Item = usize> {
    let mut mask = STEPS[up as usize][kind as usize][from];
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let to = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            to
        })
    })
}

/// The squares a kind steps to from each square, as bit masks, for the
/// side moving down (`[0]`) and up (`[1]`) the board: the move generators
/// and the attack test read them instead of walking directions.
const STEPS: [[[u16; SQUARES]; 8]; 2] = {
    let mut t = [[[0u16; SQUARES]; 8]; 2];
    let mut up = 0;
    while up < 2 {
        let forward: i8 = if up == 1 { -1 } else { 1 };
        let mut kind = 1;
        while kind <= HEN as usize {
            let mut from = 0;
            while from < SQUARES {
                let (row, file) = ((from / FILES) as i8, (from % FILES) as i8);
                let mut mask = 0u16;
                let mut dr = -1i8;
                while dr <= 1 {
                    let mut df = -1i8;
                    while df <= 1 {
                        let ok = match kind as u8 {
                            LION => dr != 0 || df != 0,
                            ELEPHANT => dr != 0 && df != 0,
                            GIRAFFE => (dr == 0) != (df == 0),
                            CHICK => dr == forward && df == 0,
                            _ => (dr == 0) != (df == 0) || (dr == forward && df != 0),
                        };
                        let (r, f) = (row + dr, file + df);
                        if ok && r >= 0 && r < 4 && f >= 0 && f < FILES as i8 {
                            mask |= 1 << (r as usize * FILES + f as usize);
                        }
                        df += 1;
                    }
                    dr += 1;
                }
                t[up][kind][from] = mask;
                from += 1;
            }
            kind += 1;
        }
        up += 1;
    }
    t
};

/// How a position has ended, from the side to move, if it has.
#[inline]
fn ended(b: &Board) -> Option<Outcome> {
    // one pass: the squares we attack, and where their lion stands
    let (mut attacks, mut theirs) = (0u16, 0);
    for (s, &p) in b.cells.iter().enumerate() {
        if p == LION | THEIRS {
            theirs = s;
        } else if p != 0 && p & THEIRS == 0 {
            attacks |= STEPS[1][p as usize][s];
        }
    }
    if attacks >> theirs & 1 == 1 {
        // we take their lion
        return Some(Outcome::Win(1));
    }
    // their lion reached our back rank (their far rank) out of our reach
    (theirs / FILES == 3).then_some(Outcome::Lose(0))
}

/// A move: a piece from a square (`from` < 12), or a drop of a kind from
/// hand (`from` = 12 + its slot: elephant, giraffe, chick), to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shift {
    pub from: u8,
    pub to: u8,
}

impl Shift {
    pub fn drop_kind(&self) -> Option<u8> {
        (self.from as usize >= SQUARES).then(|| HAND_KINDS[self.from as usize - SQUARES])
    }
}

/// Dōbutsu Shōgi with a given material: how many elephants, giraffes and
/// chicks (hens counted as chicks) the two sides have between them.
#[derive(Clone, Debug)]
pub struct Dobutsu {
    material: [u8; 3],
    index: Index,
}

impl Dobutsu {
    /// The full game: two of each.
    pub fn full() -> Self {
        Self::with_material([2, 2, 2])
    }

    pub fn with_material(material: [u8; 3]) -> Self {
        assert!(material.iter().all(|&n| n <= 2));
        Dobutsu { material, index: Index::new(material) }
    }

    /// Whether the index holds `b` (its lions as [`lions_indexed`] keeps them).
    pub fn indexed(&self, b: &Board) -> bool {
        let (ours, theirs) = (b.lion(0), b.lion(THEIRS));
        let flip = |s: usize| s - s % FILES + (FILES - 1 - s % FILES);
        lions_indexed(ours, theirs) || lions_indexed(flip(ours), flip(theirs))
    }

    pub fn material(&self) -> [u8; 3] {
        self.material
    }

    /// Whether `b` holds exactly this game's material, one lion a side.
    pub fn holds(&self, b: &Board) -> bool {
        let mut count = [0u8; 3];
        let mut lions = [0u8; 2];
        for &p in &b.cells {
            match p & 7 {
                0 => {}
                LION => lions[usize::from(p & THEIRS != 0)] += 1,
                kind => count[hand_slot(kind)] += 1,
            }
        }
        for (slot, c) in count.iter_mut().enumerate() {
            *c += b.hand[0][slot] + b.hand[1][slot];
        }
        lions == [1, 1] && count == self.material
    }

    /// The standard start with this game's material: of the pieces the
    /// material lacks, Gote's go first.
    pub fn start(&self) -> Board {
        // from Sente's side: Gote's back rank first
        let mut cells = [
            GIRAFFE | THEIRS,
            LION | THEIRS,
            ELEPHANT | THEIRS,
            0,
            CHICK | THEIRS,
            0,
            0,
            CHICK,
            0,
            ELEPHANT,
            LION,
            GIRAFFE,
        ];
        for (slot, &kind) in HAND_KINDS.iter().enumerate() {
            let mut missing = 2 - self.material[slot];
            for owner in [THEIRS, 0] {
                if missing > 0 {
                    if let Some(s) = cells.iter().position(|&p| p == kind | owner) {
                        cells[s] = 0;
                        missing -= 1;
                    }
                }
            }
        }
        Board { cells, hand: [[0; 3]; 2] }
    }
}

impl Game for Dobutsu {
    type Pos = Board;
    type Move = Shift;
    type Value = Outcome;

    fn moves(&self, b: &Board, out: &mut Vec<Shift>) {
        if ended(b).is_some() {
            return;
        }
        for (from, &p) in b.cells.iter().enumerate() {
            if p != 0 && p & THEIRS == 0 {
                for to in steps(p, from, true) {
                    if b.cells[to] == 0 || b.cells[to] & THEIRS != 0 {
                        out.push(Shift { from: from as u8, to: to as u8 });
                    }
                }
            }
        }
        for slot in 0..3 {
            if b.hand[0][slot] > 0 {
                for to in 0..SQUARES {
                    if b.cells[to] == 0 {
                        out.push(Shift { from: (SQUARES + slot) as u8, to: to as u8 });
                    }
                }
            }
        }
    }

    fn play(&self, b: &Board, mv: Shift) -> StepOf<Self> {
        let mut next = *b;
        let to = mv.to as usize;
        match mv.drop_kind() {
            Some(kind) => {
                next.hand[0][hand_slot(kind)] -= 1;
                next.cells[to] = kind;
            }
            None => {
                let from = mv.from as usize;
                let mut piece = next.cells[from];
                let taken = next.cells[to];
                if taken != 0 {
                    let kind = if taken & 7 == HEN { CHICK } else { taken & 7 };
                    next.hand[0][hand_slot(kind)] += 1;
                }
                if piece == CHICK && to / FILES == 0 {
                    piece = HEN;
                }
                next.cells[from] = 0;
                next.cells[to] = piece;
            }
        }
        Step { pos: next.turned(), reward: (), turn: Turn::Pass }
    }

    fn terminal(&self, b: &Board) -> Outcome {
        ended(b).unwrap_or(Outcome::Lose(0))
    }

    fn key(&self, b: &Board) -> u64 {
        if self.indexed(b) {
            return self.rank(b);
        }
        // Ranks stay below 2^32: the board itself, 4 bits a square and 2 a
        // hand count, with the top bit set.
        let cells = b.cells.iter().fold(0u64, |k, &p| k << 4 | u64::from(p & 15));
        let hands = b.hand.iter().flatten().fold(0u64, |k, &n| k << 2 | u64::from(n));
        1 << 63 | cells << 12 | hands
    }
}

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
        debug_assert!(rank > 0 && *b == self.index.unrank(rank - 1), "not the position before rank {rank}");
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

impl Reversible for Dobutsu {
    /// Their last move taken back: a piece stepped back (a hen on our back
    /// rank may have been a chick that promoted; a capture gives back a
    /// piece from their hand, a chick in hand perhaps a hen before), or a
    /// drop lifted back into their hand. Boards mirrored are one position,
    /// so where the index keeps this board for its mirror image too, the
    /// mirror image's un-moves count as well; only positions as the index
    /// keeps them ([`lions_indexed`]) and that have moves are listed.
    fn unmoves(&self, b: &Board, out: &mut Vec<(Board, Turn)>) {
        self.each_unmove(b, |before, _, _| out.push((before, Turn::Pass)));
    }

    /// The boards before are as the index keeps them, and their lions'
    /// squares are known: ranked without looking for the lions or
    /// mirroring.
    fn unmove_ranks(&self, b: &Board, _: &mut Vec<(Board, Turn)>, mut f: impl FnMut(u64, Turn)) {
        self.each_unmove(b, |before, ours, theirs| f(self.index.rank(&before, ours, theirs), Turn::Pass));
    }

    /// Captures and drops change the material, the outermost part of a
    /// rank: one move back can land anywhere in the table.
    fn predecessors_scattered(&self) -> bool {
        true
    }

    /// Counts without listing: a move that leaves our lion where they
    /// take it loses in two, a lion's safe step onto our far rank wins in
    /// one (both valued on the spot), every other move is searched.
    fn count_moves(&self, b: &Board, _: &mut Vec<Shift>) -> (usize, Option<Outcome>) {
        let (mut ours, mut empty, mut our_lion) = (0u16, 0u16, 0);
        let mut attacks = [0u16; SQUARES];
        for (s, &p) in b.cells.iter().enumerate() {
            match p {
                0 => empty |= 1 << s,
                LION => {
                    ours |= 1 << s;
                    our_lion = s;
                }
                p if p & THEIRS == 0 => ours |= 1 << s,
                p => attacks[s] = STEPS[0][(p & 7) as usize][s],
            }
        }
        // whether a piece of theirs, other than one standing on `to`, attacks it
        let attacked = |to: usize| attacks.iter().enumerate().any(|(s, &a)| s != to && a >> to & 1 == 1);
        let checkers = (0..SQUARES).filter(|&s| attacks[s] >> our_lion & 1 == 1).fold(0u16, |m, s| m | 1 << s);
        let (mut inside, mut loses, mut wins) = (0, false, false);
        for (from, &p) in b.cells.iter().enumerate() {
            if p == 0 || p & THEIRS != 0 {
                continue;
            }
            let mut targets = STEPS[1][p as usize][from] & !ours;
            if p == LION {
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    if attacked(to) {
                        loses = true;
                    } else if to / FILES == 0 {
                        wins = true;
                    } else {
                        inside += 1;
                    }
                }
                continue;
            }
            // another piece's move saves the lion only by taking its one attacker
            let safe = match checkers.count_ones() {
                0 => targets,
                1 => targets & checkers,
                _ => 0,
            };
            inside += safe.count_ones() as usize;
            loses |= targets & !safe != 0;
        }
        let drops = b.hand[0].iter().filter(|&&n| n > 0).count() * empty.count_ones() as usize;
        if checkers == 0 {
            inside += drops;
        } else {
            loses |= drops > 0;
        }
        let out = if wins { Some(Outcome::Win(1)) } else { loses.then_some(Outcome::Lose(2)) };
        (inside, out)
    }
}

impl Dobutsu {
    /// Calls `f` with each position before `b` ([`Reversible::unmoves`])
    /// and its lions' squares (ours, theirs).
    #[inline]
    fn each_unmove(&self, b: &Board, mut f: impl FnMut(Board, usize, usize)) {
        self.unmoves_of(b, &mut f);
        let mirrored = b.mirrored();
        if mirror_first(mirrored.lion(0), mirrored.lion(THEIRS)) {
            self.unmoves_of(&mirrored, &mut f);
        }
    }

    #[inline]
    fn unmoves_of(&self, b: &Board, f: &mut impl FnMut(Board, usize, usize)) {
        // From the side that just moved: its pieces are "ours" there.
        let them = b.turned();
        // Whether a position before has ended (`ended`) is read off attack
        // masks: steps do not slide, so a piece's attacks do not depend on
        // the board, and only the piece that moved back changes them.
        let mut attacks = [0u16; SQUARES];
        let (mut our_lion, mut their_lion) = (0, 0);
        for (s, &p) in them.cells.iter().enumerate() {
            if p == LION | THEIRS {
                their_lion = s;
            } else if p != 0 && p & THEIRS == 0 {
                attacks[s] = STEPS[1][p as usize][s];
                if p == LION {
                    our_lion = s;
                }
            }
        }
        if their_lion / FILES == 3 {
            // their lion stands on our back rank in every position before
            return;
        }
        // A position before, with our lion on `lion` and our pieces
        // attacking `attacked`: kept if the index holds it and it has not
        // ended.
        let mut keep = |before: Board, lion: usize, attacked: u16| {
            if lions_indexed(lion, their_lion) && attacked >> their_lion & 1 == 0 {
                f(before, lion, their_lion);
            }
        };
        // what the pieces before a square attack, and those after it: the
        // others' attacks are then two ORs for each piece that moved back
        let (mut before_square, mut after_square) = ([0u16; SQUARES + 1], [0u16; SQUARES + 1]);
        for s in 0..SQUARES {
            before_square[s + 1] = before_square[s] | attacks[s];
            after_square[SQUARES - 1 - s] = after_square[SQUARES - s] | attacks[SQUARES - 1 - s];
        }
        // Only a lion's step back moves a lion: where the index keeps
        // boards with the lions as they stand only in mirror image (the
        // other orientation's call lists those), no other piece's is kept.
        let lions_stay = lions_indexed(our_lion, their_lion);
        for (to, &p) in them.cells.iter().enumerate() {
            if p == 0 || p & THEIRS != 0 || (p != LION && !lions_stay) {
                continue;
            }
            let others = before_square[to] | after_square[to + 1];
            // the kinds the piece may have had before its move
            let was: &[u8] = if p == HEN && to / FILES == 0 { &[HEN, CHICK] } else { &[p] };
            for &kind in was {
                // squares it came from: one step backwards is one step of the
                // same piece for the other side
                for from in steps(kind, to, false) {
                    // a chick that steps onto the far rank becomes a hen, so a
                    // chick there was dropped
                    if kind == CHICK && p == CHICK && to / FILES == 0 {
                        continue;
                    }
                    if them.cells[from] != 0 {
                        continue;
                    }
                    // only a forward step of the piece can have reached `to`
                    if STEPS[1][kind as usize][from] >> to & 1 == 0 {
                        continue;
                    }
                    let mut before = them;
                    before.cells[from] = kind;
                    before.cells[to] = 0;
                    let lion = if p == LION { from } else { our_lion };
                    let attacked = others | STEPS[1][kind as usize][from];
                    keep(before, lion, attacked);
                    // or it captured: a piece of the other side comes back from hand
                    for slot in 0..3 {
                        if them.hand[0][slot] == 0 {
                            continue;
                        }
                        let back: &[u8] = if HAND_KINDS[slot] == CHICK { &[CHICK, HEN] } else { &[HAND_KINDS[slot]] };
                        for &taken in back {
                            let mut before = before;
                            before.hand[0][slot] -= 1;
                            before.cells[to] = taken | THEIRS;
                            keep(before, lion, attacked);
                        }
                    }
                }
            }
            if p != LION && p != HEN {
                let mut before = them;
                before.cells[to] = 0;
                before.hand[0][hand_slot(p)] += 1;
                keep(before, our_lion, others);
            }
        }
    }
}

/// Whether the index holds positions with our lion on `ours` and theirs on
/// `theirs`. The rest are over at once ([`Dobutsu::outside`]): lions side
/// by side (we take theirs), their lion on our back rank (it has arrived,
/// or we take it), our lion on our far rank (we had won). Of the boards
/// mirrored left to right one is kept: our lion on file A, or on file B
/// with theirs on file A or B. 21 pairs of the 132, as in
/// `clausecker/dobutsu`'s table.
const fn lions_indexed(ours: usize, theirs: usize) -> bool {
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
fn mirror_first(ours: usize, theirs: usize) -> bool {
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
struct Block {
    on: [u8; 3],
    /// The arrangements of those kinds over the occupied squares, in order.
    arrangements: Vec<[u8; 6]>,
    /// The place in `arrangements` of each arrangement, by its slots read
    /// as base-3 digits (3^6 entries at most): ranking without a search.
    arrangement_rank: Vec<u16>,
    offset: u64,
    /// The stored positions before this block, under one lion pair.
    stored_offset: u64,
    stored: Stored,
    /// Our pieces in hand of each kind, by hand code: unranking reads the
    /// three digits at once instead of dividing for each.
    ours_in_hand: Vec<[u8; 3]>,
    /// The occupied free squares of each combination, a bit a free
    /// square (colex order), so unranking does not search for them.
    combinations: Vec<u16>,
}

/// Which ownerships a block stores (see [`Index::stored`]). Within an
/// occupied-squares-and-kinds digit the rank runs over the board's owners
/// (`o`, a bit a piece, set for theirs), then the hens, then the hand code
/// (`h`, how many of each kind in hand are ours): the tables count the
/// stored (o, h) pairs in that order.
#[derive(Clone, Debug, Default)]
struct Stored {
    /// Hand codes.
    hands: u64,
    /// Stored positions under the owners before `o`, all hens counted.
    before: Vec<u64>,
    /// Stored hand codes below `h` with owners `o`: `below[o * hands + h]`.
    below: Vec<u32>,
    /// Whether `(o, h)` is stored: `keeps[o * hands + h]`.
    keeps: Vec<bool>,
    /// The stored hand codes with owners `o`, in order: `codes[o]` (as
    /// many for every arrangement of hens).
    codes: Vec<Vec<u16>>,
    /// Stored positions a digit of squares and kinds carries.
    per_digit: u64,
}

impl Stored {
    /// `ours_in_hand`: our pieces in hand of each kind, by hand code.
    fn new(material: [u8; 3], on: [u8; 3], ours_in_hand: &[[u8; 3]]) -> Self {
        let least = material.iter().sum::<u8>() / 2;
        let m = on.iter().sum::<u8>();
        let hands = ours_in_hand.len() as u64;
        let in_hand: Vec<u8> = ours_in_hand.iter().map(|mine| mine.iter().sum()).collect();
        let owners = 1usize << m;
        let mut st = Stored { hands, per_digit: 0, ..Default::default() };
        st.below = vec![0; owners * hands as usize];
        st.keeps = vec![false; owners * hands as usize];
        let mut before = 0;
        for o in 0..owners {
            let on_board = m - (o as u32).count_ones() as u8;
            let mut codes = Vec::new();
            for h in 0..hands as usize {
                st.below[o * hands as usize + h] = codes.len() as u32;
                if on_board + in_hand[h] >= least {
                    st.keeps[o * hands as usize + h] = true;
                    codes.push(h as u16);
                }
            }
            st.before.push(before);
            before += (codes.len() as u64) << on[2];
            st.codes.push(codes);
        }
        st.before.push(before);
        st.per_digit = before;
        st
    }
}

/// A rank taken apart: its lion pair, block, which squares hold which
/// kinds, the owners of the pieces on them, the hens, the hand code.
struct Digits<'a> {
    lions: u64,
    block: &'a Block,
    squares: u64,
    owners: u64,
    hens: u64,
    hand: u64,
}

/// The ranking of positions (see the module's doc).
#[derive(Clone, Debug)]
struct Index {
    material: [u8; 3],
    /// (our lion, their lion) square pairs as [`lions_indexed`] keeps them.
    lions: Vec<(u8, u8)>,
    lion_rank: [[u32; SQUARES]; SQUARES],
    blocks: Vec<Block>,
    /// Positions a lion pair carries: the sum of the blocks.
    per_lions: u64,
    /// Of them, those a database stores ([`Index::stored`]).
    per_lions_stored: u64,
    /// The ten squares other than the lions', in order, by lion pair.
    free: Vec<[u8; SQUARES - 2]>,
    /// The block holding each run of `1 << BLOCK_SHIFT` ranks' first, so
    /// a rank finds its block in a step or two, not a binary search.
    block_from: Vec<u8>,
}

const BLOCK_SHIFT: u32 = 10;

impl Index {
    fn new(material: [u8; 3]) -> Self {
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

    /// Whether a database stores the position of this rank: the mover
    /// owns at least `least` of the pieces other than the lions. Every
    /// move of a position left out leads to one stored: the other side
    /// owns more than half there, and a capture takes back only one.
    fn stored(&self, rank: u64) -> bool {
        let d = self.digits(rank);
        d.block.stored.keeps[(d.owners * d.block.stored.hands + d.hand) as usize]
    }

    fn stored_below(&self, rank: u64) -> u64 {
        if rank >= self.size() {
            return self.lions.len() as u64 * self.per_lions_stored;
        }
        let d = self.digits(rank);
        let st = &d.block.stored;
        let o = d.owners as usize;
        d.lions * self.per_lions_stored
            + d.block.stored_offset
            + d.squares * st.per_digit
            + st.before[o]
            + d.hens * st.codes[o].len() as u64
            + st.below[o * st.hands as usize + d.hand as usize] as u64
    }

    fn stored_rank(&self, slot: u64) -> u64 {
        let (lions, mut r) = (slot / self.per_lions_stored, slot % self.per_lions_stored);
        let block = &self.blocks[self.blocks.partition_point(|b| b.stored_offset <= r) - 1];
        r -= block.stored_offset;
        let st = &block.stored;
        let m = block.on.iter().sum::<u8>() as u32;
        let chicks = block.on[2] as u32;
        let (digit, mut r) = (r / st.per_digit, r % st.per_digit);
        let o = st.before.partition_point(|&b| b <= r) - 1;
        r -= st.before[o];
        let kept = st.codes[o].len() as u64;
        let (hens, j) = (r / kept, r % kept);
        let h = st.codes[o][j as usize] as u64;
        let inner = (((digit << m) | o as u64) << chicks | hens) * st.hands + h;
        lions * self.per_lions + block.offset + inner
    }

    /// A rank's digits, as [`Index::rank`] composes them. Every part fits
    /// 32 bits (checked in `new`), and 32-bit division is the cheaper:
    /// unranking is a fifth of a build.
    #[inline]
    fn digits(&self, rank: u64) -> Digits<'_> {
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

    fn size(&self) -> u64 {
        self.lions.len() as u64 * self.per_lions
    }

    /// `b` with our lion on `ours` and theirs on `theirs`, a pair [`lions_indexed`] keeps.
    fn rank(&self, b: &Board, ours: usize, theirs: usize) -> u64 {
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

    fn unrank(&self, rank: u64) -> Board {
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

/// Dōbutsu Shōgi in the catalogue. A position is written as
/// `SIDE/R1/R2/R3/R4/HAND`, as `clausecker/dobutsu`'s `setup` reads it:
/// `S` or `G` to move, the ranks from Gote's back rank (1) to Sente's
/// (4), files A to C, Sente's pieces upper case (`L E G C R`, R a hen),
/// Gote's lower case, `-` an empty square; then the pieces in hand, or
/// `-`. The start is `S/gle/-c-/-C-/ELG/-`. Fewer pieces make a smaller
/// game (the material is part of the game).
pub struct DobutsuListing;

static INFO: Info = Info {
    id: "dobutsu",
    name: "Dōbutsu Shōgi",
    aliases: &["dobutsu-shogi", "animal-shogi"],
    summary: "3x4 shogi with lion, elephant, giraffe, chick; captures go to hand and drop back (retrograde, draws)",
    rules: "Lion: one square any way; elephant: one diagonally; giraffe: one orthogonally; chick: one forward, \
            becoming a hen (orthogonal or diagonally forward) when it steps onto the far rank. A capture puts \
            the piece in the captor's hand (a hen as a chick); instead of moving, a piece in hand may be \
            dropped on any empty square. Capturing the lion wins, and so does moving one's lion onto the far \
            rank where it cannot be taken at once. No legal move loses; endless play is a draw.",
    players: ["Sente", "Gote"],
    values: "outcome",
    params: &[
        Param::int("elephants", "Elephants", "2", 0, 2).help("fewer pieces make a smaller game"),
        Param::int("giraffes", "Giraffes", "2", 0, 2),
        Param::int("chicks", "Chicks", "2", 0, 2),
    ],
    notation: "Position: SIDE/R1/R2/R3/R4/HAND (S/gle/-c-/-C-/ELG/-): S or G to move, ranks 1 (Gote's back \
               rank) to 4, files a-c, Sente upper case, Gote lower, L E G C R (R: hen), - empty; then the \
               pieces in hand or -. Move: from and to square (b3b2), or a drop C*a2.",
    end: "endless play",
};

/// The board as Sente sees it (Sente's pieces "ours", rank 1 on row 0).
fn sente_view(state: &Moving<Board>) -> Board {
    if state.mover == 0 {
        state.pos
    } else {
        state.pos.turned()
    }
}

fn square_name(square: usize) -> String {
    format!("{}{}", (b'a' + (square % FILES) as u8) as char, square / FILES + 1)
}

fn letter(kind: u8) -> char {
    match kind {
        LION => 'L',
        ELEPHANT => 'E',
        GIRAFFE => 'G',
        CHICK => 'C',
        _ => 'R',
    }
}

fn piece_word(kind: u8) -> &'static str {
    match kind {
        LION => "lion",
        ELEPHANT => "elephant",
        GIRAFFE => "giraffe",
        CHICK => "chick",
        _ => "hen",
    }
}

impl DobutsuListing {
    fn key(game: &Dobutsu) -> String {
        let [e, g, c] = game.material();
        format!("dobutsu:{e}{g}{c}")
    }

    /// A move's squares as Sente names them, whoever moves.
    fn squares(state: &Moving<Board>, mv: Shift) -> (Option<usize>, usize) {
        let turn = |s: usize| if state.mover == 0 { s } else { SQUARES - 1 - s };
        ((mv.from as usize) < SQUARES)
            .then(|| turn(mv.from as usize))
            .map_or((None, turn(mv.to as usize)), |f| (Some(f), turn(mv.to as usize)))
    }
}

fn bad(message: impl Into<String>) -> Error {
    Error::position(message.into())
}

impl Listing for DobutsuListing {
    type Game = Dobutsu;
    type State = Moving<Board>;

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn start(&self, params: &Params) -> Result<(Dobutsu, Moving<Board>), Error> {
        let specs = INFO.params;
        let mut material = [0u8; 3];
        for (slot, spec) in specs.iter().enumerate() {
            material[slot] = params.int(spec)? as u8;
        }
        let game = Dobutsu::with_material(material);
        let start = game.start();
        Ok((game, Moving::first(start)))
    }

    fn parse(&self, text: &str) -> Result<(Dobutsu, Moving<Board>), Error> {
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != 6 {
            return Err(bad(format!(
                "a position is SIDE/R1/R2/R3/R4/HAND (S/gle/-c-/-C-/ELG/-), not {} parts",
                parts.len()
            )));
        }
        let mover = match parts[0] {
            "S" | "s" => 0,
            "G" | "g" => 1,
            other => return Err(bad(format!("\"{other}\": the side to move is S (Sente) or G (Gote)"))),
        };
        let kind_of = |ch: char| match ch.to_ascii_uppercase() {
            'L' => Some(LION),
            'E' => Some(ELEPHANT),
            'G' => Some(GIRAFFE),
            'C' => Some(CHICK),
            'R' => Some(HEN),
            _ => None,
        };
        let mut cells = [0u8; SQUARES];
        for rank in 0..4 {
            let row: Vec<char> = parts[1 + rank].chars().collect();
            if row.len() != FILES {
                return Err(bad(format!(
                    "rank {} has {} squares, not 3: \"{}\"",
                    rank + 1,
                    row.len(),
                    parts[1 + rank]
                )));
            }
            for (file, &ch) in row.iter().enumerate() {
                if ch == '-' {
                    continue;
                }
                let kind = kind_of(ch).ok_or_else(|| {
                    bad(format!(
                        "unknown piece '{ch}' on {}: pieces are L E G C R (upper case Sente)",
                        square_name(rank * FILES + file)
                    ))
                })?;
                cells[rank * FILES + file] = kind | if ch.is_ascii_lowercase() { THEIRS } else { 0 };
            }
        }
        let mut hand = [[0u8; 3]; 2];
        if parts[5] != "-" {
            for ch in parts[5].chars() {
                let kind = kind_of(ch).ok_or_else(|| bad(format!("unknown piece '{ch}' in hand")))?;
                match kind {
                    LION => return Err(bad("a lion cannot be in hand")),
                    HEN => return Err(bad("a hen cannot be in hand: a captured hen returns as a chick (C)")),
                    _ => {}
                }
                hand[usize::from(ch.is_ascii_lowercase())][hand_slot(kind)] += 1;
            }
        }
        for (owner, side) in [(0, "Sente"), (THEIRS, "Gote")] {
            let lions = cells.iter().filter(|&&p| p == LION | owner).count();
            if lions != 1 {
                return Err(bad(format!("{side} has {lions} lions on the board; each side has one")));
            }
        }
        let mut material = [0u8; 3];
        for &p in &cells {
            if p != 0 && p & 7 != LION {
                material[hand_slot(if p & 7 == HEN { CHICK } else { p & 7 })] += 1;
            }
        }
        for slot in 0..3 {
            material[slot] += hand[0][slot] + hand[1][slot];
            if material[slot] > 2 {
                return Err(bad(format!("{} {}s: the game has two", material[slot], piece_word(HAND_KINDS[slot]))));
            }
        }
        let game = Dobutsu::with_material(material);
        let sente = Board { cells, hand };
        let pos = if mover == 0 { sente } else { sente.turned() };
        if pos.lion(0) / FILES == 0 {
            let side = ["Sente", "Gote"][usize::from(mover)];
            return Err(bad(format!(
                "{side}'s lion stands on the far rank with {side} to move: the game ended when it arrived"
            )));
        }
        Ok((game, Moving { pos, mover }))
    }

    fn write(&self, _: &Dobutsu, state: &Moving<Board>) -> String {
        let b = sente_view(state);
        let mut s = String::from(if state.mover == 0 { "S" } else { "G" });
        for rank in 0..4 {
            s.push('/');
            for file in 0..FILES {
                let p = b.cells[rank * FILES + file];
                s.push(match p {
                    0 => '-',
                    p if p & THEIRS != 0 => letter(p & 7).to_ascii_lowercase(),
                    p => letter(p),
                });
            }
        }
        s.push('/');
        let mut hand = String::new();
        for (owner, held) in b.hand.iter().enumerate() {
            for slot in 0..3 {
                for _ in 0..held[slot] {
                    let ch = letter(HAND_KINDS[slot]);
                    hand.push(if owner == 0 { ch } else { ch.to_ascii_lowercase() });
                }
            }
        }
        s + if hand.is_empty() { "-" } else { &hand }
    }

    fn params(&self, game: &Dobutsu, _: &Moving<Board>) -> Params {
        let [e, g, c] = game.material();
        Params::new().with("elephants", e).with("giraffes", g).with("chicks", c)
    }

    fn pos<'s>(&self, state: &'s Moving<Board>) -> &'s Board {
        &state.pos
    }

    fn play(&self, game: &Dobutsu, state: &Moving<Board>, mv: Shift) -> Moving<Board> {
        state.then(game.play(&state.pos, mv).pos)
    }

    fn to_move(&self, _: &Dobutsu, state: &Moving<Board>) -> usize {
        state.mover as usize
    }

    fn move_name(&self, _: &Dobutsu, state: &Moving<Board>, mv: Shift) -> String {
        match Self::squares(state, mv) {
            (Some(from), to) => format!("{}{}", square_name(from), square_name(to)),
            (None, to) => format!("{}*{}", letter(mv.drop_kind().expect("a drop")), square_name(to)),
        }
    }

    fn move_label(&self, _: &Dobutsu, state: &Moving<Board>, mv: Shift) -> String {
        let (from, to) = Self::squares(state, mv);
        let b = &state.pos;
        match from {
            None => format!("drop a {} on {}", piece_word(mv.drop_kind().expect("a drop")), square_name(to)),
            Some(f) => {
                let piece = b.cells[mv.from as usize] & 7;
                let taken = b.cells[mv.to as usize] & 7;
                let promotes = piece == CHICK && (mv.to as usize) / FILES == 0;
                format!(
                    "{} {} {} {}{}",
                    piece_word(piece),
                    square_name(f),
                    if taken != 0 { "takes" } else { "to" },
                    square_name(to),
                    if promotes { ", becomes a hen" } else { "" }
                )
            }
        }
    }

    fn parse_move(&self, game: &Dobutsu, state: &Moving<Board>, text: &str) -> Option<Shift> {
        let plain = |t: &str| -> String {
            let t: String = t.chars().filter(|c| !matches!(c, 'x' | 'X' | '-' | '+' | ' ')).collect();
            let t = t.to_ascii_lowercase();
            // a leading piece letter before a square (Cb3b2) says nothing more
            match t.as_bytes() {
                [p, f, ..] if b"legcr".contains(p) && (b'a'..=b'c').contains(f) && !t.contains('*') => {
                    t[1..].to_string()
                }
                _ => t,
            }
        };
        let want = plain(text);
        self.moves(game, state).into_iter().find(|&mv| plain(&self.move_name(game, state, mv)) == want)
    }

    fn target(&self, _: &Dobutsu, state: &Moving<Board>, mv: Shift) -> Option<Target> {
        let (_, to) = Self::squares(state, mv);
        Some(Target::Cell([(to / FILES) as u32, (to % FILES) as u32]))
    }

    fn diagram(&self, _: &Dobutsu, state: &Moving<Board>) -> Diagram {
        let b = sente_view(state);
        let cells = b
            .cells
            .iter()
            .map(|&p| match p {
                0 => Cell::default(),
                p if p & THEIRS != 0 => Cell::piece(1, letter(p & 7).to_ascii_lowercase().to_string()),
                p => Cell::piece(0, letter(p).to_string()),
            })
            .collect();
        let held = |owner: usize| -> String {
            let mut s = String::new();
            for slot in 0..3 {
                for _ in 0..b.hand[owner][slot] {
                    s.push(letter(HAND_KINDS[slot]));
                }
            }
            if s.is_empty() {
                "-".into()
            } else {
                s
            }
        };
        Diagram::grid(Grid::new(4, FILES as u32, cells)).note(format!(
            "in hand: Sente {}, Gote {}",
            held(0),
            held(1).to_ascii_lowercase()
        ))
    }

    fn value(&self, game: &Dobutsu, state: &Moving<Board>, cx: &Cx) -> Result<Valued<Shift>, Error> {
        let key = Self::key(game);
        let table = cx.retrograde(&key, game)?;
        valued_by(
            game,
            &state.pos,
            |child| Ok(table.value(game, child)),
            Verdict::from,
            cx.solved_by(&key, "retrograde"),
        )
    }

    fn solved_key(&self, game: &Dobutsu) -> Option<String> {
        Some(Self::key(game))
    }

    fn save(&self, game: &Dobutsu, ident: &db::Ident, path: &Path, cx: &Cx) -> Result<db::Header, Error> {
        cx.save_retrograde(game, ident, path)
    }

    fn verify(&self, game: &Dobutsu, file: &db::Database, limit: usize, ctl: &Control) -> Result<Vec<String>, Error> {
        Ok(db::verify(game, file, limit, ctl)?.iter().map(describe).collect())
    }

    fn lookups(&self, game: &Dobutsu, file: Arc<db::Database>) -> Result<(Lookup, u64), Error> {
        let solved = Solved::mapped_for(file, game)
            .ok_or_else(|| Error::input("the database does not hold this instance's values"))?;
        Ok((Box::new(move |rank| solved.value_at(rank).to_score()), game.size()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::retrograde::{self, verify_unmoves};
    use boyi::{Control, Value};
    use std::collections::{HashMap, HashSet};

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

    /// Pieces other than lions the mover owns.
    fn ours(b: &Board) -> u8 {
        let on_board = b.cells.iter().filter(|&&p| p != 0 && p & THEIRS == 0 && p != LION).count() as u8;
        on_board + b.hand[0].iter().sum::<u8>()
    }

    /// A database stores the positions where the mover owns at least half
    /// the pieces, in rank order, and every move of one it leaves out
    /// leads to a stored position or one over at once.
    #[test]
    fn the_stored_positions_are_those_a_one_ply_search_needs() {
        for material in [[0, 0, 0], [0, 0, 1], [1, 0, 1], [0, 2, 0], [1, 1, 2], [2, 1, 1]] {
            let g = Dobutsu::with_material(material);
            let least = material.iter().sum::<u8>() / 2;
            let mut slot = 0;
            let mut moves = Vec::new();
            for r in 0..g.size() {
                let b = g.unrank(r);
                assert_eq!(g.stored(r), ours(&b) >= least, "{material:?} {b:?}");
                assert_eq!(g.stored_below(r), slot, "{material:?} rank {r}");
                if g.stored(r) {
                    assert_eq!(g.stored_rank(slot), r, "{material:?} slot {slot}");
                    slot += 1;
                    continue;
                }
                moves.clear();
                g.moves(&b, &mut moves);
                for &mv in &moves {
                    let child = g.play(&b, mv).pos;
                    assert!(g.outside(&child).is_some() || g.stored(g.rank(&child)), "{b:?} -> {child:?}");
                }
            }
            assert_eq!(g.stored_below(g.size()), slot, "{material:?}");
        }
        let g = Dobutsu::full();
        let total = g.stored_below(g.size());
        // about two thirds, as in `clausecker/dobutsu`'s table (42 of 64 ownerships)
        assert!(total * 3 > g.size() * 2 - g.size() / 10 && total < g.size(), "{total} of {}", g.size());
        let mut seed = 11u64;
        for _ in 0..100_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let s = (seed >> 11) % total;
            let r = g.stored_rank(s);
            assert!(g.stored(r));
            assert_eq!(g.stored_below(r), s);
            assert!(ours(&g.unrank(r)) >= 3);
        }
    }

    /// A file of the stored positions answers every position as the solve
    /// does, passes `verify`, and `verify` finds a changed value.
    #[test]
    fn databases_of_the_stored_positions_answer_every_position() {
        for material in [[1, 0, 1], [1, 1, 1]] {
            let g = Dobutsu::with_material(material);
            let solved = retrograde::solve(&g, &Control::default()).unwrap();
            let path = std::env::temp_dir().join(format!("boyi-dobutsu-stored-{}-{material:?}.db", std::process::id()));
            let ident = db::Ident { game: "dobutsu".into(), params: String::new(), key: format!("test:{material:?}") };
            let ctl = Control::default();
            let header = db::write_stored(&path, &ident, &solved, &g, &ctl).unwrap();
            assert_eq!(header.size, g.stored_below(g.size()));
            assert!(header.size < g.size());
            let file = Arc::new(db::Database::open(&path).unwrap());
            let looked_up = Solved::mapped_for(file.clone(), &g).unwrap();
            for r in 0..g.size() {
                assert_eq!(looked_up.value_at(r), solved.value_at(r), "{material:?} rank {r}");
            }
            assert!(db::verify(&g, &file, 10, &ctl).unwrap().is_empty());
            // a file of every position (as written before files kept only the stored ones)
            let every = path.with_extension("every");
            db::write(&every, &ident, &solved, &ctl).unwrap();
            let full = Arc::new(db::Database::open(&every).unwrap());
            assert!(db::verify(&g, &full, 10, &ctl).unwrap().is_empty());
            let from_full = Solved::mapped_for(full, &g).unwrap();
            assert!((0..g.size()).all(|r| from_full.value_at(r) == solved.value_at(r)));
            std::fs::remove_file(&every).unwrap();
            // a stored loss turned into a draw: its predecessors no longer agree
            let slot = (0..header.size).find(|&s| file.get::<Outcome>(s).is_some_and(|v| !v.is_win())).unwrap();
            let mut bytes = std::fs::read(&path).unwrap();
            bytes[(header.data_offset + slot) as usize] = 0;
            std::fs::write(&path, bytes).unwrap();
            let changed = db::Database::open_unchecked(&path).unwrap();
            assert!(!db::verify(&g, &changed, 10, &ctl).unwrap().is_empty(), "{material:?}");
            std::fs::remove_file(&path).unwrap();
        }
    }

    #[test]
    fn malformed_and_impossible_positions_are_named() {
        let err = |text: &str| match DobutsuListing.parse(text) {
            Ok(_) => panic!("{text} was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(err("S/gle/-c-/-C-/ELG").contains("SIDE/R1/R2/R3/R4/HAND"));
        assert!(err("S/gle/-c-/-C-/EG-/-").contains("Sente has 0 lions"));
        assert!(err("S/gle/-c-/-CC/ELG/C").contains("4 chicks"));
        assert!(err("S/gle/-c-/-X-/ELG/-").contains("unknown piece 'X'"));
        assert!(err("S/gle/-c-/-C-/ELGE/-").contains("rank 4 has 4 squares"));
        assert!(err("S/gLe/-c-/l--/E-G/-").contains("Sente's lion stands on the far rank with Sente to move"));
        assert!(err("G/gLe/-c-/-C-/ElG/-").contains("Gote's lion stands on the far rank with Gote to move"));
        // their lion home with us to move: won if we take it, else lost
        let (g, state) = DobutsuListing.parse("S/g-e/-cL/E--/-l-/-").unwrap();
        assert_eq!(g.outside(&state.pos), Some(Outcome::Win(1)));
        let (g, state) = DobutsuListing.parse("S/g-e/-cL/---/-l-/E").unwrap();
        assert_eq!(g.outside(&state.pos), Some(Outcome::Lose(0)));
        let (g, state) = DobutsuListing.parse("S/gle/-c-/-L-/E-G/C").unwrap();
        assert_eq!(g.outside(&state.pos), None);
        let (g, state) = DobutsuListing.parse("S/g-e/-l-/-L-/E-G/Cc").unwrap();
        assert_eq!(g.outside(&state.pos), Some(Outcome::Win(1)), "lions side by side");
    }

    #[test]
    fn the_start_has_four_moves() {
        let g = Dobutsu::full();
        let mut moves = Vec::new();
        g.moves(&g.start(), &mut moves);
        assert_eq!(moves.len(), 4, "{moves:?}");
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

    #[test]
    fn unmoves_mirror_moves() {
        for material in [[0, 0, 0], [0, 0, 1], [1, 0, 1], [0, 1, 2], [1, 1, 1]] {
            assert_eq!(verify_unmoves(&Dobutsu::with_material(material)), Ok(()), "{material:?}");
        }
    }

    /// Values by the rules alone: every board (not folded) with plain value
    /// iteration, horizon by horizon, an unfinished game a draw.
    fn fixed_point(g: &Dobutsu) -> HashMap<Board, Outcome> {
        let boards: Vec<Board> = (0..g.size())
            .flat_map(|r| {
                let b = g.unrank(r);
                [b, b.mirrored()]
            })
            .collect();
        let mut value: HashMap<Board, Outcome> = boards.iter().map(|&b| (b, Outcome::Draw)).collect();
        loop {
            let mut changed = false;
            let mut next = value.clone();
            for b in &boards {
                let mut moves = Vec::new();
                g.moves(b, &mut moves);
                let v = if moves.is_empty() {
                    g.terminal(b)
                } else {
                    // a board the index leaves out is over: valued by the rules
                    let child = |c: &Board| {
                        value.get(c).copied().unwrap_or_else(|| {
                            let mut moves = Vec::new();
                            g.moves(c, &mut moves);
                            assert!(moves.is_empty(), "a board out of the index has moves: {c:?}");
                            g.terminal(c)
                        })
                    };
                    moves.iter().map(|&mv| Outcome::back((), Turn::Pass, child(&g.play(b, mv).pos))).max().unwrap()
                };
                if v != value[b] {
                    changed = true;
                }
                next.insert(*b, v);
            }
            value = next;
            if !changed {
                return value;
            }
        }
    }

    #[test]
    fn retrograde_equals_value_iteration_on_small_material() {
        for material in [[0, 0, 1], [1, 0, 0], [0, 1, 1]] {
            let g = Dobutsu::with_material(material);
            let want = fixed_point(&g);
            let solved = retrograde::solve(&g, &Control::default()).unwrap();
            for (b, v) in &want {
                assert_eq!(solved.value(&g, b), *v, "{material:?} {b:?}");
            }
            for r in 0..g.size() {
                assert_eq!(solved.value_at(r), want[&g.unrank(r)], "{material:?} slot {r}");
            }
        }
    }

    /// The published result (Tanaka, 2009; `clausecker/dobutsu`): Sente
    /// loses in 78 plies, and its four moves lose in 78, 78, 78 and 76; the
    /// longest win takes 173 plies. It needs the whole game solved (a
    /// minute and 310 MB here: `boyi db build dobutsu --out F`), so it runs
    /// where `BOYI_DOBUTSU_DB=F` names such a file.
    #[test]
    fn the_start_is_lost_in_78_plies() {
        let Some(path) = std::env::var_os("BOYI_DOBUTSU_DB") else {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped: the full Dōbutsu database; set BOYI_DOBUTSU_DB to a file from `boyi db build dobutsu`"
            );
            return;
        };
        let db = std::sync::Arc::new(boyi::db::Database::open(std::path::Path::new(&path)).unwrap());
        let g = Dobutsu::full();
        let solved = boyi::solve::Solved::<Outcome>::mapped_for(db.clone(), &g).unwrap();
        assert_eq!(solved.len(), g.size());
        assert_eq!(solved.value(&g, &g.start()), Outcome::Lose(78));
        let mut moves: Vec<Outcome> = solved.analyze(&g, &g.start()).into_iter().map(|m| m.value).collect();
        moves.sort();
        assert_eq!(moves, [Outcome::Lose(76), Outcome::Lose(78), Outcome::Lose(78), Outcome::Lose(78)]);
        // The longest win, 173 plies, is a position a file of the stored
        // positions leaves out: one move before a stored loss in 172.
        let longest = |file: &boyi::db::Database| {
            let values = file.histogram::<Outcome>(&Control::default()).unwrap();
            values.iter().filter_map(|(v, _)| v.remoteness()).max().unwrap()
        };
        if db.len() == g.size() {
            assert_eq!(longest(&db), 173);
        } else {
            assert_eq!(longest(&db), 172);
        }
    }
}
