//! How many moves one side of a Domineering position is sure of, and the
//! most the other can make while she keeps to a plan: where the first
//! outnumbers the second, who wins is known without a search.
//!
//! The kinds of room are Bullock's (Obsequi, 2002: safe moves, protective
//! areas, vulnerable moves); the counting below is boyi's own, argued here.
//! Call the player whose reserve is counted "she" and her opponent "he".
//!
//! - A **safe slot**: two empty cells along her axis, neither with an
//!   empty cell beside it across her axis. He can never cover them.
//! - A **protective area**: a 2×2 empty block whose four cells have no
//!   empty cell beyond the block across her axis ("walls"). His only
//!   dominoes touching it lie inside it (two), and hers inside it are two.
//!   If he plays inside one area of a pair she answers in the other: she
//!   gets that area's two slots (the second becomes safe), he at most his
//!   two in the first. So a pair of areas is two moves of hers, and of his
//!   runs across them (four moves counted) he gets at most two.
//! - A **vulnerable slot**: two empty cells along her axis he could cover.
//!   Slots are chosen so that no domino of his touches two of them; in a
//!   pair, when he spoils one she takes the other. A pair is one move of
//!   hers, and of its cells he covers at most those of one slot. Every
//!   vulnerable slot has a cell he can reach (the safe slots are taken
//!   first, and a run of safe cells leaves at most its last cell over),
//!   so a pair keeps at least one cell from him. An area left over from
//!   pairing is one more vulnerable slot (counted as keeping two of its
//!   cells from him, fewer than it does).
//!
//! All kinds are disjoint and a move of his spoils at most one of them, so
//! she answers every spoiling move at once and plays her own room
//! otherwise. Her sure moves are counted that way; his most are the fewer
//! of (a) his runs' ⌊n/2⌋ less what the areas keep from him and (b) half
//! the cells he can reach less those the plan keeps from him. Both caps
//! hold at every moment of the game, which is what the race needs: the
//! player to move wins if her sure moves outnumber his most; she loses if
//! his sure moves (he moving second) are at least her most.
//!
//! Moving first, she may also claim one thing at once: a whole area (both
//! its slots are hers) or a vulnerable slot; each choice is counted and
//! the best kept.

use super::Region;

/// One player's directions: her dominoes lie along, his across.
#[derive(Clone, Copy)]
struct Frame {
    w: u32,
    full: u128,
    first: u128,
    last: u128,
    vertical: bool,
}

impl Frame {
    fn new(r: &Region, vertical: bool) -> Frame {
        Frame { w: u32::from(r.w), full: r.full(), first: r.first_column(), last: r.last_column(), vertical }
    }

    fn down(&self, x: u128) -> u128 {
        x.checked_shl(self.w).unwrap_or(0) & self.full
    }

    fn up(&self, x: u128) -> u128 {
        x.checked_shr(self.w).unwrap_or(0)
    }

    fn right(&self, x: u128) -> u128 {
        (x & !self.last) << 1
    }

    fn left(&self, x: u128) -> u128 {
        (x & !self.first) >> 1
    }

    /// Every cell of `x` one step along her dominoes (down or right).
    fn along(&self, x: u128) -> u128 {
        if self.vertical {
            self.down(x)
        } else {
            self.right(x)
        }
    }

    fn along_back(&self, x: u128) -> u128 {
        if self.vertical {
            self.up(x)
        } else {
            self.left(x)
        }
    }

    fn across(&self, x: u128) -> u128 {
        if self.vertical {
            self.right(x)
        } else {
            self.down(x)
        }
    }

    fn across_back(&self, x: u128) -> u128 {
        if self.vertical {
            self.left(x)
        } else {
            self.up(x)
        }
    }

    /// Disjoint slots along her axis among `cells`, greedily from the
    /// lowest cell (⌊n/2⌋ of a run of n, the most it holds), and the cells
    /// they take: the tops are the run's cells at even distance from its
    /// start that have a next cell, found for all runs at once.
    fn slots(&self, cells: u128) -> (u32, u128) {
        let has_next = cells & self.along_back(cells);
        let mut even = cells & !self.along(cells);
        loop {
            let grown = even | (self.along(self.along(even & has_next) & has_next) & cells);
            if grown == even {
                break;
            }
            even = grown;
        }
        let tops = even & has_next;
        (tops.count_ones(), tops | self.along(tops))
    }
}

/// What one player can count on, under one plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reserve {
    /// Moves she is sure to be able to make, whatever he does.
    pub sure: u32,
    /// The most moves he can make while she keeps to the plan.
    pub their_most: u32,
}

/// The room one player has, counted once and shared by the plans.
struct Room {
    safe: u32,
    areas: u32,
    /// Vulnerable slots all of whose cells he can reach, and the others.
    full: u32,
    part: u32,
    /// His most moves by runs, and the cells he can reach.
    runs: u32,
    reach: u32,
}

impl Room {
    fn count(r: &Region, vertical: bool) -> Room {
        let f = Frame::new(r, vertical);
        let e = r.empty;
        let his = e & (f.across(e) | f.across_back(e));
        let (safe, mut used) = f.slots(e & !his);

        let along_e = f.along_back(e);
        let beyond = f.across_back(f.across_back(e));
        let mut corners = e
            & along_e
            & f.across_back(e)
            & f.across_back(along_e)
            & !f.across(e)
            & !f.along_back(f.across(e))
            & !beyond
            & !f.along_back(beyond);
        let mut areas = 0;
        while corners != 0 {
            let x = corners & corners.wrapping_neg();
            corners &= !x;
            let block = x | f.along(x) | f.across(x) | f.along(f.across(x));
            if block & used == 0 {
                used |= block;
                areas += 1;
            }
        }

        let mut tops = e & along_e & !used & !f.along_back(used);
        let (mut slots, mut full, mut part) = (0u128, 0, 0);
        while tops != 0 {
            let x = tops & tops.wrapping_neg();
            tops &= !x;
            let s = x | f.along(x);
            if s & used != 0 || (s | f.across(s) | f.across_back(s)) & slots != 0 {
                continue;
            }
            used |= s;
            slots |= s;
            if s & his == s {
                full += 1;
            } else {
                part += 1;
            }
        }
        let runs = Frame { vertical: !vertical, ..f }.slots(e).0;
        Room { safe, areas, full, part, runs, reach: his.count_ones() }
    }

    /// The reserve when she keeps `areas` areas in pairs, holds `claimed`
    /// moves already (and keeps `kept` cells from him by them), and pairs
    /// `full` and `part` vulnerable slots.
    fn plan(&self, areas: u32, full: u32, part: u32, claimed: u32, kept: u32, runs_kept: u32) -> Reserve {
        let pairs = areas / 2;
        let (full, part) = (full + areas % 2, part);
        // fulls with fulls (he covers at most 2 of 4 cells), parts with
        // parts (at most 1 of 2... of 3 or 2), and one mixed pair
        let vulnerable = (full + part) / 2;
        let mixed = u32::from(full % 2 == 1 && part % 2 == 1);
        let vulnerable_kept = (full / 2) * 2 + part / 2 + mixed;
        let sure = self.safe + 2 * pairs + vulnerable + claimed;
        let by_runs = self.runs.saturating_sub(2 * pairs + runs_kept);
        let by_cells = self.reach.saturating_sub(4 * pairs + vulnerable_kept + kept) / 2;
        Reserve { sure, their_most: by_runs.min(by_cells) }
    }
}

/// Her reserve (`vertical`: she places vertical dominoes) when she is to
/// move (`first`, the best of her plans) or not.
pub(super) fn reserve(r: &Region, vertical: bool, first: bool) -> Reserve {
    let room = Room::count(r, vertical);
    let mut best = room.plan(room.areas, room.full, room.part, 0, 0, 0);
    if !first {
        return best;
    }
    let margin = |x: &Reserve| i64::from(x.sure) - i64::from(x.their_most);
    let mut consider = |x: Reserve| {
        if margin(&x) > margin(&best) {
            best = x;
        }
    };
    if room.areas > 0 {
        // both slots of one area: his two runs there and its four cells gone
        consider(room.plan(room.areas - 1, room.full, room.part, 2, 4, 2));
    }
    if room.full > 0 {
        consider(room.plan(room.areas, room.full - 1, room.part, 1, 2, 0));
    }
    if room.part > 0 {
        consider(room.plan(room.areas, room.full, room.part - 1, 1, 1, 0));
    }
    best
}

/// How a position stands for the vertical player (`vertical`) or the
/// other: her most moves and safe moves less his. The search tries first
/// the moves that leave the mover best standing (Obsequi's ordering;
/// counting placements instead of disjoint moves searched 2.7 times as
/// many positions of 7x7).
pub(super) fn standing(r: &Region, vertical: bool) -> i64 {
    let count = |v: bool| {
        let f = Frame::new(r, v);
        let e = r.empty;
        let safe = e & !(f.across(e) | f.across_back(e));
        i64::from(f.slots(e).0) + i64::from(f.slots(safe).0)
    };
    count(vertical) - count(!vertical)
}

/// ⌊n/2⌋ summed over the runs of a line's bits: the most disjoint
/// dominoes along it.
fn line_pairs(bits: u16) -> u8 {
    LINE_PAIRS[bits as usize]
}

/// [`line_pairs`] of every line, made when boyi is compiled (64 KiB).
static LINE_PAIRS: [u8; 1 << 16] = {
    let mut table = [0u8; 1 << 16];
    let mut line = 0usize;
    while line < 1 << 16 {
        // greedy from the lowest cell: a cell pairs with the next if empty
        let (mut x, mut n) = (line as u32, 0u8);
        while x != 0 {
            let b = x & x.wrapping_neg();
            x &= !b;
            if x & (b << 1) != 0 {
                x &= !(b << 1);
                n += 1;
            }
        }
        table[line] = n;
        line += 1;
    }
    table
};

/// The lines of a board up to 16×16: `rows[r]` has bit c for empty
/// (r, c), `columns[c]` bit r.
struct Lines {
    rows: [u16; LINES],
    columns: [u16; LINES],
}

/// Sixteen lines and two empty ones either side: a changed line's
/// neighbours' neighbours are read.
const LINES: usize = 20;

impl Lines {
    /// Line k is stored at k + 2.
    fn new(r: &Region) -> Lines {
        let (mut rows, mut columns) = ([0u16; LINES], [0u16; LINES]);
        let w = r.w as usize;
        let mut cells = r.empty;
        while cells != 0 {
            let b = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let (row, column) = (b / w, b % w);
            rows[row + 2] |= 1 << column;
            columns[column + 2] |= 1 << row;
        }
        Lines { rows, columns }
    }
}

/// ⌊n/2⌋ of the runs and of the safe cells' runs of line `k` (stored two
/// slots in), safe cells being those with no empty cell on the lines
/// beside.
fn line_standing(lines: &[u16; LINES], k: usize) -> i32 {
    let safe = lines[k] & !lines[k - 1] & !lines[k + 1];
    i32::from(line_pairs(lines[k])) + i32::from(line_pairs(safe))
}

/// [`line_standing`] of every line.
fn standings(lines: &[u16; LINES]) -> [i32; LINES] {
    let mut out = [0; LINES];
    for (k, o) in out.iter_mut().enumerate().take(LINES - 1).skip(1) {
        *o = line_standing(lines, k);
    }
    out
}

/// Orders the mover's options (`vertical`: Left's) by her standing after
/// each, best first: the order of sorting by `standing`, counted on the
/// lines the move touches and their neighbours (no other count changes).
pub(super) fn order(p: &Region, options: &mut [Region], vertical: bool) {
    if p.h > 16 || p.w > 16 {
        options.sort_by_cached_key(|o| -standing(o, vertical));
        return;
    }
    let lines = Lines::new(p);
    // her lines run along her dominoes: columns for the vertical player
    let (hers, his) = if vertical { (&lines.columns, &lines.rows) } else { (&lines.rows, &lines.columns) };
    let (her_now, his_now) = (standings(hers), standings(his));
    let w = p.w as usize;
    options.sort_by_cached_key(|o| {
        let b = (p.empty & !o.empty).trailing_zeros() as usize;
        let (row, column) = (b / w, b % w);
        // the move covers cells i and i + 1 of her line l (two slots in):
        // lines l - 1 to l + 1 count anew
        let (l, i) = if vertical { (column + 2, row) } else { (row + 2, column) };
        let mut her_after = *hers;
        her_after[l] &= !(3 << i);
        let mine: i32 = (l - 1..=l + 1).map(|k| line_standing(&her_after, k) - her_now[k]).sum();
        // and cell l - 2 of his lines i and i + 1 (slots i + 2 and i + 3):
        // lines i + 1 to i + 4
        let mut his_after = *his;
        his_after[i + 2] &= !(1 << (l - 2));
        his_after[i + 3] &= !(1 << (l - 2));
        let theirs: i32 = (i + 1..=i + 4).map(|k| line_standing(&his_after, k) - his_now[k]).sum();
        theirs - mine
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slots one by one from the lowest cell, as the doc says.
    fn slots_one_by_one(f: &Frame, mut cells: u128) -> (u32, u128) {
        let (mut n, mut taken) = (0, 0);
        while cells != 0 {
            let b = cells & cells.wrapping_neg();
            cells &= !b;
            let next = f.along(b);
            if cells & next != 0 {
                cells &= !next;
                taken |= b | next;
                n += 1;
            }
        }
        (n, taken)
    }

    #[test]
    fn slots_are_found_for_all_runs_at_once() {
        for (h, w) in [(3u8, 4u8), (4, 3), (1, 9), (9, 1), (2, 6)] {
            let r = Region::rectangle(h as usize, w as usize).unwrap();
            for vertical in [true, false] {
                let f = Frame::new(&r, vertical);
                for cells in 0u128..1 << (h as u32 * w as u32) {
                    assert_eq!(f.slots(cells), slots_one_by_one(&f, cells), "{h}x{w} {cells:b} {vertical}");
                }
            }
        }
        let wide = Region::rectangle(8, 16).unwrap();
        for vertical in [true, false] {
            let f = Frame::new(&wide, vertical);
            for seed in 0..2000u128 {
                let cells = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835) ^ (seed << 64);
                assert_eq!(f.slots(cells), slots_one_by_one(&f, cells), "8x16 {cells:b} {vertical}");
            }
        }
    }

    #[test]
    fn moves_are_ordered_as_by_standing() {
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (h, w) in [(8usize, 8usize), (7, 5), (3, 11), (16, 8), (1, 16), (16, 1)] {
            for _ in 0..200 {
                let mut r = Region::rectangle(h, w).unwrap();
                r.empty &= (u128::from(next()) << 64 | u128::from(next())) | u128::from(next());
                for vertical in [true, false] {
                    let mut by_lines = r.placements(vertical);
                    let mut by_board = by_lines.clone();
                    order(&r, &mut by_lines, vertical);
                    by_board.sort_by_cached_key(|o| -standing(o, vertical));
                    assert_eq!(by_lines, by_board, "{r} {vertical}");
                }
            }
        }
    }
}
