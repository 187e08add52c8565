//! Solved databases from the catalogue's side. A game solved whole names
//! its instance's table by a key (`Listing::solved_key`); a database file
//! carries that key, and a session holding the file answers that instance
//! by lookups in it instead of solving.

use std::fmt::Display;
use std::sync::Arc;

use boyi::db::{Disagreement, Stored};
use boyi::solve::Solved;

use super::Cx;
use crate::error::Error;

impl Cx<'_> {
    /// The session's database for the instance `key` (of `size`
    /// positions), if it holds one. A database of the same game for
    /// another instance is an error (asked to answer from a file, the
    /// caller should not silently get a solve of something else), except
    /// in a session that solves other instances (a server).
    pub(crate) fn database<V: Stored>(&self, key: &str, size: u64) -> Result<Option<Arc<Solved<V>>>, Error> {
        let files = self.session.databases();
        if let Some(db) = files.iter().find(|d| d.header().key == key) {
            if db.len() != size {
                return Err(Error::input(format!(
                    "the database for {key} holds {} positions where the game has {size}",
                    db.len()
                )));
            }
            // a file opened unchecked (a tier of a directory) is checked now
            db.check()?;
            let solved = Solved::<V>::mapped(db.clone())
                .ok_or_else(|| Error::input(format!("the database for {key} holds another kind of value")))?;
            return Ok(Some(Arc::new(solved)));
        }
        // the game's id: the key up to its instance, and its index's version (`@2`)
        let game = key.split([':', '@']).next().unwrap_or(key);
        if let Some(db) = files.iter().find(|d| d.header().game == game && !self.session.solves_other_instances()) {
            return Err(Error::input(format!(
                "the database given is for {} ({}), not for this instance; `boyi db build {game} PARAMS` makes one",
                game,
                db.header().params_line()
            )));
        }
        Ok(None)
    }
}

impl Cx<'_> {
    /// [`Cx::database`] for a game whose files may hold only the positions
    /// it stores ([`boyi::Indexed::stored`]): the rest are looked up by a
    /// one-ply search.
    pub(crate) fn database_for<G>(&self, key: &str, game: &G) -> Result<Option<Arc<Solved<G::Value>>>, Error>
    where
        G: boyi::Indexed + Clone + Send + Sync + 'static,
        G::Value: Stored,
    {
        let size = boyi::Indexed::size(game);
        let stored = game.stored_below(size);
        let files = self.session.databases();
        match files.iter().find(|d| d.header().key == key) {
            Some(db) if db.len() == stored && stored != size => {
                db.check()?;
                let solved = Solved::mapped_for(db.clone(), game)
                    .ok_or_else(|| Error::input(format!("the database for {key} holds another kind of value")))?;
                Ok(Some(Arc::new(solved)))
            }
            Some(db) if db.len() != size => Err(Error::input(format!(
                "the database for {key} holds {} positions where the game stores {stored}",
                db.len()
            ))),
            _ => self.database(key, size),
        }
    }
}

impl Cx<'_> {
    /// How a game solved whole says where its values came from.
    pub fn solved_by(&self, key: &str, solver: &'static str) -> &'static str {
        if self.session.databases().iter().any(|d| d.header().key == key) {
            "database lookup"
        } else {
            solver
        }
    }
}

/// One line for `db verify`: where a position disagrees with its moves.
pub fn describe<V: Display>(d: &Disagreement<V>) -> String {
    format!("rank {}: the file says {}, its moves give {}", d.rank, d.stored, d.derived)
}
