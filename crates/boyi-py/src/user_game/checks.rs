//! `boyi.validate`: the usual mistakes of a new game definition, found by
//! walking the game from its start before solving it.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::build::CHECK_EVERY;
use super::callbacks::{is_mistake, short_repr, unstep, Callbacks};
use super::Kind;

/// The usual mistakes of a new game definition, one line each (an empty
/// list when none is seen), found by walking up to `max_positions`
/// positions from the start: a missing method, an unhashable position,
/// `play` returning None or changing its argument, positions that are
/// equal but not built equal twice, an unknown outcome word, a move
/// listed twice. A walk stopped by `max_positions` with positions still to
/// see warns (`RuntimeWarning`) that the rest were not checked.
#[pyfunction]
#[pyo3(signature = (game, *, max_positions=10_000))]
pub fn validate(py: Python<'_>, game: &Bound<'_, PyAny>, max_positions: usize) -> PyResult<Vec<String>> {
    const MOST: usize = 20;
    let mut found: Vec<String> = Vec::new();
    let say = |line: String, found: &mut Vec<String>| {
        if found.len() < MOST && !found.contains(&line) {
            found.push(line);
        }
    };
    // A mistake is reported; Ctrl-C, MemoryError and the like go through.
    let report = |e: PyErr, line: String, found: &mut Vec<String>| -> PyResult<()> {
        if !is_mistake(py, &e) {
            return Err(e);
        }
        say(line, found);
        Ok(())
    };
    for name in ["start", "moves", "play"] {
        if !game.hasattr(name)? {
            say(format!("the game has no `{name}` method"), &mut found);
        }
    }
    if !found.is_empty() {
        return Ok(found);
    }
    let calls = Callbacks::of(game, true)?;
    let start = match calls.start() {
        Ok(start) => start,
        Err(e) => {
            report(e.clone_ref(py), format!("start() raised {e}"), &mut found)?;
            return Ok(found);
        }
    };
    let seen = PyDict::new(py);
    if start.hash().is_ok() {
        seen.set_item(&start, true)?;
    }
    let mut queue = vec![start.unbind()];
    let mut next = 0;
    while next < queue.len() && next < max_positions.max(1) && found.len() < MOST {
        if next % CHECK_EVERY == 0 {
            py.check_signals()?;
        }
        let pos = queue[next].bind(py).clone();
        next += 1;
        let hash_before = match pos.hash() {
            Ok(h) => h,
            Err(e) => {
                let line =
                    format!("position {} is not hashable ({e}): use a tuple, frozenset or str", short_repr(&pos));
                report(e, line, &mut found)?;
                continue;
            }
        };
        // (any kind of value: the words of outcomes are checked, a number is taken as a score)
        let kind = if calls.ends_with_points(&pos).unwrap_or(false) { Kind::Score } else { Kind::Outcome };
        match calls.ruled(&pos, kind) {
            Ok(Some(_)) => continue,
            Ok(None) => {}
            Err(e) => {
                let line = e.to_string();
                report(e, line, &mut found)?;
                continue;
            }
        }
        let listed = match calls.moves_of(&pos) {
            Ok(listed) => listed,
            Err(e) => {
                let line = format!("moves({}) raised {e}", short_repr(&pos));
                report(e, line, &mut found)?;
                continue;
            }
        };
        for (i, mv) in listed.iter().enumerate() {
            for earlier in &listed[..i] {
                match earlier.eq(mv) {
                    Ok(true) => {
                        say(format!("moves({}) lists the move {} twice", short_repr(&pos), short_repr(mv)), &mut found)
                    }
                    Ok(false) => {}
                    Err(e) => report(
                        e,
                        format!("moves({}): comparing its moves raised an error", short_repr(&pos)),
                        &mut found,
                    )?,
                }
            }
            // (named before `play` runs, in case it changes the position)
            let (pos_text, mv_text) = (short_repr(&pos), short_repr(mv));
            let child = match calls.play.call1((&pos, mv)) {
                Ok(child) => unstep(child),
                Err(e) => {
                    let line = format!("play({pos_text}, {mv_text}) raised {e}");
                    report(e, line, &mut found)?;
                    continue;
                }
            };
            if pos.hash().ok() != Some(hash_before) {
                say(format!("play({pos_text}, {mv_text}) changed the position it was given"), &mut found);
            }
            if child.is_none() {
                say(format!("play({pos_text}, {mv_text}) returned None"), &mut found);
                continue;
            }
            if let Err(e) = child.hash() {
                let line =
                    format!("play({pos_text}, {mv_text}) returned {}, which is not hashable ({e})", short_repr(&child));
                report(e, line, &mut found)?;
                continue;
            }
            let again = match calls.play.call1((&pos, mv)) {
                Ok(again) => unstep(again),
                Err(e) => {
                    let line = format!("play({pos_text}, {mv_text}) raised {e} the second time");
                    report(e, line, &mut found)?;
                    continue;
                }
            };
            let same = match again.eq(&child) {
                Ok(same) => same,
                Err(e) => {
                    let line = format!("play({pos_text}, {mv_text}): comparing positions raised {e}");
                    report(e, line, &mut found)?;
                    continue;
                }
            };
            if !same || again.hash().ok() != child.hash().ok() {
                say(
                    format!(
                        "play({pos_text}, {mv_text}) built twice gives positions that are not equal with equal \
                         hashes: define __eq__ and __hash__ (or use tuples)"
                    ),
                    &mut found,
                );
            }
            if !seen.contains(&child)? {
                seen.set_item(&child, true)?;
                queue.push(child.unbind());
            }
        }
    }
    // A walk cut short checked only part of the game: an empty list would
    // read as "no mistakes" for a game that may have them, or never end.
    if next < queue.len() && found.len() < MOST {
        let message = format!(
            "validate checked the first {next} positions (max_positions={max_positions}) and the game goes on \
             past them: the rest were not checked, and boyi.solve needs the reachable positions to be finitely \
             many (raise max_positions to check more)"
        );
        let warnings = py.import("warnings")?;
        let category = py.get_type::<pyo3::exceptions::PyRuntimeWarning>();
        warnings.call_method1("warn", (message, category, 2))?;
    }
    Ok(found)
}
