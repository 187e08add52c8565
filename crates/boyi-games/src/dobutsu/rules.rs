//! The board, the pieces' steps, moves and the end of the game: Dōbutsu
//! Shōgi as the engine's [`Game`].

use boyi::{Game, Indexed, Outcome, Step, StepOf, Turn};

use super::index::{lions_indexed, Index};
use super::{hand_slot, CHICK, ELEPHANT, FILES, GIRAFFE, HAND_KINDS, HEN, LION, SQUARES, THEIRS};

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

    pub(super) fn lion(&self, owner: u8) -> usize {
        self.cells.iter().position(|&p| p == LION | owner).expect("both lions are on the board")
    }
}

/// Where a piece on `from` may step, for the side moving up the board
/// (`up`) or down it.
#[inline]
pub(super) fn steps(kind: u8, from: usize, up: bool) -> impl Iterator<Item = usize> {
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
pub(super) const STEPS: [[[u16; SQUARES]; 8]; 2] = {
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
pub(super) fn ended(b: &Board) -> Option<Outcome> {
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
    pub(super) index: Index,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_four_moves() {
        let g = Dobutsu::full();
        let mut moves = Vec::new();
        g.moves(&g.start(), &mut moves);
        assert_eq!(moves.len(), 4, "{moves:?}");
    }
}
