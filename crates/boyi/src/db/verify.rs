//! Values derived from a file by a one-ply search: a position that a file
//! of the stored positions leaves out, and every position in a file
//! checked against its moves.

use super::database::Database;
use super::encoding::Stored;
use super::header::Layout;
use crate::control::Control;
use crate::error::Error;
use crate::game::{value_in, Indexed};
use crate::solve::{value_from_analysis, value_moves};

/// The value of the position of rank `rank` from a file of the positions
/// `game` stores, `slot(s)` reading slot `s`: a stored position is read, one
/// left out valued by a one-ply search over stored ones.
pub fn value_by_rank<G: Indexed>(
    game: &G,
    rank: u64,
    slot: &impl Fn(u64) -> Result<G::Value, Error>,
) -> Result<G::Value, Error> {
    if game.stored(rank) {
        return slot(game.stored_below(rank));
    }
    value_left_out(game, &game.unrank(rank), slot)
}

/// The value of `pos`, a position the file leaves out, by a one-ply search
/// over stored positions (`slot` reads a slot).
pub(super) fn value_left_out<G: Indexed>(
    game: &G,
    pos: &G::Pos,
    slot: &impl Fn(u64) -> Result<G::Value, Error>,
) -> Result<G::Value, Error> {
    if let Some(v) = game.outside(pos) {
        return Ok(v);
    }
    let moves = value_moves(game, pos, |child| {
        value_in(game, child, |r| {
            debug_assert!(game.stored(r), "a move of a position left out leads to one left out");
            slot(game.stored_below(r))
        })
    })?;
    Ok(value_from_analysis(game, pos, &moves))
}

/// A position whose stored value is not what its moves give it from the
/// stored values of the positions they lead to.
#[derive(Clone, Debug)]
pub struct Disagreement<V> {
    pub rank: u64,
    pub stored: V,
    pub derived: V,
}

/// Re-derives every position's value in the file from its children's
/// values (the best move's value, or the game's value of a position with
/// no move; a child the file leaves out searched one ply) and returns the
/// positions that disagree, at most `limit` of them. The file holds every
/// position of the index, or the ones the game stores.
/// This is the check strong-solve authors run: a table in which every
/// position agrees with its children is a fixed point of the game's rules.
pub fn verify<G>(game: &G, db: &Database, limit: usize, ctl: &Control) -> Result<Vec<Disagreement<G::Value>>, Error>
where
    G: Indexed + Sync,
    G::Value: Stored,
{
    // a file of every position of the index, or of the stored ones
    let stored = game.stored_below(game.size());
    let every = db.len() == game.size();
    if !every && db.len() != stored {
        return Err(Error::Data(format!(
            "the file holds {} positions, the game {} stores {}",
            db.len(),
            db.header().key,
            stored
        )));
    }
    let inflated = inflated(db, ctl)?;
    let db = inflated.as_ref().unwrap_or(db);
    let read = slots::<G::Value>(db);
    disagreements(db.len(), 1 << 16, "verifying", limit, ctl, |slots, found| {
        for s in slots {
            let r = if every { s } else { game.stored_rank(s) };
            let pos = game.unrank(r);
            let stored = read(s)?;
            let moves = value_moves(game, &pos, |child| {
                value_in(game, child, |r| if every { read(r) } else { value_by_rank(game, r, &read) })
            })?;
            let derived = value_from_analysis(game, &pos, &moves);
            if derived != stored {
                found(Disagreement { rank: r, stored, derived });
            }
        }
        Ok(())
    })
}

/// Runs `check` over `0..n` in chunks of `chunk`, on every core, under the
/// progress phase `label`; `check` hands each disagreement it finds to its
/// second argument. At most `limit` are kept, returned by rank.
pub fn disagreements<V: Send>(
    n: u64,
    chunk: u64,
    label: &str,
    limit: usize,
    ctl: &Control,
    check: impl Fn(std::ops::Range<u64>, &mut dyn FnMut(Disagreement<V>)) -> Result<(), Error> + Sync,
) -> Result<Vec<Disagreement<V>>, Error> {
    use rayon::prelude::*;
    ctl.start(label, n);
    let found = std::sync::Mutex::new(Vec::new());
    (0..n.div_ceil(chunk)).into_par_iter().try_for_each(|c| -> Result<(), Error> {
        ctl.check()?;
        let end = ((c + 1) * chunk).min(n);
        check(c * chunk..end, &mut |d| {
            let mut f = found.lock().unwrap_or_else(|e| e.into_inner());
            if f.len() < limit {
                f.push(d);
            }
        })?;
        ctl.advance(end - c * chunk);
        Ok(())
    })?;
    ctl.finish();
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort_by_key(|d| d.rank);
    Ok(found)
}

/// A compressed file's values inflated into memory, for a pass that reads
/// all over it (a plain file is read where it lies: `None`).
pub(super) fn inflated(db: &Database, ctl: &Control) -> Result<Option<Database>, Error> {
    match db.header().layout {
        Layout::Plain => Ok(None),
        Layout::Zstd { .. } => db.plain(ctl).map(Some),
    }
}

/// Reads a slot as the game's kind of value.
pub(super) fn slots<V: Stored>(db: &Database) -> impl Fn(u64) -> Result<V, Error> + Sync + '_ {
    move |s| db.get::<V>(s).ok_or_else(|| Error::Data("the file holds another kind of value than the game's".into()))
}
