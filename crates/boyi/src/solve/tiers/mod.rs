//! Games in tiers: positions that fall into parts which moves leave and
//! never re-enter (stones placed, stones captured), each part solved in
//! turn by retrograde analysis with the parts below it already solved and
//! read, not held as one table. Nine Men's Morris was solved so (Gasser;
//! Gévay & Danner's sectors), and so is any game too big for one table
//! whose moves only ever go "down".
//!
//! A game answers a few questions ([`Tiered`]): its tiers, the tiers a
//! tier's moves lead to besides itself, a tier's size and a position's
//! rank within its tier. The solver orders the tiers so that every tier
//! comes after those its moves reach ([`order`]), solves each one
//! ([`tier::solve`]: win / lose / draw with remoteness, the remoteness of
//! a child in a lower tier carried across), and keeps each tier's values:
//! in memory ([`solve`]) or as one database file a tier in a directory
//! with a manifest ([`solve_to_dir`]), the lower tiers read through their
//! memory maps; a directory's finished tiers are not solved again, so an
//! interrupted build resumes at the tier it was in.

use std::collections::HashMap;
use std::hash::Hash;
use std::path::Path;
use std::sync::Arc;

use crate::control::Control;
use crate::db::{self, Database, Ident};
use crate::error::Error;
use crate::game::Game;
use crate::solve::Solved;
use crate::value::Outcome;

mod tier;

/// A game whose positions fall into tiers that moves leave and never
/// re-enter: each tier is indexed on its own.
pub trait Tiered: Game<Value = Outcome> + Sync {
    type Tier: Copy + Eq + Hash + Ord + std::fmt::Debug + Send + Sync;

    /// Every tier.
    fn tiers(&self) -> Vec<Self::Tier>;
    /// The tiers the moves of `tier`'s positions lead to, besides `tier`
    /// itself (where moves may loop).
    fn child_tiers(&self, tier: Self::Tier) -> Vec<Self::Tier>;
    /// Positions in `tier`: ranks `0..tier_size`.
    fn tier_size(&self, tier: Self::Tier) -> u64;
    fn tier_of(&self, pos: &Self::Pos) -> Self::Tier;
    /// `pos`'s rank within its tier.
    fn rank_in(&self, tier: Self::Tier, pos: &Self::Pos) -> u64;
    fn unrank_in(&self, tier: Self::Tier, rank: u64) -> Self::Pos;
    /// A name for `tier` that can be a file's (letters, digits, `-`, `_`).
    fn tier_name(&self, tier: Self::Tier) -> String;
}

/// Every tier's values, by tier.
pub struct Solution<T> {
    pub tiers: HashMap<T, Arc<Solved<Outcome>>>,
}

impl<T: Copy + Eq + Hash> Solution<T> {
    /// The value of `pos` of `game`.
    pub fn value<G: Tiered<Tier = T>>(&self, game: &G, pos: &G::Pos) -> Outcome {
        let t = game.tier_of(pos);
        self.tiers[&t].value_at(game.rank_in(t, pos))
    }
}

/// The tiers in an order that solves every tier after the tiers its moves
/// lead to; a cycle among tiers (a game that breaks its promise) is an error.
pub fn order<G: Tiered>(game: &G) -> Result<Vec<G::Tier>, Error> {
    order_from(game, game.tiers())
}

/// [`order`] of the tiers `roots` lead to, themselves included: what
/// valuing a position of one tier needs.
pub fn order_from<G: Tiered>(game: &G, roots: Vec<G::Tier>) -> Result<Vec<G::Tier>, Error> {
    let mut tiers = roots;
    tiers.sort();
    // 0 unseen, 1 on the path, 2 done
    let mut state: HashMap<G::Tier, u8> = HashMap::new();
    let mut out = Vec::with_capacity(tiers.len());
    for &root in &tiers {
        if state.get(&root).copied().unwrap_or(0) != 0 {
            continue;
        }
        // an explicit stack: (tier, its children, the next child to visit)
        let mut stack = vec![(root, sorted_children(game, root), 0usize)];
        state.insert(root, 1);
        while let Some((t, children, next)) = stack.last_mut() {
            if let Some(&c) = children.get(*next) {
                *next += 1;
                match state.get(&c).copied().unwrap_or(0) {
                    0 => {
                        state.insert(c, 1);
                        let grand = sorted_children(game, c);
                        stack.push((c, grand, 0));
                    }
                    1 => {
                        return Err(Error::Unsupported(format!(
                            "tier {} leads back to tier {} through its children: tiers must not form a cycle",
                            game.tier_name(c),
                            game.tier_name(*t)
                        )))
                    }
                    _ => {}
                }
            } else {
                let t = *t;
                state.insert(t, 2);
                out.push(t);
                stack.pop();
            }
        }
    }
    Ok(out)
}

fn sorted_children<G: Tiered>(game: &G, t: G::Tier) -> Vec<G::Tier> {
    let mut c: Vec<G::Tier> = game.child_tiers(t).into_iter().filter(|&c| c != t).collect();
    c.sort();
    c.dedup();
    c
}

/// Solves `tier`, every tier its moves lead to in `below`.
pub fn solve_tier<G: Tiered>(
    game: &G,
    tier: G::Tier,
    below: &HashMap<G::Tier, Arc<Solved<Outcome>>>,
    ctl: &Control,
) -> Result<Solved<Outcome>, Error> {
    tier::solve(game, tier, below, ctl)
}

/// Solves every tier, holding every tier's values in memory.
pub fn solve<G: Tiered>(game: &G, ctl: &Control) -> Result<Solution<G::Tier>, Error> {
    let mut tiers: HashMap<G::Tier, Arc<Solved<Outcome>>> = HashMap::new();
    for t in order(game)? {
        let solved = tier::solve(game, t, &tiers, ctl)?;
        tiers.insert(t, Arc::new(solved));
    }
    Ok(Solution { tiers })
}

/// The manifest's name in a directory of tiers.
pub const MANIFEST: &str = "manifest.txt";

/// Solves every tier into `dir`: one database file a tier
/// (`<tier name>.db`, its key `<key>/<tier name>`), lower tiers read back
/// through their memory maps, and a manifest naming the game, its key and
/// every tier with its size and checksum. A tier whose file is already
/// there (and whole: its checksum holds) is read, not solved: an
/// interrupted build resumes at the tier it was in.
pub fn solve_to_dir<G: Tiered>(game: &G, ident: &Ident, dir: &Path, ctl: &Control) -> Result<Solution<G::Tier>, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Data(format!("{}: {e}", dir.display())))?;
    let mut tiers: HashMap<G::Tier, Arc<Solved<Outcome>>> = HashMap::new();
    let mut manifest =
        format!("boyi tiers 1\ngame {}\nparams {}\nkey {}\n", ident.game, ident.params.replace('\n', " "), ident.key);
    for t in order(game)? {
        let name = game.tier_name(t);
        let path = dir.join(format!("{name}.db"));
        let tier_ident = Ident { key: format!("{}/{name}", ident.key), ..ident.clone() };
        let done =
            Database::open(&path).ok().filter(|d| d.header().key == tier_ident.key && d.len() == game.tier_size(t));
        let db = match done {
            Some(db) => db,
            None => {
                let solved = tier::solve(game, t, &tiers, ctl)?;
                // written aside and renamed: a file under the tier's name is whole
                let aside = dir.join(format!("{name}.db.partial"));
                db::write(&aside, &tier_ident, &solved, ctl)?;
                std::fs::rename(&aside, &path).map_err(|e| Error::Data(format!("{}: {e}", path.display())))?;
                Database::open(&path)?
            }
        };
        manifest += &format!("tier {name} {} {:08x}\n", db.len(), db.header().checksum);
        let solved = Solved::mapped(Arc::new(db))
            .ok_or_else(|| Error::Data(format!("{}: not a file of win / lose / draw values", path.display())))?;
        tiers.insert(t, Arc::new(solved));
    }
    std::fs::write(dir.join(MANIFEST), manifest).map_err(|e| Error::Data(format!("{}: {e}", dir.display())))?;
    Ok(Solution { tiers })
}
