//! The game model every solver works on.
//!
//! A [`Game`] is one instance of a game (a board, a set of bags, a coin row):
//! it generates moves and plays them. Solvers ask for more only when they
//! need it: [`Indexed`] for flat arrays, [`Layered`] for bottom-up tables.

use std::fmt::Debug;
use std::hash::Hash;

use crate::value::{Turn, Value};

/// The result of playing one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<P, R> {
    pub pos: P,
    /// What the mover earned by this move (`()` in win/lose games).
    pub reward: R,
    /// Whether the opponent moves next or the mover plays again.
    pub turn: Turn,
}

/// What a game can tell about a position without searching it: the value
/// outright (an immediate win, a forced loss, a full board), or bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known<V> {
    Exact(V),
    Bounds { lo: Option<V>, hi: Option<V> },
}

impl<V> Known<V> {
    pub const UNKNOWN: Known<V> = Known::Bounds { lo: None, hi: None };
}

/// Shorthand for the step type of a game.
pub type StepOf<G> = Step<<G as Game>::Pos, <<G as Game>::Value as Value>::Reward>;

/// A two-player game of perfect information, seen from the side to move.
pub trait Game: Sync {
    type Pos: Clone + Eq + Hash + Debug + Send + Sync;
    type Move: Copy + Eq + Debug + Send + Sync;
    type Value: Value;

    /// Appends the legal moves of `pos` to `out`, leaving what is already
    /// there alone. No moves means the game is over.
    fn moves(&self, pos: &Self::Pos, out: &mut Vec<Self::Move>);

    fn play(&self, pos: &Self::Pos, mv: Self::Move) -> StepOf<Self>;

    /// The value of a position without legal moves, for the side to move.
    fn terminal(&self, pos: &Self::Pos) -> Self::Value;

    /// Puts the moves most likely to be best first; alpha-beta prunes more
    /// the better this guess is. Must be deterministic for a given position.
    fn order_moves(&self, pos: &Self::Pos, moves: &mut [Self::Move]) {
        let _ = (pos, moves);
    }

    /// For search: appends the moves worth searching and says what is known
    /// of the value beforehand. A game may leave out moves no better than
    /// one it keeps (moves that lose at once), but must keep at least one
    /// move unless it returns [`Known::Exact`]. It may assume the game is not
    /// over when `pos` was reached through moves it returned (the search
    /// checks its root with [`Game::moves`]). The search tries the moves in
    /// the order given here (after the table's move) unless
    /// [`Game::order_moves`] reorders them, so a game whose bounds already
    /// look at every move may as well rank them here. The default is every
    /// move, nothing known.
    fn search_moves(&self, pos: &Self::Pos, out: &mut Vec<Self::Move>) -> Known<Self::Value> {
        let start = out.len();
        self.moves(pos, out);
        if out.len() == start {
            Known::Exact(self.terminal(pos))
        } else {
            Known::UNKNOWN
        }
    }

    /// What is known of a search's root before [`Game::search_moves`] sees
    /// it: a game whose `search_moves` relies on an invariant that holds
    /// below the root only (say, "the side to move cannot win at once,
    /// since the parent would have prevented it") settles the root here.
    fn root_known(&self, pos: &Self::Pos) -> Known<Self::Value> {
        let _ = pos;
        Known::UNKNOWN
    }

    /// Whether a score far from zero means the game ends soon: Connect Four
    /// scores a win by how early it comes. Then a null-window search for a
    /// score near the ends of the range is a shallow one (every line that
    /// cannot end that soon is cut off by the bounds from `search_moves`),
    /// and alpha-beta's driver probes from the ends inwards before it
    /// probes around zero. Games scored by margin, where a large score can
    /// take as long as any other, keep the default.
    fn scores_count_moves(&self) -> bool {
        false
    }

    /// How the best move of a position is remembered in a transposition
    /// table entry. `moves` is what [`Game::search_moves`] produced, in its
    /// order; the default is the move's place there, which suits any game
    /// whose key tells positions apart. A game whose key merges symmetric
    /// positions encodes moves in the key's orientation instead.
    fn move_hint(&self, pos: &Self::Pos, mv: Self::Move, moves: &[Self::Move]) -> Option<u8> {
        let _ = pos;
        moves.iter().position(|&m| m == mv).and_then(|i| u8::try_from(i).ok()).filter(|&h| h != u8::MAX)
    }

    /// The inverse of [`Game::move_hint`].
    fn hinted_move(&self, pos: &Self::Pos, hint: u8, moves: &[Self::Move]) -> Option<Self::Move> {
        let _ = pos;
        moves.get(hint as usize).copied()
    }

    /// Whether alpha-beta should look up every child in the table before
    /// searching any (enhanced transposition cutoffs): worth it far from the
    /// leaves, where a cutoff saves a large subtree.
    fn etc_worthwhile(&self, pos: &Self::Pos) -> bool {
        let _ = pos;
        false
    }

    /// Whether this position is near enough to the end of the game for
    /// its table entry to go to alpha-beta's small table instead of the
    /// large one. The small table stays in the processor's cache, and the
    /// positions near the leaves, the most numerous, are probed and stored
    /// without waiting for memory; their subtrees are small, so what the
    /// small table forgets costs little to search again.
    fn near_leaves(&self, pos: &Self::Pos) -> bool {
        let _ = pos;
        false
    }

    /// Whether the threads of a parallel search should split this
    /// position's moves (each move asks a table shared by the threads
    /// whether another thread is in it): worth it where subtrees are
    /// large. By default, where cutoffs are checked.
    fn split_worthwhile(&self, pos: &Self::Pos) -> bool {
        self.etc_worthwhile(pos)
    }

    /// A 64-bit key for transposition tables. Games with a compact exact
    /// encoding should return it; the default hashes the position.
    fn key(&self, pos: &Self::Pos) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        BuildHasherDefault::<DefaultHasher>::default().hash_one(pos)
    }
}

/// A game whose positions are numbered `0..size()`.
pub trait Indexed: Game {
    fn size(&self) -> u64;
    fn rank(&self, pos: &Self::Pos) -> u64;
    fn unrank(&self, index: u64) -> Self::Pos;

    /// Turns `pos`, the position of rank `index - 1`, into that of rank
    /// `index`: solvers that walk the ranks in order call this, and a game
    /// whose neighbouring ranks differ in a last digit (a hand, a turn)
    /// overrides it to change only that.
    #[inline]
    fn unrank_next(&self, index: u64, pos: &mut Self::Pos) {
        *pos = self.unrank(index);
    }

    /// The rank of `step.pos`, reached from `pos` (of rank `parent`) by `mv`.
    /// Games that can update a rank incrementally override this.
    fn child_rank(&self, parent: u64, pos: &Self::Pos, mv: Self::Move, step: &StepOf<Self>) -> u64 {
        let _ = (parent, pos, mv);
        self.rank(&step.pos)
    }

    /// The value of `pos` if it can be read off the board (the game is
    /// over at once: a king left where it is taken, a piece that has just
    /// reached home), else `None`. An index may leave such positions out
    /// (in Dōbutsu Shōgi three boards in four), and [`Self::rank`] is then
    /// never called on them; those it keeps a slot for are filled without
    /// being searched, and must have no moves and `terminal` equal to this
    /// value (`db verify` derives them so). Lookups in a game that
    /// overrides this go through [`value_in`]. Retrograde analysis takes moves into them worth a win
    /// in one, a draw or a loss in at most two plies to the mover, and
    /// refuses others.
    fn outside(&self, pos: &Self::Pos) -> Option<Self::Value> {
        let _ = pos;
        None
    }

    /// Whether a database stores the position of rank `rank`. A game may
    /// leave positions out of its files whose every move leads to a stored
    /// position (or one valued [`Self::outside`]): a lookup answers them by
    /// a one-ply search ([`crate::db::value_by_rank`]). Dōbutsu Shōgi stores
    /// only the positions where the mover owns at least half the pieces
    /// other than the lions, as `clausecker/dobutsu` does.
    fn stored(&self, rank: u64) -> bool {
        let _ = rank;
        true
    }

    /// How many stored positions rank below `rank` (`rank` up to
    /// [`Self::size`]): a stored position's slot in a database file, which
    /// keeps them in rank order.
    fn stored_below(&self, rank: u64) -> u64 {
        rank
    }

    /// The rank of the position in slot `slot` of a database file.
    fn stored_rank(&self, slot: u64) -> u64 {
        slot
    }
}

/// The value of `pos` in a table of values by rank, or off the board if
/// the index leaves it out.
#[inline]
pub fn value_in<G: Indexed, E>(
    game: &G,
    pos: &G::Pos,
    by_rank: impl FnOnce(u64) -> Result<G::Value, E>,
) -> Result<G::Value, E> {
    match game.outside(pos) {
        Some(v) => Ok(v),
        None => by_rank(game.rank(pos)),
    }
}

/// An indexed game split into layers so that every move goes to a strictly
/// later layer. The game is then acyclic, and a layer can be solved in
/// parallel once all later layers are.
pub trait Layered: Indexed {
    fn layer_count(&self) -> usize;

    /// How many parts `layer` is cut into; threads walk different parts.
    /// A few dozen parts a thread balance well.
    fn layer_parts(&self, layer: usize) -> usize {
        let _ = layer;
        1
    }

    /// Appends the positions of one part of `layer` with their ranks, ideally
    /// ascending by rank (for memory locality). Enumerating positions
    /// directly spares the solver an `unrank` per position.
    fn layer_part(&self, layer: usize, part: usize, out: &mut Vec<(u64, Self::Pos)>);
}

/// An indexed game that can walk its moves backwards: from a position, the
/// positions one move earlier. Retrograde analysis of loopy games needs it.
pub trait Reversible: Indexed {
    /// Appends every position with a move that leads to `pos`, once for each
    /// such move, with the turn that move gives (`Pass` or `Again`), exactly
    /// mirroring [`Game::moves`] and [`Game::play`]: positions without moves
    /// are never predecessors. [`crate::solve::retrograde::verify_unmoves`]
    /// checks an implementation against the forward moves.
    fn unmoves(&self, pos: &Self::Pos, out: &mut Vec<(Self::Pos, Turn)>);

    /// Calls `f` with the rank of each position [`Self::unmoves`] lists, in
    /// its order, and the turn: what retrograde analysis walks. A game that
    /// ranks its positions before cheaper than by ranking each board (say
    /// it knows where the kings stand) overrides this; `verify_unmoves`
    /// checks the two agree.
    fn unmove_ranks(&self, pos: &Self::Pos, scratch: &mut Vec<(Self::Pos, Turn)>, mut f: impl FnMut(u64, Turn))
    where
        Self: Sized,
    {
        scratch.clear();
        self.unmoves(pos, scratch);
        for (before, turn) in scratch.iter() {
            f(self.rank(before), *turn);
        }
    }

    /// Whether the positions one move before a position usually lie far
    /// apart in the index (captures and drops that change the material):
    /// retrograde analysis then fetches their slots ahead of settling them,
    /// which pays where they miss the cache and costs where they do not.
    fn predecessors_scattered(&self) -> bool {
        false
    }

    /// A bound on how far in rank the positions one move before a position
    /// lie from it, if the game knows one: retrograde analysis then walks
    /// a level in stripes far enough apart that no two threads touch one
    /// slot, and settles without locked instructions. `verify_unmoves`
    /// checks it.
    fn predecessor_reach(&self) -> Option<u64> {
        None
    }

    /// For retrograde analysis's first pass: how many moves of `pos` lead
    /// to positions that must be searched, and the best value to the mover
    /// of those that lead to positions valued on the spot
    /// ([`Indexed::outside`]). A game without such positions may count
    /// without listing its moves; one with them must override this
    /// (`verify_unmoves` checks it).
    fn count_moves(&self, pos: &Self::Pos, scratch: &mut Vec<Self::Move>) -> (usize, Option<Self::Value>) {
        scratch.clear();
        self.moves(pos, scratch);
        (scratch.len(), None)
    }
}

/// An impartial game: both players have the same moves from every position,
/// so every position has a Grundy value (its nimber) and the mover wins
/// exactly when it is not 0. [`Game::terminal`] is then normal play (the
/// mover lost); the Grundy solvers never call it.
///
/// A position that is a sum of independent games (heaps, beans, coins)
/// exposes its components through [`Impartial::split`]; its value is the XOR
/// of theirs, so each component is valued once however often it recurs.
pub trait Impartial: Game {
    /// Appends the independent components whose sum `pos` is and returns
    /// true, or returns false (appending nothing) when `pos` is valued whole.
    /// A component must not split further into itself alone.
    fn split(&self, pos: &Self::Pos, out: &mut Vec<Self::Pos>) -> bool {
        let _ = (pos, out);
        false
    }
}
