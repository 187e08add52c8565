//! The board: two bitboards in Pons' layout, moves, four-in-a-row tests and
//! the move-string notation. Column `c` holds bits `c·(H+1) .. c·(H+1)+H-1`
//! bottom up, with one spare bit on top so that `mask + bottom` finds every
//! column's next free cell.

use super::book::Book;

/// A board size. Bit shifts by the height are the inner loop of the whole
/// solver: with the size known at compile time ([`Fixed`]) they become
/// immediates, which makes the standard board about a third faster than the
/// same code on a size read at run time ([`AnySize`]).
pub trait Shape: Copy + std::fmt::Debug + Send + Sync + 'static {
    fn width(self) -> u32;
    fn height(self) -> u32;
}

/// A size chosen at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnySize {
    pub width: u32,
    pub height: u32,
}

impl Shape for AnySize {
    #[inline(always)]
    fn width(self) -> u32 {
        self.width
    }
    #[inline(always)]
    fn height(self) -> u32 {
        self.height
    }
}

/// A size fixed at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixed<const W: u32, const H: u32>;

impl<const W: u32, const H: u32> Shape for Fixed<W, H> {
    #[inline(always)]
    fn width(self) -> u32 {
        W
    }
    #[inline(always)]
    fn height(self) -> u32 {
        H
    }
}

/// The standard board.
pub type Standard = Fixed<7, 6>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Stones of the side to move.
    pub cur: u64,
    /// All stones.
    pub mask: u64,
    pub moves: u32,
    /// `cur` and `mask` mirrored left to right, kept along so that the
    /// symmetric table key costs nothing.
    mirror_cur: u64,
    mirror_mask: u64,
}

#[derive(Clone, Debug)]
pub struct Connect4<S: Shape = AnySize> {
    pub(super) shape: S,
    /// One bit at the bottom of each column.
    pub(super) bottom: u64,
    /// Every playable cell.
    pub(super) board: u64,
    /// Cells on even rows (the 2nd, 4th, ... from the bottom).
    pub(super) even_rows: u64,
    /// Columns from the centre outwards: the usual best-first guess.
    pub(super) order: Vec<u8>,
    /// Exact scores of the early positions, when a book is loaded.
    pub(super) book: Option<std::sync::Arc<Book>>,
}

/// Why a move string cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    BadCharacter { at: usize, found: char },
    FullColumn { at: usize, column: u32 },
    GameOver { at: usize },
}

impl From<MoveError> for crate::Error {
    fn from(e: MoveError) -> Self {
        crate::Error::position(e.to_string())
    }
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::BadCharacter { at, found } => {
                write!(f, "move {}: '{}' is not a column", at + 1, found.escape_debug())
            }
            MoveError::FullColumn { at, column } => write!(f, "move {}: column {column} is full", at + 1),
            MoveError::GameOver { at } => write!(f, "move {}: the game is already won", at + 1),
        }
    }
}

impl Connect4 {
    pub const STANDARD: (u32, u32) = (7, 6);

    /// Whether a board of this size fits the 64-bit layout.
    pub fn fits(width: u32, height: u32) -> bool {
        width >= 1 && height >= 1 && width * (height + 1) <= 64
    }

    /// A board of a size chosen at run time.
    pub fn new(width: u32, height: u32) -> Self {
        Connect4::with_shape(AnySize { width, height })
    }
}

impl<S: Shape> Connect4<S> {
    pub fn with_shape(shape: S) -> Self {
        let (width, height) = (shape.width(), shape.height());
        assert!(Connect4::fits(width, height));
        let col = (1u64 << height) - 1;
        let mut bottom = 0;
        for c in 0..width {
            bottom |= 1 << (c * (height + 1));
        }
        let mut order: Vec<u8> = (0..width as u8).collect();
        // Centre first, then alternating outwards, left before right.
        order.sort_by_key(|&c| ((2 * c as i32 - (width as i32 - 1)).abs(), c));
        let even_column = (0..height).filter(|r| r % 2 == 1).fold(0u64, |m, r| m | 1 << r);
        Connect4 { shape, bottom, board: bottom * col, even_rows: bottom * even_column, order, book: None }
    }

    /// Whether the side to move can complete four with its next stone.
    pub fn wins_at_once(&self, b: &Board) -> bool {
        self.winning_cells(b.cur, b.mask) & self.possible(b) != 0
    }

    #[inline(always)]
    pub fn width(&self) -> u32 {
        self.shape.width()
    }

    #[inline(always)]
    pub fn height(&self) -> u32 {
        self.shape.height()
    }

    pub fn cells(&self) -> u32 {
        self.width() * self.height()
    }

    pub fn start(&self) -> Board {
        Board { cur: 0, mask: 0, moves: 0, mirror_cur: 0, mirror_mask: 0 }
    }

    pub(super) fn column_mask(&self, c: u32) -> u64 {
        ((1u64 << self.height()) - 1) << (c * (self.height() + 1))
    }

    pub fn can_play(&self, b: &Board, c: u32) -> bool {
        c < self.width() && b.mask & (1u64 << (self.height() - 1 + c * (self.height() + 1))) == 0
    }

    #[inline]
    pub(super) fn possible(&self, b: &Board) -> u64 {
        b.mask.wrapping_add(self.bottom) & self.board
    }

    /// The board after the side to move drops a stone in column `c`.
    #[inline]
    pub fn drop_in(&self, b: &Board, c: u32) -> Board {
        let stride = self.height() + 1;
        let stone = self.possible(b) & self.column_mask(c);
        let mirrored = (stone >> (c * stride)) << ((self.width() - 1 - c) * stride);
        Board {
            cur: b.cur ^ b.mask,
            mask: b.mask | stone,
            moves: b.moves + 1,
            mirror_cur: b.mirror_cur ^ b.mirror_mask,
            mirror_mask: b.mirror_mask | mirrored,
        }
    }

    /// Whether the player who just moved has four in a row.
    pub fn last_mover_won(&self, b: &Board) -> bool {
        self.has_four(b.cur ^ b.mask)
    }

    /// Whether `stones` hold four in a row.
    #[inline]
    pub(super) fn has_four(&self, stones: u64) -> bool {
        let h = self.height();
        [1, h + 1, h, h + 2].into_iter().any(|s| {
            let pairs = stones & (stones >> s);
            pairs & (pairs >> (2 * s)) != 0
        })
    }

    /// Every empty cell where `stones` would complete four in a row.
    #[inline]
    pub(super) fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
        let h = self.height();
        let mut r = (stones << 1) & (stones << 2) & (stones << 3);
        for s in [h + 1, h, h + 2] {
            let p = (stones << s) & (stones << (2 * s));
            r |= p & (stones << (3 * s));
            r |= p & (stones >> s);
            let p = (stones >> s) & (stones >> (2 * s));
            r |= p & (stones << s);
            r |= p & (stones >> (3 * s));
        }
        r & (self.board ^ mask)
    }

    /// The score of winning with the next stone.
    #[inline]
    pub(super) fn win_now(&self, b: &Board) -> i32 {
        (self.cells() as i32 + 1 - b.moves as i32) / 2
    }

    /// Plays a string of 1-based columns (`"4453"`) from the empty board.
    pub fn parse(&self, moves: &str) -> Result<Board, MoveError> {
        let mut b = self.start();
        let mut over = false;
        for (at, ch) in moves.chars().enumerate() {
            let column = ch.to_digit(10).filter(|&d| d >= 1 && d <= self.width());
            let Some(column) = column else {
                return Err(MoveError::BadCharacter { at, found: ch });
            };
            if over {
                return Err(MoveError::GameOver { at });
            }
            if !self.can_play(&b, column - 1) {
                return Err(MoveError::FullColumn { at, column });
            }
            b = self.drop_in(&b, column - 1);
            over = self.last_mover_won(&b);
        }
        Ok(b)
    }

    /// Every cell (row from the top, column) in a four in a row.
    pub fn fours(&self, b: &Board) -> Vec<(u32, u32)> {
        let h = self.height();
        let mut cells = 0u64;
        for stones in [b.cur, b.cur ^ b.mask] {
            for s in [1, h + 1, h, h + 2] {
                let pairs = stones & (stones >> s);
                let quads = pairs & (pairs >> (2 * s));
                for k in 0..4 {
                    cells |= quads << (k * s);
                }
            }
        }
        (0..64).filter(|&bit| cells >> bit & 1 == 1).map(|bit| (h - 1 - bit % (h + 1), bit / (h + 1))).collect()
    }

    /// Rows top first; `X` for the first player, `O` for the second.
    pub fn rows(&self, b: &Board) -> Vec<String> {
        let first = if b.moves.is_multiple_of(2) { b.cur } else { b.cur ^ b.mask };
        (0..self.height())
            .rev()
            .map(|r| {
                (0..self.width())
                    .map(|c| {
                        let bit = 1u64 << (r + c * (self.height() + 1));
                        if b.mask & bit == 0 {
                            '.'
                        } else if first & bit != 0 {
                            'X'
                        } else {
                            'O'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The unique key of a position, and whether it is the mirror image's.
    #[inline]
    pub(super) fn oriented_key(&self, b: &Board) -> (u64, bool) {
        // cur + mask sets, per column, one bit above the stones and keeps
        // the current player's stones: it identifies the position.
        let key = b.cur + b.mask;
        let mirrored = b.mirror_cur + b.mirror_mask;
        if mirrored < key {
            (mirrored, true)
        } else {
            (key, false)
        }
    }
}
