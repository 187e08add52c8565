//! The rules, as Gévay & Danner state them for their solutions (and as the
//! catalogue will play them): players place their stones in turn, then move
//! one stone to a neighbouring empty point; a stone that closes a mill of
//! its owner removes one of the opponent's that stands in no mill (any
//! stone when every one does), one stone however many mills it closes;
//! with three stones left (none to place) a player flies, moving to any
//! empty point; a player with fewer than three stones (on the board and to
//! place) or without a move loses; endless play is a draw. In Lasker
//! Morris a player may move a stone instead of placing one. Morabaraba is
//! these rules with twelve stones each on the board with diagonals
//! ([`Board::morabaraba`]); twelve each can fill the board, and a full
//! board, where neither side can move, is a draw.
//!
//! Positions are seen from the side to move (`mine`, `theirs`), so a game
//! and its colours swapped are one position. Tiers are the counts of stones
//! on the board and to place, for the mover and the other: a placement or a
//! capture leaves a tier for good. A move without capture turns the counts
//! round (the other side moves next), so where both sides may move rather
//! than place (none to place, or Lasker's rules; a stone on the board and
//! three in all each) the counts and the counts turned round are one tier,
//! the moves looping inside it; elsewhere each is a tier of its own, and a
//! game has only the tiers its start reaches (a capture only where the
//! mover has the three stones of a mill): in Nine Men's Morris the side to
//! move has as many stones to place as the other or one more, which leaves
//! 2.8·10^10 positions in 305 tiers, where the counts turned round kept in
//! every tier made 6.1·10^10.

use boyi::index::binomial::{Binomial, Combinations, Insertions};
use boyi::index::bitmask::{next_same_popcount, ones};
use boyi::index::bytewise::Bytewise;
use boyi::solve::tiers::{Away, Tiered};
use boyi::{Game, Outcome, Step, StepOf, Turn};

use super::board::Board;
use super::index::Folding;

/// No point: a placement's origin, a move that takes nothing.
pub const NONE: u8 = u8::MAX;

/// A position, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stones {
    pub mine: u32,
    pub theirs: u32,
    /// Stones still to place: the mover's, the other's.
    pub hand: [u8; 2],
}

/// A move: a stone placed (`from` = [`NONE`]) or moved, and the opponent's
/// stone it takes ([`NONE`] when it closes no mill).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shift {
    pub from: u8,
    pub to: u8,
    pub take: u8,
}

/// Stones on the board and to place, the mover's then the other's: a tier
/// as seen from one side.
pub type Counts = [u8; 4];

/// A Morris game: its board, the stones each side places, and its rules.
#[derive(Debug)]
pub struct Morris {
    pub board: Board,
    /// Stones to place at the start: first player's, second player's.
    pub stones: [u8; 2],
    /// A move may be made instead of a placement (Lasker Morris).
    pub lasker: bool,
    /// A tier's boards, one per class of the board's symmetries.
    fold: Folding,
}

impl Morris {
    /// The game on `board` with `stones` to place, a tier's boards ranked
    /// one per class of the board's symmetries.
    pub fn new(board: Board, stones: [u8; 2], lasker: bool) -> Morris {
        let fold = Folding::new(&board, true);
        Morris { board, stones, lasker, fold }
    }

    /// [`Morris::new`] with every board its own slot: what the folded index
    /// is tested against.
    pub fn unfolded(board: Board, stones: [u8; 2], lasker: bool) -> Morris {
        let fold = Folding::new(&board, false);
        Morris { board, stones, lasker, fold }
    }

    /// The board's symmetries the index folds by.
    pub fn folding(&self) -> &Folding {
        &self.fold
    }

    pub fn start(&self) -> Stones {
        Stones { mine: 0, theirs: 0, hand: self.stones }
    }

    /// Whether the mover of `counts` and then the other side may both move
    /// a stone rather than place one (each has one on the board, and
    /// neither is down to two stones): the counts and the counts turned
    /// round are one tier, reached from each other by moves.
    fn loops(&self, counts: Counts) -> bool {
        let [a, b, c, d] = counts;
        (self.lasker || c == 0 && d == 0) && a > 0 && b > 0 && a + c >= 3 && b + d >= 3
    }

    /// The tier a side's view of counts is in, and whether `counts` is that
    /// tier's second view (the counts turned round): a tier where both
    /// sides move is named by the lesser of its two views.
    #[inline]
    pub fn tier_of_counts(&self, counts: Counts) -> (Counts, bool) {
        // compared as one word (the order of the arrays): a rank is taken
        // for every move read, and arrays compared byte by byte stall it
        let key = u32::from_be_bytes(counts);
        let swapped = (key << 8 & 0xff00_ff00) | (key >> 8 & 0x00ff_00ff);
        if swapped < key && self.loops(counts) {
            (swapped.to_be_bytes(), true)
        } else {
            (counts, false)
        }
    }

    fn counts(s: &Stones) -> Counts {
        [s.mine.count_ones() as u8, s.theirs.count_ones() as u8, s.hand[0], s.hand[1]]
    }

    /// The positions of a tier seen from its first side: the classes of its
    /// `a` stones, each with `C(P − a, b)` boards of the other's among the
    /// rest.
    fn boards(&self, t: Counts) -> (u64, Combinations) {
        let p = self.board.points();
        (self.fold.size(t[0] as u32), Combinations::new(p - t[0] as u32, t[1] as u32))
    }

    /// The views of counts a tier holds: its own, and the counts turned
    /// round where both sides move (unless they are the same).
    fn views(&self, t: Counts) -> u64 {
        if self.loops(t) && [t[1], t[0], t[3], t[2]] != t {
            2
        } else {
            1
        }
    }
}

impl Morris {
    /// The opponent's stones a mill closed by the mover may take: those in
    /// no mill, else any.
    fn takeable(&self, s: &Stones) -> u32 {
        let free = s.theirs & !self.board.in_mills(s.theirs);
        if free != 0 {
            free
        } else {
            s.theirs
        }
    }

    /// The mover's placements and moves, each as `each(from, to, after,
    /// takes)`: where from ([`NONE`] for a placement) and to, the mover's
    /// stones after it, and whether it closes a mill that takes one of
    /// `takeable` ([`Morris::takeable`]). The rules of a move, for the
    /// moves and for the tier solver's count of them.
    #[inline]
    fn shifts(&self, s: &Stones, takeable: u32, mut each: impl FnMut(u8, u32, u32, bool)) {
        let on = s.mine.count_ones() as u8;
        if on + s.hand[0] < 3 {
            return;
        }
        let empty = self.board.all() & !(s.mine | s.theirs);
        let mut add =
            |from: u8, to: u32, after: u32| each(from, to, after, takeable != 0 && self.board.in_mill(after, to));
        if s.hand[0] > 0 {
            for to in ones(empty as u64) {
                add(NONE, to, s.mine | 1 << to);
            }
        }
        if s.hand[0] == 0 || self.lasker {
            let flying = on == 3 && s.hand[0] == 0;
            for from in ones(s.mine as u64) {
                let reach = if flying { empty } else { self.board.adjacent[from as usize] & empty };
                for to in ones(reach as u64) {
                    add(from as u8, to, (s.mine & !(1 << from)) | 1 << to);
                }
            }
        }
    }
}

/// The ranks of a position's placements that take nothing, each in a few
/// steps: every such child has the stones of the side that did not move as
/// its first side (one class, one symmetry to fold by) and the mover's with
/// one stone more ([`Insertions`]).
struct Placings {
    tier: Counts,
    /// The first rank of the class's boards.
    base: u64,
    views: u64,
    symmetry: usize,
    /// The points the class's least board leaves.
    free: u32,
    ranks: Insertions,
}

impl Placings {
    /// The board, in its tier's first view, a placement at `to` leads to.
    fn board(&self, fold: &Folding, to: u32) -> u64 {
        let p = fold.point(self.symmetry, to);
        self.base + self.ranks.rank_with((self.free & ((1 << p) - 1)).count_ones())
    }

    fn rank(&self, fold: &Folding, to: u32) -> u64 {
        self.board(fold, to) * self.views
    }
}

/// The ranks of a position's moves that take nothing and leave the
/// stones of the side that did not move as the first side of the child's
/// tier (one class, one symmetry to fold by): the mover's stones squeezed
/// once, each move a stone out and a stone in before its colex rank.
struct Steps {
    /// The first rank of the class's boards.
    base: u64,
    views: u64,
    symmetry: usize,
    /// The points the class's least board leaves.
    free: u32,
    /// The mover's stones, moved by the symmetry, squeezed onto `free`.
    squeezed: u32,
}

impl Steps {
    fn rank(&self, fold: &Folding, from: u32, to: u32) -> u64 {
        let place = |p: u32| (self.free & ((1 << fold.point(self.symmetry, p)) - 1)).count_ones();
        let moved = (self.squeezed & !(1 << place(from))) | 1 << place(to);
        (self.base + Bytewise::shared().rank(moved)) * self.views
    }
}

impl Morris {
    /// The rank in tier `t`, in its first view, of the board of `t[0]`
    /// stones of class `class` (`least` its least board) and the other
    /// side's stones `y` folded by the symmetry that makes them so.
    #[inline]
    fn first_view_rank(&self, t: Counts, class: u64, least: u32, y: u32) -> u64 {
        // `y`'s rank among the points the least board leaves
        let board = class * self.seconds(t) + rank_among(y, least, self.board.all());
        board * self.views(t)
    }

    /// The boards of the other side's stones beside each class of the first
    /// side's in tier `t`.
    fn seconds(&self, t: Counts) -> u64 {
        Binomial::shared().get(self.board.points() - t[0] as u32, t[1] as u32)
    }

    /// Board `board` of tier `t`'s first view: the first side's stones and
    /// the other's, unranked alone (the solver's runs of ranks untouched).
    fn board_at(&self, t: Counts, board: u64) -> (u32, u32) {
        let (_, second) = self.boards(t);
        let x = self.fold.unrank(t[0] as u32, board / second.size());
        let y = Bytewise::shared().spread(second.unrank(board % second.size()) as u32, self.board.all() & !x);
        (x, y)
    }

    /// [`Placings`] of `s` into `child`'s counts, where they are its tier's
    /// first view and the other side's stones have no symmetry of their
    /// own (else each placement is ranked alone).
    fn placings(&self, s: &Stones, child: Counts) -> Option<Placings> {
        let (tier, swapped) = self.tier_of_counts(child);
        if swapped {
            return None;
        }
        let (class, least, symmetry) = self.fold.only_symmetry(child[0] as u32, s.theirs)?;
        let free = self.board.all() & !least;
        let placed = Bytewise::shared().squeeze(self.fold.image(symmetry, s.mine), free);
        Some(Placings {
            tier,
            base: class * self.seconds(tier),
            views: self.views(tier),
            symmetry,
            free,
            ranks: Insertions::new(placed as u64),
        })
    }
}

impl Morris {
    /// [`Steps`] of `s`, where the steps' children are their tier's first
    /// view and the other side's stones have no symmetry of their own.
    fn steps(&self, s: &Stones) -> Option<Steps> {
        let [a, b, c, d] = Self::counts(s);
        let (tier, swapped) = self.tier_of_counts([b, a, d, c]);
        if swapped || a == 0 {
            return None;
        }
        let (class, least, symmetry) = self.fold.only_symmetry(b as u32, s.theirs)?;
        let free = self.board.all() & !least;
        Some(Steps {
            base: class * self.seconds(tier),
            views: self.views(tier),
            symmetry,
            free,
            squeezed: Bytewise::shared().squeeze(self.fold.image(symmetry, s.mine), free),
        })
    }

    /// The ranks of the children of `s`'s move to `after` (the mover's
    /// stones, one placed or moved: `hand` the stones to place after it)
    /// that closes a mill, one for each stone of `takeable` it may take.
    /// `taken` keeps, by the stone taken, the class of the stones left:
    /// the same for every mill `s`'s moves close.
    fn captures(
        &self,
        s: &Stones,
        after: u32,
        hand: [u8; 2],
        takeable: u32,
        taken: &mut TakenClasses,
        mut each: impl FnMut(Counts, u64),
    ) {
        let left_count = s.theirs.count_ones() - 1;
        for t in ones(takeable as u64) {
            let child = Stones { mine: s.theirs & !(1 << t), theirs: after, hand };
            let (tier, swapped) = self.tier_of_counts(Self::counts(&child));
            let left = *taken[t as usize].get_or_insert_with(|| self.fold.only_symmetry(left_count, child.mine));
            let rank = match (swapped, left) {
                (false, Some((class, least, sym))) => {
                    self.first_view_rank(tier, class, least, self.fold.image(sym, after))
                }
                _ => self.rank_in(tier, &child),
            };
            each(tier, rank);
        }
    }
}

/// By the stone a capture takes, the class of the stones it leaves (class,
/// least board, symmetry; `None` when that board is symmetric), filled in
/// the first time a stone is taken.
type TakenClasses = [Option<Option<(u64, u32, usize)>>; 32];

/// The rank of `stones` among the boards of as many stones on the points
/// not in `gaps`: their colex rank with the gaps squeezed out.
#[inline]
fn rank_among(stones: u32, gaps: u32, all: u32) -> u64 {
    let bytes = Bytewise::shared();
    bytes.rank(bytes.squeeze(stones, all & !gaps))
}

thread_local! {
    /// The last board a thread unranked: its folding and tier, the rank of
    /// the other side's stones among its class's boards, and them squeezed.
    static LAST_UNRANKED: std::cell::Cell<(u64, u64, u64)> = const { std::cell::Cell::new((0, 0, 0)) };
}

impl Game for Morris {
    type Pos = Stones;
    type Move = Shift;
    type Value = Outcome;

    fn moves(&self, s: &Stones, out: &mut Vec<Shift>) {
        let takeable = self.takeable(s);
        self.shifts(s, takeable, |from, to, _, takes| {
            if takes {
                for t in ones(takeable as u64) {
                    out.push(Shift { from, to: to as u8, take: t as u8 });
                }
            } else {
                out.push(Shift { from, to: to as u8, take: NONE });
            }
        });
    }

    fn play(&self, s: &Stones, mv: Shift) -> StepOf<Self> {
        let mut mine = s.mine | 1 << mv.to;
        let mut hand = s.hand[0];
        if mv.from == NONE {
            hand -= 1;
        } else {
            mine &= !(1 << mv.from);
        }
        let theirs = if mv.take == NONE { s.theirs } else { s.theirs & !(1 << mv.take) };
        Step { pos: Stones { mine: theirs, theirs: mine, hand: [s.hand[1], hand] }, reward: (), turn: Turn::Pass }
    }

    /// Fewer than three stones, or no move: lost; but a full board (twelve
    /// stones each placed without a mill: Morabaraba) is a draw.
    fn terminal(&self, s: &Stones) -> Outcome {
        let full = s.mine | s.theirs == self.board.all();
        if full && s.mine.count_ones() + s.hand[0] as u32 >= 3 {
            Outcome::Draw
        } else {
            Outcome::Lose(0)
        }
    }
}

impl Tiered for Morris {
    type Tier = Counts;

    /// The tiers the start reaches.
    fn tiers(&self) -> Vec<Counts> {
        let start = self.tier_of_counts(Self::counts(&self.start())).0;
        let mut seen = std::collections::BTreeSet::from([start]);
        let mut todo = vec![start];
        while let Some(t) = todo.pop() {
            for c in self.child_tiers(t) {
                if seen.insert(c) {
                    todo.push(c);
                }
            }
        }
        seen.into_iter().collect()
    }

    fn child_tiers(&self, t: Counts) -> Vec<Counts> {
        let mut out = Vec::new();
        let views = [t, [t[1], t[0], t[3], t[2]]];
        for &[a, b, c, d] in &views[..self.views(t) as usize] {
            if a + c < 3 {
                continue;
            }
            // a capture closes a mill: three of the mover's stones on the board
            let mut after = Vec::new();
            if c > 0 {
                after.push([b, a + 1, d, c - 1]);
                if b > 0 && a + 1 >= 3 {
                    after.push([b - 1, a + 1, d, c - 1]);
                }
            }
            if (c == 0 || self.lasker) && a > 0 {
                after.push([b, a, d, c]);
                if b > 0 && a >= 3 {
                    after.push([b - 1, a, d, c]);
                }
            }
            for counts in after {
                if (counts[0] + counts[1]) as u32 <= self.board.points() {
                    let tier = self.tier_of_counts(counts).0;
                    if tier != t && !out.contains(&tier) {
                        out.push(tier);
                    }
                }
            }
        }
        out
    }

    fn tier_size(&self, t: Counts) -> u64 {
        let (first, second) = self.boards(t);
        first * second.size() * self.views(t)
    }

    fn tier_of(&self, s: &Stones) -> Counts {
        self.tier_of_counts(Self::counts(s)).0
    }

    fn rank_in(&self, t: Counts, s: &Stones) -> u64 {
        // `s` is in `t`: in its second view where its counts are not `t`'s
        let swapped = u32::from_be_bytes(Self::counts(s)) != u32::from_be_bytes(t);
        let (x, y) = if swapped { (s.theirs, s.mine) } else { (s.mine, s.theirs) };
        let (class, least, y) = self.fold.fold_rank(t[0] as u32, x, y);
        self.first_view_rank(t, class, least, y) + swapped as u64
    }

    fn unrank_in(&self, t: Counts, rank: u64) -> Stones {
        let (_, second) = self.boards(t);
        let (board, swapped) = if self.views(t) == 2 { (rank / 2, rank % 2 == 1) } else { (rank, false) };
        let (class, within) = (board / second.size(), board % second.size());
        let x = self.fold.unrank(t[0] as u32, class);
        // the solver reads a tier's ranks in runs: the next board of the
        // other side's stones is the next mask of as many ones
        let key = (self.fold.id() as u64) << 32 | u32::from_be_bytes(t) as u64;
        let (last_key, last, squeezed) = LAST_UNRANKED.get();
        let squeezed = if last_key == key && within == last {
            squeezed
        } else if last_key == key && within == last + 1 {
            next_same_popcount(squeezed)
        } else {
            second.unrank(within)
        };
        LAST_UNRANKED.set((key, within, squeezed));
        let y = Bytewise::shared().spread(squeezed as u32, self.board.all() & !x);
        if swapped {
            Stones { mine: y, theirs: x, hand: [t[3], t[2]] }
        } else {
            Stones { mine: x, theirs: y, hand: [t[2], t[3]] }
        }
    }

    /// Every slot is its position's own unless the first side's stones are
    /// symmetric (a board with a symmetry of its own keeps slots for the
    /// other side's images).
    fn own_slot(&self, t: Counts, rank: u64, s: &Stones) -> bool {
        let second_view = u32::from_be_bytes(Self::counts(s)) != u32::from_be_bytes(t);
        let first = if second_view { s.theirs } else { s.mine };
        !self.fold.symmetric(t[0] as u32, first) || self.rank_in(t, s) == rank
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    /// Only a tier where both sides move (or, in Lasker, may move) keeps
    /// moves inside it: a placement or a capture changes the counts.
    fn moves_stay(&self, t: Counts) -> bool {
        self.loops(t)
    }

    /// Moves inside a tier are steps (or flights) that take nothing: the
    /// side that moved last is `theirs` now, one of its stones back to an
    /// empty point it could have come from, where the step closed no mill
    /// that takes (one of the mover's stones was there to take).
    fn unmoves_in_tier(&self, s: &Stones, out: &mut Vec<Stones>) {
        let (on, hand) = (s.theirs.count_ones() as u8, s.hand[1]);
        if on + hand < 3 || !self.loops(Self::counts(s)) {
            return;
        }
        let flying = on == 3 && hand == 0;
        let empty = self.board.all() & !(s.mine | s.theirs);
        for to in ones(s.theirs as u64) {
            if s.mine != 0 && self.board.in_mill(s.theirs, to) {
                continue;
            }
            let reach = if flying { empty } else { self.board.adjacent[to as usize] & empty };
            for from in ones(reach as u64) {
                let before = (s.theirs & !(1 << to)) | 1 << from;
                out.push(Stones { mine: before, theirs: s.mine, hand: [s.hand[1], s.hand[0]] });
            }
        }
    }

    /// A move inside a tier takes nothing, so its child is the stones that
    /// did not move and the mover's moved: two such children share a slot
    /// only where a symmetry maps one to the other, and such a symmetry
    /// keeps the stones that did not move. No symmetry keeps them unless
    /// they have one of their own (a few classes in a thousand). Where
    /// both sides do not move (placements) no move stays in the tier.
    fn moves_in_tier_distinct(&self, s: &Stones) -> bool {
        !self.loops(Self::counts(s)) || !self.fold.symmetric(s.theirs.count_ones(), s.theirs)
    }

    /// The moves without a capture that stay in the tier are counted, not
    /// made: in a tier where both sides move they are most of a position's
    /// moves. Placements that take nothing are ranked together
    /// ([`Placings`]).
    fn moves_out(&self, tier: Counts, s: &Stones, away: &mut Vec<Away<Counts>>) -> Option<u32> {
        let takeable = self.takeable(s);
        let [a, b, c, d] = Self::counts(s);
        let steps_stay = self.tier_of_counts([b, a, d, c]).0 == tier;
        let placings = if c > 0 { self.placings(s, [b, a + 1, d, c - 1]) } else { None };
        let mut inside = 0;
        let mut taken = [None; 32];
        let choosing = placings.as_ref().filter(|p| self.choice_tier(tier).is_some_and(|(c, _)| c == p.tier));
        self.shifts(s, takeable, |from, to, after, takes| {
            let hand = [s.hand[1], s.hand[0] - (from == NONE) as u8];
            let ranked = |child: Stones| {
                let t = self.tier_of(&child);
                (t, self.rank_in(t, &child))
            };
            if let (true, NONE, Some(placings)) = (takes, from, choosing) {
                // the stone to take is the mover's choice, the same from every
                // position whose placement closes a mill of these stones
                away.push(Away::Choice(placings.tier, placings.board(&self.fold, to)));
            } else if takes {
                self.captures(s, after, hand, takeable, &mut taken, |t, rank| away.push(Away::To(t, rank)));
            } else if from != NONE && steps_stay {
                inside += 1;
            } else if let (NONE, Some(placings)) = (from, &placings) {
                away.push(Away::To(placings.tier, placings.rank(&self.fold, to)));
            } else {
                let (tier, rank) = ranked(Stones { mine: s.theirs, theirs: after, hand });
                away.push(Away::To(tier, rank));
            }
        });
        Some(inside)
    }

    /// Placements that take nothing ranked together ([`Placings`]), as are
    /// captures (the stones left the same for every mill closed); steps
    /// that stay in the tier are left for later, each named by its points
    /// ([`Morris::rank_later`]).
    fn children(&self, tier: Counts, s: &Stones, out: &mut Vec<(Counts, u64)>, later: &mut Vec<u32>) -> bool {
        let takeable = self.takeable(s);
        let [a, b, c, d] = Self::counts(s);
        let placings = if c > 0 { self.placings(s, [b, a + 1, d, c - 1]) } else { None };
        let steps_stay = self.tier_of_counts([b, a, d, c]).0 == tier;
        let mut taken = [None; 32];
        self.shifts(s, takeable, |from, to, after, takes| {
            let hand = [s.hand[1], s.hand[0] - (from == NONE) as u8];
            if takes {
                self.captures(s, after, hand, takeable, &mut taken, |t, rank| out.push((t, rank)));
            } else if let (NONE, Some(placings)) = (from, &placings) {
                out.push((placings.tier, placings.rank(&self.fold, to)));
            } else if from != NONE && steps_stay {
                later.push(from as u32 | to << 8);
            } else {
                let child = Stones { mine: s.theirs, theirs: after, hand };
                let t = self.tier_of(&child);
                out.push((t, self.rank_in(t, &child)));
            }
        });
        true
    }

    /// A step that takes nothing, from point `later & 0xff` to `later >> 8`,
    /// ranked as its siblings would be ([`Steps`]) where the other side's
    /// stones have no symmetry of their own.
    fn rank_later(&self, tier: Counts, s: &Stones, later: u32) -> u64 {
        let (from, to) = (later & 0xff, later >> 8);
        match self.steps(s) {
            Some(steps) => steps.rank(&self.fold, from, to),
            None => {
                let child =
                    Stones { mine: s.theirs, theirs: (s.mine & !(1 << from)) | 1 << to, hand: [s.hand[1], s.hand[0]] };
                self.rank_in(tier, &child)
            }
        }
    }

    /// A placement that closes a mill leads to a choice of the stone to
    /// take, named by the board after the placement with the other side
    /// to move: a board of the tier a placement that takes nothing leads to
    /// (the same board), in that tier's first view. Only where `t` has one
    /// view and the placement's counts are that first view ([`Placings`]).
    fn choice_tier(&self, t: Counts) -> Option<(Counts, u64)> {
        let [a, b, c, d] = t;
        if c == 0 || self.views(t) != 1 || a + 1 + b > self.board.points() as u8 {
            return None;
        }
        match self.tier_of_counts([b, a + 1, d, c - 1]) {
            (child, false) => {
                let (classes, second) = self.boards(child);
                Some((child, classes * second.size()))
            }
            _ => None,
        }
    }

    /// Choice `board` of tier `t`: that board, its second side (who just
    /// closed a mill) taking one of the first side's stones.
    fn choices(&self, t: Counts, board: u64, out: &mut Vec<(Counts, u64)>) {
        let (x, y) = self.board_at(t, board);
        let closed = Stones { mine: y, theirs: x, hand: [t[3], t[2]] };
        let mut taken = [None; 32];
        self.captures(&closed, y, [t[2], t[3]], self.takeable(&closed), &mut taken, |t, rank| out.push((t, rank)));
    }

    fn tier_name(&self, t: Counts) -> String {
        format!("{}-{}-{}-{}", t[0], t[1], t[2], t[3])
    }
}
