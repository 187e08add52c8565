//! A pass over every position a file answers for, folded in parallel:
//! what `db info --stats` and `--longest` count. A file of the positions a
//! game stores answers the others by a one-ply search; the pass searches
//! them too, or leaves them out, as asked.

use rayon::prelude::*;

use super::database::Database;
use super::encoding::Stored;
use super::verify::{inflated, slots, value_left_out};
use crate::control::Control;
use crate::error::Error;
use crate::game::Indexed;

/// Which positions a pass visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Among {
    /// The positions the file holds.
    Stored,
    /// Every position of the game's index: those a file leaves out are
    /// searched one ply (slower: a search each).
    Index,
}

/// Folds `step(acc, rank, position, value)` over the positions `among`
/// names, in rank order within each of many pieces walked in parallel
/// (each from `init()`, joined by `merge`). The file must hold `game`'s
/// index or the positions it stores.
pub fn fold<G, A>(
    game: &G,
    db: &Database,
    among: Among,
    ctl: &Control,
    init: impl Fn() -> A + Sync + Send,
    step: impl Fn(&mut A, u64, &G::Pos, G::Value) + Sync + Send,
    merge: impl Fn(A, A) -> A + Sync + Send,
) -> Result<A, Error>
where
    G: Indexed + Sync,
    G::Value: Stored,
    A: Send,
{
    let size = game.size();
    let every = db.len() == size;
    if !every && db.len() != game.stored_below(size) {
        return Err(Error::Data(format!(
            "the file holds {} positions, the game {} has {size} and stores {}",
            db.len(),
            db.header().key,
            game.stored_below(size)
        )));
    }
    let inflated = inflated(db, ctl)?;
    let db = inflated.as_ref().unwrap_or(db);
    let read = slots::<G::Value>(db);
    const CHUNK: u64 = 1 << 16;
    ctl.start(if among == Among::Index { "every position, the left-out searched" } else { "counting" }, size);
    let folded = (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .try_fold(&init, |mut acc, c| -> Result<A, Error> {
            ctl.check()?;
            let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            let mut pos = game.unrank(start);
            for r in start..end {
                if r > start {
                    game.unrank_next(r, &mut pos);
                }
                let value = if every {
                    read(r)?
                } else if game.stored(r) {
                    read(game.stored_below(r))?
                } else if among == Among::Index {
                    value_left_out(game, &pos, &read)?
                } else {
                    continue;
                };
                step(&mut acc, r, &pos, value);
            }
            ctl.advance(end - start);
            Ok(acc)
        })
        .try_reduce(&init, |a, b| Ok(merge(a, b)));
    ctl.finish();
    folded
}
