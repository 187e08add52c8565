//! Solved values that own their data: one packed value a position, by rank,
//! as the table and retrograde solvers leave them. They borrow no game, so a
//! caller can keep them (in a cache, across requests), query them by rank
//! or by position, and save them, without knowing how values are packed.

use std::sync::Arc;

use super::{value_moves, Analysis};
use crate::db::{Database, Encoding, Stored};
use crate::game::{value_in, Indexed};
use crate::value::{Outcome, Packed, Value};

/// One slot a position; a solver fills the slots from many threads at once.
pub(crate) type Slot<V> = <<V as Value>::Packed as Packed>::Atomic;

/// Values in memory as a solver left them, or in a database file.
enum Store<V: Value> {
    Owned(Vec<Slot<V>>),
    /// A memory-mapped file and how to read a value of `V` from it.
    Mapped(Arc<Database>, fn(&Database, u64) -> V),
    /// One byte a position in the database's one-byte outcome encoding
    /// ([`Encoding::OutcomeByte`]), and how to read it.
    Bytes(Vec<u8>, fn(u8) -> V),
    /// A file of the positions a game stores ([`Indexed::stored`]) and the
    /// index's size: a lookup by rank reads the file or searches one ply.
    Subset(Box<dyn Fn(u64) -> V + Send + Sync>, u64),
}

pub struct Solved<V: Value> {
    store: Store<V>,
}

impl<V: Value> Solved<V> {
    pub(crate) fn from_slots(slots: Vec<Slot<V>>) -> Self {
        Solved { store: Store::Owned(slots) }
    }

    /// Values a caller has by rank (a graph solved outside the indexed
    /// solvers), to keep and save like a solver's.
    pub fn from_values(values: impl IntoIterator<Item = V>) -> Self {
        Solved::from_slots(values.into_iter().map(|v| v.pack().atomic()).collect())
    }

    /// The slots a solver fills; only solvers call this, on what they made.
    pub(crate) fn slots(&self) -> &[Slot<V>] {
        match &self.store {
            Store::Owned(slots) => slots,
            Store::Mapped(..) | Store::Bytes(..) | Store::Subset(..) => {
                unreachable!("a solver fills only the tables it made")
            }
        }
    }

    /// Positions held: the game's index size.
    pub fn len(&self) -> u64 {
        match &self.store {
            Store::Owned(slots) => slots.len() as u64,
            Store::Mapped(db, _) => db.len(),
            Store::Bytes(bytes, _) => bytes.len() as u64,
            Store::Subset(_, size) => *size,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held in memory (a mapped file's pages belong to the page cache).
    pub fn bytes(&self) -> u64 {
        match &self.store {
            Store::Owned(slots) => slots.len() as u64 * std::mem::size_of::<Slot<V>>() as u64,
            Store::Mapped(..) | Store::Subset(..) => 0,
            Store::Bytes(bytes, _) => bytes.len() as u64,
        }
    }

    /// The value of the position of rank `rank`, for the side to move there.
    #[inline]
    pub fn value_at(&self, rank: u64) -> V {
        match &self.store {
            Store::Owned(slots) => V::unpack(V::Packed::load(&slots[rank as usize])),
            Store::Mapped(db, read) => read(db, rank),
            Store::Bytes(bytes, read) => read(bytes[rank as usize]),
            Store::Subset(read, _) => read(rank),
        }
    }

    /// Brings the value of rank `rank` into cache ahead of
    /// [`Solved::value_at`]: a loop that knows its next lookups overlaps
    /// their misses.
    #[inline]
    pub fn prefetch(&self, rank: u64) {
        match &self.store {
            Store::Owned(slots) => {
                if let Some(slot) = slots.get(rank as usize) {
                    crate::memory::prefetch(slot);
                }
            }
            Store::Mapped(db, _) => db.prefetch(rank),
            Store::Bytes(bytes, _) => {
                if let Some(byte) = bytes.get(rank as usize) {
                    crate::memory::prefetch(byte);
                }
            }
            Store::Subset(..) => {}
        }
    }

    pub fn value<G: Indexed<Value = V>>(&self, game: &G, pos: &G::Pos) -> V {
        let found: Result<V, std::convert::Infallible> = value_in(game, pos, |rank| Ok(self.value_at(rank)));
        found.unwrap_or_else(|never| match never {})
    }

    /// Every legal move of `pos` with its value to the mover, best first.
    pub fn analyze<G: Indexed<Value = V>>(&self, game: &G, pos: &G::Pos) -> Analysis<G> {
        value_moves(game, pos, |child| Ok(self.value(game, child))).expect("lookups cannot fail")
    }

    /// The values in the database's one-byte outcome encoding, if that is
    /// how they are held.
    pub(crate) fn outcome_bytes(&self) -> Option<&[u8]> {
        match &self.store {
            Store::Bytes(bytes, _) => Some(bytes),
            _ => None,
        }
    }

    /// The packed values in rank order.
    pub fn packed(&self) -> impl Iterator<Item = V::Packed> + '_ {
        (0..self.len()).map(|r| self.value_at(r).pack())
    }
}

impl<V: Stored> Solved<V> {
    /// Lookups in a database file instead of a solve. The caller has
    /// checked that the file is this game's ([`Database::get`] gives
    /// `None` only for another kind of value, refused here up front).
    pub fn mapped(db: Arc<Database>) -> Option<Self> {
        if !db.is_empty() && db.get::<V>(0).is_none() {
            return None;
        }
        let read: fn(&Database, u64) -> V = |db, rank| db.get::<V>(rank).expect("checked when mapped");
        Some(Solved { store: Store::Mapped(db, read) })
    }

    /// Lookups in a database file of `game`'s, which holds every position
    /// of its index or only those the game stores ([`Indexed::stored`]);
    /// `None` if it holds neither or another kind of value.
    pub fn mapped_for<G>(db: Arc<Database>, game: &G) -> Option<Self>
    where
        G: Indexed<Value = V> + Clone + Send + Sync + 'static,
    {
        let size = game.size();
        if db.len() == size {
            return Self::mapped(db);
        }
        if db.len() != game.stored_below(size) || (!db.is_empty() && db.get::<V>(0).is_none()) {
            return None;
        }
        let game = game.clone();
        let read = move |rank| {
            let slot = |s| Ok(db.get::<V>(s).expect("checked when mapped"));
            crate::db::value_by_rank(&game, rank, &slot).expect("lookups cannot fail")
        };
        Some(Solved { store: Store::Subset(Box::new(read), size) })
    }
}

impl Solved<Outcome> {
    /// Outcomes in the database's one-byte encoding, as the retrograde
    /// solver leaves them where turns alternate.
    pub(crate) fn from_outcome_bytes(bytes: Vec<u8>) -> Self {
        let read: fn(u8) -> Outcome =
            |b| Outcome::decode(Encoding::OutcomeByte, &[b]).expect("one-byte outcomes always decode");
        Solved { store: Store::Bytes(bytes, read) }
    }

    /// The same values held in memory, on huge pages where the system
    /// gives them, where they are a plain file's one-byte outcomes: lookups
    /// anywhere in a mapped file of gigabytes miss the TLB on its 4 KiB
    /// pages (the page cache's). `None` otherwise; [`Solved::resident_bytes`]
    /// is what it takes.
    pub fn resident(&self) -> Option<Self> {
        let Store::Mapped(db, _) = &self.store else { return None };
        let (values, Encoding::OutcomeByte) = db.plain_values()? else { return None };
        let mut bytes: Vec<u8> = crate::memory::zeroed(values.len());
        // in parallel: the pages arrive (and, from a file read once, come
        // in from the disk) on every core
        use rayon::prelude::*;
        bytes.par_chunks_mut(1 << 22).zip(values.par_chunks(1 << 22)).for_each(|(to, from)| to.copy_from_slice(from));
        Some(Self::from_outcome_bytes(bytes))
    }

    /// The memory [`Solved::resident`] takes: 0 where it gives nothing.
    pub fn resident_bytes(&self) -> u64 {
        match &self.store {
            Store::Mapped(db, _) => match db.plain_values() {
                Some((values, Encoding::OutcomeByte)) => values.len() as u64,
                _ => 0,
            },
            _ => 0,
        }
    }

    /// The largest remoteness of any position: the longest game under best play.
    pub fn depth(&self) -> u32 {
        (0..self.len()).filter_map(|r| self.value_at(r).remoteness()).max().unwrap_or(0)
    }
}
