//! What the search asks of Connect Four through the model's hooks: immediate
//! wins and forced losses valued without search, moves that hand the
//! opponent a win left out, the safe moves ordered by the threats they
//! make, forced wins found without search, the claimeven bound, an opening
//! book, and one table key for mirror images.

use boyi::{Game, Known, Step, StepOf, Turn};

use super::book::Book;
use super::{Board, Connect4, Shape};

impl<S: Shape> Connect4<S> {
    /// From how many empty cells the second player's replies are each
    /// checked for a claimeven bound (see `search_moves`).
    const CLAIMEVEN_REPLIES_EMPTY: i32 = 18;

    /// The same board with an opening book consulted by the search.
    pub fn with_book(mut self, book: std::sync::Arc<Book>) -> Result<Self, crate::Error> {
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

    /// An upper bound on the first player's score, on a board of even height
    /// with the first player to move, from the second player's "claimeven"
    /// strategy: answer every move directly above it (and a move onto a
    /// cell of an even row, possible only in a column holding an odd number
    /// of stones, with the same in another such column; there is an even
    /// number of them). The second player then gets every empty even-row
    /// cell not playable now, and the first player at most the other cells.
    /// If no four fits in those, or each that does has a four of the second
    /// player's cells below it (complete first), the first player cannot
    /// win (bound 0). If moreover the second player's cells hold a four,
    /// that four gets completed and the first player loses, at the latest
    /// once every cell is filled that can be filled while one of the four's
    /// cells is still empty. Otherwise nothing is learnt. Fours that come
    /// too late, in both this bound and the next: the empty board, weak,
    /// one thread, 182 M nodes without, 116 M with.
    pub(super) fn claimeven_bound(&self, b: &Board, playable: u64) -> i32 {
        let theirs = (b.cur ^ b.mask) | (self.even_rows & !b.mask & !playable & self.board);
        let mine = self.board & !theirs;
        if self.has_four(mine) && !self.all_preceded(mine, theirs, b.mask) {
            return i32::MAX;
        }
        let Some(last) = self.latest_completion(theirs, b.mask) else { return 0 };
        // The second player places the even-numbered stones.
        let n = (last - last % 2) as i32;
        -((self.cells() as i32 + 2 - n) / 2)
    }

    /// `claimeven_bound` of the board after the second player drops
    /// `stone` on `b`, with `evens` the even-row cells of `b` that are
    /// empty and not playable: only the cell above `stone` changes hands.
    pub(super) fn claimeven_after(&self, b: &Board, stone: u64, evens: u64) -> i32 {
        let theirs = b.cur | stone | (evens & !(stone << 1));
        let mine = self.board & !theirs;
        let filled = b.mask | stone;
        if self.has_four(mine) && !self.all_preceded(mine, theirs, filled) {
            return i32::MAX;
        }
        let Some(last) = self.latest_completion(theirs, filled) else { return 0 };
        let n = (last - last % 2) as i32;
        -((self.cells() as i32 + 2 - n) / 2)
    }

    /// An upper bound on the second player's score, on a board of even
    /// height with the second player to move, from the first player's
    /// "follow-up" strategy: answer every move directly above it. A column
    /// with an even number of empty cells pairs them up from the bottom, so
    /// the second player gets those on odd rows and the first player those
    /// on even rows. There is an odd number of columns with an odd number of
    /// empty cells; their pairs start on an even row, so the first player
    /// gets their odd-row cells, and only their top cells have no partner.
    /// When the second player takes such a top cell, the first player plays
    /// in another such column instead (never the one below), flipping its
    /// pairs; so in all of them but one, column `c`, the second player may
    /// get any cell. If the first player's stones with `c`'s odd-row cells
    /// hold a four (an odd threat), it is complete once `c` is filled below
    /// its top. If moreover the second player's stones with the cells it may
    /// get hold no four, or only fours with such a four of the first
    /// player's below them, the first player wins, at the latest when every
    /// cell is filled that can be while one of that four's cells is empty.
    /// Otherwise nothing is learnt (`i32::MAX`). Connect Four's empty board,
    /// one thread: weak 176 M nodes without this bound, 165 M with one such
    /// column only, 152 M with any number.
    pub(super) fn follow_up_bound(&self, b: &Board, playable: u64) -> i32 {
        let odd_columns = playable & self.even_rows;
        let empty = self.board & !b.mask;
        let odd_empty = empty & !self.even_rows;
        let firsts = b.cur ^ b.mask;
        let in_odd_columns = self.filled_up(odd_columns, empty);
        if !self.has_four(firsts | (in_odd_columns & odd_empty)) {
            return i32::MAX;
        }
        let top = self.board & !(self.board >> 1);
        let mut best = i32::MAX;
        let mut rest = odd_columns;
        while rest != 0 {
            let column = self.filled_up(rest & rest.wrapping_neg(), empty);
            rest &= rest - 1;
            let firsts = firsts | (odd_empty & column);
            if !self.has_four(firsts) {
                continue;
            }
            // `c`'s top cell is the second player's, but too late to matter.
            let seconds =
                b.cur | (odd_empty & !in_odd_columns) | (self.even_rows & column & !top) | (in_odd_columns & !column);
            if self.has_four(seconds) && !self.all_preceded(seconds, firsts, b.mask) {
                continue;
            }
            let Some(last) = self.latest_completion(firsts, b.mask) else { continue };
            // The first player places the odd-numbered stones.
            let n = (last.max(1) - 1) | 1;
            best = best.min(-((self.cells() as i32 + 2 - n as i32) / 2));
        }
        best
    }

    /// Whether every four inside `late` comes too late: the cells below
    /// its cells in their columns, with the `filled` ones, hold a four of
    /// `early`. Below a cell everything is filled before it is, so when
    /// each side is sure of its cells, `early`'s four is complete first.
    fn all_preceded(&self, late: u64, early: u64, filled: u64) -> bool {
        let h = self.height();
        let stride = h + 1;
        // The bottom cells of four neighbouring columns.
        let bases = 1 | 1 << stride | 1 << (2 * stride) | 1 << (3 * stride);
        [1, stride, h, h + 2].into_iter().all(|s| {
            let mut starts = late & (late >> s) & (late >> (2 * s)) & (late >> (3 * s));
            let cells = 1 | 1 << s | 1 << (2 * s) | 1 << (3 * s);
            while starts != 0 {
                let p = starts.trailing_zeros();
                starts &= starts - 1;
                let base = p - p % stride;
                // A vertical four: the cells below its lowest. Otherwise one
                // cell a column: each minus its column's bottom cell is the
                // cells below it, and no column borrows from the next.
                let below = if s == 1 { (1u64 << p) - (1u64 << base) } else { (cells << p) - (bases << base) };
                if !self.has_four(early & (filled | below)) {
                    return false;
                }
            }
            true
        })
    }

    /// The cells of `empty` at and above those of `from` in their columns:
    /// the empty cells of a column are the ones above its playable cell, and
    /// the row above the top, never empty, stops the fill.
    #[inline]
    fn filled_up(&self, from: u64, mut empty: u64) -> u64 {
        let mut cells = from;
        let mut step = 1;
        while step < self.height() {
            cells |= empty & (cells << step);
            empty &= empty << step;
            step *= 2;
        }
        cells
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
    fn order_safe_moves(&self, b: &Board, safe: u64, threats: u64, out: &mut Vec<u8>) -> bool {
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
        if self.height().is_multiple_of(2) {
            if moves % 2 == 0 {
                if hi > -1 {
                    hi = hi.min(self.claimeven_bound(b, possible));
                }
            } else {
                hi = hi.min(self.follow_up_bound(b, possible));
                // Each reply that leaves the first player only a draw or a
                // loss by claimeven is a lower bound. Far from the end it
                // pays: the empty board, one thread, exact 162 M nodes and
                // 12.5 s without, 130 M and 10.5 s with (105 M, 10.3 s
                // from any number of empty cells), weak 116 M and 9.0 s
                // against 90 M and 7.3 s. Near the end the nodes it saves
                // are cheap: the first 300 of L2_R2 1.22 ms a position
                // without, 1.41 from any number.
                if lo < hi && cells - moves >= Self::CLAIMEVEN_REPLIES_EMPTY {
                    let evens = self.even_rows & empty & !possible;
                    let mut rest = safe;
                    while rest != 0 && lo < hi {
                        let stone = rest & rest.wrapping_neg();
                        rest &= rest - 1;
                        let bound = self.claimeven_after(b, stone, evens);
                        if bound != i32::MAX {
                            lo = lo.max(-bound);
                        }
                    }
                }
            }
        }
        if lo >= hi {
            return Known::Exact(hi);
        }
        // Searched moves come best first, and a move after which the
        // opponent cannot stop our next stone ends the search: no win comes
        // sooner. Without one, we cannot win with our second stone either.
        let win_second = (cells - 1 - moves) / 2;
        if !self.order_safe_moves(b, safe, threats, out) {
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

    /// Positions with 20 empty cells or fewer go to the small table near
    /// the leaves. One thread: first 40 of L1_R2 35.6–37.0 against
    /// 39.7–41.3 ms a position, the empty board's weak solve 12.3–12.5
    /// against 14.7–14.8 s (182 M nodes against 152 M); from 17 empty
    /// cells 36.8–39.4 ms and 13.0–13.3 s; from 24, 34.6 ms on L1_R2.
    fn near_leaves(&self, b: &Board) -> bool {
        b.moves + 20 >= self.cells()
    }

    /// Checking every child for a cutoff pays where subtrees are large: it
    /// waits for every child's table bucket, most of a node's time. With
    /// 18 empty cells or more, against 12 or more: 11 % more nodes, 13–16 %
    /// less time a position on one thread (first 40 of L1_R2 38.7 against
    /// 45.8 ms, first 6 of L1_R3 0.90 against 1.05 s; from 18 to 22 the
    /// same, 25 slower); the first 300 of L2_R2 the same.
    fn etc_worthwhile(&self, b: &Board) -> bool {
        b.moves + 18 < self.cells()
    }

    /// Threads split the moves of the positions where cutoffs are checked
    /// (more than 18 empty cells). Below that most positions live in the table
    /// near the leaves, subtrees are small, and marking each node busy and
    /// checking its moves cost more than splitting them saved: two threads
    /// against one (`bench --scaling --runs 3`, first 40 of L1_R2, two
    /// sittings) 1.53, 1.54 from 18 against 1.48, 1.42 from 12 (1.41, 1.39
    /// from 8; 1.45, 1.47 from 23); the empty board on two threads, whole
    /// process, 0.88 of the time from 12, exact and weak alike. (Before the
    /// table near the leaves, splitting from 12 was the faster.)
    fn split_worthwhile(&self, b: &Board) -> bool {
        self.etc_worthwhile(b)
    }

    fn scores_count_moves(&self) -> bool {
        true
    }
}
