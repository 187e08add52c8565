//! The one interface through which the command line, the page and the
//! judge adapters reach a game.
//!
//! A game implements [`Listing`] once, in its own module: how it starts
//! from parameters, how its positions and moves are written, what its
//! positions look like ([`Diagram`]), and how the engine values them. The
//! typed trait keeps the game's own position and move types; [`Entry`] and
//! [`Position`] are the same interface with those types hidden, so callers
//! hold any game as `&dyn Entry` and any position as `Box<dyn Position>`,
//! and every game gets them from its `Listing` without writing them.

use std::path::Path;
use std::sync::Arc;

use boyi::db;
use boyi::game::Reversible;
use boyi::peers::Peers;
use boyi::solve::{value_moves, Solved};
use boyi::{Control, Game, Outcome};
use serde::Serialize;

mod cache;
mod database;
pub mod line;
mod session;
pub mod survey;

use crate::diagram::{Diagram, Target};
use crate::error::Error;
use crate::params::{Param, Params};
use crate::verdict::Verdict;
pub use cache::Cache;
pub use database::describe;
pub use session::Session;

/// What the catalogue says about a game before any position exists.
#[derive(Debug, Serialize)]
pub struct Info {
    pub id: &'static str,
    pub name: &'static str,
    /// Other names it answers to (judge ids).
    pub aliases: &'static [&'static str],
    /// One line for `boyi list`.
    pub summary: &'static str,
    /// The rules in a few sentences.
    pub rules: &'static str,
    /// The players' names, first player first.
    pub players: [&'static str; 2],
    /// `outcome` (win / lose / draw with remoteness), `score` (margins) or `nimber`.
    pub values: &'static str,
    pub params: &'static [Param],
    /// How positions and moves are written, with an example of each.
    pub notation: &'static str,
    /// What a draw means in this game's words: what neither side can force.
    pub end: &'static str,
}

/// A position whose notation names the player to move (impartial games,
/// where the position alone does not tell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moving<P> {
    pub pos: P,
    /// 0 when the first player moves.
    pub mover: u8,
}

impl<P> Moving<P> {
    pub fn first(pos: P) -> Self {
        Moving { pos, mover: 0 }
    }

    /// `pos`, reached by a move from `self`: the other player moves.
    pub fn then(&self, pos: P) -> Self {
        Moving { pos, mover: 1 - self.mover }
    }
}

/// What a solver says of a position and of each of its moves.
#[derive(Clone, Debug)]
pub struct Valued<M> {
    pub value: Verdict,
    /// The moves with their values to the mover, best first.
    pub moves: Vec<(M, Verdict)>,
    /// Legal moves left out of `moves` (too many to list).
    pub unlisted: u64,
    /// What the solver wants said beside the values.
    pub notes: Vec<String>,
    pub solver: &'static str,
}

impl<M> Valued<M> {
    pub fn new(value: Verdict, moves: Vec<(M, Verdict)>, solver: &'static str) -> Self {
        Valued { value, moves, unlisted: 0, notes: Vec::new(), solver }
    }

    pub fn note(mut self, line: impl Into<String>) -> Self {
        self.notes.push(line.into());
        self
    }
}

/// What a solve may use: the request's budget, cancel flag and progress,
/// the session's kept results, and the other parts of a distributed solve
/// when this process is one part of one.
pub struct Cx<'a> {
    pub ctl: &'a Control,
    pub session: &'a Session,
    pub peers: Option<&'a dyn Peers>,
}

impl<'a> Cx<'a> {
    /// A solve in this process alone.
    pub fn new(ctl: &'a Control, session: &'a Session) -> Self {
        Cx { ctl, session, peers: None }
    }
}

/// Shorthands for a listing's engine types.
pub type PosOf<L> = <<L as Listing>::Game as Game>::Pos;
pub type MoveOf<L> = <<L as Listing>::Game as Game>::Move;

/// A game in the catalogue, with its own types (see the module's doc).
pub trait Listing: Send + Sync + 'static {
    /// One instance of the game, as the engine plays it.
    type Game: Game + Send + Sync + 'static;
    /// A position as the notation writes it: the engine's position and
    /// whatever else the picture or the player to move needs.
    type State: Clone + Send + Sync + 'static;

    fn info(&self) -> &'static Info;

    /// A new game from parameters (those left out take their defaults).
    fn start(&self, params: &Params) -> Result<(Self::Game, Self::State), Error>;

    /// A position in the game's notation. Trailing parts may be left out
    /// where the notation says so (then they are the start's).
    fn parse(&self, text: &str) -> Result<(Self::Game, Self::State), Error>;

    /// The position's notation, which [`Listing::parse`] reads back.
    fn write(&self, game: &Self::Game, state: &Self::State) -> String;

    /// The parameters that start this instance (for the page's form).
    fn params(&self, game: &Self::Game, state: &Self::State) -> Params {
        let _ = (game, state);
        Params::new()
    }

    fn pos<'s>(&self, state: &'s Self::State) -> &'s PosOf<Self>;

    fn play(&self, game: &Self::Game, state: &Self::State, mv: MoveOf<Self>) -> Self::State;

    /// 0 when the first player moves, 1 when the second does.
    fn to_move(&self, game: &Self::Game, state: &Self::State) -> usize;

    /// The legal moves, in the game's order (best guesses first).
    fn moves(&self, game: &Self::Game, state: &Self::State) -> Vec<MoveOf<Self>> {
        let mut out = Vec::new();
        game.moves(self.pos(state), &mut out);
        out
    }

    /// Whether the game has ended: no legal moves. A game whose `moves`
    /// leaves some out (too many to list) says so here.
    fn over(&self, game: &Self::Game, state: &Self::State) -> bool {
        self.moves(game, state).is_empty()
    }

    /// A move as it is typed and shown; [`Listing::parse_move`] reads it back.
    fn move_name(&self, game: &Self::Game, state: &Self::State, mv: MoveOf<Self>) -> String;

    /// A move in words, for lists and tooltips.
    fn move_label(&self, game: &Self::Game, state: &Self::State, mv: MoveOf<Self>) -> String {
        self.move_name(game, state, mv)
    }

    /// The legal move `text` names (any case), if any.
    fn parse_move(&self, game: &Self::Game, state: &Self::State, text: &str) -> Option<MoveOf<Self>> {
        let text = text.trim();
        self.moves(game, state).into_iter().find(|&m| self.move_name(game, state, m).eq_ignore_ascii_case(text))
    }

    /// Where the diagram draws a move.
    fn target(&self, game: &Self::Game, state: &Self::State, mv: MoveOf<Self>) -> Option<Target> {
        let _ = (game, state, mv);
        None
    }

    fn diagram(&self, game: &Self::Game, state: &Self::State) -> Diagram;

    /// In games scored by points: each player's points so far, first
    /// player first (how an ended game came out).
    fn points(&self, game: &Self::Game, state: &Self::State) -> Option<[i64; 2]> {
        let _ = (game, state);
        None
    }

    /// The position's value and its moves' values, by the method that suits the game.
    fn value(&self, game: &Self::Game, state: &Self::State, cx: &Cx) -> Result<Valued<MoveOf<Self>>, Error>;

    /// A picture of the position's game as SVG (`crate::plot`): a heap
    /// game's Grundy sequence, a win / lose map around the position, the
    /// remoteness of a board solved whole. The page shows it beside the
    /// value history. Most games draw none.
    fn picture(&self, game: &Self::Game, state: &Self::State, cx: &Cx) -> Result<Option<String>, Error> {
        let _ = (game, state, cx);
        Ok(None)
    }

    /// Writes an opening book of the game started from `params`: the value
    /// of every position up to `depth` moves in. Returns the positions held.
    fn build_book(&self, params: &Params, depth: u32, out: &Path, ctl: &Control) -> Result<usize, Error> {
        let _ = (params, depth, out, ctl);
        Err(Error::input(format!("{} has no opening books", self.info().id)))
    }

    /// How long [`Listing::build_book`] would take here: `samples` of the
    /// positions it searches, searched as the build would, the time scaled
    /// to all of them (a sentence saying so).
    fn estimate_book(&self, params: &Params, depth: u32, samples: usize, ctl: &Control) -> Result<String, Error> {
        let _ = (params, depth, samples, ctl);
        Err(Error::input(format!("{} has no opening books", self.info().id)))
    }

    /// Games solved whole (by the table or retrograde analysis): the key
    /// the instance's solved table goes by, in the session's cache and in a
    /// database file of it. `None`: the game has no databases.
    fn solved_key(&self, game: &Self::Game) -> Option<String> {
        let _ = game;
        None
    }

    /// Solves `game` whole and writes every position's value to `path`
    /// (games with a [`Listing::solved_key`]).
    fn save(&self, game: &Self::Game, ident: &db::Ident, path: &Path, cx: &Cx) -> Result<db::Header, Error> {
        let _ = (game, ident, path, cx);
        Err(Error::input(format!("{} has no databases", self.info().id)))
    }

    /// Checks every position of a database of `game` against its moves
    /// (see [`boyi::db::verify`]); the positions that disagree, described.
    fn verify(&self, game: &Self::Game, db: &db::Database, limit: usize, ctl: &Control) -> Result<Vec<String>, Error> {
        let _ = (game, db, limit, ctl);
        Err(Error::input(format!("{} has no databases", self.info().id)))
    }

    /// Counts of a database of `game`'s positions by value and remoteness
    /// (by the game's grouping too), and its longest wins and losses named
    /// (`db info --stats`, `--longest`): [`survey::survey`] with the game's
    /// notation, for games whose files hold win / lose / draw.
    fn survey(
        &self,
        game: &Self::Game,
        db: &db::Database,
        ask: &survey::Ask,
        ctl: &Control,
    ) -> Result<survey::Survey, Error> {
        let _ = (game, db, ask, ctl);
        Err(Error::input(format!(
            "{} databases are not surveyed: only files of win / lose / draw values are",
            self.info().id
        )))
    }

    /// The position in slot `slot` of a database of `game`, in the game's
    /// notation (`db diff` names the positions that differ).
    fn slot_position(&self, game: &Self::Game, db: &db::Database, slot: u64) -> Option<String> {
        let _ = (game, db, slot);
        None
    }

    /// Lookups in a database of `game` by rank of its index, as players
    /// make them (a position a file leaves out is searched one ply), and
    /// the index's size: for `boyi bench --db`.
    fn lookups(&self, game: &Self::Game, db: Arc<db::Database>) -> Result<(Lookup, u64), Error> {
        let _ = (game, db);
        Err(Error::input(format!("{} has no databases", self.info().id)))
    }

    /// Lookups of positions of `game` in its directory of tiers (every
    /// tier's file): a position as a user's question gives it (any
    /// symmetric image), its tier found, folded, ranked and read; and how
    /// many such positions the lookup is given (numbered `0..count`,
    /// drawn beforehand so the timing is the lookup's alone). For `boyi
    /// bench --db DIR`.
    fn tier_lookups(&self, game: Self::Game, tiers: &[Arc<db::Database>]) -> Result<(Lookup, u64), Error> {
        let _ = (game, tiers);
        Err(Error::input(format!("{} has no databases in tiers", self.info().id)))
    }

    /// Impartial games whose positions are tuples of integers (piles,
    /// heaps): the game as `boyi rule` tables it (see [`Integers`]).
    fn integers(&self, game: &Self::Game) -> Option<Integers> {
        let _ = game;
        None
    }

    /// Whether the game's databases are directories of tiers
    /// ([`boyi::solve::tiers`]) rather than one file.
    fn tiered(&self) -> bool {
        false
    }

    /// Checks every tier of a directory of `game`'s tiers against its
    /// moves; the positions that disagree, described (at most `limit`).
    fn verify_tiers(&self, game: &Self::Game, dir: &Path, limit: usize, ctl: &Control) -> Result<Vec<String>, Error> {
        let _ = (game, dir, limit, ctl);
        Err(Error::input(format!("{} has no databases in tiers", self.info().id)))
    }
}

/// A lookup by rank, the value as a score ([`boyi::Value::to_score`]).
pub type Lookup = Box<dyn Fn(u64) -> i64 + Send + Sync>;

impl Integers {
    /// The engine's `game` as integers: `to` makes its position of
    /// coordinates, `from` splits a position the moves reach into the
    /// positions it is the sum of (one, mostly).
    pub fn of<G>(game: G, dims: usize, to: fn(&[u64]) -> G::Pos, from: fn(&G::Pos) -> Vec<Vec<u64>>) -> Integers
    where
        G: Game + Send + Sync + 'static,
    {
        Integers {
            dims,
            moves: Box::new(move |coords| {
                let pos = to(coords);
                let mut moves = Vec::new();
                game.moves(&pos, &mut moves);
                moves.into_iter().map(|m| from(&game.play(&pos, m).pos)).collect()
            }),
            piles: None,
            heap_code: None,
        }
    }

    /// The same moves as a heap code `boyi grundy` reads (`0.07`,
    /// `sub:1,2,3`), whose period the periodicity theorem proves
    /// (`rule_report`'s test checks the code's values are the game's).
    pub fn with_heap_code(mut self, code: String) -> Integers {
        self.heap_code = Some(code);
        self
    }

    /// The same moves as kinds of take (`piles:K:...`), which `boyi rule`
    /// can prove a rule for (`rule_report`'s test checks they are its moves).
    pub fn with_piles(mut self, takes: &str) -> Integers {
        self.piles = Some(boyi::rules::piles::Piles::parse(takes).expect("a catalogue game's takes parse"));
        self
    }
}

/// An impartial game of integer positions: `dims` coordinates, and a
/// position's options, each the positions it leaves (one, or several where
/// a move splits a heap into a sum).
pub struct Integers {
    pub dims: usize,
    pub moves: IntegerMoves,
    /// The moves as rules rather than a callback, where they are takes from piles.
    pub piles: Option<boyi::rules::piles::Piles>,
    /// The moves as a heap code, where one heap's moves are one.
    pub heap_code: Option<String>,
}

/// A position's options, each the positions it leaves.
pub type IntegerMoves = Box<dyn Fn(&[u64]) -> Vec<boyi::rules::table::Option_> + Send + Sync>;

/// Puts moves best first; equals keep their order (the game's).
pub fn best_first<M>(moves: &mut [(M, Verdict)]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.1));
}

/// Values a position and its moves from the values of the positions the
/// moves lead to (a solved table, a search), each turned into a verdict.
pub fn valued_by<G: Game>(
    game: &G,
    pos: &G::Pos,
    child: impl FnMut(&G::Pos) -> Result<G::Value, boyi::Error>,
    verdict: impl Fn(G::Value) -> Verdict,
    solver: &'static str,
) -> Result<Valued<G::Move>, Error> {
    let analysis = value_moves(game, pos, child)?;
    let value = verdict(boyi::solve::value_from_analysis(game, pos, &analysis));
    Ok(Valued::new(value, analysis.into_iter().map(|m| (m.mv, verdict(m.value))).collect(), solver))
}

/// Values a position and its moves by memoised negamax, which counts the
/// moves to the end, if its memo stays within `bytes`; `None` if it does
/// not (the caller then turns to a method that does not count).
pub fn counted<G: Game<Value = Outcome>>(
    game: &G,
    pos: &G::Pos,
    cx: &Cx,
    bytes: u64,
) -> Result<Option<Valued<G::Move>>, Error> {
    let ctl = cx.ctl.clone().with_memory_limit(bytes.min(cx.ctl.memory_limit()));
    let mut search = boyi::solve::negamax::Negamax::new(game, ctl);
    match valued_by(game, pos, |c| search.value(c), Verdict::from, "negamax") {
        Err(Error::Engine(boyi::Error::Memory { .. })) => Ok(None),
        counted => counted.map(Some),
    }
}

/// A move of a position, unvalued.
#[derive(Clone, Debug, Serialize)]
pub struct MoveInfo {
    /// As it is typed and as [`Position::play`] takes it.
    #[serde(rename = "move")]
    pub name: String,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Target>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ValuedMove {
    #[serde(flatten)]
    pub info: MoveInfo,
    pub value: Verdict,
}

/// A position valued, with every listed move valued, best first.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub value: Verdict,
    pub moves: Vec<ValuedMove>,
    /// Legal moves not in `moves`.
    pub unlisted: u64,
    pub notes: Vec<String>,
    pub solver: &'static str,
}

/// A game of the catalogue, its types hidden.
pub trait Entry: Send + Sync {
    fn info(&self) -> &'static Info;
    fn start(&'static self, params: &Params) -> Result<Box<dyn Position>, Error>;
    fn open(&'static self, text: &str) -> Result<Box<dyn Position>, Error>;
    /// See [`Listing::build_book`].
    fn build_book(&self, params: &Params, depth: u32, out: &Path, ctl: &Control) -> Result<usize, Error>;
    /// See [`Listing::estimate_book`].
    fn estimate_book(&self, params: &Params, depth: u32, samples: usize, ctl: &Control) -> Result<String, Error> {
        let _ = (params, depth, samples, ctl);
        Err(Error::input(format!("{} has no opening books", self.info().id)))
    }
    /// Solves the instance `params` start whole and writes it to `path`.
    fn save_database(&'static self, params: &Params, path: &Path, cx: &Cx) -> Result<db::Header, Error>;
    /// Checks a database of this game: the instance its header names,
    /// every position against its moves (at most `limit` reported).
    fn verify_database(&'static self, db: &db::Database, limit: usize, ctl: &Control) -> Result<Vec<String>, Error>;
    /// See [`Listing::survey`]; the instance is the one the header names.
    fn survey_database(
        &'static self,
        db: &db::Database,
        ask: &survey::Ask,
        ctl: &Control,
    ) -> Result<survey::Survey, Error> {
        let _ = (db, ask, ctl);
        Err(Error::input(format!("{} databases are not surveyed", self.info().id)))
    }
    /// See [`Listing::slot_position`]; the instance is the one the header names.
    fn database_position(&'static self, db: &db::Database, slot: u64) -> Result<String, Error> {
        let _ = (db, slot);
        Err(Error::input(format!("{} does not name its databases' positions", self.info().id)))
    }
    /// See [`Listing::lookups`]; the instance is the one the header names.
    fn database_lookups(&'static self, db: Arc<db::Database>) -> Result<(Lookup, u64), Error>;
    /// See [`Listing::integers`]; the instance `params` start.
    fn integers(&'static self, params: &Params) -> Result<Option<Integers>, Error> {
        let _ = params;
        Ok(None)
    }
    /// See [`Listing::tiered`].
    fn tiered(&self) -> bool {
        false
    }
    /// See [`Listing::tier_lookups`]; the instance the first file's header names.
    fn database_tier_lookups(&'static self, tiers: &[Arc<db::Database>]) -> Result<(Lookup, u64), Error> {
        let _ = tiers;
        Err(Error::input(format!("{} has no databases in tiers", self.info().id)))
    }
    /// See [`Listing::verify_tiers`]; the instance the manifest names.
    fn verify_tiers(
        &'static self,
        manifest: &boyi::solve::tiers::Manifest,
        dir: &Path,
        limit: usize,
        ctl: &Control,
    ) -> Result<Vec<String>, Error> {
        let _ = (manifest, dir, limit, ctl);
        Err(Error::input(format!("{} has no databases in tiers", self.info().id)))
    }
}

/// A position of a game of the catalogue, its types hidden.
pub trait Position: Send + Sync {
    fn entry(&self) -> &'static dyn Entry;
    /// The position's notation.
    fn text(&self) -> String;
    fn params(&self) -> Params;
    fn to_move(&self) -> usize;
    /// The player to move by name.
    fn mover(&self) -> &'static str {
        self.entry().info().players[self.to_move()]
    }
    /// No legal moves: the game has ended.
    fn over(&self) -> bool;
    fn moves(&self) -> Vec<MoveInfo>;
    /// The position after the move `mv` names; the error lists the legal ones.
    fn play(&self, mv: &str) -> Result<Box<dyn Position>, Error>;
    fn diagram(&self) -> Diagram;
    /// See [`Listing::points`].
    fn points(&self) -> Option<[i64; 2]>;
    fn analyze(&self, cx: &Cx) -> Result<Analysis, Error>;
    /// See [`Listing::picture`].
    fn picture(&self, cx: &Cx) -> Result<Option<String>, Error>;
    /// Whether the position's game is solved whole and can be kept in a
    /// database file (`boyi db build`): a solve too slow for a request is
    /// then a lookup once the file exists.
    fn has_database(&self) -> bool;
}

impl<L: Listing> Entry for L {
    fn info(&self) -> &'static Info {
        Listing::info(self)
    }

    fn start(&'static self, params: &Params) -> Result<Box<dyn Position>, Error> {
        params.check(Listing::info(self).id, Listing::info(self).params)?;
        let (game, state) = Listing::start(self, params)?;
        Ok(Box::new(Opened { listing: self, game: Arc::new(game), state }))
    }

    fn open(&'static self, text: &str) -> Result<Box<dyn Position>, Error> {
        let (game, state) = self.parse(text.trim())?;
        Ok(Box::new(Opened { listing: self, game: Arc::new(game), state }))
    }

    fn build_book(&self, params: &Params, depth: u32, out: &Path, ctl: &Control) -> Result<usize, Error> {
        params.check(Listing::info(self).id, Listing::info(self).params)?;
        Listing::build_book(self, params, depth, out, ctl)
    }

    fn estimate_book(&self, params: &Params, depth: u32, samples: usize, ctl: &Control) -> Result<String, Error> {
        params.check(Listing::info(self).id, Listing::info(self).params)?;
        Listing::estimate_book(self, params, depth, samples, ctl)
    }

    fn save_database(&'static self, params: &Params, path: &Path, cx: &Cx) -> Result<db::Header, Error> {
        let info = Listing::info(self);
        params.check(info.id, info.params)?;
        let (game, state) = Listing::start(self, params)?;
        let key = self.solved_key(&game).ok_or_else(|| {
            Error::input(format!(
                "{} has no databases: only games solved whole (by table or retrograde analysis) have them",
                info.id
            ))
        })?;
        let words: Vec<String> = Listing::params(self, &game, &state).iter().map(|(k, v)| format!("{k}={v}")).collect();
        // A checkpoint resumes only the instance it was written for, by
        // the boyi that wrote it (indexes may change between versions).
        let tagged = cx.ctl.checkpoint().map(|cp| {
            let tag = format!("boyi {} {key}", env!("CARGO_PKG_VERSION"));
            cx.ctl.clone().with_checkpoint(boyi::control::Checkpoint { tag, ..cp.clone() })
        });
        let ident = db::Ident { game: info.id.to_string(), params: words.join("\n"), key };
        match &tagged {
            Some(ctl) => Listing::save(self, &game, &ident, path, &Cx { ctl, ..*cx }),
            None => Listing::save(self, &game, &ident, path, cx),
        }
    }

    fn verify_database(&'static self, db: &db::Database, limit: usize, ctl: &Control) -> Result<Vec<String>, Error> {
        Listing::verify(self, &instance_of(self, db)?, db, limit, ctl)
    }

    fn survey_database(
        &'static self,
        db: &db::Database,
        ask: &survey::Ask,
        ctl: &Control,
    ) -> Result<survey::Survey, Error> {
        Listing::survey(self, &instance_of(self, db)?, db, ask, ctl)
    }

    fn database_position(&'static self, db: &db::Database, slot: u64) -> Result<String, Error> {
        Listing::slot_position(self, &instance_of(self, db)?, db, slot)
            .ok_or_else(|| Error::input(format!("{} does not name its databases' positions", Listing::info(self).id)))
    }

    fn database_lookups(&'static self, db: Arc<db::Database>) -> Result<(Lookup, u64), Error> {
        let params = Params::from_words(db.header().params.lines())?;
        let (game, _) = Listing::start(self, &params)?;
        Listing::lookups(self, &game, db)
    }

    fn integers(&'static self, params: &Params) -> Result<Option<Integers>, Error> {
        params.check(Listing::info(self).id, Listing::info(self).params)?;
        let (game, _) = Listing::start(self, params)?;
        Ok(Listing::integers(self, &game))
    }

    fn tiered(&self) -> bool {
        Listing::tiered(self)
    }

    fn database_tier_lookups(&'static self, tiers: &[Arc<db::Database>]) -> Result<(Lookup, u64), Error> {
        let first = tiers.first().ok_or_else(|| Error::input("no tiers to look up in"))?;
        let params = Params::from_words(first.header().params.lines())?;
        let (game, _) = Listing::start(self, &params)?;
        Listing::tier_lookups(self, game, tiers)
    }

    fn verify_tiers(
        &'static self,
        manifest: &boyi::solve::tiers::Manifest,
        dir: &Path,
        limit: usize,
        ctl: &Control,
    ) -> Result<Vec<String>, Error> {
        let (game, _) = Listing::start(self, &Params::from_words(manifest.params.lines())?)?;
        if self.solved_key(&game).as_deref() != Some(manifest.key.as_str()) {
            return Err(Error::input(format!(
                "{}: the manifest's parameters ({}) do not make the instance it names",
                dir.display(),
                manifest.params.replace('\n', " ")
            )));
        }
        Listing::verify_tiers(self, &game, dir, limit, ctl)
    }
}

/// The instance a database's header names, made from its parameters and
/// checked against its key.
fn instance_of<L: Listing>(listing: &L, db: &db::Database) -> Result<L::Game, Error> {
    let header = db.header();
    let params = Params::from_words(header.params.lines())?;
    let (game, _) = listing.start(&params)?;
    let key = listing.solved_key(&game);
    if key.as_ref().is_some_and(|k| header.key.starts_with(&format!("{k}/"))) {
        return Err(Error::input(format!(
            "the file is one tier ({}) of a directory of tiers: give the directory, whose manifest names them all",
            header.key
        )));
    }
    if key.as_deref() != Some(header.key.as_str()) {
        return Err(Error::input(format!(
            "the file's parameters ({}) do not make the instance it names",
            header.params_line()
        )));
    }
    Ok(game)
}

/// A position of a listed game: the instance is shared by every position
/// played from it.
struct Opened<L: Listing> {
    listing: &'static L,
    game: Arc<L::Game>,
    state: L::State,
}

impl<L: Listing> Opened<L> {
    fn info(&self, mv: MoveOf<L>) -> MoveInfo {
        let (l, g, s) = (self.listing, &*self.game, &self.state);
        MoveInfo { name: l.move_name(g, s, mv), label: l.move_label(g, s, mv), at: l.target(g, s, mv) }
    }
}

impl<L: Listing> Position for Opened<L> {
    fn entry(&self) -> &'static dyn Entry {
        self.listing
    }

    fn text(&self) -> String {
        self.listing.write(&self.game, &self.state)
    }

    fn params(&self) -> Params {
        self.listing.params(&self.game, &self.state)
    }

    fn to_move(&self) -> usize {
        self.listing.to_move(&self.game, &self.state)
    }

    fn over(&self) -> bool {
        self.listing.over(&self.game, &self.state)
    }

    fn moves(&self) -> Vec<MoveInfo> {
        self.listing.moves(&self.game, &self.state).into_iter().map(|m| self.info(m)).collect()
    }

    fn play(&self, text: &str) -> Result<Box<dyn Position>, Error> {
        let (l, g, s) = (self.listing, &*self.game, &self.state);
        let Some(mv) = l.parse_move(g, s, text) else {
            let legal: Vec<String> = l.moves(g, s).into_iter().take(40).map(|m| l.move_name(g, s, m)).collect();
            return Err(Error::illegal(if l.over(g, s) {
                format!("\"{}\": the game is over", text.trim())
            } else if legal.is_empty() {
                format!("\"{}\" is not legal here", text.trim())
            } else {
                format!("\"{}\" is not legal here; legal moves: {}", text.trim(), legal.join(" "))
            }));
        };
        Ok(Box::new(Opened { listing: self.listing, game: self.game.clone(), state: l.play(g, s, mv) }))
    }

    fn diagram(&self) -> Diagram {
        self.listing.diagram(&self.game, &self.state)
    }

    fn points(&self) -> Option<[i64; 2]> {
        self.listing.points(&self.game, &self.state)
    }

    fn picture(&self, cx: &Cx) -> Result<Option<String>, Error> {
        self.listing.picture(&self.game, &self.state, cx)
    }

    fn has_database(&self) -> bool {
        self.listing.solved_key(&self.game).is_some()
    }

    fn analyze(&self, cx: &Cx) -> Result<Analysis, Error> {
        let valued = self.listing.value(&self.game, &self.state, cx)?;
        Ok(Analysis {
            value: valued.value,
            moves: valued.moves.into_iter().map(|(m, value)| ValuedMove { info: self.info(m), value }).collect(),
            unlisted: valued.unlisted,
            notes: valued.notes,
            solver: valued.solver,
        })
    }
}

/// The position some words name: parameters (`name=value`) and then moves
/// from that instance's start, or a position in the game's notation and
/// then moves. The command line and the Python package read positions so.
pub fn position_from_words(entry: &'static dyn Entry, words: &[String]) -> Result<Box<dyn Position>, Error> {
    let params_end = words.iter().take_while(|w| w.contains('=')).count();
    let (params, rest) = words.split_at(params_end);
    if params.is_empty() {
        if let Some((first, moves)) = rest.split_first() {
            match entry.open(first) {
                Ok(pos) => return play_words(pos, moves, 1),
                // Shaped like a position (`2:90,6`, `S/gle/-c-/-C-/ELG/-`)
                // and no legal first move either (lasker-nim's `3:1+2` is
                // one): what is wrong with the position says more.
                Err(e) if first.contains([':', '/']) && entry.start(&Params::new())?.play(first).is_err() => {
                    return Err(e)
                }
                Err(_) => {}
            }
        }
    }
    let start = entry.start(&Params::from_words(params.iter().map(String::as_str))?)?;
    play_words(start, rest, params_end)
}

/// Plays `moves` (in the game's notation) from `position`; the error says
/// which move failed.
pub fn play_all(position: Box<dyn Position>, moves: &[String]) -> Result<Box<dyn Position>, Error> {
    play_counted(position, moves, |i| format!("move {}", i + 1))
}

/// [`play_all`] for moves that follow `before` other words on a command
/// line: an error names the word as the user counts them, from the first.
fn play_words(position: Box<dyn Position>, moves: &[String], before: usize) -> Result<Box<dyn Position>, Error> {
    play_counted(position, moves, |i| format!("word {}", before + i + 1))
}

fn play_counted(
    mut position: Box<dyn Position>,
    moves: &[String],
    name: impl Fn(usize) -> String,
) -> Result<Box<dyn Position>, Error> {
    for (i, text) in moves.iter().enumerate() {
        position = position.play(text).map_err(|e| e.map_message(|m| format!("{}: {m}", name(i))))?;
    }
    Ok(position)
}

/// Refuses a distributed solve whose parts made different games of the
/// same command: a random parameter (a board's numbers drawn when no seed
/// is given) is drawn by each process on its own.
fn same_game_everywhere(ident: &db::Ident, peers: &dyn boyi::peers::Peers) -> Result<(), Error> {
    use std::hash::{Hash, Hasher};
    // the same binary on every rank: the same hasher
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    ident.key.hash(&mut hasher);
    let mine = hasher.finish();
    if peers.gather(mine)?.iter().any(|&theirs| theirs != mine) {
        return Err(Error::input(format!(
            "the ranks made different games of {}: give every random parameter a seed (seed=N)",
            ident.game
        )));
    }
    Ok(())
}

impl Cx<'_> {
    /// Every position of `game` solved by the table solver, kept in the
    /// session under `key` (the instance's notation) for later questions.
    pub fn table<G: boyi::Layered>(&self, key: &str, game: &G) -> Result<Arc<Solved<G::Value>>, Error>
    where
        G::Value: db::Stored,
    {
        if let Some(solved) = self.database(key, game.size())? {
            return Ok(solved);
        }
        self.session.cache().get_or(key, || {
            let solved = boyi::solve::table::solve(game, self.ctl)?;
            let bytes = solved.bytes();
            Ok::<_, Error>((solved, bytes))
        })
    }

    /// Every position of a loopy `game` solved by retrograde analysis and
    /// written to `path`: in this process, or, when it is one part of a
    /// distributed solve, its slice solved with the other parts and
    /// written at its place.
    pub fn save_retrograde<G: Reversible<Value = Outcome> + Clone + Send + 'static>(
        &self,
        game: &G,
        ident: &db::Ident,
        path: &Path,
    ) -> Result<db::Header, Error> {
        match self.peers {
            Some(peers) => {
                same_game_everywhere(ident, peers)?;
                Ok(boyi::solve::partitioned::save_part(game, ident, path, peers, self.ctl)?)
            }
            None => {
                let table = self.retrograde(&ident.key, game)?;
                Ok(db::write_stored(path, ident, &table, game, self.ctl)?)
            }
        }
    }

    /// Every position of a layered `game` solved by the table solver and
    /// written to `path`: in this process, or, when it is one part of a
    /// distributed solve, its slice solved with the other parts and
    /// written at its place.
    pub fn save_table<G: boyi::Layered>(&self, game: &G, ident: &db::Ident, path: &Path) -> Result<db::Header, Error>
    where
        G::Value: db::Stored,
    {
        match self.peers {
            Some(peers) => {
                same_game_everywhere(ident, peers)?;
                Ok(boyi::solve::partitioned_table::save_part(game, ident, path, peers, self.ctl)?)
            }
            None => {
                let table = self.table(&ident.key, game)?;
                Ok(db::write(path, ident, &table, self.ctl)?)
            }
        }
    }

    /// Every tier of `game` solved into the directory `dir` (one file a
    /// tier and a manifest): in this process, or, when it is one part of a
    /// distributed build, its share of the tiers solved beside the others'.
    pub fn save_tiers<G: boyi::solve::tiers::Tiered>(
        &self,
        game: &G,
        ident: &db::Ident,
        dir: &Path,
    ) -> Result<(), Error> {
        if let Some(peers) = self.peers {
            same_game_everywhere(ident, peers)?;
        }
        boyi::solve::tiers::solve_to_dir(game, ident, dir, self.peers, self.ctl)?;
        Ok(())
    }

    /// The tiers a position of tier `root` needs, its own and every tier
    /// its moves lead to, each solved once and kept in the session's cache
    /// under `key/<tier>`; their sizes told against the memory limit first.
    pub fn tiers<G: boyi::solve::tiers::Tiered>(
        &self,
        key: &str,
        game: &G,
        root: G::Tier,
    ) -> Result<std::collections::HashMap<G::Tier, Arc<Solved<Outcome>>>, Error> {
        use boyi::solve::tiers;
        let order = tiers::order_from(game, vec![root])?;
        // a tier in a file of the session (`db build` into a directory) is
        // read through its map, not solved
        let filed = |t: G::Tier| {
            let tier_key = format!("{key}/{}", game.tier_name(t));
            self.session.databases().iter().find(|d| d.header().key == tier_key).cloned()
        };
        let sizes: Vec<u64> = order.iter().filter(|&&t| filed(t).is_none()).map(|&t| game.tier_size(t)).collect();
        let (total, largest) = (sizes.iter().sum::<u64>(), sizes.iter().copied().max().unwrap_or(0));
        // two bytes a value kept, and the largest tier's cells (and edges,
        // without un-moves)
        let per_position = if game.has_unmoves() { 6 } else { 30 };
        self.ctl.reserve("the tiers' values and the largest tier's solve", total * 2 + largest * per_position)?;
        // the tiers whose values are read: the position's, its moves', and
        // those of every tier solved here (one the directory lacks)
        let mut read = vec![root];
        for t in std::iter::once(root).chain(order.iter().copied().filter(|&t| filed(t).is_none())) {
            read.extend(game.child_tiers(t));
        }
        let mut below = std::collections::HashMap::new();
        for t in order {
            if let Some(db) = filed(t) {
                // a file's values are compared with its checksum when a
                // question first reads them, not when the directory opens
                if read.contains(&t) {
                    db.check()?;
                }
                if db.len() != game.tier_size(t) {
                    return Err(Error::input(format!(
                        "the database's tier {} holds {} positions where the game's has {}",
                        game.tier_name(t),
                        db.len(),
                        game.tier_size(t)
                    )));
                }
                let solved = Solved::mapped(db).ok_or_else(|| {
                    Error::input(format!("the database's tier {} holds another kind of value", game.tier_name(t)))
                })?;
                below.insert(t, Arc::new(solved));
                continue;
            }
            let solved = self.session.cache().get_or(&format!("{key}/{}", game.tier_name(t)), || {
                let solved = tiers::solve_tier(game, t, &below, self.ctl)?;
                let bytes = solved.bytes();
                Ok::<_, Error>((solved, bytes))
            })?;
            below.insert(t, solved);
        }
        Ok(below)
    }

    /// Every position of a loopy `game` solved by retrograde analysis, kept
    /// in the session under `key`.
    pub fn retrograde<G: Reversible<Value = Outcome> + Clone + Send + 'static>(
        &self,
        key: &str,
        game: &G,
    ) -> Result<Arc<Solved<Outcome>>, Error> {
        if let Some(solved) = self.database_for(key, game)? {
            return Ok(solved);
        }
        self.session.cache().get_or(key, || {
            let solved = boyi::solve::retrograde::solve(game, self.ctl)?;
            let bytes = solved.bytes();
            Ok::<_, Error>((solved, bytes))
        })
    }
}
