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
//! memory maps; a directory's finished tiers are not solved again, and a
//! tier's walk is saved beside its file at level boundaries, so an
//! interrupted build resumes at the tier and level it was in.

use std::collections::HashMap;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::control::{Checkpoint, Control};
use crate::db::{self, Database, Ident};
use crate::error::Error;
use crate::game::Game;
use crate::peers::Peers;
use crate::solve::Solved;
use crate::value::Outcome;

mod saved;
mod tier;
mod verify;

pub use verify::{verify_children, verify_moves_out, verify_tier, verify_unmoves};

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
    /// Whether `pos`, what slot `rank` of `tier` unranks to, has that rank:
    /// not where a symmetric index leaves slots to images that are not
    /// their class's own (valued as the class's slot). A game may know it
    /// without ranking `pos` again.
    fn own_slot(&self, tier: Self::Tier, rank: u64, pos: &Self::Pos) -> bool {
        self.rank_in(tier, pos) == rank
    }
    /// A name for `tier` that can be a file's (letters, digits, `-`, `_`).
    fn tier_name(&self, tier: Self::Tier) -> String;

    /// Whether some move of `tier`'s positions may stay in `tier` (the
    /// default). A game that answers `false` has the tier valued by its
    /// pass over moves alone, with no walk of levels: a placement tier,
    /// say, that every move leaves. A position found waiting on a move
    /// inside such a tier is an error, not a wrong value.
    fn moves_stay(&self, tier: Self::Tier) -> bool {
        let _ = tier;
        true
    }

    /// Whether [`Tiered::unmoves_in_tier`] gives predecessors: the solver
    /// then keeps 6 bytes a position and generates a settled position's
    /// predecessors when it walks it, instead of keeping reverse edges
    /// (about 4 bytes a move more, and 8 a position).
    fn has_unmoves(&self) -> bool {
        false
    }

    /// The positions of `pos`'s tier with a move to `pos`, each at least
    /// once, in any symmetric form its rank folds. Used where
    /// [`Tiered::has_unmoves`]; [`verify_unmoves`] checks them against the
    /// moves.
    fn unmoves_in_tier(&self, pos: &Self::Pos, out: &mut Vec<Self::Pos>) {
        let _ = (pos, out);
    }

    /// Whether the moves of `pos` that stay in its tier each reach a slot
    /// of their own (no two reach one position, nor two images of one under
    /// a symmetry the index folds): the solver then counts those moves
    /// instead of ranking them to count distinct slots. `false` is always
    /// safe; a game that knows better saves a rank a move.
    fn moves_in_tier_distinct(&self, pos: &Self::Pos) -> bool {
        let _ = pos;
        false
    }

    /// What the solver's pass over moves needs of `pos` (in `tier`), where
    /// its moves inside the tier are distinct
    /// ([`Tiered::moves_in_tier_distinct`]) or the game has no un-moves
    /// (counted either way): how many of its moves stay in
    /// the tier, where its other moves lead pushed onto `away`. `None` (the
    /// default): the solver makes every move. A game that counts moves
    /// without making them saves most of the pass where most moves stay,
    /// and one that ranks a position's children together (they share most
    /// of their stones) and names the choices other positions share
    /// ([`Away::Choice`]) saves the rest; its turns alternate.
    /// [`verify_moves_out`] checks it against the moves.
    fn moves_out(&self, tier: Self::Tier, pos: &Self::Pos, away: &mut Vec<Away<Self::Tier>>) -> Option<u32> {
        let _ = (tier, pos, away);
        None
    }

    /// Where each of `pos`'s moves (in `tier`) leads, for `db verify`: as
    /// tier and rank pushed onto `out`, or, for a move that stays in
    /// `tier`, as a number the game chooses pushed onto `later` and ranked
    /// only if asked ([`Tiered::rank_later`]); one entry a move. Where the
    /// game has un-moves ([`Tiered::has_unmoves`]) verify reads a won or
    /// drawn position's moves that stay only until one of them gives its
    /// value, and checks the rest from the lost positions' un-moves.
    /// `false` (the default) leaves it to the solver, which makes every
    /// move and ranks its child alone; a game that ranks a position's
    /// children together (they share most of their stones) answers
    /// `true`. [`verify_children`] checks it against the moves.
    fn children(
        &self,
        tier: Self::Tier,
        pos: &Self::Pos,
        out: &mut Vec<(Self::Tier, u64)>,
        later: &mut Vec<u32>,
    ) -> bool {
        let _ = (tier, pos, out, later);
        false
    }

    /// The rank in `tier` of the child of `pos`'s move named `later` by
    /// [`Tiered::children`].
    fn rank_later(&self, tier: Self::Tier, pos: &Self::Pos, later: u32) -> u64 {
        let _ = (tier, pos, later);
        unreachable!("a game that names moves for later ranks them")
    }

    /// The tier in whose terms the choices ([`Away::Choice`]) that
    /// `tier`'s moves lead to are named, if any (one of its child tiers),
    /// and how many there are: choices are named `0..count`. The solver
    /// keeps the value of each choice met (two bytes a choice) where the
    /// memory budget holds them.
    fn choice_tier(&self, tier: Self::Tier) -> Option<(Self::Tier, u64)> {
        let _ = tier;
        None
    }

    /// The positions choice `choice` of tier `t` ([`Away::Choice`]) may
    /// lead to, as tier and rank, pushed onto `out`.
    fn choices(&self, t: Self::Tier, choice: u64, out: &mut Vec<(Self::Tier, u64)>) {
        let _ = (t, choice, out);
    }
}

/// Where a move out of a tier leads ([`Tiered::moves_out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Away<T> {
    /// A position: its tier and its rank there.
    To(T, u64),
    /// A choice the mover makes next (in Morris, the stone a mill it closed
    /// takes), named in the terms of [`Tiered::choice_tier`] so that the
    /// same choice met from other positions has the same name: worth the
    /// best of the positions it may lead to ([`Tiered::choices`]) for the
    /// mover, found once and read after.
    Choice(T, u64),
}

/// The solved tiers a tier's moves reach (itself among them where it is
/// solved), searched in a line: a few, and looked up for every move read,
/// where a hash a move cost more.
struct Reached<T> {
    tier: T,
    solved: Vec<(T, Arc<Solved<Outcome>>)>,
    /// What a move to a tier not here is: a game that does not name all its
    /// child tiers (solving), or a missing file (verifying).
    missing: fn(String) -> Error,
}

impl<T: Copy + Eq + Hash> Reached<T> {
    fn new<G: Tiered<Tier = T>>(
        game: &G,
        tier: T,
        solved: &HashMap<T, Arc<Solved<Outcome>>>,
        missing: fn(String) -> Error,
    ) -> Self {
        let tiers = std::iter::once(tier).chain(game.child_tiers(tier));
        Reached { tier, solved: tiers.filter_map(|t| Some((t, solved.get(&t)?.clone()))).collect(), missing }
    }

    /// The same tiers, those read from files copied into memory where they
    /// fit the budget beside the `beside` bytes the caller holds: a value
    /// is read for every move, anywhere in its tier, and a mapped file's
    /// 4 KiB pages miss the TLB on almost every one of them where the copy
    /// sits on 2 MiB pages. Copies are made only where all fit.
    fn resident(mut self, beside: u64, ctl: &Control) -> Self {
        let bytes: u64 = self.solved.iter().map(|(_, s)| s.resident_bytes()).sum();
        if bytes == 0 || ctl.reserve("", beside + bytes).is_err() {
            return self;
        }
        for (_, solved) in &mut self.solved {
            if let Some(copy) = solved.resident() {
                *solved = Arc::new(copy);
            }
        }
        self
    }

    /// Where the value of rank `rank` of tier `t` is: which solved tier.
    fn find<G: Tiered<Tier = T>>(&self, game: &G, t: T, rank: u64) -> Result<(usize, u64), Error> {
        let i = self.solved.iter().position(|(c, _)| *c == t).ok_or_else(|| {
            (self.missing)(format!(
                "a move of tier {} leads to tier {}, which is not solved",
                game.tier_name(self.tier),
                game.tier_name(t)
            ))
        })?;
        Ok((i, rank))
    }

    /// Brings a located value into cache ahead of [`Reached::at`].
    fn prefetch(&self, (i, rank): (usize, u64)) {
        self.solved[i].1.prefetch(rank);
    }

    fn at(&self, (i, rank): (usize, u64)) -> Outcome {
        self.solved[i].1.value_at(rank)
    }
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
    tier::solve(game, tier, below, &format!("tier {}", game.tier_name(tier)), None, ctl)
}

/// Solves every tier, holding every tier's values in memory.
pub fn solve<G: Tiered>(game: &G, ctl: &Control) -> Result<Solution<G::Tier>, Error> {
    let mut tiers: HashMap<G::Tier, Arc<Solved<Outcome>>> = HashMap::new();
    let order = order(game)?;
    for (i, &t) in order.iter().enumerate() {
        let label = format!("tier {} ({} of {})", game.tier_name(t), i + 1, order.len());
        let solved = tier::solve(game, t, &tiers, &label, None, ctl)?;
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
/// interrupted build resumes at the tier it was in. With a checkpoint in
/// `ctl` the tier being solved is saved at its pace in
/// `<tier name>.checkpoint` and resumes where it was.
///
/// With `peers` (the parts of a distributed build, every part calling
/// this at once with the same game and directory, a disk they all see)
/// the tiers are shared out: the tiers of a [`levels`] level depend only
/// on lower levels, so each part solves its share of a level (the largest
/// tiers dealt first, each to the part with the fewest of the level's
/// positions so far)
/// and every part reads the level's files once all are written. The files
/// are the one-process build's, byte for byte; part 0 writes the manifest.
/// A part that fails tells the others ([`Peers::fail`]).
pub fn solve_to_dir<G: Tiered>(
    game: &G,
    ident: &Ident,
    dir: &Path,
    peers: Option<&dyn Peers>,
    ctl: &Control,
) -> Result<Solution<G::Tier>, Error> {
    let built = build_dir(game, ident, dir, peers, ctl);
    if let (Err(e), Some(peers)) = (&built, peers) {
        peers.fail(e);
    }
    built
}

fn build_dir<G: Tiered>(
    game: &G,
    ident: &Ident,
    dir: &Path,
    peers: Option<&dyn Peers>,
    ctl: &Control,
) -> Result<Solution<G::Tier>, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::Data(format!("{}: {e}", dir.display())))?;
    let (me, parts) = peers.map_or((0, 1), |p| (p.me(), p.count()));
    let mut tiers: HashMap<G::Tier, Arc<Solved<Outcome>>> = HashMap::new();
    let order = order(game)?;
    let sizes: Vec<u64> = order.iter().map(|&t| game.tier_size(t)).collect();
    let (total, largest) = (sizes.iter().sum::<u64>(), sizes.iter().copied().max().unwrap_or(0));
    ctl.note(&format!(
        "{} tiers, {total} positions (a byte each on disk: {}), the largest tier {largest}{}",
        order.len(),
        crate::control::format_bytes(total),
        if parts > 1 { format!(", shared by {parts} parts") } else { String::new() }
    ));
    let mut lines = vec![String::new(); order.len()];
    // what is solved here, not read, sets the pace the estimate assumes
    let (started, mut solved_positions, mut passed, mut told) =
        (std::time::Instant::now(), 0u64, 0u64, std::time::Instant::now());
    let mut tiers_passed = 0;
    for level in levels(game, &order) {
        // each level ends at a barrier: its own load is what is balanced
        let mut load = vec![0u64; parts];
        let mut dealt = level.clone();
        dealt.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
        for i in dealt {
            let part = (0..parts).min_by_key(|&p| (load[p], p)).unwrap_or(0);
            load[part] += sizes[i];
            if part != me {
                continue;
            }
            let t = order[i];
            let name = game.tier_name(t);
            let path = Manifest::file(dir, &name);
            let tier_ident = Ident { key: format!("{}/{name}", ident.key), ..ident.clone() };
            let done =
                Database::open(&path).ok().is_some_and(|d| d.header().key == tier_ident.key && d.len() == sizes[i]);
            if !done {
                let label = format!("tier {name} ({} of {})", i + 1, order.len());
                // a tier's solve is saved beside its file, at the caller's
                // pace, under the caller's tag (its version) and the tier's key
                let checkpoint = ctl.checkpoint().map(|cp| Checkpoint {
                    path: dir.join(format!("{name}.checkpoint")),
                    tag: format!("{} {}", cp.tag, tier_ident.key),
                    every: cp.every,
                });
                let solved = tier::solve(game, t, &tiers, &label, checkpoint.as_ref(), ctl)?;
                // written aside and renamed: a file under the tier's name is
                // whole; written even when stopped (seconds, where the solve
                // took minutes), and its checkpoint kept until then
                let aside = dir.join(format!("{name}.db.partial"));
                db::write(&aside, &tier_ident, &solved, &ctl.uninterruptible())?;
                std::fs::rename(&aside, &path).map_err(|e| Error::Data(format!("{}: {e}", path.display())))?;
                if let Some(checkpoint) = &checkpoint {
                    saved::remove(checkpoint);
                }
                solved_positions += sizes[i];
            }
        }
        // every part's files of the level are written before any is read
        if let Some(peers) = peers {
            peers.gather(0)?;
        }
        for &i in &level {
            let (t, name) = (order[i], game.tier_name(order[i]));
            let path = Manifest::file(dir, &name);
            // its owner has just checked it whole or written it: read once, not again
            let db = Database::open_unchecked(&path)?;
            if db.header().key != format!("{}/{name}", ident.key) || db.len() != sizes[i] {
                return Err(Error::Data(format!("{}: not the tier {name} of {}", path.display(), ident.key)));
            }
            lines[i] = format!("tier {name} {} {:08x}\n", db.len(), db.header().checksum);
            let solved = Solved::mapped(Arc::new(db))
                .ok_or_else(|| Error::Data(format!("{}: not a file of win / lose / draw values", path.display())))?;
            tiers.insert(t, Arc::new(solved));
            passed += sizes[i];
        }
        tiers_passed += level.len();
        // a pace only once something was solved here (read tiers take no time to speak of)
        if told.elapsed().as_secs() >= 30 && passed < total && solved_positions > 0 {
            told = std::time::Instant::now();
            let rate = solved_positions as f64 * parts as f64 / started.elapsed().as_secs_f64().max(1e-3);
            ctl.note(&format!(
                "{tiers_passed} of {} tiers, {passed} of {total} positions; about {:.0} s left at {:.1}·10^6 positions a second",
                order.len(),
                (total - passed) as f64 / rate.max(1.0),
                rate / 1e6
            ));
        }
    }
    if me == 0 {
        let manifest = format!(
            "boyi tiers 1\ngame {}\nparams {}\nkey {}\n{}",
            ident.game,
            ident.params.replace('\n', " "),
            ident.key,
            lines.concat()
        );
        std::fs::write(dir.join(MANIFEST), manifest).map_err(|e| Error::Data(format!("{}: {e}", dir.display())))?;
    }
    // no part returns before the directory is whole (the caller may read it)
    if let Some(peers) = peers {
        peers.gather(0)?;
    }
    Ok(Solution { tiers })
}

/// `order`'s tiers (as indexes into it) by level: a tier's level is one
/// more than its children's highest (0 for a tier whose moves stay in it
/// or end), so the tiers of a level depend only on lower levels and can be
/// solved side by side. Each level keeps `order`'s order.
pub fn levels<G: Tiered>(game: &G, order: &[G::Tier]) -> Vec<Vec<usize>> {
    let mut level_of: HashMap<G::Tier, usize> = HashMap::new();
    let mut levels: Vec<Vec<usize>> = Vec::new();
    for (i, &t) in order.iter().enumerate() {
        let l = sorted_children(game, t).iter().filter_map(|c| level_of.get(c)).map(|l| l + 1).max().unwrap_or(0);
        level_of.insert(t, l);
        if levels.len() <= l {
            levels.resize(l + 1, Vec::new());
        }
        levels[l].push(i);
    }
    levels
}

/// A directory of tiers as its manifest names them.
#[derive(Clone, Debug)]
pub struct Manifest {
    pub game: String,
    /// The instance's parameters, a `name=value` a line (as a file's header).
    pub params: String,
    pub key: String,
    pub tiers: Vec<ManifestTier>,
}

/// A tier of a [`Manifest`]: its file is `<name>.db`.
#[derive(Clone, Debug)]
pub struct ManifestTier {
    pub name: String,
    pub size: u64,
    pub checksum: u32,
}

impl Manifest {
    /// Reads `dir`'s manifest; a directory without one is no database.
    pub fn read(dir: &Path) -> Result<Manifest, Error> {
        let path = dir.join(MANIFEST);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            Error::Data(format!("{}: not a directory of tiers ({} unreadable: {e})", dir.display(), MANIFEST))
        })?;
        let bad = |why: String| Error::Data(format!("{}: {why}", path.display()));
        let mut lines = text.lines();
        if lines.next() != Some("boyi tiers 1") {
            return Err(bad("not a manifest of boyi tiers (version 1)".into()));
        }
        let mut m = Manifest { game: String::new(), params: String::new(), key: String::new(), tiers: Vec::new() };
        for line in lines {
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            match word {
                "game" => m.game = rest.to_string(),
                "params" => m.params = rest.split_whitespace().collect::<Vec<_>>().join("\n"),
                "key" => m.key = rest.to_string(),
                "tier" => {
                    let f: Vec<&str> = rest.split_whitespace().collect();
                    let tier = match f[..] {
                        [name, size, sum] => size
                            .parse()
                            .ok()
                            .zip(u32::from_str_radix(sum, 16).ok())
                            .map(|(size, checksum)| ManifestTier { name: name.to_string(), size, checksum }),
                        _ => None,
                    };
                    // a name is a file's in this directory, never a path out of it
                    let tier = tier.filter(|t| {
                        !t.name.is_empty()
                            && t.name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                    });
                    m.tiers.push(tier.ok_or_else(|| bad(format!("a tier line reads \"{line}\"")))?);
                }
                _ => return Err(bad(format!("a line reads \"{line}\""))),
            }
        }
        if m.game.is_empty() || m.key.is_empty() {
            return Err(bad("no game or key".into()));
        }
        Ok(m)
    }

    /// The file of the tier named `name` in `dir`.
    pub fn file(dir: &Path, name: &str) -> PathBuf {
        dir.join(format!("{name}.db"))
    }

    /// Opens every tier's file of `dir`, each header checked against the
    /// manifest. Their values are compared with their checksums later, a
    /// tier the first time a question takes it ([`Database::check`]):
    /// opening the whole standard Morris game must not read its 26 GiB.
    pub fn open(&self, dir: &Path) -> Result<Vec<Arc<Database>>, Error> {
        self.tiers
            .iter()
            .map(|t| {
                let path = Manifest::file(dir, &t.name);
                let db = Database::open_unchecked(&path)?;
                let h = db.header();
                if h.key != format!("{}/{}", self.key, t.name) || h.size != t.size || h.checksum != t.checksum {
                    return Err(Error::Data(format!(
                        "{}: not the tier {} the manifest names (key {}, {} positions, checksum {:08x})",
                        path.display(),
                        t.name,
                        h.key,
                        h.size,
                        h.checksum
                    )));
                }
                Ok(Arc::new(db))
            })
            .collect()
    }
}

/// Every tier of `game` in `dir`, read through the files' memory maps,
/// each compared with its checksum: a tier the manifest lacks is an error.
pub fn read_dir<G: Tiered>(game: &G, dir: &Path) -> Result<Solution<G::Tier>, Error> {
    let manifest = Manifest::read(dir)?;
    let files = manifest.open(dir)?;
    let by_name: HashMap<&str, &Arc<Database>> =
        manifest.tiers.iter().map(|t| t.name.as_str()).zip(files.iter()).collect();
    let mut tiers = HashMap::new();
    for t in game.tiers() {
        let name = game.tier_name(t);
        let db = by_name
            .get(name.as_str())
            .ok_or_else(|| Error::Data(format!("{}: no tier {name} in its manifest", dir.display())))?;
        if db.len() != game.tier_size(t) {
            return Err(Error::Data(format!(
                "{}: tier {name} holds {} positions where the game's has {}",
                dir.display(),
                db.len(),
                game.tier_size(t)
            )));
        }
        db.check()?;
        let solved = Solved::mapped((*db).clone())
            .ok_or_else(|| Error::Data(format!("{}: tier {name} holds another kind of value", dir.display())))?;
        tiers.insert(t, Arc::new(solved));
    }
    Ok(Solution { tiers })
}
