//! A user's game as a game of the catalogue: what `boyi.play` and
//! `boyi.serve` hand to the terminal game and the page, which know games
//! only through `Entry` and `Position`. Values come from the game's
//! `Solution`; moves, pictures and notation from its optional methods
//! (`name`, `players`, `diagram`, `move_target`, `move_name`, `write`,
//! `parse`), with plain defaults where it has none.
//!
//! A position's text is the side to move (`0:` or `1:`) and then the
//! game's `write(pos)`, or `#N`, the position's number in the solution:
//! the player to move is not something every game's positions say (a
//! bonus turn keeps it), so the text carries it.

use std::sync::{Arc, Mutex};

use boyi_games::catalogue::{Analysis, Cx, Entry, Info, MoveInfo, Position, ValuedMove};
use boyi_games::{Diagram, Error, Params, Target, Verdict};
use pyo3::prelude::*;

use super::callbacks::{short_repr, Callbacks};
use super::solution::Solution;
use super::Kind;
use crate::numbering::Numbering;

/// The game, its solution, and the positions named so far that the
/// solution does not number (a sum's children in a nimber game).
struct Shared {
    game: Py<PyAny>,
    solution: Py<Solution>,
    kind: Kind,
    extra: Mutex<Numbering>,
}

pub struct UserEntry {
    info: &'static Info,
    shared: Arc<Shared>,
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// A Python error as the catalogue's: its message, the call named.
fn failed(py: Python<'_>, e: PyErr) -> Error {
    Error::input(e.value(py).to_string())
}

/// An optional method's answer, `None` where the game has no such method
/// (or it returned None).
fn optional<'py>(
    game: &Bound<'py, PyAny>,
    name: &str,
    args: impl pyo3::call::PyCallArgs<'py>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if !game.hasattr(name)? {
        return Ok(None);
    }
    let method = game.getattr(name)?;
    if method.is_none() {
        return Ok(None);
    }
    let answer = method.call1(args)?;
    Ok(Some(answer).filter(|a| !a.is_none()))
}

/// An attribute of the game, or what a method of no arguments of that
/// name gives; `None` where it has neither (or it is None).
fn attribute<'py>(game: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    match game.getattr(name) {
        Ok(v) if v.is_none() => Ok(None),
        Ok(v) if v.is_callable() => Ok(Some(v.call0()?).filter(|v| !v.is_none())),
        Ok(v) => Ok(Some(v)),
        Err(_) => Ok(None),
    }
}

/// The game's name (its `name`, else its class's) and the id made of it
/// for addresses and files: lower case, letters, digits, - and _.
pub fn names(game: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    let name = match attribute(game, "name")? {
        Some(name) => name.str()?.to_string(),
        None => game.get_type().name()?.to_string(),
    };
    let id: String = name
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .collect::<String>()
        .trim_matches('-')
        .to_string();
    Ok((name, if id.is_empty() { "my-game".to_string() } else { id }))
}

impl UserEntry {
    /// The catalogue's entry for `game`, solved as `solution`, leaked: an
    /// entry lives as long as the program (the catalogue holds it).
    pub fn leaked(game: &Bound<'_, PyAny>, solution: Py<Solution>) -> PyResult<&'static UserEntry> {
        let kind = solution.get().kind;
        let (name, id) = names(game)?;
        let players: [&'static str; 2] = match attribute(game, "players")? {
            Some(p) => {
                let [a, b]: [String; 2] = p.extract().map_err(|_| {
                    pyo3::exceptions::PyValueError::new_err(
                        "the game's `players` must be two names, first player first",
                    )
                })?;
                [leak(a), leak(b)]
            }
            None => ["First", "Second"],
        };
        let doc = game.get_type().getattr("__doc__").ok().filter(|d| !d.is_none()).map(|d| d.to_string());
        let rules = doc.as_deref().map(|d| d.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default();
        let summary = rules.split(". ").next().unwrap_or("").trim_end_matches('.').to_string();
        let info = Box::leak(Box::new(Info {
            id: leak(id),
            name: leak(name),
            aliases: &[],
            summary: leak(if summary.is_empty() { "a game written in Python".to_string() } else { summary }),
            rules: leak(rules),
            players,
            values: match kind {
                Kind::Score => "score",
                Kind::Nimber => "nimber",
                _ => "outcome",
            },
            params: &[],
            notation: "Position: the side to move (0 or 1), a colon, and the game's write(pos) (or #N, the \
                       position's number in the solution). Move: as the game's move_name gives it (else its str).",
            end: "",
        }));
        Ok(Box::leak(Box::new(UserEntry {
            info,
            shared: Arc::new(Shared {
                game: game.clone().unbind(),
                solution,
                kind,
                extra: Mutex::new(Numbering::default()),
            }),
        })))
    }
}

impl Entry for UserEntry {
    fn info(&self) -> &'static Info {
        self.info
    }

    fn start(&'static self, params: &Params) -> Result<Box<dyn Position>, Error> {
        if params.iter().next().is_some() {
            return Err(Error::params(format!("{} has no parameters", self.info.id)));
        }
        Python::attach(|py| {
            let start = self.shared.solution.get().start_object(py).map_err(|e| failed(py, e))?;
            Ok(Box::new(UserPosition { entry: self, pos: start.unbind(), mover: 0 }) as Box<dyn Position>)
        })
    }

    fn open(&'static self, text: &str) -> Result<Box<dyn Position>, Error> {
        let (mover, body) = match text.trim().split_once(':') {
            Some(("0", body)) => (0, body),
            Some(("1", body)) => (1, body),
            _ => {
                return Err(Error::position(format!(
                    "\"{}\" is not a position of {}: the side to move (0 or 1), a colon, then the position",
                    boyi_games::notation::shorten(text),
                    self.info.id
                )))
            }
        };
        Python::attach(|py| {
            let pos = self.parse(py, body)?;
            Ok(Box::new(UserPosition { entry: self, pos: pos.unbind(), mover }) as Box<dyn Position>)
        })
    }

    fn build_book(&self, _: &Params, _: u32, _: &std::path::Path, _: &boyi::Control) -> Result<usize, Error> {
        Err(Error::input(format!("{} has no opening books", self.info.id)))
    }

    fn save_database(&'static self, _: &Params, _: &std::path::Path, _: &Cx) -> Result<boyi::db::Header, Error> {
        Err(Error::input(format!("{} is saved from Python: solution.save(path)", self.info.id)))
    }

    fn verify_database(
        &'static self,
        _: &boyi::db::Database,
        _: usize,
        _: &boyi::Control,
    ) -> Result<Vec<String>, Error> {
        Err(Error::input(format!("{} is checked from Python", self.info.id)))
    }

    fn database_lookups(
        &'static self,
        _: std::sync::Arc<boyi::db::Database>,
    ) -> Result<(boyi_games::listing::Lookup, u64), Error> {
        Err(Error::input(format!("{} has no database lookups to time", self.info.id)))
    }
}

impl UserEntry {
    fn parse<'py>(&self, py: Python<'py>, body: &str) -> Result<Bound<'py, PyAny>, Error> {
        let game = self.shared.game.bind(py);
        if let Some(number) = body.strip_prefix('#') {
            let n: usize =
                number.parse().map_err(|_| Error::position(format!("\"#{number}\" is not a position number")))?;
            let solution = self.shared.solution.get();
            if n < solution.len() {
                return solution.object(py, n as u32).map_err(|e| failed(py, e));
            }
            let extra = self.shared.extra.lock().unwrap_or_else(|e| e.into_inner());
            return match extra.objects().get(n - solution.len()) {
                Some(pos) => Ok(pos.bind(py).clone()),
                None => Err(Error::position(format!("there is no position #{n}"))),
            };
        }
        match optional(game, "parse", (body,)) {
            Ok(Some(pos)) => Ok(pos),
            Ok(None) => Err(Error::position(format!(
                "\"{}\" is not a position: {} writes positions as #N (give the game write and parse methods for \
                 notation of its own)",
                boyi_games::notation::shorten(body),
                self.info.id
            ))),
            Err(e) => Err(failed(py, e)),
        }
    }

    fn write(&self, py: Python<'_>, pos: &Bound<'_, PyAny>) -> Result<String, Error> {
        let game = self.shared.game.bind(py);
        if let Some(text) = optional(game, "write", (pos,)).map_err(|e| failed(py, e))? {
            return Ok(text.str().map_err(|e| failed(py, e))?.to_string());
        }
        let solution = self.shared.solution.get();
        if let Some(n) = solution.number_of(pos).map_err(|e| failed(py, e))? {
            return Ok(format!("#{n}"));
        }
        let mut extra = self.shared.extra.lock().unwrap_or_else(|e| e.into_inner());
        let n = extra.number(pos, usize::MAX).map_err(|e| failed(py, e))?.expect("no limit");
        Ok(format!("#{}", solution.len() + n as usize))
    }
}

/// A position of a user's game and the side to move there.
struct UserPosition {
    entry: &'static UserEntry,
    pos: Py<PyAny>,
    mover: u8,
}

/// A move as the page and the terminal list it.
struct Listed {
    object: Py<PyAny>,
    info: MoveInfo,
}

impl UserPosition {
    fn listed(&self, py: Python<'_>) -> Result<Vec<Listed>, Error> {
        let game = self.entry.shared.game.bind(py);
        let calls = Callbacks::of(game, false).map_err(|e| failed(py, e))?;
        let pos = self.pos.bind(py);
        let moves = calls.moves_of(pos).map_err(|e| failed(py, e))?;
        let mut names = Vec::with_capacity(moves.len());
        for mv in &moves {
            let name = match optional(game, "move_name", (pos, mv)).map_err(|e| failed(py, e))? {
                Some(name) => name.str(),
                None => mv.str(),
            }
            .map_err(|e| failed(py, e))?
            .to_string();
            names.push(name);
        }
        let unique = {
            let mut sorted = names.clone();
            sorted.sort();
            sorted.windows(2).all(|w| w[0] != w[1])
        };
        let mut out = Vec::with_capacity(moves.len());
        for (k, (mv, name)) in moves.into_iter().zip(names).enumerate() {
            // Two moves written alike are told apart by their place.
            let name = if unique { name.split_whitespace().collect::<Vec<_>>().join("_") } else { format!("#{k}") };
            let at = match optional(game, "move_target", (pos, &mv)).map_err(|e| failed(py, e))? {
                Some(target) => Some(from_python::<Target>(py, &target, "move_target")?),
                None => None,
            };
            let label = match optional(game, "move_name", (pos, &mv)).map_err(|e| failed(py, e))? {
                Some(label) => label.str().map_err(|e| failed(py, e))?.to_string(),
                None => short_repr(&mv),
            };
            out.push(Listed { object: mv.unbind(), info: MoveInfo { name, label, at } });
        }
        Ok(out)
    }
}

/// A value the game gives as Python data (a dict of lists and numbers),
/// read as the catalogue's type through its JSON form.
fn from_python<T: serde::de::DeserializeOwned>(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    what: &str,
) -> Result<T, Error> {
    let json = py
        .import("json")
        .and_then(|json| json.call_method1("dumps", (data,)))
        .and_then(|text| text.extract::<String>())
        .map_err(|e| Error::input(format!("{what} returned {} ({})", short_repr(data), e.value(py))))?;
    serde_json::from_str(&json).map_err(|e| Error::input(format!("{what} returned {}: {e}", short_repr(data))))
}

impl Position for UserPosition {
    fn entry(&self) -> &'static dyn Entry {
        self.entry
    }

    fn text(&self) -> String {
        Python::attach(|py| {
            let body = self.entry.write(py, self.pos.bind(py)).unwrap_or_else(|e| format!("?{e}"));
            format!("{}:{body}", self.mover)
        })
    }

    fn params(&self) -> Params {
        Params::new()
    }

    fn to_move(&self) -> usize {
        self.mover as usize
    }

    fn over(&self) -> bool {
        Python::attach(|py| self.listed(py).map_or(true, |moves| moves.is_empty()))
    }

    fn moves(&self) -> Vec<MoveInfo> {
        Python::attach(|py| self.listed(py).map(|m| m.into_iter().map(|l| l.info).collect()).unwrap_or_default())
    }

    fn play(&self, text: &str) -> Result<Box<dyn Position>, Error> {
        Python::attach(|py| {
            let listed = self.listed(py)?;
            let Some(chosen) = listed.iter().find(|l| l.info.name == text.trim()) else {
                let names: Vec<&str> = listed.iter().take(40).map(|l| l.info.name.as_str()).collect();
                return Err(Error::illegal(if names.is_empty() {
                    format!("\"{}\": the game is over", text.trim())
                } else {
                    format!("\"{}\" is not legal here; legal moves: {}", text.trim(), names.join(" "))
                }));
            };
            let game = self.entry.shared.game.bind(py);
            let calls = Callbacks::of(game, false).map_err(|e| failed(py, e))?;
            let landed = calls
                .play_of(self.pos.bind(py), chosen.object.bind(py), self.entry.shared.kind)
                .map_err(|e| failed(py, e))?;
            let mover = if landed.again { self.mover } else { 1 - self.mover };
            Ok(Box::new(UserPosition { entry: self.entry, pos: landed.position.unbind(), mover }) as Box<dyn Position>)
        })
    }

    fn diagram(&self) -> Diagram {
        Python::attach(|py| {
            let game = self.entry.shared.game.bind(py);
            let pos = self.pos.bind(py);
            let drawn = optional(game, "diagram", (pos,))
                .map_err(|e| failed(py, e))
                .and_then(|d| d.map(|d| from_python::<Diagram>(py, &d, "diagram")).transpose())
                .and_then(|d| d.map(|d| d.checked().map_err(Error::input)).transpose());
            match drawn {
                Ok(Some(diagram)) => diagram,
                // No picture: the page lists the moves, beside the position's repr.
                Ok(None) => Diagram::heaps(Vec::new()).note(format!("position {}", short_repr(pos))),
                Err(e) => Diagram::heaps(Vec::new()).note(format!("position {}", short_repr(pos))).note(e.to_string()),
            }
        })
    }

    fn points(&self) -> Option<[i64; 2]> {
        None
    }

    fn analyze(&self, _: &Cx) -> Result<Analysis, Error> {
        Python::attach(|py| {
            let solution = self.entry.shared.solution.get();
            // Where no position repeats every game ends, so a draw is a
            // tie by the rules, not play that goes on forever.
            let ends = solution.always_ends();
            let shown = |v: Verdict| if ends && v == Verdict::Draw { Verdict::Tie(None) } else { v };
            let pos = self.pos.bind(py);
            let value = shown(solution.value_of(py, pos).map_err(|e| failed(py, e))?);
            let valued = solution.valued_moves(pos).map_err(|e| failed(py, e))?;
            let listed = self.listed(py)?;
            let mut moves = Vec::with_capacity(valued.len());
            for (object, (verdict, _)) in valued {
                let info = listed
                    .iter()
                    .find(|l| l.object.bind(py).is(&object) || l.object.bind(py).eq(&object).unwrap_or(false))
                    .map(|l| l.info.clone())
                    .ok_or_else(|| Error::input(format!("the move {} is not listed again", short_repr(&object))))?;
                moves.push(ValuedMove { info, value: shown(verdict) });
            }
            Ok(Analysis { value, moves, unlisted: 0, notes: Vec::new(), solver: "boyi.solve" })
        })
    }

    fn picture(&self, _: &Cx) -> Result<Option<String>, Error> {
        Ok(None)
    }

    fn has_database(&self) -> bool {
        false
    }
}
