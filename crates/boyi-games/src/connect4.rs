//! Connect Four on any `width × height` board with `width · (height + 1) <= 64`:
//! players drop stones into columns; four in a row (vertically,
//! horizontally or diagonally) wins; a full board is a draw.
//!
//! Scores follow the usual solver convention: 0 for a draw; a win for the
//! side to move scores `(W·H + 1 − s) / 2`, where `s` is the number of stones
//! on the board just before its winning stone (the sooner, the more); a loss
//! scores the negative of the winner's score.
//!
//! The board is two bitboards (Pons' layout): column `c` holds bits
//! `c·(H+1) .. c·(H+1)+H-1` bottom up, with one spare bit on top so that
//! `mask + bottom` finds every column's next free cell. The search hooks of
//! the model carry the game-specific speed: immediate wins and forced losses
//! are valued without search, moves that hand the opponent a win are left
//! out, moves are ordered by the threats they create, and mirror-image
//! positions share one table key.

use boyi::{Game, Known, Step, StepOf, Turn};

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
    shape: S,
    /// One bit at the bottom of each column.
    bottom: u64,
    /// Every playable cell.
    board: u64,
    /// Cells on even rows (the 2nd, 4th, ... from the bottom).
    even_rows: u64,
    /// Columns from the centre outwards: the usual best-first guess.
    order: Vec<u8>,
    /// Exact scores of the early positions, when a book is loaded.
    book: Option<std::sync::Arc<crate::connect4_book::Book>>,
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
        crate::Error::input(e.to_string())
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

    /// The same board with an opening book consulted by the search.
    pub fn with_book(mut self, book: std::sync::Arc<crate::connect4_book::Book>) -> Result<Self, crate::Error> {
        if (book.width, book.height) != (self.width(), self.height()) {
            return Err(crate::Error::input(format!(
                "the book is for a {}x{} board, not {}x{}",
                book.width,
                book.height,
                self.width(),
                self.height()
            )));
        }
        self.book = Some(book);
        Ok(self)
    }

    /// The book's score of `b`, if a loaded book holds it.
    #[inline]
    fn book_score(&self, b: &Board) -> Option<i32> {
        let book = self.book.as_ref()?;
        if b.moves > book.depth {
            return None;
        }
        book.get(self.oriented_key(b).0)
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

    fn column_mask(&self, c: u32) -> u64 {
        ((1u64 << self.height()) - 1) << (c * (self.height() + 1))
    }

    pub fn can_play(&self, b: &Board, c: u32) -> bool {
        c < self.width() && b.mask & (1u64 << (self.height() - 1 + c * (self.height() + 1))) == 0
    }

    #[inline]
    fn possible(&self, b: &Board) -> u64 {
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
    fn has_four(&self, stones: u64) -> bool {
        let h = self.height();
        [1, h + 1, h, h + 2].into_iter().any(|s| {
            let pairs = stones & (stones >> s);
            pairs & (pairs >> (2 * s)) != 0
        })
    }

    /// Every empty cell where `stones` would complete four in a row.
    #[inline]
    fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
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
    fn win_now(&self, b: &Board) -> i32 {
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

    /// An upper bound on the first player's score, on a board of even height
    /// with the first player to move, from the second player's "claimeven"
    /// strategy: answer every move directly above it (and a move onto a
    /// cell of an even row, possible only in a column holding an odd number
    /// of stones, with the same in another such column; there is an even
    /// number of them). The second player then gets every empty even-row
    /// cell not playable now, and the first player at most the other cells.
    /// If no four fits in those, the first player cannot win (bound 0). If
    /// moreover the second player's cells hold a four, that four gets
    /// completed and the first player loses, at the latest once every cell
    /// is filled that can be filled while one of the four's cells is still
    /// empty. Otherwise nothing is learnt.
    fn claimeven_bound(&self, b: &Board, playable: u64) -> i32 {
        let theirs = (b.cur ^ b.mask) | (self.even_rows & !b.mask & !playable & self.board);
        let mine = self.board & !theirs;
        if self.has_four(mine) {
            return i32::MAX;
        }
        let Some(last) = self.latest_completion(theirs, b.mask) else { return 0 };
        // The second player places the even-numbered stones.
        let n = (last - last % 2) as i32;
        -((self.cells() as i32 + 2 - n) / 2)
    }

    /// The latest stone number by which some four inside `stones` must be
    /// complete, with `filled` the cells taken so far: a four is still open
    /// only while one of its empty cells is, and nothing can stand above an
    /// empty cell; so a four whose highest empty cell is on row `r` (from 0)
    /// completes by stone `cells − (height − 1 − r)`, and the four that
    /// matters is the one whose highest empty cell is lowest. That row is
    /// found by bisection: some four has every empty cell on row `r` or
    /// below exactly when the stones there, with the filled cells, hold a
    /// four. `None` if `stones` hold no four at all.
    fn latest_completion(&self, stones: u64, filled: u64) -> Option<u32> {
        let h = self.height() as i32;
        if !self.has_four(stones) {
            return None;
        }
        // The lowest such row lies in lo..=hi; row -1 means no empty cell.
        let (mut lo, mut hi) = (-1i32, h - 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let low_rows = if mid < 0 { 0 } else { self.bottom * ((2u64 << mid) - 1) };
            if self.has_four(stones & (filled | low_rows)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(if hi < 0 { 0 } else { self.cells() - (h - 1 - hi) as u32 })
    }

    /// Appends the columns of `safe` best first, or returns false, with
    /// `out` untouched, as soon as one of them wins by force: after it
    /// the opponent either faces two of our winning cells, or must take our
    /// only one (or play anywhere, with none) from right below another.
    /// `threats` are the opponent's winning cells.
    ///
    /// The guess: moves that make the most threats first (not counting a
    /// threat on top of an opponent's threat, which can never be played),
    /// with a half point for a threat right above the next free cell, where
    /// the opponent may not play below it, and a quarter for a threat
    /// playable at once (the reply is forced); centre columns break ties.
    /// Nodes a position measured with other weights (L1_R1 / L2_R2 / first
    /// 30 of L1_R2): without the quarter 4.7K / 26K / 713K, these 3.6K /
    /// 25K / 635K; a forced reply worth more than a threat 2.5K / 26K /
    /// 695K; the cell-above threats weighted most 9.4K on L1_R1;
    /// Steininger's weights (cell above 4x, two above 5/3x a threat) 4%
    /// more nodes on L1_R1 and L2_R2, 6% more on L1_R2.
    #[inline]
    fn rank_moves(&self, b: &Board, safe: u64, threats: u64, out: &mut Vec<u8>) -> bool {
        // Score above column: a board is at most 32 columns wide.
        let mut keys = [0u32; 32];
        let mut n = 0;
        // Centre first, and the sort below is stable.
        for &c in &self.order {
            let stone = safe & self.column_mask(c as u32);
            if stone == 0 {
                continue;
            }
            let mask = b.mask | stone;
            let mine = self.winning_cells(b.cur | stone, mask);
            let free = mask.wrapping_add(self.bottom) & self.board;
            let wins = mine & free;
            let replies = if wins != 0 { wins } else { free };
            if wins & wins.wrapping_sub(1) != 0 || replies & !(mine >> 1) == 0 {
                return false;
            }
            let useful = mine & !(threats << 1);
            let above = (free << 1) & self.board;
            let score = 4 * useful.count_ones() + 2 * (useful & above).count_ones() + (useful & free).count_ones();
            let mut j = n;
            while j > 0 && keys[j - 1] >> 8 < score {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = score << 8 | c as u32;
            n += 1;
        }
        out.extend(keys[..n].iter().map(|&k| k as u8));
        true
    }

    /// The unique key of a position, and whether it is the mirror image's.
    #[inline]
    fn oriented_key(&self, b: &Board) -> (u64, bool) {
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

impl<S: Shape> Game for Connect4<S> {
    type Pos = Board;
    /// A 0-based column.
    type Move = u8;
    type Value = i32;

    fn moves(&self, b: &Board, out: &mut Vec<u8>) {
        if b.moves >= self.cells() || self.last_mover_won(b) {
            return;
        }
        out.extend(self.order.iter().copied().filter(|&c| self.can_play(b, c as u32)));
    }

    #[inline]
    fn play(&self, b: &Board, c: u8) -> StepOf<Self> {
        Step { pos: self.drop_in(b, c as u32), reward: 0, turn: Turn::Pass }
    }

    fn terminal(&self, b: &Board) -> i32 {
        if self.last_mover_won(b) {
            -((self.cells() as i32 + 2 - b.moves as i32) / 2)
        } else {
            0
        }
    }

    /// The root may offer a win at once; below it, never (see `search_moves`).
    fn root_known(&self, b: &Board) -> Known<i32> {
        if self.wins_at_once(b) {
            Known::Exact(self.win_now(b))
        } else if let Some(score) = self.book_score(b) {
            Known::Exact(score)
        } else {
            Known::UNKNOWN
        }
    }

    // Below the root the side to move never has a winning move: its
    // opponent, one move up, either blocked the only such cell or valued the
    // position as lost without searching it (two such cells), and never
    // played right below one. So no position here is won already either.
    #[inline]
    fn search_moves(&self, b: &Board, out: &mut Vec<u8>) -> Known<i32> {
        let cells = self.cells() as i32;
        let moves = b.moves as i32;
        if let Some(score) = self.book_score(b) {
            return Known::Exact(score);
        }
        let possible = self.possible(b);
        let threats = self.winning_cells(b.cur ^ b.mask, b.mask);
        let forced = possible & threats;
        let lose_next = Known::Exact(-(cells - moves) / 2);
        if forced & forced.wrapping_sub(1) != 0 {
            return lose_next;
        }
        let candidates = if forced != 0 { forced } else { possible };
        // Never play right below a cell where the opponent would complete four.
        let safe = candidates & !(threats >> 1);
        if safe == 0 {
            return lose_next;
        }
        if moves >= cells - 2 {
            return Known::Exact(0);
        }
        // Neither side can win with its next stone.
        let mut lo = -(cells - 2 - moves) / 2;
        let mut hi = (cells - 1 - moves) / 2;
        let empty = self.board & !b.mask;
        let theirs = b.cur ^ b.mask;
        if !self.has_four(b.cur | empty) {
            hi = hi.min(0);
        }
        if !self.has_four(theirs | empty) {
            lo = lo.max(0);
        }
        if hi > -1 && self.height().is_multiple_of(2) && moves % 2 == 0 {
            hi = hi.min(self.claimeven_bound(b, possible));
        }
        if lo >= hi {
            return Known::Exact(hi);
        }
        // Searched moves come best first, and a move after which the
        // opponent cannot stop our next stone ends the search: no win comes
        // sooner. Without one, we cannot win with our second stone either.
        let win_second = (cells - 1 - moves) / 2;
        if !self.rank_moves(b, safe, threats, out) {
            return Known::Exact(win_second);
        }
        hi = hi.min(win_second - 1);
        if lo >= hi {
            return Known::Exact(hi);
        }
        Known::Bounds { lo: Some(lo), hi: Some(hi) }
    }

    #[inline]
    fn key(&self, b: &Board) -> u64 {
        self.oriented_key(b).0
    }

    fn move_hint(&self, b: &Board, c: u8, _: &[u8]) -> Option<u8> {
        let mirrored = self.oriented_key(b).1;
        Some(if mirrored { self.width() as u8 - 1 - c } else { c })
    }

    fn hinted_move(&self, b: &Board, hint: u8, moves: &[u8]) -> Option<u8> {
        let mirrored = self.oriented_key(b).1;
        let c = if mirrored { (self.width() as u8).checked_sub(1 + hint)? } else { hint };
        moves.contains(&c).then_some(c)
    }

    /// Checking every child for a cutoff pays where subtrees are large.
    /// (With 12 empty cells or more against 14 or more: nodes on the first
    /// four of L1_R3 13.6M against 14.2M, the same time.)
    fn etc_worthwhile(&self, b: &Board) -> bool {
        b.moves + 12 < self.cells()
    }

    fn scores_count_moves(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boyi::solve::alphabeta::AlphaBeta;
    use boyi::Control;
    use proptest::prelude::*;

    /// Plain minimax over the whole tree, from the rules and the definition
    /// of the score (memoised, so small boards are quick).
    fn brute(g: &Connect4, b: &Board, memo: &mut std::collections::HashMap<Board, i32>) -> i32 {
        if let Some(&v) = memo.get(b) {
            return v;
        }
        let mut moves = Vec::new();
        g.moves(b, &mut moves);
        let v = if moves.is_empty() {
            g.terminal(b)
        } else {
            moves.iter().map(|&c| -brute(g, &g.drop_in(b, c as u32), memo)).max().unwrap()
        };
        memo.insert(*b, v);
        v
    }

    fn random_position(g: &Connect4, picks: &[u8]) -> Board {
        let mut b = g.start();
        for &p in picks {
            let mut moves = Vec::new();
            g.moves(&b, &mut moves);
            if moves.is_empty() {
                break;
            }
            b = g.drop_in(&b, moves[p as usize % moves.len()] as u32);
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn alphabeta_equals_plain_minimax_on_small_boards(
            (w, h) in prop_oneof![Just((4u32, 4u32)), Just((5, 4))],
            picks in proptest::collection::vec(any::<u8>(), 0..12),
            threads in 1usize..3,
        ) {
            let g = Connect4::new(w, h);
            let b = random_position(&g, &picks);
            // One memo per board size for the whole run: the tree is valued once.
            thread_local!(static MEMO: std::cell::RefCell<std::collections::HashMap<(u32, u32), std::collections::HashMap<Board, i32>>> = Default::default());
            let want = MEMO.with(|m| brute(&g, &b, m.borrow_mut().entry((w, h)).or_default()));
            let mut ab = AlphaBeta::new(&g, Control::default(), 1 << 16).unwrap().with_solo_nodes(0);
            prop_assert_eq!(ab.value_parallel(&b, None, threads).unwrap(), want);
            ab.clear();
            prop_assert_eq!(ab.value_within(&b, -1, 1).unwrap(), want.signum());
        }
    }

    #[test]
    fn four_by_four_from_the_start() {
        // 4x4 Connect Four is a draw (Tromp's table of small boards).
        let g = Connect4::new(4, 4);
        let mut ab = AlphaBeta::new(&g, Control::default(), 1 << 20).unwrap();
        assert_eq!(ab.value(&g.start()).unwrap(), 0);
    }

    #[test]
    fn move_strings() {
        let g = Connect4::new(7, 6);
        assert_eq!(g.parse("4453").unwrap().moves, 4);
        assert_eq!(g.parse("48"), Err(MoveError::BadCharacter { at: 1, found: '8' }));
        assert_eq!(g.parse("1111111"), Err(MoveError::FullColumn { at: 6, column: 1 }));
        assert_eq!(g.parse("1212121"), Ok(g.parse("1212121").unwrap()));
        assert_eq!(g.parse("12121213"), Err(MoveError::GameOver { at: 7 }));
        assert!(g.last_mover_won(&g.parse("1212121").unwrap()));
    }

    #[test]
    fn mirror_keys_agree() {
        let g = Connect4::new(7, 6);
        let a = g.parse("1123").unwrap();
        let b = g.parse("7765").unwrap();
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key(&a), g.key(&g.parse("1124").unwrap()));
    }
}
